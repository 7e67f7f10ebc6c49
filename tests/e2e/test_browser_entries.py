"""What a researcher takes from an entry's page, in a real browser, against the
database and the ``wythoff`` command: a game's P-positions downloaded as CSV (the
rows ``wythoff ppositions`` prints), the position checker's answers beyond the
stored P-positions (from the stored pairs c(n), d(n), as ``wythoff position``
answers), and the formulas of sequence and game pages typeset by KaTeX.
"""

from __future__ import annotations

import csv
import io
import sqlite3
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from wythoff.website import paths

from tests.helpers.browser import (
    TIMEOUT_MS,
    check_position,
    cli_position,
    open_tool,
    verdict,
    winning_target,
)
from tests.helpers.commands import in_process

expect.set_options(timeout=TIMEOUT_MS)

PHONE = {"width": 390, "height": 844}

# Wythoff's game, one with classes, one on a board that is not symmetric, and two
# solved by the solver (one with its pairs stored as sequences).
GAMES = [
    "wythoff",
    "connell-k2",
    "larsson-rectangle-k2-u1-v2",
    "larsson-modulo-m2-p3-l2",
    "larsson-blocking-m2-p3-l3",
]
PAIRS_GAME = "larsson-modulo-m2-p3-l2"


def stored_limit(database: Path, game_id: str) -> int:
    with sqlite3.connect(database) as connection:
        query = "SELECT ppositions_max FROM games WHERE id = ?"
        return int(connection.execute(query, (game_id,)).fetchone()[0])


def download_positions(page: Page, site_url: str, game_id: str) -> tuple[str, str]:
    """Open the game's page and download its P-positions with the one button: the
    file's suggested name and its text."""
    page.goto(site_url + paths.served(paths.game(game_id)))
    button = page.get_by_role("link", name="Download the P-positions (CSV)")
    expect(button).to_be_visible()
    with page.expect_download() as download_info:
        button.click()
    download = download_info.value
    return download.suggested_filename, Path(download.path()).read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- CSV


@pytest.mark.browser
@pytest.mark.parametrize("game_id", GAMES)
def test_game_page_downloads_the_p_positions_that_the_command_prints(
    page, site_url, small_build, game_id
):
    """One click on the game's page gives a file named after the game whose columns
    x, y are the rows of ``wythoff ppositions GAME --max M --format csv``, followed by
    the database's n (and class for Connell's games)."""
    name, text = download_positions(page, site_url, game_id)
    assert name == f"{game_id}-p-positions.csv"
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], rows[1:]
    with_class = game_id.startswith("connell")
    assert header == (["x", "y", "n", "class"] if with_class else ["x", "y", "n"])
    limit = stored_limit(small_build.database, game_id)
    command = in_process("ppositions", game_id, "--max", str(limit), "--format", "csv").stdout
    expected = list(csv.reader(io.StringIO(command)))
    assert expected[0] == ["x", "y"]
    assert [row[:2] for row in body] == expected[1:] and len(body) > 10
    with sqlite3.connect(small_build.database) as connection:
        stored = connection.execute(
            'SELECT x, y, n, "class" FROM p_positions WHERE game_id = ? ORDER BY x, y',
            (game_id,),
        ).fetchall()
    assert body == [[str(v) for v in row[: len(header)]] for row in stored]
    # the page says what each column is and how far the list is complete
    note = page.locator("article").inner_text()
    assert f"at most {limit}" in note and "games.ppositions_max" in note
    for column in header:
        expect(page.locator("article li strong", has_text=column).first).to_be_visible()
    order = "x ≤ y" if game_id != "larsson-rectangle-k2-u1-v2" else "x > y too"
    assert order in note


@pytest.mark.browser
def test_the_download_fits_a_phone_and_takes_one_click(page, site_url):
    """On a 390 x 844 screen the download is a button within the width, and the file
    arrives in one click (the time a scripted reader takes is printed)."""
    page.set_viewport_size(PHONE)
    started = time.perf_counter()
    name, text = download_positions(page, site_url, "wythoff")
    seconds = time.perf_counter() - started
    print(f"\nopen the page and download {name}: 1 click, {seconds:.2f} s")
    assert text.startswith("x,y,n\n0,0,0\n1,2,1\n3,5,2\n")
    box = page.get_by_role("link", name="Download the P-positions (CSV)").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


# ----------------------------------------------------------------------------- position checker


def last_pair(database: Path, game_id: str) -> tuple[int, int]:
    """The last stored pair's index n and its c."""
    with sqlite3.connect(database) as connection:
        n, c = connection.execute(
            "SELECT n, value FROM terms WHERE sequence_id = ? ORDER BY n DESC LIMIT 1",
            (f"{game_id}-c",),
        ).fetchone()
    return int(n), int(c)


def stored_pair(database: Path, game_id: str, n: int) -> tuple[int, int]:
    with sqlite3.connect(database) as connection:
        query = "SELECT value FROM terms WHERE sequence_id = ? AND n = ?"
        c = connection.execute(query, (f"{game_id}-c", n)).fetchone()[0]
        d = connection.execute(query, (f"{game_id}-d", n)).fetchone()[0]
    return int(c), int(d)


