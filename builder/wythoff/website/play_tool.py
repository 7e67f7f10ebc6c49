"""The board each game is played on (``site/assets/javascripts/play.js``): its markup,
written when the site is built, on every game page and on the page that plays any
game by ID.

The script draws the board and the moves into this markup.  Writing the controls
here, the board's box at the size of its first start, and the first status line
keeps the page from moving under the reader when the script runs.

**Show Grundy values** writes the Sprague–Grundy value ``G(x, y)`` in every square
but the queen's (hers is in the status line).  The script computes them: the mex
of the options' values, over the legal moves it already generates for play (every
kind of move of :class:`~wythoff.core.games.rules.Rules`: rook residues, bishops,
modular moves, the removed rectangle), for the board's squares only and once per
match (at once on a game page's first board, which is small; the longest on the
largest board of the densest game, the modular one with m = 1); the page carries no
table of values, and the page that plays any game by ID shows them too.  The values
are those of :func:`wythoff.core.games.grundy.grundy_table`.  A game without values (misère,
blocking, a choice of rectangle) has the toggle disabled, with the reason that
:func:`~wythoff.core.games.grundy.undefined_reason` gives (the page carries it,
``data-no-values``, keyed by :func:`no_values_kind`).  ``?values=1`` in the
address turns the values on, as ``?x=..&y=..`` sets the start.

The values stay legible: their font scales with the square (container units, each
square a container), the board's longest value filling about 85 % of its width, and
where the digits would be smaller than about 9 pixels (squares under 15 pixels for
two digits, 21.5 for three) the style sheet shows none and a line under the
toggles says the squares are too small.  The board zooms to keep its squares at least
32 pixels wide (large enough to tap, and for values of four digits), scrolling in its
box beside its axes' numbers; **Whole board** fits it to the page instead, where a
large board's squares may be too small for their values (it then keeps the
P-positions' dots and the status line's value of the queen's square).
"""

from __future__ import annotations

import html
import json

from wythoff.core.games import grundy
from wythoff.core.games.rules import Rules
from wythoff.website import data, paths
from wythoff.website.content import SiteContent
from wythoff.website.markdown import front_matter
from wythoff.website.records import Game

SCRIPT = paths.script("play.js")
PLAY_MAX = 50  # the largest pile a board is drawn for (play.js's PLAY_MAX)
FIRST_START = (7, 10)  # where a game page's board starts, unless ?x=..&y=.. says otherwise
PLAY_BUTTON = "[Play ↓](#play-status){ .md-button .md-button--primary .wy-play-jump }"
"""The button at the top of a game page that brings its board into view (on a phone
the board is a few screens down)."""
NO_VALUES = {  # a game of each kind without Sprague–Grundy values (play.js's noValuesKind)
    "misere": Rules(bishop=1, misere=True),
    "blocking": Rules(bishop=1, blocking=2),
    "choice": Rules(bishop=1, rectangle_choices=((1, 0), (0, 1))),
}


def start_limit(g: Game) -> int:
    """The largest start of a game: PLAY_MAX, or its stored range without a formula."""
    return PLAY_MAX if g.strategy else min(PLAY_MAX, g.ppositions_max)


def first_start(g: Game) -> tuple[int, int]:
    """FIRST_START, within the game's range and outside its removed rectangle.

    >>> from types import SimpleNamespace as Game
    >>> from wythoff.core.games.rules import Rules
    >>> first_start(Game(strategy={"kind": "beatty-pair"}, ppositions_max=100, moves=Rules()))
    (7, 10)
    >>> first_start(Game(strategy=None, ppositions_max=5, moves=Rules()))
    (5, 5)
    >>> corner = Rules(rectangle=(9, 12))
    >>> first_start(Game(strategy={"kind": "finite"}, ppositions_max=100, moves=corner))
    (7, 12)
    """
    limit = start_limit(g)
    x, y = (min(v, limit) for v in FIRST_START)
    width, height = g.moves.rectangle
    if x < width and y < height:
        y = min(height, limit)
    return x, y


