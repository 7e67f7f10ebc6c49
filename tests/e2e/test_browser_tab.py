"""The page the browser tests take in turn (``tests/helpers/browser.Tab``) is handed to
the next test as a new page is: what one test leaves in it, the next never sees."""

from __future__ import annotations

import pytest

from tests.helpers.browser import VIEWPORT, Tab, Watch, visit

pytestmark = pytest.mark.browser

LEFT_BEHIND = """() => {
    localStorage.setItem("left", "1");
    sessionStorage.setItem("left", "1");
    document.cookie = "left=1; max-age=3600; path=/";
}"""

SEEN = """() => ({
    local: localStorage.getItem("left"),
    session: sessionStorage.getItem("left"),
    cookie: document.cookie,
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
})"""

FROM_CACHE = """() => [...performance.getEntriesByType("navigation"),
    ...performance.getEntriesByType("resource")]
    .filter((entry) => entry.transferSize < entry.encodedBodySize).map((entry) => entry.name)"""
"""What the page read from the HTTP cache: fewer bytes crossed the network than its body
holds (none, or the headers of a "304 Not Modified")."""


def test_a_page_given_back_keeps_nothing_of_the_test_before(tab: Tab, site_url):
    page = tab.take()
    watch = Watch(page)
    visit(page, site_url)
    page.evaluate(LEFT_BEHIND)
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="dark")
    assert page.evaluate(SEEN) == {"local": "1", "session": "1", "cookie": "left=1", "dark": True}
    assert page.evaluate(FROM_CACHE) == []
    visit(page, site_url)
    assert page.evaluate(FROM_CACHE), "a second visit reads the cache (the check can fail)"
    seen_before = len(watch.requests)

    tab.give_back()
    again = tab.take()
    assert again is page, "the same page, emptied (a new one costs Chromium more CPU)"
    visit(again, site_url)
    assert again.evaluate(SEEN) == {"local": None, "session": None, "cookie": "", "dark": False}
    assert again.evaluate(FROM_CACHE) == [], "the HTTP cache was emptied"
    assert again.viewport_size == VIEWPORT
    assert len(watch.requests) == seen_before, "the last test's listeners were removed"
    tab.give_back()
