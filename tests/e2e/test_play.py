"""Playing a game on its page in Chromium, every computer move checked by the engine.

The person's side is played by the test: at random, or perfectly (by the engine's
brute-force solution), by clicking the board's squares as a user would, and in
blocking games by forbidding moves of the computer. After the game, each move of
the move list is checked against the rules and the solver's P-positions, from the
rules alone (``engine.solved_strategy``): a computer move is legal and not
forbidden, and it goes to a P-position whenever an allowed move does; what the
computer forbids the rules let it forbid, at most k - 1 moves.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from playwright.sync_api import Page
from wythoff.core.games import engine
from wythoff.core.games.rules import Rules
from wythoff.families import resolve_game

from tests.helpers.browser import (
    LAYOUT_SHIFT_LIMIT,
    axe_violations,
    layout_shift,
    new_context,
    open_tool,
    visit,
    watch_layout_shifts,
)

BOARD = 60  # the solver's board: every position a game here reaches
pytestmark = pytest.mark.browser


@cache
def solution(rules: Rules):
    """P or N of every position, by the solver from the rules alone (no formula)."""
    return engine.solved_strategy(rules, BOARD)


def played_rules(page: Page, game_id: str) -> Rules:
    """The game's rules, with the rectangle chosen before the first move if any."""
    rules = resolve_game(game_id).rules
    chosen = page.locator("#play-tool").get_attribute("data-rectangle")
    if not chosen:
        return rules
    w, h = (int(v) for v in chosen.split(","))
    return next(v for v in rules.variants() if v.rectangle == (w, h))


def moves_played(page: Page) -> list[dict]:
    """The move list as the page shows it: who, from, to, and what was forbidden."""

    def pair(text: str) -> tuple[int, int]:
        x, y = text.split(",")
        return int(x), int(y)

    items = page.locator(".wy-play-moves li")
    return [
        {
            "by": item.get_attribute("data-by"),
            "from": pair(item.get_attribute("data-from")),
            "to": pair(item.get_attribute("data-to")),
            "forbidden": {pair(t) for t in (item.get_attribute("data-forbidden") or "").split()},
        }
        for item in items.all()
    ]


def square(page: Page, x: int, y: int, action: str):
    """The board's button that plays (``move``) or forbids (``forbid``) the move to (x, y)."""
    where = f'[data-action="{action}"][data-x="{x}"][data-y="{y}"]'
    return page.locator(f".wy-play-board button{where}")


def play_to_the_end(page: Page, game_id: str, pick, forbid) -> str:
    """Play the person's side until the game is over; the winner the page names."""
    root = page.locator("#play-tool")
    for _ in range(200):
        mover = root.get_attribute("data-mover")
        if mover == "over":
            return root.get_attribute("data-winner")
        x, y = (int(v) for v in root.get_attribute("data-position").split(","))
        if mover == "you":
            targets = [
                (int(b.get_attribute("data-x")), int(b.get_attribute("data-y")))
                for b in page.locator('.wy-play-board button[data-action="move"]').all()
            ]
            rules = played_rules(page, game_id)
            assert targets and all(rules.is_legal((x, y), t) for t in targets)
            square(page, *pick(rules, (x, y), targets), "move").click()
        else:  # the person may forbid moves of the computer first (blocking games)
            forbiddable = [
                (int(b.get_attribute("data-x")), int(b.get_attribute("data-y")))
                for b in page.locator('.wy-play-board button[data-action="forbid"]').all()
            ]
            rules = played_rules(page, game_id)
            for target in forbid(rules, forbiddable):
                square(page, *target, "forbid").click()
            if root.get_attribute("data-mover") == "computer":  # it may have no move left
                page.get_by_role("button", name="Let the computer move").click()
    raise AssertionError("the game did not end")


def check_the_computer(page: Page, game_id: str) -> None:
    rules = played_rules(page, game_id)
    strategy = solution(rules)
    moves = moves_played(page)
    assert moves, "moves were played"
    for move in moves:
        start, target, forbidden = move["from"], move["to"], move["forbidden"]
        assert rules.is_legal(start, target), move
        assert target not in forbidden, move
        assert len(forbidden) <= rules.blocking - 1
        assert all(rules.is_blockable(start, t) for t in forbidden), move
        if move["by"] != "computer":
            continue
        allowed = [t for t in rules.moves(*start) if t not in forbidden]
        if any(strategy.is_p(*t) for t in allowed):
            assert strategy.is_p(*target), f"{game_id}: {start} -> {target} does not win"


def at_random(seed: int):
    chooser = random.Random(seed)
    return lambda rules, position, targets: chooser.choice(sorted(targets))


def perfectly(rules: Rules, position, targets):
    strategy = solution(rules)
    winning = [t for t in targets if strategy.is_p(*t)]
    return (winning or sorted(targets))[0]


def forbid_one(rules: Rules, forbiddable):
    """Forbid the first move the page lets the person forbid."""
    return sorted(forbiddable)[:1]


