"""Sprague–Grundy tables and row periods (wythoff.core.games.grundy) against a plain
mex over every option, OEIS's terms and the theorem of additive periodicity."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wythoff.core.games import grundy, grundy_value
from wythoff.core.games.rules import Rules
from wythoff.families import build

from tests.helpers.data import REFERENCE, game_rules, naive_grundy


@st.composite
def normal_play_rules(draw):
    """Random rules with Sprague–Grundy values: no blocking, choice or misère."""
    return replace(
        draw(game_rules()), blocking=1, blocking_reach=None, misere=False, rectangle_choices=()
    )


class TestAgainstMex:
    @given(normal_play_rules(), st.integers(1, 22))
    @settings(max_examples=150, deadline=None)
    def test_random_rules(self, rules, size):
        table = grundy.grundy_table(rules, size)
        assert table.dtype == np.uint16
        assert np.array_equal(table, naive_grundy(rules, size, grundy.OFF_BOARD)), rules

    @given(normal_play_rules(), st.integers(0, 40), st.integers(1, 48), st.integers(1, 48))
    @settings(max_examples=120, deadline=None)
    def test_wide_bishops(self, rules, bishop, size, rows):
        """m-bishops on both sides of BAND_KEPT_FROM, where the sweep keeps the band's
        line and column as bitsets: the m - 1 cells before a cell, not all of them."""
        rules = replace(rules, bishop=bishop)
        if not (rules.rook_residues or rules.bishop or rules.modular):
            return
        table = grundy.grundy_table(rules, size, rows=min(rows, size))
        expected = naive_grundy(rules, size, grundy.OFF_BOARD, shape=table.shape)
        assert np.array_equal(table, expected), rules

    def test_one_game_of_each_kind(self):
        catalog = build()
        games = [g for g in catalog.games.values() if grundy.undefined_reason(g.rules) is None]
        kinds = {}
        for game in games:
            r = game.rules
            kind = (r.rook_modulus > 1, len(r.rook_residues), r.bishop > 2, r.modular > 0)
            kind += (r.rectangle != (0, 0),)
            kinds.setdefault(kind, game)
        assert len(kinds) >= 5
        for game in kinds.values():
            assert np.array_equal(
                grundy.grundy_table(game.rules, 40), naive_grundy(game.rules, 40, grundy.OFF_BOARD)
            ), game.id

    def test_wythoff_at_128(self):
        rules = Rules(bishop=1)
        assert np.array_equal(
            grundy.grundy_table(rules, 128), naive_grundy(rules, 128, grundy.OFF_BOARD)
        )

    def test_p_positions_are_the_zeros(self):
        from wythoff.core.games import solver

        for rules in (Rules(bishop=1), Rules(rook_modulus=3, bishop=2), Rules(modular=4)):
            table = grundy.grundy_table(rules, 80)
            assert np.array_equal(table == 0, solver.solve(rules, 80) == solver.P_POSITION)


def oeis_terms(anumber: str) -> list[int]:
    """The terms of an entry's %S, %T and %U (or DATA) lines in tests/reference."""
    text = (REFERENCE / "oeis_grundy_lines.txt").read_text(encoding="utf-8")
    words = [line.split(maxsplit=2) for line in text.splitlines()]
    return [int(t) for tag, a, terms in words if a == anumber for t in terms.split(",") if t]


class TestOeis:
    table = None

    @classmethod
    def wythoff(cls) -> np.ndarray:
        if cls.table is None:
            cls.table = grundy.grundy_table(Rules(bishop=1), 128)
        return cls.table

    def test_diagonal_a047708(self):
        terms = oeis_terms("A047708")
        assert len(terms) == 71
        assert [int(self.wythoff()[n, n]) for n in range(len(terms))] == terms

    def test_triangle_a317205(self):
        # row n of the triangle: G(n, 0), ..., G(n, n)
        terms = oeis_terms("A317205")
        table = self.wythoff()
        laid = [int(table[n, k]) for n in range(12) for k in range(n + 1)]
        assert len(terms) == 78 and laid == terms

    @pytest.mark.parametrize(("anumber", "row"), [("A004484", 3), ("A004485", 4)])
    def test_rows(self, anumber, row):
        terms = oeis_terms(anumber)
        assert len(terms) >= 60
        assert [int(v) for v in self.wythoff()[row, : len(terms)]] == terms

    def test_array_a004481_is_symmetric(self):
        # A004481 reads the symmetric array by antidiagonals: its lower triangle is A317205
        table = self.wythoff()
        assert np.array_equal(table, table.T)


