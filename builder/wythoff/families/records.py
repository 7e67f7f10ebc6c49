"""The records of the catalog: what the database, the exports and the site know
about each sequence and game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

from wythoff.db import vocabulary

if TYPE_CHECKING:  # numpy is loaded by the bulk paths only, not by a lookup of the catalog
    import numpy as np

    from wythoff.core.games.rules import Rules
    from wythoff.core.games.strategy import Strategy

Params = tuple[tuple[str, int], ...]


class TermsFunction(Protocol):
    """``terms(start, count)``: the terms ``a(start) .. a(start + count - 1)`` as an array
    (a protocol rather than a ``Callable``, so that a ``NamedTuple`` with a ``__call__``
    is one to the type checker too)."""

    def __call__(self, start: int, count: int, /) -> np.ndarray: ...


def listed_terms(terms: TermsFunction, start: int, count: int) -> list[int]:
    """``terms(start, count)`` as Python integers, without numpy where the terms
    function knows how (its ``listed`` method), else converted from its array."""
    listed = getattr(terms, "listed", None)
    if listed is not None:
        values: list[int] = listed(start, count)
        return values
    return [int(v) for v in terms(start, count)]


@dataclass(frozen=True)
class SequenceRecord:
    """One sequence, OEIS-style.

    ``terms(start, count)`` returns the exact values ``a(start), ...,
    a(start + count - 1)`` (``start >= offset``).  ``growth`` is one of
    :data:`~wythoff.db.vocabulary.GROWTH_KINDS`: ``linear`` (Beatty-type, about
    ``c*n``), ``exponential`` (convergents), ``board`` (read off a solved board:
    finitely many certain terms per board) or ``table`` (a line of a square table).
    """

    id: str
    family: str
    name: str
    offset: int
    formula: str
    paper: str
    keywords: tuple[str, ...]
    params: Params
    terms: TermsFunction = field(compare=False, repr=False)
    growth: str = vocabulary.LINEAR
    game: str | None = None
    related: tuple[str, ...] = ()
    coordinate: int | None = None  # of a game's P-positions: 0 the smaller pile, 1 the larger
    name_tex: str = ""  # the name with the paper's notation in TeX (wording.tex_name); "" if none

    def param(self, name: str) -> int:
        return dict(self.params)[name]

    def listed(self, start: int, count: int) -> list[int]:
        """The terms ``a(start) .. a(start + count - 1)`` as Python integers."""
        return listed_terms(self.terms, start, count)


@dataclass(frozen=True)
class GameRecord:
    """One game: its rules, where its P-positions come from, and how to play it.

    ``strategy()`` builds a formula strategy; ``None`` means no formula is known
    and the P-positions come from the solver (``conjecture_modulus`` is then the
    ``p`` of Larsson's p-complementarity conjecture for it).
    """

    id: str
    family: str
    name: str
    rules: Rules
    paper: str
    params: Params
    p_positions: str  # the P-positions in words and formulas
    strategy: Callable[[], Strategy] | None = field(compare=False, repr=False, default=None)
    sequences: Sequence[str] = ()
    conjecture_modulus: int | None = None
    name_tex: str = ""  # the name with the paper's notation in TeX (wording.tex_name); "" if none

    @property
    def solved(self) -> bool:
        return self.strategy is not None

    def formula(self) -> Strategy:
        """The formula strategy of a solved game (a ``ValueError`` for one without)."""
        if self.strategy is None:
            raise ValueError(f"{self.id} has no known formula")
        return self.strategy()

    def param(self, name: str) -> int:
        return dict(self.params)[name]


class FamilyRecord(NamedTuple):
    key: str
    title: str
    paper: str
    summary: str
    parameters: tuple[str, ...]
    page: str = ""  # the family's page (Markdown with TeX)
