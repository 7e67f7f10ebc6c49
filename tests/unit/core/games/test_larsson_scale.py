"""Larsson's games at large parameters (m, p up to 16) against the plain enumeration.

The board solver's running sums, the Beatty-pair strategies' remembered lines and
``Rules.is_legal`` written out in one function are all checked here against
:mod:`wythoff.core.games.naive` (every option of every position, from the
definitions), on games of every kind with bishops and moduli far beyond the
random rules of the other tests.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
from wythoff import families
from wythoff.core.games import naive, solver
from wythoff.pipeline import compute

from tests.helpers.data import legal_by_definition

SIZE = 34
PAIRS = [(1, 16), (16, 1), (16, 16), (5, 12), (12, 5), (7, 16), (16, 9), (3, 14), (2, 2), (4, 6)]


def games_of(m: int, p: int) -> list[str]:
    """The blocking game and the modulo and shifted games of a few l (the first ones,
    the last one, and l = m where m < p)."""
    ls = sorted({0, 1, 2, p - 1, m} & set(range(p)))
    ids = [f"larsson-blocking-m{m}-p{p}"]
    ids += [f"larsson-{kind}-m{m}-p{p}-l{l}" for kind in ("modulo", "shifted") for l in ls]  # noqa: E741
    return ids


GAMES = [game for m, p in PAIRS for game in games_of(m, p)]


@functools.cache
def naive_board(game_id: str) -> np.ndarray:
    """A game's board by enumeration, computed once for the tests of this module (each
    game's tests run on one worker: their xdist group is the game)."""
    return naive.solve_naive(families.resolve_game(game_id).rules, SIZE)


def by_game(game_ids: list[str]) -> list:
    """The games as parameters, each in its own group of workers' tests."""
    return [pytest.param(g, marks=pytest.mark.xdist_group(g)) for g in game_ids]


def test_the_sample_covers_every_kind_and_both_answers():
    records = [families.resolve_game(g) for g in GAMES]
    assert len(GAMES) >= 60
    assert {g.split("-")[1] for g in GAMES} == {"blocking", "modulo", "shifted"}
    assert any(r.solved for r in records) and any(not r.solved for r in records)
    assert max(r.rules.bishop for r in records) == 256  # shifted m = p = 16: (mp)-Wythoff


@pytest.mark.parametrize("game_id", by_game(GAMES))
def test_board_solver_equals_enumeration(game_id):
    rules = families.resolve_game(game_id).rules
    assert np.array_equal(solver.solve(rules, SIZE), naive_board(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_build_board_is_the_solvers_and_read_only(game_id):
    rules = families.resolve_game(game_id).rules
    board = compute.solved_board(rules, SIZE)
    assert np.array_equal(board, solver.solve(rules, SIZE))
    assert compute.solved_board(rules, SIZE) is board  # the next game with these rules
    with pytest.raises(ValueError, match="read-only"):
        board[0, 0] = 0


@pytest.mark.parametrize("game_id", by_game([g for g in GAMES if families.resolve_game(g).solved]))
def test_strategy_options_are_the_enumerated_p_options(game_id):
    record = families.resolve_game(game_id)
    rules, board = record.rules, naive_board(game_id)
    strategy = record.formula()
    p_cells = {(x, y) for x, y in np.argwhere(board == 1).tolist()}
    p_options = {  # each cell's options that are P-positions, by the enumeration
        (x, y): {t for t in rules.moves(x, y) if t in p_cells}
        for x in range(SIZE)
        for y in range(SIZE)
        if rules.on_board(x, y)
    }
    for _ in range(2):  # the second pass reads the lines the strategy remembers
        for (x, y), expected in p_options.items():
            found = strategy.p_options(x, y)  # type: ignore[attr-defined]
            assert len(found) == len(set(found))
            assert set(found) == expected, (x, y)
            assert strategy.is_p(x, y) == ((x, y) in p_cells)
            if rules.blocking == 1 and (x, y) not in p_cells:
                # the move is found without listing the other options: the first
                assert strategy.winning_moves(x, y) == found[:1], (x, y)


@pytest.mark.parametrize("game_id", GAMES)
def test_is_legal_and_blockable_follow_the_definitions(game_id):
    rules = families.resolve_game(game_id).rules
    for x, y in [(0, 0), (3, 17), (17, 3), (20, 20), (33, 9), (9, 33)]:
        for x2 in range(-1, x + 2):
            for y2 in range(-1, y + 2):
                start, target = (x, y), (x2, y2)
                assert rules.is_legal(start, target) == legal_by_definition(rules, start, target)
                k, l = x - x2, y - y2  # noqa: E741
                one_pile = (k == 0) != (l == 0) and k >= 0 and l >= 0
                roob = one_pile and (k + l) % rules.rook_modulus in rules.rook_residues
                blockable = rules.blocking > 1 and roob and not abs(k - l) < rules.bishop
                assert rules.is_blockable(start, target) == blockable
