"""Checks of the theorems' conclusions on finite data.

Each check returns ``None`` when the property holds on the data and otherwise a
sentence naming the first counterexample, so that a build can stop with a
report a mathematician can act on.

>>> lower = [1, 3, 4, 6, 8, 9, 11, 12]      # floor(n phi), n >= 1
>>> upper = [2, 5, 7, 10, 13]               # floor(n phi^2)
>>> complementary(lower, upper, 12) is None
True
>>> complementary(lower, [2, 5, 7, 13], 12)
'10 occurs 0 times (expected 1)'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

# Terms as a list of Python integers or as a numpy array (int64 or object).
Integers = Sequence[int] | np.ndarray


def occurrence_counts(values: Integers, limit: int) -> np.ndarray:
    """``counts[v]`` = how many of ``values`` equal ``v``, for ``0 <= v <= limit``."""
    array = np.asarray(values, dtype=np.int64)
    array = array[(array >= 0) & (array <= limit)]
    return np.bincount(array, minlength=limit + 1)


def p_complementary(
    first: Integers, second: Integers, p: int, limit: int, start: int = 0
) -> str | None:
    """Every integer ``v`` with ``start <= v <= limit`` occurs exactly ``p`` times in
    ``first`` and ``second`` together (the lists must reach beyond ``limit``)."""
    counts = occurrence_counts(first, limit) + occurrence_counts(second, limit)
    wrong = np.nonzero(counts[start:] != p)[0]
    if len(wrong):
        v = int(wrong[0]) + start
        return f"{v} occurs {int(counts[v])} times (expected {p})"
    return None


def complementary(first: Integers, second: Integers, limit: int) -> str | None:
    """Every positive integer up to ``limit`` occurs exactly once in the two lists."""
    return p_complementary(first, second, 1, limit, start=1)


def equal(first: Integers, second: Integers) -> str | None:
    """The two lists agree term by term (on their common length, which must be > 0)."""
    count = min(len(first), len(second))
    if count == 0:
        return "nothing to compare"
    for n in range(count):
        if int(first[n]) != int(second[n]):
            return f"they differ at index {n}: {int(first[n])} != {int(second[n])}"
    return None
