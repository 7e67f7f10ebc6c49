"""Larsson's p-complementary Beatty pair and the restrictions of m-Wythoff Nim.

For ``m, p >= 1`` let ``phi_x = (2 - x + sqrt(x^2 + 4)) / 2`` and

    a_n = floor(n phi_{mp} / p),   b_n = a_n + m n   (n >= 0).

``a`` and ``(b_n)_{n>=1}`` are p-complementary: every non-negative integer occurs
exactly ``p`` times in the two together.  ``{a_n, b_n}`` is the set of
P-positions of three games (Theorem 2.1):

* ``mWN^p``: m-Wythoff Nim where the previous player may forbid up to ``p - 1``
  rook moves that are not m-bishop moves;
* ``mWN^(l,P)``: m-bishop moves and rook moves of length ``= 0..l-1 (mod P)``;
  solved by the pair ``(m, p)`` when ``l = 0, P = p, gcd(m, p) = 1`` and when
  ``l = m, P = mp``; the other cases have no known formula (section 7);
* ``m x p WN_l``: (mp)-Wythoff Nim that may not enter the rectangle
  ``x < m(p - l), y < ml``, with P-positions ``(a_{ip+l}, b_{ip+l})``, ``i >= 0``, and
  ``(b_{ip-l}, a_{ip-l})``, ``i >= 1``.

>>> [a(2, 3, n) for n in range(9)], [b(2, 3, n) for n in range(6)]
([0, 0, 0, 1, 1, 1, 2, 2, 3], [0, 2, 4, 7, 9, 11])

References
----------
U. Larsson, *Restrictions of m-Wythoff Nim and p-complementary Beatty sequences*,
Games of No Chance 4, MSRI Publications 63 (2015).
"""

from __future__ import annotations

from functools import cache
from math import gcd

from wythoff.core.games.rules import Rules
from wythoff.core.games.strategy import BeattyPairStrategy, ChoiceStrategy
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.core.validation import positive_integer


def check(m: int, p: int) -> None:
    positive_integer("m", m)
    positive_integer("p", p)


def slope(m: int, p: int) -> QuadraticIrrational:
    """``phi_{mp} / p = (2 - mp + sqrt((mp)^2 + 4)) / (2p)``."""
    check(m, p)  # before the cache, which would take True for 1 and 2.0 for 2
    return _slope(m, p)


@cache
def _slope(m: int, p: int) -> QuadraticIrrational:
    t = m * p
    return QuadraticIrrational(2 - t, t * t + 4, 2 * p)


def a(m: int, p: int, n: int) -> int:
    return slope(m, p).floor_times(n)


def b(m: int, p: int, n: int) -> int:
    return a(m, p, n) + m * n


def phi(m: int, p: int, n: int) -> int:
    """``phi_n = p b_n - n = (a_n + (mp - 1) b_n) / m`` of Theorem 5.1."""
    return p * b(m, p, n) - n


# -- the three mex recurrences of Proposition 5.2 -------------------------------


def recurrence_multiset(m: int, p: int, count: int) -> list[tuple[int, int]]:
    """(i): ``x_n`` is the least value occurring fewer than ``p`` times among the
    earlier pairs (each pair ``j`` counted once per value it holds); ``y_n = x_n + mn``."""
    check(m, p)
    occurrences: dict[int, int] = {}
    pairs = []
    least = 0
    for n in range(count):
        while occurrences.get(least, 0) >= p:
            least += 1
        x = least
        y = x + m * n
        for value in {x, y}:
            occurrences[value] = occurrences.get(value, 0) + 1
        pairs.append((x, y))
    return pairs


def recurrence_congruence(m: int, p: int, count: int) -> list[tuple[int, int]]:
    """(ii): ``x_n = mex({x_i : i = n mod p} U {y_i : i = -n mod p}, i < n)``.

    Each residue class keeps its excluded set and its mex, which only grow: pair
    ``i`` adds ``x_i`` to class ``i mod p`` and ``y_i`` to class ``-i mod p``."""
    check(m, p)
    excluded: list[set[int]] = [set() for _ in range(p)]
    least = [0] * p
    pairs: list[tuple[int, int]] = []
    for n in range(count):
        r = n % p
        while least[r] in excluded[r]:
            least[r] += 1
        x = least[r]
        y = x + m * n
        pairs.append((x, y))
        excluded[r].add(x)
        excluded[(-n) % p].add(y)
    return pairs


