"""The build's blocks: the catalog cut into runs of games, each with its sequences,
computed, checked and loaded one at a time so that the build's memory is that of one
block, however many blocks there are.

A block is ``size`` games in catalog order with the sequences that belong to them (a
game's sequences go with its first game: a sequence of a game without a formula is
that game's pairs); the sequences of no game come after, ``size`` at a time.  Every
sequence is in exactly one block, and in the block of the game its row names
(``sequences.game_id``), so that the game's row is loaded before it.

>>> from wythoff import families
>>> catalog = families.build({"wythoff": {}, "fraenkel": {"a": (2, 3)}})
>>> [(b.games, len(b.sequences)) for b in plan(catalog, 2)][:3]
[(('wythoff', 'wythoff-misere'), 4), (('fraenkel-a2', 'fraenkel-a3'), 4), ((), 2)]
>>> [len(b.sequences) for b in plan(catalog, 2)][2:]
[2, 2, 2, 2, 2, 1]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from wythoff.families import Catalog


@dataclass(frozen=True)
class Block:
    """The IDs of one block's games and sequences, each in catalog order."""

    games: tuple[str, ...]
    sequences: tuple[str, ...]


def plan(catalog: Catalog, size: int) -> Iterator[Block]:
    """The blocks of ``catalog``, ``size`` games (or game-less sequences) each."""
    home = _homes(catalog)
    belonging: dict[str, list[str]] = {}
    for sequence_id in catalog.sequences:  # catalog order, within each game too
        if sequence_id in home:
            belonging.setdefault(home[sequence_id], []).append(sequence_id)
    order = {sequence_id: i for i, sequence_id in enumerate(catalog.sequences)}
    games = list(catalog.games)
    for start in range(0, len(games), size):
        run = games[start : start + size]
        sequences = sorted((s for g in run for s in belonging.get(g, ())), key=order.__getitem__)
        yield Block(tuple(run), tuple(sequences))
    alone = [s for s in catalog.sequences if s not in home]
    for start in range(0, len(alone), size):
        yield Block((), tuple(alone[start : start + size]))


def _homes(catalog: Catalog) -> dict[str, str]:
    """Each sequence that belongs to a game of ``catalog`` -> that game: the game its
    record names, else the first game that lists it."""
    home: dict[str, str] = {}
    for game in catalog.games.values():
        for sequence_id in game.sequences:
            if sequence_id in catalog.sequences:
                home.setdefault(sequence_id, game.id)
    for record in catalog.sequences.values():
        if record.game is not None and record.game in catalog.games:
            home[record.id] = record.game
    return home
