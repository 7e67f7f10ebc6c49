"""A game solver: the P-positions of any :class:`~wythoff.core.games.rules.Rules`
on a finite board, computed from the rules alone.

The status of ``(x, y)`` depends only on positions ``(x', y') <= (x, y)``, so
sweeping the board line by line decides every cell exactly: a finite board has
no boundary effects, only positions it does not reach.  Instead of enumerating
the ``O(x + y)`` options of every cell, the sweep keeps running counts of the
P-positions already found

* along each line and row, the rook attacks of the P-positions found, by the
  residue mod p they reach (rook moves by lengths mod p),
* along each diagonal, as prefix counts in a rolling buffer (an m-bishop
  reaches exactly ``2m - 1`` diagonal segments that end next to the cell; their
  counts are kept as two running sums, one along the line and one across the
  last ``m - 1`` lines, so the bishop costs the same for every m),
* the same running sums over the P-positions themselves, for the short rook
  moves a blocker may not forbid,
* in the quadrant below-left, split by diagonal residue (modular moves),

so each cell costs ``O(modular)`` (and each P-position ``O(rook residues)``),
independent of the board size and of the bishop's reach.  The loop is compiled with numba.

Examples
--------
>>> from wythoff.core.games.rules import Rules
>>> board = solve(Rules(bishop=1), 14)
>>> p_positions(board, symmetric=True)
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.core.bigdigits import readable

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core.games.rules import Rules
else:  # imported on first use: a lookup of a few terms needs no numpy
    np = lazy.module("numpy", globals())

OFF_BOARD = -1
N_POSITION = 0
P_POSITION = 1


class BoardTooLarge(ValueError):
    """The requested board would not fit in memory."""


def memory_needed(size: int, rules: Rules) -> int:
    """Bytes the solver needs for a ``size x size`` board (board plus counters)."""
    rules = rules.within(size)
    lines = rules.bishop + 4
    counters = size * (rules.rook_modulus + rules.modular + lines) * 8
    return size * size + counters


def available_memory() -> int:
    """Physical memory of this machine, in bytes."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - non-POSIX
        return 8 << 30


