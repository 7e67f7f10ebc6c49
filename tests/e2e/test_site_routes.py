"""The built site's pages carry the routes of :mod:`wythoff.website.paths`, which lead
to its files, and routes.js turns them into the addresses the tools use."""

from __future__ import annotations

import json
import posixpath
from pathlib import Path

from playwright.sync_api import Page
from wythoff.website import mkdocs_hooks, paths

from tests.helpers.browser import open_tool
from tests.helpers.markup import first


def carried(html: str) -> dict:
    return json.loads(first(html, "script", id=mkdocs_hooks.ROUTES).text)


def test_every_page_carries_the_routes_of_paths_and_its_root(small_build):
    site = small_build.site
    for page in [*site.rglob("index.html"), site / "404.html"]:
        routes = carried(page.read_text())
        assert routes["routes"] == paths.routes(), page
        if page.name == "404.html":
            assert routes["root"] == "/"  # no site_url: MkDocs links the error page so too
            continue
        root = posixpath.normpath(posixpath.join(page.parent.as_posix(), routes["root"]))
        assert Path(root) == site, page


def test_the_routes_lead_to_the_built_files(small_build):
    site = small_build.site
    for name, template in paths.routes().items():
        target = site / template.replace(paths.ID, "wythoff-a" if "sequence" in name else "wythoff")
        assert (target / "index.html" if template.endswith("/") else target).is_file(), name


def test_routes_js_gives_absolute_addresses_from_any_page(page: Page, site_url):
    open_tool(page, site_url + "search/terms/", "term-search-tool")
    module = site_url + paths.script("routes.js")
    addresses = page.evaluate(
        """async (module) => {
          const routes = await import(module);
          return [routes.sequence("wythoff-a"), routes.gameCsv("wythoff"), routes.findData(),
                  routes.root()];
        }""",
        module,
    )
    assert addresses == [
        site_url + "sequences/wythoff-a/",
        site_url + paths.game_csv("wythoff"),
        site_url + paths.find_data(),
        site_url,
    ]
