"""The rows proven on strips: every value any row <= 40 gives, far past the strip it was
proven on, equals the definition's mex computed here apart (a plain mex over each
cell's options, in tests/helpers/mex.py, sharing nothing with the product's sweep); the
strip's values equal the square table's; and a strip past the allowed size is
refused in one sentence before it is swept."""

from __future__ import annotations

import numpy as np
import pytest
from wythoff.core.games import grundy, grundy_rows, row_proof, strip
from wythoff.core.games.rules import Rules

from tests.helpers.mex import plain_mex_strip, row_periods


@pytest.mark.parametrize(("a", "rows"), [(1, 41), (2, 21), (3, 13)])
def test_rows_past_their_strip_are_the_definitions(a, rows):
    found = grundy_rows.prove(Rules(bishop=a), rows)
    # the strip that proved the last row: the least power of two past its proof's need
    need = max(r.proof_start + 2 * r.proof_period for r in found)
    columns = 2 * need + 1000  # past the strip and the values kept, by rounds
    assert columns > 2 * max(len(r.values) for r in found)
    truth = plain_mex_strip(rows, columns, a)
    for row in found:
        got = np.array([row.value(y) for y in range(columns)], dtype=np.int64)
        assert (got == truth[row.x]).all(), (a, row.x, int(np.flatnonzero(got != truth[row.x])[0]))
        # the least period and preperiod, exactly: it holds from s on, not from s - 1,
        # and no shorter period holds from the proof's start on
        s, p = row.preperiod, row.period
        line = truth[row.x]
        assert (line[s + p :] - line[s:-p] == p).all()
        if s > 0:
            assert line[s - 1 + p] - line[s - 1] != p
        start = row.proof_start
        for shorter in range(1, p):
            assert not (
                line[start + shorter : start + shorter + p] - line[start : start + p] == shorter
            ).all()


@pytest.mark.parametrize(("a", "rows"), [(1, 41), (2, 21)])
def test_each_proof_starts_at_the_first_state_that_recurs(a, rows):
    # one state in SAMPLE is kept in the table; the proof goes back from the kept one to
    # the first: the state one column before the proof's start does not recur a proof
    # period later (read on the plain mex strip, unless the start is the first column
    # the search may read), and the one at the start does
    rules = Rules(bishop=a)
    found = grundy_rows.prove(rules, rows)
    bound = strip.first_bound(rules, rows)
    truth = plain_mex_strip(rows, max(r.proof_start + 2 * r.proof_period for r in found), a)
    gone_back = 0
    for row in found:
        offsets = truth[row.x] - np.arange(truth.shape[1])
        start, length = row.proof_start, row.proof_period
        assert row_proof._same_state(offsets, start, start + length, bound)
        ready = row_proof.Search(rules, found[: row.x], bound).ready
        if start > ready:
            assert not row_proof._same_state(offsets, start - 1, start - 1 + length, bound)
        gone_back += start % row_proof.SAMPLE != ready % row_proof.SAMPLE
    assert gone_back  # some proofs start between the states kept


def test_wythoff_rows_agree_with_the_tables_periods():
    # the rows' periods found on the 4096-long table (rows 0..20), A004481's rows 1..6
    rules = Rules(bishop=1)
    table = grundy.grundy_table(rules, 4096, rows=21)
    found = grundy_rows.prove(rules, 21)
    for row, period in zip(found, grundy.row_periods(table, 21), strict=True):
        assert period is not None
        assert (row.preperiod, row.period, row.increment) == (
            period.preperiod,
            period.period,
            period.increment,
        )
    assert [r.period for r in found[:3]] == [1, 3, 3]  # A004482, A004483: n+1, n+2 no-carry


@pytest.mark.parametrize("bishop", [0, 1, 2, 3, 5])
def test_the_strip_is_the_square_tables_first_rows(bishop):
    rules = Rules(bishop=bishop)
    square = grundy.grundy_table(rules, 700, rows=30).astype(np.int64)
    assert (strip.strip_values(rules, 30, 700) == square).all()


