"""The database schema (SQLAlchemy 2.x declarative models).

Public tables (stable, see README): :data:`wythoff.db.PUBLIC_TABLES`.

Big integers: SQLite integers stop at 2**63 - 1, and the convergents ``p_i``,
``q_i`` go far beyond.  ``terms.value_text`` holds every term exactly, in
decimal; ``terms.value`` holds the same number as an INTEGER when it fits in 64
bits and NULL otherwise.  Nothing is ever capped or wrapped: a NULL ``value``
always means "too large for INTEGER, read ``value_text``".

Storage: ``terms`` and ``p_positions`` are views with the documented columns over
compact tables keyed by small integers (``term_values``, ``game_positions``):
the string ID of a sequence or game is stored once, in ``sequences.key`` and
``games.key``, not in each of millions of rows, and ``value_text`` is stored only
where ``value`` cannot hold the number.  The views are created with the tables
(by ``Base.metadata.create_all``), on SQLite and on database servers alike.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Connection,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    event,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from wythoff.db import vocabulary

INT64_MAX = 2**63 - 1


def _one_of(column: str, words: Iterable[str]) -> str:
    """A CHECK constraint's text: ``column`` holds one of ``words``."""
    listed = ", ".join("'" + word.replace("'", "''") + "'" for word in words)
    return f'"{column}" IN ({listed})'


class Base(DeclarativeBase):
    pass


class Paper(Base):
    """A paper the database cites."""

    __tablename__ = "papers"
    key: Mapped[str] = mapped_column(String, primary_key=True)
    authors: Mapped[str] = mapped_column(Text)
    title: Mapped[str] = mapped_column(Text)
    venue: Mapped[str] = mapped_column(Text)
    year: Mapped[int] = mapped_column(Integer)


class Family(Base):
    """A family of games and sequences (one paper)."""

    __tablename__ = "families"
    key: Mapped[str] = mapped_column(String, primary_key=True)
    title: Mapped[str] = mapped_column(Text)
    paper: Mapped[str] = mapped_column(ForeignKey("papers.key"))
    summary: Mapped[str] = mapped_column(Text)
    parameters: Mapped[str] = mapped_column(Text)  # comma-separated names, e.g. "m,p"
    rank: Mapped[int] = mapped_column(Integer)  # the order of the families on the site
    page: Mapped[str] = mapped_column(Text)  # the family's page: definitions, theorems (Markdown)


class Game(Base):
    """A game, its rules as data, and where its P-positions come from."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String, primary_key=True)
    key: Mapped[int] = mapped_column(Integer, unique=True)  # its P-positions' storage key
    family: Mapped[str] = mapped_column(ForeignKey("families.key"), index=True)
    name: Mapped[str] = mapped_column(Text)
    # the name with the paper's notation as inline TeX, \( ... \) ("": no notation)
    name_tex: Mapped[str] = mapped_column(Text, server_default="")
    rules: Mapped[str] = mapped_column(Text)  # in words
    p_formula: Mapped[str] = mapped_column(Text)  # the P-positions in words and formulas
    paper: Mapped[str] = mapped_column(ForeignKey("papers.key"))
    params: Mapped[str] = mapped_column(Text)  # JSON object, e.g. {"m": 2, "p": 3}
    solved: Mapped[bool] = mapped_column(Boolean)  # a formula is known
    # p_positions lists only x <= y (not named "symmetric", a reserved word in PostgreSQL)
    is_symmetric: Mapped[bool] = mapped_column(Boolean)
    rook_modulus: Mapped[int] = mapped_column(Integer)
    rook_residues: Mapped[str] = mapped_column(Text)  # comma-separated
    bishop: Mapped[int] = mapped_column(Integer)
    modular: Mapped[int] = mapped_column(Integer)
    blocking: Mapped[int] = mapped_column(Integer)
    rect_w: Mapped[int] = mapped_column(Integer)
    rect_h: Mapped[int] = mapped_column(Integer)
    misere: Mapped[bool] = mapped_column(Boolean)
    # one-pile moves shorter than this may not be forbidden (NULL: the bishop's m)
    blocking_reach: Mapped[int | None] = mapped_column(Integer)
    # JSON [[w, h], ...]: the rectangles the second player chooses from (NULL: no choice)
    rectangle_choices: Mapped[str | None] = mapped_column(Text)
    ppositions_max: Mapped[int] = mapped_column(Integer)  # stored up to this coordinate
    # its class of games with the same P-positions (the class's first game ID), the
    # bound they were compared to, and how it is known: "same formula", "observed", or
    # "" for a game alone in its class
    coincidence: Mapped[str] = mapped_column(String, index=True, server_default="")
    coincidence_bound: Mapped[int] = mapped_column(Integer, server_default="0")
    coincidence_evidence: Mapped[str] = mapped_column(String, server_default="")
    conjecture: Mapped[str | None] = mapped_column(Text)  # Larsson's test, games without formula
    strategy: Mapped[str | None] = mapped_column(
        Text
    )  # the formula strategy as JSON (NULL: solver)
    strategy_text: Mapped[str] = mapped_column(Text)  # how to play it, in words (Markdown)
    board_notes: Mapped[str] = mapped_column(Text)  # what its board picture shows, "; "-joined
    board_lesson: Mapped[str] = mapped_column(Text, server_default="")  # what to look for in it
    # Larsson's p of the p-complementarity conjecture, for a game without a formula
    conjecture_modulus: Mapped[int | None] = mapped_column(Integer)
    # JSON: the worked example of its page, a position and the strategy's winning moves
    # from it, computed by the build (NULL: none, as for a game without a formula)
    example: Mapped[str | None] = mapped_column(Text)
    # ID <-> key in small indexes, so that the view p_positions never reads the wide rows
    # of this table (a browser reading the file by range requests fetches much less)
    __table_args__ = (
        Index("ix_games_id_key", "id", "key"),
        Index("ix_games_key_id", "key", "id"),
    )


class GameSequence(Base):
    """The sequences that give a game's P-positions (its formula, or its c and d)."""

    __tablename__ = "game_sequences"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    sequence_id: Mapped[str] = mapped_column(String, primary_key=True)
    __table_args__ = (Index("ix_game_sequences_sequence", "sequence_id"),)


