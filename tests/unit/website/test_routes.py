"""The browser tools' addresses: every page carries paths' routes, routes.js serves
each of them, and no other script spells an address."""

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from wythoff.website import mkdocs_hooks, paths

from tests.helpers.markup import first

SCRIPTS = Path(__file__).parents[3] / "site" / "assets" / "javascripts"
PAGE = "<html><head><title>t</title></head><body><p>text</p></body></html>"


def carried(html: str) -> dict:
    """The routes a page carries."""
    script = first(html, "script", id=mkdocs_hooks.ROUTES)
    assert script.attrs["type"] == "application/json"
    return json.loads(script.text)


@pytest.mark.parametrize(
    ("url", "root"), [("", "./"), ("find/", "../"), ("sequences/wythoff-a/", "../../")]
)
def test_every_page_carries_the_routes_of_paths_and_its_way_to_the_root(url, root):
    page = SimpleNamespace(url=url, file=SimpleNamespace(src_uri=f"{url}index.md"))
    html = mkdocs_hooks.on_post_page(PAGE, page, None)
    assert carried(html) == {"root": root, "id": paths.ID, "routes": paths.routes()}
    assert first(html, "script", id=mkdocs_hooks.ROUTES).end <= first(html, "head").end


def test_the_error_page_carries_them_from_the_root_mkdocs_links_it_to():
    for site_url, root in (("https://example.org/wythoff/", "/wythoff/"), ("", "/")):
        config = SimpleNamespace(site_url=site_url)
        html = mkdocs_hooks.on_post_template(PAGE, "404.html", config)
        assert carried(html)["root"] == root
    assert mkdocs_hooks.on_post_template(PAGE, "sitemap.xml", config) == PAGE


def test_routes_js_gives_every_route_of_paths():
    source = (SCRIPTS / "routes.js").read_text()
    assert set(re.findall(r'address\("(\w+)"', source)) == set(paths.routes())


ADDRESSES = re.compile(
    r"(?<![\w/.])(?:sequences|games)/|assets/data|\.\./data/|\w\.json\b(?!\()|\w\.csv`"
)
"""What spells an address of the site in a script: a page's folder, the data files'
folder, a data file's name (``response.json()`` is no name), a built CSV path."""


def test_no_script_but_routes_js_spells_an_address():
    for script in sorted(SCRIPTS.glob("*.js")):
        if script.name == "routes.js":
            continue
        spelled = ADDRESSES.findall(script.read_text())
        assert not spelled, f"{script.name}: {spelled}"


def test_the_check_finds_the_addresses_scripts_used_to_spell():
    for line in (
        'element("a", { href: `${siteRoot}sequences/${id}/` }, id)',
        "csv = `${home}games/${game.id}/${game.id}.csv`;",
        'fetch(new URL("../data/games.json", import.meta.url))',
        "fetch(`${siteRoot}assets/data/slopes.json`)",
        "// from data/find.json, which is fetched",
    ):
        assert ADDRESSES.search(line), line
    assert not ADDRESSES.search("const { games } = await response.json();")
    assert not ADDRESSES.search("// builder/core/games/rules.py")
