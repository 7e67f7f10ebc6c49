"""Our keywords in OEIS's vocabulary: the one place that maps them.

A record's keywords are the package's own words (``beatty``, ``game``, ...), for
filters and search.  OEIS has a fixed list of its own (https://oeis.org/eishelp2.html,
"keywords"); an entry exported in OEIS's format (``wythoff oeis``) carries those:

* ``nonn`` (or ``sign``) from the terms themselves;
* the words :data:`OEIS_KEYWORDS` maps each of ours to (several of ours map to
  none: OEIS has no keyword for "a game's P-positions");
* what a family module knows beyond them (:meth:`Family.oeis_keywords`: ``nice``
  for the Wythoff sequences).

>>> from wythoff.families import resolve_sequence
>>> record = resolve_sequence("fraenkel-a2-p")
>>> oeis_keywords(record, record.listed(0, 20))
('nonn', 'cofr', 'easy', 'frac')
"""

from __future__ import annotations

from collections.abc import Iterable

from wythoff.families.records import SequenceRecord

OEIS_VOCABULARY = (
    "nonn",
    "sign",
    "base",
    "cofr",
    "cons",
    "core",
    "easy",
    "fini",
    "frac",
    "full",
    "hard",
    "less",
    "more",
    "mult",
    "nice",
    "tabf",
    "tabl",
    "word",
)
"""The OEIS keywords an entry here may carry, in the order they are written
(``nonn`` or ``sign`` first, as in OEIS's entries)."""

OEIS_KEYWORDS: dict[str, tuple[str, ...]] = {
    # a closed form: "it is very easy to produce terms of the sequence"
    "beatty": ("easy",),
    "easy": ("easy",),
    # numerators and denominators of the convergents of a continued fraction
    "convergents": ("cofr", "frac", "easy"),
    # the base of a numeration system is not a base-10 dependent sequence (OEIS's "base")
    "numeration": (),
    "complementary": (),
    "p-complementary": (),
    "complementary-equation": (),
    "game": (),
    # "finite" here is the game's set of P-positions; the sequence itself is infinite
    "finite": (),
    # computed by the solver to any depth: no OEIS keyword ("hard" means terms unknown)
    "solver": (),
    "conjecture": (),
    # a row of a game's Sprague-Grundy function (OEIS lists such rows without a keyword)
    "sprague-grundy": (),
}
"""Each of the catalog's keywords and the OEIS keywords it implies (a test checks
that every keyword in use is listed here, so a new one needs a decision)."""


def oeis_keywords(
    record: SequenceRecord, terms: Iterable[int], extra: Iterable[str] = ()
) -> tuple[str, ...]:
    """The OEIS keywords of ``record``, whose first terms are ``terms``, in OEIS's order
    (a catalog keyword :data:`OEIS_KEYWORDS` does not list implies none)."""
    found = {"nonn" if _nonnegative(terms) else "sign"}
    for keyword in record.keywords:
        found.update(OEIS_KEYWORDS.get(keyword, ()))
    found.update(extra)
    unknown = found.difference(OEIS_VOCABULARY)
    if unknown:
        raise ValueError(f"{record.id}: not OEIS keywords: {', '.join(sorted(unknown))}")
    return tuple(k for k in OEIS_VOCABULARY if k in found)


def _nonnegative(terms: Iterable[int]) -> bool:
    """Whether no term is negative: an array's least term at once (the build passes
    each sequence's stored terms, 45 million in Larsson's m, p <= 16), else each term."""
    least = getattr(terms, "min", None)
    size: int = getattr(terms, "size", 0)
    if least is not None and size > 0:
        return bool(least() >= 0)
    return all(t >= 0 for t in terms)
