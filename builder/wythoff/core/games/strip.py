"""The rows ``0 .. X`` of a Sprague–Grundy table as far along ``y`` as wanted, in memory
bounded by the rows, not the columns: the sweep for games whose moves along a row are every rook
move and whose moves into lower rows reach a bounded window (the games of
:mod:`.certificate`: Wythoff's, Fraenkel's, any m-bishop with every rook move).

In such a game ``|G(x, y) - y|`` stays below a bound ``B`` of the row (each value is
taken in the row within a few ``x`` columns of itself), so every set the mex reads
(the row's values not yet passed by its least missing value, the column's values
below the cell, the values on the cell's diagonal band) lies in a window of
``W > X + m + 2B`` values around ``y``.  Each is a ring of ``W`` bits indexed by the
value modulo ``W``; the sweep goes column by column and keeps one ring a row, one for
the column, one a diagonal that crosses the column.  A cell costs a few words, and the
sweep stores each value as ``G(x, y) - y`` in 16 bits.  When a value leaves the window
the kernel says so and the strip is swept again with a wider one.

A :class:`Sweep` goes a stretch of columns at a time and keeps only its rings between
stretches; a row proven additively periodic is then taken from its period
(:meth:`Sweep.repeat`) instead of being sought by mex.  A strip of many rows is swept on
two cores: the lower half of its rows a block of columns ahead of the upper half, which
reads their values once they are there.

Examples
--------
>>> from wythoff.core.games.rules import Rules
>>> strip_values(Rules(bishop=1), rows=4, columns=6).tolist()
[[0, 1, 2, 3, 4, 5], [1, 2, 0, 4, 5, 3], [2, 0, 1, 5, 3, 4], [3, 4, 5, 6, 2, 0]]
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.core.games.rules import Rules

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
else:
    np = lazy.module("numpy", globals())

OK = 0
TOO_WIDE = 1
"""Kernel status: a value lies ``B`` or more from its column (sweep again, wider)."""

LARGEST_BOUND = 1 << 14
"""The widest ``B`` tried: offsets ``G - y`` are stored in 16 bits."""

SPLIT_ROWS = 64
"""A strip of this many rows or more is swept on two cores, half its rows each
(:meth:`Sweep.advance`), where the machine has two."""

BLOCK = 1 << 10
"""Columns the lower half of the rows sweeps at a time when a strip is swept on two
cores, the upper half following it block by block."""

LEAD = 4
"""The most blocks the lower half of the rows sweeps ahead of the upper half."""

PAD = 32
"""Columns left unused past the end of each row of a stretch (one cache line): the sweep
reads a column across its rows, and rows of a power-of-two stretch exactly 64 KiB apart
all fall in the same few sets of the processor's caches, which then hold only a few of
them; the padding spreads the rows over every set."""


def first_bound(rules: Rules, rows: int) -> int:
    """A bound ``B`` of ``|G(x, y) - y|`` to try first: each lower row holds a value at
    most ``2m + 1`` times among a cell's options, so a row takes each value within about
    that many cells a lower row of it."""
    return 64 + 2 * (2 * max(rules.bishop, 1) + 1) * rows


def strip_offsets(rules: Rules, rows: int, columns: int) -> np.ndarray:
    """``G(x, y) - y`` for ``0 <= x < rows``, ``0 <= y < columns``: an ``int16`` array
    indexed ``[x, y]``.  The rules must be those of :func:`.certificate.applies`."""
    bound = first_bound(rules, rows)
    while True:
        try:
            return Sweep(rules, rows, bound).advance(columns)
        except TooWide:
            bound = wider(bound)


def strip_values(rules: Rules, rows: int, columns: int) -> np.ndarray:
    """``G(x, y)`` as ``int64``, indexed ``[x, y]`` (see :func:`strip_offsets`)."""
    return strip_offsets(rules, rows, columns).astype(np.int64) + np.arange(columns)


class TooWide(ValueError):
    """A value lies ``B`` or more from its column: the strip must be swept again with a
    wider bound (:func:`wider`)."""


def wider(bound: int) -> int:
    """The next bound to try after ``bound`` proved too narrow."""
    if bound >= LARGEST_BOUND:  # pragma: no cover - far past any row here
        raise ValueError(f"values lie {LARGEST_BOUND} or more from their column")
    return min(2 * bound, LARGEST_BOUND)


class Sweep:
    """The strip of rows ``0 .. rows - 1`` swept a stretch of columns at a time.

    It keeps only its rings (a row's values not yet passed, a column's, the diagonals
    crossing the column) and the last few columns the m-bishop's band reads, so its
    memory does not grow with the columns swept.  :meth:`advance` raises
    :class:`TooWide` when a value leaves the window of ``bound``."""

    def __init__(self, rules: Rules, rows: int, bound: int) -> None:
        words, ring = _rings(rules, rows, bound)
        self.rules, self.rows, self.bound = rules, rows, bound
        self.swept = 0
        self.margin = max(rules.bishop - 1, 0)
        self._last = np.zeros((rows, self.margin), dtype=np.int16)
        self._least = np.zeros(rows, dtype=np.int64)
        self._row_bits = np.zeros((rows, words), dtype=np.uint64)
        self._diagonals = np.zeros((ring, words), dtype=np.uint64)
        self._column = np.zeros(words, dtype=np.uint64)
        self._upper_column = np.zeros(words, dtype=np.uint64)
        self._cycles = np.zeros(0, dtype=np.int16)
        self._cycle_start = np.zeros(rows, dtype=np.int64)
        self._cycle_length = np.zeros(rows, dtype=np.int64)
        self._phase = np.zeros(rows, dtype=np.int64)

    def repeat(self, x: int, start: int, cycle: np.ndarray) -> None:
        """From now on, take row ``x``'s offsets ``G(x, y) - y`` from ``cycle``, those of
        ``y = start, start + 1, ...``, round and round (the row is proven additively
        periodic from ``start`` with period ``len(cycle)``, and ``start`` lies at or
        before the next column): no mex is sought in it any more."""
        if start > self.swept or len(cycle) == 0:
            raise ValueError("a row repeats from a column already swept, with a period")
        self._cycle_start[x] = len(self._cycles)
        self._cycle_length[x] = len(cycle)
        self._phase[x] = (self.swept - start) % len(cycle)
        self._cycles = np.concatenate([self._cycles, np.asarray(cycle, dtype=np.int16)])

    def keep(self, rows: int) -> None:
        """Sweep only rows ``0 .. rows - 1`` from now on.  Those rows' strip is whole
        without the rows above: a cell's options lie in its row, in lower rows and on
        its diagonals through lower rows, so nothing a row above wrote is read by them
        (its marks on a diagonal are read only higher up that diagonal, and a ring's
        slot is cleared when its next diagonal starts)."""
        if not 0 < rows <= self.rows:
            raise ValueError(f"a sweep of {self.rows} rows cannot keep {rows}")
        self.rows = rows
        for name in ("_last", "_least", "_row_bits", "_cycle_start", "_cycle_length", "_phase"):
            setattr(self, name, getattr(self, name)[:rows].copy())

    def advance(self, columns: int) -> np.ndarray:
        """``G(x, y) - y`` for the next ``columns`` columns, as ``int16`` ``[x, y]`` (each
        row contiguous; the rows :data:`PAD` columns apart beyond their end)."""
        width = self.margin + columns
        out = np.zeros((self.rows, width + PAD), dtype=np.int16)[:, :width]
        out[:, : self.margin] = self._last
        if self.rows >= SPLIT_ROWS and _cores() > 1:
            self._in_halves(out)
        else:
            self._run(out, self.margin, width, 0, self.rows, self._column)
        self.swept += columns
        self._last = out[:, columns:].copy()
        return out[:, self.margin :]

    def _in_halves(self, out: np.ndarray) -> None:
        """Sweep ``out``'s columns with the lower half of the rows on another core, up to
        :data:`LEAD` blocks of :data:`BLOCK` columns ahead of the upper half: the upper
        rows read the lower ones' values in their columns and on their diagonals once
        these are swept, and the two halves write the rings of diagonals a ring of
        :func:`_rings` apart (neither waits on the other while the proof's own work
        takes a core for a while)."""
        half, width = self.rows // 2, out.shape[1]
        begins = range(self.margin, width, BLOCK)
        swept = threading.Semaphore(0)  # blocks of the lower half not yet read
        room = threading.Semaphore(LEAD)  # blocks the lower half may sweep ahead
        stop = threading.Event()

        def lower() -> None:
            for begin in begins:
                room.acquire()
                if stop.is_set():
                    return
                self._run(out, begin, min(begin + BLOCK, width), 0, half, self._column)
                swept.release()

        with ThreadPoolExecutor(1, thread_name_prefix="lower rows") as pool:
            below = pool.submit(lower)
            try:
                for begin in begins:
                    while not swept.acquire(timeout=0.05):
                        if below.done():
                            below.result()  # the lower half's TooWide, raised here
                    end = min(begin + BLOCK, width)
                    self._run(out, begin, end, half, self.rows, self._upper_column)
                    room.release()
            finally:
                stop.set()
                for _ in begins:  # the lower half ends, wherever it waits
                    room.release()

    def _run(
        self, out: np.ndarray, begin: int, end: int, low: int, high: int, column: np.ndarray
    ) -> None:
        """Rows ``low .. high - 1`` of ``out``'s columns ``begin .. end - 1`` (the rows
        below swept there already), with ``column`` as the column's ring."""
        status = _compiled()(
            out,
            begin,
            end,
            low,
            high,
            self.margin,
            self.swept,
            self.rules.bishop,
            self.bound,
            self._least,
            self._row_bits,
            self._diagonals,
            column,
            self._cycles,
            self._cycle_start,
            self._cycle_length,
            self._phase,
            _DE_BRUIJN_TABLE(),
        )
        if status != OK:
            raise TooWide(f"a value lies {self.bound} or more from its column")


