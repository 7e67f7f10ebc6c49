"""A small SVG chart: a plot box with axes, ticks, labels and dots, written as text.

Only what the pages' pictures need, so that each file stays a few kilobytes:
coordinates rounded to a tenth of a pixel, all the dots of a series in one
``<path>`` (a zero-length subpath each, drawn as a round cap, each placed from the
last when that is shorter: :func:`dot_path`), and an accessible name
(``role="img"`` with ``<title>`` and ``<desc>``).

>>> chart = Chart(0, 10, -1, 1, width=200, height=100)
>>> chart.x(0), chart.x(10), chart.y(1), chart.y(-1)
(48.0, 184.0, 12.0, 68.0)
>>> ticks(0, 999)
[0, 200, 400, 600, 800]
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from wythoff.website.markdown import data_attributes

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 12, 32  # margins of the plot box, in pixels
FONT = 'font-family="system-ui, sans-serif" font-size="11"'
INK, GRID, DOTS = "#333", "#ddd", "#3949ab"


def ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten apart) within [low, high]."""
    if high <= low:
        return [low]
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step)
    values = [k * step for k in range(first, math.floor(high / step) + 1)]
    return [int(v) if float(v).is_integer() else round(v, 10) for v in values]


def number(value: float) -> str:
    """A tick label: short, with a true minus sign."""
    text = f"{value:g}"
    return text.replace("-", "\u2212")


def _tenths(count: int) -> str:
    """A whole number of tenths in SVG's shortest decimal form.

    >>> [_tenths(t) for t in (0, 5, -5, 10, 335, -1676)]
    ['0', '.5', '-.5', '1', '33.5', '-167.6']
    """
    whole, tenth = divmod(abs(count), 10)
    digits = f"{whole}" if not tenth else f".{tenth}" if not whole else f"{whole}.{tenth}"
    return "-" + digits if count < 0 else digits


def _pair(x: str, y: str) -> str:
    """Two numbers of a path, with a space between them only where SVG needs one
    (a minus sign, or a second decimal point, starts a new number)."""
    joined = y.startswith("-") or (y.startswith(".") and "." in x)
    return x + y if joined else f"{x} {y}"


def dot_path(points: Sequence[tuple[float, float]]) -> str:
    """The path data of round dots at pixel ``points`` (tenths of a pixel): one
    zero-length subpath each, closed at once (``z``: SVG strokes a zero-length subpath
    with round caps as a dot, ``M 30,30 z`` among its examples), moved to from the
    last dot (``m``) or from the origin (``M``), whichever is shorter. The moves are
    differences of whole tenths, so the dots land exactly where the absolute
    coordinates put them.

    >>> dot_path([(48.0, 243.2), (48.6, 76.9), (49.1, 110.4), (624.0, 94.1)])
    'M48 243.2zm.6-166.3zm.5 33.5zM624 94.1z'
    >>> dot_points(_) == [(48.0, 243.2), (48.6, 76.9), (49.1, 110.4), (624.0, 94.1)]
    True
    """
    parts = []
    last: tuple[int, int] | None = None
    for px, py in points:
        x, y = round(px * 10), round(py * 10)
        absolute = "M" + _pair(_tenths(x), _tenths(y)) + "z"
        if last is None:
            parts.append(absolute)
        else:
            relative = "m" + _pair(_tenths(x - last[0]), _tenths(y - last[1])) + "z"
            parts.append(min(relative, absolute, key=len))
        last = (x, y)
    return "".join(parts)


DOT = re.compile(r"([Mm])(-?(?:\d+\.?\d*|\.\d+))\s?(-?(?:\d+\.?\d*|\.\d+))z")


def dot_points(path: str) -> list[tuple[float, float]]:
    """The dots of a path that :func:`dot_path` wrote, in pixels, as SVG reads them."""
    points: list[tuple[float, float]] = []
    x = y = 0.0
    for command, dx, dy in DOT.findall(path):
        if command == "M":
            x, y = float(dx), float(dy)
        else:
            x, y = round(x + float(dx), 1), round(y + float(dy), 1)
        points.append((x, y))
    return points


