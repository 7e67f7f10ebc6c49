"""Larsson's open questions (section 7), answered on the data of a game without a formula.

For the P-positions ``(c_n, d_n)`` that the sparse solver proves, this module
measures what Larsson asks about the games outside Theorem 2.1:

* the ratio ``d_n / c_n`` and its apparent limit (its spread over the second
  half of the data);
* whether ``c`` and ``d`` stay within bounded distance of Beatty lines: the
  least-squares slope through the origin and the largest distance of the terms
  from it, on the first and on the second half (a bounded distance shows as a
  second-half figure no larger than the first-half one);
* whether the differences ``d_n - c_n`` are eventually periodic: the smallest
  period (up to a bound) of their increments on the second half, if any;
* the conjecture of section 7, line by line: how many P-positions each line
  ``v`` holds (every value occurs exactly ``p`` times if ``c`` and ``d`` are
  ``p``-complementary), against the largest number ``p - l + 1`` that rook
  moves of lengths ``0 .. l-1 (mod p)`` leave room for.

All counts are exact; the slopes and ratios are rounded for display only.

>>> from wythoff.core.games.rules import Rules
>>> from wythoff.core.games.sparse import SparseSolver
>>> deep = SparseSolver(Rules(rook_modulus=2, bishop=2))   # 2WN^(2), Larsson's Table 3
>>> seen = observe(deep, 2000, modulus=2, lengths=1)
>>> seen.line_counts, seen.bound
({2: 1205}, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from wythoff.core.games.sparse import SparseSolver

MAX_PERIOD = 1000


@dataclass(frozen=True)
class Observations:
    """What the data say about one game (see the module docstring)."""

    pairs: int
    settled: int
    ratio_last: float
    ratio_low: float
    ratio_high: float
    slope_c: float
    slope_d: float
    distance_c: tuple[float, float]  # largest |c_n - slope_c * n|: first half, second half
    distance_d: tuple[float, float]
    difference_period: int | None  # of d_n - c_n's increments on the second half
    line_counts: dict[int, int]  # P-positions per line -> number of lines
    bound: int  # p - l + 1
    first_exception: int | None  # first line not holding exactly p P-positions

    def summary(self, modulus: int) -> str:
        """The findings in one paragraph, for a game's page."""
        counts = ", ".join(
            f"{lines} lines hold {k}" for k, lines in sorted(self.line_counts.items())
        )
        period = (
            f"eventually periodic with period {self.difference_period}"
            if self.difference_period
            else f"not periodic with any period up to {MAX_PERIOD}"
        )
        exception = (
            f"every line up to {self.settled} holds exactly p = {modulus} P-positions"
            if self.first_exception is None
            else f"line {self.first_exception} is the first not holding p = {modulus}"
        )
        return (
            f"On {self.pairs:,} proven pairs (every line up to {self.settled:,} settled): "
            f"d_n / c_n = {self.ratio_last:.6f} at the last n, between {self.ratio_low:.6f} and "
            f"{self.ratio_high:.6f} over the second half; best slopes c_n ~ {self.slope_c:.6f} n "
            f"and d_n ~ {self.slope_d:.6f} n, with largest distances {self.distance_c[0]:.2f} "
            f"then {self.distance_c[1]:.2f} (c) and {self.distance_d[0]:.2f} then "
            f"{self.distance_d[1]:.2f} (d) over the two halves; the increments of d_n - c_n are "
            f"{period} on the second half. Lines: {counts} (at most p - l + 1 = {self.bound} "
            f"fit); {exception}."
        )