def _cores() -> int:
    """The machine's processor cores."""
    return os.cpu_count() or 1


def _rings(rules: Rules, rows: int, bound: int) -> tuple[int, int]:
    """The words of each ring of values a sweep of ``rows`` rows within ``bound`` keeps
    (a power of two past the window its sets span), and how many diagonals it keeps
    (those crossing a column, and :data:`LEAD` blocks more when its halves are swept
    apart)."""
    window = 64
    while window <= rows + rules.bishop + 2 * bound + 64:
        window *= 2
    ring = 1
    while ring < rows + 1 + ((LEAD + 1) * BLOCK if rows >= SPLIT_ROWS else 0):
        ring *= 2
    return window // 64, ring


def sweep_bytes(rules: Rules, rows: int, bound: int) -> int:
    """The bytes of the rings a :class:`Sweep` of ``rows`` rows within ``bound`` keeps
    (a row's, the diagonals', a column's for each half), before any column is swept."""
    words, ring = _rings(rules, rows, bound)
    return 8 * words * (rows + ring + 2)


@cache
def _DE_BRUIJN_TABLE() -> np.ndarray:  # noqa: N802 - a constant, built once
    table = np.zeros(64, dtype=np.int64)
    for i in range(64):
        table[((_DE_BRUIJN << i) & 0xFFFFFFFFFFFFFFFF) >> 58] = i
    return table