def check_board_size(size: int, rules: Rules, budget: int | None = None) -> None:
    """Refuse, before any work, a board that needs more than half the memory."""
    if size < 1:
        raise ValueError("the board size must be at least 1")
    budget = available_memory() // 2 if budget is None else budget
    need = memory_needed(size, rules)
    if need > budget:
        largest = math.isqrt(budget // max(need // (size * size), 1))  # integers: any size
        raise BoardTooLarge(
            f"a {readable(size)} x {readable(size)} board needs {readable(need // 2**30)} GiB "
            f"or more, over the {budget // 2**30} GiB allowed; the largest board that fits "
            f"is about {readable(largest)}"
        )


def solve(rules: Rules, size: int) -> np.ndarray:
    """The status of every position of the ``size x size`` board.

    Returns an ``int8`` array indexed ``[x, y]``: 1 for a P-position, 0 for an
    N-position, -1 for a cell removed from the board.  When the second player
    chooses a rectangle before the first move, a position is P when some choice
    makes it P (he chooses that one), and removed when every choice removes it.
    """
    check_board_size(size, rules)
    if rules.rectangle_choices:
        boards = [solve(variant, size) for variant in rules.variants()]
        union: np.ndarray = np.maximum.reduce(boards)
        return union
    rules = rules.within(size)  # the same game on this board, in numbers the sweep can hold
    residues = np.zeros(rules.rook_modulus, dtype=np.bool_)
    residues[list(rules.rook_residues)] = True
    w, h = rules.rectangle
    board = np.empty((size, size), dtype=np.int8)
    _compiled_sweep()(
        board,
        rules.rook_modulus,
        residues,
        rules.bishop,
        rules.modular,
        rules.blocking,
        w,
        h,
        rules.misere,
        _smallest_rook_length(rules),
        rules.reach,
    )
    return board


def p_positions(board: np.ndarray, symmetric: bool) -> list[tuple[int, int]]:
    """The P-positions of a solved board, sorted; only ``x <= y`` when symmetric."""
    xs, ys = p_cells(board)
    pairs = list(zip(xs.tolist(), ys.tolist(), strict=True))
    if symmetric:
        pairs = [(x, y) for x, y in pairs if x <= y]
    return pairs


def p_cells(board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The coordinates ``x`` and ``y`` of a board's P-positions, in row order (sorted).

    Found in the flat board and divided back into rows: a tenth of the time of the
    two-dimensional ``np.nonzero`` (a build asks this of thousands of boards)."""
    width = board.shape[1]
    flat = np.flatnonzero(board.ravel() == P_POSITION)
    xs, ys = np.divmod(flat, width)
    return xs, ys


def _smallest_rook_length(rules: Rules) -> int:
    if not rules.rook_residues:
        return 0
    return min(r if r > 0 else rules.rook_modulus for r in rules.rook_residues)


@cache
def _compiled_sweep() -> Callable[..., Any]:
    """The sweep, compiled with numba on first use."""
    import numba

    return numba.njit(cache=True, nogil=True)(_sweep)


def _sweep(
    board: np.ndarray,
    modulus: int,
    residues: np.ndarray,
    bishop: int,
    modular: int,
    blocking: int,
    w: int,
    h: int,
    misere: bool,
    rook_min: int,
    reach: int,
) -> None:
    size_x, size_y = board.shape
    n_res = residues.shape[0]
    allowed = np.nonzero(residues)[0]
    # rook attacks, by the residue they reach: a P-position (x', y) adds one to
    # across[y, (x' + r) mod modulus] for every allowed residue r, and (x, y') to
    # along[(y' + r) mod modulus] in its line; a cell then reads one counter of each
    across = np.zeros((size_y, n_res), dtype=np.int64)
    along = np.zeros(n_res, dtype=np.int64)
    # diagonal prefix counts D[x, y] = #P on the diagonal through (x, y) up to x, rolling
    n_lines = bishop + 2
    diag = np.zeros((n_lines, size_y), dtype=np.int64)
    # running sums over the m - 1 lines before x of D (bishop) and of P (short rook)
    diag_window = np.zeros(size_y, dtype=np.int64)
    short_window = np.zeros(size_y, dtype=np.int64)
    short_by_window = blocking > 1 and n_res == 1 and reach == bishop
    # modular moves: P-positions of completed lines at row y by class (x' - y) mod modular
    n_cls = modular if modular > 0 else 1
    row_cls = np.zeros((size_y, n_cls), dtype=np.int64)
    quadrant = np.zeros(n_cls, dtype=np.int64)
    for x in range(size_x):
        along[:] = 0
        quadrant[:] = 0
        cur = x % n_lines
        prev = (x - 1) % n_lines
        old = (x - bishop) % n_lines
        diag_run = 0  # sum of D[x, y - j], 1 <= j < m
        short_run = 0  # sum of P[x, y - j], 1 <= j < m
        x_res = x % n_res
        y_res = -1  # y mod n_res, kept by counting: a division per cell costs more
        for y in range(size_y):
            y_res += 1
            if y_res == n_res:
                y_res = 0
            if bishop > 0:
                if x > 0:
                    diag_window[y] += diag[prev, y]
                    if short_by_window and board[x - 1, y] == 1:
                        short_window[y] += 1
                if x - bishop >= 0:
                    diag_window[y] -= diag[old, y]
                    if short_by_window and board[x - bishop, y] == 1:
                        short_window[y] -= 1
                if y > 0:
                    diag_run += diag[cur, y - 1]
                    if short_by_window and board[x, y - 1] == 1:
                        short_run += 1
                if y - bishop >= 0:
                    diag_run -= diag[cur, y - bishop]
                    if short_by_window and board[x, y - bishop] == 1:
                        short_run -= 1
            if x < w and y < h:
                board[x, y] = -1
                diag[cur, y] = diag[prev, y - 1] if (x > 0 and y > 0) else 0
                if modular > 0:
                    for c in range(n_cls):
                        quadrant[c] += row_cls[y, c]
                continue
            # rook options
            rook = along[y_res] + across[y, x_res]
            # m-bishop options: 2m - 1 diagonal segments ending next to (x, y)
            unblockable = 0
            if bishop > 0:
                if x > 0 and y > 0:
                    unblockable += diag[prev, y - 1]
                unblockable += diag_run + diag_window[y]
            if modular > 0:
                unblockable += quadrant[(x - y) % n_cls]
            if blocking <= 1:
                is_p = rook == 0 and unblockable == 0
            else:
                # a blocker may forbid only rook moves of ``reach`` or more counters;
                # those shorter than the bishop's m are counted as bishop moves above
                short_rook = 0  # rook P-options shorter than reach: never forbidden
                if short_by_window:
                    short_rook = short_run + short_window[y]
                elif bishop > 0 or reach > 0:
                    for length in range(1, max(bishop, reach)):
                        if residues[length % n_res]:
                            found = 0
                            if y - length >= 0 and board[x, y - length] == 1:
                                found += 1
                            if x - length >= 0 and board[x - length, y] == 1:
                                found += 1
                            if length < reach:
                                short_rook += found
                                if length >= bishop:
                                    unblockable += found
                            elif length < bishop:
                                unblockable -= found  # a bishop move the blocker may forbid
                is_p = unblockable == 0 and rook - short_rook < blocking
            if misere and is_p:
                # A position without moves is N in misère play.  The removed rectangle
                # is closed downwards, so the largest target of each kind decides.
                has_move = False
                for tx, ty, kind_exists in (
                    (x - rook_min, y, rook_min > 0),
                    (x, y - rook_min, rook_min > 0),
                    (x - 1, y, bishop >= 2),
                    (x, y - 1, bishop >= 2),
                    (x - 1, y - 1, bishop >= 1 or modular >= 1),
                ):
                    if kind_exists and tx >= 0 and ty >= 0 and not (tx < w and ty < h):
                        has_move = True
                is_p = has_move
            status = 1 if is_p else 0
            board[x, y] = status
            diag[cur, y] = (diag[prev, y - 1] if (x > 0 and y > 0) else 0) + status
            if status == 1:
                for r in allowed:
                    along[(y + r) % n_res] += 1
                    across[y, (x + r) % n_res] += 1
            if modular > 0:
                for c in range(n_cls):
                    quadrant[c] += row_cls[y, c]
        if modular > 0:
            for y in range(size_y):
                if board[x, y] == 1:
                    row_cls[y, (x - y) % n_cls] += 1