class Sequence(Base):
    """A sequence, OEIS-style."""

    __tablename__ = "sequences"
    id: Mapped[str] = mapped_column(String, primary_key=True)
    key: Mapped[int] = mapped_column(Integer, unique=True)  # its terms' storage key
    family: Mapped[str] = mapped_column(ForeignKey("families.key"), index=True)
    name: Mapped[str] = mapped_column(Text)
    # the name with the paper's notation as inline TeX, \( ... \) ("": no notation)
    name_tex: Mapped[str] = mapped_column(Text, server_default="")
    offset: Mapped[int] = mapped_column(Integer)
    formula: Mapped[str] = mapped_column(Text)
    paper: Mapped[str] = mapped_column(ForeignKey("papers.key"))
    keywords: Mapped[str] = mapped_column(Text)  # comma-separated
    params: Mapped[str] = mapped_column(Text)  # JSON object
    growth: Mapped[str] = mapped_column(String)  # linear | exponential | board
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"))
    terms_count: Mapped[int] = mapped_column(Integer)
    data: Mapped[str] = mapped_column(Text)  # the first terms, comma-separated (OEIS data line)
    # what its page and its entry in OEIS's format show besides the terms, stored by the
    # build from the catalog, so that a page shows the database whatever version renders it
    oeis_keywords: Mapped[str] = mapped_column(Text, server_default="")  # OEIS's, comma-separated
    related: Mapped[str] = mapped_column(Text, server_default="")  # sequence IDs, comma-separated
    coordinate: Mapped[int | None] = mapped_column(Integer)  # of its game's P-positions: 0, 1
    program_pari: Mapped[str | None] = mapped_column(Text)  # NULL: no programs
    program_python: Mapped[str | None] = mapped_column(Text)
    program_entry: Mapped[str | None] = mapped_column(String)  # a: a(n); lista: lista(nn)
    picture: Mapped[str] = mapped_column(String, server_default=vocabulary.VALUES)  # drawn
    picture_form: Mapped[str | None] = mapped_column(Text)  # JSON: the closed form drawn
    picture_pair: Mapped[str | None] = mapped_column(Text)  # "c,d": the coordinates drawn
    # ID <-> key in small indexes, so that the view terms never reads the wide rows of
    # this table: a term search in the browser fetched 480 KiB through them, 110 KiB without
    __table_args__ = (
        Index("ix_sequences_id_key", "id", "key"),
        Index("ix_sequences_key_id", "key", "id"),
        CheckConstraint(_one_of("picture", vocabulary.PICTURE_KINDS), name="ck_sequences_picture"),
    )


class TermValue(Base):
    """Storage of ``terms``: ``a(n)`` of the sequence whose ``sequences.key`` is
    ``sequence_key``; ``value_text`` only where ``value`` is NULL (beyond 64 bits)."""

    __tablename__ = "term_values"
    sequence_key: Mapped[int] = mapped_column(ForeignKey("sequences.key"), primary_key=True)
    n: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    value: Mapped[int | None] = mapped_column(BigInteger)
    value_text: Mapped[str | None] = mapped_column(Text)
    __table_args__ = (
        Index("ix_term_values_value", "value"),
        {"sqlite_with_rowid": False},
    )