_DE_BRUIJN = 0x03F79D71B4CB0A89
"""A de Bruijn sequence: ``(b * _DE_BRUIJN) >> 58`` differs for each single bit ``b``."""


@cache
def compiled(kernel: Callable[..., Any]) -> Callable[..., Any]:
    """``kernel`` compiled by numba on first use (and kept on disk by numba's cache)."""
    from numba import njit

    fast: Callable[..., Any] = njit(kernel, cache=True, nogil=True)
    return fast


def _compiled() -> Callable[..., Any]:
    return compiled(_sweep)


def _sweep(
    out: np.ndarray,
    begin: int,
    end: int,
    low: int,
    high: int,
    margin: int,
    swept: int,
    bishop: int,
    bound: int,
    least: np.ndarray,
    row_bits: np.ndarray,
    diagonals: np.ndarray,
    column: np.ndarray,
    cycles: np.ndarray,
    cycle_start: np.ndarray,
    cycle_length: np.ndarray,
    phase: np.ndarray,
    de_bruijn: np.ndarray,
) -> int:
    """Rows ``low .. high - 1`` of columns ``begin .. end - 1`` of ``out`` (column
    ``margin`` of ``out`` is column ``swept`` of the strip; ``out[:, :margin]`` holds
    the columns just before), the rings and each row's least missing value carried
    over; rows below ``low`` must be swept in those columns already (their values
    enter this call's own ``column`` ring).  A row with a cycle (``cycle_length``
    above 0) takes its offsets from ``cycles`` at ``cycle_start + phase``."""
    ring, words = diagonals.shape
    rows, width = out.shape
    window, wmask = words * 64, words * 64 - 1
    if (
        row_bits.shape[0] != rows
        or row_bits.shape[1] != words
        or least.shape[0] != rows
        or margin < bishop - 1
        or not margin <= begin <= end <= width
        or not 0 <= low <= high <= rows
        or column.shape[0] != words
        or ring < rows + 1
        or window <= rows + bishop + 2 * bound
        or words & (words - 1) != 0
        or de_bruijn.shape[0] != 64
    ):
        return -1
    one = np.uint64(1)
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    magic = np.uint64(_DE_BRUIJN)
    for c in range(begin, end):
        y = swept + c - margin
        for x in range(low):  # the rows below, swept in this column already
            v = out[x, c] + y
            column[(v & wmask) >> 6] |= one << np.uint64(v & 63)
        for x in range(low, high):
            dslot = (y - x) & (ring - 1)
            if x == 0 or y == 0:  # the diagonal starts here
                for k in range(words):
                    diagonals[dslot, k] = np.uint64(0)
            # the m-bishop's band: (x, y - j) and (x - j, y), 0 < j < m
            for j in range(1, bishop):
                if y - j >= 0:
                    v = out[x, c - j] + y - j
                    diagonals[dslot, (v & wmask) >> 6] |= one << np.uint64(v & 63)
                if x - j >= 0:
                    v = out[x - j, c] + y
                    diagonals[dslot, (v & wmask) >> 6] |= one << np.uint64(v & 63)
            if cycle_length[x] > 0:  # the row repeats: its value is known
                at = phase[x]
                offset = cycles[cycle_start[x] + at]
                phase[x] = 0 if at + 1 == cycle_length[x] else at + 1
                out[x, c] = offset
                g = y + offset
                word = (g & wmask) >> 6
                mask = one << np.uint64(g & 63)
                column[word] |= mask
                if bishop > 0:
                    diagonals[dslot, word] |= mask
                continue
            m = least[x]
            if y - m >= bound:
                return TOO_WIDE
            first = (m & wmask) >> 6
            shift = np.uint64(m & 63)
            g = -1
            for step in range(words):
                k = (first + step) & (words - 1)
                seen = row_bits[x, k]
                if bishop > 0:
                    seen |= diagonals[dslot, k]
                seen |= column[k]
                if step == 0:
                    seen |= (one << shift) - one
                if seen != full:
                    free = ~seen & (seen + one)  # the lowest zero bit alone
                    bit = de_bruijn[(free * magic) >> np.uint64(58)]
                    g = m - (m & 63) + step * 64 + bit
                    break
            if g < 0 or g - y >= bound or y - g >= bound:
                return TOO_WIDE
            out[x, c] = g - y
            word = (g & wmask) >> 6
            mask = one << np.uint64(g & 63)
            column[word] |= mask
            if bishop > 0:
                diagonals[dslot, word] |= mask
            if g == m:  # pass the values the row took above it
                m += 1
                while row_bits[x, (m & wmask) >> 6] & (one << np.uint64(m & 63)):
                    row_bits[x, (m & wmask) >> 6] &= ~(one << np.uint64(m & 63))
                    m += 1
                least[x] = m
            else:
                row_bits[x, word] |= mask
        for x in range(high):  # the next column starts empty
            v = out[x, c] + y
            column[(v & wmask) >> 6] = np.uint64(0)
    return OK


