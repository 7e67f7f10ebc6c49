"""Which Beatty sequences ``floor(n*alpha + beta)`` begin with given terms: exactly.

Terms ``t(n)``, ``n = first, first + 1, ...``, are ``floor(n*alpha + beta)`` exactly
when ``t(n) <= n*alpha + beta < t(n) + 1`` for every n: a convex polygon of
``(alpha, beta)``.  Eliminating ``beta`` leaves, for each pair ``i < j`` of indices,

    (t(j) - t(i) - 1) / (j - i)  <  alpha  <  (t(j) - t(i) + 1) / (j - i),

so the slopes form an open interval with rational end points (the digital
straight segment's "preimage"), and eliminating ``alpha`` the same way bounds
``beta``.  Every end point is a fraction of integers: nothing here is rounded.

Inside the interval, :func:`simplest_fraction` is the rational with the smallest
denominator (the Stern-Brocot tree's), and :func:`quadratic_irrationals` the
simplest numbers ``(c + sqrt(d))/e``: a sequence that begins like
``floor(n*sqrt(3))`` gets an interval that holds sqrt(3), and says so.

>>> from math import isqrt
>>> fit = fit_beatty([isqrt(3 * n * n) for n in range(1, 41)], first=1)
>>> float(fit.alpha_low) < 3 ** 0.5 < float(fit.alpha_high)
True
>>> [plain(q) for q in quadratic_irrationals(fit.alpha_low, fit.alpha_high)][:1]
['sqrt(3)']
>>> fit_beatty([0, 1, 3, 2], first=0) is None   # not a Beatty sequence
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt

import numpy as np

from wythoff.core.quadratic import QuadraticIrrational


@dataclass(frozen=True)
class BeattyFit:
    """The ``(alpha, beta)`` with ``floor(n*alpha + beta) = t(n)`` for every given n:
    ``alpha`` in the open interval ``(alpha_low, alpha_high)``, and ``beta`` between
    ``beta_low`` and ``beta_high`` (over all those alphas; ``beta_low`` itself may be
    taken only when ``first = 0``)."""

    alpha_low: Fraction
    alpha_high: Fraction
    beta_low: Fraction
    beta_high: Fraction
    first: int
    count: int

    def holds(self, alpha: QuadraticIrrational | Fraction) -> bool:
        """Whether ``alpha`` lies strictly inside the slopes' interval."""
        return _above(alpha, self.alpha_low) and _above(self.alpha_high, alpha)


def fit_beatty(terms: Sequence[int], first: int = 0) -> BeattyFit | None:
    """The Beatty sequences that begin with ``terms`` (``t(first)``, ...); ``None`` if none
    does.  Needs at least two terms; ``first >= 0``.

    Pairs at the same distance ``k = j - i`` share a denominator, so each distance
    needs only the largest and smallest numerator: ``len(terms)`` vector steps in
    memory proportional to the terms, and one exact fraction per distance."""
    if len(terms) < 2 or first < 0:
        return None
    t = _integers(terms)
    n = _integers(range(first, first + len(terms)))
    alpha_lows, alpha_highs, beta_lows, beta_highs = [], [], [], []
    for k in range(1, len(terms)):
        rise = t[k:] - t[:-k]
        alpha_lows.append(Fraction(int(rise.max()) - 1, k))
        alpha_highs.append(Fraction(int(rise.min()) + 1, k))
        # beta >= t(i) - n_i alpha against beta < t(j) + 1 - n_j alpha, alpha eliminated
        # (j = i + k): the later index bounds beta from below, the earlier from above
        n_i, n_j = n[:-k], n[k:]
        beta_lows.append(Fraction(int((n_j * t[:-k] - n_i * (t[k:] + 1)).max()), k))
        beta_highs.append(Fraction(int((n_j * (t[:-k] + 1) - n_i * t[k:]).min()), k))
    alpha_low, alpha_high = max(alpha_lows), min(alpha_highs)
    if alpha_low >= alpha_high:
        return None
    beta_low, beta_high = max(beta_lows), min(beta_highs)
    if first == 0:  # the term at n = 0 is floor(beta) itself
        beta_low = max(beta_low, Fraction(terms[0]))
        beta_high = min(beta_high, Fraction(terms[0] + 1))
    return BeattyFit(alpha_low, alpha_high, beta_low, beta_high, first, len(terms))


def _integers(values: Iterable[int]) -> np.ndarray:
    """Integers as an array: int64 when every product made of them stays exact
    (both factors below 2**31), else Python integers."""
    listed = list(values)
    small = all(abs(v) < 2**30 for v in listed) and len(listed) < 2**30
    return np.array(listed, dtype=np.int64 if small else object)


