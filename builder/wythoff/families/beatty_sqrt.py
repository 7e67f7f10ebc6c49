"""The complementary Beatty pairs of square roots: floor(n sqrt d) and its complement.

For a non-square ``d >= 2`` the numbers ``sqrt(d)`` and ``sqrt(d)/(sqrt(d) - 1)``
are irrational and their reciprocals add up to 1, so by Beatty's theorem

    a(n) = floor(n sqrt(d)),    b(n) = floor(n sqrt(d)/(sqrt(d) - 1)),    n >= 1,

partition the positive integers.  ``sqrt(d)/(sqrt(d) - 1) = (d + sqrt(d))/(d - 1)``,
so both are exact floors of quadratic irrationals, computed with integer square
roots at any n.  Everything the package knows about this family lives here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from math import isqrt

from wythoff.core.quadratic import QuadraticIrrational
from wythoff.families import programs
from wythoff.families.base import (
    Beatty,
    CatalogView,
    Family,
    parameter_range,
    params_of,
)
from wythoff.families.evidence import Relation, Terms, complement_pair, has
from wythoff.families.ids import IdForm
from wythoff.families.papers import Paper
from wythoff.families.programs import Programs
from wythoff.families.records import FamilyRecord, GameRecord, SequenceRecord

PAGE = r"""---
title: Beatty pairs of square roots
---

# Beatty pairs of square roots

For a positive integer \(d\) that is not a square, \(\sqrt d\) is irrational and

\[
\frac{1}{\sqrt d} + \frac{\sqrt d - 1}{\sqrt d} = 1,
\]

so by **Beatty's theorem** the two sequences

\[
a(n) = \lfloor n\sqrt d \rfloor, \qquad
b(n) = \left\lfloor n\,\frac{\sqrt d}{\sqrt d - 1} \right\rfloor
     = \left\lfloor n\,\frac{d + \sqrt d}{d - 1} \right\rfloor \qquad (n \ge 1)
\]

are complementary: every positive integer occurs in exactly one of them. For
\(d = 2\) they are A001951 and A001952 (\(b(n) = \lfloor n(2+\sqrt2)\rfloor\)); for
\(d = 3\), A022838 and A054406.

## Where they sit

Most games of this database with a formula have Beatty pairs of quadratic
irrationals as their P-positions: Wythoff's pair is \(\varphi, \varphi^2\)
(\(\varphi = (1+\sqrt5)/2\)), Fraenkel's a-Wythoff pair is \(\alpha, \alpha + a\)
with \(\alpha = (2 - a + \sqrt{a^2+4})/2\), Connell's classes are shifted pairs
of \(1 + 1/A\) and \(1 + A\), \(A = (k + \sqrt{k^2+4})/2\), and Larsson's
p-complementary pairs are pairs of \(\varphi_{mp}/p\). Not every one: Khovanova and
Niu's m-Modular games have finitely many P-positions, misère Wythoff replaces the first
two of Wythoff's pairs by \((0, 1)\) and \((2, 2)\), and Larsson's shifted games take
the pairs of indices \(ip + l\) and \(ip - l\) in one order each. The pairs of \(\sqrt d\) are the
simplest quadratic Beatty pairs; for them no game is known here, and they serve
to compare: a pair of a game has a slope gap \(b(n) - a(n)\) that grows linearly
with n, as here, but its slopes are tied by the rules of the game.

**Exactness.** \(a(n) = \lfloor\sqrt{d n^2}\rfloor\) and
\(b(n) = (dn + \lfloor\sqrt{d n^2}\rfloor) \,/\!/\, (d - 1)\) are computed with integer
square roots, never with floating point.

## Reference

S. Beatty, Problem 3173, American Mathematical Monthly 33 (1926), 159; solutions
in 34 (1927), 159–160.
"""


SEQUENCE_IDS = {"a": IdForm("beatty-sqrt{d}-a"), "b": IdForm("beatty-sqrt{d}-b")}


def check_d(d: int) -> None:
    """Refuse a ``d`` whose square root is rational: Beatty's theorem needs irrationals."""
    if not isinstance(d, int) or d < 2:
        raise ValueError(f"d must be an integer >= 2 (got {d!r})")
    if isqrt(d) ** 2 == d:
        raise ValueError(f"d = {d} is a perfect square; sqrt(d) must be irrational")