def square_table(rules: Rules, rows: int, size: int, words: int) -> np.ndarray | None:
    """``G(x, y)`` for ``x < rows``, ``y < size`` as ``uint16`` (the table of
    :func:`.grundy.grundy_table`) for the rules of :func:`.certificate.applies`: the
    plain bitset sweep (one bitset along the row, one a column, one a diagonal band,
    each with its count of leading full words), or None when a value needs more than
    ``words`` words or 16 bits.  The kernel indexes flat arrays with unsigned integers
    (numba checks the sign of every signed index)."""
    table = np.zeros((rows, size), dtype=np.uint16)
    status = compiled(_square)(
        table,
        rules.bishop,
        np.zeros(words, dtype=np.uint64),
        np.zeros(size * words, dtype=np.uint64),
        np.zeros((rows + size) * words, dtype=np.uint64),
        _DE_BRUIJN_TABLE(),
    )
    return table if status == OK else None


def _square(table, bishop, row, columns, diagonals, de_bruijn):  # type: ignore[no-untyped-def]
    """The kernel of :func:`square_table` (arrays as it makes them)."""
    rows, size = table.shape
    words = row.shape[0]
    if columns.shape[0] != size * words or diagonals.shape[0] != (rows + size) * words:
        return -1
    if de_bruijn.shape[0] != 64:
        return -1
    magic = np.uint64(_DE_BRUIJN)
    limit = np.uint64(min(words * 64, 0xFFFF))
    one = np.uint64(1)
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    last = np.uint64(words - 1)
    bits = np.uint64(63)
    column_full = np.zeros(size, dtype=np.uint64)
    diagonal_full = np.zeros(rows + size, dtype=np.uint64)
    for x in range(rows):
        row[:] = 0
        row_full = np.uint64(0)
        for y in range(size):
            c = np.uint64(y) * np.uint64(words)
            d = np.uint64(x + size - y)
            b = d * np.uint64(words)
            for j in range(1, bishop):  # the m-bishop's band: (x, y - j), (x - j, y)
                if y - j >= 0:
                    v = np.uint64(table[x, y - j])
                    diagonals[b + (v >> np.uint64(6))] |= one << (v & bits)
                if x - j >= 0:
                    v = np.uint64(table[x - j, y])
                    diagonals[b + (v >> np.uint64(6))] |= one << (v & bits)
            k = max(row_full, column_full[np.uint64(y)])
            if bishop > 0:
                k = max(k, diagonal_full[d])
            seen = full
            while k <= last:
                seen = row[k] | columns[c + k]
                if bishop > 0:
                    seen |= diagonals[b + k]
                if seen != full:
                    break
                k += one
            if seen == full:
                return TOO_WIDE
            free = ~seen & (seen + one)
            g = k * np.uint64(64) + np.uint64(de_bruijn[(free * magic) >> np.uint64(58)])
            if g >= limit:
                return TOO_WIDE
            table[x, y] = g
            w = g >> np.uint64(6)
            mask = one << (g & bits)
            row[w] |= mask
            columns[c + w] |= mask
            while row_full < last and row[row_full] == full:
                row_full += one
            f = column_full[np.uint64(y)]
            while f < last and columns[c + f] == full:
                f += one
            column_full[np.uint64(y)] = f
            if bishop > 0:
                diagonals[b + w] |= mask
                f = diagonal_full[d]
                while f < last and diagonals[b + f] == full:
                    f += one
                diagonal_full[d] = f
    return OK
