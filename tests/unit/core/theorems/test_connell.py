"""Connell's k-Wythoff game (wythoff.core.theorems.connell)."""

from __future__ import annotations

import random
from collections import Counter
from math import isqrt

import pytest
from wythoff.core.games import solver
from wythoff.core.games.strategy import BeattyPairStrategy
from wythoff.core.theorems import connell, wythoff

from tests.helpers.data import reference


def u_exact(k: int, i: int, n: int) -> int:
    """MATH.md: ``u_{i,n} = ((nk+i)(2-k) + isqrt((nk+i)^2 (k^2+4))) // (2k)``."""
    big = n * k + i
    return (big * (2 - k) + isqrt(big * big * (k * k + 4))) // (2 * k)


class TestPaperTables:
    @pytest.mark.parametrize("k", [2, 3, 4])
    def test_connell_table(self, k):
        table = reference(f"connell_k{k}.csv")
        assert len(table) == 13
        for row in table.itertuples(index=False):
            row = row._asdict()
            n = row["n"]
            for i in range(k):
                assert connell.u(k, i, n) == row[f"u_{i}"], (k, i, n)
                assert connell.v(k, i, n) == row[f"v_{i}"], (k, i, n)


class TestFormulas:
    @pytest.mark.parametrize("k", range(1, 13))
    def test_exact_formula(self, k):
        for i in range(k):
            for n in [*range(500), 10**40 + 3, 2**300]:
                assert connell.u(k, i, n) == u_exact(k, i, n)
                assert connell.v(k, i, n) == u_exact(k, i, n) + n * k + i

    @pytest.mark.parametrize("k", range(1, 9))
    def test_v_k_convention(self, k):
        for n in range(100):
            assert connell.v(k, k, n) == connell.v(k, 0, n + 1)

    def test_k1_is_wythoff(self):
        for n in range(500):
            assert connell.u(1, 0, n) == wythoff.lower(n)
            assert connell.v(1, 0, n) == wythoff.upper(n)

    @pytest.mark.parametrize(("k", "i"), [(0, None), (-1, None), (3, 3), (3, -1), (2, 5)])
    def test_bad_parameters(self, k, i):
        with pytest.raises(ValueError):
            connell.u(k, 0 if i is None else i, 1)


class TestTheorem1:
    @pytest.mark.parametrize("k", range(1, 9))
    def test_complementarity(self, k):
        # (u_{i,n})_{n>=1} and (v_{k-i,n-1})_{n>=1} cover every positive integer once
        bound = 3000
        for i in range(k):
            counts = Counter()
            n = 1
            while connell.u(k, i, n) <= bound:
                counts[connell.u(k, i, n)] += 1
                n += 1
            n = 1
            while connell.v(k, k - i, n - 1) <= bound:
                counts[connell.v(k, k - i, n - 1)] += 1
                n += 1
            assert sorted(counts) == list(range(1, bound + 1)), (k, i)
            assert set(counts.values()) == {1}, (k, i)

    @pytest.mark.parametrize("k", range(1, 9))
    def test_mex_construction_equals_closed_form(self, k):
        count = 400
        construction = connell.mex_construction(k, count)
        for i in range(k):
            expected = [(connell.u(k, i, n), connell.v(k, i, n)) for n in range(count)]
            assert construction[i] == expected, (k, i)


class TestTheorem2:
    @pytest.mark.parametrize("k", range(1, 9))
    def test_p_positions_by_solver(self, k):
        size = 100
        board = solver.solve(connell.rules(k), size)
        game = connell.Strategy(k)
        assert list(game.p_positions(size - 1)) == solver.p_positions(board, symmetric=True)
        expected = sorted(
            (connell.u(k, i, n), connell.v(k, i, n))
            for i in range(k)
            for n in range(size)
            if connell.v(k, i, n) < size
        )
        assert solver.p_positions(board, symmetric=True) == expected

    def test_paper_example(self):
        game = connell.Strategy(3)
        board = solver.solve(connell.rules(3), 60)
        assert game.is_p(14, 48) and board[14, 48] == 1
        assert not game.is_p(11, 48)
        move = game.winning_move(11, 48)
        assert game.rules.is_legal((11, 48), move)
        assert board[move] == 1

    @pytest.mark.parametrize("k", range(1, 6))
    def test_indexed_positions_carry_class_and_index(self, k):
        for pos in connell.Strategy(k).indexed_p_positions(200):
            assert (pos.x, pos.y) == (connell.u(k, pos.cls, pos.n), connell.v(k, pos.cls, pos.n))


class TestOneBeattyPair:
    """``(u_{i,n}, v_{i,n}) = (floor(N t), floor(N t) + N)`` with ``N = nk + i`` and
    ``t = (2 - k + sqrt(k^2 + 4)) / (2k)``: the k classes are one Beatty pair of gap 1,
    so the generic pair strategy plays Connell's game too."""

    @pytest.mark.parametrize("k", range(1, 6))
    def test_generic_pair_strategy_on_the_board(self, k):
        size = 60
        board = solver.solve(connell.rules(k), size)
        pair = BeattyPairStrategy(connell.rules(k), connell.lower_slope(k), 1)
        for x in range(size):
            for y in range(size):
                assert pair.is_p(x, y) == (board[x, y] == 1), (k, x, y)
                move = pair.winning_move(x, y)
                if move is not None:
                    assert connell.rules(k).is_legal((x, y), move) and board[move] == 1

    @pytest.mark.parametrize("k", range(1, 6))
    def test_agrees_with_connell_on_huge_piles(self, k):
        rng = random.Random(k)
        game = connell.Strategy(k)
        pair = BeattyPairStrategy(connell.rules(k), connell.lower_slope(k), 1)
        for _ in range(10):
            big = rng.randrange(10**299, 10**300)
            u = connell.lower_slope(k).floor_times(big)
            for x, y in [(u, u + big), (u + big, u), (u, u + big + 1), (big, big + k * 7)]:
                assert pair.is_p(x, y) == game.is_p(x, y)
                move = pair.winning_move(x, y)
                if move is not None:
                    assert game.rules.is_legal((x, y), move) and game.is_p(*move)
            assert game.is_p(u, u + big)
