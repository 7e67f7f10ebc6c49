"""Every default game with Sprague–Grundy values: the bitset sweep's table equals the
definition's, the mex over the moves that ``Rules.moves`` enumerates, cell by cell.

The definition runs compiled (numba) over the game's moves as offsets, read once from
``Rules.moves`` at the far corner of a board without the removed rectangle; that the
moves are the same offsets from every cell is checked first, on a sample of cells.  It
costs cells x moves: every game on 64 x 64, one game of each kind (the first and the
last of its family's parameters) on 256 x 256."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import defaultdict

import numba
import numpy as np
import pytest
from wythoff import families
from wythoff.core.games import grundy
from wythoff.core.games.rules import Rules

GAMES = {
    g.id: g.rules
    for g in families.build().games.values()
    if grundy.undefined_reason(g.rules) is None
}


def representatives() -> list[str]:
    """The first and the last game of each kind (its ID with the numbers blanked)."""
    kinds: dict[str, list[str]] = defaultdict(list)
    for game_id in GAMES:
        kinds[re.sub(r"\d+", "#", game_id)].append(game_id)
    return sorted({i for ids in kinds.values() for i in (ids[0], ids[-1])})


def offsets(rules: Rules, side: int) -> np.ndarray:
    """The moves (dx, dy) of ``rules`` on a board of ``side``, from its far corner, in
    the order of dx, then dy."""
    free = dataclasses.replace(rules, rectangle=(0, 0))
    far = side - 1
    found = sorted((far - x, far - y) for x, y in free.moves(far, far))
    return np.array(found, dtype=np.int64).reshape(-1, 2)


@numba.njit(cache=True)
def mex_table(moves: np.ndarray, on: np.ndarray) -> np.ndarray:  # pragma: no cover
    """G by the definition: each cell's least value that no move's target holds.  The
    moves come in the order of dx, then dy (:func:`offsets`): a cell visits every move
    that stays on the quadrant (dx <= x, dy <= y) and skips those that leave it."""
    side = on.shape[0]
    table = np.full((side, side), -1, dtype=np.int64)
    seen = np.zeros(moves.shape[0] + 2, dtype=np.int64)
    starts = np.searchsorted(moves[:, 0], np.arange(side + 1))  # the moves of each dx
    for x in range(side):
        for y in range(side):
            if not on[x, y]:
                continue
            stamp = x * side + y + 1
            for dx in range(x + 1):
                for i in range(starts[dx], starts[dx + 1]):
                    ty = y - moves[i, 1]
                    if ty < 0:
                        break
                    if on[x - dx, ty] and table[x - dx, ty] < seen.size:
                        seen[table[x - dx, ty]] = stamp
            value = 0
            while seen[value] == stamp:
                value += 1
            table[x, y] = value
    return table


def agree(game_id: str, side: int) -> None:
    rules = GAMES[game_id]
    moves = offsets(rules, side)
    on = np.array([[rules.on_board(x, y) for y in range(side)] for x in range(side)])
    rng = random.Random(game_id)
    for x, y in [
        (side - 1, 0),
        (0, side - 1),
        *((rng.randrange(side), rng.randrange(side)) for _ in range(12)),
    ]:
        if on[x, y]:
            inside = moves[(moves[:, 0] <= x) & (moves[:, 1] <= y)]
            tx, ty = x - inside[:, 0], y - inside[:, 1]
            shifted = set(zip(tx[on[tx, ty]].tolist(), ty[on[tx, ty]].tolist(), strict=True))
            assert set(rules.moves(x, y)) == shifted, (x, y)
    expected = mex_table(moves, on)
    found = grundy.grundy_table(rules, side).astype(np.int64)
    wrong = [tuple(int(v) for v in cell) for cell in np.argwhere(on & (found != expected))]
    assert not wrong, f"{game_id}: G{wrong[0]} = {found[wrong[0]]}, not {expected[wrong[0]]}"
    assert (found[~on] == grundy.OFF_BOARD).all()


def test_the_catalog_has_games_with_values_of_every_kind():
    assert len(GAMES) > 600
    kinds = {re.sub(r"\d+", "#", i) for i in GAMES}
    assert {"wythoff", "connell-k#", "fraenkel-a#", "modular-m#"} <= kinds
    assert any(k.startswith("larsson-shifted") for k in kinds)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_on_64(game_id):
    agree(game_id, 64)


@pytest.mark.parametrize("game_id", representatives())
def test_each_kind_on_256(game_id):
    agree(game_id, 256)
