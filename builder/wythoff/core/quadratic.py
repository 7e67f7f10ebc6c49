"""Exact floors of integer multiples of quadratic irrationals.

Every irrational number in the five papers has the form ``(c + s*sqrt(d)) / e``
with integers ``c``, ``d > 0`` (not a square), ``e > 0`` and a sign ``s`` of the
square root.  Its multiples are floored *exactly* with the integer square root:
for an integer ``N >= 0``, ``floor(N * (c + sqrt(d)) / e) == (N*c + isqrt(N*N*d)) // e``,
because flooring the irrational part first cannot move the quotient across a
multiple of ``e``.  No float is involved, so the answer is right for every ``N``.

A float64 product is not: ``int(n * phi)`` first goes wrong at ``n = 102334155``
and ``int(n * sqrt(2))`` at ``n = 93222358``.  :meth:`QuadraticIrrational.floors`
is a bulk path that is faster than the float computation and still exact: it
walks ``N * alpha`` in 62-bit fixed point from two exact floors, with an error
bound that proves each term, and recomputes with the oracle the (almost never)
terms it cannot prove.

Examples
--------
>>> phi = QuadraticIrrational(1, 5, 2)
>>> [phi.floor_times(n) for n in range(8)]
[0, 1, 3, 4, 6, 8, 9, 11]
>>> phi.floor_times(102334155)            # F_40 * phi lies just below F_41
165580140
>>> int(102334155 * ((1 + 5 ** 0.5) / 2))  # the float product rounds up to F_41
165580141

References
----------
Fraenkel, *How to beat your Wythoff games' opponent on three fronts* (1982), section 3.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property
from math import isqrt
from typing import TYPE_CHECKING, Any

from wythoff.core import bigint, lazy

if TYPE_CHECKING:
    import numpy as np
else:  # imported on first use: a lookup of a few terms needs no numpy
    np = lazy.module("numpy", globals())


# The bulk path walks N * alpha in fixed point with this many fraction bits: the
# fraction and one increment stay below 2**63, so int64 never overflows.
_FIXED_BITS = 62
_FIXED_MASK = (1 << _FIXED_BITS) - 1
# Whole parts (and their sum with one increment) must stay inside int64.
_INT64_SAFE = 2**62
# Flagged indices the kernel records before handing the rest to a second pass.
_FLAG_CAPACITY = 4096


@dataclass(frozen=True)
class QuadraticIrrational:
    """The real number ``(c + sign*sqrt(d)) / e``; ``d`` is not a perfect square.

    Parameters are normalised so that ``e > 0``; the class refuses rational
    values (``d`` a square) because every identity built on it (complementarity,
    strict inequalities in Beatty's theorem) needs irrationality.

    >>> QuadraticIrrational(2 - 3, 3 * 3 + 4, 2)   # Fraenkel's alpha for a = 3
    QuadraticIrrational(c=-1, d=13, e=2, sign=1)
    >>> float(QuadraticIrrational(0, 2, 1))
    1.4142135623730951
    """

    c: int
    d: int
    e: int
    sign: int = 1

    def __post_init__(self) -> None:
        for name in ("c", "d", "e", "sign"):
            if not isinstance(getattr(self, name), int):
                raise TypeError(f"{name} must be an integer")
        if self.d <= 0 or isqrt(self.d) ** 2 == self.d:
            raise ValueError(f"d = {self.d} must be a positive non-square")
        if self.e == 0:
            raise ValueError("e must be non-zero")
        if self.sign not in (1, -1):
            raise ValueError("sign must be 1 or -1")
        if self.e < 0:
            object.__setattr__(self, "c", -self.c)
            object.__setattr__(self, "e", -self.e)
            object.__setattr__(self, "sign", -self.sign)

    # -- exact single terms -------------------------------------------------

    def floor_times(self, n: int) -> int:
        """``floor(n * self)`` exactly, for any integer ``n`` (the oracle).

        >>> sqrt2 = QuadraticIrrational(0, 2, 1)
        >>> sqrt2.floor_times(93222358), sqrt2.floor_times(-1)
        (131836322, -2)
        """
        root = bigint.floor_root_of_square_times(n, self.d)  # never exact unless n == 0
        signed = self.sign * (1 if n >= 0 else -1)
        # floor(-t) = -floor(t) - 1 for irrational t
        irrational_part = root if signed > 0 or n == 0 else -root - 1
        return (n * self.c + irrational_part) // self.e

    def compare_with(self, p: int, q: int) -> int:
        """Sign of ``self - p/q`` (``q > 0``), decided with integers only.

        >>> QuadraticIrrational(1, 5, 2).compare_with(8, 5)   # phi > 1.6
        1
        """
        if q <= 0:
            raise ValueError("q must be positive")
        # self - p/q has the sign of  q*c - p*e + sign*q*sqrt(d).
        rational = q * self.c - p * self.e
        irrational_sq = q * q * self.d
        if self.sign > 0:
            if rational >= 0:
                return 1
            return 1 if irrational_sq > rational * rational else -1
        if rational <= 0:
            return -1
        return 1 if rational * rational > irrational_sq else -1

    def preimage(self, x: int) -> range:
        """The indices ``n >= 0`` with ``floor(n * self) == x`` (self must be positive).

        Because the number is irrational, ``floor(n*alpha) == x`` exactly when
        ``x/alpha <= n < (x+1)/alpha``, a run of consecutive integers: empty, one
        index when ``alpha > 1``, and up to ``ceil(1/alpha)`` indices otherwise.

        >>> phi = QuadraticIrrational(1, 5, 2)
        >>> phi.preimage(4), phi.preimage(5)
        (range(3, 4), range(4, 4))
        >>> QuadraticIrrational(-1, 5, 6).preimage(0)   # alpha ~ 0.206
        range(0, 5)
        """
        if not self.is_positive:
            raise ValueError("preimage needs a positive number")
        if x < 0:
            return range(0)
        inverse = self.reciprocal
        low = 0 if x == 0 else inverse.floor_times(x) + 1
        high = inverse.floor_times(x + 1)
        return range(low, high + 1)

    # -- arithmetic -----------------------------------------------------------

    @cached_property
    def is_positive(self) -> bool:
        return self.compare_with(0, 1) > 0

    @cached_property
    def reciprocal(self) -> QuadraticIrrational:
        """``1 / self`` in the same form (rationalised denominator).

        >>> QuadraticIrrational(1, 5, 2).reciprocal   # 1/phi = (sqrt 5 - 1)/2
        QuadraticIrrational(c=-1, d=5, e=2, sign=1)
        """
        # e / (c + s sqrt d) = e (c - s sqrt d) / (c^2 - d) = (e c - s sqrt(e^2 d)) / (c^2 - d)
        c, d, e, s = self.c, self.d, self.e, self.sign
        num_c, num_d, den = e * c, e * e * d, c * c - d
        g = math.gcd(math.gcd(num_c, den), _square_part_root(num_d))
        return QuadraticIrrational(num_c // g, num_d // (g * g), den // g, -s)

    def plus(self, integer: int) -> QuadraticIrrational:
        """``self + integer``."""
        return QuadraticIrrational(self.c + integer * self.e, self.d, self.e, self.sign)

    def as_number(self) -> QuadraticNumber:
        """The same number as a :class:`QuadraticNumber`, which also holds rationals."""
        return QuadraticNumber(self.c, self.sign, self.d, self.e)

    def __float__(self) -> float:
        # Correctly rounded: exact rational approximation to 2**-120, then one rounding.
        scale = 1 << 120
        root = isqrt(self.d * scale * scale)
        from fractions import Fraction  # only here: a lookup of terms needs no decimal module

        return float(Fraction(self.c * scale + self.sign * root, self.e * scale))

    def __str__(self) -> str:
        sign = "+" if self.sign > 0 else "-"
        return f"({self.c} {sign} sqrt({self.d}))/{self.e}"

    # -- exact bulk path ------------------------------------------------------

    def floors(self, start: int, count: int, step: int = 1) -> np.ndarray:
        """``[floor(N * self) for N in start, start+step, ..., start+(count-1)*step]``.

        Exact at any magnitude, and faster than numpy's (inexact) float64 floor.
        No float is involved: two exact floors in fixed point,
        ``V = floor(start * alpha * 2**62)`` and ``D = floor(step * alpha * 2**62)``,
        give ``V + k*D`` as an estimate of ``(start + k*step) * alpha * 2**62`` that
        lies at most ``k + 1`` units below the truth and never above it.  So term
        ``k`` is ``(V + k*D) >> 62`` unless the low 62 bits lie within ``count + 1``
        of the next integer; those terms (about ``count / 2**62`` of them, so
        almost never) are recomputed with :meth:`floor_times`.  The loop is one
        integer addition and one comparison per term.  Ranges whose terms do not
        fit in 64 bits go through the oracle and come back as an ``object`` array
        of Python integers; otherwise the result is ``int64``.

        >>> phi = QuadraticIrrational(1, 5, 2)
        >>> phi.floors(102334154, 3).tolist()
        [165580139, 165580140, 165580142]
        >>> phi.floors(10**15, 3).tolist()
        [1618033988749894, 1618033988749896, 1618033988749898]
        """
        if count < 0:
            raise ValueError("count must be non-negative")
        return self.fixed_point_floors(start, count, step, _FIXED_BITS)

    def fixed_point_floors(self, start: int, count: int, step: int, bits: int) -> np.ndarray:
        """:meth:`floors` with ``bits`` fraction bits (fewer bits: more doubtful terms)."""
        first = self.floor_times(start << bits) if count else 0
        increment = self.floor_times(step << bits)
        reach = abs(first) + count * (abs(increment) + 1) + (1 << bits)
        if count == 0 or reach >> bits >= _INT64_SAFE or bits > _FIXED_BITS:
            values = [self.floor_times(start + i * step) for i in range(count)]
            return _as_array(values)
        out = np.empty(count, dtype=np.int64)
        flagged = np.empty(_FLAG_CAPACITY, dtype=np.int64)
        kernel, collect = _compiled_kernels()
        one = 1 << bits
        # the truth exceeds the estimate by less than count + 1 units: a fraction
        # that close to one may belong to the next integer
        walk = (first >> bits, first & (one - 1), increment >> bits, increment & (one - 1))
        bounds = (one, one - (count + 1))
        total = kernel(*walk, *bounds, out, flagged)
        if total > _FLAG_CAPACITY:
            flagged = np.empty(total, dtype=np.int64)
            collect(*walk, *bounds, count, flagged)
        for i in flagged[: min(total, len(flagged))]:
            out[i] = self.floor_times(start + int(i) * step)
        return out


@dataclass(frozen=True)
class QuadraticNumber:
    """The number ``(p + q*sqrt(d)) / e`` with integers ``p``, ``q``, ``e > 0`` and a
    non-square ``d > 0``: a rational when ``q == 0``.  Sums, integer multiples,
    signs, floors and decimals are exact; ``float`` is within ``2**-120`` of the
    value before its one rounding.

    It holds differences such as ``a(n) - n*alpha`` for a Beatty sequence, whose
    two parts cancel to a number of size 1 while each grows like ``n``: exact
    arithmetic keeps every digit of the small result.

    >>> phi = QuadraticIrrational(1, 5, 2).as_number()
    >>> gap = phi.times(-3).plus(4)      # A(3) - 3*phi = 4 - 3*phi
    >>> gap.sign(), gap.floor(), gap.decimal(6)
    (-1, -1, '-0.854102')
    >>> QuadraticNumber(3, 0, 5, 6).decimal(3), float(QuadraticNumber(3, 0, 5, 6))
    ('0.500', 0.5)
    >>> str(QuadraticNumber(64, 1, 4100, 2))    # sqrt(4100) = 10*sqrt(41)
    '32 + 5*sqrt(41)'
    """

    p: int
    q: int
    d: int
    e: int = 1

    def __post_init__(self) -> None:
        if self.d <= 0 or isqrt(self.d) ** 2 == self.d:
            raise ValueError(f"d = {self.d} must be a positive non-square")
        if self.e <= 0:
            raise ValueError("e must be positive")
        root = _square_factor(self.d)  # q*sqrt(r*r*d') = (q*r)*sqrt(d'): d kept square-free
        if root > 1:
            object.__setattr__(self, "q", self.q * root)
            object.__setattr__(self, "d", self.d // (root * root))
        g = math.gcd(math.gcd(self.p, self.q), self.e)
        if g > 1:
            object.__setattr__(self, "p", self.p // g)
            object.__setattr__(self, "q", self.q // g)
            object.__setattr__(self, "e", self.e // g)

    @property
    def is_rational(self) -> bool:
        return self.q == 0

    def plus(self, other: QuadraticNumber | int) -> QuadraticNumber:
        """``self + other`` (an integer, or a number over the same square root)."""
        if isinstance(other, int):
            return QuadraticNumber(self.p + other * self.e, self.q, self.d, self.e)
        if other.d != self.d:
            raise ValueError(f"sqrt({self.d}) and sqrt({other.d}) do not mix")
        e = self.e * other.e
        return QuadraticNumber(
            self.p * other.e + other.p * self.e, self.q * other.e + other.q * self.e, self.d, e
        )

    def times(self, k: int) -> QuadraticNumber:
        """``k * self`` for an integer ``k``."""
        return QuadraticNumber(k * self.p, k * self.q, self.d, self.e)

    def product(self, other: QuadraticNumber) -> QuadraticNumber:
        """``self * other``, a number over the same square root.

        >>> str(QuadraticNumber(1, 1, 5, 2).product(QuadraticNumber(1, 1, 5, 2)))  # phi^2
        '(3 + sqrt(5))/2'
        """
        if other.d != self.d:
            raise ValueError(f"sqrt({self.d}) and sqrt({other.d}) do not mix")
        p = self.p * other.p + self.q * other.q * self.d
        q = self.p * other.q + self.q * other.p
        return QuadraticNumber(p, q, self.d, self.e * other.e)

    def reciprocal(self) -> QuadraticNumber:
        """``1 / self``: the conjugate over the norm (``ZeroDivisionError`` for 0).

        >>> str(QuadraticNumber(1, 1, 5, 2).reciprocal())   # 1/phi = phi - 1
        '(-1 + sqrt(5))/2'
        """
        norm = self.p * self.p - self.q * self.q * self.d  # 0 only for 0: d is no square
        if norm == 0:
            raise ZeroDivisionError("1 / 0")
        sign = 1 if norm > 0 else -1
        return QuadraticNumber(sign * self.e * self.p, -sign * self.e * self.q, self.d, abs(norm))

    def minus(self, other: QuadraticNumber | int) -> QuadraticNumber:
        return self.plus(-other if isinstance(other, int) else other.times(-1))

    def floor(self) -> int:
        """``floor(self)``, exactly: ``q*sqrt(d)`` is floored first with the integer
        square root, which cannot move the quotient across a multiple of ``e``."""
        root = isqrt(self.q * self.q * self.d)  # floor(|q| sqrt d); exact only for q == 0
        irrational = root if self.q >= 0 else (-root if self.q == 0 else -root - 1)
        return (self.p + irrational) // self.e

    def sign(self) -> int:
        """-1, 0 or 1, from integers only."""
        rational, irrational_sq = self.p, self.q * self.q * self.d
        if self.q == 0:
            return (rational > 0) - (rational < 0)
        if (rational >= 0) == (self.q > 0):
            return 1 if self.q > 0 else -1
        bigger = irrational_sq > rational * rational  # never equal: d is no square
        return (1 if self.q > 0 else -1) if bigger else (1 if rational > 0 else -1)

    def decimal(self, places: int) -> str:
        """The value rounded to ``places`` decimals (halves away from zero; a quadratic
        irrational is never exactly half-way), as text."""
        scale = 10**places
        scaled = self.times(scale)
        magnitude = scaled if scaled.sign() >= 0 else scaled.times(-1)
        half_up = (2 * magnitude.p + magnitude.e, 2 * magnitude.q, self.d, 2 * magnitude.e)
        digits = QuadraticNumber(*half_up)
        rounded = digits.floor()
        whole, fraction = divmod(rounded, scale)
        text = f"{whole}.{fraction:0{places}d}" if places else str(whole)
        return "-" + text if scaled.sign() < 0 and rounded else text

    def __float__(self) -> float:
        scale = 1 << 120
        from fractions import Fraction

        return float(Fraction(self.times(scale).floor(), scale))

    def __str__(self) -> str:
        """``(p + q*sqrt(d))/e`` in words a reader types, or the integer or fraction."""
        if self.q == 0:
            return str(self.p) if self.e == 1 else f"{self.p}/{self.e}"
        root = "sqrt(" + str(self.d) + ")"
        term = root if abs(self.q) == 1 else f"{abs(self.q)}*{root}"
        sign = "-" if self.q < 0 else "+"
        text = (f"{self.p} {sign} " if self.p else ("-" if self.q < 0 else "")) + term
        return text if self.e == 1 else f"({text})/{self.e}"


def _square_factor(d: int, limit: int = 10**4) -> int:
    """Largest ``r`` with ``r*r`` dividing ``d``, from the primes up to ``limit``
    (all of them for the ``d`` of the papers' numbers)."""
    r, p = 1, 2
    while p * p <= d and p <= limit:
        while d % (p * p) == 0:
            d //= p * p
            r *= p
        p += 1 if p == 2 else 2
    return r


def _square_part_root(d: int) -> int:
    """Largest ``r`` (from small primes) with ``r*r`` dividing ``d``: keeps forms small."""
    r = 1
    for p in (2, 3, 5, 7, 11, 13):
        while d % (p * p) == 0:
            d //= p * p
            r *= p
    return r


def _as_array(values: list[int]) -> np.ndarray:
    limit = 2**63 - 1
    if all(-limit <= v <= limit for v in values):
        return np.array(values, dtype=np.int64)
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


@cache
def _compiled_kernels() -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The bulk kernels, compiled on first use (importing numba is a start-up cost
    that single-term callers such as ``wythoff position`` should not pay)."""
    import numba

    jit = numba.njit(cache=True, nogil=True)
    return jit(_floor_kernel), jit(_collect_flagged)


def _floor_kernel(  # pragma: no cover - compiled
    whole: int,
    fraction: int,
    step_whole: int,
    step_fraction: int,
    one: int,
    threshold: int,
    out: np.ndarray,
    flagged: np.ndarray,
) -> int:
    """Fill ``out`` with the whole parts of the fixed-point walk; note the doubtful."""
    capacity = flagged.shape[0]
    total = 0
    for i in range(out.shape[0]):
        out[i] = whole
        if fraction >= threshold:
            if total < capacity:
                flagged[total] = i
            total += 1
        fraction += step_fraction
        whole += step_whole
        if fraction >= one:
            fraction -= one
            whole += 1
    return total


def _collect_flagged(  # pragma: no cover - compiled
    whole: int,
    fraction: int,
    step_whole: int,
    step_fraction: int,
    one: int,
    threshold: int,
    count: int,
    flagged: np.ndarray,
) -> None:
    """The doubtful indices again, when there were more than the first pass kept."""
    k = 0
    for i in range(count):
        if fraction >= threshold:
            flagged[k] = i
            k += 1
        fraction += step_fraction
        if fraction >= one:
            fraction -= one