def lower_slope(d: int) -> QuadraticIrrational:
    """``sqrt(d)``."""
    return QuadraticIrrational(0, d, 1)


def upper_slope(d: int) -> QuadraticIrrational:
    """``sqrt(d)/(sqrt(d) - 1) = (d + sqrt(d))/(d - 1)``."""
    return QuadraticIrrational(d, d, d - 1)


class BeattySqrtFamily(Family):
    family = FamilyRecord(
        key="beatty-sqrt",
        title="Beatty pairs of square roots",
        paper="beatty",
        summary=(
            "floor(n sqrt d) and floor(n sqrt(d)/(sqrt(d) - 1)) for a non-square d: the "
            "simplest complementary Beatty pairs of quadratic irrationals, beside the pairs "
            "that solve the games."
        ),
        parameters=("d",),
        page=PAGE,
    )
    default_ranges = {"d": (2, 30)}
    small_ranges = {"d": (2, 8)}
    papers = (
        Paper(
            "beatty",
            "S. Beatty",
            "Problem 3173",
            "American Mathematical Monthly 33, 159",
            1926,
        ),
    )
    sequence_ids = SEQUENCE_IDS  # the family has no games
    sequence_examples = (SEQUENCE_IDS["a"](d=7), SEQUENCE_IDS["b"](d=7))

    def parameter_sets(self, ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
        for d in parameter_range(ranges, "d"):
            if d >= 2 and isqrt(d) ** 2 != d:
                yield {"d": d}

    def match_sequence(self, sequence_id: str) -> dict[str, int] | None:
        found = super().match_sequence(sequence_id)
        if found:
            check_d(found["d"])
        return found

    def sequences(self, **params: int) -> list[SequenceRecord]:
        d = params["d"]
        check_d(d)
        keywords = ("beatty", "complementary")
        a_id, b_id = SEQUENCE_IDS["a"](d=d), SEQUENCE_IDS["b"](d=d)
        return [
            SequenceRecord(
                id=a_id,
                name=f"a(n) = floor(n*sqrt({d})): the lower Beatty sequence of sqrt({d}).",
                formula=f"a(n) = floor(n*sqrt({d})) = floor(sqrt({d}*n^2))",
                keywords=keywords,
                params=params_of(d=d),
                terms=Beatty(lower_slope(d)),
                related=(b_id,),
                family="beatty-sqrt",
                offset=1,
                paper="beatty",
            ),
            SequenceRecord(
                id=b_id,
                name=(
                    f"b(n) = floor(n*sqrt({d})/(sqrt({d}) - 1)): the complement of "
                    f"floor(n*sqrt({d})) in the positive integers."
                ),
                formula=(
                    f"b(n) = floor(n*({d} + sqrt({d}))/{d - 1})"
                    if d > 2
                    else "b(n) = floor(n*(2 + sqrt(2)))"
                ),
                keywords=keywords,
                params=params_of(d=d),
                terms=Beatty(upper_slope(d)),
                related=(a_id,),
                family="beatty-sqrt",
                offset=1,
                paper="beatty",
            ),
        ]

    def games(self, **params: int) -> list[GameRecord]:
        return []

    def relations(self, catalog: CatalogView, terms: Terms) -> list[Relation]:
        found = []
        for record in catalog.sequences.values():
            if record.family == "beatty-sqrt" and SEQUENCE_IDS["a"].match(record.id):
                partner = SEQUENCE_IDS["b"](d=record.param("d"))
                if has(terms, record.id, partner):
                    found.append(
                        complement_pair(record.id, partner, terms, "Beatty's theorem", offset=1)
                    )
        return found

    # -- programs --------------------------------------------------------------

    def programs(self, record: SequenceRecord) -> Programs:
        """floor(n*sqrt(d)) = sqrtint(d n^2), and floor(n*(d + sqrt(d))/(d - 1))."""
        d = record.param("d")
        slope = lower_slope(d) if record.id == SEQUENCE_IDS["a"](d=d) else upper_slope(d)
        return programs.beatty(slope)
