"""Wythoff's game, in normal and in misère play.

Moves: any number from one pile, or the same number from both.  The P-positions
of normal play are ``(A_n, B_n)`` with ``A_n = floor(n phi)`` (lower Wythoff
sequence, OEIS A000201) and ``B_n = floor(n phi^2) = A_n + n`` (upper, A001950):
the case ``a = 1`` of Fraenkel's game.  In misère play (the player who takes the
last counter loses) they are ``(0, 1)``, ``(2, 2)`` and every ``(A_n, B_n)`` with
``n >= 2``.

>>> [lower(n) for n in range(1, 9)]
[1, 3, 4, 6, 8, 9, 11, 12]
>>> MisereStrategy().winning_move(4, 6), MisereStrategy().is_p(2, 2)
((3, 5), True)

References
----------
W. A. Wythoff, *A modification of the game of Nim*, Nieuw Arch. Wisk. 7 (1907);
the encyclopedia article *Wythoff's game* (misère play).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from wythoff.core.games.strategy import IndexedPosition, NoWinningMove, Strategy
from wythoff.core.theorems import fraenkel

if TYPE_CHECKING:
    from wythoff.core.games.rules import Position, Rules

PHI = fraenkel.alpha(1)
MISERE_EXCEPTIONS = ((0, 1), (2, 2))  # replace (0, 0) and (1, 2) of normal play


def tersum(m: int, n: int) -> int:
    """``m`` and ``n`` added digit by digit in base 3 without carries: rows 1 and 2 of
    the Sprague-Grundy function of Wythoff's game are ``n`` tersum 1 and ``n`` tersum 2
    (Berlekamp, Conway and Guy, *Winning Ways*).

    >>> tersum(5, 8)  # "21" + "22" = "10"
    1
    """
    total, place = 0, 1
    while m or n:
        total += ((m % 3 + n % 3) % 3) * place
        m, n, place = m // 3, n // 3, place * 3
    return total


def lower(n: int) -> int:
    """``A_n = floor(n phi)``."""
    return PHI.floor_times(n)


def upper(n: int) -> int:
    """``B_n = floor(n phi^2) = A_n + n``."""
    return lower(n) + n


def rules(misere: bool = False) -> Rules:
    from wythoff.core.games.rules import Rules  # on first use: a few terms need no rules

    return Rules(bishop=1, misere=misere)


def strategy() -> Strategy:
    """Normal play: Fraenkel's strategy with ``a = 1``."""
    return fraenkel.AlgebraicStrategy(1)


class MisereStrategy(Strategy):
    """Misère play: normal play's P-positions with ``n >= 2``, plus (0, 1) and (2, 2).

    A winning move is a normal-play P-option with ``n >= 2``, or one of the two
    exceptional positions when it is one move away.
    """

    def __init__(self) -> None:
        self.rules = rules(misere=True)
        self._normal = fraenkel.AlgebraicStrategy(1)

    def is_p(self, x: int, y: int) -> bool:
        self.check_position(x, y)
        x, y = min(x, y), max(x, y)
        if (x, y) in MISERE_EXCEPTIONS:
            return True
        return x >= 3 and self._normal.is_p(x, y)

    def winning_move(self, x: int, y: int) -> Position | None:
        """A move to a P-position; ``None`` for P-positions and for (0, 0), an
        N-position without moves (the opponent took the last counter and lost)."""
        if self.is_p(x, y) or (x, y) == (0, 0):
            return None
        exceptions = [*MISERE_EXCEPTIONS, (1, 0)]
        for target in [*self._normal.p_options(x, y), *exceptions]:
            if self.rules.is_legal((x, y), target) and self.is_p(*target):
                return target
        raise NoWinningMove(f"({x}, {y}) is not a P-position but has no winning move")

    def p_options(self, x: int, y: int) -> list[Position]:
        """The misère P-positions one move away: normal play's P-options that stay P
        in misère play, and the exceptional positions within reach."""
        self.check_position(x, y)
        candidates = [*self._normal.p_options(x, y), *MISERE_EXCEPTIONS, (1, 0)]
        start, legal = (x, y), self.rules.is_legal
        return list(dict.fromkeys(t for t in candidates if legal(start, t) and self.is_p(*t)))

    def describe(self) -> dict[str, Any]:
        """Normal play's pairs with index >= 2, plus the exceptions."""
        return {
            "kind": "misere",
            "pair": self._normal.describe(),
            "exceptions": [list(p) for p in MISERE_EXCEPTIONS],
        }

    def indexed_p_positions(self, limit: int) -> Iterator[IndexedPosition]:
        """``(0, 1)`` and ``(2, 2)`` take the indices 0 and 1 of the pairs they replace."""
        for n, (x, y) in enumerate(MISERE_EXCEPTIONS):
            if y <= limit:
                yield IndexedPosition(n, x, y)
        yield from (p for p in self._normal.indexed_p_positions(limit) if p.n >= 2)
