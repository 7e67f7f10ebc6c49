"""The Sprague–Grundy section of game pages: the picture, the periods, and games
without values say why."""

from __future__ import annotations

from wythoff.core.games.rules import Rules
from wythoff.website import grundy
from wythoff.website.content import GrundyPeriod


class Shown:
    """The two things of a page's game that the section reads: its ID and its rules."""

    def __init__(self, game_id: str, rules: Rules) -> None:
        self.id, self.moves = game_id, rules


def test_section_with_periods():
    periods = [
        GrundyPeriod("row", 0, 0, 1, 1, 1024, "proven", 0, 1),
        GrundyPeriod("row", 1, 0, 3, 3, 1024),
        GrundyPeriod("row", 2, None, None, None, 1024, "none within"),
    ]
    shown = Shown("wythoff", Rules(bishop=1))
    text = grundy.section("games/wythoff/index.md", shown, periods, largest=1022)
    assert 'href="../grundy.png"' not in text and 'href="grundy.png"' in text
    assert "G = 1022" in text and "2 of these 3 lines" in text
    assert "| 0 | 0 | 1 | 1 | proven (from 0, proof period 1) |" in text
    assert "| 1 | 0 | 3 | 3 | verified to 1024 |" in text
    assert "| 2 | — | — | — | none within 1024 |" in text
    assert "**1 of them are proven**" in text
    assert "[Landman's finite-state argument](../../bibliography.md#landman-2002)" in text
    assert "grundy_periods" in text and "column y" not in text


def test_section_of_a_board_that_is_not_symmetric_shows_its_columns():
    periods = [GrundyPeriod("row", 0, 3, 2, 2, 512), GrundyPeriod("column", 0, 5, 4, 4, 512)]
    shown = Shown("larsson-rectangle-k2-u1-v3", Rules(bishop=2, rectangle=(1, 3)))
    text = grundy.section("games/larsson-rectangle-k2-u1-v3/index.md", shown, periods)
    assert "rows and columns" in text and "not symmetric" in text
    row_table, column_table = text.split("| row x |")[1].split("| column y |")
    assert "| 0 | 3 | 2 | 2 |" in row_table and "| 0 | 5 | 4 | 4 |" in column_table
    assert "proven" not in text


def test_section_of_a_game_without_values():
    shown = Shown("wythoff-misere", Rules(bishop=1, misere=True))
    text = grundy.section("games/wythoff-misere/index.md", shown, [])
    assert "no Sprague–Grundy values: the player who takes the last counter loses" in text
    assert "png" not in text
