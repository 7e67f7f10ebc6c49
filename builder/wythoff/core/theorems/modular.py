"""Khovanova and Niu's m-Modular Wythoff game.

Moves: any number from one pile, or ``k > 0`` and ``l > 0`` from both piles with
``k = l (mod m)``.  With ``a_m = floor(m / phi)`` (OEIS A005206, shifted), the
P-positions are the first ``a_m + 1`` P-positions of Wythoff's game and their
mirror images: ``2 a_m + 1`` positions, a finite set (Theorem 4).

>>> [a(m) for m in range(1, 12)]
[0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6]
>>> sorted(p_set(5))
[(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]

References
----------
T. Khovanova and S. Niu, *m-Modular Wythoff*, preprint (2016).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wythoff.core.games import strategy as base
from wythoff.core.games.rules import Position, Rules
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.core.theorems import wythoff
from wythoff.core.validation import positive_integer

INVERSE_PHI = QuadraticIrrational(-1, 5, 2)  # 1/phi = phi - 1


def check(m: int) -> None:
    positive_integer("m", m)


def a(m: int) -> int:
    """``a_m = floor(m / phi)``: the number of positive lower Wythoff numbers below ``m``."""
    check(m)
    return INVERSE_PHI.floor_times(m)


def p_set(m: int) -> set[Position]:
    """The ``2 a_m + 1`` P-positions of the m-Modular Wythoff game."""
    positions: set[Position] = set()
    for n in range(a(m) + 1):
        lo, hi = wythoff.lower(n), wythoff.upper(n)
        positions.update({(lo, hi), (hi, lo)})
    return positions


def rules(m: int) -> Rules:
    check(m)
    return Rules(modular=m)


class Strategy(base.Strategy):
    """Play through the finite set: a position is P iff it is in the set, and a
    winning move is a legal move to one of its ``2 a_m + 1`` members."""

    def __init__(self, m: int) -> None:
        check(m)
        self.m = m
        self.rules = rules(m)
        self.members = sorted(p_set(m))
        self._member_set = set(self.members)

    def is_p(self, x: int, y: int) -> bool:
        self.check_position(x, y)
        return (x, y) in self._member_set

    def winning_move(self, x: int, y: int) -> Position | None:
        if self.is_p(x, y):
            return None
        for target in self.members:
            if self.rules.is_legal((x, y), target):
                return target
        raise base.NoWinningMove(f"({x}, {y}) is not a P-position but has no winning move")

    def p_options(self, x: int, y: int) -> list[Position]:
        self.check_position(x, y)
        return [t for t in self.members if self.rules.is_legal((x, y), t)]

    def describe(self) -> dict[str, Any]:
        return {"kind": "finite", "positions": [list(p) for p in self.members]}

    def indexed_p_positions(self, limit: int) -> Iterator[base.IndexedPosition]:
        """``(A_n, B_n)`` for ``n <= a_m``: the index is Wythoff's."""
        for n in range(a(self.m) + 1):
            x, y = wythoff.lower(n), wythoff.upper(n)
            if y <= limit:
                yield base.IndexedPosition(n, x, y)