class TestRefusals:
    @pytest.mark.parametrize(
        ("rules", "word"),
        [
            (Rules(bishop=1, misere=True), "misère"),
            (Rules(bishop=2, blocking=3), "forbid"),
            (Rules(bishop=6, rectangle_choices=((6, 0), (4, 2))), "chooses"),
        ],
    )
    def test_undefined(self, rules, word):
        assert word in grundy.undefined_reason(rules)
        with pytest.raises(grundy.GrundyUndefined, match=word):
            grundy.grundy_table(rules, 8)

    def test_defined(self):
        assert grundy.undefined_reason(Rules(bishop=2, rectangle=(3, 1))) is None

    def test_too_large_refused_before_allocating(self):
        with pytest.raises(grundy.GrundyTooLarge, match="MiB"):
            grundy.grundy_table(Rules(bishop=1), 10**6)

    def test_budget(self):
        rules = Rules(rook_modulus=2, bishop=3, modular=2)
        need = grundy.memory_needed(rules, 300)
        grundy.check_size(rules, 300, budget=need)
        with pytest.raises(grundy.GrundyTooLarge):
            grundy.check_size(rules, 300, budget=need - 1)

    def test_kernel_refuses_bad_shapes(self):
        sweep = grundy._compiled_sweep()
        u64 = np.uint64
        table = np.zeros((4, 4), np.uint16)
        args = dict(
            along=np.zeros((1, 2), u64),
            across=np.zeros((4, 1, 2), u64),
            diagonals=np.zeros((7, 2), u64),
            columns=np.zeros((0, 1, 2), u64),
            quadrant=np.zeros((1, 2), u64),
            line_band=np.zeros(0, u64),
            column_band=np.zeros((0, 2), u64),
        )
        residues = np.array([0], np.int64)
        assert sweep(table, residues, 1, 1, 0, 0, 0, *args.values()) == grundy.OK
        band = dict(args, line_band=np.zeros(2, u64), column_band=np.zeros((4, 2), u64))
        assert sweep(table, residues, 1, 3, 0, 0, 0, *band.values()) == grundy.OK
        short = dict(band, column_band=np.zeros((3, 2), u64))  # one column short
        assert sweep(table, residues, 1, 3, 0, 0, 0, *short.values()) == grundy.BAD_SHAPE
        narrow = dict(band, line_band=np.zeros(1, u64))  # one word short
        assert sweep(table, residues, 1, 3, 0, 0, 0, *narrow.values()) == grundy.BAD_SHAPE
        bad = dict(args, diagonals=np.zeros((6, 2), u64))  # one diagonal short
        assert sweep(table, residues, 1, 1, 0, 0, 0, *bad.values()) == grundy.BAD_SHAPE
        bad = dict(args, across=np.zeros((3, 1, 2), u64))
        assert sweep(table, residues, 1, 1, 0, 0, 0, *bad.values()) == grundy.BAD_SHAPE
        assert sweep(table, np.array([1]), 1, 1, 0, 0, 0, *args.values()) == grundy.BAD_SHAPE

    def test_values_past_the_words_are_refused(self):
        # one word holds values 0..63: Nim's 64 x 64 corner needs 127
        sweep = grundy._compiled_sweep()
        u64 = np.uint64
        table = np.zeros((70, 70), np.uint16)
        status = sweep(
            table, np.array([0]), 1, 0, 0, 0, 0,
            np.zeros((1, 1), u64), np.zeros((70, 1, 1), u64), np.zeros((0, 1), u64),
            np.zeros((0, 1, 1), u64), np.zeros((1, 1), u64), np.zeros(0, u64),
            np.zeros((0, 1), u64),
        )  # fmt: skip
        assert status == grundy.TOO_LARGE