class GamePosition(Base):
    """Storage of ``p_positions``: a P-position ``(x, y)`` of the game whose
    ``games.key`` is ``game_key``; ``n`` is its index in the game's sequences
    (``(A_n, B_n)``), and ``class`` is Connell's ``i`` (NULL for other games)."""

    __tablename__ = "game_positions"
    game_key: Mapped[int] = mapped_column(ForeignKey("games.key"), primary_key=True)
    x: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    y: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    n: Mapped[int] = mapped_column(BigInteger)
    cls: Mapped[int | None] = mapped_column("class", Integer)
    __table_args__ = (
        Index("ix_game_positions_game_y", "game_key", "y"),
        Index("ix_game_positions_xy", "x", "y"),  # which games share a P-position
        {"sqlite_with_rowid": False},
    )


VIEWS = {
    "terms": (
        "SELECT s.id AS sequence_id, t.n AS n, t.value AS value, "
        "COALESCE(t.value_text, CAST(t.value AS TEXT)) AS value_text "
        "FROM term_values t JOIN sequences s ON s.key = t.sequence_key"
    ),
    "p_positions": (
        'SELECT g.id AS game_id, p.x AS x, p.y AS y, p.n AS n, p."class" AS "class" '
        "FROM game_positions p JOIN games g ON g.key = p.game_key"
    ),
}
"""The documented tables that are views: name -> query (portable SQL)."""
STORED_AS = {"terms": "term_values", "p_positions": "game_positions"}
"""Each view and the table that stores its rows, one for one."""


@event.listens_for(Base.metadata, "after_create")
def _create_views(_metadata: object, connection: Connection, **_: object) -> None:
    for name, query in VIEWS.items():
        connection.execute(text(f"CREATE VIEW {name} AS {query}"))


@event.listens_for(Base.metadata, "before_drop")
def _drop_views(_metadata: object, connection: Connection, **_: object) -> None:
    for name in VIEWS:
        connection.execute(text(f"DROP VIEW IF EXISTS {name}"))


def public_tables() -> list[str]:
    """The documented table names, views included, in the schema's order."""
    names = []
    for table in Base.metadata.sorted_tables:
        views = [view for view, stored in STORED_AS.items() if stored == table.name]
        names += views or [table.name]
    return names


class Numeration(Base):
    """Fraenkel's p-system or q-system digits of ``n`` for ``alpha = [1; a, a, ...]``.

    ``digits`` is most significant first, as in the paper ("1012"); for
    ``a >= 10`` the digits are separated by dots ("1.10.0")."""

    __tablename__ = "numerations"
    a: Mapped[int] = mapped_column(Integer, primary_key=True)
    system: Mapped[str] = mapped_column(String(1), primary_key=True)
    n: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    digits: Mapped[str] = mapped_column(Text)
    trailing_zeros: Mapped[int] = mapped_column(Integer)
    length: Mapped[int] = mapped_column(Integer)
    __table_args__ = (
        CheckConstraint("system IN ('p', 'q')", name="ck_numerations_system"),
        {"sqlite_with_rowid": False},
    )


class NumerationSystem(Base):
    """What Fraenkel's p- and q-systems of base ``a`` describe: the game whose
    P-positions ``(A(n), B(n))`` they give, its sequences ``A`` and ``B``, and the
    sequences ``p(i)`` and ``q(i)`` that are their bases (one row for each ``a`` of
    ``numerations``)."""

    __tablename__ = "numeration_systems"
    a: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    lower_id: Mapped[str] = mapped_column(ForeignKey("sequences.id"))  # A(n)
    upper_id: Mapped[str] = mapped_column(ForeignKey("sequences.id"))  # B(n)
    p_id: Mapped[str] = mapped_column(ForeignKey("sequences.id"))  # p(i), the p-system's base
    q_id: Mapped[str] = mapped_column(ForeignKey("sequences.id"))  # q(i), the q-system's base


