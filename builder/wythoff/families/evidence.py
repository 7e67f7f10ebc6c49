"""What a build records as evidence: checks of theorems and checked relations.

Family modules state their theorems and relations with the helpers here; the
build runs them on the computed terms.  A :class:`Check` says what was checked,
how, how far, and whether it held; a :class:`Relation` is a cross-reference
between two sequences together with the check that backs it (both rows defined,
with their columns, in :mod:`wythoff.db.rows`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.db.evidence import Evidence
from wythoff.db.rows import Check as Check
from wythoff.db.rows import Crossref as Crossref

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core import properties
else:  # loaded by the build only: a lookup of the catalog needs neither
    np = lazy.module("numpy", globals())
    properties = lazy.module("wythoff.core.properties", globals())

Terms = Mapping[str, "np.ndarray"]

RECURSION_TERMS = 1000  # mex recursions are quadratic-ish: check this many terms


@dataclass(frozen=True)
class Relation:
    """One checked relation, possibly recorded on both sequences."""

    rows: tuple[Crossref, ...]
    check: Check


def check(subject: str, name: str, method: str, up_to: str, problem: str | None) -> Check:
    """A check that passed when ``problem`` is ``None``, else failed with that detail."""
    return Check(subject, name, method, up_to, problem is None, problem or "")


def has(terms: Terms, *ids: str) -> bool:
    return all(i in terms for i in ids)


def both_ways(
    first: str,
    second: str,
    kind: str,
    text: str,
    shift: int | None,
    up_to: int,
    problem: str | None,
    source: str,
    range_text: str,
    name: str,
) -> Relation:
    """A relation of ``kind`` recorded on both sequences; its check is named by the
    theorem (``name``, the same for every parameter) and says which pair in ``method``."""
    rows = tuple(
        theorem(one, other, kind, text, source, range_text, shift, up_to)
        for one, other in ((first, second), (second, first))
    )
    method = f"{source}: {first} and {second}, {text}"
    return Relation(rows, check(first, name, method, range_text, problem))


def theorem(
    sequence_id: str,
    target: str,
    kind: str,
    claim: str,
    source: str,
    checked: str,
    shift: int | None,
    up_to: int,
) -> Crossref:
    """A family's relation: a theorem (``source`` proves it), checked on ``checked``."""
    fields = Evidence(vocabulary.PROVEN, target, claim=claim, proof=source, checked=checked)
    return Crossref(sequence_id, kind, fields, shift, up_to, source)


def complement_pair(
    first: str, second: str, terms: Terms, source: str, offset: int = 0
) -> Relation:
    """The terms with ``n >= 1`` of two sequences partition the positive integers
    (``offset``: the index of the first stored term of both)."""
    skip = max(0, 1 - offset)
    a, b = terms[first][skip:], terms[second][skip:]
    limit = int(min(a[-1], b[-1]))
    problem = properties.complementary(a, b, limit)
    text = (
        "complementary: the terms with n >= 1 of the two sequences partition the positive integers"
    )
    return both_ways(
        first,
        second,
        vocabulary.COMPLEMENTARY,
        text,
        None,
        len(a),
        problem,
        source,
        f"values <= {limit}",
        "complementary partners (Beatty's theorem)",
    )


def equal(first: str, second: str, terms: Terms) -> Relation | None:
    """Two sequences (of different families) equal term by term, when both are built."""
    if not has(terms, first, second):
        return None
    x, y = terms[first], terms[second]
    count = min(len(x), len(y))
    return both_ways(
        first,
        second,
        vocabulary.EQUAL,
        "equal term by term",
        0,
        count - 1,
        properties.equal(x[:count], y[:count]),
        "identity of the families",
        f"n < {count}",
        "equal to a sequence of another family",
    )


def every(
    short_id: str, long_id: str, step: int, start: int, terms: Terms, text: str, name: str
) -> Relation | None:
    """``short(n) = long(step*n + start)``, checked on every index both have."""
    if not has(terms, short_id, long_id):
        return None
    short, long = terms[short_id], terms[long_id][start::step]
    count = min(len(short), len(long))
    return both_ways(
        short_id,
        long_id,
        vocabulary.SUBSEQUENCE,
        text,
        None,
        count - 1,
        properties.equal(short[:count], long[:count]),
        "identity of the families",
        f"n < {count}",
        name,
    )
