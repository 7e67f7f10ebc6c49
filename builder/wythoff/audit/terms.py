"""Each stored term against what its sequence's ID says it is.

A Beatty-type term is ``a(n) = s * floor(t * (P + Q sqrt D) / R) + c n + e`` with
``t = u n + v``; it is checked by its floor brackets, ``F R <= t P + t Q sqrt D <
(F + 1) R``, each side compared in integers (signs, then squares), never by
computing the floor.  A convergent is checked by its recurrence, a coordinate of a
game's P-positions by the board, a row of Sprague–Grundy values by the strip.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Bracket:
    """``a(n) = scale * floor((u n + v) (P + Q sqrt D) / R) + c n + e``."""

    P: int
    Q: int
    D: int
    R: int
    u: int = 1
    v: int = 0
    scale: int = 1
    c: int = 0
    e: int = 0


def bracket(sequence_id: str) -> Bracket | None:
    """The closed form a sequence's ID names (None: not one of these)."""
    if found := re.fullmatch(r"(?:wythoff|wythoff-misere)-(a|b)", sequence_id):
        return Bracket(1, 1, 5, 2, c=found[1] == "b")
    if found := re.fullmatch(r"fraenkel-a(\d+)-(a|b)", sequence_id):
        a = int(found[1])
        return Bracket(2 - a, 1, a * a + 4, 2, c=a if found[2] == "b" else 0)
    if found := re.fullmatch(r"connell-k(\d+)-(u|v)(\d+)", sequence_id):
        k, i = int(found[1]), int(found[3])
        v = found[2] == "v"
        return Bracket(2 - k, 1, k * k + 4, 2 * k, u=k, v=i, c=k if v else 0, e=i if v else 0)
    if found := re.fullmatch(r"larsson-m(\d+)-p(\d+)-(a|b|phi)", sequence_id):
        m, p, kind = int(found[1]), int(found[2]), found[3]
        x = m * p
        if kind == "phi":  # p b(n) - n = p a(n) + (p m - 1) n
            return Bracket(2 - x, 1, x * x + 4, 2 * p, scale=p, c=p * m - 1)
        return Bracket(2 - x, 1, x * x + 4, 2 * p, c=m if kind == "b" else 0)
    if sequence_id == "modular-a":
        return Bracket(-1, 1, 5, 2)
    if found := re.fullmatch(r"beatty-sqrt(\d+)-(a|b)", sequence_id):
        d = int(found[1])
        return Bracket(0, 1, d, 1) if found[2] == "a" else Bracket(d, 1, d, d - 1)
    return None


EXCEPTIONS = {"wythoff-misere-a": {0: 0, 1: 2}, "wythoff-misere-b": {0: 1, 1: 2}}
"""Terms that the closed form does not give (misère play's first pairs, Gardner)."""


def first_bad_bracket(form: Bracket, ns: list[int], terms: list[int]) -> int | None:
    """The first position in ``ns`` whose term is outside its floor bracket."""
    if ns and max(abs(t) for t in terms) < 1 << 24 and ns[-1] < 1 << 24 and form.D < 1 << 10:
        return _first_bad_numpy(form, np.array(ns, dtype=np.int64), np.array(terms, dtype=np.int64))
    for i, (n, term) in enumerate(zip(ns, terms, strict=True)):
        rest = term - form.c * n - form.e
        if rest % form.scale:
            return i
        floor, t = rest // form.scale, form.u * n + form.v
        low, high = floor * form.R - t * form.P, (floor + 1) * form.R - t * form.P
        if not (_at_most(low, t * form.Q, form.D) and not _at_most(high, t * form.Q, form.D)):
            return i
    return None


def _at_most(left: int, c: int, d: int) -> bool:
    """``left <= c sqrt d``, in integers."""
    if c >= 0:
        return left <= 0 or left * left <= c * c * d
    return left <= 0 and left * left >= c * c * d


def _first_bad_numpy(form: Bracket, n: np.ndarray, terms: np.ndarray) -> int | None:
    """:func:`first_bad_bracket` on 64-bit integers (every square below 2^62 here)."""
    rest = terms - form.c * n - form.e
    divisible = rest % form.scale == 0
    floor, t = rest // form.scale, form.u * n + form.v
    low = floor * form.R - t * form.P
    high = low + form.R
    c = t * form.Q
    ok = divisible & _at_most_array(low, c, form.D) & ~_at_most_array(high, c, form.D)
    bad = np.flatnonzero(~ok)
    return int(bad[0]) if bad.size else None


def _at_most_array(left: np.ndarray, c: np.ndarray, d: int) -> np.ndarray:
    squares = left * left
    bound = c * c * d
    result: np.ndarray = np.where(
        c >= 0, (left <= 0) | (squares <= bound), (left <= 0) & (squares >= bound)
    )
    return result


def convergents(sequence_id: str, count: int) -> list[int] | None:
    """Fraenkel's numeration's convergents p(i), q(i) from i = 0: ``x(i) = a x(i - 1) +
    x(i - 2)`` from p(-1) = p(0) = 1, q(-1) = 0, q(0) = 1 (None: not one of these)."""
    found = re.fullmatch(r"fraenkel-a(\d+)-(p|q)", sequence_id)
    if not found:
        return None
    a = int(found[1])
    before, now = (1, 1) if found[2] == "p" else (0, 1)
    out = []
    for _ in range(count):
        out.append(now)
        before, now = now, a * now + before
    return out
