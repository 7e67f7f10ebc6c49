"""Connell's k-Wythoff game.

Moves: the same number from both piles, or a positive multiple of ``k`` from one
pile.  With ``A = (k + sqrt(k^2 + 4)) / 2 = [k; k, k, ...]`` and ``0 <= i < k``,

    u_{i,n} = floor((n + i/k)(1 + 1/A)),   v_{i,n} = floor((n + i/k)(1 + A)) = u_{i,n} + nk + i,

and the P-positions are the ``k`` families ``(u_{i,n}, v_{i,n})``, ``n >= 0``
(Theorem 2).  For each ``i``, ``(u_{i,n})_{n>=1}`` and ``(v_{k-i,n-1})_{n>=1}`` are
complementary (Theorem 1), with ``v_{k,n-1} := v_{0,n}``.

>>> [u(3, 1, n) for n in range(6)], [v(3, 1, n) for n in range(6)]
([0, 1, 3, 4, 5, 6], [1, 5, 10, 14, 18, 22])
>>> game = Strategy(3)          # the paper's example; (8, 27) also wins from (14, 27)
>>> game.is_p(14, 48), game.winning_move(11, 48), game.winning_move(14, 27)
(True, (11, 3), (5, 18))

References
----------
I. G. Connell, *A generalization of Wythoff's game*, Canad. Math. Bull. 2 (1959) 181-190.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from wythoff.core.games import strategy as base
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.core.validation import positive_integer

if TYPE_CHECKING:
    from wythoff.core.games.rules import Position, Rules


def check(k: int, i: int | None = None) -> None:
    positive_integer("k", k)
    if i is not None and (not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < k):
        raise ValueError(f"i must be an integer with 0 <= i < k = {k} (got {i!r})")


def lower_slope(k: int) -> QuadraticIrrational:
    """``(1 + 1/A) / k = (2 - k + sqrt(k^2 + 4)) / (2k)``: ``u_{i,n} = floor((nk + i) * this)``."""
    check(k)  # before the cache, which would take True for 1
    return _lower_slope(k)


@cache
def _lower_slope(k: int) -> QuadraticIrrational:
    return QuadraticIrrational(2 - k, k * k + 4, 2 * k)


def upper_slope(k: int) -> QuadraticIrrational:
    """``(1 + A) / k``: ``v_{i,n} = floor((nk + i) * this)``."""
    return lower_slope(k).plus(1)


def u(k: int, i: int, n: int) -> int:
    check(k, i)
    return lower_slope(k).floor_times(n * k + i)


def v(k: int, i: int, n: int) -> int:
    """``v_{i,n}``; ``i = k`` is allowed and means ``v_{k,n} = v_{0,n+1}``."""
    if i == k:
        return v(k, 0, n + 1)
    return u(k, i, n) + n * k + i


def mex_construction(k: int, count: int) -> dict[int, list[tuple[int, int]]]:
    """The pairs ``(u_{i,n}, v_{i,n})`` for ``n < count``, built from Theorem 1 alone:
    ``u_{i,n}`` is the least positive integer not among ``u_{i,1..n-1}`` and the
    complementary terms ``V_m = v_{k-i,m-1}`` already below it (``m <= n``, and
    ``m < n`` for ``i = 0``, where ``V_n = v_{0,n}`` exceeds ``u_{0,n}``); then
    ``v_{i,n} = u_{i,n} + nk + i``.  No irrational number is used."""
    check(k)
    us: dict[int, list[int]] = {i: [0] for i in range(k)}
    taken: dict[int, set[int]] = {i: set() for i in range(k)}

    def v_of(i: int, n: int) -> int:  # v_{i,n}, with v_{k,n} = v_{0,n+1}
        if i == k:
            i, n = 0, n + 1
        return us[i][n] + n * k + i

    for n in range(1, count):
        for i in range(k):
            if i:
                taken[i].add(v_of(k - i, n - 1))  # V_n
            elif n >= 2:
                taken[0].add(v_of(k, n - 2))  # V_{n-1} = v_{0,n-1}
            candidate = us[i][-1] + 1
            while candidate in taken[i]:
                candidate += 1
            us[i].append(candidate)
            taken[i].add(candidate)
    return {i: [(us[i][n], v_of(i, n)) for n in range(count)] for i in range(k)}


def rules(k: int) -> Rules:
    check(k)
    from wythoff.core.games.rules import Rules  # on first use: a few terms need no rules

    return Rules(rook_modulus=k, bishop=1)


class Strategy(base.SortedStrategy):
    """Connell's proof of property (a), as an algorithm.

    With ``x <= y`` and ``y = x + i + rk``: if ``x = 0`` move to ``(0, i)``; if
    ``x = u_{i,n}`` then either reduce ``y`` by multiples of ``k`` to ``v_{i,n}`` or take
    ``x - u_{i,r}`` from both piles; if ``x = v_{k-i,n-1}`` reduce ``y`` to its partner
    ``u_{k-i,n-1}`` (``y - u_{k-i,n-1} = (n + r)k``).
    """

    def __init__(self, k: int) -> None:
        check(k)
        self.k = k
        self.rules = rules(k)
        self._lower = lower_slope(k)
        self._upper = upper_slope(k)
        # the P-positions as one Beatty pair (see describe): every P-option in O(1) floors
        self._pairs = base.BeattyPairStrategy(self.rules, self._lower, 1)

    def _index(self, slope: QuadraticIrrational, x: int, i: int) -> int | None:
        """``n`` with ``floor((nk + i) * slope) == x``, or ``None``."""
        for big_n in slope.preimage(x):
            if big_n % self.k == i:
                return big_n // self.k
        return None

    def is_p(self, x: int, y: int) -> bool:
        self.check_position(x, y)
        x, y = min(x, y), max(x, y)
        i, n = (y - x) % self.k, (y - x) // self.k
        return u(self.k, i, n) == x

    def _move_sorted(self, x: int, y: int) -> Position:
        k = self.k
        i, r = (y - x) % k, (y - x) // k
        if x == 0:  # case (i): (0, i) = (u_{i,0}, v_{i,0})
            return 0, i
        n = self._index(self._lower, x, i)
        if n is not None:  # case (ii): x = u_{i,n}, n >= 1
            if y > v(k, i, n):
                return x, v(k, i, n)
            return u(k, i, r), v(k, i, r)  # r < n: take x - u_{i,r} from both
        # case (iii): x = v_{k-i,n-1} (= v_{0,n} when i = 0); its partner is smaller
        j = (k - i) % k
        n = self._index(self._upper, x, j)
        assert n is not None, "x is in no sequence: impossible by complementarity"
        return x, u(k, j, n)

    def p_options(self, x: int, y: int) -> list[Position]:
        return self._pairs.p_options(x, y)

    def describe(self) -> dict[str, Any]:
        """The P-positions as one Beatty pair: ``(u_{i,n}, v_{i,n}) = (floor(N t), floor(N t) + N)``
        with ``N = nk + i`` and ``t`` the lower slope, so a generic pair strategy plays
        this game too (with Connell's rules)."""
        t = self._lower
        return {
            "kind": "beatty-pair",
            "theta": [t.c, t.d, t.e, t.sign],
            "gap": 1,
            "orientation": None,
        }

    def indexed_p_positions(self, limit: int) -> Iterator[base.IndexedPosition]:
        for stream in self.class_streams(limit):
            yield from stream

    def class_streams(self, limit: int) -> list[Iterator[base.IndexedPosition]]:
        """One stream per class ``i``: ``(u_{i,n}, v_{i,n})`` in the order of ``n``."""
        return [self._class(limit, i) for i in range(self.k)]

    def _class(self, limit: int, i: int) -> Iterator[base.IndexedPosition]:
        count = self._lower.reciprocal.floor_times(limit + 1) // self.k + 2
        for n, un in enumerate(base.floors_in_chunks(self._lower, i, count, self.k)):
            vn = un + n * self.k + i
            if vn <= limit:
                yield base.IndexedPosition(n, un, vn, i)
