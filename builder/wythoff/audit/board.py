"""A game's P-positions on a square board, by the definition of a P-position.

A position is N when the mover has a move to a P-position that the previous player
cannot forbid, or more P-options that he can than he may forbid (``blocking - 1``);
else P, except that in misère play a position without any move is N.  The cells are
visited row by row; each P-position found is remembered on its row, its column, its
diagonal and its class of ``x - y`` modulo the modular move, so that a cell asks
each kind of move once whether a P-position lies behind it.
"""

from __future__ import annotations

import numba
import numpy as np

from wythoff.audit.moves import Moves

OFF, N, P = -1, 0, 1


def p_board(moves: Moves, side: int) -> np.ndarray:
    """``board[x, y]``: 1 at a P-position, 0 at an N-position, -1 off the board, for
    ``x, y < side``; with a choice of rectangle, P where some choice makes it P."""
    boards = [_one(variant, side) for variant in moves.variants()]
    board: np.ndarray = np.maximum.reduce(boards)
    return board


def _one(moves: Moves, side: int) -> np.ndarray:
    modular = min(moves.modular, 2 * side + 1)  # classes of x - y, |x - y| < side
    return _solve(
        side,
        moves.one_pile(side),
        moves.bishop,
        modular,
        moves.blocking,
        moves.reach,
        moves.rectangle[0],
        moves.rectangle[1],
        moves.misere,
    )


@numba.njit(cache=True)
def _solve(
    side: int,
    allowed: np.ndarray,
    bishop: int,
    modular: int,
    blocking: int,
    reach: int,
    w: int,
    h: int,
    misere: bool,
) -> np.ndarray:
    board = np.zeros((side, side), dtype=np.int8)
    in_row = np.zeros((side, side), dtype=np.int32)  # the P-positions' y on each row x
    row_count = np.zeros(side, dtype=np.int32)
    in_column = np.zeros((side, side), dtype=np.int32)
    column_count = np.zeros(side, dtype=np.int32)
    first_on_diagonal = np.full(2 * side + 1, side, dtype=np.int64)  # x - y + side -> least x
    classes = max(modular, 1)
    behind = np.zeros((classes, side + 1), dtype=np.int32)  # P with x' < x, y' < y by class
    for x in range(side):
        for y in range(side):
            if x < w and y < h:
                board[x, y] = OFF
                continue
            free, forbiddable = 0, 0
            for i in range(row_count[x]):
                length = y - in_row[x, i]
                rook, short = allowed[length], length < bishop
                if rook and blocking > 1 and length >= reach:
                    forbiddable += 1
                elif rook or short:
                    free += 1
            for i in range(column_count[y]):
                length = x - in_column[y, i]
                rook, short = allowed[length], length < bishop
                if rook and blocking > 1 and length >= reach:
                    forbiddable += 1
                elif rook or short:
                    free += 1
            if free == 0:
                for d in range(1 - bishop, bishop):  # d = k - l, k and l both > 0
                    diagonal = x - y - d + side
                    if 0 <= diagonal <= 2 * side and first_on_diagonal[diagonal] <= x - max(
                        1, d + 1
                    ):
                        free += 1
                        break
            if free == 0 and modular > 0 and behind[(x - y) % modular, y] > 0:
                free += 1
            is_p = free == 0 and forbiddable < blocking
            if is_p and misere and not _can_move(x, y, allowed, bishop, modular, w, h):
                is_p = False
            if is_p:
                board[x, y] = P
                in_row[x, row_count[x]] = y
                row_count[x] += 1
                in_column[y, column_count[y]] = x
                column_count[y] += 1
                if first_on_diagonal[x - y + side] == side:
                    first_on_diagonal[x - y + side] = x
            else:
                board[x, y] = N
        if modular > 0:
            for i in range(row_count[x]):
                y0 = in_row[x, i]
                behind[(x - y0) % modular, y0 + 1 :] += 1
    return board


@numba.njit(cache=True)
def _can_move(
    x: int, y: int, allowed: np.ndarray, bishop: int, modular: int, w: int, h: int
) -> bool:
    """Whether ``(x, y)`` has any move to a position on the board."""
    for length in range(1, y + 1):
        if (allowed[length] or length < bishop) and not (x < w and y - length < h):
            return True
    for length in range(1, x + 1):
        if (allowed[length] or length < bishop) and not (x - length < w and y < h):
            return True
    for k in range(1, x + 1):
        for l in range(max(1, k - bishop + 1), min(y, k + bishop - 1) + 1):  # noqa: E741
            if not (x - k < w and y - l < h):
                return True
        if modular > 0:
            for l in range(1, y + 1):  # noqa: E741
                if (k - l) % modular == 0 and not (x - k < w and y - l < h):
                    return True
    return False
