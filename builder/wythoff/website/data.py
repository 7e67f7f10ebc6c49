"""Data files for the site's browser tools (term search, identify, SQL console, position
checker)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wythoff.website.content import SiteContent

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
        "rules": {
            "rook_modulus": g.rook_modulus,
            "rook_residues": list(g.rook_residues),
            "bishop": g.bishop,
            "modular": g.modular,
            "blocking": g.blocking,
            "rect": [g.rect_w, g.rect_h],
            "misere": g.misere,
            "blocking_reach": g.blocking_reach,
            "rectangle_choices": [list(choice) for choice in g.rectangle_choices],
        },
        "strategy": g.strategy,
        "ppositions_max": g.ppositions_max,
    }


def slopes_index(slopes: list[CatalogSlope]) -> dict[str, Any]:
    """The catalog's Beatty slopes, for the Identify page: ``[id, c, d, e, sign]`` for
    ``alpha = (c + sign*sqrt(d))/e``, in the order of their IDs (as ``wythoff identify``
    lists them); a few kilobytes instead of reading every sequence's row."""
    return {"slopes": [[s.id, s.alpha.c, s.alpha.d, s.alpha.e, s.alpha.sign] for s in slopes]}


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
