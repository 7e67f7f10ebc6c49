"""The picture of a game's Sprague–Grundy values: ``G(x, y)`` on the 512 x 512 corner
of the board, one pixel a position, in the board's orientation ((0, 0) at the bottom
left, x to the right, y upwards), with numbered axes and a legend of its colours.

The pixels are an indexed-colour PNG (written with ``zlib``): the P-positions
(value 0) black, the values 1 .. largest in bands of hue from red to violet, the
removed rectangle white, as the OEIS figures of A307296–A307301 draw NimHof.  On a
symmetric board (``G(x, y) = G(y, x)``) the PNG holds the values with y <= x only, the
rest transparent, and the page draws it twice, mirrored in the diagonal beneath
itself: the same picture from little more than half the bytes.  The
page draws it inside an inline SVG that holds the axes and the legend, so that they
are text (searchable, scaled with the page) and cost a few hundred bytes, not a
second image.  ``site/assets/javascripts/grundy-picture.js`` reads out the square
under the pointer, ``(x, y)`` and ``G(x, y)``, computing the values from the rules
the page already carries for its board (the page ships no table of values).
"""

from __future__ import annotations

import colorsys
import html
import struct
import zlib
from dataclasses import dataclass

import numpy as np

from wythoff.core.games import grundy
from wythoff.core.games.rules import Rules
from wythoff.website import paths, svg

SIDE = 512
BLACK, WHITE = 0, 1  # palette entries: value 0, and cells off the board
HUES = 30  # palette entries 2 .. 31: the values 1 .. largest, in bands of hue
CLEAR = HUES + 2  # palette entry 32, transparent: above the diagonal of a mirrored picture
LEVEL = 6  # zlib's: level 9 takes much longer for a few bytes less
SCRIPT = paths.script("grundy-picture.js")

LEFT, TOP, RIGHT = 40, 8, 16  # margins of the picture in the SVG, in pixels
LEGEND = TOP + SIDE + 44  # the top of the legend's colour bar
BAR = 12  # its height
WIDTH, HEIGHT = LEFT + SIDE + RIGHT, LEGEND + BAR + 36


@dataclass(frozen=True)
class Drawing:
    """A game's picture: the PNG's bytes, the largest value it shows, and whether it
    holds only the cells with y <= x (the page mirrors them in the diagonal)."""

    png: bytes
    largest: int
    mirrored: bool


def band(value: int, largest: int) -> int:
    """The band of hue (0 .. HUES - 1) of a value 1 .. largest.

    >>> band(1, 300), band(300, 300), band(2, 2)
    (0, 29, 29)
    """
    return (value - 1) * (HUES - 1) // max(largest - 1, 1)


def hue(index: int) -> tuple[int, int, int]:
    """The colour of band ``index``, from red (0) to violet (HUES - 1)."""
    red, green, blue = colorsys.hsv_to_rgb(0.8 * index / (HUES - 1), 0.85, 0.95)
    return round(red * 255), round(green * 255), round(blue * 255)


def png(table: np.ndarray, mirrored: bool = False) -> bytes:
    """An indexed-colour PNG of a table of values indexed ``[x, y]``, drawn with x to
    the right and y upwards (the image's first row is the largest y); ``mirrored``:
    the cells with y > x transparent (the page draws them from their mirror images).

    >>> png(np.array([[0, 1], [1, 2]], dtype=np.uint16))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    on_board = table != grundy.OFF_BOARD
    largest = int(table[on_board].max()) if on_board.any() else 0
    scaled = (table.astype(np.int64) - 1) * (HUES - 1) // max(largest - 1, 1) + 2
    pixels = np.where(table == 0, BLACK, np.where(on_board, scaled, WHITE)).astype(np.uint8)
    if mirrored:
        pixels[np.triu_indices(len(pixels), 1, pixels.shape[1])] = CLEAR  # [x, y], y > x
    pixels = np.ascontiguousarray(pixels.T[::-1])  # rows: y from the top down; columns: x
    palette = bytearray(b"\x00\x00\x00\xff\xff\xff")
    for i in range(HUES):
        palette += bytes(hue(i))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    clear = b""
    if mirrored:
        palette += b"\xff\xff\xff"
        clear = chunk(b"tRNS", b"\xff" * CLEAR + b"\x00")  # every entry opaque but CLEAR
    height, width = pixels.shape
    rows = np.hstack([np.zeros((height, 1), np.uint8), pixels])  # filter byte 0 a row

    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit indexed colour
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"PLTE", bytes(palette))
        + clear
        + chunk(b"IDAT", zlib.compress(rows.tobytes(), LEVEL))
        + chunk(b"IEND", b"")
    )


def picture(rules: Rules) -> Drawing | None:
    """The picture of a game's values on the 512 x 512 corner, or None for a game
    without Sprague–Grundy values."""
    if grundy.undefined_reason(rules) is not None:
        return None
    table = grundy.grundy_table(rules, SIDE)
    on_board = table != grundy.OFF_BOARD
    largest = int(table[on_board].max()) if on_board.any() else 0
    return Drawing(png(table, mirrored=rules.symmetric), largest, rules.symmetric)


INK = "currentColor"
"""The colour of the frame, marks and labels: the text's own in either colour scheme (the
stylesheet's ``fill: currentColor``), never a grey fixed for a light page."""


def _colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _text(x: float, y: float, words: str) -> str:
    """A label, anchored as the group it is in says."""
    return f'<text x="{round(x, 1)}" y="{round(y, 1)}">{words}</text>'