def simplest_fraction(low: Fraction, high: Fraction) -> Fraction:
    """The fraction with the smallest denominator strictly between ``low < high``
    (then the smallest numerator): a walk down the Stern-Brocot tree.

    >>> simplest_fraction(Fraction(3, 2), Fraction(5, 3))
    Fraction(8, 5)
    >>> simplest_fraction(Fraction(1), Fraction(2))
    Fraction(3, 2)
    """
    base = low.numerator // low.denominator
    if base + 1 < high:
        return Fraction(base + 1)
    left, right = (base, 1), (base + 1, 1)  # low lies in [left, right)
    while True:
        middle = (left[0] + right[0], left[1] + right[1])
        value = Fraction(*middle)
        if value <= low:
            left = middle
        elif value >= high:
            right = middle
        else:
            return value


def quadratic_irrationals(
    low: Fraction, high: Fraction, most: int = 3, height: int = 40
) -> list[QuadraticIrrational]:
    """The simplest ``(c + sqrt(d))/e`` strictly inside ``(low, high)``: ``d`` square-free
    (so each number is written once), ordered by ``d + e + |c|`` (then ``d``, ``e``), at
    most ``most`` of them with ``d + e + |c| <= height``.  Those are the slopes people
    write down: sqrt(3), the golden ratio (1 + sqrt(5))/2, 1 + sqrt(2).

    >>> [plain(q) for q in quadratic_irrationals(Fraction(161, 100), Fraction(162, 100))]
    ['(1 + sqrt(5))/2', '(4 + sqrt(6))/4', '(8 + sqrt(11))/7']
    """
    found: list[tuple[tuple[int, int, int], QuadraticIrrational]] = []
    for d in range(2, height):
        if not _square_free(d):
            continue
        root = isqrt(d)
        for e in range(1, height - d + 1):
            # (c + sqrt(d))/e in (low, high): c between e*low - sqrt(d) and e*high - sqrt(d)
            for c in range(math.floor(e * low) - root - 1, math.ceil(e * high) - root + 1):
                if d + e + abs(c) > height:
                    continue
                candidate = QuadraticIrrational(c, d, e)
                if _above(candidate, low) and _above(high, candidate):
                    found.append(((d + e + abs(c), d, e), candidate))
    found.sort(key=lambda item: item[0])
    return [candidate for _, candidate in found[:most]]


def plain(number: QuadraticIrrational) -> str:
    """The number as people write it: ``sqrt(3)``, ``1 + sqrt(2)``, ``(1 + sqrt(5))/2``;
    the square factors taken out of the root and the fraction reduced, as by hand.

    >>> plain(QuadraticIrrational(0, 3, 1)), plain(QuadraticIrrational(-1, 13, 2))
    ('sqrt(3)', '(-1 + sqrt(13))/2')
    >>> plain(QuadraticIrrational(26, 580, 16)), plain(QuadraticIrrational(18, 260, 16))
    ('(13 + sqrt(145))/8', '(9 + sqrt(65))/8')
    >>> plain(QuadraticIrrational(0, 12, 4)), plain(QuadraticIrrational(3, 18, 1))
    ('sqrt(3)/2', '3 + 3*sqrt(2)')
    """
    c, outside, d, e = _reduced(number)
    root = f"sqrt({d})" if outside == 1 else f"{outside}*sqrt({d})"
    if c:
        joined = f"{c} {'-' if number.sign < 0 else '+'} {root}"
        return joined if e == 1 else f"({joined})/{e}"
    signed = f"{'-' if number.sign < 0 else ''}{root}"
    return signed if e == 1 else f"{signed}/{e}"


def _reduced(number: QuadraticIrrational) -> tuple[int, int, int, int]:
    """``(c, k, d, e)`` with ``number = (c + sign*k*sqrt(d))/e``, ``d`` square-free and
    ``gcd(c, k, e) = 1``: the number written once."""
    outside, d = 1, number.d  # sqrt(d) = outside * sqrt(d / outside^2)
    factor = 2
    while factor * factor <= d:
        while d % (factor * factor) == 0:
            d //= factor * factor
            outside *= factor
        factor += 1
    common = math.gcd(math.gcd(number.c, outside), number.e)
    return number.c // common, outside // common, d, number.e // common


def height(number: QuadraticIrrational) -> int:
    """``d + e + |c|`` of the number written ``(c + sqrt(d))/e`` in lowest terms: the
    order of :func:`quadratic_irrationals`, which lists every number of a lower height
    written so with ``d`` square-free.  A number with a root of another coefficient or
    sign, ``(c - k*sqrt(d))/e``, counts its root as ``sqrt(k*k*d)``.

    >>> height(QuadraticIrrational(1, 3, 2)), height(QuadraticIrrational(14, 14, 13))
    (6, 41)
    >>> height(QuadraticIrrational(0, 12, 2)), height(QuadraticIrrational(3, 5, 2, -1))
    (4, 10)
    """
    c, k, d, e = _reduced(number)
    return k * k * d + e + abs(c)


