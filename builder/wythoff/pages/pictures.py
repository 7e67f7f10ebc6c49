"""Pictures: each game's board with its P-positions, each sequence's plot.

Boards are drawn like the papers' figures: (0, 0) at the bottom left, one
square per position, P-positions dark, Connell's classes i (and the two
orientations of Larsson's shifted games) in their own shades, the removed
rectangle grey.  Plots show a(n) against n.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.colors import ListedColormap  # noqa: E402

CELL = 6  # pixels per position
EMPTY, REMOVED, LIGHT = 0, 1, 2  # board codes; P-positions use 3 + shade
SHADES = [
    "#1b1b1b",
    "#1565c0",
    "#c62828",
    "#2e7d32",
    "#6a1b9a",
    "#ef6c00",
    "#00838f",
    "#ad1457",
    "#4e342e",
    "#283593",
    "#558b2f",
    "#f9a825",
]
PALETTE = ["#ffffff", "#bdbdbd", "#eeeeee", *SHADES]
COLORS = ListedColormap(PALETTE)


def board_image(
    positions: list[dict[str, Any]],
    size: int,
    symmetric: bool,
    rectangle: tuple[int, int],
    path: Path,
) -> None:
    """Write the board of a game as a PNG."""
    grid = np.full((size, size), EMPTY, dtype=np.uint8)
    grid[(np.add.outer(np.arange(size), np.arange(size)) % 2) == 1] = LIGHT  # checkerboard
    w, h = rectangle
    grid[: min(w, size), : min(h, size)] = REMOVED
    for row in positions:
        x, y = int(row["x"]), int(row["y"])
        shade = _shade(row, mirrored=not symmetric and x > y)
        for px, py in {(x, y), (y, x)} if symmetric else {(x, y)}:
            if px < size and py < size:
                grid[px, py] = 3 + shade
    picture = np.kron(grid.T[::-1], np.ones((CELL, CELL), dtype=np.uint8))  # y up
    plt.imsave(path, picture, cmap=COLORS, vmin=0, vmax=len(PALETTE) - 1)


def _shade(row: dict[str, Any], mirrored: bool) -> int:
    """Connell's class i, else the orientation of an ordered pair ((b, a) vs (a, b))."""
    klass = row.get("cls")
    if klass is not None:
        return int(klass) % len(SHADES)
    return 1 if mirrored else 0


def sequence_plot(
    values: list[int], offset: int, title: str, path: Path, logarithmic: bool = False
) -> None:
    """Write a(n) against n as a small PNG (log10 a(n) for exponential growth: the
    convergents run to a thousand digits, beyond any float)."""
    figure, axes = plt.subplots(figsize=(6, 3), dpi=80)
    n = np.arange(offset, offset + len(values))
    heights = [math.log10(v) if v > 0 else 0.0 for v in values] if logarithmic else values
    axes.plot(n, heights, ".", markersize=2, color="#3f51b5")
    axes.set_xlabel("n")
    axes.set_ylabel("log10 a(n)" if logarithmic else "a(n)")
    axes.set_title(title, fontsize=10)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
