"""What terms that are ``floor(n*alpha + beta)`` may be, and when they say which.

Every slope of the open interval :func:`~wythoff.core.beatty_fit.fit_beatty` finds
gives the terms with some ``beta``: infinitely many sequences begin with them.  The
terms name a catalog sequence only when the interval holds no simpler slope and no
other slope of the catalog: no quadratic irrational of lower
:func:`~wythoff.core.beatty_fit.height` than the sequence's own, and no catalog slope
but its own (:func:`settle`).  Otherwise the answer is the set of candidates: the
catalog sequences that agree with the terms, the simplest quadratic irrationals and
the simplest rational of the interval (each with its simplest ``beta``), and for each
the first index where it leaves another, so that the reader knows how many terms
more would decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from sqlalchemy import Connection

from wythoff.core.beatty_fit import (
    BeattyFit,
    height,
    intercept,
    plain,
    quadratic_irrationals,
    simplest_fraction,
)
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.identify.catalog import CatalogSlope

CATALOG = "catalog"
QUADRATIC = "quadratic"
RATIONAL = "rational"
KINDS = (CATALOG, QUADRATIC, RATIONAL)
"""A candidate is a catalog sequence, a simple quadratic irrational or the simplest
rational slope of the interval."""

SIMPLEST = 3
"""The quadratic irrationals listed among the candidates."""
HEIGHT_MOST = 200
"""The heights searched for an irrational simpler than a catalog slope: a slope higher
than this is never called determined (its interval is not searched that far)."""
BEYOND = 1000
"""Indices compared past the terms (at least as many as the terms themselves)."""


@dataclass(frozen=True)
class Candidate:
    """A sequence the terms may be: ``label`` is a catalog ID (``also``: the catalog's
    other IDs of the same terms) or ``floor(n*alpha + beta)`` written out; it first
    differs from the candidate ``differs_from`` at ``n = differs_at`` (its term
    ``value`` there, the other's ``other``), or from none up to the horizon, and
    ``deciding`` is the index by which it differs from every other candidate (its
    deciding index: the terms up to it tell it from the others; ``None`` when one of
    them agrees with it up to the horizon)."""

    label: str
    kind: str
    alpha: str
    beta: str | None  # None for a catalog sequence (its own closed form)
    height: int | None  # None for a rational slope
    also: tuple[str, ...] = ()
    differs_at: int | None = None
    differs_from: str | None = None
    value: int | None = None
    other: int | None = None
    deciding: int | None = None  # the terms up to here tell it from every other candidate


@dataclass(frozen=True)
class Candidates:
    """The candidates of one Beatty fit, the first index where two of them differ,
    the last index compared, and the catalog ID the terms determine
    (``None`` when they do not)."""

    listed: tuple[Candidate, ...]
    differs_at: int | None  # the first index where two candidates differ
    horizon: int
    determined: str | None


def settle(
    connection: Connection,
    terms: Sequence[int],
    fit: BeattyFit,
    agreeing: Sequence[CatalogSlope],
    catalog: Sequence[CatalogSlope],
    lead: str | None,
) -> Candidates:
    """The candidates of the terms (``terms[0]`` at ``fit.first``): ``agreeing`` are the
    catalog sequences that give them, ``catalog`` every catalog slope, ``lead`` the
    stored sequence the answer would name.  The terms determine that sequence (or, when
    it is no Beatty form, the first agreeing one) when no catalog slope of another value
    and no quadratic irrational of a lower height lies in the interval."""
    first, count = fit.first, len(terms)
    horizon = first + count + max(count, BEYOND) - 1
    beyond = range(first + count, horizon + 1)
    groups: list[tuple[Candidate, list[int]]] = []

    def add(candidate: Candidate, values: list[int]) -> None:
        for k, (known, known_values) in enumerate(groups):
            if known_values == values and known.kind == CATALOG == candidate.kind:
                groups[k] = (replace(known, also=(*known.also, candidate.label)), known_values)
                return
            if known_values == values:
                return  # the same sequence as a simpler candidate already listed
        groups.append((candidate, values))

    for slope in agreeing:
        run = [] if slope.form is None else [slope.form.term(n) for n in beyond]
        add(Candidate(slope.id, CATALOG, plain(slope.alpha), None, height(slope.alpha)), run)
    for number in quadratic_irrationals(fit.alpha_low, fit.alpha_high, most=SIMPLEST):
        beta = intercept(number, terms, first)
        if beta is not None:
            label = _formula(_grouped(plain(number)), beta)
            add(
                Candidate(label, QUADRATIC, plain(number), _fraction(beta), height(number)),
                [_floor(number, beta, n) for n in beyond],
            )
    rational = simplest_fraction(fit.alpha_low, fit.alpha_high)
    beta = intercept(rational, terms, first)
    if beta is not None:
        label = _formula(_grouped(_fraction(rational)), beta)
        values = [int((n * rational + beta) // 1) for n in beyond]
        add(Candidate(label, RATIONAL, _fraction(rational), _fraction(beta), None), values)
    listed = _differences(groups, first + count)
    differs_at = min((c.differs_at for c in listed if c.differs_at is not None), default=None)
    return Candidates(listed, differs_at, horizon, _determined(fit, agreeing, catalog, lead))


def _determined(
    fit: BeattyFit,
    agreeing: Sequence[CatalogSlope],
    catalog: Sequence[CatalogSlope],
    lead: str | None,
) -> str | None:
    own = next((slope for slope in agreeing if slope.id == lead), None)
    if own is None and agreeing:  # the stored sequence named first is not a Beatty form
        own = agreeing[0]
    if own is None:
        return None
    value = plain(own.alpha)
    if any(fit.holds(s.alpha) and plain(s.alpha) != value for s in catalog):
        return None
    most = height(own.alpha) - 1
    if most >= HEIGHT_MOST:
        return None
    if quadratic_irrationals(fit.alpha_low, fit.alpha_high, most=1, height=most):
        return None
    return own.id


def _differences(groups: list[tuple[Candidate, list[int]]], start: int) -> tuple[Candidate, ...]:
    """Each candidate with the first index where it differs from another (the first
    listed, on a tie) and the index by which it differs from every other."""
    listed = []
    for candidate, values in groups:
        parted: list[tuple[int, str, int, int] | None] = []
        for other, other_values in groups:
            if other is not candidate and values and other_values:  # no terms: nothing known
                pairs = enumerate(zip(values, other_values, strict=False))
                k = next((k for k, (a, b) in pairs if a != b), None)
                parted.append(
                    None if k is None else (start + k, other.label, values[k], other_values[k])
                )
        known = [p for p in parted if p is not None]
        first = min(known, key=lambda p: p[0], default=None)
        last = max(p[0] for p in known) if known and len(known) == len(parted) else None
        if first is None:
            listed.append(candidate)
        else:
            listed.append(replace(candidate, differs_at=first[0], differs_from=first[1],
                                  value=first[2], other=first[3], deciding=last))  # fmt: skip
    return tuple(listed)


def _floor(alpha: QuadraticIrrational, beta: Fraction, n: int) -> int:
    """``floor(n*alpha + p/q) = (floor(q*n*alpha) + p) // q``, exactly."""
    return (alpha.floor_times(beta.denominator * n) + beta.numerator) // beta.denominator


def _formula(alpha: str, beta: Fraction) -> str:
    """``floor(n*alpha + beta)`` as a reader types it."""
    if beta == 0:
        return f"floor(n*{alpha})"
    sign = "+" if beta > 0 else "-"
    return f"floor(n*{alpha} {sign} {_fraction(abs(beta))})"


def _grouped(text: str) -> str:
    """A number that can follow ``n*`` unchanged: in parentheses when it is a sum
    not already in them, or begins with a minus sign."""
    bare_sum = (" + " in text or " - " in text) and not text.startswith("(")
    return f"({text})" if bare_sum or text.startswith("-") else text


def _fraction(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )
