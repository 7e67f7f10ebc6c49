"""Data files for the site's browser tools (term search, identify, SQL console, position
checker)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wythoff.core.games.rules import Rules
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
        "rules": _rules_entry(g.moves),
        "strategy": g.strategy,
        "ppositions_max": g.ppositions_max,
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
