"""The index pages: every sequence and every game of the build in one table each.

The tables are plain HTML, readable without JavaScript; ``index-table.js`` adds
sorting (IDs and parameters numerically: m2 before m10) and filters by family,
by solved/unsolved and by OEIS match, with counts.  Each row carries what the
filters need as ``data-`` attributes.  An index of more than :data:`INDEX_ROWS`
rows continues on further pages (:func:`paths.index_part`), each linking all of
them, so that no page outgrows what a host and a browser take.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from wythoff.core.order import natural
from wythoff.website import paths
from wythoff.website.content import SiteContent, is_oeis_match
from wythoff.website.markdown import data_attributes, name_html

SCRIPT = paths.script("index-table.js")

INDEX_ROWS = 4000
"""Rows of an index page at most: a page of every game of a large build (Larsson's
games with m, p <= 32, tens of thousands) is too heavy for a browser once typeset;
at this many rows a page stays a few MiB."""


def parts(count: int) -> int:
    """Pages an index of ``count`` rows takes (one at least, even empty).

    >>> parts(0), parts(INDEX_ROWS), parts(INDEX_ROWS + 1)
    (1, 1, 2)
    """
    return max(1, -(-count // INDEX_ROWS))


def _paged(first: str, keys: list[str], part: int, kind: str) -> tuple[str, list[str], str]:
    """Page ``part`` (from 1) of the index of ``keys`` whose first page is ``first``:
    its path, the keys it lists, and the line saying where it stands (:func:`_parts_line`)."""
    page = paths.index_part(first, part)
    listed = keys[(part - 1) * INDEX_ROWS : part * INDEX_ROWS]
    return page, listed, _parts_line(first, page, part, len(keys), kind)


def sequence_ids(content: SiteContent) -> list[str]:
    """The rows of the index of sequences: every sequence, in the catalog's order."""
    return list(content.sequences)


def game_ids(content: SiteContent) -> list[str]:
    """The rows of the index of games: every game, in the catalog's order."""
    return list(content.games)


def sequences_index(content: SiteContent, part: int = 1) -> str:
    """Page ``part`` of the index of every sequence."""
    page, keys, intro = _paged(paths.sequences_index(), sequence_ids(content), part, "sequences")
    rows = []
    for sequence_id in keys:
        s = content.sequences[sequence_id]
        anumbers = sorted(
            {r.target for r in content.crossrefs.get(sequence_id, []) if is_oeis_match(r)}
        )
        oeis = " ".join(f'<a href="https://oeis.org/{a}">{a}</a>' for a in anumbers) or "—"
        cells = [
            _link(page, paths.sequence(sequence_id), sequence_id),
            name_html(s.name, s.name_tex),
            escape(content.families[s.family].title),
            _params(s.params),
            str(s.offset),
            f"{s.terms_count:,}",
            oeis,
        ]
        attributes = {
            "family": s.family,
            "solved": "no" if _unsolved_sequence(content, sequence_id) else "yes",
            "oeis": "yes" if anumbers else "no",
        }
        sort = {5: s.terms_count, **_name_key(s.name, s.name_tex)}
        rows.append(_row(cells, attributes, sort))
    headers = ["ID", "name", "family", "parameters", "offset", "terms", "OEIS"]
    return _page(content, "All sequences", "sequences", headers, rows, page, True, intro)


NO_MATCH = "No OEIS match"
"""The title of the page of the sequences no entry searched matches (never "not in
OEIS": the build searches an excerpt, or the file a configuration names)."""
SEARCH_TERMS = 12
"""First terms shown, and asked of oeis.org's search, for a sequence with no match."""


def not_in_oeis(content: SiteContent, part: int = 1) -> str:
    """Page ``part`` of the sequences with no OEIS match in the entries searched, each
    with its first terms and a link that looks them up on oeis.org (the whole OEIS)."""
    listed = unmatched(content)
    page, keys, parts_line = _paged(paths.not_in_oeis(), listed, part, "sequences")
    rows = []
    for sequence_id in keys:
        s = content.sequences[sequence_id]
        first = _first_terms(s.data)
        cells = [
            _link(page, paths.sequence(sequence_id), sequence_id),
            name_html(s.name, s.name_tex),
            escape(content.families[s.family].title),
            _params(s.params),
            f'<span class="wy-data">{escape(first)}</span>',
            f'<a href="{escape(oeis_search_url(s.data))}">search oeis.org</a>',
        ]
        attributes = {
            "family": s.family,
            "solved": "no" if _unsolved_sequence(content, sequence_id) else "yes",
        }
        rows.append(_row(cells, attributes, sort=_name_key(s.name, s.name_tex)))
    headers = ["ID", "name", "family", "parameters", "first terms", "OEIS"]
    intro = (
        f"The {len(listed):,} sequences of this build that match none of "
        f"{escape(searched(content))}. "
        "The search compares each entry's terms with ours, index by index, with both "
        "offsets respected; an entry outside the excerpt is not seen, so a sequence here "
        "may well be in the OEIS: each row links a search of its first terms on "
        "[oeis.org](https://oeis.org/), to be made before any submission (or build with "
        "`oeis_stripped` and `oeis_names` set to OEIS's full files, which the build then "
        "searches). " + parts_line
    )
    return _page(content, NO_MATCH, "sequences", headers, rows, page, False, intro)