def forbid_the_winning_moves(rules: Rules, forbiddable):
    """Forbid the computer's moves to P-positions (at most k - 1 of them in a P-position)."""
    strategy = solution(rules)
    return [t for t in sorted(forbiddable) if strategy.is_p(*t)][: rules.blocking - 1]


GAMES = [
    ("wythoff", (13, 16)),  # Wythoff's game
    ("larsson-blocking-m1-p3", (9, 14)),  # blocking, with a formula
    ("larsson-blocking-m1-p2-l2", (8, 11)),  # blocking, without a formula
    ("larsson-rectangle-k2-u2-v3", (10, 13)),  # without a formula, not symmetric
    ("wythoff-misere", (6, 9)),  # misère play
    ("larsson-choice-m1-p3", (7, 11)),  # the second player chooses the rectangle
]


@pytest.mark.parametrize(("game_id", "start"), GAMES)
def test_a_random_player_loses_to_the_computer_whenever_it_errs(page, site_url, game_id, start):
    x, y = start
    open_tool(page, f"{site_url}games/{game_id}/?x={x}&y={y}", "play-tool")
    winner = play_to_the_end(page, game_id, at_random(x * 100 + y), forbid_one)
    check_the_computer(page, game_id)
    status = page.locator(".wy-play-status").inner_text()
    assert ("You win!" if winner == "you" else "The computer wins.") in status
    # once the person leaves a P-position's opponent an N-position the computer never lets go
    rules = played_rules(page, game_id)
    for move in moves_played(page):
        if move["by"] == "computer" and solution(rules).is_p(*move["to"]):
            assert winner == "computer", move
            break


@pytest.mark.parametrize(("game_id", "start"), GAMES)
def test_a_perfect_player_beats_the_computer_from_an_n_position(page, site_url, game_id, start):
    x, y = start
    open_tool(page, f"{site_url}play/?game={game_id}&x={x}&y={y}", "play-tool")
    rules = played_rules(page, game_id)
    first_wins = not solution(rules).is_p(x, y)
    winner = play_to_the_end(page, game_id, perfectly, forbid_the_winning_moves)
    check_the_computer(page, game_id)
    assert winner == ("you" if first_wins else "computer")


def test_the_computer_moves_first_when_asked_and_undo_goes_back(page, site_url):
    open_tool(page, f"{site_url}games/wythoff/?x=12&y=7", "play-tool")
    page.select_option("#play-first", "computer")
    page.get_by_role("button", name="Start", exact=True).click()
    first = moves_played(page)
    assert [m["by"] for m in first] == ["computer"]
    assert first[0]["from"] == (12, 7) and solution(Rules(bishop=1)).is_p(*first[0]["to"])
    undo = page.get_by_role("button", name="Undo")
    assert undo.is_disabled()
    target = page.locator('.wy-play-board button[data-action="move"]').first
    target.click()
    assert len(moves_played(page)) == 3
    undo.click()
    assert moves_played(page) == first


def test_the_board_is_played_with_the_keyboard(page, site_url):
    open_tool(page, f"{site_url}games/wythoff/?x=9&y=12", "play-tool")
    page.locator("#play-hint").focus()
    for _ in range(10):  # Tab into the board: one stop for all its squares
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.wy-play-board') !== null"):
            break
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused.startswith("Move to (")
    page.keyboard.press("ArrowDown")  # from (0, 12) to the diagonal's (0, 3)
    page.keyboard.press("ArrowRight")  # and on to (1, 4), which leaves the game open
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    chosen = page.evaluate("[document.activeElement.dataset.x, document.activeElement.dataset.y]")
    assert label.startswith(f"Move to ({chosen[0]}, {chosen[1]}): take")
    page.keyboard.press("Enter")
    moves = moves_played(page)
    assert moves[0]["by"] == "you" and moves[0]["to"] == tuple(int(v) for v in chosen)
    assert moves[1]["by"] == "computer"
    # the focus stays on the board, on a square the person can play next
    assert page.evaluate("document.activeElement.closest('.wy-play-board') !== null")
    # at the end the focus moves to the result
    while page.locator("#play-tool").get_attribute("data-mover") != "over":
        page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('wy-play-status')")


def test_show_p_positions_and_hint_mark_the_solver_positions(page, site_url):
    open_tool(page, f"{site_url}games/larsson-rectangle-k2-u2-v3/?x=10&y=13", "play-tool")
    page.locator("#play-show-p").check()
    page.locator("#play-hint").check()
    rules = resolve_game("larsson-rectangle-k2-u2-v3").rules
    marked = {
        (int(c.get_attribute("data-x")), int(c.get_attribute("data-y")))
        for c in page.locator(".wy-play-cell.is-p").all()
    }
    strategy = solution(rules)
    expected = {
        (a, b) for a in range(11) for b in range(14) if rules.on_board(a, b) and strategy.is_p(a, b)
    }
    assert marked == expected
    hinted = {
        (int(c.get_attribute("data-x")), int(c.get_attribute("data-y")))
        for c in page.locator(".wy-play-cell.is-hint").all()
    }
    assert hinted == {t for t in rules.moves(10, 13) if strategy.is_p(*t)}


