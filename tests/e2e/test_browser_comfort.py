# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The site as a daily tool, on a desk (1280 x 900) and on a phone (390 x 844): tables
that fit, a console that says what it did, a search that suggests, a board one can
tap, and each of them clean by axe-core (WCAG 2 A and AA)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from wythoff.website.serve import in_background

from tests.helpers.browser import (
    axe_violations,
    cli_rows,
    fetch,
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


# ----------------------------------------------------------------------------- search

BOX = "Find a sequence or game by name, ID, A-number or terms"


def found_on_the_find_page(page: Page, site_url: str, query: str) -> list[str]:
    visit(page, site_url + "find/?q=" + query)
    expect(page.locator(".find-status")).to_contain_text("found")
    return page.locator(".find-results li > a").all_inner_texts()


@SIZES
def test_the_header_search_suggests_the_first_ten_entries_as_one_types(page, site_url, viewport):
    """The suggestions are the Find page's first ten for the same text, in its order,
    as one types (an ID's start, a name's word, an A-number), and one opens by keys."""
    page.set_viewport_size(viewport)
    expected = {q: found_on_the_find_page(page, site_url, q)[:10] for q in ("conn", "A001950")}
    watch = visit(page, site_url + "games/wythoff/")
    box = page.get_by_role("combobox", name=BOX)
    suggestions = page.get_by_role("listbox", name="Suggestions")
    box.press_sequentially("conn")  # no Enter
    expect(suggestions).to_be_visible()
    options = suggestions.get_by_role("option")
    expect(options).to_have_count(10)
    assert [o.split(" ")[0] for o in options.all_inner_texts()] == expected["conn"]
    box.fill("")
    box.press_sequentially("A001950")
    expect(options.first).to_contain_text(expected["A001950"][0])
    assert expected["A001950"][0] == "wythoff-b"
    box_right = box.bounding_box()
    listed = suggestions.bounding_box()
    assert listed["x"] >= 0 and listed["x"] + listed["width"] <= viewport["width"]
    assert listed["y"] >= box_right["y"] + box_right["height"] - 1  # under the box
    assert axe_violations(page) == []
    box.press("ArrowDown")
    assert box.get_attribute("aria-activedescendant") == "wy-suggestion-0"
    box.press("Enter")
    expect(page).to_have_url(site_url + "sequences/wythoff-b/")
    assert watch.errors == []


@SIZES
def test_find_says_how_each_sequence_relates_to_an_a_number(page, site_url, small_build, viewport):
    """Each sequence found by an A-number it matches says, in one line, the evidence
    and the relation the crossrefs table holds."""
    page.set_viewport_size(viewport)
    watch = visit(page, site_url + "find/?q=A000201")
    expect(page.locator(".find-status")).to_contain_text("found")
    with sqlite3.connect(small_build.database) as connection:
        stored = dict(
            connection.execute(
                "SELECT sequence_id, evidence || ': ' || relation FROM crossrefs "
                "WHERE target = 'A000201' AND kind = 'match'"
            ).fetchall()
        )
    assert "wythoff-a" in stored
    shown = {}
    for item in page.locator(".find-results li").all():
        relation = item.locator(".find-relation")
        if relation.count():
            shown[item.locator("a").inner_text()] = relation.inner_text()
    assert shown == {key: f"A000201, {line}" for key, line in stored.items()}
    assert shown["wythoff-a"].startswith("A000201, proven: a(n) = A000201(n)")
    box = page.locator(".find-relation").first.bounding_box()
    assert box["x"] + box["width"] <= viewport["width"]
    assert axe_violations(page) == []
    assert watch.errors == []


# ----------------------------------------------------------------------------- board


def boxes(page: Page, selector: str) -> list[dict]:
    return page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector), (e) => {
            const r = e.getBoundingClientRect();
            return {text: e.textContent, x: e.dataset.x, y: e.dataset.y, left: r.left,
                    right: r.right, top: r.top, bottom: r.bottom, width: r.width,
                    middle: [(r.left + r.right) / 2, (r.top + r.bottom) / 2]};
        })""",
        selector,
    )


def inside(square: dict, box: dict) -> bool:
    return (
        square["left"] >= box["left"] - 0.5
        and square["right"] <= box["right"] + 0.5
        and square["top"] >= box["top"] - 0.5
        and square["bottom"] <= box["bottom"] + 0.5
    )


@SIZES
def test_a_large_board_zooms_to_squares_of_32_pixels_pans_and_numbers_its_axes(
    page, site_url, viewport
):
    """At (40, 45) the squares stay 32 pixels wide (they were 8.7 on a phone): the board
    scrolls in its box, the queen's square is in view, panning brings the corner (0, 0);
    the axes number the squares, x to the right and y upwards; Whole board fits it."""
    page.set_viewport_size(viewport)
    watch = open_tool(page, site_url + "play/?game=wythoff&x=40&y=45", "play-tool")
    squares = boxes(page, ".wy-play-board .wy-play-cell")
    assert len(squares) == 41 * 46
    assert min(s["width"] for s in squares) >= 31.9
    frame = page.locator(".wy-play-viewport")
    assert frame.evaluate("(v) => v.scrollWidth > v.clientWidth")
    seen = frame.bounding_box()
    seen = {**seen, "left": seen["x"], "right": seen["x"] + seen["width"]}
    seen["top"], seen["bottom"] = seen["y"], seen["y"] + seen["height"]
    (queen,) = [s for s in squares if (s["x"], s["y"]) == ("40", "45")]
    assert inside(queen, seen)
    assert frame.get_attribute("role") == "region" and frame.get_attribute("tabindex") == "0"
    # the axes: x's numbers under their columns, left to right; y's beside their rows,
    # upwards
    where = {(s["x"], s["y"]): s["middle"] for s in squares}
    xs = boxes(page, ".wy-play-x span")
    ys = boxes(page, ".wy-play-y span")
    assert [s["text"] for s in xs] == [str(i) for i in range(41)]
    assert [s["text"] for s in ys] == [str(i) for i in range(45, -1, -1)]
    for label in xs:
        assert abs(label["middle"][0] - where[label["text"], "0"][0]) < 1
    for label in ys:
        assert abs(label["middle"][1] - where["0", label["text"]][1]) < 1
    # pan to the corner (0, 0): it comes into the box, the axes stay beside it
    frame.evaluate("(v) => v.scrollTo(0, v.scrollHeight)")
    corner = boxes(page, '.wy-play-cell[data-x="0"][data-y="0"]')[0]
    assert inside(corner, seen)
    assert boxes(page, ".wy-play-y")[0]["left"] == seen["left"]
    assert axe_violations(page) == []
    # the whole board fits the box, in smaller squares and fewer numbers
    page.locator("#play-fit").check()
    assert frame.evaluate("(v) => v.scrollWidth <= v.clientWidth")
    assert max(s["width"] for s in boxes(page, ".wy-play-cell")) < 31.9
    assert [s["text"] for s in boxes(page, ".wy-play-x span")][:3] != ["0", "1", "2"]
    assert watch.errors == []


def test_on_a_phone_the_board_is_in_view_on_play_and_a_button_brings_it_on_a_game_page(
    page, site_url
):
    page.set_viewport_size(PHONE)
    open_tool(page, site_url + "play/?game=wythoff", "play-tool")
    queen = page.locator(".wy-play-cell.is-queen").bounding_box()
    assert queen["y"] >= 0 and queen["y"] + queen["height"] <= PHONE["height"]
    open_tool(page, site_url + "games/wythoff/", "play-tool")
    board = page.locator(".wy-play-board")
    assert board.bounding_box()["y"] > PHONE["height"]  # below the fold ...
    page.get_by_role("link", name="Play ↓").click()
    box = board.bounding_box()  # ... until the button brings it
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    status = page.locator(".wy-play-status").bounding_box()
    assert status["y"] >= 0  # the line that says what to do is in view too
    assert axe_violations(page) == []


# ----------------------------------------------------------------------------- row plots


@pytest.fixture(scope="module")
def row_site(row_build) -> Iterator[str]:
    """The site of ``row_build`` (tests/e2e/conftest.py), which holds a Sprague-Grundy row."""
    with in_background(row_build.site) as url:
        yield url


@SIZES
def test_a_grundy_rows_page_plots_a_of_n_minus_n(page, row_site, row_build, viewport):
    """G(1, n) is close to n: its page plots a(n) - n, which repeats with the row's
    period, between the least and the largest a(n) - n of the stored terms."""
    page.set_viewport_size(viewport)
    watch = visit(page, row_site + "sequences/wythoff-grundy-row1/")
    with sqlite3.connect(row_build.database) as connection:
        low, high, count = connection.execute(
            "SELECT min(value - n), max(value - n), count(*) FROM terms "
            "WHERE sequence_id = 'wythoff-grundy-row1'"
        ).fetchone()
    assert (low, high) == (-2, 1) and count >= 200
    image = page.locator("figure.wy-figure img")
    image.scroll_into_view_if_needed()
    assert f"a(n) \u2212 n against n for n = 0 .. {count - 1}" in image.get_attribute("alt")
    status, text = fetch(row_site + "sequences/wythoff-grundy-row1/" + image.get_attribute("src"))
    svg = text.decode()
    assert status == 200 and 'data-kind="difference"' in svg
    assert f'data-smallest="{low}"' in svg and f'data-largest="{high}"' in svg
    caption = page.locator("figure.wy-figure figcaption").inner_text()
    assert "a(n + p) = a(n) + p" in caption and "repeats every p terms" in caption
    box = image.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert axe_violations(page) == []
    assert watch.errors == []


# ----------------------------------------------------------------------------- position checker


def term(database, sequence_id: str, n: int) -> int:
    with sqlite3.connect(database) as connection:
        (value,) = connection.execute(
            "SELECT value FROM terms WHERE sequence_id = ? AND n = ?", (sequence_id, n)
        ).fetchone()
    return value


INDEXED = re.compile(r"P-position n = (\d+)(?: of class (\d+))?: \(([\w-]+)\((\d+)\), ([\w-]+)\(")


@SIZES
def test_the_position_checker_names_the_index_n_of_the_p_position_reached(
    page, site_url, small_build, viewport
):
    """Each winning move says which P-position it reaches by its index n, the term of
    the game's two sequences (of its class, for Connell's games) that are its piles,
    each linked to its page; a P-position says its own n."""
    page.set_viewport_size(viewport)
    for game, x, y in [("wythoff", 20, 45), ("connell-k3", 11, 48), ("wythoff", 3, 5)]:
        watch = open_tool(
            page, f"{site_url}position/?game={game}&x={x}&y={y}", "position-checker-tool"
        )
        page.wait_for_selector("#position-result[data-indexed='true']", state="attached")
        if (x, y) == (3, 5):
            places = [((3, 5), page.locator("#position-result .position-verdict"))]
        else:
            places = []
            for item in page.locator("#position-result .position-moves li").all():
                text = item.locator("code.position-pair").nth(1).inner_text()
                places.append((tuple(int(v) for v in re.findall(r"\d+", text)), item))
        assert places
        for target, item in places:
            words = item.locator(".position-index").inner_text()
            match = INDEXED.search(words)
            assert match, words
            n, _, lower, again, upper = match.groups()
            assert n == again
            assert (
                term(small_build.database, lower, int(n)),
                term(small_build.database, upper, int(n)),
            ) == target
            links = item.locator(".position-index a")
            assert links.all_inner_texts() == [lower, upper]
            assert links.first.get_attribute("href").endswith(f"sequences/{lower}/")
        assert axe_violations(page) == []
        assert watch.errors == []


@pytest.mark.browser
@pytest.mark.parametrize("path", ["sequences/wythoff-a/", "games/wythoff/"])
def test_the_verification_table_breaks_no_word_on_a_phone(page, site_url, path):
    """Each word of the verification table lies on one line at a phone's width ("passed",
    never "passe" above "d"; a line may end at a hyphen, "P-" above "positions")."""
    page.set_viewport_size({"width": 360, "height": 800})
    visit(page, site_url + path)
    broken = page.evaluate(
        """() => {
            const broken = [];
            const cells = document.querySelectorAll(".wy-checks td");
            for (const cell of cells) {
                const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    for (const found of node.textContent.matchAll(/[^\\s-]+/g)) {
                        const range = document.createRange();
                        range.setStart(node, found.index);
                        range.setEnd(node, found.index + found[0].length);
                        const lines = new Set(Array.from(range.getClientRects(), (r) => r.top));
                        if (lines.size > 1) broken.push(found[0]);
                    }
                }
            }
            return [cells.length, broken];
        }"""
    )
    cells, words = broken
    assert cells >= 4 and words == [], (cells, words)