def brute_period(line, repeats):
    """The least (period, preperiod) by trying every pair, straight from the definition:
    the relation must hold over ``repeats`` whole periods past the preperiod and over a
    quarter of the line (a run at the line's end is no evidence)."""
    n = len(line)
    for p in range(1, n):
        for s in range(n):
            if n - s < max((repeats + 1) * p, n // 4):
                break
            inc = line[s + p] - line[s]
            if all(line[y + p] - line[y] == inc for y in range(s, n - p)):
                return s, p, inc
    return None


class TestPeriods:
    @given(
        st.lists(st.integers(0, 5), min_size=1, max_size=12),
        st.lists(st.integers(0, 3), min_size=1, max_size=5),
        st.integers(0, 3),
        st.integers(20, 80),
    )
    @settings(max_examples=200, deadline=None)
    def test_against_brute_force(self, head, block, inc, n):
        # a preperiod, then a block repeated with an increment: the least is found
        tail = [block[i % len(block)] + inc * (i // len(block)) for i in range(n)]
        line = (head + tail)[:n]
        found = grundy.line_period(np.array(line), repeats=4)
        expected = brute_period(line, 4)
        if expected is None:
            assert found is None
        else:
            assert (found.preperiod, found.period, found.increment) == expected
            assert found.verified_to == n

    def test_no_period_within_the_line(self):
        squares = np.array([k * k for k in range(50)])
        assert grundy.line_period(squares) is None

    def test_wythoff_rows_are_additively_periodic(self):
        # Dress, Flammenkamp and Pink: increment = period; rows 1 and 2 of period 3 from 0
        # (A004482, A004483: ternary no-carry sums), row 3 of period 6 (A004484's recurrence)
        table = grundy.grundy_table(Rules(bishop=1), 512)
        periods = grundy.row_periods(table, 8)
        assert all(p is not None and p.increment == p.period for p in periods)
        assert [(p.preperiod, p.period) for p in periods[:5]] == [
            (0, 1), (0, 3), (0, 3), (8, 6), (9, 12),
        ]  # fmt: skip

    def test_extend_beyond_the_table(self):
        rules = Rules(bishop=1)
        small, large = grundy.grundy_table(rules, 256), grundy.grundy_table(rules, 1024)
        for x in range(6):
            period = grundy.line_period(small[x])
            assert all(period.extend(small[x], y) == int(large[x, y]) for y in range(1024))


class TestStripsAndValues:
    @pytest.mark.parametrize(
        "rules",
        [Rules(bishop=1), Rules(bishop=3, rectangle=(3, 1)), Rules(rook_modulus=2, modular=3)],
    )
    def test_a_strip_is_the_first_rows_of_the_square(self, rules):
        square = grundy.grundy_table(rules, 90)
        assert np.array_equal(grundy.grundy_table(rules, 90, rows=7), square[:7])

    def test_a_column_of_a_board_not_symmetric_past_the_limit(self):
        # the removed rectangle x < 3, y < 1 makes rows and columns differ
        rules = Rules(bishop=2, rectangle=(3, 1))
        assert not rules.symmetric
        truth = grundy.grundy_table(rules, 2100, rows=3)  # rows 0-2 of the board ...
        mirror = grundy.grundy_table(Rules(bishop=2, rectangle=(1, 3)), 2100, rows=3)
        for x, y in ((2000, 2), (2099, 0), (1777, 1)):
            answer = grundy_value.value(rules, x, y, limit=1500)  # a period found on 1024
            assert answer.method == "period (verified to 1024)"
            assert answer.value == int(mirror[y, x])  # ... and its columns: the mirror's rows
            assert grundy_value.value(rules, y, x, limit=1500).value == int(truth[y, x])

    def test_values_in_the_table(self):
        assert grundy_value.value(Rules(bishop=1), 5, 5).value == 8  # A047708
        assert grundy_value.value(Rules(bishop=1), 4, 3).value == 2  # A317205: G(4, 3)
        assert grundy_value.value(Rules(bishop=1), 3, 4).value == 2
        with pytest.raises(ValueError, match="removed rectangle"):
            grundy_value.value(Rules(bishop=2, rectangle=(3, 1)), 2, 0)
        with pytest.raises(ValueError, match="both piles"):
            grundy_value.value(Rules(bishop=1), 10, 10, limit=8)


def test_a_strip_longer_than_its_rows():
    # more rows than columns: every value still fits (the bound counts the longer side)
    rules = Rules(modular=1)  # G(x, y) = x + y: every cell of the quadrant is an option
    table = grundy.grundy_table(rules, 3, rows=300)
    assert table[299].tolist() == [299, 300, 301]