@dataclass
class Chart:
    """One plot box mapping data ``[x0, x1] x [y0, y1]`` to pixels, and its parts."""

    x0: float
    x1: float
    y0: float
    y1: float
    width: int = WIDTH
    height: int = HEIGHT
    parts: list[str] = field(default_factory=list)

    def x(self, value: float) -> float:
        span = (self.x1 - self.x0) or 1
        return round(LEFT + (value - self.x0) / span * (self.width - LEFT - RIGHT), 1)

    def y(self, value: float) -> float:
        span = (self.y1 - self.y0) or 1
        return round(TOP + (self.y1 - value) / span * (self.height - TOP - BOTTOM), 1)

    def axes(self, x_label: str, y_label: str, y_ticks: Sequence[float] | None = None) -> None:
        """The frame, grid lines with tick labels, and the two axis labels."""
        left, right = self.x(self.x0), self.x(self.x1)
        top, bottom = self.y(self.y1), self.y(self.y0)
        for value in ticks(self.x0, self.x1):
            px = self.x(value)
            self.parts.append(f'<path d="M{px} {top}V{bottom}" stroke="{GRID}"/>')
            self.text(px, bottom + 14, number(value), "middle")
        for value in ticks(self.y0, self.y1) if y_ticks is None else y_ticks:
            py = self.y(value)
            self.parts.append(f'<path d="M{left} {py}H{right}" stroke="{GRID}"/>')
            self.text(left - 4, py + 4, number(value), "end")
        self.parts.append(
            f'<rect x="{left}" y="{top}" width="{round(right - left, 1)}" '
            f'height="{round(bottom - top, 1)}" fill="none" stroke="{INK}"/>'
        )
        self.text((left + right) / 2, self.height - 4, x_label, "middle")
        self.parts.append(
            f'<text transform="translate(12 {round((top + bottom) / 2, 1)}) rotate(-90)" '
            f'text-anchor="middle" fill="{INK}">{escape(y_label)}</text>'
        )

    def text(self, x: float, y: float, words: str, anchor: str = "start", **extra: str) -> None:
        attributes = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in extra.items())
        self.parts.append(
            f'<text x="{round(x, 1)}" y="{round(y, 1)}" text-anchor="{anchor}" fill="{INK}"'
            f"{attributes}>{escape(words)}</text>"
        )

    def dots(self, points: Sequence[tuple[float, float]], colour: str = DOTS, **data: str) -> None:
        """The points as one path of round dots."""
        path = dot_path([(self.x(px), self.y(py)) for px, py in points])
        self.parts.append(
            f'<path class="dots" d="{path}" stroke="{colour}" stroke-width="3" '
            f'stroke-linecap="round" fill="none"{data_attributes(data)}/>'
        )

    def legend(self, entries: Sequence[tuple[str, str]]) -> None:
        """A dot of each colour and its words, one line each, in the plot box's top left."""
        left, top = self.x(self.x0) + 10, self.y(self.y1) + 14
        for i, (colour, words) in enumerate(entries):
            py = top + 15 * i
            self.parts.append(
                f'<path d="M{left} {py - 4}h0" stroke="{colour}" stroke-width="6" '
                'stroke-linecap="round"/>'
            )
            self.text(left + 8, py, words)

    def band(self, low: float, high: float, colour: str = "#fff3c4") -> None:
        """A shaded horizontal band between two values, with dashed edges."""
        left, right = self.x(self.x0), self.x(self.x1)
        top, bottom = self.y(high), self.y(low)
        self.parts.append(
            f'<rect class="band" x="{left}" y="{top}" width="{round(right - left, 1)}" '
            f'height="{round(bottom - top, 1)}" fill="{colour}"/>'
        )
        for py in (top, bottom):
            self.parts.append(
                f'<path d="M{left} {py}H{right}" stroke="#b26a00" stroke-dasharray="4 3"/>'
            )

    def line(
        self, points: Sequence[tuple[float, float]], colour: str, dashed: bool = False
    ) -> None:
        path = "M" + "L".join(f"{self.x(px)} {self.y(py)}" for px, py in points)
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        self.parts.append(f'<path d="{path}" stroke="{colour}" fill="none"{dash}/>')


def document(title: str, desc: str, charts: Sequence[Chart], **data: str) -> str:
    """A standalone SVG file holding ``charts`` side by side, with its accessible name."""
    width = sum(chart.width for chart in charts)
    height = max(chart.height for chart in charts)
    body = []
    offset = 0
    for chart in charts:
        body.append(f'<g transform="translate({offset} 0)">{"".join(chart.parts)}</g>')
        offset += chart.width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="t d" {FONT}'
        f"{data_attributes(data)}>"
        f'<title id="t">{escape(title)}</title><desc id="d">{escape(desc)}</desc>'
        f'<rect width="{width}" height="{height}" fill="#fff"/>' + "".join(body) + "</svg>\n"
    )
