"""Fraenkel's a-Wythoff game and its numeration (wythoff.core.theorems.fraenkel)."""

from __future__ import annotations

from collections import Counter
from math import isqrt

import pytest
from wythoff.core import numeration
from wythoff.core.games import solver
from wythoff.core.games.strategy import BeattyPairStrategy
from wythoff.core.theorems import fraenkel

from tests.helpers.data import mex, reference_pairs

A_VALUES = range(1, 13)


def zeros_at_end(digits: list[int]) -> int:
    count = 0
    while count < len(digits) and digits[len(digits) - 1 - count] == 0:
        count += 1
    return count


def lower_exact(a: int, n: int) -> int:
    """``floor(n (2 - a + sqrt(a^2 + 4)) / 2)`` with integers only."""
    return (n * (2 - a) + isqrt(n * n * (a * a + 4))) // 2


class TestSequences:
    def test_table_1(self):
        table = reference_pairs("fraenkel_a2_positions.csv", "A", "B")
        assert [(fraenkel.lower(2, n), fraenkel.upper(2, n)) for n in range(len(table))] == table

    @pytest.mark.parametrize("a", A_VALUES)
    def test_exact_formula(self, a):
        for n in [*range(2000), 10**60 + 1, 3**200]:
            assert fraenkel.lower(a, n) == lower_exact(a, n)
            assert fraenkel.upper(a, n) == lower_exact(a, n) + a * n

    @pytest.mark.parametrize("a", A_VALUES)
    def test_beatty_complementarity(self, a):
        # A_n and B_n (n >= 1) cover every positive integer exactly once
        bound = 5000
        counts = Counter()
        n = 1
        while fraenkel.lower(a, n) <= bound:
            counts[fraenkel.lower(a, n)] += 1
            if fraenkel.upper(a, n) <= bound:
                counts[fraenkel.upper(a, n)] += 1
            n += 1
        assert sorted(counts) == list(range(1, bound + 1))
        assert set(counts.values()) == {1}

    @pytest.mark.parametrize("a", A_VALUES)
    def test_mex_recursion(self, a):
        count = 1500
        pairs = fraenkel.mex_pairs(a, count)
        assert pairs == [(fraenkel.lower(a, n), fraenkel.upper(a, n)) for n in range(count)]
        # the recursion itself, re-derived: A_n = mex{A_i, B_i : i < n}, B_n = A_n + a n
        for n in range(1, 200):
            assert pairs[n][0] == mex(v for pair in pairs[:n] for v in pair)
            assert pairs[n][1] - pairs[n][0] == a * n

    def test_convergents(self):
        assert fraenkel.convergent_numerators(2, 6) == (1, 3, 7, 17, 41, 99)
        assert fraenkel.convergent_denominators(2, 6) == (1, 2, 5, 12, 29, 70)

    @pytest.mark.parametrize("bad", [0, -2, True, 2.0])
    def test_bad_parameter(self, bad):
        with pytest.raises(ValueError):
            fraenkel.lower(bad, 3)


class TestProperties:
    """Properties 1-3 of section 4, checked from the digits (not from the helpers)."""

    @pytest.mark.parametrize("a", A_VALUES)
    def test_properties(self, a):
        for n in range(1, 2001):
            lower, upper = fraenkel.lower(a, n), fraenkel.upper(a, n)
            rp_lower = numeration.p_digits(lower, a)
            rp_upper = numeration.p_digits(upper, a)
            zeros_lower, zeros_upper = zeros_at_end(rp_lower), zeros_at_end(rp_upper)
            # Property 1
            assert zeros_lower % 2 == 0 and zeros_upper % 2 == 1, (a, n)
            # Property 2: R_p(B_n) is R_p(A_n) with a zero appended
            assert rp_upper == [*rp_lower, 0], (a, n)
            # Property 3
            rq = numeration.q_digits(n, a)
            zeros_q = zeros_at_end(rq)
            ps = fraenkel.convergent_numerators(a, len(rq))
            value = sum(d * ps[i] for i, d in enumerate(reversed(rq)))
            assert value == lower + zeros_q % 2, (a, n)

    @pytest.mark.parametrize("a", A_VALUES)
    def test_property_helpers(self, a):
        for n in range(1, 500):
            assert fraenkel.property_1_holds(a, n)
            assert fraenkel.property_2_holds(a, n)
            assert fraenkel.property_3_holds(a, n)

    def test_property_3_examples(self):
        # a = 2: R_q(3) = 11 ends in no zero: I_p = 3 + 1 = 4 = A_3;
        # R_q(2) = 10 ends in one zero: I_p = 3 = A_2 + 1.
        assert numeration.p_interpretation(numeration.q_digits(3, 2), 2) == fraenkel.lower(2, 3)
        assert numeration.p_interpretation(numeration.q_digits(2, 2), 2) == fraenkel.lower(2, 2) + 1


STRATEGIES = (fraenkel.AlgebraicStrategy, fraenkel.ArithmeticStrategy, fraenkel.RecursiveStrategy)


class TestStrategies:
    @pytest.mark.parametrize("a", range(1, 7))
    def test_three_strategies_and_beatty_pair_agree_with_solver(self, a):
        size = 60
        board = solver.solve(fraenkel.rules(a), size)
        strategies = [cls(a) for cls in STRATEGIES]
        pair = BeattyPairStrategy(fraenkel.rules(a), fraenkel.alpha(a), a)
        for x in range(size):
            for y in range(size):
                expected = board[x, y] == 1
                assert [s.is_p(x, y) for s in strategies] == [expected] * 3, (a, x, y)
                assert pair.is_p(x, y) == expected
                moves = [s.winning_move(x, y) for s in strategies]
                assert moves[0] == moves[1] == moves[2], (a, x, y, moves)
                if expected:
                    assert moves[0] is None and pair.winning_move(x, y) is None
                    continue
                for move in (moves[0], pair.winning_move(x, y)):
                    assert fraenkel.rules(a).is_legal((x, y), move), (a, x, y, move)
                    assert board[move] == 1, (a, x, y, move)
                # the generic strategy finds every P-option, the classical move among them
                assert moves[0] in pair.p_options(x, y)

    @pytest.mark.parametrize("a", range(1, 7))
    def test_p_positions(self, a):
        board = solver.solve(fraenkel.rules(a), 80)
        for cls in STRATEGIES:
            assert list(cls(a).p_positions(79)) == solver.p_positions(board, symmetric=True)
