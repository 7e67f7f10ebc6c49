"""The tests' own Sprague–Grundy values, by the definition alone (no code of the
package): every option of a cell visited, the least value none of them has."""

from __future__ import annotations

import functools

import numba
import numpy as np


@numba.njit(cache=True)
def plain_mex_strip(rows: int, columns: int, a: int) -> np.ndarray:
    """G(x, y) of Fraenkel's a-Wythoff game (a = 1: Wythoff's) for x < rows, y <
    columns, by the definition: the least value no option has (take k > 0 from one
    pile; or k, l > 0 from both, |k - l| < a).  The options in the row, (x, y - k),
    are the row's earlier cells: their values are kept as the row grows (``in_row``,
    with ``low`` its least missing value) instead of visited again from each cell,
    which made the strip cost columns squared; every other option is visited."""
    table = np.zeros((rows, columns), dtype=np.int64)
    bound = columns + 4 * rows * (a + 1) + 8
    seen = np.zeros(bound, dtype=np.int64)  # stamp of the cell whose options hold a value
    in_row = np.zeros(bound, dtype=np.bool_)
    stamp = 0
    for x in range(rows):
        in_row[:] = False
        low = 0
        for y in range(columns):
            stamp += 1
            for k in range(1, x + 1):
                seen[table[x - k, y]] = stamp
                for l in range(max(1, k - a + 1), min(y, k + a - 1) + 1):  # noqa: E741
                    seen[table[x - k, y - l]] = stamp
            g = low
            while in_row[g] or seen[g] == stamp:
                g += 1
            table[x, y] = g
            in_row[g] = True
            while in_row[low]:
                low += 1
    return table


def least_period(line: np.ndarray) -> tuple[int, int]:
    """``(preperiod, period)`` of a row by its values alone: the least ``p`` with
    ``G(y + p) = G(y) + p`` over the line's second half, then the least ``s`` from
    which it holds to the line's end (exact when the line runs several periods past
    the preperiod)."""
    half = len(line) // 2
    period = next(p for p in range(1, half) if (line[half + p :] - line[half:-p] == p).all())
    holds = line[period:] - line[:-period] == period
    start = len(holds)
    while start > 0 and holds[start - 1]:
        start -= 1
    return start, period


@functools.cache
def row_periods(a: int, rows: int, columns: int) -> tuple[tuple[int, int], ...]:
    """``(preperiod, period)`` of the rows ``0 .. rows - 1`` of Fraenkel's a-Wythoff
    game (a = 1: Wythoff's), found on a strip of ``columns`` columns."""
    table = plain_mex_strip(rows, columns, a)
    return tuple(least_period(table[x]) for x in range(rows))
