"""The Python API: sequences, games and the built database, for notebooks and scripts.

Three entry points, each also available as ``wythoff.sequence``,
``wythoff.game`` and ``wythoff.database``:

- :func:`sequence` gives exact terms by index or slice, for any index, with no
  database (the same engine as ``wythoff terms``);
- :func:`game` answers whether a position is a P-position, gives a winning
  move and lists P-positions (the same strategies as ``wythoff position``),
  for a game of the catalog or a game of one's own (``game(rules=...)``, as
  ``--rules FILE``);
- :func:`database` reads a built database into pandas DataFrames, read-only
  (the same access as ``wythoff sql``).

Examples
--------
>>> import wythoff
>>> a = wythoff.sequence("wythoff-a")
>>> a[10], a[1:6]
(16, [1, 3, 4, 6, 8])
>>> wythoff.game("connell-k3").is_p(14, 48)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from wythoff import families
from wythoff.db import PUBLIC_TABLES

if TYPE_CHECKING:  # pandas is imported only when a database is read
    import pandas as pd

    from wythoff.core.games.rules import Rules
    from wythoff.core.games.strategy import Strategy

SLICE_LIMIT = 10_000_000
"""Largest number of terms one slice may ask for (a list of that many integers)."""


# ----------------------------------------------------------------------------- sequences


class _Named:
    """What a sequence and a game share: the catalog record behind them, its ID and name."""

    record: families.SequenceRecord | families.GameRecord

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def name(self) -> str:
        return self.record.name

    def __repr__(self) -> str:
        kind = "sequence" if isinstance(self, Sequence) else "game"
        return f"<{kind} {self.id}: {self.name}>"


@dataclass(frozen=True, repr=False)
class Sequence(_Named):
    """One sequence of the catalog: exact terms at any index, by ``[n]`` or ``[i:j]``.

    Indices start at the sequence's ``offset`` (as in OEIS); a slice without a
    start begins there.  Negative indices are refused: these sequences have no
    end.

    Examples
    --------
    >>> u = sequence("connell-k3-u1")
    >>> u.offset, u[0:6]
    (0, [0, 1, 3, 4, 5, 6])
    >>> sequence("wythoff-a")[10**30]   # floor(10^30 * golden ratio), exact
    1618033988749894848204586834365
    >>> sequence("fraenkel-a2-p")[:5]     # numerators of the convergents of [1; 2, 2, ...]
    [1, 3, 7, 17, 41]
    """

    record: families.SequenceRecord

    @property
    def offset(self) -> int:
        return self.record.offset

    @property
    def formula(self) -> str:
        return self.record.formula

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return self._slice(index)
        self._check_index(index)
        return self.terms(index, 1)[0]

    def terms(self, start: int, count: int) -> list[int]:
        """``count`` consecutive terms from index ``start``, as Python integers."""
        self._check_index(start)
        return [int(v) for v in self.record.terms(start, count)]

    def __iter__(self) -> Iterator[int]:
        """Every term from the offset on, computed in blocks (an endless iterator)."""
        start = self.offset
        while True:
            yield from self.terms(start, 1000)
            start += 1000

    def _slice(self, part: slice) -> list[int]:
        start = self.offset if part.start is None else part.start
        if part.stop is None:
            raise ValueError(f"{self.id} has no end: give the slice a stop, e.g. [:{start + 10}]")
        step = 1 if part.step is None else part.step
        if step < 1:
            raise ValueError("slices of a sequence step forward (step >= 1)")
        count = max(0, part.stop - start)
        if count > SLICE_LIMIT:
            raise ValueError(f"at most {SLICE_LIMIT:,} terms per slice (asked for {count:,})")
        return self.terms(start, count)[::step] if count else []

    def _check_index(self, index: int) -> None:
        if index < self.offset:
            raise IndexError(f"{self.id} starts at n = {self.offset} (asked for n = {index})")


def sequence(sequence_id: str) -> Sequence:
    """The sequence named by ``sequence_id`` (any valid ID, e.g. ``connell-k3-u1``).

    Raises ``wythoff.families.CatalogError`` (a ``ValueError``) for an unknown ID.

    Examples
    --------
    >>> sequence("modular-a")[1:8]
    [0, 1, 1, 2, 3, 3, 4]
    """
    return Sequence(families.resolve_sequence(sequence_id))


# ----------------------------------------------------------------------------- games


class _Playing:
    """What every game answers, from the strategy :meth:`strategy` gives."""

    def is_p(self, x: int, y: int) -> bool:
        """Whether the player to move from (x, y) loses with best play."""
        return self.strategy(max(x, y) + 1).is_p(x, y)

    def winning_move(self, x: int, y: int) -> tuple[int, int] | None:
        """The first of :meth:`winning_moves` (the move ``wythoff position`` prints
        first), or ``None`` if there is none ((x, y) is a P-position)."""
        moves = self.winning_moves(x, y)
        return moves[0] if moves else None

    def winning_moves(self, x: int, y: int) -> list[tuple[int, int]]:
        """Every winning move from (x, y): each move to a P-position, sorted largest
        first comparing first the smaller pile of (x, y), so that (y, x) gets the
        mirror images of the moves of (x, y); empty for a P-position."""
        moves = self.strategy(max(x, y) + 1).every_winning_move(x, y)
        return [(int(a), int(b)) for a, b in moves]

    def p_positions(self, limit: int) -> list[tuple[int, int]]:
        """The P-positions with both coordinates at most ``limit`` (x <= y on a
        symmetric board, both orders otherwise)."""
        return [(int(x), int(y)) for x, y in self.strategy(limit + 1).p_positions(limit)]

    def strategy(self, size: int) -> Strategy:
        raise NotImplementedError


@dataclass(frozen=True, repr=False)
class Game(_Named, _Playing):
    """One game of the catalog: P-positions and winning moves, for piles of any size.

    Games with a formula answer at once for any piles; games without one are
    solved line by line by the sparse solver, as far as the smaller pile (rules
    it does not handle: by the game solver on a board just large enough).

    Examples
    --------
    >>> g = game("wythoff")
    >>> g.is_p(3, 5), g.winning_move(4, 5), g.winning_moves(4, 5)
    (True, (3, 5), [(3, 5), (1, 2)])
    >>> g.p_positions(10)
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    >>> game("larsson-modulo-m2-p2-l0").p_positions(6)
    [(0, 0), (0, 3), (1, 6)]
    """

    record: families.GameRecord

    @property
    def solved(self) -> bool:
        """Whether a formula gives the P-positions (otherwise the solver does)."""
        return self.record.solved

    def strategy(self, size: int) -> Strategy:
        """The strategy object that ``wythoff.core.games.engine`` chooses: the formula's, the
        sparse solver's, or the board solver's on a ``size`` board."""
        from wythoff.core.games import engine

        return engine.strategy(self.record, size)


@dataclass(frozen=True)
class OwnGame(_Playing):
    """A game of one's own: its rules, answered by the solvers as ``--rules FILE`` is
    (``p_positions`` as ``wythoff ppositions --rules``, the rest as ``position``)."""

    rules: Rules
    solved = False  # no formula: the solvers answer

    def p_positions(self, limit: int) -> list[tuple[int, int]]:
        from wythoff.core.games import engine

        return [(int(x), int(y)) for x, y in engine.solved_p_positions(self.rules, limit)]

    def strategy(self, size: int) -> Strategy:
        """The solvers' strategy for these rules on a ``size`` board (see
        ``wythoff.core.games.engine.solved_strategy``)."""
        from wythoff.core.games import engine

        return engine.solved_strategy(self.rules, size)


def game(game_id: str | None = None, *, rules: Rules | str | Path | None = None) -> Game | OwnGame:
    """A game of the catalog named by ``game_id`` (e.g. ``larsson-blocking-m2-p3``), or a
    game of one's own given by ``rules``, as ``wythoff position --rules FILE`` reads it:

    - a :class:`~wythoff.core.games.rules.Rules` object,
    - a :class:`~pathlib.Path`: a rules file (see ``wythoff ppositions --help``),
    - a ``str``: the text of such a file (TOML).

    Give one of the two.  Raises ``wythoff.families.CatalogError`` for an unknown ID and
    ``wythoff.core.games.rules_file.RulesError`` for rules that describe no game (both
    ``ValueError``).  A game of one's own is solved by the solvers, never by a formula.

    Examples
    --------
    >>> game("connell-k3").winning_move(11, 48)
    (11, 3)
    >>> mine = game(rules="bishop = 2\\n")    # Fraenkel's game with a = 2
    >>> mine.p_positions(10), mine.is_p(3, 5), mine.winning_move(4, 8)
    ([(0, 0), (1, 3), (2, 6), (4, 10)], False, (2, 6))
    >>> mine.p_positions(100) == game("fraenkel-a2").p_positions(100)
    True
    """
    if (game_id is None) == (rules is None):
        raise ValueError("give a game ID or rules= (one of the two)")
    if rules is None:
        assert game_id is not None
        return Game(families.resolve_game(game_id))
    return OwnGame(_rules_of(rules))


def _rules_of(rules: Rules | str | Path) -> Rules:
    from wythoff.core.games.rules_file import read_rules

    if isinstance(rules, Path):
        return read_rules(rules.read_text(encoding="utf-8"))
    if isinstance(rules, str):
        return read_rules(rules)
    return rules


# ----------------------------------------------------------------------------- database


TABLES = PUBLIC_TABLES
"""The documented tables, readable with :meth:`Database.table`."""


def describe(table: str) -> pd.DataFrame:
    """What each column of a documented table holds (no database needed): columns
    ``column``, ``kind`` (integer, real, boolean or text) and ``description``, as the
    built database's ``schema_columns`` table and the README state them.

    >>> describe("p_positions").column.tolist()
    ['game_id', 'x', 'y', 'n', 'class']
    """
    import pandas as pd

    from wythoff.db import schema

    if table not in TABLES:
        raise ValueError(f"unknown table {table!r} (tables: {', '.join(TABLES)})")
    rows = [(c.name, c.kind, c.description) for c in schema.columns(table)]
    return pd.DataFrame(rows, columns=["column", "kind", "description"])


@dataclass(frozen=True)
class Database:
    """A built database, read-only: SQL and the documented tables as DataFrames.

    ``location`` is a SQLite file or any SQLAlchemy URL.  Exact values: the
    ``value`` of a term too large for 64 bits is read from ``value_text`` as a
    Python integer by :meth:`terms`.

    Example (on a built database)::

        db = wythoff.database("data/wythoff.sqlite")
        db.sql("SELECT game_id, count(*) AS n FROM p_positions GROUP BY game_id")
        db.terms("fraenkel-a2-p").value.iloc[-1]      # a 1000-digit integer
        db.p_positions("connell-k3").head()
        db.grundy_periods("wythoff")                  # row, preperiod, period, increment
        db.grundy_positions("wythoff", 1)             # the positions where G(x, y) = 1
    """

    location: str
    time_limit: float = 60.0

    def sql(self, query: str, **params: Any) -> pd.DataFrame:
        """A read-only query as a DataFrame (named parameters as ``:name``).

        The same guard as ``wythoff sql`` applies (only queries; no ATTACH, VACUUM,
        extensions or setting PRAGMAs; strings capped), with ``time_limit`` seconds
        for the whole query.  A refused or failing statement raises
        ``wythoff.db.read.QueryError`` (a ``ValueError``) with the rule or the
        database's own message."""
        from wythoff.db import read

        limits = read.Limits(seconds=self.time_limit)
        with read.connect(*self._url_and_path(), limits) as connection:
            try:
                return read.frame(connection, query, **params)
            except Exception as error:  # noqa: BLE001 - pandas and SQLAlchemy wrap the driver's
                cause = getattr(error, "orig", None) or error.__cause__ or error
                raise read.QueryError(str(cause).splitlines()[0]) from None

    def table(self, name: str) -> pd.DataFrame:
        """A whole documented table (see ``TABLES``)."""
        if name not in TABLES:
            raise ValueError(f"unknown table {name!r} (tables: {', '.join(TABLES)})")
        return self.sql(f'SELECT * FROM "{name}"')

    def terms(self, sequence_id: str) -> pd.DataFrame:
        """The stored terms of one sequence: columns ``n`` and ``value`` (exact integers)."""
        frame = self.sql(
            "SELECT n, value_text FROM terms WHERE sequence_id = :id ORDER BY n", id=sequence_id
        )
        frame["value"] = [int(text) for text in frame.pop("value_text")]
        if frame["value"].map(lambda v: -(2**63) <= v < 2**63).all():
            frame["value"] = frame["value"].astype("int64")
        return frame

    def p_positions(self, game_id: str) -> pd.DataFrame:
        """The stored P-positions of one game, ordered by x then y."""
        return self.sql(
            'SELECT n, x, y, "class" FROM p_positions WHERE game_id = :id ORDER BY x, y',
            id=game_id,
        )

    def grundy_periods(self, game_id: str) -> pd.DataFrame:
        """The stored periods of the rows of a game's Sprague–Grundy function (and of
        its columns, ``axis`` ``column``, where the board is not symmetric), by line:
        ``preperiod``, ``period``, ``increment`` (NULL where the table showed none),
        ``verified_to`` and ``evidence`` (``proven`` with its proof in ``proof_from`` and
        ``proof_period``, or ``verified`` on the table)."""
        return self.sql(
            "SELECT axis, row, preperiod, period, increment, verified_to, evidence, "
            "proof_from, proof_period "
            "FROM grundy_periods WHERE game_id = :id ORDER BY axis DESC, row",
            id=game_id,
        )

    def grundy_positions(self, game_id: str, value: int | None = None) -> pd.DataFrame:
        """The stored positions ``(x, y)`` of a game with each Sprague–Grundy value 1 to 15
        (or only ``value``), both piles up to the build's ``grundy_positions_max``; the
        positions of value 0 are :meth:`p_positions`."""
        if value is None:
            return self.sql(
                "SELECT value, x, y FROM grundy_positions WHERE game_id = :id ORDER BY value, x, y",
                id=game_id,
            )
        return self.sql(
            "SELECT value, x, y FROM grundy_positions WHERE game_id = :id AND value = :value "
            "ORDER BY x, y",
            id=game_id,
            value=value,
        )

    def _url_and_path(self) -> tuple[str, Path | None]:
        if "://" in self.location:
            prefix = "sqlite:///"
            is_file = self.location.startswith(prefix)
            return self.location, Path(self.location[len(prefix) :]) if is_file else None
        path = Path(self.location).absolute()
        return f"sqlite:///{path}", path


def database(location: str | Path = "data/wythoff.sqlite", time_limit: float = 60.0) -> Database:
    """The database at ``location``: a SQLite file (default ``./data/wythoff.sqlite``)
    or a SQLAlchemy URL such as ``postgresql+psycopg://user@host/db``; each query
    may take up to ``time_limit`` seconds."""
    return Database(str(location), time_limit)
