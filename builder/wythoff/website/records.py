"""The rows the pages show, typed: papers, families, sequences, games, P-positions,
numerations and what the build observed, each made from its row of the database
(``of_row``), with the rows the build writes through :mod:`wythoff.db.rows` (checks,
cross-references, Sprague–Grundy periods)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import RowMapping

from wythoff.core.discrepancy import BeattyForm
from wythoff.core.games.rules import Rules
from wythoff.db.rows import NOTES, split
from wythoff.db.rows import Check as Check
from wythoff.db.rows import Crossref as Crossref
from wythoff.db.rows import GrundyPeriod as GrundyPeriod
from wythoff.oeis.entry import PROGRAM_LANGUAGES
from wythoff.pipeline import rules_columns
from wythoff.website.pictures import Picture

Row = RowMapping


@dataclass(frozen=True)
class Paper:
    key: str
    authors: str
    title: str
    venue: str
    year: int

    @classmethod
    def of_row(cls, row: Row) -> Paper:
        """A row of ``papers``."""
        return cls(row["key"], row["authors"], row["title"], row["venue"], int(row["year"]))


@dataclass(frozen=True)
class Family:
    key: str
    title: str
    paper: str
    summary: str
    parameters: tuple[str, ...]
    rank: int  # the order of the families on the site
    page: str  # the family's own page text (Markdown)

    @classmethod
    def of_row(cls, row: Row) -> Family:
        """A row of ``families``."""
        return cls(
            key=row["key"],
            title=row["title"],
            paper=row["paper"],
            summary=row["summary"],
            parameters=split(row["parameters"]),
            rank=int(row["rank"]),
            page=row["page"],
        )


@dataclass(frozen=True)
class Programs:
    """A sequence's PARI/GP and Python programs, and the function they define:
    ``a`` (a(n) for every n from the offset on) or ``lista`` (the first nn terms)."""

    pari: str
    python: str
    entry: str

    def by_language(self) -> tuple[tuple[str, str], ...]:
        """``(language, code)`` in the order of an entry in OEIS's format."""
        return tuple((language, getattr(self, name)) for language, name in PROGRAM_LANGUAGES)


@dataclass(frozen=True)
class Sequence:
    id: str
    family: str
    name: str
    name_tex: str  # the name with its notation as inline TeX ("": none)
    offset: int
    formula: str
    paper: str
    keywords: tuple[str, ...]  # the package's own
    params: dict[str, int]
    growth: str  # linear | exponential | board
    game_id: str | None
    terms_count: int
    data: str  # the first terms, comma-separated
    oeis_keywords: tuple[str, ...]
    related: tuple[str, ...]  # sequence IDs, in the catalog's order
    coordinate: int | None  # of its game's P-positions: 0 the smaller, 1 the larger
    programs: Programs | None
    picture: Picture

    @property
    def last_index(self) -> int:
        return self.offset + self.terms_count - 1

    @classmethod
    def of_row(cls, row: Row) -> Sequence:
        """A row of ``sequences``."""
        programs = None
        if row["program_entry"] is not None:
            programs = Programs(row["program_pari"], row["program_python"], row["program_entry"])
        return cls(
            id=row["id"],
            family=row["family"],
            name=row["name"],
            name_tex=row["name_tex"],
            offset=int(row["offset"]),
            formula=row["formula"],
            paper=row["paper"],
            keywords=split(row["keywords"]),
            params=json.loads(row["params"]),
            growth=row["growth"],
            game_id=row["game_id"],
            terms_count=int(row["terms_count"]),
            data=row["data"],
            oeis_keywords=split(row["oeis_keywords"]),
            related=split(row["related"]),
            coordinate=_optional_int(row["coordinate"]),
            programs=programs,
            picture=Picture.of_row(row, BeattyForm.from_parameters),
        )


