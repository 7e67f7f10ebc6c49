"""The built site in a real browser: headless Chromium driven by Playwright.

Every test runs on the small build of ``conftest.py`` (made through the real
command line), served on localhost, and checks what a visitor sees against the
database, the exported files or the ``wythoff`` command: the pages load from the
local server alone with no error, the three tools (term search, SQL console,
position checker) answer correctly, the download links return the right files,
and the pages state the mathematics right.

Chromium is Debian's (``/usr/bin/chromium``); a missing Chromium is an error,
not a skip.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from wythoff.core.games import solver
from wythoff.core.games.rules import Rules
from wythoff.families import FAMILIES

from tests.helpers.browser import (
    TIMEOUT_MS,
    Watch,
    axe_violations,
    check_position,
    cli_position,
    cli_rows,
    cli_sql,
    fetch,
    open_tool,
    response_bytes,
    run_sql,
    sql_result_rows,
    table_rows,
    verdict,
    visit,
    winning_target,
    winning_targets,
)
from tests.helpers.commands import in_process, wythoff
from tests.helpers.markup import first, links

HOME_PAGE_BUDGET = 1_000_000  # bytes

expect.set_options(timeout=TIMEOUT_MS)

CONNELL_K3_QUERY = "SELECT x, y FROM p_positions WHERE game_id = 'connell-k3' ORDER BY x, y"


# ----------------------------------------------------------------------------- helpers


# ----------------------------------------------------------------------------- loading


@pytest.mark.browser
def test_home_page_loads_without_error_from_the_local_server_only(page, site_url):
    watch = visit(page, site_url)
    expect(page.locator("h1")).to_contain_text("The reference database of Wythoff-game sequences")
    assert watch.errors == []
    outside = [url for url in watch.requests if not url.startswith(site_url)]
    assert outside == [], f"requests that leave the local server (a CDN?): {outside}"


@pytest.mark.browser
def test_family_page_renders_its_formulas_with_katex_without_error(page, site_url):
    watch = visit(page, site_url + "families/fraenkel/")
    expect(page.locator("article .katex").first).to_be_visible()
    assert page.locator("article .arithmatex").count() > 0
    unrendered = page.locator("article .arithmatex:not(:has(.katex))")
    assert unrendered.count() == 0, f"formulas left as TeX: {unrendered.all_inner_texts()}"
    assert page.locator("article .katex-error").count() == 0
    assert watch.errors == []
    outside = [url for url in watch.requests if not url.startswith(site_url)]
    assert outside == [], f"requests that leave the local server (a CDN?): {outside}"


@pytest.mark.browser
def test_home_page_weighs_under_one_megabyte(cold_page, site_url):
    watch = visit(cold_page, site_url)
    total = sum(response_bytes(response) for response in watch.responses)
    print(f"\nhome page: {len(watch.responses)} responses, {total:,} bytes")
    assert watch.errors == []
    assert 0 < total < HOME_PAGE_BUDGET, f"the home page downloads {total:,} bytes"


@pytest.mark.browser
def test_the_home_page_shows_ids_of_every_built_family_each_a_link_to_its_page(
    small_build, site_url
):
    status, body = fetch(site_url)
    assert status == 200
    home = body.decode()
    section = home[first(home, id="identifiers").end :].split("<h2", 1)[0]
    entry = re.compile(r"(?:sequences|games)/([a-z0-9-]+)/")
    linked = [(href, entry.fullmatch(href)[1]) for href in links(section) if entry.fullmatch(href)]
    built = {
        kind: {row[0]: row[1] for row in cli_rows(small_build, f"SELECT id, family FROM {kind}")}
        for kind in ("sequences", "games")
    }
    families_shown = set()
    for path, identifier in linked:
        kind = path.split("/", 1)[0]
        assert identifier in built[kind], identifier  # an ID of this build
        families_shown.add(built[kind][identifier])
        assert fetch(site_url + path)[0] == 200, path
    with_records = set(built["sequences"].values()) | set(built["games"].values())
    assert families_shown == with_records


@pytest.mark.browser
def test_every_sequence_and_game_of_the_database_has_a_page(small_build, site_url):
    sequences = [row[0] for row in cli_rows(small_build, "SELECT id FROM sequences ORDER BY id")]
    games = [row[0] for row in cli_rows(small_build, "SELECT id FROM games ORDER BY id")]
    families = [row[0] for row in cli_rows(small_build, "SELECT key FROM families ORDER BY key")]
    assert "wythoff-a" in sequences and "connell-k3" in games and len(families) == len(FAMILIES)
    paths = (
        [f"sequences/{s}/" for s in sequences]
        + [f"games/{g}/" for g in games]
        + [f"families/{f}/" for f in families]
    )
    failed = []
    for path in paths:
        status, body = fetch(site_url + path)
        if status != 200 or b"<h1" not in body:
            failed.append((path, status))
    assert failed == []
    status, index = fetch(site_url + "assets/data/find.json")
    assert status == 200 and all(f'"{i}"'.encode() in index for i in sequences + games)
    print(f"\n{len(paths)} pages; search index: {len(index):,} bytes")


# ----------------------------------------------------------------------------- term search


@pytest.mark.browser
def test_term_search_finds_wythoff_a_starting_at_n_1(page, site_url, small_build):
    watch = open_tool(page, site_url + "search/terms/", "term-search-tool")
    page.fill("#term-search-input", "1, 3, 4, 6, 8, 9")
    results = page.locator("#term-search-results li")
    expect(results.first).to_be_visible()
    found = {item.locator("a").first.inner_text(): item.inner_text() for item in results.all()}
    assert "wythoff-a" in found
    assert "Starts at n = 1." in found["wythoff-a"]
    assert "wythoff-b" not in found
    # the count above the list is of its rows; no name's full stop doubles the sentence's
    counted = page.locator(".term-search-count").inner_text()
    assert counted.startswith(f"{len(found)} sequence"), (counted, list(found))
    assert ".." not in page.locator("#term-search-results").inner_text()
    # a verdict first, with the name and the OEIS entry; the same sequence in other
    # families is listed with it, not apart
    name = cli_rows(small_build, "SELECT name FROM sequences WHERE id = 'wythoff-a'")[0][0]
    said = page.locator(".term-search-verdict").inner_text()
    # the name's closing full stop gives way to the entries
    assert said.startswith(f"1, 3, 4, 6, 8, 9: wythoff-a, {name.rstrip('.')} (A000201"), said
    assert "), from n = 1" in said, said
    equal = cli_rows(
        small_build,
        "SELECT target FROM crossrefs WHERE sequence_id = 'wythoff-a' AND kind = 'equal'",
    )
    assert equal and all(target not in found for [target] in equal)
    assert all(target in found["wythoff-a"] for [target] in equal)
    expect(page.locator("#term-search-status")).not_to_contain_text("Searching")
    # every result really holds the run at the index it states (`wythoff sql` says)
    for sequence_id, text in found.items():
        start = int(re.search(r"Starts at n = (\d+)", text).group(1))
        terms = dict(
            cli_rows(
                small_build,
                f"SELECT n, value FROM terms WHERE sequence_id = '{sequence_id}' ORDER BY n",
            )
        )
        run = [terms.get(str(start + k)) for k in range(6)]
        assert run == ["1", "3", "4", "6", "8", "9"], (sequence_id, start, run)
    # the result links to the sequence's page
    results.get_by_role("link", name="wythoff-a", exact=True).click()
    page.wait_for_url(site_url + "sequences/wythoff-a/")
    expect(page.locator("article h1")).to_contain_text(name)  # the name as its title,
    expect(page.locator("article h1 + p code")).to_have_text("wythoff-a")  # the ID beside
    expect(page.locator("article li").first).to_contain_text("OEIS: A000201, proven")
    assert watch.errors == []


# ----------------------------------------------------------------------------- SQL console


@pytest.mark.browser
def test_sql_console_returns_the_p_positions_of_connell_k3(page, site_url, small_build):
    watch = open_tool(page, site_url + "sql/", "sql-console-tool")
    run_sql(page, CONNELL_K3_QUERY)
    expect(page.locator("#sql-results thead th")).to_have_text(["x", "y"])
    rows = sql_result_rows(page)
    assert rows[:6] == [["0", "0"], ["0", "1"], ["0", "2"], ["1", "4"], ["1", "5"], ["2", "7"]]
    assert rows == cli_rows(small_build, CONNELL_K3_QUERY)
    expect(page.locator("#sql-results .sql-cost")).to_contain_text(f"{len(rows)} rows · ")
    expect(page.locator("#sql-results .sql-cost")).to_contain_text(" fetched in ")
    assert watch.errors == []


@pytest.mark.browser
def test_sql_console_example_button_runs_its_query(page, site_url, small_build):
    watch = open_tool(page, site_url + "sql/", "sql-console-tool")
    page.fill("#sql-input", "")
    page.click(".sql-examples-box summary")  # folded, so that the page does not shift
    example = page.locator("#sql-examples button").first
    expect(example).to_have_text("The P-positions of a game")
    example.click()
    page.wait_for_selector("#sql-results table")
    query = page.input_value("#sql-input")
    assert "connell-k3" in query
    rows = sql_result_rows(page)
    assert rows and rows == cli_rows(small_build, query)
    assert watch.errors == []


@pytest.mark.browser
def test_sql_console_refuses_a_write_with_sqlites_message(page, site_url):
    watch = open_tool(page, site_url + "sql/", "sql-console-tool")
    run_sql(page, "SELECT count(*) FROM sequences")
    before = sql_result_rows(page)
    run_sql(page, "DELETE FROM sequences")
    expect(page.locator("#sql-results .tool-error")).to_have_text(
        "SQLite error: attempt to write a readonly database"
    )
    run_sql(page, "SELECT count(*) FROM sequences")
    assert sql_result_rows(page) == before and int(before[0][0]) > 0
    assert watch.errors == []


@pytest.mark.browser
def test_sql_console_downloads_the_result_as_csv(page, site_url, small_build):
    watch = open_tool(page, site_url + "sql/", "sql-console-tool")
    run_sql(page, CONNELL_K3_QUERY)
    expect(page.locator("#sql-download")).to_be_enabled()
    with page.expect_download() as download_info:
        page.click("#sql-download")
    download = download_info.value
    assert download.failure() is None
    assert download.suggested_filename == "p_positions-connell-k3.csv"
    text = Path(download.path()).read_text(encoding="utf-8")
    assert text.startswith("x,y\n0,0\n0,1\n0,2\n1,4\n1,5\n2,7\n")
    assert text == cli_sql(small_build, CONNELL_K3_QUERY)
    assert watch.errors == []


# ----------------------------------------------------------------------------- position checker


@pytest.mark.browser
def test_position_checker_says_14_48_is_a_p_position_of_connell_k3(page, site_url):
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    check_position(page, "connell-k3", "14", "48")
    assert verdict(page) == "P"
    assert cli_position("connell-k3", 14, 48) == ["P"]
    assert watch.errors == []


@pytest.mark.browser
def test_position_checker_moves_from_11_48_to_a_p_position(page, site_url):
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    check_position(page, "connell-k3", "11", "48")
    assert verdict(page) == "N"
    x2, y2 = winning_target(page)
    assert (int(x2), int(y2)) != (11, 48)
    assert int(x2) <= 11 and int(y2) <= 48
    assert cli_position("connell-k3", x2, y2) == ["P"]
    assert cli_position("connell-k3", 11, 48)[0] == "N"
    assert watch.errors == []


@pytest.mark.browser
def test_position_checker_shows_every_winning_move_as_the_command_line(page, site_url):
    """Three moves win from (1234567, 1997546) in Wythoff's game: the page lists them
    all, in the command line's order, and the mirror images from (1997546, 1234567)."""
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    moves = [(1234567, 763004), (1234551, 1997546), (1234525, 1997504)]
    for x, y, expected in [
        (1234567, 1997546, moves),
        (1997546, 1234567, [(b, a) for a, b in moves]),
    ]:
        check_position(page, "wythoff", str(x), str(y))
        assert verdict(page) == "N"
        expect(page.locator("#position-result .position-moves li")).to_have_count(3)
        assert winning_targets(page) == expected
        engine = json.loads(in_process("position", "wythoff", str(x), str(y), "--json").stdout)
        assert [tuple(m) for m in engine["moves"]] == expected
        expect(page.locator("#position-result .position-verdict")).to_contain_text(
            "any of these 3 winning moves"
        )
    assert watch.errors == []


