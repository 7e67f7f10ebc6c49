"""The worked example of a game's page, computed by the build from the game's
strategy and its stored P-positions (``games.example``, JSON), not typed in.

A position near the 7th P-position (by ``x + y``) that is an N-position, the
strategy's winning moves from it, and the P-position the (first) move reaches
with its index ``n`` and class, when the page's table lists it; for a game where
the second player chooses a rectangle, the winning move for each choice.  The
P-positions considered are those the page shows: both coordinates below
:data:`SIDE`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wythoff.core.games.strategy import ChoiceStrategy
from wythoff.families import GameRecord
from wythoff.pipeline.results import Row

SIDE = 60
"""The side of the square of P-positions a game's page shows (its table, its example)."""
NEAR = 6
"""The example starts from the P-position with this index in the order of ``x + y``."""
STEPS = ((2, 7), (1, 3), (3, 1), (0, 5), (5, 9))
"""What is added to that P-position's coordinates, tried in turn until an N-position."""


def worked_example(record: GameRecord, rows: Sequence[Row]) -> dict[str, Any] | None:
    """The example of ``record``, whose stored P-positions are ``rows`` ((n, x, y, class));
    ``None`` for a game without a formula or with too few P-positions on its page.

    >>> from wythoff.families import resolve_game
    >>> game = resolve_game("wythoff")  # P-positions (0, 0), (1, 2), (3, 5), ... by n
    >>> rows = [(n, x, y, None) for n, (x, y) in enumerate(game.formula().p_positions(40))]
    >>> worked_example(game, rows)
    {'position': [11, 22], 'moves': [[11, 18]], 'target': {'n': 7, 'class': None}}
    """
    rows = [row for row in rows if row[1] < SIDE and row[2] < SIDE]
    if not record.solved or len(rows) <= NEAR:
        return None
    strategy = record.formula()
    rules = record.rules
    base = sorted(rows, key=lambda r: (r[1] + r[2], r[1]))[NEAR]
    stored = {(int(x), int(y)): (int(n), klass) for n, x, y, klass in rows}
    for dx, dy in STEPS:
        x, y = int(base[1]) + dx, int(base[2]) + dy
        if not rules.on_board(x, y) or strategy.is_p(x, y):
            continue
        moves = strategy.winning_moves(x, y)
        if not moves:
            continue
        first, second = moves[0]
        key = (min(first, second), max(first, second)) if rules.symmetric else moves[0]
        target = stored.get(key)
        example: dict[str, Any] = {
            "position": [x, y],
            "moves": [list(move) for move in moves],
            "target": None
            if target is None
            else {"n": target[0], "class": None if target[1] is None else int(target[1])},
        }
        if isinstance(strategy, ChoiceStrategy):
            example["responses"] = [
                [list(response.rectangle), list(move)]
                for response, move in strategy.responses(x, y)
            ]
        return example
    return None