def recurrence_interleaved(m: int, p: int, count: int) -> list[tuple[int, int]]:
    """(iii): ``x_{pn+l} = mex{x_{pi+l}, y_{p(i+1)-l} : i < n}`` (``l = 0``: ``y_{pi}``).

    Each ``l`` keeps its excluded set and its mex; before ``x_{pn+l}`` the set gains
    the two members with ``i = n - 1`` (a later ``y`` of the same class must wait:
    ``y_{pn+p-l}`` may come before ``x_{pn+l}``)."""
    check(m, p)
    excluded: list[set[int]] = [set() for _ in range(p)]
    least = [0] * p
    pairs: list[tuple[int, int]] = []
    for index in range(count):
        n, l = divmod(index, p)  # noqa: E741
        if n:
            excluded[l].add(pairs[p * (n - 1) + l][0])
            excluded[l].add(pairs[p * n - l if l else p * (n - 1)][1])
        while least[l] in excluded[l]:
            least[l] += 1
        x = least[l]
        pairs.append((x, x + m * index))
    return pairs


# -- games ---------------------------------------------------------------------


def blocking_rules(m: int, p: int) -> Rules:
    """``mWN^p``."""
    check(m, p)
    return Rules(bishop=m, blocking=p)


def modulo_rules(m: int, p: int, l: int) -> Rules:  # noqa: E741
    """``mWN^(l,p)``: rook lengths ``= 0, ..., l-1 (mod p)``; ``l = 0`` means multiples of
    p, so ``l = 0`` and ``l = 1`` are the same game."""
    check(m, p)
    if not isinstance(l, int) or not 0 <= l < p:
        raise ValueError(f"l must be an integer with 0 <= l < p = {p} (got {l!r})")
    residues = tuple(range(l)) if l else (0,)
    return Rules(rook_modulus=p, rook_residues=residues, bishop=m)


def shifted_rules(m: int, p: int, l: int) -> Rules:  # noqa: E741
    """``m x p WN_l``: (mp)-Wythoff Nim off the rectangle ``x < m(p - l), y < ml``."""
    check(m, p)
    if not isinstance(l, int) or not 0 <= l < p:
        raise ValueError(f"l must be an integer with 0 <= l < p = {p} (got {l!r})")
    return Rules(bishop=m * p, rectangle=(m * (p - l), m * l))


def choice_rules(m: int, p: int) -> Rules:
    """``m x p WN``: (mp)-Wythoff Nim where, before the first move, the second player
    chooses the rectangle of one ``m x p WN_l``, ``0 <= l < p`` (Theorem 2.1 (iii)(b))."""
    check(m, p)
    if p < 2:
        raise ValueError("m x p WN needs p >= 2: for p = 1 there is nothing to choose")
    rectangles = tuple(shifted_rules(m, p, l).rectangle for l in range(p))  # noqa: E741
    return Rules(bishop=m * p, rectangle_choices=rectangles)


def modulo_pair(m: int, modulus: int, l: int) -> tuple[int, int] | None:  # noqa: E741
    """The pair ``(m, p)`` whose sequences solve ``mWN^(l, modulus)``, or ``None``
    when no formula is known (Theorem 2.1 (ii))."""
    if l <= 1 and gcd(m, modulus) == 1:  # l = 1 allows the same lengths as l = 0
        return m, modulus
    if l == m and modulus % m == 0 and modulus > m:
        return m, modulus // m
    return None


def pair_strategy(m: int, p: int, rules: Rules) -> BeattyPairStrategy:
    """The strategy of a game whose P-positions are ``{a_n, b_n}`` for ``(m, p)``."""
    return BeattyPairStrategy(rules, slope(m, p), m)


def shifted_strategy(m: int, p: int, l: int) -> BeattyPairStrategy:  # noqa: E741
    """``m x p WN_l``: ``(a_j, b_j)`` for ``j = l (mod p)`` and ``(b_j, a_j)`` for
    ``j = -l (mod p)``, ``j > 0``."""
    return BeattyPairStrategy(shifted_rules(m, p, l), slope(m, p), m, orientation=(p, l))


def choice_strategy(m: int, p: int) -> ChoiceStrategy:
    """``m x p WN``: the P-positions are ``{a_n, b_n}``, both orders (the second player
    chooses ``l = n mod p`` for ``(a_n, b_n)`` and ``l = -n mod p`` for ``(b_n, a_n)``);
    from any other position the first player wins in every ``m x p WN_l``."""
    rules = choice_rules(m, p)
    variants = tuple(shifted_strategy(m, p, l) for l in range(p))  # noqa: E741
    return ChoiceStrategy(rules, variants, pair_strategy(m, p, rules))
