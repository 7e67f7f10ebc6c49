# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The pictures in a real browser: a sequence page of each kind and the game pages
show their picture with a caption saying what to look for and alternative text;
the discrepancy's band and extremes agree with exact values computed here from
the database's terms; the board draws the stored P-positions with axes, legend,
coordinates under the pointer and zoom to the stored range."""

from __future__ import annotations

import re
import sqlite3
import xml.etree.ElementTree as ET
from decimal import Decimal, localcontext

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.browser import visit

DIGITS = 60


def database_rows(build, query: str, *args) -> list[tuple]:
    with sqlite3.connect(build.database) as connection:
        return connection.execute(query, args).fetchall()


def plot_of(page: Page, site_url: str, sequence_id: str) -> tuple[ET.Element, str, str]:
    """The sequence page's picture: its SVG file, alternative text and caption."""
    watch = visit(page, f"{site_url}sequences/{sequence_id}/")
    image = page.locator("article figure.wy-figure img")
    image.scroll_into_view_if_needed()
    expect(image).to_be_visible()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
    )
    alt = image.get_attribute("alt")
    caption = page.locator("article figure.wy-figure figcaption").inner_text()
    response = page.request.get(f"{site_url}sequences/{sequence_id}/plot.svg")
    assert response.ok and response.headers["content-type"].startswith("image/svg+xml")
    assert watch.errors == []
    return ET.fromstring(response.text()), alt, caption


@pytest.mark.browser
@pytest.mark.parametrize(
    ("sequence_id", "kind", "words"),
    [
        ("wythoff-a", "discrepancy", "band"),
        ("fraenkel-a2-p", "logarithmic", "log scale"),
        ("larsson-modulo-m2-p2-l0-c", "pair", "d(n) / c(n)"),
    ],
)
def test_sequence_pages_show_their_picture_with_caption_and_alt_text(
    page, site_url, sequence_id, kind, words
):
    svg, alt, caption = plot_of(page, site_url, sequence_id)
    assert svg.get("data-kind") == kind and svg.get("role") == "img"
    assert sequence_id.removesuffix("-c") in alt and len(alt) > 40
    assert caption.startswith("What to look for:") and words in caption
    title = svg.find("{http://www.w3.org/2000/svg}title").text
    assert title and svg.find("{http://www.w3.org/2000/svg}desc").text == alt


def decimal_of(text: str) -> Decimal:
    """``(p + q*sqrt(d))/e``, ``p - sqrt(d)``, an integer: as the SVG states its band."""
    found = re.fullmatch(r"\(?(-?\d+)(?: ([+-]) (?:(\d+)\*)?sqrt\((\d+)\))?\)?(?:/(\d+))?", text)
    assert found, text
    p, sign, q, d, e = found.groups()
    value = Decimal(p)
    if d:
        value += (1 if sign == "+" else -1) * Decimal(q or 1) * Decimal(d).sqrt()
    return value / Decimal(e or 1)


@pytest.mark.browser
def test_the_discrepancy_band_agrees_with_exact_values_from_the_database(
    page, site_url, small_build
):
    """connell-k3-u1: u(n) = floor((n + 1/3)(1 + 1/A)), A = (3 + sqrt 13)/2 (Connell)."""
    svg, alt, caption = plot_of(page, site_url, "connell-k3-u1")
    terms = database_rows(
        small_build, "SELECT n, value FROM terms WHERE sequence_id = 'connell-k3-u1' ORDER BY n"
    )
    with localcontext() as context:
        context.prec = DIGITS
        big_a = (3 + Decimal(13).sqrt()) / 2
        slope = 1 + 1 / big_a  # u(n) = floor(n*slope + slope/3)
        beta = slope / 3
        gaps = [Decimal(value) - n * slope for n, value in terms[:1000]]
        low, high = decimal_of(svg.get("data-band-low")), decimal_of(svg.get("data-band-high"))
        alpha = decimal_of(svg.get("data-alpha"))
        tiny = Decimal(10) ** -40
        assert abs(alpha - slope) < tiny
        assert abs(high - beta) < tiny and abs(low - (beta - 1)) < tiny
    assert all(low < gap <= high for gap in gaps)
    assert int(svg.get("data-count")) == len(gaps)
    smallest, largest = (v.quantize(Decimal("1e-9")) for v in (min(gaps), max(gaps)))
    assert (svg.get("data-smallest"), svg.get("data-largest")) == (str(smallest), str(largest))
    shown = [v.quantize(Decimal("1e-6")) for v in (min(gaps), max(gaps))]
    lowest = str(shown[0]).replace("-", "\u2212")
    assert f"ranges from {lowest} to {shown[1]}" in caption
    assert "0.4343" in alt and "\u22120.5657" in alt  # the band's ends, to 4 decimals


