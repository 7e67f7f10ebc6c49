# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The site's search box in a real browser: the words people use bring the right
entry first, and its index is fetched only when the box is used."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.browser import visit

FIRST = {
    "wythoff-a": "wythoff-a",
    "A000201": "wythoff-a",
    "connell-k3": "connell-k3",
    "golden ratio": "wythoff-a",
    "Beatty": "beatty-sqrt",
    "Zeckendorf": "fraenkel",
    "Fibonacci": "fraenkel-a1-p",
    "complementary": "wythoff-a",
    "P-positions": "wythoff-a",
    "misere": "wythoff-misere",
}
HOME_PAGE_BUDGET = 300_000  # bytes transferred before any action


def first_found(page: Page, query: str) -> str:
    page.fill("#find-query", query)
    expect(page.locator(".find-status")).to_contain_text("found")
    return page.locator(".find-results li a").first.inner_text()


@pytest.mark.browser
@pytest.mark.parametrize(("query", "expected"), FIRST.items())
def test_the_words_people_use_bring_the_right_entry_first(page, site_url, query, expected):
    visit(page, site_url + "find/")
    assert first_found(page, query) == expected


@pytest.mark.browser
def test_the_index_is_fetched_only_when_the_box_is_used(cold_page, site_url):
    watch = visit(cold_page, site_url)
    assert not any("find.json" in url or "search_index" in url for url in watch.requests)
    watch = visit(cold_page, site_url + "find/")
    assert not any("find.json" in url for url in watch.requests)
    cold_page.focus("#find-query")
    cold_page.wait_for_load_state("networkidle")
    assert sum("find.json" in url for url in watch.requests) == 1
    assert watch.errors == []


@pytest.mark.browser
def test_a_link_with_a_query_opens_the_results(page, site_url):
    visit(page, site_url + "find/?q=A000201")
    expect(page.locator(".find-results li a").first).to_have_text("wythoff-a")
    page.locator(".find-results li a").first.click()
    expect(page).to_have_url(site_url + "sequences/wythoff-a/")


@pytest.mark.browser
def test_the_home_page_transfers_at_most_300_kb(cold_page, site_url):
    """Bytes on the wire (bodies as sent, gzip-compressed by the server like a static
    host), for everything the page loads."""
    responses = []
    cold_page.on("response", lambda response: responses.append(response))
    cold_page.goto(site_url, wait_until="networkidle")
    sizes = [r.request.sizes()["responseBodySize"] for r in responses]
    assert len(sizes) > 3 and 0 < sum(sizes) <= HOME_PAGE_BUDGET, f"{sum(sizes):,} bytes"
    print(f"\nhome page: {sum(sizes):,} bytes transferred in {len(sizes)} responses")


@pytest.mark.browser
@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
)
def test_every_pages_header_has_a_search_box_for_names_and_terms(page, site_url, viewport):
    """Where a reader looks first: a name goes to the Find page, a run of terms to the
    term search, from any page, on a desktop and on a phone."""
    page.set_viewport_size(viewport)
    watch = visit(page, site_url + "games/connell-k3/")
    box = page.get_by_role(
        "combobox", name="Find a sequence or game by name, ID, A-number or terms"
    )
    expect(box).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    box.fill("A000201")
    # the suggestions have read the index: Enter leaves no fetch of it under way
    expect(page.get_by_role("option").first).to_be_visible()
    box.press("Enter")
    expect(page.locator(".find-results li a").first).to_have_text("wythoff-a")
    box = page.get_by_role(
        "combobox", name="Find a sequence or game by name, ID, A-number or terms"
    )
    box.fill("1, 3, 4, 6, 8, 9")
    # the box's focus fetches the index again on this page: Enter once it has come
    page.wait_for_load_state("networkidle")
    box.press("Enter")
    expect(page).to_have_url(site_url + "search/terms/?q=1%2C%203%2C%204%2C%206%2C%208%2C%209")
    expect(page.locator("#term-search-results li a", has_text="wythoff-a").first).to_be_visible()
    assert watch.errors == []


@pytest.mark.browser
def test_the_home_page_shows_the_navigation_on_a_desktop(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    visit(page, site_url)
    expect(page.locator("nav.md-nav--primary").first).to_be_visible()
