"""Hooks MkDocs runs while it builds the site (the generated configuration names this
file beside :mod:`.mkdocs_hooks`): the tables already written in HTML are kept out of
Markdown's way while it converts a page.

A table of plain cells (:func:`.markdown.table`: the terms, P-positions and values of
the entry pages) is written in HTML.  Python-Markdown would still read such a table
tag by tag (its HTML parser, written in Python) only to write it back as it stands:
most of a large page's conversion.  Before the conversion each one is replaced by an
empty table naming it (:data:`PLACE`); once converted, before any plugin reads the
page (Material's search reads a table that is not excluded from it), the page gets
its tables back, byte for byte."""

from __future__ import annotations

import re
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

TABLE = re.compile(r"^<table>\n.*?\n</table>$", re.MULTILINE | re.DOTALL)
"""A table in HTML as :func:`.markdown.table` writes it, from the start of a line."""

PLACE = '<table data-wy-kept="{}"></table>'
"""What stands in for a page's table while Markdown converts the page: its number."""

PLACED = re.compile(re.escape(PLACE).replace(re.escape("{}"), r"(\d+)"))
"""A stand-in of :data:`PLACE` in the converted page, its number captured."""

_KEPT: dict[str, list[str]] = {}
"""Each page's tables while it is converted (one build at a time in a process)."""


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """The page's Markdown with each of its HTML tables set aside, in its place an
    empty table naming it."""
    tables: list[str] = []

    def keep(found: re.Match[str]) -> str:
        tables.append(found.group(0))
        return PLACE.format(len(tables) - 1)

    markdown = TABLE.sub(keep, markdown)
    _KEPT[page.file.src_uri] = tables
    return markdown


@event_priority(100)  # first: every other plugin and hook reads the tables
def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """The converted page with its tables back where they stood.  A table whose place
    Markdown did not keep as it was (written in a code block, say, where it is shown
    as text) stops the build, naming the page: no table is lost unseen."""
    tables = _KEPT.pop(page.file.src_uri, [])
    html, back = PLACED.subn(lambda found: tables[int(found.group(1))], html)
    if back != len(tables):
        raise PluginError(
            f"{page.file.src_uri}: {len(tables) - back} of its {len(tables)} tables in HTML "
            "were not kept in place by Markdown (a table in a code block?)"
        )
    return html