def drawn_points(page: Page) -> set[tuple[int, int]]:
    cells = page.eval_on_selector_all(
        "#board rect[data-x]", "rects => rects.map(r => [r.dataset.x, r.dataset.y])"
    )
    return {(int(x), int(y)) for x, y in cells}


def stored_points(build, game_id: str, side: int, symmetric: bool = True) -> set[tuple[int, int]]:
    rows = database_rows(build, "SELECT x, y FROM p_positions WHERE game_id = ?", game_id)
    points = {(x, y) for x, y in rows} | ({(y, x) for x, y in rows} if symmetric else set())
    return {(x, y) for x, y in points if x <= side and y <= side}


def open_board(page: Page, url: str) -> None:
    watch = visit(page, url)
    board = page.locator("#board")
    board.scroll_into_view_if_needed()
    page.wait_for_selector("#board[data-ready='true']", state="attached")
    assert watch.errors == []


@pytest.mark.browser
def test_the_board_draws_the_stored_positions_with_axes_legend_coordinates_and_zoom(
    page, site_url, small_build
):
    open_board(page, site_url + "games/connell-k3/")
    board = page.locator("#board")
    assert board.get_attribute("role") == "img"
    assert "P-positions of connell-k3" in board.get_attribute("aria-label")
    caption = page.locator("figure.wy-board-figure figcaption").inner_text()
    assert caption.startswith("What to look for:")
    assert drawn_points(page) == stored_points(small_build, "connell-k3", 30)
    legend = page.locator(".wy-board-legend li").all_inner_texts()
    assert [t.strip() for t in legend] == ["class i = 0", "class i = 1", "class i = 2"]
    axis_labels = page.eval_on_selector_all(
        "#board svg text", "texts => texts.map(t => t.textContent)"
    )
    assert {"0", "10", "20", "30", "x", "y"} <= set(axis_labels)
    # every P-position says where it is
    titles = page.eval_on_selector_all(
        "#board rect[data-x] title", "ts => ts.map(t => t.textContent)"
    )
    points = stored_points(small_build, "connell-k3", 30)
    assert sorted(titles) == sorted(f"({x}, {y})" for x, y in points)
    # the pointer over (1, 4), a P-position of class 0: the coordinates are read out
    square = page.locator("#board rect[data-x='1'][data-y='4']")
    square.hover()
    expect(page.locator(".wy-board-where")).to_have_text("(1, 4): a P-position")
    # zoom out to the stored range
    stored = database_rows(small_build, "SELECT ppositions_max FROM games WHERE id = 'connell-k3'")
    side = stored[0][0]
    page.get_by_role("button", name=f"0 .. {side}").click()
    expect(page.locator("#board svg")).to_have_attribute("data-side", str(side))
    assert drawn_points(page) == stored_points(small_build, "connell-k3", side)
    pressed = page.locator(".wy-board-zoom button[aria-pressed='true']").all_inner_texts()
    assert pressed == [f"0 .. {side}"]


@pytest.mark.browser
def test_a_shifted_game_shows_both_orientations_and_the_removed_rectangle(
    page, site_url, small_build
):
    game = "larsson-shifted-m2-p3-l1"  # the rectangle x < 4, y < 2: no symmetry
    open_board(page, f"{site_url}games/{game}/")
    assert drawn_points(page) == stored_points(small_build, game, 30, symmetric=False)
    legend = [t.strip() for t in page.locator(".wy-board-legend li").all_inner_texts()]
    assert legend == ["(a, b) pairs", "(b, a) pairs"]
    ((w, h),) = database_rows(small_build, "SELECT rect_w, rect_h FROM games WHERE id = ?", game)
    assert w and h
    assert page.locator("#board svg rect[fill='#bdbdbd']").count() == 1
    assert (
        f"removed rectangle x < {w}, y < {h}"
        in page.locator("figure.wy-board-figure figcaption").inner_text()
    )