@pytest.mark.browser
def test_position_checker_says_why_a_blocking_p_position_is_p(page, site_url):
    """Larsson's Example 1: (0, 2) of 2WN^(2) is P, yet moves to the P-position (0, 0),
    a move the previous player forbids; the page says so, not that every move leads to
    an N-position."""
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    check_position(page, "larsson-blocking-m2-p2", "0", "2")
    assert verdict(page) == "P" and cli_position("larsson-blocking-m2-p2", 0, 2) == ["P"]
    sentence = page.locator("#position-result .position-verdict")
    expect(sentence).to_contain_text("the only move to a P-position, to (0, 0)")
    expect(sentence).to_contain_text("previous player may forbid")
    expect(sentence).not_to_contain_text("every move leads to an N-position.")
    check_position(page, "wythoff", "3", "5")
    expect(sentence).to_contain_text("every move leads to an N-position")
    assert watch.errors == []


@pytest.mark.browser
def test_position_checker_decides_piles_of_1000_digits(page, site_url):
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    x = int("3" * 1000)
    y = 2 * x + 7
    expected = cli_position("connell-k3", x, y)
    check_position(page, "connell-k3", str(x), str(y))
    assert verdict(page) == expected[0] == "N"
    x2, y2 = winning_target(page)
    assert len(x2) >= 990 and cli_position("connell-k3", x2, y2) == ["P"]
    # and the CLI's own target is a P-position for the checker too
    check_position(page, "connell-k3", expected[1], expected[2])
    assert verdict(page) == "P"
    assert watch.errors == []


