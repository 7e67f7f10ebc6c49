"""Sprague–Grundy values: the table of ``G(x, y)`` of a normal-play game on an
``N x N`` board, and the additive periods of its rows.

``G(x, y)`` is the least non-negative integer that no option of ``(x, y)`` has (the
*mex*); the P-positions are the positions of value 0.  It is defined for the
impartial games of :class:`~wythoff.core.games.rules.Rules` in normal play without
blocking (the previous player's veto makes a position's outcome depend on more than
its options' values) and without a choice of rectangle (the board itself is unknown
before the first move); misère play needs another theory.  :func:`undefined_reason`
says why for the others.

The sweep visits the board line by line (``x``, then ``y``) and keeps, as bitsets of
the values seen so far (one bit per value, 64 to a word),

* along the current line, one bitset per residue of ``y`` modulo the rook modulus
  ``p``, and across, one per column and residue of ``x``: a rook move of a length in
  ``R (mod p)`` reaches exactly the cells of the residues ``y - r``, ``r`` in ``R``;
* one bitset per diagonal ``x - y`` (m-bishop moves): the options of ``(x, y)`` by
  the m-bishop are those of ``(x - 1, y - 1)``, that cell itself, and the ``2m - 2``
  cells ``(x, y - j)``, ``(x - j, y)``, ``0 < j < m``; so the diagonal's bitset, to
  which each cell adds those and its own value, holds exactly the options' values.
  From ``m`` = :data:`BAND_KEPT_FROM` on, those ``m - 1`` cells of the line and of the
  column are two more bitsets, kept as the sweep goes: each step adds one cell and
  takes one out, which a bit can say, because the values of any ``m`` consecutive
  cells of a line differ (each is an option of the later ones).  A cell then costs a
  few words instead of ``2m - 2`` cells (Larsson's games have ``m`` up to 256);
* per column and class of ``x - y`` modulo ``modular``, the completed lines' values,
  gathered along the line into the strict lower-left quadrant of each class.

A cell's mex ORs these bitsets word by word from value 0 and stops at the first word
with a zero bit: about ``G / 64`` words per source, ``O(N^3 / 64)`` for the table.
The kernels are compiled with numba; each checks the shapes of the arrays it is
given and returns a status instead of writing past one.

Examples
--------
>>> from wythoff.core.games.rules import Rules
>>> table = grundy_table(Rules(bishop=1), 6)      # Wythoff's game
>>> table[:4, :6].tolist()
[[0, 1, 2, 3, 4, 5], [1, 2, 0, 4, 5, 3], [2, 0, 1, 5, 3, 4], [3, 4, 5, 6, 2, 0]]
>>> undefined_reason(Rules(bishop=1)) is None, undefined_reason(Rules(bishop=1, misere=True))[:45]
(True, 'the player who takes the last counter loses (')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.core.games.rules import Rules

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
else:
    np = lazy.module("numpy", globals())

OFF_BOARD = 0xFFFF
"""The cell value of a removed position (the largest ``uint16``); values stay below it."""
MAX_VALUE = OFF_BOARD - 1

OK = 0
BAD_SHAPE = 1
TOO_LARGE = 2

BAND_KEPT_FROM = 8
"""The least m of an m-bishop whose band of one-pile options the sweep keeps as
bitsets of the line and the column instead of visiting its ``2m - 2`` cells."""


class GrundyUndefined(ValueError):
    """No Sprague–Grundy values are computed for the game (blocking, choice or misère:
    values of its positions would not decide its sums)."""


class GrundyTooLarge(ValueError):
    """The table would not fit in memory, or its values would not fit in 16 bits."""


def undefined_reason(rules: Rules) -> str | None:
    """Why no Sprague–Grundy values are computed for ``rules``, or None when they are."""
    if rules.misere:
        return (
            "the player who takes the last counter loses (misère play): its positions' "
            "Sprague–Grundy values are normal play's (the same moves), and they decide "
            "neither its P-positions nor sums played misère"
        )
    if rules.blocking > 1:
        return (
            "the previous player may forbid moves, so a position's outcome depends on more "
            "than the values of its options"
        )
    if rules.rectangle_choices:
        return "the second player chooses the board's removed rectangle before the first move"
    return None


def check_defined(rules: Rules) -> None:
    """Raise :class:`GrundyUndefined` with the reason if ``rules`` have no values."""
    reason = undefined_reason(rules)
    if reason is not None:
        raise GrundyUndefined(f"no Sprague–Grundy values computed ({reason})")


def value_bound(rules: Rules, size: int) -> int:
    """An upper bound of every value on the ``size x size`` board: the mex of a cell is
    at most its number of options, counted here by kind of move."""
    n = size - 1
    options = 0
    if rules.rook_residues:
        options += 2 * n
    if rules.bishop:
        options += (2 * rules.bishop - 1) * (n + 1)
    if rules.modular:
        options += (n // rules.modular + 1) * (n + 1)
    return options


def words_for(rules: Rules, size: int) -> int:
    """64-bit words per bitset: enough for every value the board can hold, at most
    the 16-bit cells' range."""
    return min(value_bound(rules, size), MAX_VALUE) // 64 + 1