def observe(solver: SparseSolver, pairs: int, modulus: int, lengths: int) -> Observations:
    """Measure the first ``pairs`` pairs of the game ``solver`` settles; ``modulus`` is
    ``p`` and ``lengths`` is ``l`` (rook lengths ``0 .. l-1`` mod ``p``).

    The sums behind the slopes and distances are exact: in int64 where every product
    provably fits, else in Python integers."""
    cs, ds = _first(solver, pairs)
    count = len(cs)
    half = count // 2
    positive = cs[half:] > 0
    # float64 holds these integers exactly, so each ratio is the correctly rounded d / c
    ratios = ds[half:][positive].astype(np.float64) / cs[half:][positive].astype(np.float64)
    slope_c, slope_d = fitted_slope(cs), fitted_slope(ds)
    lines = solver.settled + 1
    per_line = solver.line_counts(lines)
    exceptions = np.flatnonzero(per_line != modulus)
    held, how_many = np.unique(per_line, return_counts=True)
    differences = ds.astype(np.int64) - cs.astype(np.int64)
    return Observations(
        pairs=count,
        settled=solver.settled,
        ratio_last=float(ratios[-1]) if len(ratios) else 0.0,
        ratio_low=float(ratios.min()) if len(ratios) else 0.0,
        ratio_high=float(ratios.max()) if len(ratios) else 0.0,
        slope_c=float(slope_c),
        slope_d=float(slope_d),
        distance_c=line_distances(cs, slope_c, half),
        distance_d=line_distances(ds, slope_d, half),
        difference_period=repeat_period(np.diff(differences)[half:]),
        line_counts={int(k): int(n) for k, n in zip(held, how_many, strict=True)},
        bound=modulus - max(lengths, 1) + 1,
        first_exception=int(exceptions[0]) if len(exceptions) else None,
    )


def _first(solver: SparseSolver, pairs: int) -> tuple[np.ndarray, np.ndarray]:
    solver.settle_pairs(pairs)
    cs, ds = solver.pairs()
    return cs[:pairs], ds[:pairs]


INT64_SAFE = 2**62
"""Sums and products below this cannot overflow int64 (with room for one addition)."""


def fitted_slope(values: Sequence[int] | np.ndarray) -> Fraction:
    """Least-squares slope of ``values[n]`` against ``n``, through the origin, exact."""
    values = np.asarray(values, dtype=np.int64)
    count = len(values)
    largest = int(np.abs(values).max()) if count else 0
    if count * count * largest < INT64_SAFE:
        numerator = int(np.dot(np.arange(count, dtype=np.int64), values.astype(np.int64)))
    else:
        numerator = sum(n * v for n, v in enumerate(values.tolist()))
    denominator = (count - 1) * count * (2 * count - 1) // 6  # the sum of n^2, n < count
    return Fraction(numerator, denominator) if denominator else Fraction(0)


def line_distances(
    values: Sequence[int] | np.ndarray, slope: Fraction, half: int
) -> tuple[float, float]:
    """Largest ``|v_n - slope * n|`` on each half, computed in integers (times the
    slope's denominator) and divided once."""
    values = np.asarray(values, dtype=np.int64)
    top, bottom = slope.numerator, slope.denominator
    count = len(values)
    largest = int(np.abs(values).max()) if count else 0
    if largest * bottom + abs(top) * count < INT64_SAFE:
        n = np.arange(count, dtype=np.int64)
        gaps = np.abs(values.astype(np.int64) * bottom - top * n)
        first = int(gaps[:half].max()) if half else 0
        second = int(gaps[half:].max()) if count > half else 0
    else:
        exact = [abs(v * bottom - top * n) for n, v in enumerate(values.tolist())]
        first, second = max(exact[:half], default=0), max(exact[half:], default=0)
    return first / bottom, second / bottom


def repeat_period(values: Sequence[int] | np.ndarray) -> int | None:
    """The smallest ``q <= MAX_PERIOD`` with ``values[i] == values[i + q]`` throughout,
    if the data hold at least three periods."""
    data = np.asarray(values, dtype=np.int64)
    largest = min(MAX_PERIOD, len(data) // 3)
    if largest < 1:
        return None
    # the shifts under which a few first terms repeat, found at once; then each in full
    probe = min(32, len(data) - largest)
    windows = np.lib.stride_tricks.sliding_window_view(data[: largest + probe], probe)
    candidates = np.flatnonzero((windows[1:] == data[:probe]).all(axis=1)) + 1
    for q in candidates.tolist():
        if np.array_equal(data[:-q], data[q:]):
            return q
    return None
