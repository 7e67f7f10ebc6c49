"""The checks the build runs on each game: a game whose rules the sparse solver
handles is checked against the board whether or not a formula gives its
P-positions."""

from __future__ import annotations

import pytest
from wythoff import families
from wythoff.core.games import engine, solver
from wythoff.pipeline import verify

SPARSE_CHECK = "sparse solver P-positions equal the board solver's"


@pytest.mark.parametrize("game_id", ["connell-k2", "larsson-modulo-m2-p3-l2", "wythoff"])
def test_every_game_the_sparse_solver_handles_is_checked_against_the_board(game_id):
    record = families.resolve_game(game_id)
    assert engine.solver_for(record.rules) is engine.Method.SPARSE
    checks = verify.game_checks(record, solver.solve(record.rules, 80), 24, (), None)
    [sparse] = [c for c in checks if c.check == SPARSE_CHECK]
    assert sparse.passed, sparse.detail


def test_a_game_the_sparse_solver_cannot_take_has_no_such_check():
    record = families.resolve_game("wythoff-misere")
    assert engine.solver_for(record.rules) is engine.Method.BOARD
    checks = verify.game_checks(record, solver.solve(record.rules, 80), 24, (), None)
    assert SPARSE_CHECK not in {c.check for c in checks}
