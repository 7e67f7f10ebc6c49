"""The built site carries no byte a reader does not get something from: pages without
the templates' indentation, table cells aligned by a short attribute, each picture
once, a symmetric board's values drawn from their half below the diagonal."""

from __future__ import annotations

import base64
import hashlib
import re

from playwright.sync_api import Page
from wythoff.core.games import grundy as values
from wythoff.core.games.rules import Rules
from wythoff.website import compact, grundy_picture, svg

from tests.helpers.markup import find, first


def test_every_page_is_minified(small_build):
    """No page carries the templates' indentation: minifying it again changes nothing."""
    pages = [*small_build.site.rglob("*.html")]
    assert len(pages) > 20
    for page in pages:
        html = page.read_text()
        assert compact.compact(html) == html, page
        outside = re.sub(r"<(pre|textarea|script|style|code)\b.*?</\1>", "", html, flags=re.S)
        assert not re.search(r"\n[ \t]|\n\n", outside), page


def test_a_table_of_numbers_says_once_that_its_cells_are_right_aligned(small_build):
    html = (small_build.site / "sequences" / "wythoff-a" / "index.html").read_text()
    (table,) = first(html, "div", classes="wy-terms").find("table")
    cells = table.find("td")
    assert table.attrs == {"data-align": "right"} and len(cells) >= 60
    assert not [e for e in table.find() if "align" in e.attrs]
    assert not [e for e in find(html) if "text-align" in e.attrs.get("style", "")]


def test_the_cells_show_the_alignment_of_their_column(page: Page, site_url):
    """Numbers to the right, words to the left, as the Markdown of the table says."""
    page.goto(site_url + "games/wythoff/")
    # Chromium names the left of align="left" -webkit-left
    align = "cells => cells.map(c => getComputedStyle(c).textAlign.replace('-webkit-', ''))"
    periods = page.locator("article table[data-align='right']").filter(has_text="preperiod")
    assert periods.locator("th").evaluate_all(align) == ["right"] * 4 + ["left"]
    first = periods.locator("tbody tr").first.locator("td").evaluate_all(align)
    assert first == ["right"] * 4 + ["left"]
    page.goto(site_url + "sequences/wythoff-a/")
    cells = page.locator(".wy-terms table td").evaluate_all(align)
    assert len(cells) >= 60 and set(cells) == {"right"}


def test_a_pages_navigation_stays_small(small_build):
    """Material writes the whole navigation into every page: one entry's sidebar,
    phone drawer included, holds its links in a few kilobytes."""
    html = (small_build.site / "games" / "wythoff" / "index.html").read_text()
    sidebar = first(html, "div", classes="md-sidebar md-sidebar--primary")
    links = sidebar.find(classes="md-nav__link")
    assert len(links) >= 20 and len(sidebar.markup) < 250 * len(links)


def test_each_picture_is_one_file_that_every_page_showing_it_links(small_build):
    """A game's c and d sequences draw the same pair, games with equal values the same
    Sprague–Grundy picture: the site holds each once, and the pages link it."""
    site = small_build.site
    pictures = [
        p for p in site.rglob("*") if p.suffix in (".svg", ".png") and "assets" not in p.parts
    ]
    digests = [hashlib.sha256(p.read_bytes()).digest() for p in pictures]
    assert len(pictures) > 20 and len(set(digests)) == len(digests)
    linked, borrowed = set(), set()
    for page in site.rglob("index.html"):
        shown = [e.attrs.get("src") for e in find(page.read_text(), "img")]
        shown += [e.attrs.get("href") for e in find(page.read_text(), "image")]
        for source in [s for s in shown if s and re.fullmatch(r"[^?#]+\.(?:svg|png)", s)]:
            target = (page.parent / source).resolve()
            assert target.is_file(), (page, source)
            linked.add(target)
            if target.parent != page.parent.resolve():
                borrowed.add(target)
    assert linked == {p.resolve() for p in pictures}
    assert borrowed, "no page shows a picture written for another page"
    own = site / "sequences" / "wythoff-a" / "index.html"
    assert find(own.read_text(), "img", src="plot.svg")


def test_a_mirrored_picture_shows_what_the_whole_picture_shows(page: Page, site_url, small_build):
    """On a symmetric board the PNG holds the values with y <= x and the page draws it
    twice: the browser shows, pixel for pixel, the picture of every value."""
    table = values.grundy_table(Rules(bishop=1), grundy_picture.SIDE)
    page.goto(site_url + "games/wythoff/")
    picture = page.locator("svg.wy-grundy-svg")
    images = picture.locator("image")
    assert images.count() == 2
    source = images.last.get_attribute("href")
    shipped = (small_build.site / "games" / "wythoff" / source).read_bytes()
    assert shipped == grundy_picture.png(table, mirrored=True)
    page.evaluate("() => document.fonts.ready")
    mirrored = picture.screenshot()
    whole = "data:image/png;base64," + base64.b64encode(grundy_picture.png(table)).decode()
    page.evaluate(
        """([svg, whole]) => new Promise(done => {
            const [under, image] = document.querySelectorAll(svg + " image");
            under.remove();
            image.addEventListener("load", done, {once: true});
            image.setAttribute("href", whole);
        })""",
        ["svg.wy-grundy-svg", whole],
    )
    assert picture.locator("image").count() == 1
    assert picture.screenshot() == mirrored


def test_a_closed_dot_is_the_round_dot_of_a_zero_length_segment(page: Page):
    """The plots' dots are zero-length subpaths closed at once (``z``): the browser
    draws each as the round cap of a segment of length 0 (``h0``), pixel for pixel."""
    points = [(round(5 + (n * 37.3) % 190, 1), round(5 + (n * 11.9) % 90, 1)) for n in range(300)]
    dots = svg.dot_path(points)
    segments = "".join(f"M{x} {y}h0" for x, y in points)
    shots = []
    for path in (dots, segments):
        page.set_content(
            '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
            f'<rect width="200" height="100" fill="#fff"/><path d="{path}" stroke="#3949ab" '
            'stroke-width="3" stroke-linecap="round" fill="none"/></svg>'
        )
        shots.append(page.locator("svg").screenshot())
    assert "h0" not in dots and shots[0] == shots[1]


def test_a_minified_formula_and_icon_are_read_in_their_namespace(page: Page):
    """The browser reads a minified page's ``<math>`` and ``<svg>`` in their namespace,
    ``viewBox`` in its SVG spelling, and a self-closing element of either as a whole
    element: what follows it stays its sibling, and the page after the formula its own."""
    written = (
        '<p>a <math><mi>x</mi><mspace width="2em"/><mi>y</mi></math> b '
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24">'
        '<path d="M0 0h24v24z"/><rect width="2" height="2"/></svg></p><p id="after">c</p>'
    )
    page.set_content("<!doctype html><html><body>" + compact.compact(written) + "</body></html>")
    read = page.evaluate(
        """() => ({
            math: document.querySelector("math").namespaceURI,
            inMspace: document.querySelector("mspace").childElementCount,
            afterMspace: document.querySelector("mspace").nextElementSibling.textContent,
            svg: document.querySelector("svg").namespaceURI,
            viewBox: document.querySelector("svg").viewBox.baseVal.width,
            rect: document.querySelector("rect").parentNode.tagName,
            after: document.getElementById("after").parentNode.tagName,
        })"""
    )
    assert read == {
        "math": "http://www.w3.org/1998/Math/MathML",
        "inMspace": 0,
        "afterMspace": "y",
        "svg": "http://www.w3.org/2000/svg",
        "viewBox": 24,
        "rect": "svg",
        "after": "BODY",
    }