@pytest.mark.parametrize("bishop", [0, 1, 2, 3, 5])
def test_a_strip_swept_in_halves_on_two_cores_is_the_square_tables(bishop, monkeypatch):
    # the lower half of the rows a block of columns ahead of the upper half, on another
    # thread: the split and the blocks made small so that a short strip has many blocks,
    # a stretch ends inside a block, rows proven are taken from their periods, and
    # fewer rows are kept midway (an odd count, its halves unequal)
    monkeypatch.setattr(strip, "SPLIT_ROWS", 4)
    monkeypatch.setattr(strip, "BLOCK", 16)
    monkeypatch.setattr(strip, "LEAD", 2)
    monkeypatch.setattr(strip, "_cores", lambda: 2)
    rules = Rules(bishop=bishop)
    square = grundy.grundy_table(rules, 700, rows=30).astype(np.int64) - np.arange(700)
    sweep = strip.Sweep(rules, 30, strip.first_bound(rules, 30))
    parts = [sweep.advance(100)]
    proven = [r for r in (grundy_rows.prove(rules, 5) if bishop else []) if r.preperiod <= 100]
    assert len(proven) >= (2 if bishop else 0)
    for row in proven:
        sweep.repeat(row.x, row.preperiod, row.offsets[row.preperiod :])
    parts.append(sweep.advance(333))
    assert (np.concatenate(parts, axis=1) == square[:, :433]).all()
    sweep.keep(13)
    parts.append(sweep.advance(267))
    assert (np.concatenate([p[:13] for p in parts], axis=1) == square[:13]).all()


def test_known_rows_are_not_proven_again():
    rules = Rules(bishop=2)
    first = grundy_rows.prove(rules, 8)
    assert grundy_rows.prove(rules, 6, first) == first[:6]
    more = grundy_rows.prove(rules, 10, first)
    assert all(a is b for a, b in zip(more, first, strict=False))  # taken as they are
    assert more == grundy_rows.prove(rules, 10)


def test_a_strip_past_the_allowed_is_refused_before_it_is_swept():
    rules = Rules(bishop=1)
    kept = grundy_rows.prove(rules, 20)
    with pytest.raises(grundy_rows.StripTooLarge, match="columns"):
        grundy_rows.prove(rules, 2000, kept)  # guessed from row 19: far too many cells
    with pytest.raises(grundy_rows.StripTooLarge, match="MiB"):
        grundy_rows.prove(rules, 30, budget=1000)
    # nothing proven yet to guess from: the strip's own rings are weighed before they are made
    with pytest.raises(grundy_rows.StripTooLarge, match="rings alone take"):
        grundy_rows.prove(rules, 100_001)
    for rows in (12, strip.SPLIT_ROWS):  # one core, two (each half its column's ring)
        bound = strip.first_bound(rules, rows)
        sweep = strip.Sweep(rules, rows, bound)
        rings = sweep._row_bits.nbytes + sweep._diagonals.nbytes
        rings += sweep._column.nbytes + sweep._upper_column.nbytes
        assert strip.sweep_bytes(rules, rows, bound) == rings


def test_games_without_the_argument_are_refused():
    with pytest.raises(ValueError, match="every rook move"):
        grundy_rows.prove(Rules(rook_modulus=2, bishop=1), 3)


@pytest.mark.parametrize(("a", "rows"), [(1, 30), (2, 16), (3, 11)])
def test_short_stretches_prove_the_rows_the_oracle_finds(a, rows):
    # stretches of 251 columns: rows wait over many stretches, the states' table grows,
    # proven rows are then taken from their periods; the same rows as one long stretch,
    # and the periods a plain mex strip shows (tests/helpers/mex.py)
    told: list[tuple[int, int]] = []
    short = grundy_rows.prove(
        Rules(bishop=a), rows, stretch=251, progress=lambda *t: told.append(t)
    )
    assert short == grundy_rows.prove(Rules(bishop=a), rows)
    assert all(
        (s.offsets == b.offsets).all()
        for s, b in zip(short, grundy_rows.prove(Rules(bishop=a), rows), strict=True)
    )
    need = max(r.proof_start + r.proof_period for r in short)
    assert [(r.preperiod, r.period) for r in short] == list(row_periods(a, rows, 4 * need))
    assert told == sorted(told) and told[-1][0] == rows and told[-1][1] > need
    assert [c for _, c in told] == [251 * k for k in range(1, len(told) + 1)]


def sweeps(told: list[tuple[int, int]]) -> int:
    """The sweeps a proof made, from what its progress was told: each starts at column 0."""
    return 1 + sum(1 for (_, a), (_, b) in zip(told, told[1:], strict=False) if b < a)


