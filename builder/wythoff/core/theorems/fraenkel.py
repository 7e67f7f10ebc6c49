"""Fraenkel's a-Wythoff game and its numeration systems.

Moves: any number from one pile, or ``k > 0`` and ``l > 0`` from the two piles
with ``|k - l| < a``.  The P-positions are ``(A_n, B_n)`` with

    A_n = floor(n alpha),  B_n = floor(n beta) = A_n + a n,
    alpha = (2 - a + sqrt(a^2 + 4)) / 2,  beta = alpha + a,  1/alpha + 1/beta = 1,

equivalently ``A_n = mex{A_i, B_i : i < n}``.  The convergents ``p_i / q_i`` of
``alpha = [1; a, a, ...]`` define the p-system and q-system of numeration, in
which the P-positions have an arithmetic description (Properties 1-3).

Examples
--------
>>> [lower(2, n) for n in range(8)], [upper(2, n) for n in range(4)]
([0, 1, 2, 4, 5, 7, 8, 9], [0, 3, 6, 10])
>>> mex_pairs(2, 6) == [(lower(2, n), upper(2, n)) for n in range(6)]
True

References
----------
A. S. Fraenkel, *How to beat your Wythoff games' opponent on three fronts*,
Amer. Math. Monthly 89 (1982) 353-361.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from wythoff.core.contfrac import fraenkel_convergents
from wythoff.core.games.strategy import BeattyPairStrategy, IndexedPosition, SortedStrategy
from wythoff.core.numeration import (
    left_shift,
    p_digits,
    p_interpretation,
    q_digits,
    right_shift,
    trailing_zeros,
)
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.core.validation import positive_integer

if TYPE_CHECKING:
    from wythoff.core.games.rules import Position, Rules


def check_a(a: int) -> None:
    positive_integer("a", a)


def alpha(a: int) -> QuadraticIrrational:
    """``alpha = (2 - a + sqrt(a^2 + 4)) / 2 = [1; a, a, ...]``."""
    check_a(a)  # before the cache, which would take True for 1
    return _alpha(a)


@cache
def _alpha(a: int) -> QuadraticIrrational:
    return QuadraticIrrational(2 - a, a * a + 4, 2)


def lower(a: int, n: int) -> int:
    """``A_n = floor(n alpha)``."""
    return alpha(a).floor_times(n)


def upper(a: int, n: int) -> int:
    """``B_n = A_n + a n = floor(n beta)``."""
    return lower(a, n) + a * n


def mex_pairs(a: int, count: int) -> list[tuple[int, int]]:
    """The first ``count`` pairs by the recursion ``A_n = mex{A_i, B_i : i < n}``,
    ``B_n = A_n + a n`` (Fraenkel's Theorem 1), without any irrational number."""
    check_a(a)
    used: set[int] = set()
    pairs = []
    candidate = 0
    for n in range(count):
        while candidate in used:
            candidate += 1
        lo, hi = candidate, candidate + a * n
        used.update((lo, hi))
        pairs.append((lo, hi))
    return pairs


def convergent_numerators(a: int, count: int) -> tuple[int, ...]:
    """``p_0, p_1, ...`` of ``[1; a, a, ...]``: the base of the p-system."""
    check_a(a)
    return fraenkel_convergents(a, count)[0]


def convergent_denominators(a: int, count: int) -> tuple[int, ...]:
    """``q_0, q_1, ...`` of ``[1; a, a, ...]``: the base of the q-system."""
    check_a(a)
    return fraenkel_convergents(a, count)[1]


# -- the three properties ------------------------------------------------------


def property_1(lower_digits: Sequence[int], upper_digits: Sequence[int]) -> bool:
    """Property 1 on the p-digits of a pair: ``R_p(A_n)`` ends in an even number of
    zeros and ``R_p(B_n)`` in an odd number."""
    return trailing_zeros(lower_digits) % 2 == 0 and trailing_zeros(upper_digits) % 2 == 1


def property_2(lower_digits: Sequence[int], upper_digits: Sequence[int]) -> bool:
    """Property 2 on the p-digits of a pair: ``R_p(B_n)`` is the left shift of ``R_p(A_n)``."""
    return list(upper_digits) == left_shift(lower_digits)


def property_3(a: int, q_digits_of_n: Sequence[int], lower_n: int) -> bool:
    """Property 3 on the q-digits of ``n``: their p-interpretation ``I_p(R_q(n))`` is
    ``A_n`` or ``A_n + 1`` as ``R_q(n)`` ends in an even or odd number of zeros."""
    return p_interpretation(q_digits_of_n, a) == lower_n + trailing_zeros(q_digits_of_n) % 2


def property_1_holds(a: int, n: int) -> bool:
    """:func:`property_1` for the pair ``n`` of base ``a``, its digits computed."""
    return property_1(p_digits(lower(a, n), a), p_digits(upper(a, n), a))


def property_2_holds(a: int, n: int) -> bool:
    """:func:`property_2` for the pair ``n`` of base ``a``, its digits computed."""
    return property_2(p_digits(lower(a, n), a), p_digits(upper(a, n), a))


def property_3_holds(a: int, n: int) -> bool:
    """:func:`property_3` for ``n`` in base ``a``, its digits computed."""
    return property_3(a, q_digits(n, a), lower(a, n))


# -- strategies ----------------------------------------------------------------


def rules(a: int) -> Rules:
    check_a(a)
    from wythoff.core.games.rules import Rules  # on first use: a few terms need no rules

    return Rules(bishop=a)


class AlgebraicStrategy(SortedStrategy):
    """Fraenkel's Theorem 1 proof, with the index of ``x`` found by the closed form.

    If ``x = B_n``, move the larger pile to ``A_n``; if ``x = A_n`` and ``y > B_n``,
    move it to ``B_n``; if ``A_n <= y < B_n``, move to ``(A_m, B_m)`` with
    ``m = floor((y - x)/a)``, a legal two-pile move.

    >>> AlgebraicStrategy(2).winning_move(5, 8), AlgebraicStrategy(2).is_p(5, 13)
    ((1, 3), True)
    """

    def __init__(self, a: int) -> None:
        self.a = a
        self.rules = rules(a)
        self.alpha = alpha(a)
        self.beta = self.alpha.plus(a)
        self._pairs = BeattyPairStrategy(self.rules, self.alpha, a)

    def index_of_lower(self, x: int) -> int | None:
        """``n`` with ``A_n = x``, or ``None``."""
        found = self.alpha.preimage(x)
        return found[0] if found else None

    def index_of_upper(self, x: int) -> int | None:
        found = self.beta.preimage(x)
        return found[0] if found else None

    def is_p(self, x: int, y: int) -> bool:
        self.check_position(x, y)
        x, y = min(x, y), max(x, y)
        if (y - x) % self.a:
            return False
        return lower(self.a, (y - x) // self.a) == x

    def _move_sorted(self, x: int, y: int) -> Position:
        n = self.index_of_lower(x)
        if n is None:  # x = B_n: the partner A_n is smaller than both piles
            n = self.index_of_upper(x)
            assert n is not None, "x is in neither sequence: impossible by complementarity"
            return x, lower(self.a, n)
        partner = upper(self.a, n)
        if y > partner:
            return x, partner
        m = (y - x) // self.a
        return lower(self.a, m), upper(self.a, m)

    def p_options(self, x: int, y: int) -> list[Position]:
        return self._pairs.p_options(x, y)

    def indexed_p_positions(self, limit: int) -> Iterator[IndexedPosition]:
        return self._pairs.indexed_p_positions(limit)

    def describe(self) -> dict[str, Any]:
        return self._pairs.describe()


class ArithmeticStrategy(AlgebraicStrategy):
    """Fraenkel's section 5: the same moves, found in the p-system and q-system.

    ``R_p(x)`` ending in an odd number of zeros means ``x = B_k`` and its partner is
    the right shift; an even number means ``x = A_k`` with partner the left shift.
    ``A_m`` comes from the p-interpretation of ``R_q(m)``.

    >>> ArithmeticStrategy(2).winning_move(5, 8)
    (1, 3)
    """

    def is_p(self, x: int, y: int) -> bool:
        self.check_position(x, y)
        x, y = min(x, y), max(x, y)
        if x == 0:
            return y == 0
        digits = p_digits(x, self.a)
        return trailing_zeros(digits) % 2 == 0 and y == p_interpretation(left_shift(digits), self.a)

    def _move_sorted(self, x: int, y: int) -> Position:
        if x == 0:
            return 0, 0
        digits = p_digits(x, self.a)
        if trailing_zeros(digits) % 2 == 1:
            return x, p_interpretation(right_shift(digits), self.a)
        partner = p_interpretation(left_shift(digits), self.a)
        if y > partner:
            return x, partner
        m = (y - x) // self.a
        return self._lower_by_numeration(m), self._lower_by_numeration(m) + self.a * m

    def _lower_by_numeration(self, m: int) -> int:
        if m == 0:
            return 0
        digits = q_digits(m, self.a)
        return p_interpretation(digits, self.a) - trailing_zeros(digits) % 2


class RecursiveStrategy(AlgebraicStrategy):
    """Fraenkel's section 2: the table of P-positions built by mex up to ``x``
    (``O(x)`` time and memory; the other two strategies need ``O(log x)``)."""

    def _table(self, x: int) -> dict[int, tuple[str, int]]:
        index: dict[int, tuple[str, int]] = {}
        for n, (lo, hi) in enumerate(mex_pairs(self.a, x + 1)):
            index.setdefault(lo, ("A", n))
            index.setdefault(hi, ("B", n))
            if lo > x:
                break
        return index

    def is_p(self, x: int, y: int) -> bool:
        self.check_position(x, y)
        x, y = min(x, y), max(x, y)
        kind, n = self._table(x)[x]
        return y == x if n == 0 else kind == "A" and y == x + self.a * n

    def _move_sorted(self, x: int, y: int) -> Position:
        table = self._table(max(x, 1))
        kind, n = table[x]
        pairs = mex_pairs(self.a, n + 1)
        if kind == "B" and n > 0:
            return x, pairs[n][0]
        partner = pairs[n][1]
        if y > partner:
            return x, partner
        m = (y - x) // self.a
        return pairs[m]
