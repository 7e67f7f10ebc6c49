"""A game's Sprague–Grundy values on a strip of rows, by the definition: ``G(x, y)``
is the least value that no move from ``(x, y)`` reaches.

The moves into lower rows (down a column, along the m-bishop's diagonals) are each
visited; the moves along the row and the modular moves are asked of what the row
and the lower rows hold: the first column at which each value appeared in the row
(by the column's class modulo the one-pile moves' modulus: a class holds every value
below its least untaken one, where the search for the least value starts), and the first column at
which each value appeared among the lower rows in each class of ``x - y`` modulo
the modular move.
"""

from __future__ import annotations

import numba
import numpy as np

from wythoff.audit.moves import Moves

NONE = np.iinfo(np.int64).max


def values(moves: Moves, rows: int, columns: int) -> np.ndarray:
    """``G(x, y)`` for ``x < rows``, ``y < columns`` (-1 off the board), in 32 bits:
    a value is at most its options' count, far below 2^31 on any strip held in memory,
    and the widest strips (the rows' proofs) take half the memory of 64 bits."""
    side = max(rows, columns)
    modulus = moves.rook_modulus
    residues = [r for r in moves.rook_residues if r < side]
    if modulus > side:  # lengths below side are their own residues
        modulus, residues = side, [r for r in residues if r > 0]
    limit = 2 * columns + rows * (2 * moves.bishop + 2) + 64
    while True:
        table = _strip(
            rows,
            columns,
            moves.one_pile(side),
            modulus,
            np.array(residues, dtype=np.int64),
            moves.bishop,
            min(moves.modular, 2 * side + 1),
            moves.rectangle[0],
            moves.rectangle[1],
            limit,
        )
        if table[0, 0] != -2:
            return table
        limit *= 4


@numba.njit(cache=True)
def _strip(
    rows: int,
    columns: int,
    allowed: np.ndarray,
    modulus: int,
    residues: np.ndarray,
    bishop: int,
    modular: int,
    w: int,
    h: int,
    limit: int,
) -> np.ndarray:
    table = np.full((rows, columns), -1, dtype=np.int32)
    classes = max(modular, 1)
    lower_first = np.full((classes, limit), NONE, dtype=np.int64)  # by class of x - y
    reached = np.zeros(limit, dtype=np.int64)  # the stamp of the cell whose option it is
    stamp = 0
    for x in range(rows):
        row_first = np.full((modulus, limit), NONE, dtype=np.int64)
        untaken = np.zeros(modulus, dtype=np.int64)  # every value below it is in the class
        for y in range(columns):
            if x < w and y < h:
                continue
            stamp += 1
            for k in range(1, x + 1):  # down the column
                if allowed[k] or k < bishop:
                    g = table[x - k, y]
                    if g >= 0:
                        reached[g] = stamp
                for l in range(max(1, k - bishop + 1), min(y, k + bishop - 1) + 1):  # noqa: E741
                    g = table[x - k, y - l]
                    if g >= 0:
                        reached[g] = stamp
            for length in range(1, min(y, bishop - 1) + 1):  # the bishop's one-pile moves
                g = table[x, y - length]
                if g >= 0:
                    reached[g] = stamp
            value = 0  # each value below a class's untaken one is an option along the row
            for r in residues:
                value = max(value, untaken[(y - r) % modulus])
            while True:
                if value >= limit - 1:
                    table[0, 0] = -2
                    return table
                taken = reached[value] == stamp
                if not taken:
                    for r in residues:
                        shortest = r if r > 0 else modulus
                        if row_first[(y - r) % modulus, value] <= y - shortest:
                            taken = True
                            break
                if not taken and modular > 0 and lower_first[(x - y) % modular, value] < y:
                    taken = True
                if not taken:
                    break
                value += 1
            table[x, y] = value
            cell_class = y % modulus
            if row_first[cell_class, value] == NONE:
                row_first[cell_class, value] = y
                while row_first[cell_class, untaken[cell_class]] != NONE:
                    untaken[cell_class] += 1
        if modular > 0:
            for y in range(columns):
                g = table[x, y]
                if g >= 0 and y < lower_first[(x - y) % modular, g]:
                    lower_first[(x - y) % modular, g] = y
    return table
