"""What the pages show, read from the built database in a few queries, as the typed
rows of :mod:`~wythoff.website.records`, and the questions the pages ask of it (a
sequence's cross-references strongest first, the period of the row it is, a game's two
sequences of coordinates).

The pages read nothing else: no catalog, no family module.  What a page says of a
sequence or a game beyond its data (OEIS keywords, programs, picture, the lesson
of a board, the worked example) was stored by the build that made the database,
so a database built by another version is shown as that version built it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Connection, text

from wythoff.core.order import natural
from wythoff.db import vocabulary
from wythoff.db.kept import ReadWhenAsked
from wythoff.pipeline import examples
from wythoff.website.records import (
    Check,
    Crossref,
    Digits,
    Family,
    Game,
    GrundyPeriod,
    NumerationSystem,
    Observation,
    Paper,
    Position,
    Row,
    Sequence,
)

TABLE_TERMS = 60  # terms in a sequence page's table
SEARCH_TERMS = 200  # terms per sequence in the term-search index
PLOT_TERMS = 1000  # terms in a sequence page's plot
_SUBJECTS = "SELECT DISTINCT subject FROM verifications"
TABLE_POSITIONS = 40  # P-positions in a game page's table
BOARD = examples.SIDE  # P-positions on a game page: both coordinates below it


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
    return {row["key"]: Paper.of_row(row) for row in _rows(connection, "SELECT * FROM papers")}


def _families(connection: Connection) -> dict[str, Family]:
    """The families, in their order on the site."""
    return {
        row["key"]: Family.of_row(row)
        for row in _rows(connection, "SELECT * FROM families ORDER BY rank")
    }


def _games(connection: Connection) -> dict[str, Game]:
    """The games, in the natural order of their IDs."""
    return _naturally(
        {row["id"]: Game.of_row(row) for row in _rows(connection, "SELECT * FROM games")}
    )


def _sequences(connection: Connection) -> dict[str, Sequence]:
    """The sequences, in the natural order of their IDs."""
    return _naturally(
        {row["id"]: Sequence.of_row(row) for row in _rows(connection, "SELECT * FROM sequences")}
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
        Position.of_row,
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


def _rows(connection: Connection, sql: str, **params: Any) -> Iterator[Row]:
    """The rows of a query by column name, with SQL NULL as None."""
    yield from connection.execute(text(sql), params).mappings()


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