@pytest.mark.browser
def test_position_checker_answers_beyond_the_stored_positions_from_the_pairs(
    page, site_url, small_build
):
    """Beyond the stored P-positions (both piles at most ppositions_max), a game whose
    pairs c(n), d(n) are stored is answered as far as their lines are settled (the
    smaller pile below the last pair's c), as ``wythoff position`` answers."""
    limit = stored_limit(small_build.database, PAIRS_GAME)
    count, c_last = last_pair(small_build.database, PAIRS_GAME)
    settled = c_last - 1
    assert settled > limit  # the pairs reach farther than the P-positions
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    for x, y in ((settled, 7 * settled + 3), (limit + 1, 5 * limit), (settled, settled + 1)):
        expected = cli_position(PAIRS_GAME, x, y)
        check_position(page, PAIRS_GAME, str(x), str(y))
        assert verdict(page) == expected[0] == "N", (x, y)
        assert list(winning_target(page)) == expected[1:], (x, y)
        result = page.locator("#position-result")
        expect(result).to_contain_text(f"smaller pile is at most {settled}")
    c, d = stored_pair(small_build.database, PAIRS_GAME, count - 40)
    assert limit < d and c <= settled
    for x, y in ((c, d), (d, c)):
        check_position(page, PAIRS_GAME, str(x), str(y))
        assert verdict(page) == "P" and cli_position(PAIRS_GAME, x, y) == ["P"]
    assert watch.errors == []


@pytest.mark.browser
def test_position_checker_says_what_the_command_does_where_it_cannot_answer(
    page, site_url, small_build
):
    """Past the settled lines, and for a game whose pairs are not stored past its
    P-positions, the checker says in one line what ``wythoff position`` would do."""
    _, c_last = last_pair(small_build.database, PAIRS_GAME)
    watch = open_tool(page, site_url + "position/", "position-checker-tool")
    page.set_viewport_size(PHONE)
    for game_id, x, y in ((PAIRS_GAME, c_last, 5000), ("larsson-blocking-m2-p3-l3", 500, 700)):
        check_position(page, game_id, str(x), str(y))
        expect(page.locator("#position-result .tool-error")).to_contain_text("beyond")
        line = page.locator("#position-result .position-command")
        expect(line).to_contain_text(f"wythoff position {game_id} {x} {y} answers it exactly")
        expect(line).to_contain_text("line by line up to the smaller pile")
        assert cli_position(game_id, x, y)[0] in ("P", "N")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert watch.errors == []


@pytest.mark.browser
def test_the_pairs_cost_little_to_read(page, site_url, small_build):
    """An answer from the pairs reads the few pages it needs, not the database."""
    _, c_last = last_pair(small_build.database, PAIRS_GAME)
    x, y = c_last - 1, 9 * c_last
    query = f"?game={PAIRS_GAME}&x={x}&y={y}"
    watch = open_tool(page, site_url + "position/" + query, "position-checker-tool")
    cost = page.locator("#position-result .position-cost")
    expect(cost).to_contain_text("pairs read")
    assert int(cost.get_attribute("data-bytes")) < small_build.database.stat().st_size / 4
    assert verdict(page) == cli_position(PAIRS_GAME, x, y)[0]
    assert watch.errors == []


# ----------------------------------------------------------------------------- formulas


@pytest.mark.browser
@pytest.mark.parametrize(
    ("address", "stored"),
    [
        ("sequences/wythoff-a/", "SELECT formula FROM sequences WHERE id = 'wythoff-a'"),
        (
            "sequences/larsson-m1-p2-a/",
            "SELECT formula FROM sequences WHERE id = 'larsson-m1-p2-a'",
        ),
        ("games/wythoff/", "SELECT p_formula FROM games WHERE id = 'wythoff'"),
    ],
)
def test_formulas_are_typeset_by_katex_with_their_ascii_kept(
    page, site_url, small_build, address, stored
):
    """A sequence's formula and a game's P-positions are typeset as on the family pages
    (KaTeX's HTML, no error, nothing left as TeX), each formula labelled with its
    ASCII; a sequence page keeps the stored ASCII in a block to copy."""
    with sqlite3.connect(small_build.database) as connection:
        (ascii_text,) = connection.execute(stored).fetchone()
    page.set_viewport_size(PHONE)
    page.goto(site_url + address, wait_until="networkidle")
    formula = page.locator("article .wy-formula")
    expect(formula.locator(".katex").first).to_be_visible()
    assert formula.locator(".katex-error").count() == 0
    assert "\\(" not in formula.inner_text() and "floor" not in formula.inner_text()
    labels = formula.locator("math").evaluate_all("(all) => all.map((m) => m.ariaLabel)")
    assert labels and all(label in ascii_text for label in labels)
    if address.startswith("sequences/"):
        assert labels == [ascii_text]
        expect(page.locator("article pre code", has_text=ascii_text)).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
