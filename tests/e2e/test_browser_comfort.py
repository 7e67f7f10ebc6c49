# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The site as a daily tool, on a desk (1280 x 900) and on a phone (390 x 844): tables
that fit, a console that says what it did, a search that suggests, a board one can
tap, and each of them clean by axe-core (WCAG 2 A and AA)."""

from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.browser import (
    axe_violations,
    cli_rows,
    open_tool,
    sql_result_rows,
    table_rows,
    visit,
)

DESK = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["desk", "phone"])
pytestmark = pytest.mark.browser


def stored_terms(database, sequence_id: str, count: int) -> list[tuple[str, str]]:
    with sqlite3.connect(database) as connection:
        rows = connection.execute(
            "SELECT n, value_text FROM terms WHERE sequence_id = ? ORDER BY n LIMIT ?",
            (sequence_id, count),
        ).fetchall()
    return [(str(n), value) for n, value in rows]


def overflowing_tables(page: Page) -> list[str]:
    """The tables of the article wider than their box (a column behind a scroll), or
    reaching out of the article."""
    return page.evaluate(
        """() => {
            const article = document.querySelector("article").getBoundingClientRect();
            return Array.from(document.querySelectorAll("article table"))
                .filter((table) => {
                    const box = table.closest(".md-typeset__scrollwrap") ?? table.parentElement;
                    const right = Math.max(...Array.from(table.querySelectorAll("th, td"),
                        (cell) => cell.getBoundingClientRect().right));
                    return box.scrollWidth > box.clientWidth + 1 || right > article.right + 1;
                })
                .map((table) => table.querySelector("th").textContent);
        }"""
    )


# ----------------------------------------------------------------------------- tables


@SIZES
def test_a_sequence_page_shows_every_column_of_its_terms_table(
    page, site_url, small_build, viewport
):
    """fraenkel-a3-p has terms of 31 digits among its first 60: each is in its cell,
    and the table's four pairs of columns are all in the article, without a scroll."""
    page.set_viewport_size(viewport)
    watch = visit(page, site_url + "sequences/fraenkel-a3-p/")
    rows = table_rows(page, ["n", "a(n)"] * 4)
    pairs = [(row[2 * c], row[2 * c + 1]) for c in range(4) for row in rows if row[2 * c]]
    assert pairs == stored_terms(small_build.database, "fraenkel-a3-p", 60)
    assert max(len(value) for _, value in pairs) >= 30
    if viewport["width"] >= 1024:
        assert overflowing_tables(page) == []
    else:  # on a phone the terms table fits too; the page never scrolls sideways
        assert "n" not in overflowing_tables(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert axe_violations(page) == []
    assert watch.errors == []


@pytest.mark.parametrize("path", ["games/wythoff/", "families/connell/", "numeration/"])
def test_no_table_hides_a_column_at_1024_pixels(page, site_url, path):
    page.set_viewport_size({"width": 1024, "height": 800})
    visit(page, site_url + path)
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => (d.open = true))")
    assert overflowing_tables(page) == []


# ----------------------------------------------------------------------------- SQL console


@SIZES
def test_the_sql_console_finds_ids_says_rows_and_time_and_names_its_csv(
    page, site_url, small_build, viewport
):
    """The game ID a query needs is found in the console, a click writes it into the
    query, the status says "N rows in T ms" when the query ends, and the CSV file is
    named after the table and the ID."""
    page.set_viewport_size(viewport)
    watch = open_tool(page, site_url + "sql/", "sql-console-tool")
    expect(page.locator("#sql-schema details[data-table='p_positions']")).to_have_count(1)
    page.click(".sql-ids-box summary")
    page.fill("#sql-ids-filter", "misere")
    expect(page.locator("#sql-ids .sql-ids-count")).to_contain_text(" of ")
    listed = page.locator("#sql-ids li").all_inner_texts()
    assert listed[0].startswith("wythoff-misere game")  # the game first, then its sequences
    assert all("misere" in line.lower().replace("è", "e") for line in listed)
    page.fill("#sql-input", "SELECT x, y FROM p_positions WHERE game_id = ")
    page.focus("#sql-input")
    page.keyboard.press("End")
    page.get_by_role("button", name="wythoff-misere", exact=True).click()
    query = page.input_value("#sql-input")
    assert query == "SELECT x, y FROM p_positions WHERE game_id = 'wythoff-misere'"
    page.click("#sql-run")
    expect(page.locator("#sql-status")).to_have_text(re.compile(r"^\d+ rows in \d+ ms$"))
    rows = cli_rows(small_build, query)
    assert page.locator("#sql-status").inner_text().startswith(f"{len(rows)} rows in ")
    assert sql_result_rows(page) == rows
    with page.expect_download() as download_info:
        page.click("#sql-download")
    assert download_info.value.suggested_filename == "p_positions-wythoff-misere.csv"
    page.mouse.move(0, 0)  # the button pressed last is neither hovered nor focused
    page.evaluate("document.activeElement.blur()")
    assert axe_violations(page) == []
    assert watch.errors == []
