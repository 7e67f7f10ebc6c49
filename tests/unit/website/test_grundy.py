"""The Sprague–Grundy section of game pages: the PNG's pixels are the values, and games
without values say why."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

from wythoff.core.games.rules import Rules
from wythoff.db import grundy_store
from wythoff.website import grundy, pictures
from wythoff.website.records import GrundyPeriod

from tests.helpers.markup import find


class Shown:
    """The things of a page's game that the section reads: its ID, family and rules."""

    def __init__(self, game_id: str, rules: Rules) -> None:
        self.id, self.moves = game_id, rules
        self.family = game_id.split("-")[0]


def cells(html_rows: str) -> list[list[str]]:
    """The cells' text of each row of HTML, in order."""
    rows = find(html_rows, "tr")
    return [[e.text for e in find(row.markup) if e.tag in ("th", "td")] for row in rows]


def test_section_with_periods():
    periods = [
        GrundyPeriod("g", "row", 0, 0, 1, 1, 1024, "proven", 0, 1),
        GrundyPeriod("g", "row", 1, 0, 3, 3, 1024),
        GrundyPeriod("g", "row", 2, None, None, None, 1024, "none within"),
    ]
    shown = Shown("wythoff", Rules(bishop=1))
    picture = ("games/wythoff/grundy.png", 1022, True)
    text = grundy.section("games/wythoff/index.md", shown, periods, picture=picture)
    assert 'transform="matrix(0 -1 -1 0 ' in text  # the picture's lower half, mirrored
    assert 'href="../grundy.png"' not in text and 'href="grundy.png"' in text
    assert "G = 1022" in text and "2 of these 3 lines" in text
    landman = "../../bibliography.md#landman-2002"
    assert f"| 0 | 0 | 1 | 1 | [proven]({landman}) (from 0, proof period 1) |" in text
    assert "../../bibliography.md#dress-flammenkamp-pink-1999" in text
    assert "Dress, Flammenkamp and Pink proved it for Wythoff's" in text
    assert "| 1 | 0 | 3 | 3 | verified to 1024 |" in text
    assert "| 2 | — | — | — | none within 1024 |" in text
    assert "**1 of them are proven**" in text
    assert "[Landman's finite-state argument](../../bibliography.md#landman-2002)" in text
    assert "grundy_periods" in text and "column y" not in text


def test_section_of_a_board_that_is_not_symmetric_shows_its_columns():
    periods = [
        GrundyPeriod("g", "row", 0, 3, 2, 2, 512),
        GrundyPeriod("g", "column", 0, 5, 4, 4, 512),
    ]
    shown = Shown("larsson-rectangle-k2-u1-v3", Rules(bishop=2, rectangle=(1, 3)))
    text = grundy.section("games/larsson-rectangle-k2-u1-v3/index.md", shown, periods)
    assert "rows and columns" in text and "not symmetric" in text
    row_table, column_table = text.split(">row x</th>")[1].split(">column y</th>")
    assert cells(row_table)[0][:4] == ["0", "3", "2", "2"]  # row 0, after the header
    assert cells(column_table)[0][:4] == ["0", "5", "4", "4"]
    assert "proven" not in text
    # no theorem covers this game: the page does not say its rows are periodic
    assert "No theorem known here makes every line of this game periodic" in text
    assert "Every row of this game" not in text


def test_section_of_a_game_without_values():
    shown = Shown("wythoff-misere", Rules(bishop=1, misere=True))
    text = grundy.section("games/wythoff-misere/index.md", shown, [])
    assert (
        "No Sprague–Grundy values are computed for this game: the player who takes the last "
        "counter loses" in text
    )
    assert "png" not in text


def test_section_of_rows_proven_on_a_strip_with_their_values():
    """Every row proven: the table, the picture, both papers cited by their
    bibliography entries, and a query of a value far along the last row stored."""
    periods = [
        GrundyPeriod("g", "row", 0, 0, 1, 1, 2, "proven", 0, 1),
        GrundyPeriod("g", "row", 1, 0, 3, 3, 5, "proven", 1, 3),
        GrundyPeriod("g", "row", 3, 8, 6, 6, 15, "proven", 8, 6),
    ]
    plot = '<figure class="wy-figure"><img src="periods.svg"></figure>'
    page = "games/wythoff/index.md"
    text = grundy.section(page, Shown("wythoff", Rules(bishop=1)), periods, 4, plot)
    assert "Every row x = 0 .. 3 is additively periodic" in text and plot in text
    for entry in ("landman-2002", "dress-flammenkamp-pink-1999"):
        assert f"](../../bibliography.md#{entry})" in text
    assert "| 3 | 8 | 6 | 6 | [proven](../../bibliography.md#landman-2002) (from 8," in text
    assert "G(3, 10^15) for example" in text and "grundy_values" in text
    assert quote(grundy_store.value_sql("wythoff", 3, 10**15)) in text
    assert "verified" not in text and "tables of side" not in text
    # the value box: rows 0 .. 3, the SQL the browser fills in, its script
    box = re.search(r'<div id="grundy-value-tool"[^>]*>', text)
    assert box and 'data-game="wythoff"' in box[0] and 'data-rows="4"' in box[0]
    sql = html.unescape(re.search(r'data-sql="([^"]*)"', box[0])[1])
    assert sql.split() == grundy_store.VALUE_SQL.split()
    assert 'src="../../assets/javascripts/grundy-value.js"' in text


def test_the_picture_of_the_rows_periods():
    rows = [(0, 0, 1), (1, 0, 3), (2, 0, 3), (3, 8, 6), (4, 9, 12), (5, 27, 24), (6, 37, 12)]
    figure = pictures.row_periods("wythoff", rows)
    assert figure is not None and figure.kind == "periods"
    svg = figure.text
    assert 'data-kind="periods"' in svg and "log10 of the length" in svg and "row x" in svg
    assert ">preperiod</text>" in svg and ">period</text>" in svg  # the legend
    assert "row 6 repeats with period 12 from y = 37 on" in figure.alt
    # a dot a period, a dot a positive preperiod, each series one path
    paths = re.findall(r'<path class="dots" d="([^"]*)"', svg)
    assert [p.count("z") for p in paths] == [7, 4]
    assert pictures.row_periods("wythoff", rows[:1]) is None
