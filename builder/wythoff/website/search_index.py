"""The index of the site's search box (``data/find.json``), small and loaded only
when the box is used.

One entry per family page, sequence and game: its ID, title, URL and the
fields it is found by, weighted in ``find.js`` (ID and A-numbers exactly, each
A-number a sequence matches with its relation in one line; then
the family's title, the entry's name, its formula and the names of the OEIS
entries it matches; then the family page's text).  The words people use are
mapped to the words the entries use (``SYNONYMS``: "golden ratio" is written
phi in the names), so that they find the right entry first.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from wythoff.website import paths
from wythoff.website.content import SiteContent, by_evidence, is_oeis_match
from wythoff.website.records import Crossref

SYNONYMS = {
    "golden ratio": "phi",
    "golden section": "phi",
    "golden mean": "phi",
    "square root": "sqrt",
    "zeckendorf": "zeckendorf numeration",
}
"""Phrases of a query (normalised) and the words the entries use for them."""

WORD = re.compile(r"[a-z0-9]+")


def normalise(text: str) -> str:
    """Lower-case words without accents, separated by single spaces (the form
    ``find.js`` compares): "Misère play" is "misere play"."""
    plain = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return " ".join(WORD.findall(plain.lower()))


def find_index(content: SiteContent) -> dict[str, Any]:
    entries: list[dict[str, Any]] = []
    for rank, (key, family) in enumerate(
        sorted(content.families.items(), key=lambda item: item[1].rank)
    ):
        entries.append(
            {
                "id": key,
                "kind": "family",
                "title": family.title,
                "url": paths.url(paths.home(), paths.family(key)),
                "rank": rank,
                "name": normalise(family.title),
                "text": normalise(family.page),
            }
        )
    ranks = {e["id"]: e["rank"] for e in entries}
    for sequence_id, s in content.sequences.items():
        refs = content.crossrefs.get(sequence_id, [])
        entries.append(
            {
                "id": sequence_id,
                "kind": "sequence",
                "family": s.family,
                "title": s.name,
                "url": paths.url(paths.home(), paths.sequence(sequence_id)),
                "rank": ranks[s.family],
                "matches": oeis_matches(refs),
                "name": normalise(s.name),
                "formula": normalise(f"{s.formula} {','.join(s.keywords)}"),
                "oeis": normalise(" ".join(r.note for r in refs)),
                "relations": normalise(" ".join(_relation_word(r.relation) for r in refs)),
            }
        )
    for game_id, g in content.games.items():
        entries.append(
            {
                "id": game_id,
                "kind": "game",
                "family": g.family,
                "title": g.name,
                "url": paths.url(paths.home(), paths.game(game_id)),
                "rank": ranks[g.family],
                "name": normalise(g.name),
                "formula": normalise(f"{g.p_formula} {g.rules}"),
            }
        )
    synonyms = {normalise(k): normalise(v) for k, v in SYNONYMS.items()}
    return {"synonyms": synonyms, "entries": entries}


def oeis_matches(refs: list[Crossref]) -> dict[str, str]:
    """The OEIS entries a sequence matches, each with its strongest relation in one
    line: the evidence in a word, then the relation as the crossrefs table words it
    (what the Find page says of a sequence found by an A-number)."""
    lines: dict[str, str] = {}
    for r in by_evidence(refs):
        if is_oeis_match(r) and r.target not in lines:
            lines[r.target] = f"{r.evidence}: {r.relation}"
    return dict(sorted(lines.items()))


def _relation_word(relation: object) -> str:
    """The kind of a relation ("complementary", "equal", ...): its first words."""
    return str(relation).split(":")[0] if ":" in str(relation) else ""
