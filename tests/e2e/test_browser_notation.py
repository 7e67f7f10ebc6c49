# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The papers' notation in a real browser: KaTeX, run when the site is built, typesets
2WN^{(2,3)} in a game's heading and in the index and family tables, while the page
title, the search index and the anchors keep the plain form; the heading does not
move while KaTeX's font loads, keeps the height of its plain form, reads sensibly to
assistive technology, and needs no JavaScript."""

from __future__ import annotations

import json
import sqlite3

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.helpers.browser import (
    LAYOUT_SHIFT_LIMIT,
    TIMEOUT_MS,
    axe_violations,
    layout_shift,
    new_context,
    visit,
    watch_layout_shifts,
)

expect.set_options(timeout=TIMEOUT_MS)

GAME = "larsson-modulo-m2-p3-l2"  # Larsson's Table 4
NAME = "2-Wythoff modulo-3 2-Nim (2WN^(2,3))"
TEX = r"2\mathrm{WN}^{(2,3)}"


def named_with_notation(small_build, table: str) -> dict[str, str]:
    """ID -> plain name of the rows of ``table`` whose name has a notation."""
    with sqlite3.connect(small_build.database) as db:
        query = f"SELECT id, name FROM {table} WHERE name_tex <> ''"  # noqa: S608
        return dict(db.execute(query).fetchall())


@pytest.mark.browser
def test_a_game_heading_renders_the_notation_and_the_title_stays_plain(page, site_url):
    watch = visit(page, site_url + f"games/{GAME}/")
    heading = page.locator("article h1")
    expect(heading.locator(".katex")).to_have_count(1)
    annotation = heading.locator('annotation[encoding="application/x-tex"]')
    assert annotation.text_content() == TEX
    assert heading.locator(".wy-plain").count() == 0  # the rendered math took its place
    assert heading.locator(".katex-html").get_attribute("aria-hidden") == "true"
    assert page.title() == f"{NAME} - Wythoff sequences"
    assert heading.get_attribute("id") == "2-wythoff-modulo-3-2-nim-2wn23"  # as before
    # what assistive technology gets: the heading's name has the notation, and the
    # MathML says what it is term by term
    snapshot = heading.aria_snapshot()
    assert 'heading "2-Wythoff modulo-3 2-Nim ( 2WN^(2,3) )' in snapshot
    assert 'math "2WN^(2,3)": 2 W N ( 2 , 3 )' in snapshot
    assert watch.errors == []
    assert all(url.startswith(site_url) for url in watch.requests)


@pytest.mark.browser
def test_a_page_without_formulas_loads_no_katex(page, site_url):
    """A page without a formula (every game and sequence page has one now) fetches
    nothing of KaTeX."""
    watch = visit(page, site_url + "reliability/")
    assert page.locator("article .katex").count() == 0
    assert not [url for url in watch.requests if "/vendor/katex/" in url]


@pytest.mark.browser
def test_the_games_index_renders_every_notation(page, site_url, small_build):
    watch = visit(page, site_url + "games/")
    named = named_with_notation(small_build, "games")
    assert GAME in named and len(named) > 40
    rows = page.locator("table.index-table tbody tr")
    expect(rows.locator(".katex")).to_have_count(len(named))
    assert page.locator(".katex-error, .wy-plain").count() == 0
    row = rows.filter(has=page.locator(f'a[href$="{GAME}/"]'))
    assert row.locator("annotation").text_content() == TEX
    # sorting by name sorts the plain names, not the rendered math's text
    page.locator("thead th", has_text="name").locator("button").click()
    first = rows.first.locator("td").nth(1)
    assert first.get_attribute("data-sort") in (None, *named.values())
    assert watch.errors == []


@pytest.mark.browser
def test_the_sequences_index_and_the_family_page_render_the_names(page, site_url, small_build):
    named = named_with_notation(small_build, "sequences")
    assert f"{GAME}-c" in named
    visit(page, site_url + "sequences/")
    table = page.locator("table.index-table tbody")
    expect(table.locator(".katex")).to_have_count(len(named))
    visit(page, site_url + f"sequences/{GAME}-c/")
    expect(page.locator("article h1 .katex annotation")).to_have_text(TEX)  # the title
    watch = visit(page, site_url + "families/larsson/")
    games = page.locator("article table", has=page.locator("th", has_text="P-positions"))
    expect(games.locator("tbody tr").first.locator(".katex")).to_have_count(1)
    assert page.locator("article .katex-error, article .wy-plain").count() == 0
    assert watch.errors == []


@pytest.mark.browser
def test_the_heading_does_not_shift_while_katex_fonts_load(cold_page, site_url):
    watch_layout_shifts(cold_page)
    cold_page.set_viewport_size({"width": 412, "height": 823})  # a phone, as Lighthouse's default
    cold_page.goto(site_url + f"games/{GAME}/")
    heading = cold_page.locator("article h1")
    expect(heading.locator(".katex")).to_have_count(1)
    # a rendered heading of one notation moves the words after it a little, if at all
    assert layout_shift(cold_page) < LAYOUT_SHIFT_LIMIT / 10


@pytest.mark.browser
def test_without_javascript_the_notation_is_typeset_and_no_script_of_katex_loads(
    browser: Browser, site_url
):
    context = new_context(browser, java_script_enabled=False)
    try:
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(site_url + f"games/{GAME}/")
        heading = page.locator("article h1")
        expect(heading.locator(".katex-html")).to_be_visible()
        assert heading.locator(".katex-mathml annotation").text_content() == TEX
        assert heading.locator(".wy-plain").count() == 0
        assert [url for url in requested if url.endswith("katex.min.css")]
        assert not [url for url in requested if url.endswith(".js") and "katex" in url]
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", [f"games/{GAME}/", "families/larsson/"])
def test_pages_with_notation_pass_axe(page: Page, site_url, path, scheme):
    page.emulate_media(color_scheme=scheme)
    watch = visit(page, site_url + path)
    expect(page.locator("article .katex").first).to_be_visible()
    assert axe_violations(page) == []
    assert watch.errors == []


def test_the_search_index_titles_and_the_ids_stay_plain(small_build):
    index = json.loads((small_build.site / "assets" / "data" / "find.json").read_text())
    entries = {entry["id"]: entry for entry in index["entries"]}
    assert entries[GAME]["title"] == NAME
    assert not [e["id"] for e in index["entries"] if "\\" in e["title"] or "\\" in e["id"]]
    html = (small_build.site / "games" / GAME / "index.html").read_text()
    assert f"<title>{NAME} - Wythoff sequences</title>" in html


PLAIN_HEADING = """(heading) => {
    const plain = heading.cloneNode(true);
    for (const math of plain.querySelectorAll(".wy-name")) {
        math.replaceWith(math.querySelector("math").getAttribute("aria-label"));
    }
    heading.after(plain);
    const height = plain.getBoundingClientRect().height;
    plain.remove();
    return height;
}"""
"""The height ``heading`` would have with each notation in its plain form."""


@pytest.mark.browser
@pytest.mark.parametrize("game", [GAME, "larsson-shifted-m3-p2-l1", "larsson-blocking-m2-p3-l0"])
def test_a_heading_is_as_tall_typeset_as_in_its_plain_form_on_a_phone(
    browser: Browser, site_url, game
):
    """The typeset notation is at the text's size: the heading keeps its lines."""
    context = new_context(browser, viewport={"width": 412, "height": 823})
    try:
        page = context.new_page()
        page.goto(site_url + f"games/{game}/")
        heading = page.locator("article h1")
        expect(heading.locator(".katex")).to_have_count(1)
        page.evaluate("document.fonts.ready.then(() => true)")  # KaTeX's font is in
        typeset = heading.bounding_box()["height"]
        assert heading.evaluate(PLAIN_HEADING) == typeset
    finally:
        context.close()
