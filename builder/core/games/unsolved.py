"""Games without a formula: their P-positions as sequences, and Larsson's conjecture.

For ``mWN^(l,p)`` outside the cases of Theorem 2.1, Larsson lists the
P-positions as pairs ``{c_n, d_n}`` (``c_n <= d_n``, sorted) and conjectures that
``c`` and ``(d_n)_{n>=1}`` are p-complementary: every value occurs exactly ``p``
times.  Occurrences of a value ``v`` are the P-positions in line ``v`` (the
positions ``(v, y)``, any ``y``).  Rook moves by multiples of ``p`` are always
allowed, so no line holds more than ``p`` P-positions (one per residue of ``y``
modulo ``p``); a line that holds ``p`` P-positions on the board is therefore
complete.  This gives two rigorous statements from a finite board:

* the pairs with ``c`` below the first incomplete line are exactly the first
  terms of ``c`` and ``d``;
* ``c`` and ``d`` are p-complementary on every value below that line.

>>> from builder.core.games.rules import Rules
>>> two_wn2 = Rules(rook_modulus=2, bishop=2)          # 2WN^(2), Larsson's Table 3
>>> pairs(two_wn2, modulus=2, size=60)[:8]
[(0, 0), (0, 3), (1, 6), (1, 9), (2, 12), (2, 15), (3, 19), (4, 22)]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from builder.core.games.rules import Rules
from builder.core.games.solver import solve


@dataclass(frozen=True)
class ConjectureTest:
    """Outcome of testing p-complementarity of ``c`` and ``d`` on a finite board."""

    modulus: int
    board: int
    complete_below: int  # every line v < this holds exactly `modulus` P-positions
    largest_line: int  # most P-positions found in one line (never above modulus)

    @property
    def holds(self) -> bool:
        """True when no line exceeds ``p`` (a line below ``p`` is the board's edge
        or a counterexample; ``complete_below`` says how far the test reaches)."""
        return self.largest_line <= self.modulus

    def summary(self) -> str:
        return (
            f"c and d are {self.modulus}-complementary on every value below "
            f"{self.complete_below} (board {self.board} x {self.board})"
        )


def line_counts(board: np.ndarray) -> np.ndarray:
    """Number of P-positions in each line ``x = v`` of a solved board."""
    return (board == 1).sum(axis=1)


def complete_below(board: np.ndarray, modulus: int) -> int:
    """The first line holding fewer than ``modulus`` P-positions on the board."""
    short = np.nonzero(line_counts(board) < modulus)[0]
    return int(short[0]) if len(short) else board.shape[0]


def pairs_from_board(board: np.ndarray, modulus: int) -> list[tuple[int, int]]:
    """The pairs ``(c, d)``, ``c <= d``, sorted, with ``c`` below the first
    incomplete line: a certain prefix of the sequences ``c`` and ``d``."""
    limit = complete_below(board, modulus)
    xs, ys = np.nonzero(board[:limit] == 1)
    return sorted((int(x), int(y)) for x, y in zip(xs, ys, strict=True) if x <= y)


def pairs(rules: Rules, modulus: int, size: int) -> list[tuple[int, int]]:
    """Solve a ``size x size`` board and list its certain pairs."""
    return pairs_from_board(solve(rules, size), modulus)


def pairs_at_least(
    rules: Rules, modulus: int, count: int, start: int = 64
) -> list[tuple[int, int]]:
    """At least ``count`` certain pairs, doubling the board until there are enough."""
    size = start
    while True:
        found = pairs(rules, modulus, size)
        if len(found) >= count:
            return found
        size *= 2


def conjecture_test(board: np.ndarray, modulus: int) -> ConjectureTest:
    """Test Larsson's conjecture on a solved board of ``mWN^(l, modulus)``."""
    counts = line_counts(board)
    return ConjectureTest(
        modulus=modulus,
        board=board.shape[0],
        complete_below=complete_below(board, modulus),
        largest_line=int(counts.max()) if len(counts) else 0,
    )