@pytest.mark.browser
def test_a_game_without_a_formula_shows_larssons_conjecture_line_by_line(
    page, site_url, small_build
):
    game = "larsson-modulo-m1-p3-l2"
    watch = visit(page, f"{site_url}games/{game}/")
    image = page.locator("article figure.wy-figure img[src='lines.svg']")
    image.scroll_into_view_if_needed()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
    )
    caption = page.locator("article figure.wy-figure:has(img[src='lines.svg']) figcaption")
    text = caption.inner_text()
    assert text.startswith("What to look for:") and "p = 3" in text
    # the database: every line below the last c listed holds two P-positions, not three
    pairs = database_rows(
        small_build,
        "SELECT t.value, u.value FROM terms t JOIN terms u ON u.n = t.n "
        "WHERE t.sequence_id = ? AND u.sequence_id = ? ORDER BY t.n",
        f"{game}-c",
        f"{game}-d",
    )[:1000]
    complete = int(pairs[-1][0])
    lines = [sum(1 for c, d in pairs if int(c) == v or int(d) == v) for v in range(complete)]
    assert set(lines) == {2}
    assert f"{complete} of the {complete} lines below {complete} do not hold p = 3" in text
    assert "Larsson's belief (Section 7)" in image.get_attribute("alt")
    # the gap and ratio of c and d, as on the sequences' pages
    gap = page.locator(f"article figure.wy-figure img[src$='{game}-c/plot.svg']")
    gap.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=gap.element_handle())
    assert "d(n) / c(n)" in gap.get_attribute("alt")
    assert watch.errors == []


@pytest.mark.browser
@pytest.mark.parametrize("path", ["games/connell-k3/", "sequences/connell-k3-u1/"])
def test_pictures_fit_a_phone_screen(page, site_url, path):
    page.set_viewport_size({"width": 375, "height": 812})
    visit(page, site_url + path)
    figure = page.locator("article figure.wy-figure").first
    figure.scroll_into_view_if_needed()
    if path.startswith("games/"):
        page.wait_for_selector("#board[data-ready='true']", state="attached")
    widths = page.evaluate(
        """() => [document.documentElement.scrollWidth,
            ...Array.from(document.querySelectorAll("article figure.wy-figure img, #board svg"),
                (e) => e.getBoundingClientRect().right)]"""
    )
    assert max(widths) <= 375, widths


GRUNDY_SIDE = 512  # grundy_picture.SIDE
SIZES = pytest.mark.parametrize(
    "viewport",
    [{"width": 1280, "height": 900}, {"width": 390, "height": 844}],
    ids=["desk", "phone"],
)


def labels(page: Page, selector: str) -> list[tuple[str, float, float]]:
    """The texts of an SVG: each with the centre of its box on the screen."""
    return page.eval_on_selector_all(
        f"{selector} text",
        """texts => texts.map((t) => {
            const box = t.getBoundingClientRect();
            return [t.textContent, box.x + box.width / 2, box.y + box.height / 2];
        })""",
    )


def grundy_pixel(page: Page, x: int, y: int) -> list[int]:
    """The colour the game page's Grundy PNG gives the position (x, y): the pixel in
    column x, row 511 - y of the image (its first row is the largest y)."""
    return page.evaluate(
        """async ([x, y, side]) => {
            const source = document.querySelector('#grundy-picture image').href.baseVal;
            const image = new Image();
            image.src = new URL(source, location.href).href;
            await image.decode();
            const canvas = document.createElement('canvas');
            canvas.width = canvas.height = side;
            const context = canvas.getContext('2d');
            context.drawImage(image, 0, 0);
            return Array.from(context.getImageData(x, side - 1 - y, 1, 1).data.slice(0, 3));
        }""",
        [x, y, GRUNDY_SIDE],
    )


def point_at(page: Page, x: int, y: int) -> str:
    """Move the pointer over the square (x, y) of the picture; the readout it gives."""
    box = page.locator("#grundy-picture image").bounding_box()
    scale = box["width"] / GRUNDY_SIDE
    across, up = box["x"] + (x + 0.5) * scale, box["y"] + (GRUNDY_SIDE - y - 0.5) * scale
    page.mouse.move(across, up)
    expect(page.locator("#grundy-picture")).to_have_attribute("data-x", str(x))
    expect(page.locator("#grundy-picture")).to_have_attribute("data-y", str(y))
    ring = page.locator("#grundy-picture circle").bounding_box()  # ringed where pointed
    centre = (ring["x"] + ring["width"] / 2, ring["y"] + ring["height"] / 2)
    assert abs(centre[0] - across) < 1 and abs(centre[1] - up) < 1, (centre, across, up)
    return page.locator(".wy-grundy-where").inner_text()


