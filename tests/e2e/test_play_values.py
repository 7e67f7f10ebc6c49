"""The board's Sprague–Grundy values (Show Grundy values), checked against the build.

Each value the board writes in a square is compared with ``grundy_table`` computed
here from the game's rules (the table of the game page's Grundy section), for games
of every kind of move: Wythoff's, a Fraenkel a-game, a Larsson modulo game (rook
moves of two residues), a removed rectangle, a shifted game and a modular game; on a
desktop window and on a phone, where the digits must stay readable or not be shown.
A game without values (blocking, misère, a choice of rectangle) has the toggle
disabled with the reason of the Grundy section.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page
from wythoff.core.games import grundy
from wythoff.families import resolve_game

from tests.helpers.browser import axe_violations, new_context, open_tool

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LEGIBLE_PX = 9  # the smallest font a value is shown in


def squares(page: Page) -> list[dict]:
    """Every square of the board: where it is, its value's text (None without one),
    whether that is visible, its font size, and whether the digits fit the square."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('.wy-play-board .wy-play-cell'), (cell) => {
            const value = cell.querySelector('.wy-play-value');
            const box = cell.getBoundingClientRect();
            let fits = null;
            if (value) {
                const range = document.createRange();
                range.selectNodeContents(value);
                const text = range.getBoundingClientRect();
                fits = text.left >= box.left - 0.5 && text.right <= box.right + 0.5;
            }
            return {
                x: Number(cell.dataset.x), y: Number(cell.dataset.y),
                text: value ? value.textContent : null,
                visible: value !== null && value.checkVisibility(),
                font: value ? parseFloat(getComputedStyle(value).fontSize) : null,
                fits, queen: cell.classList.contains('is-queen'),
                removed: cell.classList.contains('is-removed'),
            };
        })"""
    )


def check_values(page: Page, game_id: str, start: tuple[int, int]) -> list[dict]:
    """The values on the board of this start are the build's table, in every square but
    the queen's (whose value the status line gives); the squares, for further checks."""
    x, y = start
    table = grundy.grundy_table(resolve_game(game_id).rules, max(x, y) + 1)
    cells = squares(page)
    assert len(cells) == (x + 1) * (y + 1)
    for cell in cells:
        where = (cell["x"], cell["y"])
        if cell["removed"]:
            assert table[where] == grundy.OFF_BOARD and cell["text"] is None, (game_id, where)
        elif cell["queen"]:
            assert cell["text"] is None
        else:
            assert cell["text"] == str(table[where]), (game_id, where, cell["text"])
            assert cell["visible"] and cell["fits"], (game_id, cell)
    root = page.locator("#play-tool")
    if root.get_attribute("data-mover") == "you":
        qx, qy = (int(v) for v in root.get_attribute("data-position").split(","))
        status = page.locator(".wy-play-status").inner_text()
        assert f"G({qx}, {qy}) = {table[qx, qy]}." in status
    return cells


GAMES = [
    ("wythoff", (12, 15)),  # Wythoff's game
    ("fraenkel-a2", (13, 9)),  # a Fraenkel a-game: the 2-bishop
    ("larsson-modulo-m1-p3-l2", (11, 14)),  # one-pile moves of residues 0 and 1 (mod 3)
    ("larsson-rectangle-k2-u2-v3", (10, 13)),  # a removed rectangle, no formula
    ("larsson-shifted-m2-p3-l1", (14, 12)),  # a 6-bishop on a board without x < 4, y < 2
    ("modular-m2", (12, 12)),  # two-pile moves with k = l (mod 2)
]