@pytest.mark.browser
@pytest.mark.parametrize("bad", ["-3", "1.5", "abc", ""])
def test_position_checker_shows_an_error_for_invalid_piles(page, site_url, bad):
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    check_position(page, "connell-k3", bad, "48")
    error = page.locator("#position-result .tool-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("must be a non-negative whole number")
    assert page.locator("#position-result .position-verdict").count() == 0
    check_position(page, "connell-k3", "14", bad)
    expect(error).to_contain_text("second pile (y)")
    assert watch.errors == []  # a message, not a crash
    check_position(page, "connell-k3", "14", "48")  # the page still works afterwards
    assert verdict(page) == "P"


@pytest.mark.browser
def test_position_checker_answers_each_choice_of_rectangle(page, site_url):
    """Larsson's 2x3WN: the winning move from (4, 21) depends on the rectangle the
    second player chose; the page gives the engine's answer for each choice, and says
    which rectangle each is for; from (1, 7) the second player wins."""
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    check_position(page, "larsson-choice-m2-p3", "4", "21")
    assert verdict(page) == "N"
    expect(page.locator("#position-result")).to_contain_text("chose a rectangle")
    moves = page.locator("#position-result .position-moves li")
    engine = json.loads(in_process("position", "larsson-choice-m2-p3", "4", "21", "--json").stdout)
    each = [(r["rectangle"], tuple(m)) for r in engine["responses"] for m in r["moves"]]
    assert len(each) > len(engine["responses"])  # some choice has more than one winning move
    expect(moves).to_have_count(len(each))
    for item, ((w, h), move) in zip(moves.all(), each, strict=True):
        expect(item).to_contain_text(f"x < {w}, y < {h}" if w and h else "no rectangle")
        target = item.locator("code.position-pair").nth(1).inner_text()
        x2, y2 = (int(v) for v in re.findall(r"\d+", target))
        assert (x2, y2) == move
        chosen = Rules(bishop=6, rectangle=(w, h))
        assert chosen.is_legal((4, 21), (x2, y2)) and solver.solve(chosen, 22)[x2, y2] == 1
    expect(page.locator("#position-rules")).to_contain_text("second player chooses")
    check_position(page, "larsson-choice-m2-p3", "1", "7")
    assert verdict(page) == "P" and cli_position("larsson-choice-m2-p3", 1, 7) == ["P"]
    assert watch.errors == []


@pytest.mark.browser
def test_position_checker_reads_the_query_string(page, site_url):
    watch = open_tool(
        page, site_url + "position/?game=connell-k3&x=14&y=48", "position-checker-tool"
    )
    expect(page.locator("#position-game")).to_have_value("connell-k3")
    expect(page.locator("#position-x")).to_have_value("14")
    expect(page.locator("#position-y")).to_have_value("48")
    assert verdict(page) == "P"
    expect(page.locator("#position-rules")).to_contain_text("Connell")
    assert watch.errors == []


# ----------------------------------------------------------------------------- downloads


@pytest.mark.browser
def test_sequence_page_csv_link_downloads_the_exported_terms(page, site_url, small_build):
    """The sequence page links to its terms in the SQL console, which shows every
    stored term and downloads them as the exported CSV file."""
    assert visit(page, site_url + "sequences/fraenkel-a2-a/").errors == []
    watch = Watch(page)
    page.get_by_role("link", name="these terms in the SQL console").click()
    page.wait_for_selector("#sql-results table")
    query = page.input_value("#sql-input")
    assert "'fraenkel-a2-a'" in query
    rows = sql_result_rows(page)
    with sqlite3.connect(small_build.database) as connection:
        stored = connection.execute(
            "SELECT n, value_text FROM terms WHERE sequence_id = 'fraenkel-a2-a' ORDER BY n"
        ).fetchall()
    assert rows[:6] == [["0", "0"], ["1", "1"], ["2", "2"], ["3", "4"], ["4", "5"], ["5", "7"]]
    assert rows == [[str(n), value] for n, value in stored] and len(rows) == 400
    with page.expect_download() as download_info:
        page.click("#sql-download")
    text = Path(download_info.value.path()).read_text(encoding="utf-8")
    assert text == (small_build.output / "csv/sequences/fraenkel-a2-a.csv").read_text()
    assert watch.errors == []


@pytest.mark.browser
def test_sequence_page_oeis_link_returns_the_entry_in_oeis_format(page, site_url, small_build):
    assert visit(page, site_url + "sequences/fraenkel-a2-a/").errors == []
    link = page.get_by_role("link", name="in OEIS's format", exact=True)
    with page.expect_navigation() as navigation:
        link.click()
    response = navigation.value
    assert response.status == 200
    assert response.url == site_url + "sequences/fraenkel-a2-a/fraenkel-a2-a.oeis.txt"
    lines = response.body().decode("utf-8").splitlines()
    assert lines[0] == "%I fraenkel-a2-a"
    assert lines[1].startswith("%S fraenkel-a2-a 0,1,2,4,5,7,")
    assert "%o fraenkel-a2-a (PARI) a(n) = sqrtint(8*n^2)\\2" in lines


# ----------------------------------------------------------------------------- mathematics


@pytest.mark.browser
def test_connell_k2_page_lists_4_11_in_class_1(page, site_url):
    visit(page, site_url + "games/connell-k2/")
    rows = table_rows(page, ["n", "x", "y", "class i"])
    classes = {(x, y): klass for _, x, y, klass in rows}
    assert classes[("4", "11")] == "1"
    # the class of every listed position is (y - x) mod k
    assert all(int(k) == (int(y) - int(x)) % 2 for (x, y), k in classes.items())


@pytest.mark.browser
def test_fraenkel_a2_a_page_data_starts_0_1_2_4_5_7(page, site_url, small_build):
    visit(page, site_url + "sequences/fraenkel-a2-a/")
    data = page.locator("article .wy-data").inner_text()
    assert data.startswith("0, 1, 2, 4, 5, 7, ")
    terms = data.split(", ")
    query = "SELECT value FROM terms WHERE sequence_id = 'fraenkel-a2-a' ORDER BY n"
    stored = [value for (value,) in cli_rows(small_build, query)]
    assert terms == stored[: len(terms)]


@pytest.mark.browser
def test_wythoff_a_page_links_to_oeis_a000201(page, site_url):
    visit(page, site_url + "sequences/wythoff-a/")
    link = page.locator("article a[href='https://oeis.org/A000201']")
    expect(link).to_have_count(2)
    expect(link.first).to_have_text("A000201")
    # the entry it is stands at the top, before the data, and again under the cross-references
    heading = page.locator("article h2#cross-references")
    expect(heading).to_be_visible()
    assert page.evaluate(
        """() => {
            const [top, listed] = document.querySelectorAll(
                "article a[href='https://oeis.org/A000201']");
            const data = document.getElementById("data");
            const heading = document.getElementById("cross-references");
            const after = (a, b) =>
                Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
            return after(top, data) && after(heading, listed);
        }"""
    )


@pytest.mark.browser
def test_numeration_page_a2_shifts_r_p_of_a_left_to_get_b(page, site_url):
    visit(page, site_url + "numeration/fraenkel-a2/")
    rows = table_rows(page, ["n", "A(n)", "R_p(A(n))", "B(n)", "R_p(B(n))"])
    by_n = {row[0]: row[1:] for row in rows}
    assert by_n["3"] == ["4", "11", "10", "110"]
    # Property 2 on every row: R_p(B(n)) is R_p(A(n)) with a zero appended
    assert all(rb == ra + "0" for _, _, ra, _, rb in rows)


# ----------------------------------------------------------------------------- hostile input
# The three tools answer every input with a result or a message, and never with an
# uncaught exception or a frozen page.

HOSTILE_TEXT = [
    "",
    " ",
    ",",
    ",,,",
    "-",
    "1,",
    "1,2",
    "1 2 3",
    "a, b, c",
    "1e5, 2, 3",
    "0x10, 1, 2",
    "9" * 5000,
    "-1, -2, -3",
    "1; DROP TABLE terms",
    "<script>alert(1)</script>",
    "'; --",
    "\u0000",
    "١, ٢, ٣",
    "1.5, 2.5, 3.5",
    "NaN, Infinity, 1",
    ", ".join(["7"] * 500),
]
HOSTILE_SQL = [
    "",
    ";",
    "SELECT",
    "DROP TABLE terms",
    "DELETE FROM terms",
    "ATTACH DATABASE 'x' AS y",
    "PRAGMA writable_schema = 1",
    "SELECT zeroblob(100000000)",
    "SELECT 1; SELECT 2",
    "SELECT * FROM no_such_table",
    "SELECT '" + "x" * 100_000 + "'",
    "SELECT " + "(" * 2000 + "1" + ")" * 2000,
    "<img src=x onerror=alert(1)>",
    "SELECT '<script>alert(1)</script>' AS x",
    "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL "
    "SELECT i + 1 FROM r LIMIT 300000) SELECT count(*) FROM r",
]
HOSTILE_POSITIONS = [
    ("wythoff", "-1", "2"),
    ("wythoff", "1.5", "2"),
    ("wythoff", "", ""),
    ("wythoff", "x", "y"),
    ("no-such-game", "1", "2"),
    ("", "1", "2"),
    ("wythoff", "9" * 3000, "8" * 3000),
    ("connell-k0", "1", "2"),
    ("<script>", "1", "2"),
    ("wythoff", "1e9", "2"),
    ("larsson-modulo-m2-p3-l2", "100000000", "100000000"),
    ("wythoff", " 3 ", "5"),
]


def responsive(page: Page) -> bool:
    """The page still runs scripts and answers within a second."""
    return page.evaluate("() => new Promise((done) => setTimeout(() => done(true), 10))")


SEARCH_DONE = """() => {
  const text = document.getElementById("term-search-input").value.trim();
  const output = document.getElementById("term-search-results");
  const answer = output.querySelector(".tool-error, .term-search-cost");
  return new URLSearchParams(location.search).get("q") === text &&
    (text ? answer !== null : !output.children.length);
}"""
"""The term search has answered the text in its box: the search it submitted set the
address, and its answer is shown (nothing, for blank text)."""


def test_term_search_takes_any_text(page: Page, site_url):
    watch = open_tool(page, site_url + "search/terms/", "term-search-tool")
    generator = random.Random(11)
    inputs = HOSTILE_TEXT + [
        "".join(generator.choice("0123456789, -x") for _ in range(generator.randrange(1, 40)))
        for _ in range(30)
    ]
    for text in inputs:
        page.fill("#term-search-input", text)
        page.keyboard.press("Enter")
        page.wait_for_function(SEARCH_DONE)
        assert responsive(page)
    assert not [e for e in watch.errors if "uncaught" in e], watch.errors


def test_sql_console_answers_every_statement(page: Page, site_url):
    watch = open_tool(page, site_url + "sql/", "sql-console-tool")
    for statement in HOSTILE_SQL:
        run_sql(page, statement)  # waits for the console's answer
        assert responsive(page)
    run_sql(page, "SELECT count(*) AS c FROM games")  # still answers, and nothing was changed
    assert int(page.locator("#sql-results tbody td").first.inner_text()) > 0
    assert not [e for e in watch.errors if "uncaught" in e], watch.errors
    assert page.evaluate("() => typeof window.alert") == "function"  # no script ran


def test_position_checker_takes_any_input(page: Page, site_url):
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    for game, x, y in HOSTILE_POSITIONS:
        check_position(page, game, x, y)
        assert responsive(page)
    assert not [e for e in watch.errors if "uncaught" in e], watch.errors


ENDLESS = "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r"


def test_sql_console_stops_an_endless_query_at_the_time_limit(page: Page, site_url):
    # the limit the address sets (the default of 10 s is tested in tests/js)
    watch = open_tool(page, site_url + "sql/?limit=2", "sql-console-tool")
    page.fill("#sql-input", ENDLESS)
    page.click("#sql-run")
    expect(page.locator("#sql-stop")).to_be_enabled()  # the query runs
    assert responsive(page)  # in a worker: the page stays alive
    error = page.locator("#sql-results .tool-error")
    expect(error).to_contain_text("stopped after 2 s", timeout=20_000)
    run_sql(page, "SELECT count(*) AS c FROM games")  # a fresh worker answers again
    assert int(page.locator("#sql-results tbody td").first.inner_text()) > 0
    assert not [e for e in watch.errors if "uncaught" in e], watch.errors


def test_sql_console_stop_button_ends_a_running_query(page: Page, site_url):
    open_tool(page, site_url + "sql/", "sql-console-tool")
    page.fill("#sql-input", ENDLESS)
    page.click("#sql-run")
    expect(page.locator("#sql-stop")).to_be_enabled()
    page.click("#sql-stop")
    expect(page.locator("#sql-results .tool-error")).to_have_text(
        re.compile(
            r"^Stopped: the query was stopped \(\d[\d.]* (B|KiB|MiB) fetched in \d+ "
            r"requests?\)\.$"
        ),
        timeout=3_000,
    )
    expect(page.locator("#sql-run")).to_be_enabled()


def test_sql_console_lists_the_tables_and_columns_the_database_describes(page: Page, site_url):
    from wythoff.db import PUBLIC_TABLES, schema

    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the list fits its width
    open_tool(page, site_url + "sql/", "sql-console-tool")
    page.click(".sql-schema-box > summary")
    listed = page.evaluate(
        """() => Array.from(document.querySelectorAll("#sql-schema .sql-table"), (table) => [
            table.dataset.table,
            Array.from(table.querySelectorAll("dt code"), (code) => code.textContent),
            Array.from(table.querySelectorAll("dd"), (dd) => dd.textContent)])"""
    )
    assert [table for table, _, _ in listed] == list(PUBLIC_TABLES)
    for table, names, descriptions in listed:
        assert names == [c.name for c in schema.columns(table)], table
        assert descriptions == [c.description for c in schema.columns(table)], table
    games = page.locator("#sql-schema .sql-table[data-table='games']")
    games.locator("summary").click()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    games.locator(".sql-first-rows").click()
    expect(page.locator("#sql-input")).to_have_value("SELECT * FROM games LIMIT 20")
    expect(page.locator("#sql-results .sql-cost")).to_contain_text("20 rows")


def bytes_said(text: str) -> float:
    """ "812 B", "96.5 KiB", "3.2 MiB" as a number of bytes."""
    number, unit = text.split()
    return float(number) * {"B": 1, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30}[unit]


def test_sql_console_warns_before_a_query_reads_a_large_table_whole(
    page: Page, site_url, small_build
):
    open_tool(page, site_url + "sql/", "sql-console-tool")
    # the largest tables read whole: the Grundy rows' values, then every term
    scan = (
        "SELECT (SELECT count(*) FROM grundy_values WHERE instr(low, x'ff') >= 0) "
        "+ (SELECT count(*) FROM terms WHERE value_text LIKE '%') AS c"
    )
    run_sql(page, scan)
    warning = page.locator("#sql-results .sql-warning")
    expect(warning).to_contain_text("reads much of the file")
    read, size = re.search(r"has read (.+?) of the (.+?) database", warning.inner_text()).groups()
    assert bytes_said(read) < bytes_said(size) / 2  # asked before it read most of the file
    warning.locator(".sql-run-anyway").click()
    expect(page.locator("#sql-results .sql-cost")).to_contain_text("1 row")
    count = page.locator("#sql-results tbody td").first.inner_text()
    assert [[count]] == cli_rows(small_build, scan)
    run_sql(page, "SELECT n, value FROM terms WHERE sequence_id = 'wythoff-a' AND n < 5")
    expect(page.locator("#sql-results .sql-cost")).to_contain_text("5 rows")  # an index: no warning


@pytest.mark.browser
def test_the_value_box_answers_g_63_10_15_as_the_command_does(page, site_url):
    """Wythoff's row 63 at y = 10^15, from the published database and the row's proven
    period, in exact integers: the same value as ``wythoff grundy``, which computes
    the row on a strip apart from the database."""
    watch = open_tool(page, site_url + "games/wythoff/", "grundy-value-tool")
    page.fill("#grundy-x", "63")
    page.fill("#grundy-y", "10^15")
    page.locator("#grundy-value-tool").get_by_role("button", name="G(x, y)").click()
    result = page.locator("#grundy-value-tool .wy-grundy-result")
    expect(result).to_have_text(re.compile(r"G\(63, 1000000000000000\) = \d+"))
    printed = wythoff("grundy", "wythoff", "63", "1000000000000000").stdout.split()
    assert result.inner_text() == f"G(63, 1000000000000000) = {printed[0]}"
    words = page.locator("#grundy-value-tool .wy-grundy-answer").inner_text()
    assert "From the proven period of row 63" in words and "grundy_values" in words
    page.mouse.move(0, 0)  # the pressed button's hover and focus colours are Material's
    page.focus("#grundy-x")
    assert axe_violations(page) == []
    # a row that is not stored: one line saying what would answer it
    page.fill("#grundy-x", "64")
    page.locator("#grundy-value-tool").get_by_role("button", name="G(x, y)").click()
    expect(page.locator("#grundy-value-tool .tool-error")).to_contain_text("wythoff grundy")
    assert watch.errors == []
