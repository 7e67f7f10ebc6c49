"""What a cross-reference rests on, as fields, and the one sentence made of them.

A relation of a sequence is stored in ``crossrefs`` as fields (:class:`Evidence`):
what it claims (a family's relation in words, or the index relation with an OEIS
entry, ``a(n) = A(n + k)`` for ``n >= n0``), how it is known (``evidence``: proven,
compared, contradicted, listed), the proof that makes it a theorem, the indices on
which the entry's listed terms and the terms past them were compared, and where the
two first differ.  :func:`sentence` says it in words; the build stores that sentence
in ``crossrefs.relation``, and the command, the page, the JSON and the OEIS entry
all read it from here, so that it never says more (or other) than the fields.

>>> def say(fields):  # the sentence, cut after its commas
...     print(sentence(fields).replace(", ", ",\\n"))
>>> say(Evidence("proven", "A001956", index_offset=0, index_from=1,
...     proof="A001956 is floor(n*((5+sqrt(13))/2)) by definition", listed_from=1, listed_to=58))
a(n) = A001956(n) for n >= 1,
proven (A001956 is floor(n*((5+sqrt(13))/2)) by definition) and compared on n = 1 .. 58,
the terms the entry lists
>>> say(Evidence("compared", "A000201", index_offset=0, index_from=1, listed_from=1,
...     listed_to=68, compared_to=9999, compared_by="the entry's b-file"))
a(n) = A000201(n) for n >= 1,
compared on n = 1 .. 9999 (n = 1 .. 68 listed in the entry,
the rest from the entry's b-file); not proven
>>> say(Evidence("contradicted", "A001955", index_offset=0, index_from=1, listed_from=1,
...     listed_to=42, differs_at=43, differs_ours="56", differs_theirs="55"))
near miss: a(n) = A001955(n) for n = 1 .. 42,
then a(43) = 56 but A001955(43) = 55 in the entry's listing
>>> say(Evidence("proven", "wythoff-b", claim="equal term by term",
...     proof="identity of the families", checked="n < 400"))
equal term by term,
proven (identity of the families),
checked on n < 400
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

PROVEN, COMPARED, CONTRADICTED, LISTED = "proven", "compared", "contradicted", "listed"


@dataclass(frozen=True)
class Evidence:
    """The fields of a cross-reference's evidence (columns of ``crossrefs``).

    ``claim`` is a family relation in words (empty for an OEIS entry, whose claim is
    ``a(n) = target(n + index_offset)`` for ``n >= index_from``); ``proof`` names what
    proves it; ``listed_from .. listed_to`` are our indices compared with the terms the
    entry lists, ``compared_to`` our last index compared past them (with
    ``compared_by``); ``differs_at`` our first index where the two differ (our term
    and theirs); ``not_extended`` why nothing past the listed terms was compared;
    ``checked`` what a family relation was checked on.
    """

    evidence: str
    target: str
    claim: str = ""
    index_offset: int | None = None
    index_from: int | None = None
    proof: str = ""
    listed_from: int | None = None
    listed_to: int | None = None
    compared_to: int | None = None
    compared_by: str = ""
    differs_at: int | None = None
    differs_ours: str = ""
    differs_theirs: str = ""
    not_extended: str = ""  # why nothing past the listed terms was compared
    checked: str = ""  # a family relation: on what it was checked ("n < 400", "m <= 3")


def index_relation(target: str, k: int, n0: int | None = None, last: int | None = None) -> str:
    """``a(n) = A(n + k)`` for ``n >= n0`` (or ``n = n0 .. last``).

    >>> index_relation("A001333", 1, 0), index_relation("A1", -2, 3, 9)
    ('a(n) = A001333(n+1) for n >= 0', 'a(n) = A1(n-2) for n = 3 .. 9')
    """
    argument = "n" if k == 0 else f"n+{k}" if k > 0 else f"n-{-k}"
    text = f"a(n) = {target}({argument})"
    if n0 is None:
        return text
    return f"{text} for n = {n0} .. {last}" if last is not None else f"{text} for n >= {n0}"


def sentence(fields: Evidence) -> str:
    """The relation and what it rests on, in one sentence made of ``fields`` alone."""
    if fields.evidence == CONTRADICTED:
        return _near_miss(fields)
    claim = fields.claim or _claim(fields)
    if fields.claim:  # a family's relation: a theorem, checked on the stored terms
        checked = f", checked on {fields.checked}" if fields.checked else ""
        return f"{claim}, proven ({fields.proof}){checked}"
    compared = _compared(fields)
    if fields.evidence == PROVEN:
        return f"{claim}, proven ({fields.proof}) and {compared}"
    if fields.evidence == COMPARED:
        return f"{claim}, {compared}; not proven"
    why = f" ({fields.not_extended})" if fields.not_extended else ""
    return f"{claim}, {compared}; not compared past them{why}"


def _claim(fields: Evidence) -> str:
    if fields.index_offset is None:  # the entry's offset unknown: the lists, not the indices
        return f"equal to the terms listed in {fields.target} from our a({fields.listed_from})"
    return index_relation(fields.target, fields.index_offset, fields.index_from)


def _compared(fields: Evidence) -> str:
    """On which indices the two were compared, and with what."""
    listed = f"n = {fields.listed_from} .. {fields.listed_to}"
    if fields.compared_to is None or fields.compared_to <= (fields.listed_to or 0):
        return f"compared on {listed}, the terms the entry lists"
    return (
        f"compared on n = {fields.listed_from} .. {fields.compared_to} ({listed} listed in the "
        f"entry, the rest from {fields.compared_by})"
    )


def _near_miss(fields: Evidence) -> str:
    n, k = fields.differs_at, fields.index_offset
    source = f"by {fields.compared_by}" if fields.compared_by else "in the entry's listing"
    if k is None or n is None:
        return (
            f"near miss: agrees with the terms listed in {fields.target} from our "
            f"a({fields.listed_from}), then our a({n}) = {fields.differs_ours} where the entry "
            f"has {fields.differs_theirs} {source}"
        )
    agreeing = index_relation(fields.target, k, fields.listed_from, n - 1)
    theirs = f"{fields.target}({n + k})"
    return (
        f"near miss: {agreeing}, then a({n}) = {fields.differs_ours} but {theirs} = "
        f"{fields.differs_theirs} {source}"
    )


FIELDS = tuple(name for name in Evidence.__dataclass_fields__ if name not in ("evidence", "target"))
"""The columns of ``crossrefs`` that hold the evidence (with ``evidence`` and ``target``)."""


def of_row(row: Mapping[Any, Any]) -> Evidence:
    """The evidence of a ``crossrefs`` row (a mapping of its columns)."""
    return Evidence(str(row["evidence"]), str(row["target"]), **{k: row[k] for k in FIELDS})


def period_sentence(
    preperiod: int | None,
    period: int | None,
    evidence: str,
    proof_from: int | None,
    proof_period: int | None,
    verified_to: int,
    source: str = "",
) -> str:
    """A row of a Sprague–Grundy table's additive period, and what it rests on (the
    fields of ``grundy_periods``), in one sentence; ``source`` is added to its
    parenthesis (a citation).

    >>> print(period_sentence(9, 12, "proven", 9, 12, 400).replace(" (", "\\n("))
    period 12 from n = 9, proven for every n
    (Landman's argument: the row's state at n = 9 recurs at n = 21)
    >>> period_sentence(9, 12, "verified", None, None, 400)
    'period 12 from n = 9, seen on a table of side 400 (not proven)'
    """
    if period is None:
        return f"no period repeats within a table of side {verified_to}"
    said = f"period {period} from n = {preperiod}"
    if evidence == PROVEN and proof_from is not None and proof_period is not None:
        return (
            f"{said}, proven for every n (Landman's argument{source}: the row's state at "
            f"n = {proof_from} recurs at n = {proof_from + proof_period})"
        )
    return f"{said}, seen on a table of side {verified_to} (not proven{source})"
