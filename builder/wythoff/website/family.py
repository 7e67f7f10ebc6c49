"""The family pages: the family's own text (from its module, through the database),
its verification summed up, and the first rows of its games and sequences, with
links to the index pages filtered to the family (a page stays a few screens tall)."""

from __future__ import annotations

from collections import Counter, defaultdict

from wythoff.db import vocabulary
from wythoff.website import indexes, paths
from wythoff.website.cite import cite_section, paper_line
from wythoff.website.content import SiteContent
from wythoff.website.markdown import escape, name_markdown, table, unsearched
from wythoff.website.records import Check, Game, GrundyPeriod, Sequence

FAMILY_TABLE_ROWS = 20
"""Rows of a family page's tables of games and sequences; the index pages list all."""
PERIOD_ROWS = 8
"""Rows x = 0, 1, ... of the Sprague–Grundy function compared across a family's games."""


def family_page(content: SiteContent, key: str) -> str:
    """The family's own page text (from its module, through the database) and the
    generated tables."""
    page = paths.family(key)
    prose = content.families[key].page
    games = [g for g in content.games.values() if g.family == key]
    sequences = [s for s in content.sequences.values() if s.family == key]
    parts = [prose.rstrip() + "\n"]
    parts.append("\n## Verification\n\n")
    parts.append(_family_checks(content, games, sequences))
    parts.append(f"\n## Games ({len(games)})\n\n")
    shown = games[:FAMILY_TABLE_ROWS]
    rows = [
        (
            f"[{g.id}]({paths.link(page, paths.game(g.id))})",
            name_markdown(g.name, g.name_tex),
            "formula" if g.solved else "solver",
            g.ppositions_max,
        )
        for g in shown
    ]
    parts.append(unsearched(table(["game", "name", "P-positions", "stored up to"], rows, "llcr")))
    counts = (len(shown), len(games), len(indexes.game_ids(content)))
    parts.append(_all_in_index(page, paths.games_index(), key, counts, "games"))
    parts.append(f"\n## Sequences ({len(sequences)})\n\n")
    listed = sequences[:FAMILY_TABLE_ROWS]
    sequence_rows = [
        (
            f"[{s.id}]({paths.link(page, paths.sequence(s.id))})",
            name_markdown(s.name, s.name_tex),
            escape(s.data[:40] + ("..." if len(s.data) > 40 else "")),
        )
        for s in listed
    ]
    parts.append(unsearched(table(["sequence", "name", "first terms"], sequence_rows, "lll")))
    parts.append(
        _all_in_index(
            page,
            paths.sequences_index(),
            key,
            (len(listed), len(sequences), len(indexes.sequence_ids(content))),
            "sequences",
        )
    )
    parts.append(_period_comparison(content, page, games))
    parts.append(_references(content, page, key, games, sequences))
    parts.append(cite_section(content, page, key, content.families[key].title))
    return "".join(parts)


def _references(
    content: SiteContent, page: str, key: str, games: list[Game], sequences: list[Sequence]
) -> str:
    """The papers the family's theorems, games and sequences rest on, each linked to
    its entry in the bibliography."""
    cited = [content.families[key].paper, *(g.paper for g in games), *(s.paper for s in sequences)]
    lines = "".join(
        f"- {paper_line(content, paper, page)}\n"
        for paper in dict.fromkeys(cited)
        if paper in content.papers
    )
    every = paths.link(page, paths.bibliography())
    return f"\n## References\n\n{lines}\nEvery source of the site: [bibliography]({every}).\n"


