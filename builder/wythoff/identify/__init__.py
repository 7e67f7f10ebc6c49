"""Identify numbers someone brings: which stored sequences and games they are.

Given terms, :func:`identify` reports, most certain first:

* the stored sequences that contain them as a run, at any index (``shift`` is the
  index of the stored sequence where the given terms start);
* whether they are ``floor(n*alpha + beta)`` for some reals (with the first term's
  index ``first``), and then the exact interval of slopes (:mod:`wythoff.core.beatty_fit`),
  the simplest quadratic irrationals inside it, the catalog's Beatty sequences
  whose slope it holds, and the nearest catalog slopes it rules out, each with
  the first term where it differs;
* the same questions for simple transforms (the complement, first differences,
  partial sums, a(n) - n, a(n)/k), FindStat's way: "complement of ..., agrees on
  40 terms";
* what could not be decided, in words.

Given P-positions, :func:`identify_pairs` names the stored games whose
P-positions are exactly these up to the bound they cover, and identifies the two
coordinate sequences.  Everything is read from a built database, exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import reduce
from math import gcd

from sqlalchemy import Connection, text

from wythoff.core.beatty_fit import (
    BeattyFit,
    fit_beatty,
    partner,
    plain,
    quadratic_irrationals,
    simplest_fraction,
)
from wythoff.core.order import natural
from wythoff.db import vocabulary
from wythoff.identify.candidates import Candidates, settle
from wythoff.identify.catalog import CatalogSlope, games_with, sequences_containing, slopes

MOST_TERMS = 10_000
"""Terms identified at most (the first ones of a longer coordinate sequence)."""
NEAREST = 3
"""Catalog slopes listed on each side of the interval, each with its first difference."""


@dataclass(frozen=True)
class Found:
    """A stored sequence holding the terms as a run from its index ``shift``."""

    id: str
    shift: int
    agrees: int


@dataclass(frozen=True)
class RuledOut:
    """A catalog Beatty sequence the terms are not: where it first differs."""

    id: str
    slope: str
    n: int
    ours: int
    theirs: int


@dataclass(frozen=True)
class Beatty:
    """The Beatty sequences that begin with the terms, for one first index."""

    fit: BeattyFit
    simplest_rational: Fraction
    irrationals: tuple[str, ...]
    holds: tuple[str, ...]  # catalog sequences whose slope lies in the interval
    ruled_out: tuple[RuledOut, ...]
    partner: tuple[Fraction, Fraction] | None  # alpha' with 1/alpha + 1/alpha' = 1
    candidates: Candidates | None = None  # what the terms may be (not for transforms)


@dataclass(frozen=True)
class Transformed:
    """A transform of the terms and what it is."""

    name: str
    terms: tuple[int, ...]
    sequences: tuple[Found, ...]
    beatty: Beatty | None


@dataclass
class Identification:
    """Everything :func:`identify` found, most certain first."""

    terms: tuple[int, ...]
    firsts: tuple[int, ...] = (0,)  # the first indices tried (0 and 1: the user did not say)
    sequences: list[Found] = field(default_factory=list)
    beatty: dict[int, Beatty] = field(default_factory=dict)  # by first index
    transforms: list[Transformed] = field(default_factory=list)
    games: list[tuple[str, int]] = field(default_factory=list)  # (game, bound), from pairs
    undecided: list[str] = field(default_factory=list)
    verdict: str = ""  # the answer in one line, first (:func:`verdict`)


def identify(connection: Connection, terms: Sequence[int], firsts: Sequence[int]) -> Identification:
    """What ``terms`` are, their first index taken from ``firsts`` in turn (0 and 1 when
    the user did not say)."""
    found = Identification(tuple(terms), tuple(firsts))
    catalog = slopes(connection)
    found.sequences = _stored(connection, terms)
    lead = leading(connection, found.sequences)
    for first in reading_order(firsts, lead):
        named = lead.found.id if lead is not None and lead.found.shift == first else None
        beatty = _beatty(connection, terms, first, catalog, lead=named)
        if beatty is not None:
            found.beatty[first] = beatty
    if lead is None or lead.found.shift not in found.beatty:
        # no stored sequence says where the terms start: the simplest form says
        found.beatty = dict(sorted(found.beatty.items(), key=lambda item: simplicity(item[1])))
    if not found.beatty:
        found.undecided.append(
            "no floor(n*alpha + beta) gives these terms with the first index "
            + " or ".join(str(f) for f in firsts)
        )
    for name, values in transforms(terms):
        fits = [(f, _beatty(connection, values, f, catalog, near=False)) for f in firsts]
        beatty = next((b for _, b in fits if b is not None), None)
        stored = _stored(connection, values)
        if stored or beatty is not None:
            found.transforms.append(Transformed(name, tuple(values), tuple(stored), beatty))
    if not found.sequences:
        found.undecided.append("no stored sequence holds these terms as a run")
    found.verdict = verdict(found, named_lead(connection, found, lead))
    return found


def simplicity(beatty: Beatty) -> tuple[int, int]:
    """How simple the form a reading leads with is, smallest simplest: a catalog
    sequence, else its first candidate's beta by denominator, then size.  The readings
    of the same terms from 0 and from 1 share their interval of slopes, so their
    candidates have the same slopes and differ in beta alone: floor(n*alpha) read from
    n = 1 is floor(n*alpha + alpha) read from n = 0."""
    settled = beatty.candidates
    if settled is None or not settled.listed:
        return (1 << 62, 0)
    lead = settled.listed[0]
    if lead.beta is None:
        return (0, 0)
    beta = Fraction(lead.beta)
    return (beta.denominator, abs(beta.numerator))


def named_lead(connection: Connection, found: Identification, lead: Lead | None) -> Lead | None:
    """The stored sequence the verdict names: the one the terms determine when it is
    not the first stored sequence holding them (which is then no Beatty form)."""
    first, beatty = next(iter(found.beatty.items()), (0, None))  # the first read
    chosen = None if beatty is None or beatty.candidates is None else beatty.candidates.determined
    if chosen is not None and (lead is None or lead.found.id != chosen):
        return leading(connection, [Found(chosen, first, len(found.terms))])
    return lead


@dataclass(frozen=True)
class Lead:
    """The stored sequence an answer leads with, named as the term search names it."""

    found: Found
    name: str
    anumbers: tuple[str, ...]


def leading(connection: Connection, sequences: Sequence[Found]) -> Lead | None:
    """The first of the stored sequences holding the terms, in the site's order (the
    families' rank, then the IDs in natural order: Wythoff's own before the families
    that contain it), with its name and the OEIS entries it matches (not those its
    terms contradict past the entries' listing)."""
    if not sequences:
        return None
    ids = sorted({s.id for s in sequences})
    rows = connection.execute(
        text(
            "SELECT s.id, s.name, f.rank, (SELECT group_concat(c.target) FROM crossrefs AS c "
            f"WHERE c.sequence_id = s.id AND c.kind = '{vocabulary.MATCH}' "
            f"AND c.evidence <> '{vocabulary.CONTRADICTED}') "
            "FROM sequences AS s JOIN families AS f ON f.key = s.family "
            f"WHERE s.id IN ({', '.join(f':i{k}' for k in range(len(ids)))})"
        ),
        {f"i{k}": i for k, i in enumerate(ids)},
    ).all()
    about = {row[0]: row for row in rows}
    first = min(sequences, key=lambda s: (about[s.id][2], natural(s.id), s.shift))
    _, name, _, anumbers = about[first.id]
    return Lead(first, name, tuple(sorted(anumbers.split(","))) if anumbers else ())


def reading_order(firsts: Sequence[int], lead: Lead | None) -> list[int]:
    """The first indices to read the terms from, the one a stored sequence holds them
    from first (terms that are a(1), a(2), ... are read n >= 1 first)."""
    ordered = list(firsts)
    if lead is not None and lead.found.shift in ordered:
        ordered.remove(lead.found.shift)
        ordered.insert(0, lead.found.shift)
    return ordered


def verdict(found: Identification, lead: Lead | None) -> str:
    """The answer in one line: the stored sequence the terms determine (with its name
    and OEIS entries); else, when they are ``floor(n*alpha + beta)``, that they do not
    determine one, with the candidates and the first index where two of them differ;
    else the stored sequence holding them; else that nothing was found."""
    beatty = None
    if found.beatty:
        shift = lead.found.shift if lead is not None else None
        beatty = (
            found.beatty.get(shift) if shift in found.beatty else next(iter(found.beatty.values()))
        )
    settled = None if beatty is None else beatty.candidates
    if lead is not None and (settled is None or settled.determined == lead.found.id):
        entries = f" ({', '.join(lead.anumbers)})" if lead.anumbers else ""
        name = lead.name.rstrip().rstrip(".")
        return f"{lead.found.id}, {name}{entries}, from n = {lead.found.shift}"
    if beatty is not None and settled is not None:
        fit = beatty.fit
        last = fit.first + fit.count - 1
        listed = ", ".join(
            f"{c.label} (n = {c.deciding})"
            if c.deciding is not None
            else f"{c.label} (n > {settled.horizon})"
            for c in settled.listed
        )
        stored = "" if lead is not None else "; no stored sequence holds these terms"
        return (
            f"not determined by these terms{_first_used(found, fit.first)}: "
            f"floor(n*alpha + beta) for n = {fit.first} .. "
            f"{last} with alpha in ({_fraction(fit.alpha_low)}, {_fraction(fit.alpha_high)}); "
            f"candidates, each with its deciding index (the terms up to it tell it from the "
            f"others): {listed}{stored}"
        )
    return "not identified: no stored sequence holds these terms, and no floor(n*alpha + beta)"


def _first_used(found: Identification, first: int) -> str:
    """Which first index the verdict read the terms from, when the user did not say."""
    if len(found.firsts) < 2:
        return ""
    tried = " and ".join(str(f) for f in found.firsts)
    return (
        f", read with the first index {first} (of {tried}, the one with the simplest form; "
        "--offset sets it)"
    )


def _fraction(value: Fraction) -> str:
    """In lowest terms, an integer without ``/1``, as the text of the answer writes a
    fraction."""
    return str(value)


def identify_pairs(
    connection: Connection, pairs: Sequence[tuple[int, int]], bound: int | None = None
) -> Identification:
    """What P-positions ``(x, y)`` are: the stored games with exactly these P-positions
    up to ``bound`` (by default the largest coordinate given), and the smaller
    coordinates' sequence identified."""
    ordered = sorted({(min(x, y), max(x, y)) for x, y in pairs})
    lower = [x for x, _ in ordered][:MOST_TERMS]
    found = identify(connection, lower, (0,))
    found.games = games_with(connection, ordered, bound)
    if not found.games:
        found.undecided.append("no stored game has exactly these P-positions up to their bound")
    else:
        game, most = found.games[0]
        found.verdict = f"{game}: exactly these P-positions with coordinates <= {most}"
    return found


def _stored(connection: Connection, terms: Sequence[int]) -> list[Found]:
    return [Found(i, n, len(terms)) for i, n in sequences_containing(connection, terms)]


def _beatty(
    connection: Connection,
    terms: Sequence[int],
    first: int,
    catalog: Sequence[CatalogSlope],
    near: bool = True,
    lead: str | None = None,
) -> Beatty | None:
    """The Beatty reading of the terms from ``first``; with ``near``, the nearest catalog
    slopes it rules out and its candidates (``lead``: the stored sequence the answer
    would name, if it holds the terms from ``first``)."""
    fit = fit_beatty(terms, first)
    if fit is None:
        return None
    agreeing = [s for s in catalog if fit.holds(s.alpha) and s.agrees(connection, terms, first)]
    ruled = _nearest_ruled_out(connection, terms, first, fit, catalog) if near else ()
    irrationals = tuple(plain(q) for q in quadratic_irrationals(fit.alpha_low, fit.alpha_high))
    return Beatty(
        fit,
        simplest_fraction(fit.alpha_low, fit.alpha_high),
        irrationals,
        tuple(s.id for s in agreeing),
        ruled,
        partner(fit.alpha_low, fit.alpha_high),
        settle(connection, terms, fit, agreeing, catalog, lead) if near else None,
    )


def _nearest_ruled_out(
    connection: Connection,
    terms: Sequence[int],
    first: int,
    fit: BeattyFit,
    catalog: Sequence[CatalogSlope],
) -> tuple[RuledOut, ...]:
    """The catalog slopes nearest the interval on each side, with their first difference."""
    middle = (fit.alpha_low + fit.alpha_high) / 2
    outside = [s for s in catalog if not fit.holds(s.alpha)]
    below = sorted((s for s in outside if float(s.alpha) < middle), key=lambda s: -float(s.alpha))
    above = sorted((s for s in outside if float(s.alpha) > middle), key=lambda s: float(s.alpha))
    ruled = []
    for slope in [*below[:NEAREST], *above[:NEAREST]]:
        difference = slope.first_difference(connection, terms, first)
        if difference is not None:
            n, theirs = difference
            ruled.append(RuledOut(slope.id, plain(slope.alpha), n, terms[n - first], theirs))
    return tuple(ruled)


def transforms(terms: Sequence[int]) -> list[tuple[str, list[int]]]:
    """The transforms worth looking up, each with its terms (those that apply)."""
    found: list[tuple[str, list[int]]] = []
    if all(b > a for a, b in zip(terms, terms[1:], strict=False)) and terms[0] >= 0:
        present = set(terms)
        complement = [v for v in range(terms[-1]) if v not in present]
        if len(complement) >= 2:
            found.append(("complement", complement))
    if len(terms) >= 3:
        found.append(("first differences", [b - a for a, b in zip(terms, terms[1:], strict=False)]))
    sums, total = [], 0
    for value in terms:
        total += value
        sums.append(total)
    found.append(("partial sums", sums))
    found.append(("a(n) - n", [value - n for n, value in enumerate(terms)]))
    k = reduce(gcd, terms, 0)
    if k > 1:
        found.append((f"a(n)/{k}", [value // k for value in terms]))
    return found
