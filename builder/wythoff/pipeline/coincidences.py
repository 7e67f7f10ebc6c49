"""Which games of the catalog coincide: the same P-positions under other rules.

Larsson closes his paper (Remark 5) asking "if any of these further generalized
games coincide via identical set of P-positions"; the build answers for the
games it holds.  Games are grouped by the set of P-positions each stores (both
coordinates up to the bound it is complete to), so two games are in one class
exactly when their stored P-positions are equal.  A class whose games all have
a formula, with the same closed forms for their two coordinate sequences, is
equal at every size (``same formula``); any other class is ``observed`` equal up
to its bound, no further.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from wythoff.families import FAMILIES, Catalog, GameRecord
from wythoff.pipeline.results import GameResult

SAME_FORMULA = "same formula"
OBSERVED = "observed"


@dataclass(frozen=True)
class Coincidence:
    """A game's class: its first game ID, the bound its P-positions were compared
    up to, how the class is known (``""`` for a game alone in its class), its size."""

    klass: str
    bound: int
    evidence: str
    size: int


Stored = tuple[int, bytes]
"""What a game's class depends on: the bound its P-positions are complete to, and the
digest of the set of them (:func:`stored`), kept for every game of a build."""


def stored(result: GameResult) -> Stored:
    """A game's stored P-positions in a few bytes: their bound and the SHA-256 of their
    sorted pairs, equal for two games exactly when the sets are (barring a collision)."""
    pairs = sorted({(x, y) for _, x, y, _ in result.rows})
    return result.complete_up_to, hashlib.sha256(repr(pairs).encode()).digest()


def coincidences(records: Catalog, games: Mapping[str, Stored]) -> dict[str, Coincidence]:
    """Every game's class of games with the same stored P-positions (``games``: each
    game's :func:`stored`)."""
    groups: dict[Stored, list[str]] = defaultdict(list)
    for game_id in sorted(records.games):
        groups[games[game_id]].append(game_id)
    forms = _closed_forms(records)
    found: dict[str, Coincidence] = {}
    for (bound, _), members in groups.items():
        if len(members) == 1:
            found[members[0]] = alone(members[0], bound)
            continue
        if all(forms.get(m) is not None for m in members) and len({forms[m] for m in members}) == 1:
            evidence = SAME_FORMULA
        else:
            evidence = OBSERVED
        for game_id in members:
            found[game_id] = Coincidence(members[0], bound, evidence, len(members))
    return found


def alone(game_id: str, bound: int) -> Coincidence:
    """The class of a game that coincides with no other (how a game's row is first
    loaded, before the classes of every game are known)."""
    return Coincidence(game_id, bound, "", 1)


def _closed_forms(records: Catalog) -> dict[str, tuple[str, ...] | None]:
    """Each game with a formula: the closed forms of its sequences, in its order."""
    return {game_id: _forms(game, records) for game_id, game in records.games.items()}


def _forms(game: GameRecord, records: Catalog) -> tuple[str, ...] | None:
    if not game.solved or len(game.sequences) < 2:
        return None
    texts = []
    for sequence_id in game.sequences:
        record = records.sequences.get(sequence_id)
        if record is None:
            return None
        form = FAMILIES[record.family].picture(record).form
        if form is None:
            return None
        texts.append(repr(sorted(form.parameters().items())))
    return tuple(texts)