class Crossref(Base):
    """A checked relation between a sequence and another sequence or an OEIS entry.

    ``shift`` is ``s`` in ``sequence(n) = target(n + s)`` (NULL when not a shift);
    ``verified_up_to`` is the largest index of ``sequence`` where it was checked;
    ``kind`` says what the relation is, in one word of
    :data:`~wythoff.db.vocabulary.CROSSREF_KINDS` (``relation`` says it for people),
    and ``evidence`` what it rests on, one of :data:`~wythoff.db.vocabulary.EVIDENCE_KINDS`."""

    __tablename__ = "crossrefs"
    sequence_id: Mapped[str] = mapped_column(ForeignKey("sequences.id"), primary_key=True)
    target: Mapped[str] = mapped_column(String, primary_key=True)
    relation: Mapped[str] = mapped_column(Text, primary_key=True)
    shift: Mapped[int | None] = mapped_column(Integer)
    verified_up_to: Mapped[int] = mapped_column(BigInteger)
    note: Mapped[str] = mapped_column(Text, default="")
    kind: Mapped[str] = mapped_column(String)
    evidence: Mapped[str] = mapped_column(String)
    __table_args__ = (
        Index("ix_crossrefs_target", "target"),
        CheckConstraint(_one_of("kind", vocabulary.CROSSREF_KINDS), name="ck_crossrefs_kind"),
        CheckConstraint(
            _one_of("evidence", vocabulary.EVIDENCE_KINDS), name="ck_crossrefs_evidence"
        ),
    )


class Observation(Base):
    """Larsson's open questions measured on a game without a formula (see
    ``wythoff.core.games.observations``): one row per game the sparse solver settles."""

    __tablename__ = "observations"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    pairs: Mapped[int] = mapped_column(Integer)  # proven pairs (c_n, d_n) measured
    settled: Mapped[int] = mapped_column(Integer)  # every line up to this is settled
    ratio_last: Mapped[float] = mapped_column(Float)  # d_n / c_n at the last n
    ratio_low: Mapped[float] = mapped_column(Float)  # its range over the second half
    ratio_high: Mapped[float] = mapped_column(Float)
    slope_c: Mapped[float] = mapped_column(Float)  # least-squares slope of c_n against n
    slope_d: Mapped[float] = mapped_column(Float)
    distance_c_first: Mapped[float] = mapped_column(Float)  # max |c_n - slope_c n|, first half
    distance_c_second: Mapped[float] = mapped_column(Float)  # ... second half
    distance_d_first: Mapped[float] = mapped_column(Float)
    distance_d_second: Mapped[float] = mapped_column(Float)
    difference_period: Mapped[int | None] = mapped_column(Integer)  # of d_n - c_n's increments
    line_counts: Mapped[str] = mapped_column(Text)  # JSON: P-positions per line -> lines
    bound: Mapped[int] = mapped_column(Integer)  # p - l + 1
    first_exception: Mapped[int | None] = mapped_column(Integer)  # first line without p
    summary: Mapped[str] = mapped_column(Text)


class Verification(Base):
    """One check the build ran: what, how, how far, and the result."""

    __tablename__ = "verifications"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    subject: Mapped[str] = mapped_column(String, index=True)  # a sequence, game or family ID
    check: Mapped[str] = mapped_column(Text)
    method: Mapped[str] = mapped_column(Text)
    up_to: Mapped[str] = mapped_column(Text)
    passed: Mapped[bool] = mapped_column(Boolean)
    detail: Mapped[str] = mapped_column(Text, default="")


class OeisExtension(Base):
    """An OEIS entry the build extended past its listed terms, to judge a match on
    every stored term: how (``source``: its ``b-file`` or ``PARI program``, whose
    text is ``program``), how many of its terms that gave (``terms``, listed ones
    included), or why it could not (``failure``; ``terms`` is then 0)."""

    __tablename__ = "oeis_extensions"
    anumber: Mapped[str] = mapped_column(String, primary_key=True)
    source: Mapped[str] = mapped_column(String)
    terms: Mapped[int] = mapped_column(Integer)
    program: Mapped[str] = mapped_column(Text)
    failure: Mapped[str] = mapped_column(Text)


class BuildInfo(Base):
    """Provenance of the build: version, configuration, date."""

    __tablename__ = "build_info"
    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class GrundyPeriod(Base):
    """The additive period of a row of a game's Sprague–Grundy function:
    ``G(row, y + period) = G(row, y) + increment`` for every ``y >= preperiod`` with
    ``y + period < verified_to``, the side of the table it was found and checked on
    (``evidence`` ``verified``); the least period, then the least preperiod.  A row
    whose table shows no period repeated four times past a preperiod has NULLs and
    ``evidence`` ``none within``.  Only games with Sprague–Grundy values have rows:
    not blocking, choice or misère games."""

    __tablename__ = "grundy_periods"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    row: Mapped[int] = mapped_column(Integer, primary_key=True)
    preperiod: Mapped[int | None] = mapped_column(Integer)
    period: Mapped[int | None] = mapped_column(Integer)
    increment: Mapped[int | None] = mapped_column(Integer)
    verified_to: Mapped[int] = mapped_column(Integer)
    evidence: Mapped[str] = mapped_column(String)
    __table_args__ = (
        CheckConstraint(
            _one_of("evidence", ("verified", "none within")), name="ck_grundy_periods_evidence"
        ),
    )