def intercept(
    alpha: QuadraticIrrational | Fraction, terms: Sequence[int], first: int
) -> Fraction | None:
    """The simplest ``beta`` (0 if it can be, else the fraction of least denominator)
    with ``floor(n*alpha + beta) = terms[n - first]`` for every given n; ``None`` when
    no ``beta`` gives them with this slope.

    The betas that do form ``[max(t(n) - n*alpha), min(t(n) + 1 - n*alpha))``; the two
    indices reaching the ends are found by exact comparisons, and a fraction inside
    from two rational bounds of ``alpha`` made finer until they separate.

    >>> terms = [1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 15, 16, 17, 19, 20, 21, 23, 24, 25, 27]
    >>> intercept(QuadraticIrrational(1, 3, 2), terms, 1), intercept(Fraction(15, 11), terms, 1)
    (Fraction(0, 1), Fraction(0, 1))
    >>> intercept(QuadraticIrrational(4, 2, 4), terms, 1)   # (4 + sqrt(2))/4 needs beta
    Fraction(1, 6)
    >>> intercept(Fraction(3, 2), terms, 1) is None
    True
    """
    if not terms:
        return Fraction(0)
    if isinstance(alpha, Fraction):
        low = max(t - n * alpha for n, t in enumerate(terms, first))
        high = min(t + 1 - n * alpha for n, t in enumerate(terms, first))
        if low >= high:
            return None
        if low <= 0 < high:
            return Fraction(0)
        inside = simplest_fraction(low, high)
        return low if low.denominator <= inside.denominator else inside
    # t(i) - i*alpha > t(j) - j*alpha for i > j  <=>  alpha < (t(i) - t(j))/(i - j)
    top = bottom = 0  # the positions of the largest and the smallest t(n) - n*alpha
    for k in range(1, len(terms)):
        if alpha.compare_with(terms[k] - terms[top], k - top) < 0:
            top = k
        if alpha.compare_with(terms[k] - terms[bottom], k - bottom) > 0:
            bottom = k
    if terms_of(alpha, Fraction(0), first, len(terms)) == list(terms):
        return Fraction(0)
    (i, t_i), (j, t_j) = (first + top, terms[top]), (first + bottom, terms[bottom])
    scale = 1 << 32
    while scale < 1 << 4096:
        below = Fraction(alpha.floor_times(scale), scale)  # below < alpha < below + 1/scale
        low = t_i - i * below  # >= t(i) - i*alpha, the least beta
        high = t_j + 1 - j * (below + Fraction(1, scale))  # <= t(j) + 1 - j*alpha
        if i == 0 and t_i < high:  # the least beta is t(0) itself, allowed
            return Fraction(t_i)
        if low < high:
            beta = simplest_fraction(low, high)
            if terms_of(alpha, beta, first, len(terms)) == list(terms):
                return beta
            return None  # alpha outside the slopes of the terms
        scale <<= 32
    return None


def first_difference(
    x: Callable[[int], int | None], y: Callable[[int], int | None], start: int, stop: int
) -> int | None:
    """The first ``n`` in ``start .. stop - 1`` where both sequences have a term and the
    terms differ; ``None`` if there is none."""
    for n in range(start, stop):
        a, b = x(n), y(n)
        if a is not None and b is not None and a != b:
            return n
    return None


def _square_free(d: int) -> bool:
    return all(d % (k * k) for k in range(2, isqrt(d) + 1))


def _above(x: QuadraticIrrational | Fraction, y: QuadraticIrrational | Fraction) -> bool:
    """``x > y`` exactly, for a quadratic irrational and a fraction in either order."""
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x > y
    if isinstance(x, QuadraticIrrational) and isinstance(y, Fraction):
        return x.compare_with(y.numerator, y.denominator) > 0
    if isinstance(x, Fraction) and isinstance(y, QuadraticIrrational):
        return y.compare_with(x.numerator, x.denominator) < 0
    raise TypeError("compare a quadratic irrational with a fraction")


def partner(low: Fraction, high: Fraction) -> tuple[Fraction, Fraction] | None:
    """The interval of ``alpha' = alpha/(alpha - 1)`` (``1/alpha + 1/alpha' = 1``) as
    ``alpha`` ranges over ``(low, high)``, when ``low >= 1``; the map is decreasing.

    >>> partner(Fraction(3, 2), Fraction(5, 3))
    (Fraction(5, 2), Fraction(3, 1))
    """
    if low < 1:
        return None
    upper = None if low == 1 else low / (low - 1)
    if upper is None:
        return None
    return high / (high - 1), upper


def terms_of(alpha: QuadraticIrrational, beta: Fraction, first: int, count: int) -> list[int]:
    """``floor(n*alpha + beta)`` for ``n = first .. first + count - 1``, exactly:
    ``floor(n*alpha + p/q) = (floor(q*n*alpha) + p) // q``.

    >>> terms_of(QuadraticIrrational(1, 5, 2), Fraction(0), 0, 6)
    [0, 1, 3, 4, 6, 8]
    """
    p, q = beta.numerator, beta.denominator
    return [(alpha.floor_times(q * n) + p) // q for n in range(first, first + count)]
