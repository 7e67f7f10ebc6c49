"""Games without a formula: P-positions from the solver, and what a finite board
proves about Larsson's p-complementarity conjecture (wythoff.core.games.unsolved)."""

from __future__ import annotations

from collections import Counter

import pytest
from wythoff import families
from wythoff.core.games import solver, unsolved
from wythoff.core.theorems import larsson

from tests.helpers.data import SMALL_RANGES, reference_pairs

TWO_WN2 = larsson.modulo_rules(2, 2, 0)  # 2WN^(2): m = p = 2, gcd 2
TWO_WN23 = larsson.modulo_rules(2, 3, 2)  # 2WN^(2,3): rook lengths = 0, 1 (mod 3)

UNSOLVED = sorted(
    gid
    for gid, game in families.build(SMALL_RANGES).games.items()
    if not game.solved and game.sequences  # the games whose c and d are sequences
)


def occurrences(pairs: list[tuple[int, int]]) -> Counter:
    """How often each value occurs in c_n (n >= 0) and d_n (n >= 1)."""
    counts = Counter(c for c, _ in pairs)
    counts.update(d for n, (_, d) in enumerate(pairs) if n >= 1)
    return counts


class TestPaperTables:
    def test_table_3(self):
        table = reference_pairs("larsson_2WN2_ppositions.csv", "c", "d")
        board = solver.solve(TWO_WN2, 60)
        assert solver.p_positions(board, symmetric=True)[: len(table)] == table
        assert unsolved.pairs(TWO_WN2, 60)[: len(table)] == table

    def test_table_4_up_to_its_misprint(self):
        # The first nine pairs of Table 4 are reproduced exactly ...
        table = reference_pairs("larsson_2WN23_ppositions.csv", "c", "d")
        board = solver.solve(TWO_WN23, 60)
        computed = solver.p_positions(board, symmetric=True)
        assert computed[:9] == table[:9]
        assert unsolved.pairs(TWO_WN23, 60)[:9] == table[:9]
        # ... and from n = 9 on the table prints (5, 26) where the rules give (5, 24).
        assert table[9] == (5, 26) and computed[9] == (5, 24)

    def test_table_4_contradicts_its_own_rules_at_5_24(self):
        # Independently of the solver: the table lists every P-position with c <= 9, so
        # a position (5, y) is P exactly when no move reaches the table or its mirror.
        # (5, 24) reaches none of them (the rook lengths allowed are = 0, 1 mod 3), so it
        # is P, yet the table does not list it.
        table = reference_pairs("larsson_2WN23_ppositions.csv", "c", "d")
        printed = set(table) | {(d, c) for c, d in table}
        assert not any(TWO_WN23.is_legal((5, 24), target) for target in printed)
        assert (5, 24) not in printed

    def test_catalog_names_the_tables(self):
        assert families.resolve_game("larsson-modulo-m2-p2-l0").rules == TWO_WN2
        assert families.resolve_game("larsson-modulo-m2-p3-l2").rules == TWO_WN23
        assert not families.resolve_game("larsson-modulo-m2-p2-l0").solved
        assert not families.resolve_game("larsson-modulo-m2-p3-l2").solved

    def test_multiplicities_read_off_the_tables(self):
        # Table 3: every value below c's last entry occurs twice (p = 2, as conjectured);
        # Table 4: twice as well, although p = 3 there.
        for name, rules, expected in [
            ("larsson_2WN2_ppositions.csv", TWO_WN2, 2),
            ("larsson_2WN23_ppositions.csv", TWO_WN23, 2),
        ]:
            table = reference_pairs(name, "c", "d")
            counts = occurrences(table)
            assert {counts[v] for v in range(table[-1][0])} == {expected}
            result = unsolved.conjecture_test(solver.solve(rules, 120), rules)
            assert result.multiplicities == (expected,)
            assert result.holds == (expected == rules.rook_modulus)


def test_small_catalog_has_unsolved_games():
    assert {"larsson-modulo-m2-p2-l0", "larsson-modulo-m2-p3-l2"} <= set(UNSOLVED)
    assert len(UNSOLVED) >= 10


@pytest.mark.parametrize("game_id", UNSOLVED)
class TestCertainPrefix:
    """What a board of 150 claims to be certain, a board of 600 must confirm."""

    SMALL, LARGE = 150, 600

    def test_complete_lines_stay_complete(self, game_id):
        rules = families.resolve_game(game_id).rules
        small = solver.solve(rules, self.SMALL)
        large = solver.solve(rules, self.LARGE)
        limit = unsolved.complete_below(small, rules)
        assert limit > 5
        counts_small = unsolved.line_counts(small)[:limit]
        counts_large = unsolved.line_counts(large)[:limit]
        assert counts_small.tolist() == counts_large.tolist()
        result = unsolved.conjecture_test(small, rules)
        assert result.complete_below == limit
        assert result.multiplicities == tuple(sorted(set(counts_large.tolist())))
        assert result.holds == (result.multiplicities == (rules.rook_modulus,))

    def test_pairs_are_a_prefix_of_a_larger_board(self, game_id):
        rules = families.resolve_game(game_id).rules
        small = unsolved.pairs(rules, self.SMALL)
        large = unsolved.pairs(rules, self.LARGE)
        assert small and large[: len(small)] == small
        # and they are all the P-positions (x <= y) with x below the certain limit
        limit = unsolved.complete_below(solver.solve(rules, self.SMALL), rules)
        board = solver.solve(rules, self.LARGE)
        expected = [(x, y) for x, y in solver.p_positions(board, symmetric=True) if x < limit]
        assert small == expected

    def test_no_line_holds_more_than_p(self, game_id):
        # rook moves by multiples of p are always allowed: at most one P-position per
        # residue of y modulo p in each line
        rules = families.resolve_game(game_id).rules
        board = solver.solve(rules, self.SMALL)
        assert unsolved.line_counts(board).max() <= rules.rook_modulus


def test_pairs_at_least():
    found = unsolved.pairs_at_least(TWO_WN2, 100, start=16)
    assert len(found) >= 100
    assert found[:100] == unsolved.pairs(TWO_WN2, 1024)[:100]
