"""The catalog: stable IDs that resolve, and terms that are the engine's values
(wythoff.families)."""

from __future__ import annotations

import re
from math import isqrt

import numpy as np
import pytest
from wythoff import families
from wythoff.core.theorems import connell, fraenkel

from tests.helpers.data import SMALL_RANGES, reference_pairs
from tests.helpers.oracles import FAR, ORACLES, expected_offset, expected_term

FULL = families.build()
SMALL = families.build(SMALL_RANGES)
URL_SAFE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


class TestIdentifiers:
    def test_every_id_is_lowercase_and_url_safe(self):
        for identifier in [*FULL.sequences, *FULL.games]:
            assert URL_SAFE.fullmatch(identifier), identifier

    def test_sequences_resolve_to_equal_records(self):
        for sequence_id, record in FULL.sequences.items():
            assert record.id == sequence_id
            assert families.resolve_sequence(sequence_id) == record

    def test_games_resolve_to_equal_records(self):
        for game_id, record in FULL.games.items():
            assert record.id == game_id
            resolved = families.resolve_game(game_id)
            assert resolved == record
            assert resolved.solved == record.solved

    def test_same_id_same_record_whatever_the_ranges(self):
        for sequence_id, record in SMALL.sequences.items():
            assert FULL.sequences[sequence_id] == record
        for game_id, record in SMALL.games.items():
            assert FULL.games[game_id] == record

    def test_ranges_are_honoured(self):
        assert "connell-k12" in FULL.games and "connell-k13" not in FULL.games
        assert "connell-k4" in SMALL.games and "connell-k5" not in SMALL.games
        assert "larsson-blocking-m8-p8" in FULL.games
        # any valid ID resolves, built or not
        assert families.resolve_game("connell-k40").param("k") == 40
        assert families.resolve_sequence("larsson-m9-p11-b").param("p") == 11

    def test_interface_examples(self):
        for sequence_id in [
            "wythoff-a", "wythoff-b", "connell-k3-u1", "connell-k3-v2", "fraenkel-a2-a",
            "fraenkel-a2-b", "fraenkel-a2-p", "fraenkel-a2-q", "larsson-m2-p3-a",
            "larsson-m2-p3-b", "larsson-m2-p3-phi", "modular-a", "larsson-modulo-m2-p2-l0-c",
            "larsson-modulo-m2-p2-l0-d",
        ]:  # fmt: skip
            assert sequence_id in FULL.sequences
        for game_id in [
            "wythoff", "wythoff-misere", "connell-k3", "fraenkel-a2", "larsson-blocking-m2-p3",
            "larsson-modulo-m2-p3-l0", "larsson-modulo-m2-p2-l0", "larsson-shifted-m2-p3-l1",
            "modular-m5",
        ]:  # fmt: skip
            assert game_id in FULL.games

    def test_games_name_resolvable_sequences(self):
        for game in FULL.games.values():
            # only Larsson's Remark 5 games, solved on the board alone, have none
            assert game.sequences or game.family == "larsson-remark5", game.id
            for sequence_id in game.sequences:
                families.resolve_sequence(sequence_id)

    def test_sequences_name_resolvable_games_and_relatives(self):
        for record in FULL.sequences.values():
            if record.game is not None:
                families.resolve_game(record.game)
            for related in record.related:
                families.resolve_sequence(related)

    def test_exactly_the_games_without_formula_carry_the_conjecture(self):
        for game in FULL.games.values():
            with_terms = not game.solved and bool(game.sequences)  # the c, d of mWN^(l,p)
            assert with_terms == (game.conjecture_modulus is not None), game.id

    @pytest.mark.parametrize(
        "bad",
        [
            "connell-k0-u0",
            "connell-k3-u3",
            "unknown",
            "larsson-modulo-m1-p3-l0-c",  # has a formula: no c, d sequences
            "larsson-modulo-m2-p3-l0-d",  # gcd(2, 3) = 1: has a formula
            "larsson-modulo-m2-p2-l2-c",  # l >= p
            "fraenkel-a0-a",
            "larsson-m0-p3-a",
            "larsson-m2-p0-b",
            "wythoff-c",
            "Wythoff-a",
            "connell-k03-u1",
            "connell-k3-u1 ",
            "",
        ],
    )
    def test_bad_sequence_ids(self, bad):
        with pytest.raises(families.CatalogError):
            families.resolve_sequence(bad)

    @pytest.mark.parametrize(
        "bad",
        [
            "connell-k0",
            "fraenkel-a0",
            "modular-m0",
            "larsson-blocking-m0-p2",
            "larsson-modulo-m2-p2-l2",
            "larsson-shifted-m2-p3-l3",
            "wythoff-normal",
            "unknown",
            "wythoff-a",  # a sequence, not a game
        ],
    )
    def test_bad_game_ids(self, bad):
        with pytest.raises(families.CatalogError):
            families.resolve_game(bad)

    def test_a_choice_game_with_p_1_names_the_game_it_is(self):
        with pytest.raises(families.CatalogError, match="no choice") as caught:
            families.resolve_game("larsson-choice-m2-p1")
        named = str(caught.value).rsplit(" ", 1)[1]
        assert named == "larsson-shifted-m2-p1-l0"
        assert families.resolve_game(named).rules.rectangle_choices == ()

    def test_catalog_error_is_one_line_naming_the_id(self):
        with pytest.raises(families.CatalogError) as caught:
            families.resolve_sequence("connell-k3-u3")
        assert "connell-k3-u3" in str(caught.value) and "\n" not in str(caught.value)
        assert issubclass(families.CatalogError, ValueError)

    def test_unknown_family_in_ranges(self):
        with pytest.raises(families.CatalogError):
            families.build({"nonsense": {}})