@pytest.mark.browser
@SIZES
def test_the_grundy_picture_has_the_boards_orientation_axes_a_legend_and_a_readout(
    page, site_url, viewport
):
    """On a board that is not symmetric (the rectangle x < 4, y < 2 removed), the PNG's
    pixels, the axes' numbers and the pointer's readout all put x to the right and y
    upwards, and the readout gives the engine's G(x, y)."""
    from wythoff.core.games import grundy
    from wythoff.families import resolve_game
    from wythoff.website import grundy_picture

    from tests.helpers.browser import axe_violations

    game = "larsson-shifted-m2-p3-l1"
    page.set_viewport_size(viewport)
    watch = visit(page, f"{site_url}games/{game}/")
    figure = page.locator("#grundy-picture")
    figure.scroll_into_view_if_needed()
    table = grundy.grundy_table(resolve_game(game).rules, GRUNDY_SIDE)
    largest = int(table[table != grundy.OFF_BOARD].max())
    svg = figure.locator("svg")
    assert svg.get_attribute("role") == "img"
    described = page.locator(f"#{svg.get_attribute('aria-describedby')}").inner_text()
    assert "(0, 0) at the bottom left" in described
    # the axes: numbers 0 .. 500 under the picture left to right, beside it bottom to top
    numbers = labels(page, "#grundy-picture svg")
    image = figure.locator("image").bounding_box()
    bottom, scale = image["y"] + image["height"], image["width"] / GRUNDY_SIDE
    under = [
        (t, x)
        for t, x, y in numbers
        if t.isdigit() and x >= image["x"] and bottom < y < bottom + 22 * scale
    ]
    beside = [
        (t, y)
        for t, x, y in numbers
        if t.isdigit() and x < image["x"] and image["y"] - 8 * scale <= y <= bottom + 8 * scale
    ]
    ticks = [str(v) for v in range(0, GRUNDY_SIDE, 100)]
    assert [t for t, _ in sorted(under, key=lambda p: p[1])] == ticks  # x grows to the right
    assert [t for t, _ in sorted(beside, key=lambda p: -p[1])] == ticks  # y grows upwards
    # the legend: G = 0 black, the bands of hue from 1 to the largest value, numbered
    legend = [t for t, x, y in numbers if y > bottom + 35 * scale]
    assert {"0", "1", str(largest), "off", "G(x, y)"} <= set(legend)
    assert f"violet (G = {largest})" in figure.locator("figcaption").inner_text()
    # the pixels: the P-position (1, 9) black, not (9, 1); the removed (2, 1) white
    assert table[1, 9] == 0 and table[9, 1] != 0 and table[2, 1] == grundy.OFF_BOARD
    assert grundy_pixel(page, 1, 9) == [0, 0, 0] and grundy_pixel(page, 9, 1) != [0, 0, 0]
    assert grundy_pixel(page, 2, 1) == [255, 255, 255]
    for x, y in [(5, 0), (0, 5), (37, 200), (200, 37), (511, 3)]:
        band = grundy_picture.band(int(table[x, y]), largest)
        assert grundy_pixel(page, x, y) == list(grundy_picture.hue(band)), (x, y)
    # the readout of the square under the pointer: the engine's value
    for x, y in [(1, 9), (9, 1), (4, 0), (37, 200), (200, 37), (511, 511)]:
        assert point_at(page, x, y) == f"G({x}, {y}) = {table[x, y]}"
    assert point_at(page, 2, 1) == "(2, 1) is off the board."
    box = svg.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert axe_violations(page) == []
    assert watch.errors == []


@pytest.mark.browser
@SIZES
def test_the_board_of_p_positions_has_x_to_the_right_y_upwards_and_numbered_axes(
    page, site_url, viewport
):
    """Wythoff's P-positions (0, 0), (1, 2) and (2, 1) on the game page's board: (1, 2) to
    the right of (0, 0) and above it, (2, 1) further right and lower; the axes' numbers
    grow the same ways, and the legend names the squares."""
    from tests.helpers.browser import axe_violations

    page.set_viewport_size(viewport)
    open_board(page, site_url + "games/wythoff/")
    box = {
        (x, y): page.locator(f"#board rect[data-x='{x}'][data-y='{y}']").bounding_box()
        for x, y in [(0, 0), (1, 2), (2, 1)]
    }
    assert box[0, 0]["x"] < box[1, 2]["x"] < box[2, 1]["x"]  # x to the right
    assert box[1, 2]["y"] < box[2, 1]["y"] < box[0, 0]["y"]  # y upwards
    numbers = labels(page, "#board svg")
    origin = box[0, 0]
    under = sorted(
        (x, t) for t, x, y in numbers if t.isdigit() and y > origin["y"] + origin["height"]
    )
    beside = sorted((-y, t) for t, x, y in numbers if t.isdigit() and x < origin["x"])
    assert [t for _, t in under] == [t for _, t in beside] == ["0", "10", "20", "30"]
    assert [t.strip() for t in page.locator(".wy-board-legend li").all_inner_texts()] == [
        "P-position"
    ]
    board = page.locator("#board svg").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= viewport["width"]
    assert axe_violations(page) == []
