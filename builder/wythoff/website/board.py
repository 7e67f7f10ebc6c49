"""A game page's board of P-positions: drawn in the browser (``board.js``) from the
game's CSV file, so that it zooms to the stored range, with its zoom buttons, legend
and caption."""

from __future__ import annotations

import html

from wythoff.website import paths
from wythoff.website.records import Game

BOARD_SCRIPT = paths.script("board.js")
BOARD_SIDES = (30, 100, 300, 1000, 3000, 10000)  # zoom levels below the stored range


def board_sides(stored: int) -> list[int]:
    """The board's zoom levels: the sides below the stored range, then the range itself.

    >>> board_sides(1000), board_sides(100), board_sides(20)
    ([30, 100, 300, 1000], [30, 100], [20])
    """
    return [side for side in BOARD_SIDES if side < stored] + [stored]


def board_html(page: str, g: Game) -> str:
    """The board of P-positions, drawn in the browser from the game's CSV file (so that
    it zooms to the stored range), with zoom buttons, a legend and its caption."""
    stored = g.ppositions_max
    sides = board_sides(stored)
    buttons = "".join(
        f'<button type="button" data-side="{side}" aria-pressed="{str(side == sides[0]).lower()}">'
        f"0 .. {side}</button>"
        for side in sides
    )
    alt = (
        f"The P-positions of {g.id} on the board, x and y from 0 to {sides[0]} "
        f"(up to {stored} with the zoom buttons)"
    )
    csv = paths.link(page, paths.game_csv(g.id))
    symmetric = str(g.is_symmetric).lower()
    return (
        '<figure class="wy-figure wy-board-figure">\n'
        f'<div id="board" class="wy-board" role="img" aria-label="{html.escape(alt)}" '
        f'data-csv="{csv}" data-side="{sides[0]}" data-symmetric="{symmetric}" '
        f'data-rect="{g.moves.rectangle[0]},{g.moves.rectangle[1]}"></div>\n'
        f'<div class="wy-board-zoom" role="group" aria-label="Zoom">Show x, y in {buttons}</div>\n'
        '<ul class="wy-board-legend"></ul>\n'
        '<p class="wy-board-where" aria-live="off">Point at a square to read its coordinates.</p>\n'
        f"<figcaption>{html.escape(_board_caption(g))}</figcaption>\n"
        "</figure>\n"
        f'<script type="module" src="{paths.link(page, BOARD_SCRIPT)}"></script>\n\n'
    )


def _board_caption(g: Game) -> str:
    w, h = g.moves.rectangle
    notes = [
        "P-positions are coloured squares, (0, 0) at the bottom left, x to the right, "
        "in the shades of the legend"
    ]
    notes += list(g.board_notes)
    if w and h:
        notes.append(f"the removed rectangle x < {w}, y < {h} is grey")
    return f"What to look for: {g.board_lesson} " + "; ".join(notes) + "."
