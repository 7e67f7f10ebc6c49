"""The rows the build writes and the site reads, each type defined once with its
columns both ways: a check of ``verifications`` (:class:`Check`), a cross-reference
of ``crossrefs`` (:class:`Crossref`), the period of a line of a Sprague–Grundy table
in ``grundy_periods`` (:class:`GrundyPeriod`) and what a sequence's page draws, in
three columns of ``sequences`` (:class:`Picture`).

The build makes them from the catalog and stores :meth:`row` (or ``columns``); the
site reads them back with ``of_row``, so that a column is written and read by the
same lines.  A list of words in one column (the
keywords of a sequence, the notes of a board) is :func:`joined` and :func:`split`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any, Generic, Protocol, TypeVar

from wythoff.db import vocabulary
from wythoff.db.evidence import FIELDS, Evidence, of_row, period_sentence, sentence

Row = Mapping[Any, Any]
"""A row as a mapping of its columns by name (SQL NULL as ``None``)."""


NOTES = "; "
"""What separates the notes of a column of sentences (a board's notes)."""


def joined(words: Iterable[str], separator: str = ",") -> str:
    """Words in one column: ``a,b,c`` (none: the empty string)."""
    return separator.join(words)


def split(column: str, separator: str = ",") -> tuple[str, ...]:
    """The words of a :func:`joined` column, in order (the empty string: none).

    >>> split(joined(["easy", "nonn"])), split("")
    (('easy', 'nonn'), ())
    """
    return tuple(word for word in column.split(separator) if word)


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


@dataclass(frozen=True)
class Check:
    """A row of ``verifications``: what was checked of ``subject`` (a sequence, a
    game or a family), how, how far, and whether it held (else why not, ``detail``)."""

    subject: str
    check: str
    method: str
    up_to: str
    passed: bool
    detail: str = ""

    def row(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def of_row(cls, row: Row) -> Check:
        """The check of a row (``passed`` stored as 1 or 0)."""
        values = {name: row[name] for name in cls.__dataclass_fields__}
        return cls(**{**values, "passed": bool(row["passed"])})


@dataclass(frozen=True)
class Crossref:
    """A row of ``crossrefs``: ``kind`` is one word of
    :data:`~wythoff.db.vocabulary.CROSSREF_KINDS`; ``fields`` what it rests on
    (:class:`~wythoff.db.evidence.Evidence`: its target, its ``evidence`` word of
    :data:`~wythoff.db.vocabulary.EVIDENCE_KINDS`, a family's own relations being its
    theorems, proven), whose sentence is the row's ``relation``, never written apart."""

    sequence_id: str
    kind: str
    fields: Evidence
    shift: int | None
    verified_up_to: int
    note: str = ""

    def __post_init__(self) -> None:
        if self.kind not in vocabulary.CROSSREF_KINDS:
            raise ValueError(f"not a kind of cross-reference: {self.kind!r}")
        if self.fields.evidence not in vocabulary.EVIDENCE_KINDS:
            raise ValueError(f"not a kind of evidence: {self.fields.evidence!r}")

    @property
    def target(self) -> str:
        """A sequence or game ID, or an OEIS A-number."""
        return self.fields.target

    @property
    def evidence(self) -> str:
        return self.fields.evidence

    @cached_property
    def relation(self) -> str:
        """The relation in words: the sentence of its fields."""
        return sentence(self.fields)

    def row(self) -> dict[str, object]:
        """The row as the table's columns hold it, its ``relation`` the fields' sentence."""
        return {
            "sequence_id": self.sequence_id,
            "target": self.target,
            "relation": self.relation,
            "shift": self.shift,
            "verified_up_to": self.verified_up_to,
            "kind": self.kind,
            "note": self.note,
            "evidence": self.evidence,
            **{name: getattr(self.fields, name) for name in FIELDS},
        }

    @classmethod
    def of_row(cls, row: Row) -> Crossref:
        """The relation a row holds (its sentence made again of its fields)."""
        return cls(
            sequence_id=row["sequence_id"],
            kind=row["kind"],
            fields=of_row(row),
            shift=_optional_int(row["shift"]),
            verified_up_to=int(row["verified_up_to"]),
            note=row["note"],
        )


@dataclass(frozen=True)
class GrundyPeriod:
    """A row of ``grundy_periods``: the preperiod, period and increment of line ``row``
    of a game's Sprague–Grundy function (None: no period within the table of side
    ``verified_to``); ``axis`` row or column
    (:data:`~wythoff.db.vocabulary.GRUNDY_AXES`); ``evidence`` proven (with the
    proof's ``proof_from`` and ``proof_period``), verified on the table, or none
    within it (:data:`~wythoff.db.vocabulary.GRUNDY_EVIDENCE`)."""

    game_id: str
    axis: str
    row: int
    preperiod: int | None
    period: int | None
    increment: int | None
    verified_to: int
    evidence: str = vocabulary.VERIFIED
    proof_from: int | None = None
    proof_period: int | None = None

    def columns(self) -> dict[str, object]:
        """The row as the table's columns hold it."""
        return asdict(self)

    @classmethod
    def of_row(cls, row: Row) -> GrundyPeriod:
        """The period a row holds (SQL NULL as ``None``)."""
        return cls(
            game_id=row["game_id"],
            axis=row["axis"],
            row=int(row["row"]),
            preperiod=_optional_int(row["preperiod"]),
            period=_optional_int(row["period"]),
            increment=_optional_int(row["increment"]),
            verified_to=int(row["verified_to"]),
            evidence=row["evidence"],
            proof_from=_optional_int(row["proof_from"]),
            proof_period=_optional_int(row["proof_period"]),
        )

    def sentence(self, source: str = "") -> str:
        """The period and what it rests on (:func:`~wythoff.db.evidence.period_sentence`)."""
        return period_sentence(
            self.preperiod,
            self.period,
            self.evidence,
            self.proof_from,
            self.proof_period,
            self.verified_to,
            source,
        )


class Form(Protocol):
    """A closed form a picture is drawn from, stored as named integers."""

    def parameters(self) -> Mapping[str, int]: ...


F = TypeVar("F", bound=Form)


@dataclass(frozen=True)
class Picture(Generic[F]):
    """What a sequence's page draws, and from what (the build stores it in the
    sequence's row, columns ``picture``, ``picture_form`` and ``picture_pair``: the
    site draws what the database says).

    ``kind`` is ``"discrepancy"`` (``a(n) - n*alpha`` in its band, from ``form``),
    ``"logarithmic"`` (``log10 a(n)``: geometric growth), ``"pair"`` (``d_n - c_n``
    and ``d_n / c_n`` for the coordinates ``pair = (c, d)`` of a game without a
    formula), ``"difference"`` (``a(n) - n``: a Sprague–Grundy row, additively
    periodic) or ``"values"`` (``a(n)`` against ``n``):
    :data:`~wythoff.db.vocabulary.PICTURE_KINDS`.  The form is stored as the JSON
    of its parameters, the pair as ``c,d``.
    """

    kind: str
    form: F | None = None
    pair: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        if self.kind not in vocabulary.PICTURE_KINDS:
            raise ValueError(f"not a kind of picture: {self.kind!r}")

    def columns(self) -> dict[str, str | None]:
        form = None if self.form is None else json.dumps(dict(self.form.parameters()))
        pair = None if self.pair is None else joined(self.pair)
        return {"picture": self.kind, "picture_form": form, "picture_pair": pair}

    @classmethod
    def of_row(cls, row: Row, form: Callable[[Mapping[str, int]], F]) -> Picture[F]:
        """The picture of a sequence's row, its form made by ``form`` of the
        parameters stored (``BeattyForm.from_parameters``)."""
        parameters, pair = row["picture_form"], row["picture_pair"]
        c, d = (None, None) if pair is None else pair.split(",")
        return cls(
            kind=row["picture"],
            form=None if parameters is None else form(json.loads(parameters)),
            pair=None if c is None or d is None else (c, d),
        )
