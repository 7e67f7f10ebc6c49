"""The built site carries no byte a reader does not get something from: pages without
the templates' indentation, table cells aligned by a short attribute."""

from __future__ import annotations

import hashlib
import re

from wythoff.website import compact


def test_no_page_carries_the_templates_indentation(small_build):
    pages = [*small_build.site.rglob("*.html")]
    assert len(pages) > 20
    for page in pages:
        html = page.read_text()
        outside = compact.KEPT.sub("<kept>", html)
        assert not re.search(r"\n[ \t]|\n\n", outside), page
        assert compact.compact(html) == html, page


def test_table_cells_are_aligned_by_the_align_attribute(small_build):
    html = (small_build.site / "sequences" / "wythoff-a" / "index.html").read_text()
    assert html.count('<td align="right">') >= 60  # the table of the first terms
    assert "text-align" not in compact.KEPT.sub("", html)


def test_a_pages_navigation_stays_small(small_build):
    """Material writes the whole navigation into every page: one entry's sidebar,
    phone drawer included, holds its links in a few kilobytes."""
    html = (small_build.site / "games" / "wythoff" / "index.html").read_text()
    start = html.index('<div class="md-sidebar md-sidebar--primary"')
    end = html.index('<div class="md-sidebar md-sidebar--secondary"')
    links = html.count('class="md-nav__link"', start, end)
    assert links >= 20 and end - start < 250 * links


def test_each_picture_is_one_file_that_every_page_showing_it_links(small_build):
    """A game's c and d sequences draw the same pair, games with equal values the same
    Sprague–Grundy picture: the site holds each once, and the pages link it."""
    site = small_build.site
    pictures = [
        p for p in site.rglob("*") if p.suffix in (".svg", ".png") and "assets" not in p.parts
    ]
    digests = [hashlib.sha256(p.read_bytes()).digest() for p in pictures]
    assert len(pictures) > 20 and len(set(digests)) == len(digests)
    linked = set()
    for page in site.rglob("index.html"):
        for source in re.findall(
            r'<(?:img src|image href)="([^"]+\.(?:svg|png))"', page.read_text()
        ):
            target = (page.parent / source).resolve()
            assert target.is_file(), (page, source)
            linked.add(target)
    assert linked == {p.resolve() for p in pictures}
    shared = site / "sequences" / "wythoff-a" / "index.html"
    assert 'src="plot.svg"' in shared.read_text()
