"""Khovanova and Niu's m-Modular Wythoff game (wythoff.core.theorems.modular)."""

from __future__ import annotations

import pytest
from wythoff.core.games import solver
from wythoff.core.theorems import modular, wythoff

from tests.helpers.data import parse_position_list, reference


def hofstadter_g(count: int) -> list[int]:
    """OEIS A005206: G(0) = 0, G(n) = n - G(G(n-1))."""
    g = [0]
    for n in range(1, count):
        g.append(n - g[g[n - 1]])
    return g


class TestSequence:
    def test_first_terms(self):
        assert [modular.a(m) for m in range(1, 12)] == [0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6]

    def test_hofstadter_g_shifted(self):
        g = hofstadter_g(5001)
        assert [modular.a(m) for m in range(1, 5001)] == g[:5000]  # a(m) = G(m - 1)

    def test_counts_positive_lower_wythoff_numbers_below_m(self):
        for m in range(1, 500):
            count = sum(1 for n in range(1, m + 1) if wythoff.lower(n) < m)
            assert modular.a(m) == count

    @pytest.mark.parametrize("bad", [0, -1, True])
    def test_bad_parameter(self, bad):
        with pytest.raises(ValueError):
            modular.a(bad)


class TestGame:
    def test_table_1(self):
        table = reference("modular_wythoff_ppositions.csv")
        for m, text in zip(table["m"], table["p_positions"], strict=True):
            assert modular.p_set(int(m)) == set(parse_position_list(text)), m

    @pytest.mark.parametrize("m", range(1, 31))
    def test_solver_finds_the_finite_set(self, m):
        expected = modular.p_set(m)
        assert len(expected) == 2 * modular.a(m) + 1
        assert all(max(x, y) < 2 * m for x, y in expected)
        size = 2 * m + 40
        board = solver.solve(modular.rules(m), size)
        assert set(solver.p_positions(board, symmetric=False)) == expected

    @pytest.mark.parametrize("m", range(1, 13))
    def test_first_wythoff_positions(self, m):
        firsts = {(wythoff.lower(n), wythoff.upper(n)) for n in range(modular.a(m) + 1)}
        assert modular.p_set(m) == firsts | {(y, x) for x, y in firsts}

    @pytest.mark.parametrize("m", range(1, 13))
    def test_strategy(self, m):
        game = modular.Strategy(m)
        board = solver.solve(modular.rules(m), 50)
        for x in range(50):
            for y in range(50):
                assert game.is_p(x, y) == (board[x, y] == 1)
                move = game.winning_move(x, y)
                if board[x, y] != 1:
                    assert game.rules.is_legal((x, y), move) and board[move] == 1
        assert list(game.p_positions(10**6)) == sorted(
            (x, y) for x, y in modular.p_set(m) if x <= y
        )
