"""A JSON document for each sequence and game, beside its page at a stable URL.

What the page says, for programs: the entry's fields, its relations and checks,
where its files are, and the build it comes from (version, licence, citation).
Terms and coordinates are decimal strings, exact in any JSON reader (JavaScript
reads numbers beyond 2**53 wrongly); the full terms are in the b-file.
"""

from __future__ import annotations

import posixpath
from typing import Any

from wythoff import families
from wythoff.families import oeis_keywords, programs_for
from wythoff.oeis import entry as oeis_entry
from wythoff.website import paths
from wythoff.website.content import SiteContent, is_anumber, is_oeis_match

SEQUENCE_FIELDS = ("id", "name", "family", "offset", "formula", "growth", "game_id", "terms_count")
GAME_FIELDS = ("id", "name", "family", "rules", "p_formula", "ppositions_max", "conjecture")


def sequence_document(content: SiteContent, sequence_id: str) -> dict[str, Any]:
    s = content.sequences[sequence_id]
    here = paths.sequence_json(sequence_id)
    return {
        **{field: s[field] for field in SEQUENCE_FIELDS},
        "keywords": [k for k in str(s["keywords"]).split(",") if k],
        "oeis_keywords": list(_oeis_keywords(content, sequence_id)),
        "params": s["params"],
        "paper": content.papers[s["paper"]],
        "data": [value for _, value in content.terms.get(sequence_id, [])[:40]],
        "games": content.sequence_games.get(sequence_id, []),
        "crossrefs": [_crossref(row) for row in content.crossrefs.get(sequence_id, [])],
        "checks": _checks(content, sequence_id),
        "files": {
            "page": _beside(here, paths.sequence(sequence_id)),
            "b-file": _beside(here, paths.sequence_bfile(sequence_id)),
            "oeis": _beside(here, paths.sequence_oeis(sequence_id)),
        },
        "programs": _programs(sequence_id),
        "build": _build(content),
    }


def _oeis_keywords(content: SiteContent, sequence_id: str) -> tuple[str, ...]:
    """The keywords of the sequence's entry in OEIS's format (OEIS's vocabulary)."""
    terms = [int(value) for _, value in content.terms.get(sequence_id, [])]
    return oeis_keywords(families.resolve_sequence(sequence_id), terms)


def _programs(sequence_id: str) -> dict[str, str]:
    """The sequence's PARI/GP and Python programs, and the function they define."""
    code = programs_for(families.resolve_sequence(sequence_id))
    if code is None:
        return {}
    return {"pari": code.pari, "python": code.python, "defines": code.entry}


def sequence_oeis_text(content: SiteContent, sequence_id: str, site_url: str) -> str:
    """The entry in OEIS's internal format, from the database's terms and relations
    (the same entry ``wythoff oeis`` prints from the catalog)."""
    s = content.sequences[sequence_id]
    record = families.resolve_sequence(sequence_id)
    terms = [int(value) for _, value in content.terms.get(sequence_id, [])]
    related = {
        other: _anumbers(content, other) for other in record.related if other in content.sequences
    }
    agreements = [
        (row["target"], row["relation"])
        for row in content.crossrefs.get(sequence_id, [])
        if is_anumber(row["target"])
    ]
    last = int(s["offset"]) + int(s["terms_count"]) - 1
    page = paths.published(site_url, paths.sequence(sequence_id))
    bfile_url = paths.published(site_url, paths.sequence_bfile(sequence_id))
    facts = oeis_entry.SequenceFacts.from_record(record, terms)
    entry = oeis_entry.sequence_entry(facts, terms, agreements, related, page, bfile_url, last)
    return entry.text()


def _anumbers(content: SiteContent, sequence_id: str) -> list[str]:
    """The OEIS entries a sequence matches (not its near misses)."""
    rows = content.crossrefs.get(sequence_id, [])
    return [row["target"] for row in rows if is_oeis_match(row)]


def game_document(content: SiteContent, game_id: str) -> dict[str, Any]:
    g = content.games[game_id]
    here = paths.game_json(game_id)
    positions = content.positions.get(game_id, [])
    return {
        **{field: g[field] for field in GAME_FIELDS},
        "solved": bool(g["solved"]),
        "params": g["params"],
        "paper": content.papers[g["paper"]],
        "sequences": content.game_sequences.get(game_id, []),
        "strategy": g["strategy_text"],
        "p_positions_shown": [
            {"n": str(r["n"]), "x": str(r["x"]), "y": str(r["y"])} for r in positions
        ],
        "checks": _checks(content, game_id),
        "files": {"page": _beside(here, paths.game(game_id))},
        "build": _build(content),
    }


def _crossref(row: dict[str, Any]) -> dict[str, Any]:
    shift = row["shift"]  # NULL when the relation is not a shift
    return {
        "target": row["target"],
        "relation": row["relation"],
        "shift": None if shift is None else int(shift),
        "verified_up_to": int(row["verified_up_to"]),
        "note": row["note"],
    }


def _checks(content: SiteContent, subject: str) -> list[dict[str, Any]]:
    return [
        {key: row[key] for key in ("check", "method", "up_to", "detail")}
        | {"passed": bool(row["passed"])}
        for row in content.checks.get(subject, [])
    ]


def _build(content: SiteContent) -> dict[str, str]:
    info = content.info
    keys = ("version", "build_id", "date", "git_commit", "licence", "citation")
    return {key: info.get(key, "") for key in keys}


def _beside(document: str, target: str) -> str:
    """The URL of ``target`` (a page's Markdown file, or any file) relative to the document."""
    if target.endswith("index.md"):
        target = posixpath.dirname(target) + "/"
    relative = posixpath.relpath(target, posixpath.dirname(document))
    return "./" if relative == "." else relative + ("/" if target.endswith("/") else "")
