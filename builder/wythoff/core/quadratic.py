"""Exact floors of integer multiples of quadratic irrationals.

Every irrational number in the five papers has the form ``(c + s*sqrt(d)) / e``
with integers ``c``, ``d > 0`` (not a square), ``e > 0`` and a sign ``s`` of the
square root.  Its multiples are floored *exactly* with the integer square root:
for an integer ``N >= 0``, ``floor(N * (c + sqrt(d)) / e) == (N*c + isqrt(N*N*d)) // e``,
because flooring the irrational part first cannot move the quotient across a
multiple of ``e``.  No float is involved, so the answer is right for every ``N``.

A float64 product is not: ``int(n * phi)`` first goes wrong at ``n = 102334155``
and ``int(n * sqrt(2))`` at ``n = 93222358``.  :meth:`QuadraticIrrational.floors`
is a bulk path that is as fast as the float computation and still exact: it
computes a float estimate, proves each term correct with a rigorous error bound,
and recomputes the few terms it cannot prove with the exact oracle.

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
from dataclasses import dataclass
from functools import cache, cached_property
from math import isqrt
from typing import TYPE_CHECKING

from wythoff.core import lazy

if TYPE_CHECKING:
    import numpy as np
else:  # imported on first use: a lookup of a few terms needs no numpy
    np = lazy.module("numpy", globals())


# The fast path certifies a term when its float estimate x lies farther than
# x * 2**-50 from an integer; the true error is below x * 2**-51 (see floors()).
_RELATIVE_SLACK = 2.0**-50
# Above this estimate the slack approaches 1/2 and certification is pointless.
_FAST_PATH_LIMIT = 2.0**46
# Indices beyond this are not all representable in float64.
_EXACT_FLOAT_INTEGERS = 2**53
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
        root = isqrt(n * n * self.d)  # floor(|n| sqrt d); never exact unless n == 0
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

        Exact, and about as fast as numpy's float64 ``floor``.  The float estimate
        ``x = fl(N * fl(alpha))`` differs from ``N*alpha`` by less than
        ``N*alpha * 2**-52 * (1 + 2**-45) < x * 2**-51`` (two roundings of relative
        size ``2**-53`` each, ``N`` exact below ``2**53``).  A term whose estimate
        lies farther than ``x * 2**-50`` from every integer therefore has the
        estimate's floor; the others (a handful per ten million) are recomputed with
        :meth:`floor_times`.  Ranges that reach ``2**46`` or use negative numbers go
        entirely through the oracle.  Returns ``int64`` when every term fits, else
        an ``object`` array of Python integers.

        >>> phi = QuadraticIrrational(1, 5, 2)
        >>> phi.floors(102334154, 3).tolist()
        [165580139, 165580140, 165580142]
        """
        if count < 0:
            raise ValueError("count must be non-negative")
        last = start + (count - 1) * step if count else start
        alpha = float(self)
        fast = (
            count > 0
            and min(start, last) >= 0
            and max(start, last, abs(step)) < _EXACT_FLOAT_INTEGERS  # exact in float64
            and alpha > 0
            and max(start, last) * alpha < _FAST_PATH_LIMIT
        )
        if not fast:
            values = [self.floor_times(start + i * step) for i in range(count)]
            return _as_array(values)
        out = np.empty(count, dtype=np.int64)
        flagged = np.empty(_FLAG_CAPACITY, dtype=np.int64)
        kernel, collect = _compiled_kernels()
        total = kernel(alpha, start, step, out, flagged, _RELATIVE_SLACK)
        if total > _FLAG_CAPACITY:
            flagged = np.empty(total, dtype=np.int64)
            collect(alpha, start, step, count, flagged, _RELATIVE_SLACK)
        for i in flagged[: min(total, len(flagged))]:
            out[i] = self.floor_times(start + int(i) * step)
        return out


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
def _compiled_kernels():
    """The bulk kernels, compiled on first use (importing numba costs 0.2 s, which
    single-term callers such as ``wythoff position`` should not pay)."""
    import numba

    jit = numba.njit(cache=True, nogil=True)
    return jit(_floor_kernel), jit(_collect_flagged)


def _floor_kernel(alpha, start, step, out, flagged, slack):  # pragma: no cover - compiled
    capacity = flagged.shape[0]
    total = 0
    for i in range(out.shape[0]):
        x = float(start + i * step) * alpha
        f = math.floor(x)
        r = x - f
        margin = x * slack
        if r <= margin or r >= 1.0 - margin:
            if total < capacity:
                flagged[total] = i
            total += 1
        out[i] = np.int64(f)
    return total


def _collect_flagged(alpha, start, step, count, flagged, slack):  # pragma: no cover
    k = 0
    for i in range(count):
        x = float(start + i * step) * alpha
        r = x - math.floor(x)
        margin = x * slack
        if r <= margin or r >= 1.0 - margin:
            flagged[k] = i
            k += 1
