"""Mathematical sentences of the pages made from data a test executes.

A page that tells a reader how to play states rules ("the index n is ...", "move
to ..."). Each rule here is an object holding the exact integer functions the
sentence describes and the words rendered from the same parameters, so that a
test can run the rule on every position of a solved board: a sentence that
became false would fail it (see the claims registry of the development guide).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Literal, NamedTuple

from wythoff.core import lazy
from wythoff.families import wording

if TYPE_CHECKING:
    from wythoff.core import numeration
    from wythoff.core.quadratic import QuadraticIrrational
    from wythoff.core.theorems import fraenkel
else:  # imported on first use: a lookup of a few terms loads no theorem module
    fraenkel = lazy.module("wythoff.core.theorems.fraenkel", globals())
    numeration = lazy.module("wythoff.core.numeration", globals())

Side = Literal["A", "B"]


@dataclass(frozen=True)
class BeattyIndexRule:
    """Fraenkel's Theorem 1 as a way to play the a-Wythoff game (Wythoff's for a = 1).

    ``A(n) = floor(n*alpha)`` and ``B(n) = floor(n*beta) = A(n) + a*n`` with
    ``alpha = (2 - a + sqrt(a^2 + 4))/2`` and ``beta = alpha + a``. For ``x = A(n)``
    the index is ``floor((x + 1)/alpha)``, for ``x = B(n)`` it is
    ``floor((x + 1)/beta)``: ``x < n*alpha < x + 1`` leaves one integer in an
    interval of length ``1/alpha < 1``. :meth:`locate` and :meth:`move` are the
    rule the page states, step by step; :meth:`words` writes it.
    """

    a: int

    @cached_property
    def alpha(self) -> QuadraticIrrational:
        return fraenkel.alpha(self.a)

    @cached_property
    def beta(self) -> QuadraticIrrational:
        return self.alpha.plus(self.a)

    def lower(self, n: int) -> int:
        """``A(n) = floor(n*alpha)``."""
        return self.alpha.floor_times(n)

    def upper(self, n: int) -> int:
        """``B(n) = A(n) + a*n``."""
        return self.lower(n) + self.a * n

    def lower_index(self, x: int) -> int:
        """``floor((x + 1)/alpha)``, exactly: the only ``n`` that can have ``A(n) = x``."""
        return self.alpha.reciprocal.floor_times(x + 1)

    def upper_index(self, x: int) -> int:
        """``floor((x + 1)/beta)``, exactly: the only ``n`` that can have ``B(n) = x``."""
        return self.beta.reciprocal.floor_times(x + 1)

    def locate(self, x: int) -> tuple[Side, int]:
        """The side and index the page's rule gives the pile ``x >= 0``: ``("A", n)``
        when ``A(floor((x + 1)/alpha)) = x``, else ``("B", floor((x + 1)/beta))``."""
        n = self.lower_index(x)
        if self.lower(n) == x:
            return "A", n
        return "B", self.upper_index(x)

    def lower_by_digits(self, x: int) -> bool:
        """The page's second test of side, for ``x >= 1``: ``R_p(x)`` ends in an even
        number of zeros exactly when ``x`` is some ``A(n)`` (Fraenkel's Property 1)."""
        return numeration.trailing_zeros(numeration.p_digits(x, self.a)) % 2 == 0

    def move(self, x: int, y: int) -> tuple[int, int] | None:
        """The position the page's rule moves ``(x, y)``, ``x <= y``, to; ``None`` at a
        P-position (the rule then has no move: every move loses)."""
        side, n = self.locate(x)
        if side == "B":
            return x, self.lower(n)
        if y == self.upper(n):
            return None
        if y > self.upper(n):
            return x, self.upper(n)
        m = (y - x) // self.a
        return self.lower(m), self.upper(m)

    def symbols(self) -> str:
        """The definitions of A, B, alpha and beta for this ``a``, in words."""
        a = self.a
        alpha = wording.surd(2 - a, a * a + 4, 2)
        beta = wording.surd(2 + a, a * a + 4, 2)
        an = wording.affine(a, "n")
        if a == 1:
            return (
                f"Here phi = {alpha} (the golden ratio), A(n) = floor(n*phi) and "
                f"B(n) = floor(n*phi^2) = A(n) + n for n >= 0: the lower and upper Wythoff "
                f"sequences, complementary on the positive integers (Beatty's theorem)."
            )
        return (
            f"Here alpha = {alpha}, beta = alpha + {a} = {beta}, A(n) = floor(n*alpha) and "
            f"B(n) = floor(n*beta) = A(n) + {an} for n >= 0: complementary on the positive "
            f"integers (Fraenkel's Lemma 1, as 1/alpha + 1/beta = 1)."
        )

    def words(self) -> str:
        """The rule as the game's page states it, every symbol defined."""
        a = self.a
        alpha, beta = ("phi", "phi^2") if a == 1 else ("alpha", "beta")
        near = (
            "take x - A(m) from both piles (the same number, as y - x = B(m) - A(m))"
            if a == 1
            else f"take x - A(m) and y - B(m): amounts that differ by less than {a}"
        )
        m_rule = "m = y - x" if a == 1 else f"m = floor((y - x)/{a})"
        return (
            f"{self.symbols()} With x <= y, the index of the smaller pile x is found "
            f"exactly: let n = floor((x + 1)/{alpha}); if A(n) = x, then x = A(n); otherwise "
            f"x = B(n) with n = floor((x + 1)/{beta}) instead. If x = B(n), move y to A(n). If "
            f"x = A(n) and y > B(n), move y to B(n). If x = A(n) and y = B(n), the position is "
            f"a P-position: every move loses. If x = A(n) and y < B(n), let {m_rule} and "
            f"{near}, reaching (A(m), B(m)). (Fraenkel's Theorem 1; the same test of side "
            f"comes from the p-system of the numeration page: for x >= 1, the digits R_p(x) "
            f"of x in that system end in an even number of zeros exactly when x is some A(n).)"
        )


class PSetClaim(NamedTuple):
    """A family summary's sentence about the P-positions of some of its games.

    ``words`` is the sentence the summary (and the OEIS drafts' ``%C`` made from it)
    prints; ``covers`` the kinds of game (keys of the family's ``game_ids``) it speaks
    of; ``positions(params, limit)`` the P-positions ``(x, y)``, ``x <= y < limit``,
    it states for the game of those parameters. A test compares them with the
    solver's board of every game covered."""

    words: str
    covers: tuple[str, ...]
    positions: Callable[[Mapping[str, int], int], set[tuple[int, int]]]


def beatty_pairs(
    lower: Callable[[int], int], upper: Callable[[int], int], limit: int, first: int = 0
) -> set[tuple[int, int]]:
    """``(lower(n), upper(n))`` for ``n >= first`` while ``upper(n) < limit`` (both
    increasing, ``lower <= upper``)."""
    found = set()
    n = first
    while upper(n) < limit:
        found.add((lower(n), upper(n)))
        n += 1
    return found
