"""Wythoff's game, normal and misère play (wythoff.core.theorems.wythoff)."""

from __future__ import annotations

from math import isqrt

from wythoff.core.games import solver
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.core.theorems import fraenkel, wythoff

from tests.helpers.data import reference_pairs

# OEIS A000201 and A001950, n = 1..20
A000201 = [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32]
A001950 = [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52]


class TestSequences:
    def test_cold_positions_table(self):
        table = reference_pairs("wythoff_cold_positions.csv", "x", "y")
        assert [(wythoff.lower(n), wythoff.upper(n)) for n in range(len(table))] == table

    def test_oeis(self):
        assert [wythoff.lower(n) for n in range(1, 21)] == A000201
        assert [wythoff.upper(n) for n in range(1, 21)] == A001950

    def test_exact_formulas(self):
        phi_squared = QuadraticIrrational(3, 5, 2)
        for n in [*range(3000), 10**50, 10**50 + 1, 2**200]:
            lower = (n + isqrt(5 * n * n)) // 2
            assert wythoff.lower(n) == lower
            assert wythoff.upper(n) == lower + n == phi_squared.floor_times(n)

    def test_upper_minus_one_is_lower_of_lower(self):
        # A(A(n)) = B(n) - 1 (Larsson's Theorem 5.1 for m = p = 1)
        for n in range(1, 3000):
            assert wythoff.lower(wythoff.lower(n)) == wythoff.upper(n) - 1

    def test_case_a1_of_fraenkel(self):
        assert isinstance(wythoff.strategy(), fraenkel.AlgebraicStrategy)
        assert wythoff.strategy().a == 1


class TestNormalPlay:
    def test_solver_agrees(self):
        board = solver.solve(wythoff.rules(), 120)
        expected = [(wythoff.lower(n), wythoff.upper(n)) for n in range(120)]
        expected = [(x, y) for x, y in expected if y < 120]
        assert solver.p_positions(board, symmetric=True) == expected


class TestMisere:
    def test_p_positions_of_the_article(self):
        # (0, 1), (2, 2) and every (A_n, B_n) with n >= 2
        expected = [(0, 1), (2, 2)] + [
            (wythoff.lower(n), wythoff.upper(n)) for n in range(2, 60) if wythoff.upper(n) <= 100
        ]
        board = solver.solve(wythoff.rules(misere=True), 101)
        assert solver.p_positions(board, symmetric=True) == sorted(expected)
        assert list(wythoff.MisereStrategy().p_positions(100)) == sorted(expected)

    def test_exceptional_positions(self):
        game = wythoff.MisereStrategy()
        assert game.is_p(0, 1) and game.is_p(1, 0) and game.is_p(2, 2)
        assert not game.is_p(1, 2) and not game.is_p(2, 1)
        assert game.is_p(3, 5) and game.is_p(5, 3)

    def test_terminal_position_is_n_without_a_move(self):
        # (0, 0): the previous player took the last counter and lost; the player to
        # move has already won and there is no move to make.
        game = wythoff.MisereStrategy()
        assert not game.is_p(0, 0)
        assert not list(game.rules.moves(0, 0))
        assert game.winning_moves(0, 0) == []
