"""What the pages show, read from the built database in a few queries, as typed rows.

The pages read nothing else: no catalog, no family module.  What a page says of a
sequence or a game beyond its data (OEIS keywords, programs, picture, the lesson
of a board, the worked example) was stored by the build that made the database,
so a database built by another version is shown as that version built it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Connection, RowMapping, text

from wythoff.core.discrepancy import BeattyForm
from wythoff.core.games.rules import Rules
from wythoff.core.order import natural
from wythoff.db import vocabulary
from wythoff.db.kept import ReadWhenAsked
from wythoff.db.rows import NOTES, split
from wythoff.db.rows import Check as Check
from wythoff.db.rows import Crossref as Crossref
from wythoff.db.rows import GrundyPeriod as GrundyPeriod
from wythoff.oeis.entry import PROGRAM_LANGUAGES
from wythoff.pipeline import examples, rules_columns
from wythoff.website.pictures import Picture

TABLE_TERMS = 60  # terms in a sequence page's table
SEARCH_TERMS = 200  # terms per sequence in the term-search index
PLOT_TERMS = 1000  # terms in a sequence page's plot
_SUBJECTS = "SELECT DISTINCT subject FROM verifications"
TABLE_POSITIONS = 40  # P-positions in a game page's table
BOARD = examples.SIDE  # P-positions on a game page: both coordinates below it

Row = RowMapping


@dataclass(frozen=True)
class Paper:
    key: str
    authors: str
    title: str
    venue: str
    year: int


@dataclass(frozen=True)
class Family:
    key: str
    title: str
    paper: str
    summary: str
    parameters: tuple[str, ...]
    rank: int  # the order of the families on the site
    page: str  # the family's own page text (Markdown)


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


@dataclass(frozen=True)
class Position:
    game_id: str
    n: int
    x: int
    y: int
    cls: int | None  # Connell's class i


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


@dataclass
class SiteContent:
    info: dict[str, str]
    papers: dict[str, Paper]
    families: dict[str, Family]
    games: dict[str, Game]
    sequences: dict[str, Sequence]
    terms: Mapping[str, list[tuple[int, str]]] = field(default_factory=dict)
    positions: Mapping[str, list[Position]] = field(default_factory=dict)
    crossrefs: dict[str, list[Crossref]] = field(default_factory=lambda: defaultdict(list))
    checks: Mapping[str, list[Check]] = field(default_factory=dict)
    game_sequences: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    sequence_games: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    numerations: dict[int, dict[str, list[Digits]]] = field(default_factory=dict)
    numeration_systems: dict[int, NumerationSystem] = field(default_factory=dict)
    observations: dict[str, Observation] = field(default_factory=dict)
    grundy_periods: Mapping[str, list[GrundyPeriod]] = field(default_factory=dict)  # by game
    grundy_values: dict[str, int] = field(default_factory=dict)  # rows stored with values
    position_counts: dict[str, int] = field(default_factory=dict)  # stored P-positions a game
    site_url: str = ""  # where the site is published ("" = not yet): the pages' addresses
    issues_url: str = ""  # where readers report an error ("" = no link)


T = TypeVar("T")


class RowsByKey(ReadWhenAsked[list[T]]):
    """For each key of ``keys``, the rows of ``sql`` (parameters ``:key`` and
    ``params``), each made a record by ``make``, read when a page asks: a sequence's
    first terms, a game's P-positions, checks and Sprague–Grundy periods are in memory
    while its pages are written.  Read all at once, they would hold the site's memory
    in proportion to the build (tens of millions of terms and a million periods for
    Larsson's games with m, p <= 32; ``bench/site_memory.py`` measures it)."""

    KEPT = 64

    def __init__(
        self,
        connection: Connection,
        keys: Collection[str],
        sql: str,
        make: Callable[[Row], T],
        **params: Any,
    ) -> None:
        super().__init__(keys)
        self._connection, self._sql, self._make, self._params = connection, sql, make, params

    def read(self, key: str) -> list[T]:
        rows = _rows(self._connection, self._sql, key=key, **self._params)
        return [self._make(row) for row in rows]


def load(connection: Connection) -> SiteContent:
    """Everything the pages need, in one pass over the database; the sequences' terms
    and the games' P-positions, checks and periods are read through ``connection`` as
    the pages ask for them (:class:`RowsByKey`), so the content
    is used while it is open."""
    games, sequences = _games(connection), _sequences(connection)
    game_sequences, sequence_games = _links(connection)
    return SiteContent(
        info=_build_info(connection),
        papers=_papers(connection),
        families=_families(connection),
        games=games,
        sequences=sequences,
        terms=_terms(connection, sequences),
        positions=_positions(connection, games),
        crossrefs=_crossrefs(connection),
        checks=_checks(connection),
        game_sequences=game_sequences,
        sequence_games=sequence_games,
        numerations=_numerations(connection),
        numeration_systems=_numeration_systems(connection),
        observations=_observations(connection),
        grundy_periods=_grundy_periods(connection, games),
        grundy_values=_grundy_value_counts(connection),
        position_counts=_position_counts(connection),
    )


def _build_info(connection: Connection) -> dict[str, str]:
    """The build's metadata, by key."""
    return {
        row["key"]: row["value"] for row in _rows(connection, "SELECT key, value FROM build_info")
    }


def _papers(connection: Connection) -> dict[str, Paper]:
    return {row["key"]: _paper(row) for row in _rows(connection, "SELECT * FROM papers")}


def _families(connection: Connection) -> dict[str, Family]:
    """The families, in their order on the site."""
    return {
        row["key"]: _family(row)
        for row in _rows(connection, "SELECT * FROM families ORDER BY rank")
    }


def _games(connection: Connection) -> dict[str, Game]:
    """The games, in the natural order of their IDs."""
    return _naturally({row["id"]: _game(row) for row in _rows(connection, "SELECT * FROM games")})


def _sequences(connection: Connection) -> dict[str, Sequence]:
    """The sequences, in the natural order of their IDs."""
    return _naturally(
        {row["id"]: _sequence(row) for row in _rows(connection, "SELECT * FROM sequences")}
    )


def _terms(connection: Connection, sequences: Collection[str]) -> RowsByKey[tuple[int, str]]:
    """Each sequence's first terms, as many as the search index and the plot show,
    read when a page asks."""
    return RowsByKey(
        connection,
        sequences,
        "SELECT t.n, t.value_text FROM terms t JOIN sequences s ON s.id = t.sequence_id "
        'WHERE t.sequence_id = :key AND t.n < s."offset" + :count ORDER BY t.n',
        _term,
        count=max(SEARCH_TERMS, PLOT_TERMS),
    )


def _positions(connection: Connection, games: Collection[str]) -> RowsByKey[Position]:
    """Each game's P-positions on the board of its page, read when a page asks."""
    return RowsByKey(
        connection,
        games,
        'SELECT game_id, n, x, y, "class" AS cls FROM p_positions '
        "WHERE game_id = :key AND x < :board AND y < :board ORDER BY x, y",
        _position,
        board=BOARD,
    )


def _crossrefs(connection: Connection) -> dict[str, list[Crossref]]:
    """Each sequence's cross-references, in the order of their targets ([] for a
    sequence without any)."""
    crossrefs: dict[str, list[Crossref]] = defaultdict(list)
    for row in _rows(connection, "SELECT * FROM crossrefs ORDER BY sequence_id, target"):
        crossrefs[row["sequence_id"]].append(Crossref.of_row(row))
    return crossrefs


def _checks(connection: Connection) -> RowsByKey[Check]:
    """Each subject's checks, read when a page asks."""
    subjects = {row["subject"] for row in _rows(connection, _SUBJECTS)}
    query = 'SELECT * FROM verifications WHERE subject = :key ORDER BY "check", id'
    return RowsByKey(connection, subjects, query, Check.of_row)


def _links(connection: Connection) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The sequences of each game and the games of each sequence, each list in the
    natural order of the IDs ([] for an entry without any)."""
    game_sequences: dict[str, list[str]] = defaultdict(list)
    sequence_games: dict[str, list[str]] = defaultdict(list)
    for row in _rows(
        connection, "SELECT game_id, sequence_id FROM game_sequences ORDER BY game_id, sequence_id"
    ):
        game_sequences[row["game_id"]].append(row["sequence_id"])
        sequence_games[row["sequence_id"]].append(row["game_id"])
    for links in (*game_sequences.values(), *sequence_games.values()):
        links.sort(key=natural)
    return game_sequences, sequence_games


def _numerations(connection: Connection) -> dict[int, dict[str, list[Digits]]]:
    """The numerations of 0..200 stored for each system's a, by system."""
    numerations: dict[int, dict[str, list[Digits]]] = {}
    rows = _rows(
        connection,
        "SELECT a, system, n, digits, trailing_zeros FROM numerations WHERE n <= 200 "
        "ORDER BY a, system, n",
    )
    for row in rows:
        digits = Digits(
            int(row["a"]), row["system"], int(row["n"]), row["digits"], int(row["trailing_zeros"])
        )
        numerations.setdefault(digits.a, {}).setdefault(digits.system, []).append(digits)
    return numerations


def _numeration_systems(connection: Connection) -> dict[int, NumerationSystem]:
    """Each numeration system's game and sequences, by a."""
    return {
        int(row["a"]): NumerationSystem(
            int(row["a"]),
            row["game_id"],
            row["lower_id"],
            row["upper_id"],
            row["p_id"],
            row["q_id"],
        )
        for row in _rows(connection, "SELECT * FROM numeration_systems ORDER BY a")
    }


def _observations(connection: Connection) -> dict[str, Observation]:
    """What the build observed of each game without a formula, by game."""
    return {
        row["game_id"]: Observation(row["game_id"], int(row["bound"]), row["summary"])
        for row in _rows(connection, "SELECT game_id, bound, summary FROM observations")
    }


def _grundy_periods(connection: Connection, games: Collection[str]) -> RowsByKey[GrundyPeriod]:
    """Each game's Sprague–Grundy preperiods and periods, rows first, read when a page
    asks."""
    return RowsByKey(
        connection,
        games,
        "SELECT * FROM grundy_periods WHERE game_id = :key ORDER BY axis DESC, row",
        GrundyPeriod.of_row,
    )


def _grundy_value_counts(connection: Connection) -> dict[str, int]:
    """How many rows of Sprague–Grundy values each game has stored, for the games that
    have any."""
    return {
        row["game_id"]: int(row["count"])
        for row in _rows(
            connection,
            "SELECT game_id, count(*) AS count FROM grundy_values WHERE axis = 'row' "
            "GROUP BY game_id",
        )
    }


def _position_counts(connection: Connection) -> dict[str, int]:
    """How many P-positions each game has stored, for the games that have any."""
    return {
        row["game_id"]: int(row["count"])
        for row in _rows(
            connection, "SELECT game_id, count(*) AS count FROM p_positions GROUP BY game_id"
        )
    }


def coordinates(content: SiteContent, game_id: str) -> tuple[str, str] | None:
    """The game's sequences c (the smaller coordinate of its P-positions) and d (the
    larger), when it is described by exactly these two."""
    listed = content.game_sequences.get(game_id, [])
    found = [content.sequences[s] for s in listed if s in content.sequences]
    by_coordinate = {s.coordinate: s.id for s in found if s.coordinate is not None}
    if len(listed) != 2 or sorted(by_coordinate) != [0, 1]:
        return None
    return by_coordinate[0], by_coordinate[1]


def _term(row: Row) -> tuple[int, str]:
    return int(row["n"]), str(row["value_text"])


def _position(row: Row) -> Position:
    return Position(
        row["game_id"],
        int(row["n"]),
        int(row["x"]),
        int(row["y"]),
        _optional_int(row["cls"]),
    )


def _rows(connection: Connection, sql: str, **params: Any) -> Iterator[Row]:
    """The rows of a query by column name, with SQL NULL as None."""
    yield from connection.execute(text(sql), params).mappings()


def _paper(row: Row) -> Paper:
    return Paper(row["key"], row["authors"], row["title"], row["venue"], int(row["year"]))


def _family(row: Row) -> Family:
    return Family(
        key=row["key"],
        title=row["title"],
        paper=row["paper"],
        summary=row["summary"],
        parameters=split(row["parameters"]),
        rank=int(row["rank"]),
        page=row["page"],
    )


def _sequence(row: Row) -> Sequence:
    programs = None
    if row["program_entry"] is not None:
        programs = Programs(row["program_pari"], row["program_python"], row["program_entry"])
    return Sequence(
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


def _game(row: Row) -> Game:
    strategy = row["strategy"]
    example = row["example"]
    return Game(
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


def _pair(values: Any) -> tuple[int, int]:
    """Two integers (a JSON pair of coordinates or sides)."""
    first, second = values
    return int(first), int(second)


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _naturally(records: dict[str, Any]) -> dict[str, Any]:
    return {key: records[key] for key in sorted(records, key=natural)}


def is_anumber(target: object) -> bool:
    """Whether a cross-reference's target is an OEIS entry (A000201), not one of ours."""
    text = str(target)
    return text.startswith("A") and text[1:].isdigit()


def by_evidence(rows: list[Crossref]) -> list[Crossref]:
    """Relations strongest first: proven identities, OEIS entries equal on every term
    compared, near misses, then entries equal on their listed terms only (the order of
    :data:`~wythoff.db.vocabulary.EVIDENCE_KINDS`), each kind by target."""
    rank = {word: i for i, word in enumerate(vocabulary.EVIDENCE_KINDS)}
    return sorted(rows, key=lambda row: (rank[row.evidence], natural(row.target)))


def is_oeis_match(row: Crossref) -> bool:
    """Whether a cross-reference says that an OEIS entry agrees with ours (and not
    that it agrees for a while, then differs)."""
    return row.kind == vocabulary.MATCH


def row_period(content: SiteContent, sequence_id: str) -> GrundyPeriod | None:
    """The additive period of the row of a Sprague–Grundy table a sequence is: its
    ``params["row"]`` in the one game of its family whose table has periods."""
    s = content.sequences[sequence_id]
    if "row" not in s.params:
        return None
    games = [
        g.id
        for g in content.games.values()
        if g.family == s.family and content.grundy_periods.get(g.id)
    ]
    if len(games) != 1:
        return None
    lines = content.grundy_periods.get(games[0], [])
    row = s.params["row"]
    return next((p for p in lines if p.axis == vocabulary.ROW and p.row == row), None)
