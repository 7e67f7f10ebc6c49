# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The site's tools on the whole published database, read by HTTP Range requests.

Served to headless Chromium by ``wythoff serve`` and by Debian's nginx as the hosts
people publish to serve it (compressing every type, HEAD included; leaving out
Content-Length on compressed answers; plain): the SQL console gives every example
query's rows as ``wythoff sql`` does on the build's database, and says what each
fetched (each query on one host, drawn each run); the term search and the position
checker (on a game without a formula) answer on each. Served by a host that ignores
Range, each tool says so in one message instead of downloading the database. The
term search finds a run taken deep in a sequence; the position checker answers a
game without a formula beyond the first thousand, up to where the database holds its
P-positions, and says so beyond. The deep runs need a second build, small too:
Wythoff's family and Larsson's m = 2, p = 3 with 9100 terms per sequence and
P-positions up to 1100.
"""

from __future__ import annotations

import csv
import http.client
import io
import json
import re
import sqlite3
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect
from wythoff.website.serve import in_background

from tests.helpers.browser import (
    check_position,
    cli_position,
    open_tool,
    sql_result_rows,
    verdict,
    winning_target,
)
from tests.helpers.commands import (
    BRIEF_FAMILIES,
    Build,
    build_and_site,
    in_process,
    made_once,
)
from tests.helpers.sampling import sample_rng
from tests.helpers.servers import ignoring_range, nginx

BUDGET = 200 * 1024  # bytes an indexed query may fetch
DEEP_CONFIG = {"terms": 9100, "ppositions_max": 1100, "solver_board": 1100}

pytestmark = pytest.mark.browser


SERVERS = ["wythoff-serve", "nginx-gzip", "nginx-no-length", "nginx-plain"]
HOST_MESSAGE = "This host ignores HTTP Range requests"


@pytest.fixture(scope="module", params=SERVERS)
def host_url(request, small_build) -> Iterator[str]:
    """The small build's site served by each server in turn (each started once)."""
    server = (
        in_background if request.param == "wythoff-serve" else partial(nginx, variant=request.param)
    )
    with server(small_build.site) as url:
        yield url


@pytest.fixture(scope="module")
def ignoring_url(small_build) -> Iterator[str]:
    """The small build's site served whole whatever Range asks (Python's http.server)."""
    with ignoring_range(small_build.site) as url:
        yield url


def make_deep_build(root: Path) -> None:
    # unmeasured: the small build runs the same lines, on fewer terms and positions
    build_and_site(root, BRIEF_FAMILIES, measured=False, **DEEP_CONFIG)


@pytest.fixture(scope="session")
def deep_build(run_directory) -> Build:
    """Made once for the run, whichever workers run this module's tests."""
    return Build.at(made_once(run_directory, "deep-build", make_deep_build))


@pytest.fixture(scope="module")
def deep_url(deep_build) -> Iterator[str]:
    with in_background(deep_build.site) as url:
        yield url


def cli_rows(build: Build, query: str) -> list[list[str]]:
    """The rows of ``wythoff sql`` on the build's database, as strings (run in process)."""
    text = in_process("sql", "--config", str(build.config), query).stdout
    return list(csv.reader(io.StringIO(text)))[1:]