def test_a_game_without_formula_says_how_far_its_p_positions_are_known(page, site_url, small_build):
    game_id = "larsson-modulo-m2-p2-l0"
    open_tool(page, f"{site_url}play/?game={game_id}&x=3&y=4", "play-tool")
    text = page.locator("#play-tool").inner_text()
    assert "no known formula" in text and "up to 100" in text
    page.fill("#play-x", "101")
    page.get_by_role("button", name="Start", exact=True).click()
    assert "at most 50" in page.locator("#play-tool .tool-error").inner_text()


def test_a_bad_game_id_is_named(page, site_url):
    visit(page, f"{site_url}play/?game=no-such-game")
    assert '"no-such-game" is not a game ID' in page.locator("#play-tool").inner_text()


def test_a_game_page_does_not_shift_when_the_board_is_drawn(cold_page, site_url):
    watch_layout_shifts(cold_page)
    cold_page.set_viewport_size({"width": 412, "height": 823})  # a phone, as Lighthouse's default
    open_tool(cold_page, f"{site_url}games/wythoff/", "play-tool")
    assert cold_page.locator("#play-tool").get_attribute("data-position") == "7,10"
    assert layout_shift(cold_page) < LAYOUT_SHIFT_LIMIT / 10


def test_forbidding_and_the_forbidden_squares_pass_axe(page, site_url):
    open_tool(page, f"{site_url}games/larsson-blocking-m1-p3/?x=6&y=10", "play-tool")
    page.locator("#play-show-p").check()
    page.locator("#play-hint").check()
    page.locator('.wy-play-board button[data-action="move"]').first.click()
    forbid = page.locator('.wy-play-board button[data-action="forbid"]').first
    forbid.click()
    assert forbid.get_attribute("aria-pressed") == "true"
    assert axe_violations(page) == []
    page.get_by_role("button", name="Let the computer move").click()
    assert axe_violations(page) == []


def test_on_a_phone_the_board_says_tap_draws_a_queen_to_the_square_s_size_and_names_its_axes(
    browser, site_url
):
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        open_tool(page, f"{site_url}games/wythoff/", "play-tool")
        status = page.locator(".wy-play-status")
        assert "tap a highlighted square" in status.inner_text()
        queen = page.locator(".wy-play-cell.is-queen")
        cell = queen.bounding_box()
        glyph = queen.evaluate(
            "(e) => { const r = document.createRange(); r.selectNodeContents(e); "
            "const b = r.getBoundingClientRect(); return [b.width, b.height]; }"
        )
        assert max(glyph) >= 0.5 * cell["width"], (glyph, cell)  # not a speck in its square
        axes = page.locator(".wy-play-axes").inner_text()
        assert "x grows to the right and y upwards" in axes
        board = page.locator(".wy-play-board").bounding_box()
        assert board["x"] >= 0 and board["x"] + board["width"] <= 390  # the whole width in view
    finally:
        context.close()


def test_with_a_mouse_the_board_says_click(page, site_url):
    open_tool(page, f"{site_url}games/wythoff/", "play-tool")
    assert "click a highlighted square" in page.locator(".wy-play-status").inner_text()


def lands_on(page: Page, x: int, y: int) -> bool:
    """Whether a tap at the middle of the square (x, y), as it lies on the screen now,
    lands on that square (not on an axis' label drawn over it, nor outside the box)."""
    return page.evaluate(
        """([x, y]) => {
            const cell = document.querySelector(
                `.wy-play-board [data-x="${x}"][data-y="${y}"]`);
            const box = cell.getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return hit !== null && (hit === cell || cell.contains(hit));
        }""",
        [x, y],
    )


@pytest.mark.parametrize("start", [(11, 7), (13, 9), (20, 19)])  # N-positions
def test_on_a_phone_the_corner_and_the_column_x_0_stay_tappable_after_the_computers_move(
    browser, site_url, start
):
    """After the computer's answer the board's box shows its bottom left: a tap on (0, 3)
    or (0, 0) lands on that square, never on the y axis' label "3" drawn over it, and
    with no swipe first; a tap on a square the person may move to plays that move."""
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        x, y = start
        open_tool(page, f"{site_url}games/wythoff/?x={x}&y={y}", "play-tool")
        page.select_option("#play-first", "computer")
        page.get_by_role("button", name="Start", exact=True).tap()
        (answer,) = moves_played(page)
        assert answer["by"] == "computer" and answer["from"] == start
        frame = page.locator(".wy-play-viewport")
        frame.evaluate("(box) => box.scrollIntoView({block: 'center'})")  # the page, not the box
        viewport = frame.bounding_box()
        assert viewport["width"] <= 390
        for cell in ((0, 3), (0, 0)):
            assert lands_on(page, *cell), (start, answer, cell)
        qx, qy = answer["to"]
        targets = [(0, qy), (qx, 0), (qx - min(qx, qy), qy - min(qx, qy))]  # legal moves
        target = next(t for t in targets if t[0] == 0)
        box = square(page, *target, "move").bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function("document.querySelectorAll('.wy-play-moves li').length > 1")
        assert moves_played(page)[1]["to"] == target
    finally:
        context.close()