def no_values_kind(rules: Rules) -> str | None:
    """Why a game has no Sprague–Grundy values, as play.js names it (a key of
    :data:`NO_VALUES`), or None when it has them.

    >>> no_values_kind(Rules(bishop=1)) is None
    True
    >>> no_values_kind(Rules(bishop=2, blocking=3)), no_values_kind(Rules(misere=True))
    ('blocking', 'misere')
    """
    reason = grundy.undefined_reason(rules)
    if reason is None:
        return None
    return next(k for k, r in NO_VALUES.items() if grundy.undefined_reason(r) == reason)


def no_values(kinds: list[str]) -> dict[str, str]:
    """The reasons of these kinds of game for having no values, as the page carries them."""
    return {kind: reason for kind in kinds if (reason := grundy.undefined_reason(NO_VALUES[kind]))}


def note(g: Game) -> str:
    """What the computer plays from, and how far."""
    if g.strategy:
        return f"The computer plays the game's formula exactly. Piles up to {PLAY_MAX}."
    return (
        "This game has no known formula: the computer plays from its published "
        f"P-positions, known for both piles up to {g.ppositions_max}, so the board "
        f"ends there. Piles up to {start_limit(g)}."
    )


def game_section(content: SiteContent, game_id: str) -> str:
    """The Play section of a game page: the game's rules and strategy embedded (a
    game without formula reads its CSV file beside the page)."""
    g = content.games[game_id]
    page = paths.game(game_id)
    entry = json.dumps(data.game_entry(content, game_id), separators=(",", ":"), sort_keys=True)
    attributes = {
        "data-game": entry,
        "data-csv": paths.asset(page, paths.game_csv(game_id)),
        "data-start": ",".join(map(str, first_start(g))),
    }
    kind = no_values_kind(g.moves)
    reasons = no_values([kind] if kind else [])
    if reasons:
        attributes["data-no-values"] = json.dumps(reasons, ensure_ascii=False)
    return (
        "\n## Play { data-search-exclude }\n\n"
        "Move the queen towards the corner (0, 0) by tapping or clicking a highlighted square, "
        "or with the arrow keys and Enter; the computer answers with perfect play. "
        f'<a href="{paths.url(page, paths.play())}?game={game_id}">Play it on a page of its '
        "own</a>.\n\n" + tool(page, attributes, note(g), first_start(g), reasons.get(kind or ""))
    )


