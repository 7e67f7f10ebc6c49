"""Data files for the site's browser tools (term search, identify, SQL console, position
checker)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wythoff.core.games.rules import Rules
from wythoff.website.content import SiteContent, coordinates

if TYPE_CHECKING:
    from wythoff.identify.catalog import CatalogSlope


def games_index(content: SiteContent) -> dict[str, Any]:
    """Every game's rules and strategy as data, for the position checker and /play/."""
    return {"games": [game_entry(content, game_id) for game_id in content.games]}


def game_entry(content: SiteContent, game_id: str) -> dict[str, Any]:
    """One game's rules and strategy as data: an entry of games.json, and what the
    board on the game's page plays."""
    g = content.games[game_id]
    return {
        "id": game_id,
        "name": g.name,
        "family": g.family,
        "symmetric": g.is_symmetric,
        "rules": _rules_entry(g.moves),
        "strategy": g.strategy,
        "ppositions_max": g.ppositions_max,
        "coordinates": coordinate_pairs(content.game_sequences.get(game_id, [])),
        **({} if g.solved else _unsolved_entry(content, game_id)),
    }


def coordinate_pairs(sequences: list[str]) -> list[list[str]] | None:
    """The sequences (c, d) whose n-th terms are the game's P-position n of each class
    (one pair without classes), from its sequences in natural order, the smaller
    coordinates' before the larger's: the position checker names the P-position a
    winning move reaches by them.  None when they do not pair up.

    >>> coordinate_pairs(["wythoff-a", "wythoff-b"])
    [['wythoff-a', 'wythoff-b']]
    >>> coordinate_pairs(["connell-k2-u0", "connell-k2-u1", "connell-k2-v0", "connell-k2-v1"])
    [['connell-k2-u0', 'connell-k2-v0'], ['connell-k2-u1', 'connell-k2-v1']]
    >>> coordinate_pairs(["wythoff-grundy-diagonal"]) is None
    True
    """
    half, odd = divmod(len(sequences), 2)
    if odd or not half:
        return None
    return [[c, d] for c, d in zip(sequences[:half], sequences[half:], strict=True)]


def _unsolved_entry(content: SiteContent, game_id: str) -> dict[str, Any]:
    """What the position checker needs of a game without formula beyond its stored
    P-positions: the sequences c and d of its pairs, if stored (their rows answer
    farther than the P-positions), and the solver ``wythoff position`` would use
    (``sparse``: line by line to the smaller pile; ``board``: a board of both piles)."""
    from wythoff.core.games import engine

    pairs = coordinates(content, game_id)
    return {
        "pairs": None if pairs is None else list(pairs),
        "solver": engine.solver_for(content.games[game_id].moves).value,
    }


def _rules_entry(rules: Rules) -> dict[str, Any]:
    """Rules as games.js reads them (``rect``: the removed rectangle's sides)."""
    return {
        "rook_modulus": rules.rook_modulus,
        "rook_residues": list(rules.rook_residues),
        "bishop": rules.bishop,
        "modular": rules.modular,
        "blocking": rules.blocking,
        "rect": list(rules.rectangle),
        "misere": rules.misere,
        "blocking_reach": rules.blocking_reach,
        "rectangle_choices": [list(choice) for choice in rules.rectangle_choices],
    }


POSITION_COLUMNS = ("x", "y", "n")
"""The columns of a game's CSV file: those of ``wythoff ppositions --format csv``
first, then the index the database stores; Connell's class follows where a game
has classes."""


def positions_csv(rows: Iterable[tuple[int, int, int, int | None]]) -> str:
    """A game's stored P-positions ``(x, y, n, class)`` as its CSV file, in the order
    given (the command's: by x, then y); the class column only when some row has one.

    >>> print(positions_csv([(0, 0, 0, None), (1, 2, 1, None)]), end="")
    x,y,n
    0,0,0
    1,2,1
    >>> print(positions_csv([(0, 0, 0, 0), (0, 1, 0, 1)]), end="")
    x,y,n,class
    0,0,0,0
    0,1,0,1
    """
    listed = list(rows)
    with_class = any(row[3] is not None for row in listed)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow((*POSITION_COLUMNS, "class") if with_class else POSITION_COLUMNS)
    writer.writerows(row if with_class else row[:3] for row in listed)
    return out.getvalue()


def slopes_index(slopes: list[CatalogSlope]) -> dict[str, Any]:
    """The catalog's Beatty slopes, for the Identify page: ``[id, c, d, e, sign, form]``
    for ``alpha = (c + sign*sqrt(d))/e`` and the closed form the terms past the stored
    ones come from (:meth:`~wythoff.core.discrepancy.BeattyForm.parameters`), in the order
    of their IDs (as ``wythoff identify`` lists them); a few kilobytes instead of reading
    every sequence's row."""
    return {
        "slopes": [
            [
                s.id, s.alpha.c, s.alpha.d, s.alpha.e, s.alpha.sign,
                None if s.form is None else s.form.parameters(),
            ]
            for s in slopes
        ]
    }  # fmt: skip


def readme_queries(readme: Path) -> dict[str, Any]:
    """The README's example queries, each with the sentence that introduces it."""
    text = readme.read_text()
    queries = []
    for match in re.finditer(r"\n\n((?:[^\n]+\n)+)\n```sql\n(.*?)\n```", text, re.S):
        title = " ".join(match.group(1).split())  # the paragraph before the query
        sql = match.group(2).strip()
        queries.append({"title": title, "sql": sql})
    return {"queries": queries}


def write_json(data: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True))
