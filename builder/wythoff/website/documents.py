"""A JSON document for each sequence and game, beside its page at a stable URL.

What the page says, for programs: the entry's fields, its relations and checks,
where its files are, and the build it comes from (version, licence, citation).
Terms and coordinates are decimal strings, exact in any JSON reader (JavaScript
reads numbers beyond 2**53 wrongly); the full terms are in the b-file that the page
makes (``files["b-file"]``: the page's download, read from the published database).
"""

from __future__ import annotations

import dataclasses
import posixpath
from typing import Any

from wythoff.db import vocabulary
from wythoff.db.evidence import FIELDS
from wythoff.oeis import entry as oeis_entry
from wythoff.website import paths
from wythoff.website.content import SiteContent, is_anumber, is_oeis_match, row_period
from wythoff.website.records import Crossref

SEQUENCE_FIELDS = (
    *("id", "name", "name_tex", "family", "offset", "formula", "growth"),
    *("game_id", "terms_count"),
)
GAME_FIELDS = (
    *("id", "name", "name_tex", "family", "rules", "p_formula"),
    *("ppositions_max", "conjecture"),
)


def sequence_document(content: SiteContent, sequence_id: str) -> dict[str, Any]:
    s = content.sequences[sequence_id]
    here = paths.sequence_json(sequence_id)
    page = _beside(here, paths.sequence(sequence_id))
    return {
        **{field: getattr(s, field) for field in SEQUENCE_FIELDS},
        "keywords": list(s.keywords),
        "oeis_keywords": list(s.oeis_keywords),
        "params": s.params,
        "paper": dataclasses.asdict(content.papers[s.paper]),
        "data": [value for _, value in content.terms.get(sequence_id, [])[:40]],
        "games": content.sequence_games.get(sequence_id, []),
        "crossrefs": [_crossref(row) for row in content.crossrefs.get(sequence_id, [])],
        "checks": _checks(content, sequence_id),
        "files": {
            "page": page,
            "b-file": f"{page}#{paths.BFILE}",
            "oeis": _beside(here, paths.sequence_oeis(sequence_id)),
        },
        "programs": _programs(content, sequence_id),
        "build": _build(content),
    }


def _programs(content: SiteContent, sequence_id: str) -> dict[str, str]:
    """The sequence's PARI/GP and Python programs, and the function they define."""
    code = content.sequences[sequence_id].programs
    if code is None:
        return {}
    return {"pari": code.pari, "python": code.python, "defines": code.entry}


def sequence_facts(content: SiteContent, sequence_id: str) -> oeis_entry.SequenceFacts:
    """What the sequence's entry in OEIS's format says of it, from the database's rows
    (:meth:`~wythoff.oeis.entry.SequenceFacts.from_record` reads the same from the catalog)."""
    s = content.sequences[sequence_id]
    paper = content.papers[s.paper]
    game = content.games.get(s.game_id) if s.game_id is not None else None
    facts = oeis_entry.SequenceFacts(
        id=s.id,
        name=s.name,
        offset=s.offset,
        formula=s.formula,
        growth=s.growth,
        summary=content.families[s.family].summary,
        paper=oeis_entry.Reference(paper.authors, paper.title, paper.venue, paper.year),
        game=None if game is None else (game.name, game.p_formula),
        programs=s.programs.by_language() if s.programs is not None else (),
        keywords=s.oeis_keywords,
        version=content.info["version"],
    )
    return _with_period(content, sequence_id, facts)


def _with_period(
    content: SiteContent, sequence_id: str, facts: oeis_entry.SequenceFacts
) -> oeis_entry.SequenceFacts:
    """The facts and, for a Sprague-Grundy row, its stored period and what it rests on."""
    found = row_period(content, sequence_id)
    if found is None or found.period is None or found.increment is None:
        return facts
    proven = found.evidence == vocabulary.PROVEN
    return facts.with_period(
        found.preperiod or 0, found.period, found.increment, found.sentence(), proven
    )


def sequence_oeis_text(content: SiteContent, sequence_id: str, site_url: str) -> str:
    """The entry in OEIS's internal format, from the database's terms and relations
    (the same entry ``wythoff oeis`` prints from the catalog)."""
    s = content.sequences[sequence_id]
    terms = [int(value) for _, value in content.terms.get(sequence_id, [])]
    related = {
        other: _anumbers(content, other) for other in s.related if other in content.sequences
    }
    agreements = [
        (row.target, row.relation)
        for row in content.crossrefs.get(sequence_id, [])
        if is_anumber(row.target)
    ]
    page = paths.published(site_url, paths.sequence(sequence_id))
    bfile_url = paths.published_bfile(site_url, sequence_id)
    facts = sequence_facts(content, sequence_id)
    entry = oeis_entry.sequence_entry(
        facts, terms, agreements, related, page, bfile_url, s.last_index
    )
    return entry.text()


def _anumbers(content: SiteContent, sequence_id: str) -> list[str]:
    """The OEIS entries a sequence matches (not its near misses)."""
    rows = content.crossrefs.get(sequence_id, [])
    return [row.target for row in rows if is_oeis_match(row)]


def game_document(content: SiteContent, game_id: str) -> dict[str, Any]:
    g = content.games[game_id]
    here = paths.game_json(game_id)
    positions = content.positions.get(game_id, [])
    return {
        **{field: getattr(g, field) for field in GAME_FIELDS},
        "solved": g.solved,
        "params": g.params,
        "paper": dataclasses.asdict(content.papers[g.paper]),
        "sequences": content.game_sequences.get(game_id, []),
        "strategy": g.strategy_text,
        "p_positions_shown": [{"n": str(r.n), "x": str(r.x), "y": str(r.y)} for r in positions],
        "checks": _checks(content, game_id),
        "files": {"page": _beside(here, paths.game(game_id))},
        "build": _build(content),
    }


def _crossref(row: Crossref) -> dict[str, Any]:
    """A relation: its sentence, and the fields of its evidence it is made of."""
    return {
        "target": row.target,
        "relation": row.relation,
        "shift": row.shift,  # the lists' shift (OEIS), not an index shift: see index_offset
        "verified_up_to": row.verified_up_to,
        "note": row.note,
        "kind": row.kind,
        "evidence": row.evidence,
        **{name: getattr(row.fields, name) for name in FIELDS},
    }


def _checks(content: SiteContent, subject: str) -> list[dict[str, Any]]:
    return [
        {
            "check": row.check,
            "method": row.method,
            "up_to": row.up_to,
            "detail": row.detail,
            "passed": row.passed,
        }
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
