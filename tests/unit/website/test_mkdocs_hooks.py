"""The entry pages' HTML is set aside on disk between MkDocs's two passes: MkDocs,
run on a small site with the hooks, writes the same pages with it as without it,
and leaves nothing behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from wythoff.website import mkdocs_hooks, paths

from tests.helpers.mkdocs_site import build_site

SOURCES = {
    "index.md": "# Home\n\n[a](sequences/wythoff-a/index.md), [g](games/wythoff/index.md)\n",
    "sequences/index.md": "# Sequences\n\n[wythoff-a](wythoff-a/index.md)\n",
    "sequences/wythoff-a/index.md": "# Lower Wythoff\n\n## Terms\n\n1, 3, 4 by \\(\\varphi\\).\n",
    "sequences/wythoff-b/index.md": "# Upper Wythoff\n\n[back](../wythoff-a/index.md#terms)\n",
    "games/wythoff/index.md": "# Wythoff's game\n\n| n | x | y |\n|---|---|---|\n| 0 | 0 | 0 |\n",
    "numeration/wythoff/index.md": "# Zeckendorf\n\nF(n) = F(n-1) + F(n-2).\n",
}


def render(root: Path) -> dict[str, bytes]:
    """Build the small site with the project's hooks: each written page's bytes."""
    return build_site(
        root,
        SOURCES,
        f"hooks: [{mkdocs_hooks.__file__}]\n"
        "markdown_extensions: [toc, tables, {pymdownx.arithmatex: {generic: true}}]\n",
    )


def test_the_pages_set_aside_are_written_as_those_held(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the pages' build date
    seen: dict[str, bool] = {}
    entry_page = paths.entry_page

    def spied(page: str) -> bool:
        seen[page] = entry_page(page)
        return seen[page]

    monkeypatch.setattr(paths, "entry_page", spied)
    aside = render(tmp_path / "aside")
    assert sorted(page for page, entry in seen.items() if entry) == sorted(
        name for name in SOURCES if name.count("/") == 2
    )
    monkeypatch.setattr(paths, "entry_page", lambda page: False)
    held = render(tmp_path / "held")
    assert aside == held and len(aside) >= len(SOURCES)
    assert b"katex" in aside["sequences/wythoff-a/index.html"]
    assert b"Upper Wythoff" in aside["sequences/wythoff-b/index.html"]
    assert not list(tmp_path.glob(f"*/{mkdocs_hooks.SET_ASIDE}*"))


class Page:
    def __init__(self, src_uri: str) -> None:
        self.file = type("File", (), {"src_uri": src_uri})()
        self.url = paths.served(src_uri)
        self.markdown: str | None = "# t"
        self.content: str | None = None


def test_an_entry_page_is_in_memory_only_while_it_is_written(tmp_path):
    config = type("Config", (), {"site_dir": str(tmp_path / "site")})()
    entry, other = Page("games/wythoff/index.md"), Page("games/index.md")
    mkdocs_hooks.on_pre_build(config)
    (folder,) = tmp_path.glob(f"{mkdocs_hooks.SET_ASIDE}*")
    for page, html in ((entry, "<h1>W</h1>"), (other, "<h1>G</h1>")):
        page.content = mkdocs_hooks.on_page_content(html, page=page, config=config, files=[])
    assert (entry.content, entry.markdown) == ("", "")
    assert (other.content, other.markdown) == ("<h1>G</h1>", "# t")
    assert len(list(folder.iterdir())) == 1
    mkdocs_hooks.on_page_context({}, page=entry, config=config, nav=None)
    assert entry.content == "<h1>W</h1>"
    head = "<html><head></head><body>W</body></html>"
    assert "wythoff-routes" in mkdocs_hooks.on_post_page(head, page=entry, config=config)
    assert entry.content is None and not list(folder.iterdir())
    mkdocs_hooks.on_build_error(error=RuntimeError("stopped"))
    assert not folder.exists()


@pytest.mark.parametrize(
    ("page", "entry"),
    [
        ("sequences/wythoff-a/index.md", True),
        ("games/larsson-m2-p3/index.md", True),
        ("numeration/wythoff/index.md", True),
        ("sequences/index.md", False),
        ("games/a/b/index.md", False),
        ("families/larsson/index.md", False),
        ("index.md", False),
    ],
)
def test_entry_pages_are_the_pages_of_one_sequence_or_game(page, entry):
    assert paths.entry_page(page) is entry