def tool(
    page: str,
    attributes: dict[str, str],
    about: str,
    start: tuple[int, int],
    no_values_reason: str | None = None,
) -> str:
    """The tool's markup: the toggles, the status line, the board's box (in a frame with
    its axes, scrolling when zoomed), the start form and the move list, the board near
    the top so that a phone shows it; play.js fills them in.  ``no_values_reason``: why the game has
    no Sprague–Grundy values (its toggle is then disabled)."""
    x, y = start
    values_note = f"No Sprague–Grundy values: {no_values_reason}." if no_values_reason else ""
    disabled = " disabled" if no_values_reason else ""
    data_attributes = "".join(f' {key}="{html.escape(value)}"' for key, value in attributes.items())
    pile = 'type="text" inputmode="numeric" spellcheck="false" size="4"'
    return (
        f'<div id="play-tool" class="tool wy-play"{data_attributes}>\n'
        f'<p class="tool-message wy-play-about">{html.escape(about)}</p>\n'
        '<p class="tool-error wy-play-message" role="alert"></p>\n'
        '<div class="wy-play-toggles">'
        '<label for="play-show-p"><input type="checkbox" id="play-show-p"> Show P-positions'
        '</label><label for="play-hint"><input type="checkbox" id="play-hint"> Hint</label>'
        '<label for="play-values"><input type="checkbox" id="play-values" '
        f'aria-describedby="play-values-note"{disabled}> Show Grundy values</label>'
        '<label for="play-fit"><input type="checkbox" id="play-fit"> Whole board</label>'
        '<button type="button" class="md-button" data-action="undo" disabled>Undo</button>'
        '<button type="button" class="md-button md-button--primary" data-action="computer" '
        "hidden>Let the computer move</button>"
        f'<span id="play-values-note" class="wy-play-values-note">{html.escape(values_note)}'
        "</span></div>\n"
        f'<p id="play-status" class="wy-play-status" role="status" tabindex="-1">'
        f"Your move from ({x}, {y}): "
        "tap or click a highlighted square.</p>\n"
        '<div class="wy-play-viewport">'
        '<div class="wy-play-frame">'
        '<div class="wy-play-axis wy-play-y" aria-hidden="true"></div>'
        f'<div class="wy-play-board" role="group" aria-label="Board" '
        f'style="--columns: {x + 1}; --rows: {y + 1}"></div>'
        '<div class="wy-play-axis wy-play-corner" aria-hidden="true">y↑ x→</div>'
        '<div class="wy-play-axis wy-play-x" aria-hidden="true"></div>'
        "</div></div>\n"
        '<p class="wy-play-axes">x grows to the right and y upwards: the corner (0, 0), '
        "where the queen is headed, is at the bottom left. Squares are at least 32 pixels "
        "wide: a larger board scrolls in its box (swipe or scroll to pan), and "
        "<strong>Whole board</strong> shows all of it at once.</p>\n"
        '<form class="tool-form wy-play-start" autocomplete="off">'
        f'<label for="play-x">Start x</label><input id="play-x" name="x" {pile} value="{x}">'
        f'<label for="play-y">y</label><input id="play-y" name="y" {pile} value="{y}">'
        '<label for="play-first">Who moves first</label><select id="play-first" name="first">'
        '<option value="you">you</option><option value="computer">the computer</option></select>'
        '<label for="play-rectangle" class="wy-play-choice" hidden>Your rectangle, when you '
        'move second</label><select id="play-rectangle" name="rectangle" class="wy-play-choice" '
        "hidden></select>"
        '<button type="submit" class="md-button md-button--primary" data-action="start">Start'
        '</button><button type="button" class="md-button" data-action="random">Random start'
        "</button></form>\n"
        '<h3 class="wy-play-moves-title">Moves</h3>\n<ol class="wy-play-moves"></ol>\n'
        "</div>\n"
        f'<script type="module" src="{paths.asset(page, SCRIPT)}"></script>\n'
    )


def play_page() -> str:
    """The page that plays any game by ID (``?game=ID&x=..&y=..``)."""
    page = paths.play()
    return "".join(
        [
            front_matter(
                title="Play a game",
                description="Play any game of the database on a board against perfect play.",
            ),
            "# Play a game\n\n",
            '<p id="play-title">Wythoff\'s game</p>\n\n',
            tool(page, {"data-no-values": _all_reasons()}, "", FIRST_START),
            "\n## How to play\n\n"
            "Move the queen towards the corner (0, 0): tap or click a highlighted square (or move "
            "with the arrow keys and press Enter). The player who cannot move loses, except "
            "in misère play, where the player who takes the last counter loses. The computer "
            "answers with perfect play: from an N-position it moves to a P-position, the "
            "fastest win if there are several; from a P-position every move loses, and it "
            "plays the one that makes the game last longest.\n\n"
            "Choose the game with `?game=ID` after this page's address (for example "
            "`?game=larsson-blocking-m2-p3`), a start with `&x=7&y=12`, and `&values=1` to "
            "show each square's Sprague–Grundy value; every game page has this board too.\n",
            "\n**Blocking games.** Before each move the previous player may forbid some of "
            "the mover's one-pile moves, as the game's rules say. When the computer is to "
            "move you may forbid its moves (outlined squares: tap or click them, then press **Let "
            "the computer move**); the computer forbids yours, and the board shows them "
            "hatched.\n\n"
            "**Games of choice.** In Larsson's games where the second player chooses the "
            "removed rectangle before the first move, the computer chooses when it plays "
            "second; when you play second, choose yours in the form.\n\n"
            "**Games without a formula** are played from their P-positions published with "
            "the game, as far as they are known: the largest start is the bound to which "
            "every P-position is stored.\n",
        ]
    )


def _all_reasons() -> str:
    return json.dumps(no_values(list(NO_VALUES)), ensure_ascii=False)