def searched(content: SiteContent) -> str:
    """What the build searched for OEIS matches, in words."""
    return content.info.get("oeis_searched") or "the OEIS entries searched by the build"


def no_match(content: SiteContent, data: str) -> str:
    """A sequence page's sentence when no entry searched matches it (Markdown)."""
    return (
        f"no match among {searched(content)}; "
        f"[search oeis.org for its first terms]({oeis_search_url(data)})"
    )


def oeis_search_url(data: str, count: int = SEARCH_TERMS) -> str:
    """oeis.org's search for the first ``count`` terms of ``data`` ("0, 1, 3, ...").

    >>> oeis_search_url("0, 1, 3, 4, 6", 3)
    'https://oeis.org/search?q=0,1,3'
    """
    return "https://oeis.org/search?q=" + ",".join(data.split(", ")[:count])


def unmatched(content: SiteContent) -> list[str]:
    """The sequences with no link to an OEIS entry, in the catalog's order."""
    return [
        sequence_id
        for sequence_id in content.sequences
        if not any(is_oeis_match(r) for r in content.crossrefs.get(sequence_id, []))
    ]


def _first_terms(data: str, count: int = SEARCH_TERMS) -> str:
    return ", ".join(data.split(", ")[:count])


def games_index(content: SiteContent, part: int = 1) -> str:
    """Page ``part`` of the index of every game."""
    page, keys, intro = _paged(paths.games_index(), game_ids(content), part, "games")
    rows = []
    for game_id in keys:
        g = content.games[game_id]
        cells = [
            _link(page, paths.game(game_id), game_id),
            name_html(g.name, g.name_tex),
            escape(content.families[g.family].title),
            _params(g.params),
            "formula" if g.solved else "solver only",
            f"{g.ppositions_max:,}",
        ]
        attributes = {"family": g.family, "solved": "yes" if g.solved else "no"}
        sort = {5: g.ppositions_max, **_name_key(g.name, g.name_tex)}
        rows.append(_row(cells, attributes, sort))
    headers = ["ID", "name", "family", "parameters", "P-positions", "stored up to"]
    return _page(content, "All games", "games", headers, rows, page, False, intro)


def _parts_line(first: str, page: str, part: int, count: int, kind: str) -> str:
    """Where ``page``, page ``part`` of an index of ``count`` rows, stands: nothing for
    one page; else which rows it lists and a link to each page (Markdown)."""
    total = parts(count)
    if total == 1:
        return ""
    shown = min(part * INDEX_ROWS, count)
    links = " · ".join(
        f"**{n}**" if n == part else f"[{n}]({paths.link(page, paths.index_part(first, n))})"
        for n in range(1, total + 1)
    )
    return (
        f"The {count:,} {kind} of this build, {INDEX_ROWS:,} a page: this page lists "
        f"{(part - 1) * INDEX_ROWS + 1:,} to {shown:,}, and sorts and filters those. "
        f"Pages: {links}."
    )


LARSSON_QUESTION = (
    "Another question is if any of these further generalized games coincide via "
    "identical set of P-positions?"
)


