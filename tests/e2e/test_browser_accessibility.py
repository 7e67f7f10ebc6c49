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

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.helpers.browser import open_tool, visit

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# The home page, a sequence, a game, the tools, a family and the index pages.
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
]
LAYOUT_SHIFT_LIMIT = 0.1  # Lighthouse's "good" cumulative layout shift


def axe_violations(page: Page) -> list[str]:
    """axe-core's WCAG 2 A/AA violations on the open page, one line per element."""
    assert AXE.exists(), f"{AXE} is missing: run npm ci (axe-core is a devDependency)"
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})", TAGS
    )
    return [
        f"{rule['id']}: {node['target']} {node['failureSummary'][:200]}"
        for rule in result["violations"]
        for node in rule["nodes"]
    ]


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_pages_pass_axe_in_both_schemes(page, site_url, path, scheme):
    page.emulate_media(color_scheme=scheme)
    watch = visit(page, site_url + path)
    assert axe_violations(page) == []
    assert watch.errors == []


@pytest.mark.browser
@pytest.mark.parametrize("path", PAGES)
def test_every_input_has_a_label_and_every_image_a_text(page, site_url, path):
    visit(page, site_url + path)
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => (d.open = true))")
    unnamed = page.evaluate(
        """() => Array.from(document.querySelectorAll("input:not([type=hidden]), select, textarea"))
            .filter((field) => field.checkVisibility())  // not the theme's hidden toggles
            .filter((field) => !field.labels?.length && !field.getAttribute("aria-label")
                && !field.getAttribute("aria-labelledby"))
            .map((field) => field.outerHTML)"""
    )
    without_alt = page.evaluate(
        """() => Array.from(document.querySelectorAll("img"))
            .filter((image) => !image.hasAttribute("alt")).map((image) => image.outerHTML)"""
    )
    assert unnamed == []
    assert without_alt == []


@pytest.mark.browser
def test_sql_console_does_not_shift_while_its_database_loads(page, site_url):
    page.add_init_script(
        """window.layoutShift = 0;
        new PerformanceObserver((list) => {
            for (const entry of list.getEntries())
                if (!entry.hadRecentInput) window.layoutShift += entry.value;
        }).observe({type: "layout-shift", buffered: true});"""
    )
    page.set_viewport_size({"width": 412, "height": 823})  # a phone, as Lighthouse's default
    open_tool(page, site_url + "sql/", "sql-console-tool")
    page.wait_for_selector("#sql-examples button", state="attached")
    page.wait_for_timeout(300)  # the last layout after the buttons are in
    assert page.evaluate("window.layoutShift") < LAYOUT_SHIFT_LIMIT