def memory_needed(rules: Rules, size: int, rows: int | None = None) -> int:
    """Bytes :func:`grundy_table` allocates for a ``rows x size`` table (square by
    default)."""
    rows = size if rows is None else rows
    words = words_for(rules, max(rows, size))
    classes = rules.modular if rules.modular else 0
    bitsets = size * rules.rook_modulus + rows + size + size * classes + rules.rook_modulus
    if rules.bishop >= BAND_KEPT_FROM:
        bitsets += size + 1  # the band: one a column, one along the line
    return 2 * rows * size + 8 * words * (bitsets + classes + 1)


def check_size(rules: Rules, size: int, budget: int | None = None, rows: int | None = None) -> None:
    """Refuse, before any work, a table larger than ``budget`` bytes (by default half
    the machine's memory)."""
    from wythoff.core.games import solver

    rows = size if rows is None else rows
    if size < 1 or rows < 1:
        raise ValueError("the table size must be at least 1")
    budget = solver.available_memory() // 2 if budget is None else budget
    need = memory_needed(rules, size, rows)
    if need > budget:
        raise GrundyTooLarge(
            f"a {rows} x {size} table of Sprague–Grundy values needs about "
            f"{need / 2**20:.0f} MiB, more than the {budget / 2**20:.0f} MiB allowed"
        )


