"""Convergents of continued fractions, exactly.

Fraenkel's numeration systems are built on the convergents ``p_i / q_i`` of
``alpha = [1; a, a, a, ...]``; this module computes them for any sequence of
partial quotients with the classical recurrence

    p_{-1} = 1, p_0 = a_0,  p_n = a_n p_{n-1} + p_{n-2}
    q_{-1} = 0, q_0 = 1,    q_n = a_n q_{n-1} + q_{n-2}

Examples
--------
>>> list(convergents([1, 2, 2, 2, 2]))
[(1, 1), (3, 2), (7, 5), (17, 12), (41, 29)]

See Also
--------
wythoff.core.numeration : the p-system and q-system built on these numbers.

References
----------
Fraenkel, *How to beat your Wythoff games' opponent on three fronts* (1982), section 4.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import chain, islice, repeat


def convergents(partial_quotients: Iterable[int]) -> Iterator[tuple[int, int]]:
    """Yield ``(p_n, q_n)`` for n = 0, 1, 2, ... of ``[a_0; a_1, a_2, ...]``."""
    p_prev, p = 0, 1  # p_{-2}, p_{-1}
    q_prev, q = 1, 0  # q_{-2}, q_{-1}
    for a in partial_quotients:
        p_prev, p = p, a * p + p_prev
        q_prev, q = q, a * q + q_prev
        yield p, q


def periodic_quotients(a: int) -> Iterator[int]:
    """The partial quotients 1, a, a, a, ... of Fraenkel's ``alpha = [1; a, a, ...]``."""
    if a < 1:
        raise ValueError("a must be a positive integer")
    return chain([1], repeat(a))


@lru_cache(maxsize=64)
def fraenkel_convergents(a: int, count: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The first ``count`` numerators and denominators of ``[1; a, a, ...]``.

    >>> fraenkel_convergents(2, 6)
    ((1, 3, 7, 17, 41, 99), (1, 2, 5, 12, 29, 70))
    """
    pairs = list(islice(convergents(periodic_quotients(a)), count))
    return tuple(p for p, _ in pairs), tuple(q for _, q in pairs)


def convergents_below(a: int, limit: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """All convergents of ``[1; a, a, ...]`` whose denominator ``q_i <= limit``, with
    one more numerator and denominator beyond, so that greedy digit expansions of
    any number up to ``limit`` can use them as a base.
    """
    count = 2
    while True:
        ps, qs = fraenkel_convergents(a, count)
        if qs[-1] > limit and ps[-1] > limit:
            return ps, qs
        count *= 2
