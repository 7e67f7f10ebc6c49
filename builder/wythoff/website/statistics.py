"""The statistics page: what this build holds, counted from its database.

Sequences, terms, games and P-positions by family; relations by kind and by what
they rest on; games by how they are solved and how they coincide.  Every figure
is a count over the database's rows, so the page says what this build holds,
whatever version built it.
"""

from __future__ import annotations

from collections import Counter

from wythoff.db import vocabulary
from wythoff.website import paths
from wythoff.website.content import SiteContent, is_anumber
from wythoff.website.indexes import searched, unmatched
from wythoff.website.markdown import escape, front_matter, table


def statistics_page(content: SiteContent) -> str:
    """The page's Markdown."""
    page = paths.statistics()
    return "".join(
        [
            front_matter(
                title="Statistics", description="What this build holds, counted from its database."
            ),
            "# Statistics\n\n",
            f"Build {escape(content.info.get('build_id', ''))} of "
            f"{escape(content.info.get('date', '')[:10])}: every figure below is a count "
            "over the rows of its database.\n\n",
            "## By family\n\n",
            _families(content, page),
            "\n## Relations\n\n",
            _relations(content),
            "\n## Games\n\n",
            _games(content, page),
        ]
    )


def _families(content: SiteContent, page: str) -> str:
    rows: list[list[object]] = []
    totals = [0, 0, 0, 0, 0]
    for key, family in sorted(content.families.items(), key=lambda item: item[1].rank):
        sequences = [s for s in content.sequences.values() if s.family == key]
        games = [g for g in content.games.values() if g.family == key]
        figures = [
            len(sequences),
            sum(s.terms_count for s in sequences),
            sum(g.solved for g in games),
            sum(not g.solved for g in games),
            sum(content.position_counts.get(g.id, 0) for g in games),
        ]
        totals = [a + b for a, b in zip(totals, figures, strict=True)]
        link = f"[{escape(family.title)}]({paths.link(page, paths.family(key))})"
        rows.append([link, *(f"{v:,}" for v in figures)])
    rows.append(["**all**", *(f"**{v:,}**" for v in totals)])
    headers = ["family", "sequences", "terms", "games with formula", "games by solver",
               "P-positions stored"]  # fmt: skip
    return table(headers, rows, "lrrrrr")


def _relations(content: SiteContent) -> str:
    counted = Counter(
        (row.kind, row.evidence) for rows in content.crossrefs.values() for row in rows
    )
    rows = [
        [escape(kind), escape(evidence), f"{count:,}"]
        for (kind, evidence), count in sorted(
            counted.items(),
            key=lambda item: (
                list(vocabulary.EVIDENCE_KINDS).index(item[0][1]),
                item[0][0],
            ),  # fmt: skip
        )
    ]
    oeis = {
        row.target
        for rows in content.crossrefs.values()
        for row in rows
        if is_anumber(row.target) and row.kind == vocabulary.MATCH
    }
    not_in_oeis = paths.link(paths.statistics(), paths.not_in_oeis())
    return (
        table(["kind", "evidence", "relations"], rows, "llr")
        + f"\n{len(oeis):,} OEIS entries match a sequence; {len(unmatched(content)):,} "
        f"sequences match none of {escape(searched(content))} "
        f"([no OEIS match]({not_in_oeis})).\n"
    )


def _games(content: SiteContent, page: str) -> str:
    classes = Counter(g.coincidence for g in content.games.values())
    shared = sum(1 for size in classes.values() if size > 1)
    twins = sum(size for size in classes.values() if size > 1)
    evidence = Counter(
        g.coincidence_evidence for g in content.games.values() if classes[g.coincidence] > 1
    )
    link = paths.link(page, paths.coinciding_games())
    words = ", ".join(f"{count:,} {escape(kind)}" for kind, count in sorted(evidence.items()))
    return (
        f"{len(content.games):,} games: {sum(g.solved for g in content.games.values()):,} "
        f"with a formula, the others solved by the solver. {twins:,} games fall in "
        f"{shared:,} [classes with the same P-positions]({link}) ({words}).\n"
    )