@dataclass(frozen=True)
class WorkedExample:
    """A game page's worked example, as the build computed it: an N-position, the
    strategy's winning moves from it, the stored P-position the first one reaches
    (its ``n`` and class), and for a choice of rectangle, each choice's move."""

    position: tuple[int, int]
    moves: tuple[tuple[int, int], ...]
    target: tuple[int, int | None] | None  # (n, class) of the move's target, if stored
    responses: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()

    @classmethod
    def from_json(cls, document: str) -> WorkedExample:
        data = json.loads(document)
        target = data["target"]
        return cls(
            position=_pair(data["position"]),
            moves=tuple(_pair(move) for move in data["moves"]),
            target=None if target is None else (int(target["n"]), _optional_int(target["class"])),
            responses=tuple(
                (_pair(rectangle), _pair(move)) for rectangle, move in data.get("responses", ())
            ),
        )


@dataclass(frozen=True)
class Game:
    id: str
    family: str
    name: str
    name_tex: str  # the name with its notation as inline TeX ("": none)
    rules: str  # in words
    p_formula: str
    paper: str
    params: dict[str, int]
    solved: bool
    moves: Rules  # the rules as data (``rules`` says them in words)
    ppositions_max: int
    coincidence: str  # the first game ID of its class of games with the same P-positions
    coincidence_bound: int
    coincidence_evidence: str  # "same formula", "observed", "" (alone in its class)
    conjecture: str | None
    strategy: dict[str, Any] | None  # the formula strategy as data (None: the solver)
    strategy_text: str
    board_notes: tuple[str, ...]
    board_lesson: str
    conjecture_modulus: int | None
    example: WorkedExample | None

    @property
    def is_symmetric(self) -> bool:
        """Whether the board is symmetric: (x, y) and (y, x) are the same position."""
        return self.moves.symmetric

    @classmethod
    def of_row(cls, row: Row) -> Game:
        """A row of ``games``."""
        strategy = row["strategy"]
        example = row["example"]
        return cls(
            id=row["id"],
            family=row["family"],
            name=row["name"],
            name_tex=row["name_tex"],
            rules=row["rules"],
            p_formula=row["p_formula"],
            paper=row["paper"],
            params=json.loads(row["params"]),
            solved=bool(row["solved"]),
            moves=rules_columns.rules_of(row),
            ppositions_max=int(row["ppositions_max"]),
            coincidence=row["coincidence"],
            coincidence_bound=int(row["coincidence_bound"]),
            coincidence_evidence=row["coincidence_evidence"],
            conjecture=row["conjecture"],
            strategy=json.loads(strategy) if strategy else None,
            strategy_text=row["strategy_text"],
            board_notes=split(row["board_notes"], NOTES),
            board_lesson=row["board_lesson"],
            conjecture_modulus=_optional_int(row["conjecture_modulus"]),
            example=None if example is None else WorkedExample.from_json(example),
        )


@dataclass(frozen=True)
class Position:
    game_id: str
    n: int
    x: int
    y: int
    cls: int | None  # Connell's class i

    @classmethod
    def of_row(cls, row: Row) -> Position:
        """A row of ``p_positions``, its class as ``cls``."""
        return cls(
            row["game_id"],
            int(row["n"]),
            int(row["x"]),
            int(row["y"]),
            _optional_int(row["cls"]),
        )


@dataclass(frozen=True)
class Digits:
    """One row of a numeration table: ``n`` in the p- or q-system."""

    a: int
    system: str
    n: int
    digits: str
    trailing_zeros: int


@dataclass(frozen=True)
class NumerationSystem:
    """What Fraenkel's systems of base ``a`` describe: a game, its sequences A and B,
    and the bases p(i) and q(i)."""

    a: int
    game_id: str
    lower_id: str
    upper_id: str
    p_id: str
    q_id: str


@dataclass(frozen=True)
class Observation:
    game_id: str
    bound: int  # p - l + 1
    summary: str


def _pair(values: Any) -> tuple[int, int]:
    """Two integers (a JSON pair of coordinates or sides)."""
    first, second = values
    return int(first), int(second)


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)
