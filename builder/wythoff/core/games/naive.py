"""The straightforward solver: enumerate every option of every position.

Slow (``O(N^3)`` and more), independent of the counting tricks of
:mod:`wythoff.core.games.solver`, and written directly from the definitions:
a position is N when it has a P-option the previous player cannot forbid, or at
least ``blocking`` P-options that he can (he may forbid only ``blocking - 1``);
a position without moves is P in normal play and N in misère play.  Tests and
benchmarks hold the fast solver against it.

>>> from wythoff.core.games.rules import Rules
>>> from wythoff.core.games.solver import p_positions
>>> p_positions(solve_naive(Rules(bishop=1, misere=True), 8), symmetric=True)
[(0, 1), (2, 2), (3, 5), (4, 7)]
"""

from __future__ import annotations

import numpy as np

from wythoff.core.games.rules import Rules


def solve_naive(rules: Rules, size: int) -> np.ndarray:
    """Same output as :func:`wythoff.core.games.solver.solve`, by enumeration (a
    choice of rectangle: P where some choice makes the position P)."""
    if rules.rectangle_choices:
        union: np.ndarray = np.maximum.reduce([solve_naive(v, size) for v in rules.variants()])
        return union
    board = np.zeros((size, size), dtype=np.int8)
    for x in range(size):
        for y in range(size):
            board[x, y] = _status(rules, board, x, y)
    return board


def _status(rules: Rules, board: np.ndarray, x: int, y: int) -> int:
    if not rules.on_board(x, y):
        return -1
    options = list(rules.moves(x, y))
    if not options:
        return 0 if rules.misere else 1
    xs, ys = zip(*options, strict=True)
    p_options = [options[i] for i in np.flatnonzero(board[xs, ys] == 1)]
    blockable = sum(1 for t in p_options if rules.is_blockable((x, y), t))
    unblockable = len(p_options) - blockable
    is_p = unblockable == 0 and blockable < rules.blocking
    return 1 if is_p else 0