def test_rows_let_go_for_memory_are_proven_by_later_sweeps():
    # budgets that hold the values of few rows waiting: the highest are let go and the
    # strip of the rows below swept on, later sweeps from column 0 prove them; the same
    # rows, refused only when the lowest row waiting alone does not fit
    rules = Rules(bishop=1)
    whole = grundy_rows.prove(rules, 40, stretch=64)
    most = 0
    for budget in range(80_000, 130_000, 10_000):
        told: list[tuple[int, int]] = []
        try:
            small = grundy_rows.prove(
                rules, 40, budget=budget, stretch=64, progress=lambda *t, told=told: told.append(t)
            )
        except grundy_rows.StripTooLarge:
            continue
        assert small == whole
        assert all((a.offsets == b.offsets).all() for a, b in zip(small, whole, strict=True))
        assert [n for n, _ in told] == sorted(n for n, _ in told) and told[-1][0] == 40
        most = max(most, sweeps(told))
    assert most >= 3


@pytest.mark.parametrize("halves", [False, True])
@pytest.mark.parametrize("bishop", [1, 3])
def test_a_bound_too_narrow_found_ahead_is_widened_and_the_rows_are_the_same(
    bishop, halves, monkeypatch
):
    # the stretch ahead is swept on another core (its rows in two halves, too): the
    # value that leaves the window there raises in this thread, the strip is swept again
    # wider, and the rows proven before it stand (none given twice)
    rules = Rules(bishop=bishop)
    whole = grundy_rows.prove(rules, 16, stretch=64)
    if halves:
        monkeypatch.setattr(strip, "SPLIT_ROWS", 4)
        monkeypatch.setattr(strip, "BLOCK", 16)
        monkeypatch.setattr(strip, "_cores", lambda: 2)
    widened: list[int] = []
    wider = strip.wider
    monkeypatch.setattr(strip, "first_bound", lambda rules, rows: 4)
    monkeypatch.setattr(strip, "wider", lambda bound: widened.append(bound) or wider(bound))
    found = grundy_rows.prove(rules, 16, stretch=64)
    assert widened[:2] == [4, 8] and found == whole
    assert all((a.offsets == b.offsets).all() for a, b in zip(found, whole, strict=True))


def test_rows_are_given_as_proven_and_known_rows_are_read_once():
    rules = Rules(bishop=2)
    whole = grundy_rows.prove(rules, 12)
    read: list[int] = []

    def known():
        for row in whole[:5]:
            read.append(row.x)
            yield row

    given = grundy_rows.proving(rules, 12, known())
    assert next(given) == whole[5] and read == [0, 1, 2, 3, 4]
    assert [*given] == whole[6:]
    rest = iter(whole)
    assert [*grundy_rows.proving(rules, 5, rest)] == [] and next(rest) is whole[5]


@pytest.mark.parametrize("bishop", [1, 2, 3])
def test_a_sweep_that_lets_rows_go_sweeps_the_rows_below_as_their_own_strip(bishop):
    rules = Rules(bishop=bishop)
    sweep = strip.Sweep(rules, 14, strip.first_bound(rules, 14))
    first = sweep.advance(600)
    sweep.keep(6)
    later = sweep.advance(900)
    assert later.shape == (6, 900)
    assert (np.concatenate([first[:6], later], axis=1) == strip.strip_offsets(rules, 6, 1500)).all()
    with pytest.raises(ValueError, match="cannot keep"):
        sweep.keep(7)


@pytest.mark.parametrize("bishop", [1, 2, 3])
def test_the_sweep_in_stretches_and_from_periods_is_the_whole_strip(bishop):
    rules = Rules(bishop=bishop)
    whole = strip.strip_offsets(rules, 12, 3000)
    proven = grundy_rows.prove(rules, 6)
    sweep = strip.Sweep(rules, 12, strip.first_bound(rules, 12))
    parts = []
    for width in (1, 2, 97, 900, 1000, 1000):
        for row in proven:
            if row.preperiod <= sweep.swept and width == 900:
                sweep.repeat(row.x, row.preperiod, row.offsets[row.preperiod :])
        parts.append(sweep.advance(width))
    assert (np.concatenate(parts, axis=1) == whole).all()


def test_a_row_keeps_16_bit_offsets_and_refuses_wider():
    row = grundy_rows.Row(
        3, 8, 6, 6, 8, 6, np.array([3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11])
    )
    assert row.offsets.dtype == np.int16 and row.values.tolist()[:4] == [3, 4, 5, 6]
    assert row.value(10**20) - 10**20 == -2  # as prove(Rules(bishop=1), 4)[3] says
    with pytest.raises(ValueError, match="16 bits"):
        grundy_rows.Row(0, 0, 1, 1, 0, 1, np.array([40000]))