def sample_sequences() -> list[str]:
    """Every sequence of the full catalog whose terms are formulas, and the solver
    sequences of the small catalog (each needs a solved board)."""
    formula = [sid for sid, s in FULL.sequences.items() if s.growth != "board"]
    board = [sid for sid, s in SMALL.sequences.items() if s.growth == "board"]
    return sorted(formula + board)


@pytest.mark.parametrize("sequence_id", sample_sequences())
def test_terms(sequence_id):
    record = families.resolve_sequence(sequence_id)
    count = 5 if record.growth == "board" else 12
    first = record.offset
    values = record.terms(first, count)
    assert len(values) == count
    expected = [expected_term(sequence_id, n) for n in range(first, first + count)]
    assert [int(v) for v in values] == expected
    for i in range(count):
        assert [int(v) for v in record.terms(first + i, 1)] == [expected[i]]
    # a window further on starts where it says
    later = record.terms(first + 7, 3)
    assert [int(v) for v in later] == [expected_term(sequence_id, first + 7 + i) for i in range(3)]


class TestTerms:
    def test_offsets(self):
        assert families.resolve_sequence("modular-a").terms(1, 6).tolist() == [0, 1, 1, 2, 3, 3]
        for sequence_id, record in FULL.sequences.items():
            assert record.offset == expected_offset(sequence_id), sequence_id

    def test_every_family_with_sequences_has_an_oracle(self):
        with_sequences = {k for k, f in families.FAMILIES.items() if f.sequence_forms}
        assert set(ORACLES) == with_sequences and "larsson-remark5" not in with_sequences

    def test_paper_tables_through_the_catalog(self):
        def terms(sequence_id, count):
            return families.resolve_sequence(sequence_id).terms(0, count).tolist()

        for name, m in (("larsson_m1_p3.csv", 1), ("larsson_m2_p3.csv", 2)):
            table = reference_pairs(name, "a", "b")
            pairs = zip(
                terms(f"larsson-m{m}-p3-a", 17), terms(f"larsson-m{m}-p3-b", 17), strict=True
            )
            assert list(pairs) == table
        table = reference_pairs("fraenkel_a2_positions.csv", "A", "B")
        assert (
            list(zip(terms("fraenkel-a2-a", 12), terms("fraenkel-a2-b", 12), strict=True)) == table
        )
        table = reference_pairs("wythoff_cold_positions.csv", "x", "y")
        assert list(zip(terms("wythoff-a", 11), terms("wythoff-b", 11), strict=True)) == table
        for k in (2, 3, 4):
            for i in range(k):
                u, v = terms(f"connell-k{k}-u{i}", 13), terms(f"connell-k{k}-v{i}", 13)
                assert u == [connell.u(k, i, n) for n in range(13)]
                assert v == [connell.v(k, i, n) for n in range(13)]

    def test_table_3_through_the_catalog(self):
        # the P-positions of 2WN^(2) as the sequences c and d of larsson-modulo-m2-p2-l0
        table = reference_pairs("larsson_2WN2_ppositions.csv", "c", "d")
        c = families.resolve_sequence("larsson-modulo-m2-p2-l0-c").terms(0, len(table))
        d = families.resolve_sequence("larsson-modulo-m2-p2-l0-d").terms(0, len(table))
        assert list(zip(c.tolist(), d.tolist(), strict=True)) == table

    def test_huge_start(self):
        record = families.resolve_sequence("wythoff-a")
        start = 10**12
        assert record.terms(start, 3).tolist() == [
            (n + isqrt(5 * n * n)) // 2 for n in range(start, start + 3)
        ]
        start = 10**30
        values = record.terms(start, 3)
        assert [int(v) for v in values] == [
            (n + isqrt(5 * n * n)) // 2 for n in range(start, start + 3)
        ]

    def test_float64_regression_through_the_catalog(self):
        assert families.resolve_sequence("wythoff-a").terms(102334155, 1).tolist() == [165580140]

    def test_connell_terms_at_a_huge_start(self):
        record = families.resolve_sequence("connell-k3-u1")
        start = 10**12
        assert record.terms(start, 3).tolist() == [
            connell.u(3, 1, n) for n in range(start, start + 3)
        ]

    def test_exponential_sequences_stay_exact(self):
        record = families.resolve_sequence("fraenkel-a12-p")
        values = record.terms(0, 60)
        ps = fraenkel.convergent_numerators(12, 60)
        assert [int(v) for v in values] == list(ps)
        assert int(values[-1]) > 2**63  # beyond int64, still exact
        assert isinstance(values, np.ndarray)


HUGE_STARTS = [2**63 - 2, 10**30]
FORMULA_KINDS = FAR


@pytest.mark.parametrize("start", HUGE_STARTS)
@pytest.mark.parametrize("sequence_id", FORMULA_KINDS)
def test_terms_exact_beyond_int64(sequence_id, start):
    # INTERFACE.md: terms are computed exactly by the engine for any n. Values pass
    # 2**63 here (b_n = a_n + m n, phi_n = p b_n - n): no int64 may wrap around.
    values = families.resolve_sequence(sequence_id).terms(start, 3)
    assert [int(v) for v in values] == [expected_term(sequence_id, start + i) for i in range(3)]