def _period_comparison(content: SiteContent, page: str, games: list[Game]) -> str:
    """The additive periods of the first rows of every game of the family that has
    Sprague–Grundy values, side by side: how the period of row x changes with the
    family's parameters (each game's page has all its rows, and its columns).  The
    table opens on demand, so that the page stays a few screens tall."""
    periods = {g.id: content.grundy_periods.get(g.id, []) for g in games}
    compared = {game_id: lines for game_id, lines in periods.items() if lines}
    if not compared:
        return ""
    rows = []
    for game_id, lines in list(compared.items())[:FAMILY_TABLE_ROWS]:
        by_row = {p.row: p for p in lines if p.axis == vocabulary.ROW}
        cells = [_period_cell(by_row.get(x)) for x in range(PERIOD_ROWS)]
        rows.append((f"[{game_id}]({paths.link(page, paths.game(game_id))})", *cells))
    side = max(p.verified_to for lines in compared.values() for p in lines)
    headers = ["game", *(f"row {x}" for x in range(PERIOD_ROWS))]
    query = (
        "SELECT game_id, row, preperiod, period, increment FROM grundy_periods WHERE axis = "
        f"'{vocabulary.ROW}' AND game_id IN (SELECT id FROM games WHERE family = "
        f"'{games[0].family}') AND row < {PERIOD_ROWS} ORDER BY game_id, row"
    )
    more = f"The first {len(rows)} of {len(compared)} games; " if len(rows) < len(compared) else ""
    return (
        "\n## Sprague–Grundy periods { data-search-exclude }\n\n"
        f"Each game's rows 0 to {PERIOD_ROWS - 1}: G(x, y + p) = G(x, y) + i for every y "
        "from s on, written p from s, with +i where the increment differs from the period "
        f"(found on tables of side up to {side}; —: no period within the table); in bold, "
        "the periods proven for every y (each game's page says how).\n\n"
        + "<details markdown>\n"
        + f"<summary>The periods of {len(rows)} games, row by row</summary>\n\n"
        + unsearched(table(headers, rows, "l" + "r" * PERIOD_ROWS))
        + "\n</details>\n"
        + f'\n{more}<a href="{paths.sql_query(page, query)}">every game\'s periods in the SQL '
        "console</a>.\n"
    )


def _period_cell(found: GrundyPeriod | None) -> str:
    """``6 from 8`` (period 6 from y = 8), ``+3`` added when the increment is not the
    period, in bold when proven; ``—`` without a period, blank for a row not stored."""
    if found is None:
        return ""
    if found.period is None:
        return "—"
    increment = "" if found.increment == found.period else f" +{found.increment}"
    cell = f"{found.period} from {found.preperiod}{increment}"
    return f"**{cell}**" if found.evidence == vocabulary.PROVEN else cell


def _all_in_index(
    page: str, index: str, family: str, counts: tuple[int, int, int], kind: str
) -> str:
    """A link to the index page filtered to the family, when the table shows only
    its first rows (a family page stays a few screens tall).  ``counts``: the rows
    shown, the family's, and the index's (an index of several pages filters each
    page's rows alone, and says so)."""
    shown, total, every = counts
    if shown == total:
        return ""
    target = paths.link(page, index) + f"?family={family}"  # MkDocs rewrites .md links
    if indexes.parts(every) == 1:
        return (
            f"\nThe first {shown} of {total}: [all {total} {kind}, to sort and filter]({target}).\n"
        )
    return (
        f"\nThe first {shown} of {total}: all {total} are in [the index of {kind}]({target}), "
        f"{indexes.INDEX_ROWS:,} rows a page, each page sorted and filtered on its own.\n"
    )


def _family_checks(content: SiteContent, games: list[Game], sequences: list[Sequence]) -> str:
    subjects = [g.id for g in games] + [s.id for s in sequences]
    grouped: dict[str, list[Check]] = defaultdict(list)
    for subject in subjects:
        for check in content.checks.get(subject, []):
            grouped[check.check].append(check)
    if not grouped:
        return "No checks recorded.\n"
    rows = []
    for name, checks in sorted(grouped.items()):
        passed = sum(1 for c in checks if c.passed)
        ranges = Counter(c.up_to for c in checks).most_common(1)[0][0]
        status = (
            f"passed ({passed} of {len(checks)})"
            if passed == len(checks)
            else (f"**{len(checks) - passed} failed** of {len(checks)}")
        )
        rows.append((escape(name), len(checks), escape(ranges), status))
    return table(["theorem or check", "instances", "typical range", "result"], rows, "lrll")


# ----------------------------------------------------------------------------- numeration
