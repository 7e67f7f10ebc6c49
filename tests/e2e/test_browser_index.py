# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The index pages in a real browser: every sequence and game of the build listed,
sorting by parameters as numbers, filters with counts, and no page wider than a
375 px phone."""

from __future__ import annotations

import sqlite3

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.browser import visit

PHONE = {"width": 375, "height": 812}
MATCHED = (
    "SELECT sequence_id FROM crossrefs "
    "WHERE target GLOB 'A[0-9]*' AND relation NOT LIKE 'near miss%'"
)
"""The sequences with an OEIS match (a near miss is not one)."""


def ids_shown(page: Page) -> list[str]:
    return page.locator("table.index-table tbody tr:not([hidden]) td:first-child").all_inner_texts()


def database_ids(build, table: str, where: str = "1") -> list[str]:
    with sqlite3.connect(build.database) as connection:
        return sorted(r[0] for r in connection.execute(f"SELECT id FROM {table} WHERE {where}"))


@pytest.mark.browser
def test_the_index_pages_list_every_sequence_and_game_of_the_build(page, site_url, small_build):
    assert visit(page, site_url + "sequences/").errors == []
    assert sorted(ids_shown(page)) == database_ids(small_build, "sequences")
    assert visit(page, site_url + "games/").errors == []
    assert sorted(ids_shown(page)) == database_ids(small_build, "games")


@pytest.mark.browser
def test_sorting_by_id_orders_parameters_as_numbers(page, site_url):
    visit(page, site_url + "games/")
    page.get_by_role("button", name="ID").click()
    shown = [i for i in ids_shown(page) if i.startswith("connell-k")]
    ks = [int(i.removeprefix("connell-k")) for i in shown]
    assert len(ks) >= 3 and ks == sorted(ks)
    page.get_by_role("button", name="ID").click()  # again: descending
    shown = [i for i in ids_shown(page) if i.startswith("connell-k")]
    assert [int(i.removeprefix("connell-k")) for i in shown] == sorted(ks, reverse=True)


@pytest.mark.browser
def test_filters_show_the_right_rows_and_count_them(page, site_url, small_build):
    visit(page, site_url + "games/")
    page.select_option("select[name=solved]", "no")
    unsolved = database_ids(small_build, "games", "NOT solved")
    assert sorted(ids_shown(page)) == unsolved
    total = len(database_ids(small_build, "games"))
    expect(page.locator(".index-count")).to_have_text(f"{len(unsolved)} of {total} games")
    page.select_option("select[name=solved]", "")
    page.select_option("select[name=family]", "connell")
    assert sorted(ids_shown(page)) == database_ids(small_build, "games", "family = 'connell'")
    visit(page, site_url + "sequences/")
    page.check("input[name=oeis]")
    with_oeis = database_ids(
        small_build,
        "sequences",
        f"id IN ({MATCHED})",
    )
    assert len(with_oeis) > 0 and sorted(ids_shown(page)) == with_oeis


@pytest.mark.browser
def test_no_page_overflows_a_phone_screen(page, site_url):
    page.set_viewport_size(PHONE)
    pages = (
        "",
        "sequences/",
        "games/",
        "not-in-oeis/",
        "families/larsson/",
        "sequences/wythoff-a/",
        "sequences/fraenkel-a2-p/",  # terms of hundreds of digits
        "sequences/larsson-modulo-m2-p2-l0-c/",
        "games/connell-k3/",
        "games/larsson-modulo-m2-p2-l0/",
    )
    for path in pages:
        visit(page, site_url + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path or 'home'} is {width} px wide"


@pytest.mark.browser
def test_not_in_oeis_lists_exactly_the_sequences_without_an_oeis_link(page, site_url, small_build):
    unmatched = database_ids(
        small_build,
        "sequences",
        f"id NOT IN ({MATCHED})",
    )
    assert 0 < len(unmatched) < len(database_ids(small_build, "sequences"))
    assert visit(page, site_url + "not-in-oeis/").errors == []
    assert sorted(ids_shown(page)) == unmatched
    first = page.locator("table.index-table tbody tr").first
    with sqlite3.connect(small_build.database) as connection:
        shown_id = first.locator("td").first.inner_text()
        query = "SELECT data FROM sequences WHERE id = ?"
        data = connection.execute(query, (shown_id,)).fetchone()[0]
    assert first.locator(".wy-data").inner_text() == ", ".join(data.split(", ")[:12])
    visit(page, site_url + f"sequences/{unmatched[0]}/")
    page.get_by_role("link", name="all sequences with no OEIS match", exact=True).click()
    expect(page).to_have_url(site_url + "not-in-oeis/")
    visit(page, site_url + "sequences/wythoff-a/")  # matched: A000201, no flag
    no_match = page.get_by_role("link", name="all sequences with no OEIS match", exact=True)
    expect(no_match).to_have_count(0)


@pytest.mark.browser
def test_a_family_page_lists_its_first_entries_and_links_all_of_them(page, site_url, small_build):
    """A family page stays a few screens tall: its tables show their first rows and
    link the index pages, opened filtered to the family."""
    assert visit(page, site_url + "families/larsson/").errors == []
    games = database_ids(small_build, "games", "family = 'larsson'")
    assert len(games) > 20
    tables = page.locator("article table")
    assert max(t.locator("tbody tr").count() for t in tables.all()) <= 20
    # eleven screens: the page quotes Larsson's belief with its proof and data, and
    # ends with its citation; the tables themselves stay cut (above)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 11 * page.viewport_size["height"], f"{height} px tall"
    page.get_by_role("link", name=f"all {len(games)} games, to sort and filter").click()
    expect(page).to_have_url(site_url + "games/?family=larsson")
    expect(page.locator(".index-count")).to_have_text(
        f"{len(games)} of {len(database_ids(small_build, 'games'))} games"
    )
    assert sorted(ids_shown(page)) == games
