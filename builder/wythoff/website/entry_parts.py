"""The pieces that a sequence's page and a game's page both show: a link to a game's
page, a figure with its caption, and the table of the entry's checks."""

from __future__ import annotations

import html

from wythoff.website import paths, pictures
from wythoff.website.markdown import escape, table, unsearched
from wythoff.website.records import Check


def game_link(page: str, game_id: str) -> str:
    """A link from ``page`` (a site path) to a game's page, labelled with its ID."""
    return f"[{game_id}]({paths.link(page, paths.game(game_id))})"


def figure_html(source: str, figure: pictures.Figure) -> str:
    """A picture file with its alternative text and the caption saying what to look for."""
    return (
        f'<figure class="wy-figure"><img src="{source}" alt="{html.escape(figure.alt)}" '
        f'loading="lazy" decoding="async" width="{figure.width}" height="{figure.height}">'
        f"<figcaption>{html.escape(figure.caption)}</figcaption></figure>\n"
    )


def checks_table(rows: list[Check]) -> str:
    """The checks of an entry, in a block whose words never break inside (the style
    sheet's ``wy-checks``: "passed" on one line, however narrow the page)."""
    if not rows:
        return "No check recorded for this entry.\n"
    body = [
        (
            escape(r.check),
            escape(r.method),
            escape(r.up_to),
            "passed" if r.passed else f"**failed**: {escape(r.detail)}",
        )
        for r in rows
    ]
    return unsearched(table(["check", "how", "how far", "result"], body), "wy-checks")