def scans_a_table(database: Path, query: str) -> bool:
    """Whether SQLite answers ``query`` by reading a whole table, or an index skipping
    over its first column (``ANY(game_id)``: one search per game)."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        plan = [str(step[-1]) for step in connection.execute(f"EXPLAIN QUERY PLAN {query}")]
    return any(step.startswith("SCAN") or "ANY(" in step for step in plan)


def console_result(page: Page, url: str, query: str) -> tuple[list[list[str]], int]:
    """The rows the console shows for ``sql/?q=query`` (every row) and its bytes fetched."""
    page.goto(f"{url}sql/?q={quote(query)}")
    cost = page.wait_for_selector("#sql-results .sql-cost, #sql-results .tool-error")
    assert cost is not None and "sql-cost" in (cost.get_attribute("class") or ""), cost
    more = page.locator("#sql-results .sql-more")
    for _ in range(100):  # 1000 rows a click
        if not more.is_visible():
            break
        more.click()
    return sql_result_rows(page), int(cost.get_attribute("data-bytes") or -1)


def example_queries(page: Page, url: str, site: Path) -> list[str]:
    """The SQL page's examples: the README's (its buttons, from queries.json) and
    the query the page opens with."""
    queries = json.loads((site / "assets" / "data" / "queries.json").read_text())["queries"]
    open_tool(page, url + "sql/", "sql-console-tool")
    return [query["sql"] for query in queries] + [page.input_value("#sql-input")]


def test_every_example_query_gives_the_rows_of_wythoff_sql(page, host_url, small_build, request):
    """Each example query runs on one of the hosts, drawn afresh each run (every host
    answers a quarter of them): the runs cover every query on every host."""
    queries = example_queries(page, host_url, small_build.site)
    assert len(queries) >= 10
    rng, note = sample_rng("example queries' hosts")
    rng.shuffle(queries)
    share = queries[SERVERS.index(request.node.callspec.params["host_url"]) :: len(SERVERS)]
    print(f"\nbytes fetched per example query (small build, nothing cached, {host_url}):")
    for query in share:
        rows, fetched = console_result(page, host_url, query)
        expected = cli_rows(small_build, query)
        assert rows == expected, (query, note)
        scan = scans_a_table(small_build.database, query)
        print(f"{fetched:>9,} B {len(rows):>5} rows {'scan ' if scan else 'index'} {query}")
        budget = small_build.database.stat().st_size if scan else BUDGET
        assert 0 < fetched <= budget, (query, note)


def head(url: str, path: str) -> dict[str, str]:
    """The headers a HEAD request gets from a browser that accepts gzip."""
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.request("HEAD", path, headers={"Accept-Encoding": "gzip, deflate, br"})
    headers = dict(connection.getresponse().getheaders())
    connection.close()
    return headers


def test_compressing_servers_answer_head_without_the_files_length(host_url, request):
    """What broke the tools on GitHub Pages and Cloudflare, reproduced here."""
    headers = head(host_url, "/assets/data/wythoff.sqlite.000")
    if request.node.callspec.params["host_url"] in ("nginx-gzip", "nginx-no-length"):
        assert headers.get("Content-Encoding") == "gzip" and "Content-Length" not in headers
    else:
        assert "Content-Encoding" not in headers and int(headers["Content-Length"]) > 0


def test_term_search_answers_on_every_host(page, host_url):
    open_tool(page, host_url + "search/terms/", "term-search-tool")
    page.fill("#term-search-input", "1, 3, 4, 6, 8, 9")
    page.keyboard.press("Enter")
    found = page.locator("#term-search-results li").filter(has_text="wythoff-a")
    expect(found).to_contain_text("Starts at n = 1.")


def test_position_checker_reads_a_game_without_formula_on_every_host(page, host_url, small_build):
    game = "larsson-modulo-m2-p3-l2"
    x, y = cli_rows(
        small_build, f"SELECT x, y FROM p_positions WHERE game_id = '{game}' AND x > 20 LIMIT 1"
    )[0]
    open_tool(page, host_url + "position/", "position-checker-tool")
    for position in [(x, y), (str(int(x) + 1), y)]:
        check_position(page, game, *position)
        assert verdict(page) == cli_position(game, *position)[0]
    expect(page.locator("#position-result .position-cost")).to_contain_text(" fetched in ")


@pytest.mark.parametrize("tool", ["sql", "terms", "position"])
def test_a_host_that_ignores_range_stops_each_tool_with_one_message(page, ignoring_url, tool):
    """Each tool in a browser of its own: once a part came whole, the browser's cache
    would answer later ranges of it."""
    if tool == "position":
        open_tool(page, ignoring_url + "position/", "position-checker-tool")
        check_position(page, "larsson-modulo-m2-p3-l2", "30", "40")
        message = page.locator("#position-result .tool-error")
    else:
        page.goto(ignoring_url + ("sql/" if tool == "sql" else "search/terms/"))
        message = page.locator("#sql-status" if tool == "sql" else "#term-search-status")
    expect(message).to_have_text(
        re.compile(rf"^{HOST_MESSAGE} \(it answered bytes 0-99 .*README\)\.$")
    )


def test_the_site_publishes_the_database_once(small_build):
    data = small_build.site / "assets" / "data"
    manifest = json.loads((data / "wythoff.sqlite.json").read_text())
    assert manifest["parts"] == ["wythoff.sqlite.000"]  # below 20 MiB: one part
    assert manifest["size"] == small_build.database.stat().st_size
    published = data / "wythoff.sqlite.000"
    assert published.samefile(small_build.database.resolve())  # a hard link, not a copy
    assert not (data / "wythoff.sqlite").exists()


def test_the_build_writes_pages_of_4_kib(small_build):
    with sqlite3.connect(f"file:{small_build.database}?mode=ro", uri=True) as connection:
        assert connection.execute("PRAGMA page_size").fetchone() == (4096,)


def test_term_search_finds_a_run_taken_beyond_n_9000(page, deep_url, deep_build):
    with sqlite3.connect(deep_build.database) as connection:
        run = [
            value
            for (value,) in connection.execute(
                "SELECT value FROM terms WHERE sequence_id = 'wythoff-b' AND n BETWEEN 9012 AND "
                "9014 ORDER BY n"
            )
        ]
    assert len(run) == 3 and run[0] > 20000
    open_tool(page, deep_url + "search/terms/", "term-search-tool")
    page.fill("#term-search-input", ", ".join(map(str, run)))
    page.keyboard.press("Enter")
    found = page.locator("#term-search-results li").filter(has_text="wythoff-b")
    expect(found).to_contain_text("Starts at n = 9012.")
    cost = page.locator("#term-search-results .term-search-cost")
    expect(cost).to_contain_text(" fetched in ")
    fetched = int(cost.get_attribute("data-bytes") or -1)
    print(f"\nterm search {run}: {cost.inner_text()}")
    assert 0 < fetched <= BUDGET
    expected = cli_rows(
        deep_build,
        "SELECT DISTINCT t.sequence_id FROM terms t JOIN terms u ON u.sequence_id = t.sequence_id "
        f"AND u.n = t.n + 1 JOIN terms v ON v.sequence_id = t.sequence_id AND v.n = t.n + 2 "
        f"WHERE t.value = {run[0]} AND u.value = {run[1]} AND v.value = {run[2]} ORDER BY 1",
    )
    shown = page.locator("#term-search-results li a").all_inner_texts()
    assert shown == [sequence_id for (sequence_id,) in expected]


UNSOLVED = "larsson-modulo-m2-p3-l2"  # no formula; P-positions stored up to 1100


def test_position_checker_answers_a_game_without_formula_beyond_1000(page, deep_url, deep_build):
    with sqlite3.connect(deep_build.database) as connection:
        (solved, bound) = connection.execute(
            "SELECT solved, ppositions_max FROM games WHERE id = ?", (UNSOLVED,)
        ).fetchone()
        x, y = connection.execute(
            "SELECT x, y FROM p_positions WHERE game_id = ? AND y > 1000 ORDER BY y LIMIT 1",
            (UNSOLVED,),
        ).fetchone()
    assert not solved and bound == 1100
    open_tool(page, deep_url + "position/", "position-checker-tool")
    fetched = []
    for position in [(x, y), (y, x), (x + 1, y), (1001, 1090), (1100, 1100)]:
        check_position(page, UNSOLVED, str(position[0]), str(position[1]))
        expected = cli_position(UNSOLVED, *position)
        assert verdict(page) == expected[0], position
        if expected[0] == "N":
            target = winning_target(page)
            assert cli_position(UNSOLVED, *target) == ["P"], target
        result = page.locator("#position-result")
        expect(result).to_contain_text("which holds every one with both piles at most 1100")
        cost = page.locator("#position-result .position-cost")
        expect(cost).to_contain_text(" fetched in ")
        print(f"\n{UNSOLVED} {position}: {cost.inner_text()}")
        fetched.append(int(cost.get_attribute("data-bytes") or -1))
    assert fetched[0] > 0 and all(0 <= size <= BUDGET for size in fetched)  # later: cached pages
    # past the stored P-positions, the stored pairs (c, d) answer, as the command does
    check_position(page, UNSOLVED, "5", "1101")
    assert verdict(page) == cli_position(UNSOLVED, 5, 1101)[0]