def grundy_table(rules: Rules, size: int, rows: int | None = None) -> np.ndarray:
    """``G(x, y)`` for ``0 <= x < rows`` (default ``size``) and ``0 <= y < size``: a
    ``uint16`` array indexed ``[x, y]``, :data:`OFF_BOARD` on the removed rectangle.

    A move never adds to a pile, so the first rows of the table are those of any
    larger one: a strip of ``rows`` costs ``rows / size`` of the square.

    Raises :class:`GrundyUndefined` for rules without values and
    :class:`GrundyTooLarge` when the table does not fit.

    >>> from wythoff.core.games.rules import Rules
    >>> grundy_table(Rules(bishop=1), 12, rows=2).tolist()[1]
    [1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9]
    """
    rows = size if rows is None else rows
    check_defined(rules)
    check_size(rules, size, rows=rows)
    # values rarely pass 2 size (x + y in Wythoff's game): try bitsets of 4 size first,
    # and only if a value does not fit, the bound that no value can pass
    enough = words_for(rules, max(rows, size))  # for every value a cell can have
    first = min(enough, 4 * max(rows, size) // 64 + 1)
    if _every_rook_move(rules):  # the plain sweep of row, column and diagonal bitsets
        from wythoff.core.games import strip

        for words in dict.fromkeys((first, enough)):
            table = strip.square_table(rules, rows, size, words)
            if table is not None:
                return table
        raise GrundyTooLarge(f"values on the {rows} x {size} board exceed {MAX_VALUE}")
    try:
        return _table(rules, rows, size, first)
    except GrundyTooLarge:
        if first == enough:
            raise
    return _table(rules, rows, size, enough)


def _every_rook_move(rules: Rules) -> bool:
    """Every rook move, an m-bishop at most: no modular move, no removed rectangle."""
    return (
        rules.rook_modulus == 1
        and rules.rook_residues == (0,)
        and not rules.modular
        and rules.rectangle == (0, 0)
    )


def _table(rules: Rules, rows: int, size: int, words: int) -> np.ndarray:
    p = rules.rook_modulus
    classes = rules.modular if rules.modular else 1
    table = np.zeros((rows, size), dtype=np.uint16)
    along = np.zeros((p, words), dtype=np.uint64)
    across = np.zeros((size, p, words), dtype=np.uint64)
    diagonals = np.zeros((rows + size - 1 if rules.bishop else 0, words), dtype=np.uint64)
    columns = np.zeros((size if rules.modular else 0, classes, words), dtype=np.uint64)
    quadrant = np.zeros((classes, words), dtype=np.uint64)
    kept = rules.bishop >= BAND_KEPT_FROM
    line_band = np.zeros((words if kept else 0), dtype=np.uint64)
    column_band = np.zeros((size if kept else 0, words), dtype=np.uint64)
    w, h = rules.rectangle
    status = _compiled_sweep()(
        table,
        np.array(rules.rook_residues, dtype=np.int64),
        p,
        rules.bishop,
        rules.modular,
        w,
        h,
        along,
        across,
        diagonals,
        columns,
        quadrant,
        line_band,
        column_band,
    )
    if status == TOO_LARGE:
        raise GrundyTooLarge(f"values on the {rows} x {size} board exceed {MAX_VALUE}")
    if status != OK:  # pragma: no cover - the arrays above are shaped for the kernel
        raise RuntimeError(f"the Grundy sweep refused its arrays (status {status})")
    return table


@cache
def _compiled_sweep() -> Callable[..., Any]:
    import numba

    return numba.njit(cache=True, nogil=True)(_sweep)


def _sweep(
    table: np.ndarray,
    residues: np.ndarray,
    p: int,
    bishop: int,
    modular: int,
    w: int,
    h: int,
    along: np.ndarray,
    across: np.ndarray,
    diagonals: np.ndarray,
    columns: np.ndarray,
    quadrant: np.ndarray,
    line_band: np.ndarray,
    column_band: np.ndarray,
) -> int:
    rows, size = table.shape
    words = along.shape[1]
    classes = quadrant.shape[0]
    # every index below stays within these shapes
    if along.shape[0] != p or p < 1:
        return BAD_SHAPE
    if across.shape[0] != size or across.shape[1] != p or across.shape[2] != words:
        return BAD_SHAPE
    if bishop > 0 and (diagonals.shape[0] != rows + size - 1 or diagonals.shape[1] != words):
        return BAD_SHAPE
    if modular > 0 and (
        classes != modular
        or columns.shape[0] != size
        or columns.shape[1] != classes
        or columns.shape[2] != words
    ):
        return BAD_SHAPE
    if quadrant.shape[1] != words or classes < 1:
        return BAD_SHAPE
    kept = column_band.shape[0] > 0  # the m-bishop's band kept as bitsets
    if kept and (
        bishop < 2
        or line_band.shape[0] != words
        or column_band.shape[0] != size
        or column_band.shape[1] != words
    ):
        return BAD_SHAPE
    for r in residues:
        if r < 0 or r >= p:
            return BAD_SHAPE
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    one = np.uint64(1)
    limit = min(words * 64, OFF_BOARD)  # a mex at or past this does not fit
    used = 1  # words that hold any value yet: the largest value // 64 + 1
    upto = np.zeros(classes, dtype=np.int64)  # quadrant[c] gathers columns y' < upto[c]
    # leading full words of each bitset: its values are 0 .. 64 f - 1 and more, so a
    # union of bitsets has no zero bit before the largest f of its members
    along_full = np.zeros(p, dtype=np.int64)
    across_full = np.zeros((size, p), dtype=np.int64)
    diagonal_full = np.zeros(diagonals.shape[0], dtype=np.int64)
    quadrant_full = np.zeros(classes, dtype=np.int64)
    n_rook = residues.shape[0]
    line_class = np.zeros(n_rook, dtype=np.int64)  # the cell's rook sources, by residue
    column_class = np.zeros(n_rook, dtype=np.int64)
    for x in range(rows):
        along[:, :] = 0
        along_full[:] = 0
        quadrant[:, :] = 0
        quadrant_full[:] = 0
        upto[:] = 0
        line_band[:] = 0
        xp = x % p
        for y in range(size):
            if kept:
                # the band's cells (x, y - j) and (x - j, y), 0 < j < m: each gains the
                # cell next to (x, y) and loses the one m away (off-board cells: none)
                if y >= 1 and table[x, y - 1] != OFF_BOARD:
                    v = table[x, y - 1]
                    line_band[v >> 6] |= one << np.uint64(v & 63)
                if y >= bishop and table[x, y - bishop] != OFF_BOARD:
                    v = table[x, y - bishop]
                    line_band[v >> 6] &= ~(one << np.uint64(v & 63))
                if x >= 1 and table[x - 1, y] != OFF_BOARD:
                    v = table[x - 1, y]
                    column_band[y, v >> 6] |= one << np.uint64(v & 63)
                if x >= bishop and table[x - bishop, y] != OFF_BOARD:
                    v = table[x - bishop, y]
                    column_band[y, v >> 6] &= ~(one << np.uint64(v & 63))
            if x < w and y < h:
                table[x, y] = OFF_BOARD
                continue
            dd = x - y + size - 1
            # the m-bishop's options: the band of 2m - 1 diagonals below-left of (x, y)
            # is the band of (x - 1, y - 1) closed with its cell, kept per diagonal,
            # plus the cells (x, y - j) and (x - j, y), 0 < j < m: set them first
            if kept:
                for k in range(used):
                    diagonals[dd, k] |= line_band[k] | column_band[y, k]
            for j in range(1, 0 if kept else bishop):
                if y - j >= 0:
                    v = table[x, y - j]
                    if v != OFF_BOARD:
                        diagonals[dd, v >> 6] |= one << np.uint64(v & 63)
                if x - j >= 0:
                    v = table[x - j, y]
                    if v != OFF_BOARD:
                        diagonals[dd, v >> 6] |= one << np.uint64(v & 63)
            c = 0
            start = 0  # no zero bit of the union before this word
            if modular > 0:
                c = (x - y) % modular
                while upto[c] < y:
                    for k in range(quadrant_full[c], used):
                        quadrant[c, k] |= columns[upto[c], c, k]
                    upto[c] += 1
                f = quadrant_full[c]
                while f < used and quadrant[c, f] == full:
                    f += 1
                quadrant_full[c] = f
                start = f
            for t in range(n_rook):
                line_class[t] = (y - residues[t]) % p
                column_class[t] = (x - residues[t]) % p
                start = max(start, along_full[line_class[t]], across_full[y, column_class[t]])
            if bishop > 0:
                if bishop > 1:
                    f = diagonal_full[dd]
                    while f < words and diagonals[dd, f] == full:
                        f += 1
                    diagonal_full[dd] = f
                start = max(start, diagonal_full[dd])
            g = used * 64
            for k in range(start, used):
                seen = np.uint64(0)
                for t in range(n_rook):
                    seen |= along[line_class[t], k] | across[y, column_class[t], k]
                if bishop > 0:
                    seen |= diagonals[dd, k]
                if modular > 0:
                    seen |= quadrant[c, k]
                if seen != full:
                    bit = 0
                    while (seen >> np.uint64(bit)) & one:
                        bit += 1
                    g = k * 64 + bit
                    break
            if g >= limit:
                return TOO_LARGE
            table[x, y] = g
            word = g >> 6
            mask = one << np.uint64(g & 63)
            yp = y % p
            along[yp, word] |= mask
            f = along_full[yp]
            while f < words and along[yp, f] == full:
                f += 1
            along_full[yp] = f
            across[y, xp, word] |= mask
            f = across_full[y, xp]
            while f < words and across[y, xp, f] == full:
                f += 1
            across_full[y, xp] = f
            if bishop > 0:
                diagonals[dd, word] |= mask
                f = diagonal_full[dd]
                while f < words and diagonals[dd, f] == full:
                    f += 1
                diagonal_full[dd] = f
            if word + 1 > used:
                used = word + 1
        if modular > 0:
            for y in range(size):
                v = table[x, y]
                if v != OFF_BOARD:
                    columns[y, (x - y) % modular, v >> 6] |= one << np.uint64(v & 63)
    return OK


# ----------------------------------------------------------------------------- periods


@dataclass(frozen=True)
class Period:
    """``G(x, y + period) = G(x, y) + increment`` for ``preperiod <= y``, checked for
    every ``y`` with ``y + period < verified_to`` (the table's size)."""

    preperiod: int
    period: int
    increment: int
    verified_to: int

    def extend(self, line: np.ndarray, y: int) -> int:
        """The value at ``y`` (any size) of the line this period was found on."""
        if y < self.preperiod:
            return int(line[y])
        turns, base = divmod(y - self.preperiod, self.period)
        return int(line[self.preperiod + base]) + turns * self.increment


MIN_REPEATS = 4
"""A period is stated only if the table shows the relation over at least this many
whole periods past the preperiod (a short tail may repeat by chance)."""
MIN_SHARE = 4
"""... and over at least this share of the line (a quarter): the last few values of a
line often run up by one (period 1) before the true period shows, and a relation seen
on the end of the table alone is no evidence."""


def line_period(line: np.ndarray, repeats: int = MIN_REPEATS) -> Period | None:
    """The least period of a line of values (a row or column of the table) with its
    least preperiod and increment, or None when no period repeats ``repeats`` times
    within the line.

    >>> line_period(np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
    Period(preperiod=0, period=1, increment=1, verified_to=10)
    >>> line_period(np.array([1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9, 13, 14, 12, 16]))
    Period(preperiod=0, period=3, increment=3, verified_to=16)
    >>> scattered = [(7 * n * n) % 31 for n in range(33)]  # no period, then a run up by one
    >>> line_period(np.array(scattered + list(range(100, 107)))) is None  # 7 of 40: too short
    True
    """
    values = np.ascontiguousarray(line, dtype=np.int64)
    shortest = len(values) // MIN_SHARE
    found = _compiled_period()(values, OFF_BOARD, repeats, shortest)
    if found[0] < 0:
        return None
    return Period(int(found[0]), int(found[1]), int(found[2]), len(values))


@cache
def _compiled_period() -> Callable[..., Any]:
    import numba

    return numba.njit(cache=True, nogil=True)(_period)


def _period(values: np.ndarray, off_board: int, repeats: int, shortest: int) -> np.ndarray:
    n = values.shape[0]
    result = np.full(3, -1, dtype=np.int64)
    for period in range(1, n // (repeats + 1) + 1):
        last = n - 1 - period  # the last y of the relation
        if values[last] == off_board or values[last + period] == off_board:
            continue
        increment = values[last + period] - values[last]
        start = last
        while start > 0:
            a, b = values[start - 1], values[start - 1 + period]
            if a == off_board or b == off_board or b - a != increment:
                break
            start -= 1
        if n - start >= max((repeats + 1) * period, shortest):
            result[0] = start
            result[1] = period
            result[2] = increment
            return result
    return result


def row_periods(table: np.ndarray, rows: int, repeats: int = MIN_REPEATS) -> list[Period | None]:
    """The periods of rows ``0 .. rows - 1`` of a table (None: none within it)."""
    return [line_period(table[x], repeats) for x in range(min(rows, table.shape[0]))]


# ----------------------------------------------------------------------------- one value

TABLE_LIMIT = 8192
"""The largest table a single value is computed on (its cells, 8192 squared, held at once)."""
