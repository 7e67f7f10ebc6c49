# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""Accessible, stable pages in a real browser.

axe-core (the rule engine Lighthouse's accessibility score is made of, an npm
devDependency) checks the main pages in the light and the dark scheme against
WCAG 2 A and AA: contrast, labels of inputs, alternative text of images, names
of links and buttons, order of headings, links told apart from text by more than
colour.  Plain checks of the page say the same without axe for inputs and
images, and the SQL console is watched for layout shifts while its database
loads (a page that jumps under the reader's eyes).
"""

from __future__ import annotations

import pytest

from tests.helpers.browser import (
    LAYOUT_SHIFT_LIMIT,
    axe_violations,
    layout_shift,
    open_tool,
    visit,
    watch_layout_shifts,
)

# The home page, a sequence, a game, the tools, a family, the index pages and the changelog.
PAGES = [
    "",
    "sequences/wythoff-a/",
    "games/wythoff/",
    "games/connell-k3/",
    "families/wythoff/",
    "sequences/",
    "games/",
    "sql/",
    "find/",
    "search/terms/",
    "search/identify/",
    "position/",
    "statistics/",
    "games/coinciding/",
    "play/?game=larsson-choice-m1-p3",
    "games/larsson-blocking-m1-p2-l2/",
    "changelog/",
]


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_pages_pass_axe_in_both_schemes_and_name_every_input_and_image(
    page, site_url, path, scheme
):
    page.emulate_media(color_scheme=scheme)
    watch = visit(page, site_url + path)
    assert axe_violations(page) == []
    assert watch.errors == []
    assert unnamed_inputs_and_images(page) == []  # said plainly, without axe


def unnamed_inputs_and_images(page) -> list[str]:
    """The visible inputs without a label and the images without alternative text, every
    ``details`` of the page opened."""
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => (d.open = true))")
    return page.evaluate(
        """() => [
            ...Array.from(document.querySelectorAll("input:not([type=hidden]), select, textarea"))
                .filter((field) => field.checkVisibility())  // not the theme's hidden toggles
                .filter((field) => !field.labels?.length && !field.getAttribute("aria-label")
                    && !field.getAttribute("aria-labelledby")),
            ...Array.from(document.querySelectorAll("img"))
                .filter((image) => !image.hasAttribute("alt")),
        ].map((element) => element.outerHTML)"""
    )


@pytest.mark.browser
def test_sql_console_does_not_shift_while_its_database_loads(cold_page, site_url):
    watch_layout_shifts(cold_page)
    cold_page.set_viewport_size({"width": 412, "height": 823})  # a phone, as Lighthouse's default
    open_tool(cold_page, site_url + "sql/", "sql-console-tool")
    cold_page.wait_for_selector("#sql-examples button", state="attached")
    assert layout_shift(cold_page) < LAYOUT_SHIFT_LIMIT