def coinciding_games(content: SiteContent) -> str:
    """The classes of games with the same P-positions, each with how it is known:
    Larsson's closing question (Remark 5), answered for the games of this build."""
    page = paths.coinciding_games()
    classes: dict[str, list[str]] = {}
    for game_id, g in content.games.items():
        classes.setdefault(g.coincidence, []).append(game_id)
    shared = {k: sorted(v, key=natural) for k, v in classes.items() if len(v) > 1}
    rows = []
    for klass in sorted(shared, key=lambda k: (-len(shared[k]), k)):
        first = content.games[shared[klass][0]]
        members = ", ".join(_link(page, paths.game(g), g) for g in shared[klass])
        cells = [
            str(len(shared[klass])),
            members,
            escape(first.coincidence_evidence),
            f"{first.coincidence_bound:,}",
        ]
        solved = "yes" if first.coincidence_evidence == "same formula" else "no"
        attributes = {"family": first.family, "solved": solved}
        rows.append(_row(cells, attributes, sort={0: len(shared[klass])}))
    headers = ["games", "the games", "known by", "compared up to"]
    alone = sum(1 for v in classes.values() if len(v) == 1)
    intro = (
        f"Larsson ends his paper on restrictions of m-Wythoff Nim (Remark 5) asking: "
        f'"{LARSSON_QUESTION}" In this build, {len(shared)} classes of games share '
        f"their P-positions, and {alone} games share them with no other. Games are grouped "
        "by the set of P-positions they store (both coordinates up to the bound each is "
        "complete to). *same formula*: every game of the class has a formula, with the "
        "same closed forms for its sequences, so the class holds at every size; "
        "*observed*: equal up to the bound, and nothing is claimed beyond it. The column "
        "`coincidence` of the table `games` holds each game's class."
    )
    return _page(content, "Coinciding games", "games", headers, rows, page, False, intro)


def _page(
    content: SiteContent,
    title: str,
    kind: str,
    headers: list[str],
    rows: list[str],
    page: str,
    with_oeis: bool,
    intro: str = "",
) -> str:
    families = "".join(
        f'<option value="{key}">{escape(f.title)}</option>'
        for key, f in sorted(content.families.items(), key=lambda item: item[1].rank)
    )
    oeis = (
        '<label><input type="checkbox" name="oeis"> with an OEIS match</label>' if with_oeis else ""
    )
    head = "".join(f'<th scope="col"><button type="button">{h}</button></th>' for h in headers)
    script = paths.asset(page, SCRIPT)
    return (
        f"---\ntitle: {title}\ndescription: Every {kind[:-1]} of the database, to sort and "
        "filter.\nsearch:\n  exclude: true\n---\n\n"
        f"# {title}\n\n"
        f"{intro or f'Every {kind[:-1]} of this build.'} Click a column's heading to sort by it "
        "(parameters and numbers sort as numbers); choose a family or a status to filter.\n\n"
        f'<div class="index-tool" id="index-{kind}">\n'
        '<form class="index-filters">'
        f'<label>Family <select name="family"><option value="">all</option>{families}</select>'
        "</label> "
        '<label>Formula <select name="solved"><option value="">all</option>'
        '<option value="yes">known</option><option value="no">solver only</option></select>'
        f"</label> {oeis}</form>\n"
        f'<p class="index-count" aria-live="polite">{len(rows)} of {len(rows)} {kind}</p>\n'
        f'<div class="index-scroll"><table class="index-table">'
        f"<thead><tr>{head}</tr></thead><tbody>\n" + "\n".join(rows) + "\n</tbody></table></div>\n"
        "</div>\n\n"
        f'<script type="module" src="{script}"></script>\n'
    )


def _row(cells: list[str], attributes: dict[str, str], sort: dict[int, Any]) -> str:
    tds = "".join(
        f'<td data-sort="{escape(str(sort[i]))}">{cell}</td>' if i in sort else f"<td>{cell}</td>"
        for i, cell in enumerate(cells)
    )
    return f"<tr{data_attributes(attributes)}>{tds}</tr>"


def _name_key(name: str, name_tex: str) -> dict[int, str]:
    """The name column's sort key where the cell holds math: the plain name (the
    rendered cell's text repeats the notation in MathML)."""
    return {1: name} if name_tex else {}


def _link(page: str, target: str, text: str) -> str:
    return f'<a href="{paths.url(page, target)}"><code>{escape(text)}</code></a>'


def _params(params: dict[str, Any]) -> str:
    return ", ".join(f"{name} = {value}" for name, value in params.items()) or "—"


def _unsolved_sequence(content: SiteContent, sequence_id: str) -> bool:
    """A sequence read off the board of a game without a formula."""
    game_id = content.sequences[sequence_id].game_id
    return game_id is not None and not content.games[game_id].solved


PAGED: tuple[tuple[str, Callable[[SiteContent], list[str]], Callable[[SiteContent, int], str]], ...]
PAGED = (
    (paths.sequences_index(), sequence_ids, sequences_index),
    (paths.games_index(), game_ids, games_index),
    (paths.not_in_oeis(), unmatched, not_in_oeis),
)
"""The indexes that continue on pages of their own: each one's first page, its rows'
keys and the writer of its page ``part``, in the navigation's order."""
