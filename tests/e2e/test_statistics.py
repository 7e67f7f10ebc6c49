# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The statistics page counts what the database holds, and the random entry opens
a sequence or a game, within a family when asked."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing

import pytest

from tests.helpers.browser import visit
from tests.helpers.markup import first


def count(build, sql: str) -> int:
    with closing(sqlite3.connect(build.database)) as connection:
        return int(connection.execute(sql).fetchone()[0])


def test_the_totals_are_the_databases_counts(small_build):
    html = (small_build.site / "statistics" / "index.html").read_text()
    row = html[html.index("<strong>all</strong>") :].split("</tr>")[0]
    figures = [int(v.replace(",", "")) for v in re.findall(r"<strong>([\d,]+)</strong>", row)]
    games = count(small_build, "SELECT count(*) FROM games")
    assert figures == [
        count(small_build, "SELECT count(*) FROM sequences"),
        count(small_build, "SELECT count(*) FROM terms"),
        count(small_build, "SELECT count(*) FROM games WHERE solved"),
        games - count(small_build, "SELECT count(*) FROM games WHERE solved"),
        count(small_build, "SELECT count(*) FROM p_positions"),
    ]
    relations = first(html[first(html, id="relations").start :], "table")
    shown = [[cell.text for cell in row.find("td")] for row in relations.find("tr")]
    shown = [cells for cells in shown if cells]  # the rows below the header's
    assert shown and shown[0][1] == "proven"  # strongest evidence first
    assert sum(int(n.replace(",", "")) for _, _, n in shown) == count(
        small_build, "SELECT count(*) FROM crossrefs"
    )


@pytest.mark.browser
def test_a_random_entry_within_a_family(page, site_url):
    for _ in range(3):
        visit(page, site_url + "random/?family=connell")
        page.wait_for_url(re.compile(r".*/(sequences|games)/connell-[^/]+/$"))


@pytest.mark.browser
def test_a_random_entry_of_no_family_says_so(page, site_url):
    visit(page, site_url + "random/?family=nothing")
    assert "No entry of the family" in page.locator("#random-status").inner_text()
