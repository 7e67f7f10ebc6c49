"""Larsson's Remark 5 games (blocking with any reach, any rectangle removed): what the
family lists and the identities it states (the command line on its IDs:
``tests/cli/test_larsson_remark5.py``)."""

from __future__ import annotations

import numpy as np
import pytest
from wythoff import families
from wythoff.core.games import naive, solver
from wythoff.core.games.rules import Rules
from wythoff.core.theorems import larsson
from wythoff.families import FAMILIES, larsson_remark5

FAMILY = FAMILIES["larsson-remark5"]
GAMES = [
    g for params in FAMILY.parameter_sets(FAMILY.default_ranges) for g in FAMILY.games(**params)
]


def test_the_default_ranges_list_each_game_once():
    assert len(GAMES) == 60
    assert len({g.id for g in GAMES}) == len({g.rules for g in GAMES}) == 60
    assert all(not g.solved and not g.sequences for g in GAMES)
    # none is a game of Larsson's own family (his solved games)
    own = {
        g.rules
        for p in (2, 3, 4)
        for m in (1, 2, 3, 4)
        for g in FAMILIES["larsson"].games(m=m, p=p)
    }
    assert own.isdisjoint(g.rules for g in GAMES)


@pytest.mark.parametrize("game", GAMES[::3], ids=lambda g: g.id)
def test_the_solver_equals_an_enumeration_of_every_move(game):
    assert np.array_equal(solver.solve(game.rules, 26), naive.solve_naive(game.rules, 26))


@pytest.mark.parametrize(("m", "p"), [(1, 2), (2, 3), (3, 2), (4, 4)])
def test_reach_0_and_1_are_one_game_and_reach_m_is_larssons(m, p):
    zero, one = (larsson_remark5.blocking_rules(m, p, l) for l in (0, 1))  # noqa: E741
    assert np.array_equal(solver.solve(zero, 80), solver.solve(one, 80))
    own = larsson_remark5.blocking_rules(m, p, m)
    assert np.array_equal(solver.solve(own, 80), solver.solve(larsson.blocking_rules(m, p), 80))


def test_a_reach_beyond_m_changes_the_p_positions():
    """2WN^2_3 protects the one-pile moves of 2 counters: (0, 2), P in 2WN^2, is not."""
    own, longer = (
        solver.solve(Rules(bishop=2, blocking=2), 40),
        solver.solve(larsson_remark5.blocking_rules(2, 2, 3), 40),
    )
    assert own[0, 2] == 1 and longer[0, 2] == 0 and longer[0, 3] == 1


@pytest.mark.parametrize("k", range(2, 7))
def test_rectangles_of_half_perimeter_k_are_the_shifted_games(k):
    for v in range(1, k):
        assert larsson_remark5.rectangle_rules(k, k - v, v) == larsson.shifted_rules(1, k, v)
        with pytest.raises(ValueError, match="larsson-shifted"):
            FAMILY.games(k=k, u=min(k - v, v), v=max(k - v, v))


@pytest.mark.parametrize("k", range(1, 7))
def test_without_the_unit_corner_k_wythoff_is_misere(k):
    """Remark 5 (after Fraenkel 1984): m x p WN_{1,1} has the P-positions of misère
    (mp)-Wythoff Nim; the build checks it, and the check fails on another rectangle."""
    # k = 2: the rectangle 1 x 1 is Larsson's shifted game 1x2WN_1, not listed here
    game = families.resolve_game(f"larsson-rectangle-k{k}-u1-v1") if k in (1, 3, 4) else None
    rules = larsson_remark5.rectangle_rules(k, 1, 1)
    misere = solver.solve(Rules(bishop=k, misere=True), 150)
    assert np.array_equal(solver.solve(rules, 150) == 1, misere == 1)
    if game is not None:
        (found,) = FAMILY.game_checks(game, solver.solve(game.rules, 150))
        assert found.passed
    other = families.resolve_game("larsson-rectangle-k2-u1-v2")
    assert FAMILY.game_checks(other, solver.solve(other.rules, 60)) == []


def test_the_build_checks_the_sparse_solver_on_a_board_that_is_not_symmetric():
    from wythoff.pipeline import verify

    record = families.resolve_game("larsson-rectangle-k2-u1-v3")
    board = solver.solve(record.rules, 300)
    assert verify.sparse_check(record, board).passed
    x, y = next((x, y) for x, y in np.argwhere(board == 1) if x > y)
    board[x, y] = 0  # a P-position below the diagonal lost: the check must see it
    failed = verify.sparse_check(record, board)
    assert not failed.passed and f"({x}, {y})" in failed.detail


def test_the_build_checks_the_sparse_strategys_winning_moves(monkeypatch):
    from wythoff.core.games import sparse
    from wythoff.pipeline import verify

    record = families.resolve_game("larsson-blocking-m2-p3-l3")
    board = solver.solve(record.rules, 200)
    assert verify.sparse_check(record, board).passed
    monkeypatch.setattr(sparse.SparseStrategy, "winning_moves", lambda self, x, y: [(0, 0)])
    failed = verify.sparse_check(record, board)
    assert not failed.passed and "winning moves at (25, 28)" in failed.detail


@pytest.mark.parametrize("game", [g for g in GAMES if g.rules.blocking > 1], ids=lambda g: g.id)
def test_the_strategy_text_names_the_moves_that_can_be_forbidden(game):
    text = FAMILY.strategy_text(game)
    shortest = min(k for k in range(1, 12) if game.rules.is_blockable((20, 20), (20 - k, 20)))
    assert f"at least {game.rules.blocking} P-options" in text
    if shortest > 1:
        assert f"fewer than {shortest} counters" in text and f"{shortest} or more" in text
    else:
        assert "counters" not in text
