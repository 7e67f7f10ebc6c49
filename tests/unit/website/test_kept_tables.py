"""The tables in HTML kept out of Markdown's way: MkDocs, run on a small site with
the hook and without it, writes the same pages and the same search index."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.exceptions import Abort
from wythoff.website import kept_tables
from wythoff.website.markdown import table, unsearched

from tests.helpers.mkdocs_site import build_site

NUMBERS = table(["n", "a(n)"], [[n, 2 * n] for n in range(30)], "rr")
SOURCES = {
    "index.md": f"# Home\n\nBefore.\n\n{table(['family', 'n'], [['Wythoff', 1]], 'lr')}\nAfter.\n",
    "terms.md": f"# Terms\n\n{unsearched(NUMBERS, 'wy-terms')}\n## Again\n\n{unsearched(NUMBERS)}",
    "mixed.md": f"# Mixed\n\n{table(['link'], [['[home](index.md)']])}\n{NUMBERS}\ntext\n",
}


def render(root: Path, *hooks: str) -> dict[str, bytes]:
    """The small site built with these hooks: each written page's and the search
    index's bytes."""
    return build_site(
        root,
        SOURCES,
        f"theme: {{name: material}}\nplugins: [search]\nhooks: {list(hooks)}\n"
        "markdown_extensions: [md_in_html, attr_list, {tables: {use_align_attribute: true}}]\n",
    )


def test_the_pages_are_written_as_markdown_alone_writes_them(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    kept = render(tmp_path / "kept", kept_tables.__file__)
    assert kept == render(tmp_path / "converted")
    assert kept["terms/index.html"].count(b'<td align="right">58</td>') == 2
    assert b"Wythoff" in kept["search/search_index.json"]  # a table the search reads
    assert b"data-wy-kept" not in b"".join(kept.values())
    assert b'<a href="../">home</a>' in kept["mixed/index.html"]  # a pipe table, converted


def test_each_page_gets_its_own_tables_back():
    class Page:
        file = type("File", (), {"src_uri": "p.md"})()

    markdown = f"x\n\n{NUMBERS}\ny\n\n{table(['k'], [[7]])}"
    placed = kept_tables.on_page_markdown(markdown, page=Page(), config=None, files=None)
    assert "<td" not in placed and placed.count("data-wy-kept") == 2
    back = kept_tables.on_page_content(placed, page=Page(), config=None, files=None)
    assert back == markdown


def test_a_table_markdown_did_not_keep_in_place_stops_the_build(tmp_path, caplog):
    """A table in HTML written in a code block is shown as text: its place is lost."""
    fenced = {"index.md": f"# Home\n\n```\n{NUMBERS}```\n"}
    settings = f"hooks: [{kept_tables.__file__}]\nmarkdown_extensions: [fenced_code]\n"
    with pytest.raises(Abort):
        build_site(tmp_path, fenced, settings)
    assert "index.md: 1 of its 1 tables in HTML were not kept in place" in caplog.text
