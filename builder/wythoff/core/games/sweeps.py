"""The compiled line sweeps of the sparse solver (:mod:`wythoff.core.games.sparse`),
one for each kind of game it handles, and its scan for the pairs near a position.

Every sweep settles lines ``row .. last`` of the smaller coordinate and returns
``(next row, pairs known, status, ...)``, where ``status`` asks the solver for more
room: bit 1 for the arrays indexed by coordinate, bit 2 for the pairs, bits 4 and 8
for the windows of diagonals; :data:`BROKEN` when the rules break the sweep's
invariants.  No sweep writes past an array: each bound it could pass returns a
status first.  A line is settled whole or not at all, so a sweep stopped for room
starts again at the same line.

The diagonals ``d = y - x`` are kept in windows: ``window[d - base]`` is one of
three things: ``0``, a diagonal no P-position attacks; ``s > 0``, one attacked
for good from line ``s - 1`` on; ``-j < 0``, one dead by now, whose next
candidate is ``d + j`` (union-find with path halving).  A diagonal dead for good
stays dead, so when the dead ones below the first live one (the *floor*) fill
half the window, it slides up past them (the pointers are relative); otherwise it
asks to be widened.  Where the P-positions move away from the main diagonal, as
in all of Larsson's games, the window stays a few thousand wide.  Every sweep walks
its windows with the same two functions: :func:`find` and :func:`slide`.

The functions are plain Python, compiled with numba on first use (cached on disk).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
else:  # imported on first use, with numba
    from wythoff.core import lazy

    np = lazy.module("numpy", globals())


BROKEN = 16
"""The status of a sweep that met more P-positions on a line than its invariants allow
(rules outside :func:`~wythoff.core.games.sparse.supports`): it stops before writing
past its array, and the solver refuses the rules."""

SHARED = ("find", "slide")
"""The functions the sweeps call, compiled before any sweep (see :func:`compiled`)."""


@cache
def compiled(name: str) -> Callable[..., Any]:
    """One of this module's functions, compiled with numba.  Numba needs numpy itself
    in the module's globals, not its stand-in, and it compiles a sweep's call to
    another function of the module only when that global is compiled already: so
    the functions in :data:`SHARED` replace their plain versions there first."""
    import numba
    import numpy

    globals()["np"] = numpy
    if name not in SHARED:
        for shared in SHARED:
            globals()[shared] = compiled(shared)
    function: Callable[..., Any] = numba.njit(cache=True, nogil=True)(globals()[name])
    return function


def near(cs: np.ndarray, ds: np.ndarray, x: int, y: int, m: int) -> np.ndarray:  # pragma: no cover
    """The indices of the pairs ``(c, d)`` that share a coordinate with ``(x, y)`` or
    whose difference, either way round, is within ``m`` of ``y - x``: the only ones
    a rook or m-bishop move from ``(x, y)`` can reach."""
    gap = y - x
    chosen = np.empty(0, dtype=np.int64)
    for _ in range(2):  # count them, then list them
        n = 0
        for i in range(cs.shape[0]):
            c, d = cs[i], ds[i]
            if c in (x, y) or d in (x, y) or abs(d - c - gap) < m or abs(c - d - gap) < m:
                if n < chosen.shape[0]:
                    chosen[n] = i
                n += 1
        if n == chosen.shape[0]:
            break
        chosen = np.empty(n, dtype=np.int64)
    return chosen


def find(window: np.ndarray, i: int) -> int:  # pragma: no cover - compiled
    """The first live diagonal of ``window`` from index ``i`` on (union-find's
    *find*): follows the pointers ``-j`` past the dead ones and halves the path on
    the way (each pointer it follows is stretched over the next one), so that later
    walks over the same dead diagonals take fewer steps."""
    while window[i] < 0:
        ahead = i - window[i]
        if window[ahead] < 0:
            window[i] += window[ahead]
        i = i - window[i]
    return i


def slide(  # pragma: no cover - compiled
    window: np.ndarray, i: int, base: int, floor: int, span: int
) -> tuple[int, int]:
    """Room in ``window`` (``window[d - base]`` holds diagonal ``d``) for a walk at
    its live index ``i`` that reads the ``span`` entries from there on: slides the
    window up to ``floor``, the first diagonal live when the line began (the ones
    below it are dead for good, and the walk is past them), so that the sweep goes
    on without widening the window.  Returns ``(i, base)`` for the slid window;
    ``i`` is -1 when this gives no room (the dead diagonals fill less than half of
    the window, or the walk still runs past its end): the window must be widened."""
    size = window.shape[0]
    dead = floor - base
    if 2 * dead < size:
        return -1, base
    for j in range(size - dead):  # forwards: each read is ahead of the writes
        window[j] = window[j + dead]
    window[size - dead :] = 0
    i -= dead
    return (i if i + span < size else -1), floor


def modulo(  # pragma: no cover - compiled
    row: int,
    last: int,
    count: int,
    p: int,
    rook: int,
    m: int,
    w: int,
    h: int,
    masks: np.ndarray,
    diagonals: np.ndarray,
    base: int,
    cs: np.ndarray,
    ds: np.ndarray,
) -> tuple[int, int, int, int]:
    """Rook moves by lengths with the residues ``rook`` (a bit set) modulo ``p``,
    m-bishop moves, and the square ``x, y < w = h`` removed; symmetric.  Returns
    ``(next row, pairs, status, base)``.

    ``masks[v]`` is the residue set that column ``v`` attacks, and so, by symmetry,
    the set that line ``v`` holds when its turn comes.  A line closes when its
    residues cover ``Z_p``.  ``rotate(mask, s)`` below is ``mask + s (mod p)``."""
    full = (1 << p) - 1
    cells = masks.shape[0]
    window = diagonals.shape[0]
    found = np.empty(p, dtype=np.int64)
    x = row
    while x <= last:
        if x + m + 1 >= cells:
            return x, count, 1, base
        covered = np.int64(masks[x])
        if covered == full:
            x += 1
            continue
        if count + p > cs.shape[0]:
            return x, count, 2, base
        n_found = 0
        i = find(diagonals, 0)  # diagonal d = base + i
        floor = base + i  # the diagonals below it are dead for good
        while True:
            i = find(diagonals, i)
            if i + m + 1 >= window:
                i, base = slide(diagonals, i, base, floor, m + 1)
                if i < 0:
                    return x, count, 4, base
            y = x + base + i
            if y + m + 1 >= cells:
                return x, count, 1, base
            dies = diagonals[i]
            if dies == 0 or dies > x + 1:  # not attacked for good by a bishop move
                if (
                    (x >= w or y >= h)
                    and (covered >> (y % p)) & 1 == 0
                    and (np.int64(masks[y]) >> (x % p)) & 1 == 0
                ):
                    if n_found == p:  # residue 0 not a rook length: a line holds more
                        return x, count, 16, base
                    found[n_found] = y
                    n_found += 1
                    s = y % p
                    covered |= rook if s == 0 else ((rook << s) | (rook >> (p - s))) & full
                    if covered == full:
                        break
                    i += m  # the next m - 1 cells of the line are a bishop move away from it
                    continue
            else:
                diagonals[i] = -1  # dead from now on: skip it in every later line
            i += 1
        s = x % p
        attack_from_x = rook if s == 0 else ((rook << s) | (rook >> (p - s))) & full
        for k in range(n_found):
            y = found[k]
            cs[count] = x
            ds[count] = y
            count += 1
            masks[y] |= attack_from_x
            delta = y - x - base
            for i in range(max(0, delta - m + 1), delta):  # attacked from line x + delta - i
                start = x + delta - i + 1
                if diagonals[i] == 0 or 0 < start < diagonals[i]:
                    diagonals[i] = start
            end = delta + m  # diagonals delta .. end - 1 are attacked from line x + 1 on:
            for i in range(delta, end):  # dead for every line to come, skipped as a block
                if diagonals[i] >= 0 or i - diagonals[i] < end:
                    diagonals[i] = i - end
            if 0 < delta + base < m:  # the mirror image (y, x) attacks diagonals near 0
                for i in range(0, m - delta - 2 * base):  # from line y on
                    if diagonals[i] == 0 or 0 < y + 1 < diagonals[i]:
                        diagonals[i] = y + 1
        x += 1
    return x, count, 0, base


def blocking(  # pragma: no cover - compiled
    row: int,
    last: int,
    count: int,
    b: int,
    short: int,
    m: int,
    columns: np.ndarray,
    diagonals: np.ndarray,
    base: int,
    cs: np.ndarray,
    ds: np.ndarray,
) -> tuple[int, int, int, int]:
    """Rook moves of any length, m-bishop moves, and blocking: the previous player
    forbids up to ``b - 1`` one-pile moves of ``short`` counters or more; symmetric.
    Returns ``(next row, pairs, status, base)``.

    A cell is N when a move that cannot be forbidden reaches a P-position (one
    that takes from both piles, a diagonal's attack; or one of fewer than
    ``short`` counters from one pile), or when ``b`` one-pile moves do.
    ``columns[v, 0]`` counts the P-positions ``(x', v)``, ``x' <= v``, and
    ``columns[v, 1]`` is the last ``x'``, the only one a short move can reach; by
    symmetry they are also the P-positions ``(v, x')`` of line ``v``.  A line or
    column holds at most ``b`` of them (a later one would be N), and a line
    closes with its ``b``-th."""
    cells = columns.shape[0]
    window = diagonals.shape[0]
    found = np.empty(b, dtype=np.int64)
    x = row
    while x <= last:
        if x + m + short + 1 >= cells:
            return x, count, 1, base
        held = columns[x, 0]
        if held >= b:
            x += 1
            continue
        if count + b > cs.shape[0]:
            return x, count, 2, base
        nearest = columns[x, 1] if held > 0 else -cells  # the line's last P-position
        n_found = 0
        i = find(diagonals, 0)
        floor = base + i
        while True:
            i = find(diagonals, i)
            if i + m + short + 1 >= window:
                i, base = slide(diagonals, i, base, floor, m + short + 1)
                if i < 0:
                    return x, count, 4, base
            y = x + base + i
            if y + m + short + 1 >= cells:
                return x, count, 1, base
            dies = diagonals[i]
            if dies == 0 or dies > x + 1:  # no two-pile move to a P-position
                held_y = columns[y, 0]
                if (
                    y - nearest >= short  # no short move along the line
                    and (held_y == 0 or x - columns[y, 1] >= short)  # nor the column
                    and held + n_found + held_y < b  # fewer one-pile moves than b
                ):
                    if n_found == b:  # cannot happen: the line closes with its b-th
                        return x, count, 16, base
                    found[n_found] = y
                    n_found += 1
                    nearest = y
                    if held + n_found >= b:
                        break
                    i += short  # the next cells of the line are a short move away from it
                    continue
            else:
                diagonals[i] = -1
            i += 1
        for k in range(n_found):
            y = found[k]
            cs[count] = x
            ds[count] = y
            count += 1
            columns[y, 0] += 1
            columns[y, 1] = x
            # the two-pile moves to (x, y): on diagonal i < delta from line
            # x + delta - i + 1, on delta .. delta + m - 1 from line x + 1 (the cells
            # in between take from one pile only: the rook's, counted by the columns)
            delta = y - x - base
            for i in range(max(0, delta - m + 1), delta):
                start = x + delta - i + 2
                if diagonals[i] == 0 or 0 < start < diagonals[i]:
                    diagonals[i] = start
            end = delta + m
            for i in range(delta, end):
                if diagonals[i] >= 0 or i - diagonals[i] < end:
                    diagonals[i] = i - end
            if 0 < delta + base < m:  # the mirror image (y, x): from line y + 1 on
                for i in range(0, m - delta - 2 * base):
                    if diagonals[i] == 0 or 0 < y + 2 < diagonals[i]:
                        diagonals[i] = y + 2
        x += 1
    return x, count, 0, base


def quadrant(  # pragma: no cover - compiled
    row: int,
    last: int,
    count: int,
    m: int,
    w: int,
    h: int,
    taken: np.ndarray,
    upper: np.ndarray,
    upper_base: int,
    lower: np.ndarray,
    lower_base: int,
    cs: np.ndarray,
    ds: np.ndarray,
    flipped: np.ndarray,
) -> tuple[int, int, int, int, int]:
    """Rook moves of any length and m-bishop moves on the board without the
    rectangle ``x < w, y < h``, which need not be a square: the positions ``(x, y)``
    and ``(y, x)`` are decided apart.  Returns ``(next row, pairs, status, upper
    base, lower base)``.

    Line ``c`` is the row ``(c, c + d)``, ``d >= 0``, on the diagonals ``upper``,
    and the column ``(c + e, c)``, ``e >= 1``, on the diagonals ``lower`` (indexed
    by ``e``).  A row or column holds at most one P-position (a one-pile move joins
    any two), so each walk stops at its first.  ``taken[v]``: bit 1 when row ``v``
    holds one, bit 2 when column ``v`` does.  A pair is stored as ``(c, the other
    coordinate)``, with ``flipped`` set when the position is ``(other, c)``."""
    cells = taken.shape[0]
    found = np.empty(2, dtype=np.int64)
    c = row
    while c <= last:
        if c + m + 1 >= cells:
            return c, count, 1, upper_base, lower_base
        if count + 2 > cs.shape[0]:
            return c, count, 2, upper_base, lower_base
        found[0] = -1
        found[1] = -1
        for side in range(2):  # the row, then the column
            if side == 0 and taken[c] & 1 != 0:
                continue
            if side == 1 and (taken[c] & 2 != 0 or found[0] == c):
                continue
            window = upper if side == 0 else lower
            base = upper_base if side == 0 else lower_base
            size = window.shape[0]
            i = find(window, 0)
            floor = base + i
            while True:
                i = find(window, i)
                if i + 2 * m + 1 >= size:
                    i, base = slide(window, i, base, floor, 2 * m + 1)
                    if side == 0:
                        upper_base = base
                    else:
                        lower_base = base
                    if i < 0:
                        return c, count, 4 if side == 0 else 8, upper_base, lower_base
                other = c + base + i  # y of (c, y) on the row, x of (x, c) on the column
                if other + m + 1 >= cells:
                    return c, count, 1, upper_base, lower_base
                dies = window[i]
                if dies == 0 or dies > c + 1:
                    on_board = (c >= w or other >= h) if side == 0 else (other >= w or c >= h)
                    if on_board and taken[other] & (2 if side == 0 else 1) == 0:
                        found[side] = other
                        break
                else:
                    window[i] = -1
                i += 1
        for side in range(2):
            other = found[side]
            if other < 0:
                continue
            cs[count] = c
            ds[count] = other
            flipped[count] = side
            count += 1
            x, y = (c, other) if side == 0 else (other, c)
            taken[x] |= 1
            taken[y] |= 2
            # a bishop move reaches (x, y) from the cells of diagonal dd = y' - x' with
            # x' >= x + max(0, delta - dd): from line x' + min(0, dd) on
            delta = y - x
            for dd in range(delta - m + 1, delta + m):
                line = x + max(0, delta - dd) + min(0, dd)
                if dd >= 0:
                    i = dd - upper_base
                    target = upper
                else:
                    i = -dd - lower_base
                    target = lower
                if i < 0:
                    continue  # below the window: dead already
                if line <= c + 1:  # dead for every line to come
                    if target[i] >= 0:
                        target[i] = -1
                elif target[i] == 0 or 0 < line + 1 < target[i]:
                    target[i] = line + 1
        c += 1
    return c, count, 0, upper_base, lower_base
