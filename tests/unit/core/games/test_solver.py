"""The counting solver against the plain enumeration (wythoff.core.games.solver, naive)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wythoff.core.games import naive, solver
from wythoff.core.games.rules import Rules

from tests.helpers.data import game_rules


class TestAgainstEnumeration:
    @pytest.mark.no_cover  # a sweep of lines the named rules cover: at full speed
    @given(game_rules(), st.integers(24, 30))
    @settings(max_examples=120)
    def test_random_rules(self, rules, size):
        assert np.array_equal(solver.solve(rules, size), naive.solve_naive(rules, size)), rules

    @pytest.mark.parametrize(
        "rules",
        [
            Rules(bishop=1),  # Wythoff
            Rules(bishop=1, misere=True),
            Rules(rook_modulus=3, bishop=1),  # Connell k = 3
            Rules(bishop=4),  # Fraenkel a = 4
            Rules(bishop=2, blocking=3),  # Larsson 2WN^3
            Rules(rook_modulus=2, bishop=2),  # 2WN^(2)
            Rules(rook_modulus=3, rook_residues=(0, 1), bishop=2),  # 2WN^(2,3)
            Rules(bishop=6, rectangle=(4, 2)),  # 2x3WN_1
            Rules(bishop=6, rectangle_choices=((6, 0), (4, 2), (2, 4))),  # 2x3WN
            Rules(bishop=2, blocking=3, blocking_reach=0),  # 2WN^3_0 (Remark 5)
            Rules(bishop=2, blocking=3, blocking_reach=4),  # 2WN^3_4
            Rules(bishop=3, blocking=2, blocking_reach=2),  # 3WN^2_2: forbid some bishop moves
            Rules(rook_modulus=2, bishop=3, blocking=2, blocking_reach=1),
            Rules(bishop=2, rectangle=(1, 3)),  # 2x1WN_{1,3}
            Rules(modular=5),  # 5-Modular Wythoff
            Rules(modular=3, misere=True),
            Rules(rook_residues=()),  # no move at all: everything is P (normal play)
            Rules(rook_residues=(), misere=True),  # ... or N (misère play)
        ],
    )
    def test_named_rules(self, rules):
        assert np.array_equal(solver.solve(rules, 30), naive.solve_naive(rules, 30))

    def test_board_encoding(self):
        board = solver.solve(Rules(bishop=6, rectangle=(4, 2)), 10)
        assert board.dtype == np.int8
        assert (board[:4, :2] == solver.OFF_BOARD).all()
        assert set(np.unique(board[4:, :]).tolist()) <= {solver.N_POSITION, solver.P_POSITION}

    def test_p_positions_listing(self):
        board = solver.solve(Rules(bishop=1), 14)
        assert solver.p_positions(board, symmetric=True) == [
            (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13),
        ]  # fmt: skip
        both = solver.p_positions(board, symmetric=False)
        assert len(both) == 11 and (13, 8) in both and (8, 13) in both


class TestBoardSize:
    def test_refused_with_a_small_budget(self):
        rules = Rules(bishop=1)
        with pytest.raises(solver.BoardTooLarge, match="largest board"):
            solver.check_board_size(1000, rules, budget=10**5)

    def test_budget_boundary(self):
        rules = Rules(rook_modulus=3, bishop=2, modular=4)
        need = solver.memory_needed(500, rules)
        solver.check_board_size(500, rules, budget=need)  # exactly enough
        with pytest.raises(solver.BoardTooLarge):
            solver.check_board_size(500, rules, budget=need - 1)

    def test_solve_refuses_before_allocating(self):
        # 10**7 x 10**7 cells: far beyond any memory; refused, not attempted
        with pytest.raises(solver.BoardTooLarge):
            solver.solve(Rules(bishop=1), 10**7)

    def test_board_too_large_is_a_value_error(self):
        assert issubclass(solver.BoardTooLarge, ValueError)

    @pytest.mark.parametrize("size", [0, -3])
    def test_empty_board_refused(self, size):
        with pytest.raises(ValueError):
            solver.check_board_size(size, Rules(bishop=1))
