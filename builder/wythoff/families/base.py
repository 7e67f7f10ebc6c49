"""What every family module builds on: the base class and the exact terms helpers.

A family turns parameters into records; it knows the forms of its IDs, so any ID
(not only those in the built ranges) resolves to its record.

The terms functions (:class:`Beatty`, :class:`PlusMultiple`, ...) are immutable
values written as ``NamedTuple``: each class is made at import in a fifth of a
frozen dataclass's time, and the command line imports them on every start
(``bench/startup.py``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, NamedTuple, Protocol

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.db.rows import Picture as Picture
from wythoff.families.ids import IdForm, first_match
from wythoff.families.records import (
    FamilyRecord,
    GameRecord,
    Params,
    SequenceRecord,
    TermsFunction,
    listed_terms,
)

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core import discrepancy
    from wythoff.core.discrepancy import BeattyForm
    from wythoff.core.games.sparse import SparseSolver
    from wythoff.core.quadratic import QuadraticIrrational
    from wythoff.families import claims
    from wythoff.families.evidence import Check, Relation, Terms
    from wythoff.families.papers import Paper
    from wythoff.families.programs import Programs
else:
    # Imported on first use: a lookup of a few terms of one family loads that
    # family's mathematics only, and no numpy.
    np = lazy.module("numpy", globals())
    discrepancy = lazy.module("wythoff.core.discrepancy", globals())


def indices(start: int, count: int) -> np.ndarray:
    return np.arange(start, start + count, dtype=np.int64)


class Beatty(NamedTuple):
    """``n -> floor((scale*n + shift) * slope)``, in bulk and exactly.

    Calling it gives a numpy array (the build's bulk path); ``listed`` gives the
    same terms as Python integers without numpy, for the few terms a command
    line or a notebook asks for."""

    slope: QuadraticIrrational
    scale: int = 1
    shift: int = 0

    def __call__(self, start: int, count: int) -> np.ndarray:
        return self.slope.floors(self.scale * start + self.shift, count, self.scale)

    def listed(self, start: int, count: int) -> list[int]:
        first = self.scale * start + self.shift
        return [self.slope.floor_times(first + i * self.scale) for i in range(count)]

    def form(self) -> BeattyForm:
        """The closed form, for the discrepancy ``a(n) - n*alpha`` and its band."""
        return discrepancy.BeattyForm(self.slope, self.scale, self.shift)


class PlusMultiple(NamedTuple):
    """``n -> scale*base(n) + factor*n + constant``, exactly."""

    base: TermsFunction
    factor: int
    constant: int = 0
    scale: int = 1

    def __call__(self, start: int, count: int) -> np.ndarray:
        return linear_combination(
            self.base(start, count), self.scale, start, self.factor, self.constant
        )

    def listed(self, start: int, count: int) -> list[int]:
        values = listed_terms(self.base, start, count)
        return [
            self.scale * v + self.factor * (start + i) + self.constant for i, v in enumerate(values)
        ]

    def form(self) -> BeattyForm | None:
        """The base's closed form, shifted and scaled (``None`` if the base has none)."""
        base = beatty_form(self.base)
        return None if base is None else base.plus(self.factor, self.constant, self.scale)


def beatty_form(terms: TermsFunction) -> BeattyForm | None:
    """The closed form ``s*floor((q*n + r)*theta) + f*n + c`` of a terms function,
    when it has one (:class:`Beatty` and :class:`PlusMultiple` over it)."""
    form = getattr(terms, "form", None)
    return None if form is None else form()


def linear_combination(
    values: np.ndarray, scale: int, start: int, factor: int, constant: int = 0
) -> np.ndarray:
    """``scale*values[i] + factor*(start + i) + constant`` without wrapping at 2**63:
    in int64 when every term provably fits, else in Python integers."""
    count = len(values)
    largest_n = max(abs(start), abs(start + count))
    fits = count > 0 and values.dtype != object
    largest = int(np.abs(values).max()) if fits else 0
    if fits and abs(scale) * largest + abs(factor) * largest_n + abs(constant) < 2**62:
        combined: np.ndarray = scale * values + factor * indices(start, count) + constant
        return combined
    out = np.empty(count, dtype=object)
    out[:] = [scale * int(v) + factor * (start + i) + constant for i, v in enumerate(values)]
    return out


class Listed(NamedTuple):
    """Terms of a sequence given by a function returning its first ``k`` values."""

    values_for: Callable[[int], Iterable[int]]

    def __call__(self, start: int, count: int) -> np.ndarray:
        values = self.listed(start, count)
        out = np.empty(count, dtype=object)
        out[:] = values
        return out if any(v > 2**62 for v in values) else out.astype(np.int64)

    def listed(self, start: int, count: int) -> list[int]:
        return list(self.values_for(start + count))[start:]


class FirstTermsReplaced(NamedTuple):
    """Terms of ``base`` with its first terms replaced by ``first`` (a game whose
    P-positions differ from another's only near the origin, as misère Wythoff's)."""

    base: TermsFunction
    first: tuple[int, ...]

    def __call__(self, start: int, count: int) -> np.ndarray:
        values = self.base(start, count)
        for n, value in enumerate(self.first):
            if start <= n < start + count:
                values[n - start] = value
        return values


class Family(ABC):
    """A family of sequences and games: everything the package knows about it.

    A subclass declares the family's record (title, paper, summary, page text),
    its parameters with their default ranges, the forms of its sequences' and
    games' IDs, and builds their records; it also states the theorems checked on
    the data (:meth:`checks`), its relations to other sequences
    (:meth:`relations`) and how to play its games, in words
    (:meth:`strategy_text`, :meth:`board_notes`).  Nothing outside the family's
    module knows any of this.
    """

    family: FamilyRecord
    default_ranges: Mapping[str, tuple[int, int]] = {}
    # Parameters a configuration may leave out: the records they number are then not built.
    optional_parameters: tuple[str, ...] = ()
    # Each form of the family's IDs by name, written once (:mod:`~wythoff.families.ids`):
    # IDs are read with them, and made with them (:meth:`sequence_id`, :meth:`game_id`).
    sequence_ids: Mapping[str, IdForm] = {}
    game_ids: Mapping[str, IdForm] = {}
    # An ID of each form, for readers ('wythoff ids'); the first of each family is shown
    # where one example is enough (an unknown ID's error).
    sequence_examples: tuple[str, ...] = ()
    game_examples: tuple[str, ...] = ()
    # Ranges small enough that the tests cross-check every game on a whole board.
    small_ranges: Mapping[str, tuple[int, int]] = {}
    papers: tuple[Paper, ...] = ()  # papers only this family cites
    # The summary's sentences about P-positions, as data a test checks against the
    # solver for every game they cover (claims.PSetClaim).
    summary_claims: tuple[claims.PSetClaim, ...] = ()

    @abstractmethod
    def parameter_sets(self, ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
        """The parameter values the build covers, from ``{name: (low, high)}``."""

    @abstractmethod
    def sequences(self, **params: int) -> list[SequenceRecord]:
        """The sequences for one set of parameters (validating them)."""

    @abstractmethod
    def games(self, **params: int) -> list[GameRecord]:
        """The games for one set of parameters."""

    @property
    def sequence_forms(self) -> tuple[str, ...]:
        """The forms of the sequences' IDs, as readers see them: ``connell-k{k}-u{i}``."""
        return tuple(form.form for form in self.sequence_ids.values())

    @property
    def game_forms(self) -> tuple[str, ...]:
        return tuple(form.form for form in self.game_ids.values())

    def sequence_id(self, form: str, **values: int) -> str:
        """The ID of the sequence of form ``form`` (a key of :attr:`sequence_ids`) with
        these parameters: how another family names this one's sequences."""
        return self.sequence_ids[form](**values)

    def game_id(self, form: str, **values: int) -> str:
        """The ID of a game, as :meth:`sequence_id` for sequences."""
        return self.game_ids[form](**values)

    def match_sequence(self, sequence_id: str) -> dict[str, int] | None:
        """The parameters of ``sequence_id`` if it has a form of this family's."""
        return first_match(self.sequence_ids.values(), sequence_id)

    def match_game(self, game_id: str) -> dict[str, int] | None:
        return first_match(self.game_ids.values(), game_id)

    def sequence(self, sequence_id: str) -> SequenceRecord | None:
        """The record of one sequence ID of this family (``None`` if not one of its IDs);
        raises ``ValueError`` for an ID of its form with invalid parameters."""
        params = self.match_sequence(sequence_id)
        if params is None:
            return None
        return next((r for r in self.sequences(**params) if r.id == sequence_id), None)

    def game(self, game_id: str) -> GameRecord | None:
        """The record of one game ID of this family, as :meth:`sequence` does for sequences."""
        params = self.match_game(game_id)
        if params is None:
            return None
        return next((r for r in self.games(**params) if r.id == game_id), None)

    # -- evidence ------------------------------------------------------------

    def checks(self, terms: Terms, **params: int) -> list[Check]:
        """The family's theorems checked on the computed terms of one parameter set."""
        return []

    def game_checks(self, game: GameRecord, board: np.ndarray) -> list[Check]:
        """The family's theorems about one game, checked on the solver's board of it
        (beyond the checks every game gets: formula, strategy and solver agree)."""
        return []

    def relations(self, catalog: CatalogView, terms: Terms) -> list[Relation]:
        """Relations of the built sequences to others, each checked on the terms."""
        return []

    # -- words for the pages -------------------------------------------------

    def index_rule(self, game: GameRecord) -> claims.BeattyIndexRule | None:
        """The rule of play ``game``'s page states, as data a test runs on the solver's
        board (``None``: the page states none)."""
        return None

    def strategy_text(self, game: GameRecord) -> str:
        """How to play ``game``, as the paper's constructive proof says (Markdown)."""
        if not game.solved:
            return (
                "No formula is known. The solver decides every position of the board from the "
                "rules alone; a winning move from an N-position is any legal move to a stored "
                "P-position."
            )
        return (
            "The P-positions are the pairs of a Beatty pair a, b; a winning move is a legal "
            "move to one of them. They can only lie on the two lines through the position "
            "(indices with a(n) or b(n) equal to a pile, found exactly from the closed form) "
            "or on the few diagonals a two-pile move reaches, so a handful of exact floors "
            "decides any position, for piles of any size."
        )

    def observations(
        self, game: GameRecord, deep: SparseSolver, pairs: int
    ) -> dict[str, object] | None:
        """What the family's paper asks of a game without a formula, measured on the
        first ``pairs`` pairs that the sparse solver ``deep`` settled: a row of the
        ``observations`` table (its columns by name), or ``None`` (nothing asked)."""
        return None

    def numeration_base(self, game: GameRecord) -> int | None:
        """The ``a`` of Fraenkel's p- and q-systems that describe ``game``'s P-positions
        (the build tabulates those systems), or ``None``."""
        return None

    def numeration_sequences(self, game: GameRecord) -> dict[str, str]:
        """The sequences that the numeration systems of :meth:`numeration_base`
        describe or are built on, by role (``lower``, ``upper``, ``p``, ``q``)."""
        return {}

    def numeration_checks(
        self, game: GameRecord, rows_p: list[list[int]], rows_q: list[list[int]], terms: Terms
    ) -> list[Check]:
        """The theorems on the numeration systems of :meth:`numeration_base` for
        ``game``, checked on their digits (``rows_p``, ``rows_q``: those of 1, 2, ...)
        and on the build's ``terms``."""
        return []

    def board_notes(self, game: GameRecord) -> tuple[str, ...]:
        """What the picture of the game's board shows beyond the P-positions."""
        return ()

    def board_lesson(self, game: GameRecord) -> str:
        """What to look for in the picture of ``game``'s board (one or two sentences)."""
        if not game.solved:
            return (
                "no formula is known: zoom out to see whether the solver's P-positions "
                "gather near straight lines through (0, 0), as those of a Beatty pair would."
            )
        return (
            "the P-positions stay within a bounded distance of straight lines through "
            "(0, 0), as the Beatty formula says; zoom out to see the lines, zoom in to see "
            "the irregular steps that floors make."
        )

    def picture(self, record: SequenceRecord) -> Picture[BeattyForm]:
        """What the page of ``record`` draws: the discrepancy of a closed form, a log
        scale for geometric growth, the gap and ratio of a game's two coordinates."""
        form = beatty_form(record.terms)
        if form is not None:
            return Picture(vocabulary.DISCREPANCY, form=form)
        if record.growth == vocabulary.EXPONENTIAL:
            return Picture(vocabulary.LOGARITHMIC)
        if record.coordinate is not None and record.related:
            partner = record.related[0]
            pair = (record.id, partner) if record.coordinate == 0 else (partner, record.id)
            return Picture(vocabulary.PAIR, pair=pair)
        return Picture(vocabulary.VALUES)

    # -- programs and OEIS keywords --------------------------------------------

    def programs(self, record: SequenceRecord) -> Programs | None:
        """The PARI/GP and Python programs of one of the family's sequences, built
        with :mod:`wythoff.families.programs` (``None``: the family declares none)."""
        return None

    def oeis_keywords(self, record: SequenceRecord) -> tuple[str, ...]:
        """OEIS keywords the family knows for ``record`` beyond those its own keywords
        map to (:mod:`wythoff.families.keywords`), such as ``nice``."""
        return ()


class CatalogView(Protocol):
    """The part of a built catalog that relations read."""

    @property
    def sequences(self) -> Mapping[str, SequenceRecord]: ...

    @property
    def games(self) -> Mapping[str, GameRecord]: ...


def params_of(**values: int) -> Params:
    return tuple(values.items())


def parameter_range(ranges: Mapping[str, tuple[int, int]], name: str) -> range:
    low, high = ranges[name]
    return range(low, high + 1)