def legend(largest: int) -> list[tuple[int, int, int]]:
    """The bands of hue the values 1 .. largest use: (band, first value, last value).

    >>> legend(3)
    [(0, 1, 1), (14, 2, 2), (29, 3, 3)]
    >>> legend(61)[:2], len(legend(61))
    ([(0, 1, 3), (1, 4, 5)], 30)
    """
    bands: dict[int, list[int]] = {}
    for value in range(1, largest + 1):
        bands.setdefault(band(value, largest), []).append(value)
    return [(index, values[0], values[-1]) for index, values in sorted(bands.items())]


def _svg(game_id: str, source: str, largest: int, removed: bool, mirrored: bool) -> str:
    """The inline SVG: the PNG in a plot box with numbered axes (on a symmetric board,
    beneath it the PNG again, mirrored in the diagonal y = x), and the legend (the
    labels grouped by anchor, the bands one path each: a few hundred bytes a page)."""
    bottom, ink = TOP + SIDE, INK
    image = (
        f'<image href="{source}" x="{LEFT}" y="{TOP}" width="{SIDE}" height="{SIDE}" '
        'preserveAspectRatio="none" style="image-rendering:pixelated"'
    )
    corner = LEFT + TOP + SIDE  # (X, Y) -> (corner - Y, corner - X) exchanges x and y
    mirror = f'{image} transform="matrix(0 -1 -1 0 {corner} {corner})"/>' if mirrored else ""
    numbers = svg.ticks(0, SIDE - 1, 6)  # 0, 100, .. 500
    marks = "".join(f"M{LEFT + v + 0.5} {bottom}v4M{LEFT} {bottom - v - 0.5}h-4" for v in numbers)
    parts = [
        f'<svg class="wy-grundy-svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-labelledby="wy-grundy-title" '
        'aria-describedby="wy-grundy-caption">',
        f'<title id="wy-grundy-title">Sprague–Grundy values of {html.escape(game_id)}</title>',
        mirror + image + "/>",
        f'<path d="M{LEFT} {TOP}h{SIDE}v{SIDE}h-{SIDE}z{marks}" fill="none" stroke="{ink}"/>',
        '<g text-anchor="middle">',
        *(_text(LEFT + v + 0.5, bottom + 16, str(v)) for v in numbers),
        _text(LEFT + SIDE / 2, bottom + 31, "x →"),
        f'<text transform="translate(14 {TOP + SIDE / 2}) rotate(-90)">y →</text>',
        _text(LEFT + 12, LEGEND + BAR + 15, "0"),
        _text(LEFT + SIDE / 2, LEGEND + BAR + 31, "G(x, y)"),
        '</g><g text-anchor="end">',
        *(_text(LEFT - 6, bottom - v + 4, str(v)) for v in numbers),
        _text(LEFT - 6, LEGEND + BAR - 1, "G"),
    ]
    # the legend: G = 0 black, then the bands of hue, numbered below, and off the board
    start, end = LEFT + 40, LEFT + SIDE - (96 if removed else 0)
    bands = legend(largest)
    if bands:
        parts.append(_text(end, LEGEND + BAR + 15, str(largest)))
    parts.append('</g><g text-anchor="start">')
    width = (end - start) / max(len(bands), 1)
    every = -(-len(bands) // 8)  # about eight numbers at most
    strokes = [f'<path d="M{LEFT} {LEGEND + BAR / 2}h24" stroke="#000"/>']
    for i, (index, first, _) in enumerate(bands):
        x = start + i * width
        strokes.append(
            f'<path d="M{round(x, 1)} {LEGEND + BAR / 2}h{round(width + 0.3, 1)}" '
            f'stroke="{_colour(hue(index))}"/>'
        )
        if i % every == 0 and i < len(bands) - every // 2 - 1:
            parts.append(_text(x, LEGEND + BAR + 15, str(first)))
    if removed:
        parts.append(_text(end + 40, LEGEND + BAR - 1, "off"))
        strokes.append(
            f'<rect x="{end + 12}" y="{LEGEND}" width="24" height="{BAR}" fill="#fff" '
            f'stroke="{ink}" stroke-width="1"/>'
        )
    parts.append(f'</g><g stroke-width="{BAR}">{"".join(strokes)}</g></svg>')
    return "".join(parts)


def figure(
    page: str, game_id: str, file: str, largest: int, removed: bool, mirrored: bool = False
) -> str:
    """The figure of a game page: the picture (the PNG ``file``, a site path; its half
    below the diagonal with ``mirrored``) with its axes, legend, readout of the square
    under the pointer, caption and script."""
    source = paths.asset(page, file)
    caption = (
        f"G(x, y) for 0 ≤ x, y < {SIDE}, (0, 0) at the bottom left, x to the right and "
        "y upwards as on the board: black at the P-positions (G = 0), then bands of hue "
        f"from red (G = 1) to violet (G = {largest}), numbered in the legend"
        + ("; white: off the board" if removed else "")
        + ". Point at a square to read its value."
    )
    return (
        '<figure id="grundy-picture" class="wy-figure wy-grundy-figure">\n'
        + _svg(game_id, source, largest, removed, mirrored)
        + '\n<p class="wy-grundy-where" aria-live="polite">'
        "Point at the picture to read G(x, y).</p>\n"
        f'<figcaption id="wy-grundy-caption">{html.escape(caption)}</figcaption>\n'
        "</figure>\n"
        f'<script type="module" src="{paths.asset(page, SCRIPT)}"></script>\n\n'
    )
