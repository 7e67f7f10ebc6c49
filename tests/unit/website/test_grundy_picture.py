"""The picture of a game's Sprague–Grundy values: the PNG's pixels are the values in
the board's orientation (x to the right, y upwards), and the figure around it has
numbered axes, a legend of the colours and a text alternative."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
import zlib

import numpy as np
from wythoff.core.games import grundy as values
from wythoff.core.games.rules import Rules
from wythoff.website import grundy_picture as picture

SVG = ""  # inline in HTML: no namespace written


def decode(data: bytes) -> tuple[np.ndarray, bytes]:
    """The pixel indexes and the palette of an 8-bit indexed PNG (filter 0 rows)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0] == zlib.crc32(
            kind + body
        )
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 3)
    rows = np.frombuffer(zlib.decompress(chunks[b"IDAT"]), np.uint8).reshape(height, width + 1)
    assert (rows[:, 0] == 0).all()
    return rows[:, 1:], chunks[b"PLTE"]


def test_pixels_follow_the_values_with_x_to_the_right_and_y_upwards():
    rules = Rules(bishop=2, rectangle=(3, 2))  # not symmetric: x and y cannot be confused
    table = values.grundy_table(rules, 40)
    pixels, palette = decode(picture.png(table))
    assert pixels.shape == (40, 40) and len(palette) == 3 * (2 + picture.HUES)
    at = lambda x, y: pixels[39 - y, x]  # noqa: E731  (image row 0 is y = 39)
    assert all(
        (at(x, y) == picture.BLACK) == (table[x, y] == 0) for x in range(40) for y in range(40)
    )
    assert at(2, 1) == picture.WHITE and at(1, 2) != picture.WHITE  # x < 3, y < 2 removed
    assert np.array_equal(pixels[::-1].T == picture.WHITE, table == values.OFF_BOARD)
    on = (table != 0) & (table != values.OFF_BOARD)
    shown = pixels[::-1].T[on]
    order = np.argsort(table[on], kind="stable")
    assert (np.diff(shown[order].astype(int)) >= 0).all()  # hue grows with the value
    assert palette[:6] == b"\x00\x00\x00\xff\xff\xff"


def test_no_picture_without_values():
    assert picture.picture(Rules(bishop=1, misere=True)) is None
    drawing = picture.picture(Rules(bishop=1))
    assert drawing.png[:4] == b"\x89PNG"
    assert drawing.largest == int(values.grundy_table(Rules(bishop=1), picture.SIDE).max())
    assert drawing.mirrored  # Wythoff's game is symmetric: the PNG holds y <= x
    assert not picture.picture(Rules(bishop=2, rectangle=(3, 2))).mirrored


def test_the_legend_covers_every_value_once_in_order_of_hue():
    for largest in (1, 2, 29, 30, 31, 1022):
        bands = picture.legend(largest)
        covered = [v for _, first, last in bands for v in range(first, last + 1)]
        assert covered == list(range(1, largest + 1))
        assert [i for i, _, _ in bands] == sorted({picture.band(v, largest) for v in covered})


def test_the_figure_has_numbered_axes_a_legend_and_a_text_alternative():
    text = picture.figure("games/x/index.md", "x", "games/x/grundy.png", 1022, removed=True)
    svg = ET.fromstring(text[text.index("<svg") : text.index("</svg>") + 6])
    assert svg.get("role") == "img"
    words = [t.text for t in svg.iter(f"{SVG}text")]
    assert {"0", "100", "200", "300", "400", "500", "x →", "y →"} <= set(words)
    assert words.count("0") == 3  # both axes and the legend's G = 0
    assert {"1022", "G(x, y)", "off"} <= set(words)
    caption = text[text.index("<figcaption") : text.index("</figcaption>")]
    assert svg.get("aria-describedby") in caption and "bottom left" in caption
    image = svg.find(f"{SVG}image")
    assert image.get("href") == "grundy.png"
    assert "(0, 0) at the bottom left" in text and 'aria-live="polite"' in text


def test_a_game_of_the_same_values_links_the_first_games_picture():
    text = picture.figure("games/y/index.md", "y", "games/x/grundy.png", 4, removed=False)
    assert 'href="../x/grundy.png"' in text and "Sprague–Grundy values of y" in text


def test_a_symmetric_board_is_drawn_below_the_diagonal_and_mirrored():
    table = values.grundy_table(Rules(bishop=1), 40)
    half, palette = decode(picture.png(table, mirrored=True))
    full, _ = decode(picture.png(table))
    half, full = half[::-1].T, full[::-1].T  # indexed [x, y]
    below = np.tril(np.ones((40, 40), bool))  # y <= x
    assert np.array_equal(half[below], full[below]) and (half[~below] == picture.CLEAR).all()
    assert np.array_equal(full[~below], half.T[~below])  # (x, y) drawn from (y, x)
    assert len(palette) == 3 * (picture.CLEAR + 1)
    assert b"tRNS" in picture.picture(Rules(bishop=1)).png
    assert b"tRNS" not in picture.picture(Rules(bishop=2, rectangle=(3, 2))).png
    text = picture.figure("games/w/index.md", "w", "games/w/grundy.png", 9, False, mirrored=True)
    assert text.count('<image href="grundy.png"') == 2
    assert 'transform="matrix(0 -1 -1 0 560 560)"' in text
