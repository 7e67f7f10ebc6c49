"""The family pages: the family's own text (from its module, through the database),
its verification summed up, and the first rows of its games and sequences, with
links to the index pages filtered to the family (a page stays a few screens tall)."""

from __future__ import annotations

from collections import Counter, defaultdict

from wythoff.website import paths
from wythoff.website.content import Check, Game, Sequence, SiteContent
from wythoff.website.markdown import escape, name_markdown, table, unsearched

FAMILY_TABLE_ROWS = 20
"""Rows of a family page's tables of games and sequences; the index pages list all."""


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
    parts.append(_all_in_index(page, paths.games_index(), key, len(shown), len(games), "games"))
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
        _all_in_index(page, paths.sequences_index(), key, len(listed), len(sequences), "sequences")
    )
    return "".join(parts)


def _all_in_index(page: str, index: str, family: str, shown: int, total: int, kind: str) -> str:
    """A link to the index page filtered to the family, when the table shows only
    its first rows (a family page stays a few screens tall)."""
    if shown == total:
        return ""
    target = paths.link(page, index) + f"?family={family}"  # MkDocs rewrites .md links
    return f"\nThe first {shown} of {total}: [all {total} {kind}, to sort and filter]({target}).\n"


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
