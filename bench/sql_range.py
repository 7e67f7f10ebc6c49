"""Bytes the site's SQL console fetches per example query, against the whole file.

The console reads the published database by HTTP Range requests: a query costs
the pages it reads, not the file.  For each example query of the site
(``assets/data/queries.json``: the README's), this opens the console in a fresh
headless Chromium context (nothing cached) at ``sql/?q=<query>``, served by
``wythoff serve``, and prints the rows, the time and the bytes fetched that the
page reports, and their ratio to the database file's size: the baseline, what
loading the whole file (as the previous console did) would cost.  Then the
same for the term search (``search/terms/?q=<run>``): runs of three terms taken
deep in a few sequences, and a common short run.
Target: each query that an index answers fetches at most 200 KiB.

Run: ``python bench/sql_range.py [--site build/site] [--db data/wythoff.sqlite]`` after
``wythoff site`` (the site publishes the database in parts; the runs searched are
read from the build's database).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import sync_playwright
from wythoff.website.serve import in_background

CHROMIUM = "/usr/bin/chromium"
BUDGET = 200 * 1024


def measure(site: Path) -> list[dict[str, object]]:
    """Each example query's cost as the console reports it, nothing cached."""
    queries = json.loads((site / "assets/data/queries.json").read_text())["queries"]
    costs = []
    with in_background(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        for query in queries:
            context = browser.new_context()
            page = context.new_page()
            page.goto(f"{url}sql/?q={quote(query['sql'])}")
            cost = page.wait_for_selector("#sql-results .sql-cost, #sql-results .tool-error")
            assert cost is not None
            costs.append(
                {
                    "sql": query["sql"],
                    "rows": int(cost.get_attribute("data-rows") or -1),
                    "bytes": int(cost.get_attribute("data-bytes") or -1),
                    "requests": int(cost.get_attribute("data-requests") or -1),
                    "text": cost.inner_text(),
                }
            )
            context.close()
        browser.close()
    return costs


SEARCHED = (("wythoff-a", 9000), ("connell-k3-u1", 5000), ("larsson-m2-p3-b", 7000))
COMMON_RUN = "1, 3, 4"


def runs(database: Path) -> list[str]:
    """Runs of three consecutive stored terms, deep in a few sequences, and a common one."""
    found = []
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        for sequence_id, n in SEARCHED:
            values = connection.execute(
                "SELECT value FROM terms WHERE sequence_id = ? AND n BETWEEN ? AND ? ORDER BY n",
                (sequence_id, n, n + 2),
            ).fetchall()
            if len(values) == 3:
                found.append(", ".join(str(value) for (value,) in values))
    return [*found, COMMON_RUN]


def search_costs(site: Path, database: Path) -> list[str]:
    """What the term search reports for each run, nothing cached."""
    lines = []
    with in_background(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        for run in runs(database):
            context = browser.new_context()
            page = context.new_page()
            page.goto(f"{url}search/terms/?q={quote(run)}")
            cost = page.wait_for_selector("#term-search-results .term-search-cost")
            assert cost is not None
            fetched = int(cost.get_attribute("data-bytes") or -1)
            found = page.locator("#term-search-results li").count()
            lines.append(
                f"{fetched / 1024:8.1f} KiB  {found:>4} sequences  {cost.inner_text()}  [{run}]"
            )
            context.close()
        browser.close()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=Path("build/site"))
    parser.add_argument("--db", type=Path, default=Path("data/wythoff.sqlite"))
    arguments = parser.parse_args()
    site, database = arguments.site, arguments.db
    manifest = site / "assets/data/wythoff.sqlite.json"
    if not manifest.is_file() or not database.is_file():
        sys.exit(f"no database in {site} or at {database}; run 'wythoff build' and 'wythoff site'")
    whole = json.loads(manifest.read_text())["size"]
    print(f"database {whole / 2**20:.1f} MiB (the baseline: fetching it whole)")
    for cost in measure(site):
        fetched = int(str(cost["bytes"]))
        mark = "ok " if 0 <= fetched <= BUDGET else "BIG"
        print(
            f"{mark} {fetched / 1024:8.1f} KiB {cost['requests']:>4} requests "
            f"ratio {fetched / whole:.6f}  {cost['text']}\n    {cost['sql']}"
        )
    print("term search:")
    for line in search_costs(site, database):
        print(line)


if __name__ == "__main__":
    main()
