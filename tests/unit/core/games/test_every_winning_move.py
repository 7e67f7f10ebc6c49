"""Every winning move, against a brute force written here from the definitions.

``every_winning_move`` (what ``wythoff position`` lists as ``moves``) must be the set
of moves from an N-position to a P-position, nothing more and nothing less, for every
kind of game: formulas, the sparse solver, the board solver, games of one's own with
blocking, rectangles, a choice of rectangle and misère play.  The oracle below solves
a board from the rules' fields alone (:func:`~tests.helpers.data.legal_by_definition`,
blocking and misère play written out again), not from the package's solvers; the order
is checked against its own statement: largest first, comparing first the pile that is
the smaller at the position, so that a position and its mirror image answer alike.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wythoff import families
from wythoff.core.games import engine
from wythoff.core.games.rules import Rules

from tests.helpers.data import SMALL_RANGES, game_rules, legal_by_definition
from tests.helpers.tracing import run_untraced

SIZE = 20
SMALL_CATALOG = families.build(SMALL_RANGES)
GAMES = sorted(SMALL_CATALOG.games)


def blockable_by_definition(rules: Rules, start, target) -> bool:
    """A one-pile move of an allowed length, at least the reach long (by default the
    bishop's m: a one-pile move that is no bishop move), in a game with blocking."""
    (x, y), (x2, y2) = start, target
    k, l = x - x2, y - y2  # noqa: E741
    if rules.blocking <= 1 or (k and l) or (k + l) % rules.rook_modulus not in rules.rook_residues:
        return False
    reach = rules.bishop if rules.blocking_reach is None else rules.blocking_reach
    return k + l >= reach


def one_game(rules: Rules, rectangle) -> Rules:
    """The game once the second player has chosen ``rectangle``."""
    return Rules(
        rook_modulus=rules.rook_modulus,
        rook_residues=rules.rook_residues,
        bishop=rules.bishop,
        modular=rules.modular,
        blocking=rules.blocking,
        rectangle=tuple(rectangle),
        misere=rules.misere,
        blocking_reach=rules.blocking_reach,
    )


def on_board(rules: Rules, x: int, y: int) -> bool:
    w, h = rules.rectangle
    return x >= 0 and y >= 0 and not (x < w and y < h)


@cache
@run_untraced  # the test's own, traced for nothing
def oracle(rules: Rules, size: int = SIZE) -> dict[tuple[int, int], set[tuple[int, int]] | None]:
    """For each cell of the board: ``None`` for a P-position, else the set of its
    moves to P-positions (empty: misère play's N-position without a move).  A cell is
    N when a P-option cannot be forbidden or there are at least ``blocking`` of them;
    a cell without moves is P in normal play and N in misère play.  With a choice of
    rectangles, a cell is P when some choice the game can start in makes it P, and its
    winning moves are those of every such choice."""
    if rules.rectangle_choices:
        games = [oracle(one_game(rules, r), size) for r in rules.rectangle_choices]
        answer: dict[tuple[int, int], set[tuple[int, int]] | None] = {}
        for x in range(size):
            for y in range(size):
                here = [game[(x, y)] for game in games if (x, y) in game]
                if here:
                    p = any(h is None for h in here)
                    answer[(x, y)] = None if p else set().union(*here)  # type: ignore[arg-type]
        return answer
    answer = {}
    for x in range(size):
        for y in range(size):
            if not on_board(rules, x, y):
                continue
            targets = [
                (x2, y2)
                for x2 in range(x + 1)
                for y2 in range(y + 1)
                if legal_by_definition(rules, (x, y), (x2, y2))
            ]
            options = {t for t in targets if answer[t] is None}
            if not targets:
                answer[(x, y)] = set() if rules.misere else None
                continue
            free = any(not blockable_by_definition(rules, (x, y), t) for t in options)
            won = free or len(options) >= rules.blocking
            answer[(x, y)] = options if won else None
    return answer


def in_stated_order(x: int, y: int, moves: list[tuple[int, int]]) -> bool:
    """Largest first, comparing first the pile that is the smaller at (x, y) (the
    first pile when x = y), each move once."""
    keys = [(a, b) if x <= y else (b, a) for a, b in moves]
    return all(k > next_ for k, next_ in zip(keys, keys[1:], strict=False))


def assert_every_winning_move(strategy, rules: Rules, cells) -> None:
    expected = oracle(rules)
    for x, y in cells:
        if (x, y) not in expected:
            continue
        moves = strategy.every_winning_move(x, y)
        wanted = expected[(x, y)]
        assert strategy.is_p(x, y) == (wanted is None), (x, y)
        assert set(moves) == (wanted or set()), (x, y, moves, wanted)
        assert in_stated_order(x, y, moves), (x, y, moves)


def cells_sample(seed: str, count: int = 150) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    return [(rng.randrange(SIZE), rng.randrange(SIZE)) for _ in range(count)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_of_the_catalog(game_id):
    """Formula games, games of the sparse solver and of the board solver alike."""
    record = SMALL_CATALOG.games[game_id]
    strategy = engine.strategy(record, SIZE)
    assert_every_winning_move(strategy, record.rules, cells_sample(game_id))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=game_rules(), seed=st.integers(0, 2**32))
def test_games_of_ones_own(rules, seed):
    """Any rules a rules file can say, answered as ``--rules FILE`` answers them (a
    choice of rectangle aside: the command refuses its positions, and the catalog's
    choice games are checked above)."""
    if rules.rectangle_choices:
        rules = one_game(rules, rules.rectangle)
    strategy = engine.solved_strategy(rules, SIZE)
    assert_every_winning_move(strategy, rules, cells_sample(str(seed), 40))


@pytest.mark.parametrize("game_id", [g for g in GAMES if SMALL_CATALOG.games[g].rules.symmetric])
def test_a_mirror_image_gets_the_mirror_images_of_the_moves(game_id):
    record = SMALL_CATALOG.games[game_id]
    strategy = engine.strategy(record, SIZE)
    for x, y in cells_sample(game_id, 60):
        if not record.rules.on_board(x, y):
            continue
        mirrored = [(b, a) for a, b in strategy.every_winning_move(x, y)]
        if x == y:  # its own mirror image: the same moves, the first pile compared first
            assert sorted(strategy.every_winning_move(x, y)) == sorted(mirrored), (x, y)
        else:
            assert strategy.every_winning_move(y, x) == mirrored, (x, y)


def test_a_blocking_p_position_may_have_a_move_to_a_p_position():
    """Larsson's Example 1: (0, 2) of 2WN^(2) is P, though it moves to (0, 0); the
    previous player forbids that move.  No winning move is listed there."""
    record = families.resolve_game("larsson-blocking-m2-p2")
    rules = record.rules
    for strategy in (record.formula(), engine.solved_strategy(rules, SIZE)):
        assert strategy.is_p(0, 2) and strategy.is_p(0, 0)
        assert rules.is_legal((0, 2), (0, 0)) and strategy.every_winning_move(0, 2) == []
        assert strategy.p_options(0, 2) == [(0, 0)]
    assert oracle(rules)[(0, 2)] is None and oracle(rules)[(0, 0)] is None