def test_the_board_writes_the_builds_grundy_values_in_its_squares(page, site_url):
    for i, (game_id, (x, y)) in enumerate(GAMES):
        if i == len(GAMES) - 1:  # the page that plays any game
            open_tool(page, f"{site_url}play/?game={game_id}&x={x}&y={y}&values=1", "play-tool")
        elif i % 2:  # from the address, or turned on by the toggle
            open_tool(page, f"{site_url}games/{game_id}/?x={x}&y={y}&values=1", "play-tool")
        else:
            open_tool(page, f"{site_url}games/{game_id}/?x={x}&y={y}", "play-tool")
            assert page.locator(".wy-play-value").count() == 0
            page.get_by_label("Show Grundy values").check()
        assert page.locator("#play-values").is_checked()
        check_values(page, game_id, (x, y))
    # after a move the values stay (the queen's square moves)
    page.locator('.wy-play-board button[data-action="move"]').first.click()
    position = page.locator("#play-tool").get_attribute("data-position")
    queen = page.locator(".wy-play-cell.is-queen")
    assert f"{queen.get_attribute('data-x')},{queen.get_attribute('data-y')}" == position
    check_values(page, GAMES[-1][0], (x, y))


def test_the_toggle_works_from_the_keyboard_keeps_the_p_positions_and_passes_axe(page, site_url):
    game_id, (x, y) = "larsson-rectangle-k2-u2-v3", (8, 11)
    open_tool(page, f"{site_url}games/{game_id}/?x={x}&y={y}", "play-tool")
    page.locator("#play-show-p").check()
    page.locator("#play-hint").check()
    page.locator("#play-values").focus()
    page.keyboard.press("Space")
    cells = check_values(page, game_id, (x, y))
    zeros = {(c["x"], c["y"]) for c in cells if c["text"] == "0"}
    dotted = {
        (int(c.get_attribute("data-x")), int(c.get_attribute("data-y")))
        for c in page.locator(".wy-play-cell.is-p").all()
    }
    assert zeros and dotted - {(x, y)} == zeros  # value 0 exactly at the dotted P-positions
    white = page.locator(".wy-play-cell.is-p .wy-play-value").first.evaluate(
        "(e) => getComputedStyle(e).color"
    )
    assert white == "rgb(255, 255, 255)"  # on the red disc
    assert axe_violations(page) == []
    page.keyboard.press("Space")
    assert page.locator(".wy-play-value").count() == 0


def test_on_a_phone_the_values_are_readable_or_not_shown(browser: Browser, site_url):
    context = new_context(browser, **PHONE)
    page = context.new_page()
    try:
        game_id, (x, y) = "modular-m2", (12, 15)
        open_tool(page, f"{site_url}games/{game_id}/?x={x}&y={y}&values=1", "play-tool")
        cells = check_values(page, game_id, (x, y))
        assert min(c["font"] for c in cells if c["visible"]) >= LEGIBLE_PX
        assert page.locator("#play-values-note").inner_text() == ""
        # a large board zooms to squares of 32 pixels, where the values are read ...
        open_tool(page, f"{site_url}games/wythoff/?x=40&y=40&values=1", "play-tool")
        cells = check_values(page, "wythoff", (40, 40))
        assert min(c["font"] for c in cells if c["visible"]) >= LEGIBLE_PX
        # ... and the whole of it has squares too small for the digits: none shown, and
        # the line says why
        page.locator("#play-fit").check()
        assert not any(c["visible"] for c in squares(page))
        assert "too small" in page.locator("#play-values-note").inner_text()
    finally:
        context.close()


WITHOUT_VALUES = [
    ("larsson-blocking-m1-p3", "games/larsson-blocking-m1-p3/?values=1"),  # blocking
    ("wythoff-misere", "games/wythoff-misere/"),  # misère play
    ("larsson-choice-m1-p3", "play/?game=larsson-choice-m1-p3&values=1"),  # a choice
]


def test_a_game_without_values_has_the_toggle_disabled_with_the_reason(page, site_url):
    for game_id, url in WITHOUT_VALUES:
        open_tool(page, site_url + url, "play-tool")
        reason = grundy.undefined_reason(resolve_game(game_id).rules)
        assert reason is not None
        toggle = page.locator("#play-values")
        assert toggle.is_disabled() and not toggle.is_checked(), game_id
        note = page.locator("#play-values-note").inner_text()
        assert note == f"No Sprague–Grundy values: {reason}."
        assert toggle.get_attribute("aria-describedby") == "play-values-note"
        assert page.locator(".wy-play-value").count() == 0
