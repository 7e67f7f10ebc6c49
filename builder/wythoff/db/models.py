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
``games.key``, not in each of millions of rows; sequences with the same terms share
one key, so that those terms are stored once; and ``value_text`` is stored only
where ``value`` cannot hold the number (``term_texts``).  The views are created with the tables
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
    LargeBinary,
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


NAME_TEX = "the name with its paper's notation as inline TeX, \\( ... \\); empty when it has none"
"""What ``name_tex`` holds, for games and sequences alike."""


class Base(DeclarativeBase):
    pass


class Paper(Base):
    """A paper the database cites."""

    __tablename__ = "papers"
    key: Mapped[str] = mapped_column(
        String, primary_key=True, comment="the paper's key, cited by families, games and sequences"
    )
    authors: Mapped[str] = mapped_column(Text, comment="its authors")
    title: Mapped[str] = mapped_column(Text, comment="its title")
    venue: Mapped[str] = mapped_column(Text, comment="where it appeared")
    year: Mapped[int] = mapped_column(Integer, comment="the year it appeared")


class Family(Base):
    """A family of games and sequences (one paper)."""

    __tablename__ = "families"
    key: Mapped[str] = mapped_column(
        String, primary_key=True, comment="the family's key (wythoff, connell, ...)"
    )
    title: Mapped[str] = mapped_column(Text, comment="its title")
    paper: Mapped[str] = mapped_column(
        ForeignKey("papers.key"), comment="the paper it comes from (papers.key)"
    )
    summary: Mapped[str] = mapped_column(Text, comment="what it is, in one paragraph")
    parameters: Mapped[str] = mapped_column(
        Text, comment="its parameters' names, comma-separated (m,p)"
    )
    rank: Mapped[int] = mapped_column(
        Integer, comment="its place in the order of the families on the site"
    )
    page: Mapped[str] = mapped_column(Text, comment="its page: definitions and theorems (Markdown)")


class Game(Base):
    """A game, its rules as data, and where its P-positions come from."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String, primary_key=True, comment="the game's ID")
    key: Mapped[int] = mapped_column(
        Integer, unique=True, comment="its P-positions' storage key (game_positions.game_key)"
    )
    family: Mapped[str] = mapped_column(
        ForeignKey("families.key"), index=True, comment="its family (families.key)"
    )
    name: Mapped[str] = mapped_column(Text, comment="its name")
    name_tex: Mapped[str] = mapped_column(Text, server_default="", comment=NAME_TEX)
    rules: Mapped[str] = mapped_column(Text, comment="its moves, in words")
    p_formula: Mapped[str] = mapped_column(Text, comment="its P-positions, in words and formulas")
    paper: Mapped[str] = mapped_column(
        ForeignKey("papers.key"), comment="the paper it comes from (papers.key)"
    )
    params: Mapped[str] = mapped_column(
        Text, comment='its parameters as a JSON object ({"m": 2, "p": 3})'
    )
    solved: Mapped[bool] = mapped_column(
        Boolean, comment="1 when a formula for its P-positions is known"
    )
    # p_positions lists only x <= y (not named "symmetric", a reserved word in PostgreSQL)
    is_symmetric: Mapped[bool] = mapped_column(
        Boolean,
        comment=(
            "1 when (x, y) and (y, x) are the same position: p_positions then lists x <= y only"
        ),
    )
    rook_modulus: Mapped[int] = mapped_column(
        Integer,
        comment="one-pile moves take a length whose residue modulo this is in rook_residues",
    )
    rook_residues: Mapped[str] = mapped_column(
        Text, comment="those residues, comma-separated (empty: no one-pile move)"
    )
    bishop: Mapped[int] = mapped_column(
        Integer,
        comment="m of its m-bishop moves: k and l from the piles, k + l > 0, |k - l| < m (0: none)",
    )
    modular: Mapped[int] = mapped_column(
        Integer, comment="m of its modular moves: k, l > 0 with k = l (mod m) (0: none)"
    )
    blocking: Mapped[int] = mapped_column(
        Integer,
        comment=(
            "before each move the previous player may forbid up to blocking - 1 one-pile moves (1: "
            "no blocking)"
        ),
    )
    rect_w: Mapped[int] = mapped_column(
        Integer,
        comment="width of the rectangle x < rect_w, y < rect_h that no move may enter (0: none)",
    )
    rect_h: Mapped[int] = mapped_column(Integer, comment="height of that rectangle")
    misere: Mapped[bool] = mapped_column(
        Boolean, comment="1 in misère play: the player who cannot move wins"
    )
    blocking_reach: Mapped[int | None] = mapped_column(
        Integer,
        comment="one-pile moves shorter than this may not be forbidden (NULL: the bishop's m)",
    )
    rectangle_choices: Mapped[str | None] = mapped_column(
        Text,
        comment=(
            "JSON [[w, h], ...]: the rectangles the second player chooses from before the first "
            "move (NULL: no choice)"
        ),
    )
    ppositions_max: Mapped[int] = mapped_column(
        Integer, comment="every P-position with both coordinates up to this is stored"
    )
    coincidence: Mapped[str] = mapped_column(
        String,
        index=True,
        server_default="",
        comment=(
            "its class of games with the same stored P-positions: the class's first game ID (empty:"
            " alone in its class)"
        ),
    )
    coincidence_bound: Mapped[int] = mapped_column(
        Integer,
        server_default="0",
        comment="the coordinate up to which the class's games were compared",
    )
    coincidence_evidence: Mapped[str] = mapped_column(
        String,
        server_default="",
        comment=(
            "how the class is known: same formula (equal at every size), observed (up to the "
            "bound), or empty"
        ),
    )
    conjecture: Mapped[str | None] = mapped_column(
        Text, comment="Larsson's p-complementarity test, for a game without a formula"
    )
    strategy: Mapped[str | None] = mapped_column(
        Text, comment="the formula strategy as JSON (NULL: solved by the solver)"
    )
    strategy_text: Mapped[str] = mapped_column(Text, comment="how to play it, in words (Markdown)")
    board_notes: Mapped[str] = mapped_column(
        Text, comment='what its board picture shows, "; "-joined'
    )
    board_lesson: Mapped[str] = mapped_column(
        Text, server_default="", comment="what to look for in its board picture"
    )
    conjecture_modulus: Mapped[int | None] = mapped_column(
        Integer,
        comment="Larsson's p of the p-complementarity conjecture, for a game without a formula",
    )
    example: Mapped[str | None] = mapped_column(
        Text,
        comment=(
            "JSON: the worked example of its page, an N-position, the strategy's winning moves and "
            "the P-position reached (NULL: none)"
        ),
    )
    # ID <-> key in small indexes, so that the view p_positions never reads the wide rows
    # of this table (a browser reading the file by range requests fetches much less)
    __table_args__ = (
        Index("ix_games_id_key", "id", "key"),
        Index("ix_games_key_id", "key", "id"),
    )


class GameSequence(Base):
    """The sequences that give a game's P-positions (its formula, or its c and d)."""

    __tablename__ = "game_sequences"
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id"), primary_key=True, comment="a game (games.id)"
    )
    sequence_id: Mapped[str] = mapped_column(
        String,
        primary_key=True,
        comment="a sequence giving its P-positions: its formula's, or its c and d",
    )
    __table_args__ = (Index("ix_game_sequences_sequence", "sequence_id"),)


class Sequence(Base):
    """A sequence, OEIS-style."""

    __tablename__ = "sequences"
    id: Mapped[str] = mapped_column(String, primary_key=True, comment="the sequence's ID")
    key: Mapped[int] = mapped_column(
        Integer,
        comment="its terms' storage key (term_values.sequence_key), shared by equal sequences",
    )
    family: Mapped[str] = mapped_column(
        ForeignKey("families.key"), index=True, comment="its family (families.key)"
    )
    name: Mapped[str] = mapped_column(Text, comment="its name")
    name_tex: Mapped[str] = mapped_column(Text, server_default="", comment=NAME_TEX)
    offset: Mapped[int] = mapped_column(
        Integer, comment="the index of its first term (OEIS's offset)"
    )
    formula: Mapped[str] = mapped_column(Text, comment="its formula, in words")
    paper: Mapped[str] = mapped_column(
        ForeignKey("papers.key"), comment="the paper it comes from (papers.key)"
    )
    keywords: Mapped[str] = mapped_column(Text, comment="its keywords, comma-separated")
    params: Mapped[str] = mapped_column(Text, comment="its parameters as a JSON object")
    growth: Mapped[str] = mapped_column(
        String, comment="how its terms grow: " + ", ".join(vocabulary.GROWTH_KINDS)
    )
    game_id: Mapped[str | None] = mapped_column(
        ForeignKey("games.id"),
        comment="the game whose P-positions it gives a coordinate of (NULL: none)",
    )
    terms_count: Mapped[int] = mapped_column(Integer, comment="how many terms are stored")
    data: Mapped[str] = mapped_column(
        Text, comment="its first terms, comma-separated (an OEIS data line)"
    )
    oeis_keywords: Mapped[str] = mapped_column(
        Text, server_default="", comment="OEIS's keywords for it, comma-separated"
    )
    related: Mapped[str] = mapped_column(
        Text, server_default="", comment="related sequence IDs, comma-separated"
    )
    coordinate: Mapped[int | None] = mapped_column(
        Integer,
        comment=(
            "0 or 1: the smaller or larger coordinate of its game's P-positions (NULL: neither)"
        ),
    )
    program_pari: Mapped[str | None] = mapped_column(
        Text, comment="a PARI/GP program of its terms (NULL: no programs)"
    )
    program_python: Mapped[str | None] = mapped_column(
        Text, comment="a Python program of its terms (NULL: no programs)"
    )
    program_entry: Mapped[str | None] = mapped_column(
        String, comment="what the programs define: a (a(n)) or lista (the first nn terms)"
    )
    picture: Mapped[str] = mapped_column(
        String,
        server_default=vocabulary.VALUES,
        comment="what its page draws: " + ", ".join(vocabulary.PICTURE_KINDS),
    )
    picture_form: Mapped[str | None] = mapped_column(
        Text,
        comment=(
            "JSON: a discrepancy picture's closed form a(n) = scale*floor((step*n + shift)*theta) +"
            " factor*n + constant, theta = (c + sign*sqrt(d))/e"
        ),
    )
    picture_pair: Mapped[str | None] = mapped_column(
        Text, comment="a pair picture's coordinates, c,d"
    )
    # ID <-> key in small indexes, so that the view terms never reads the wide rows of
    # this table: a term search in the browser fetched several times the bytes through them
    # (bench/sql_range.py measures what it fetches)
    __table_args__ = (
        Index("ix_sequences_id_key", "id", "key"),
        Index("ix_sequences_key_id", "key", "id"),
        CheckConstraint(_one_of("picture", vocabulary.PICTURE_KINDS), name="ck_sequences_picture"),
    )


class TermValue(Base):
    """Storage of ``terms``: ``a(n)`` of the sequences whose ``sequences.key`` is
    ``sequence_key`` (one or several with the same terms, stored once); ``value`` is
    NULL beyond 64 bits, where ``term_texts`` holds the number."""

    __tablename__ = "term_values"
    sequence_key: Mapped[int] = mapped_column(
        Integer, primary_key=True, comment="the sequences (sequences.key)"
    )
    n: Mapped[int] = mapped_column(BigInteger, primary_key=True, comment="the index n")
    value: Mapped[int | None] = mapped_column(
        BigInteger, comment="a(n) when it fits in 64 bits, else NULL"
    )
    __table_args__ = (
        Index("ix_term_values_value", "value"),
        {"sqlite_with_rowid": False},
    )


class TermText(Base):
    """Storage of ``terms``: the decimal digits of the terms beyond 64 bits, the few
    whose ``term_values.value`` is NULL.  Apart, they cost the other rows nothing (in
    ``term_values`` a column of their own took a byte of every row, and their long
    rows spilled into overflow pages).  A table with a rowid, found by its index: in a
    table without one, interior pages hold whole rows, and rows of hundreds of digits
    made a deep tree that a lookup read three times as much of."""

    __tablename__ = "term_texts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, comment="the row")
    sequence_key: Mapped[int] = mapped_column(Integer, comment="the sequences (sequences.key)")
    n: Mapped[int] = mapped_column(BigInteger, comment="the index n")
    value_text: Mapped[str] = mapped_column(Text, comment="a(n) in decimal")
    __table_args__ = (Index("ix_term_texts_key_n", "sequence_key", "n", unique=True),)


class GamePosition(Base):
    """Storage of ``p_positions``: a P-position ``(x, y)`` of the game whose
    ``games.key`` is ``game_key``; ``n`` is its index in the game's sequences
    (``(A_n, B_n)``), and ``class`` is Connell's ``i`` (NULL for other games)."""

    __tablename__ = "game_positions"
    game_key: Mapped[int] = mapped_column(
        ForeignKey("games.key"), primary_key=True, comment="the game (games.key)"
    )
    x: Mapped[int] = mapped_column(
        BigInteger,
        primary_key=True,
        comment="the smaller pile (the first on a board that is not symmetric)",
    )
    y: Mapped[int] = mapped_column(
        BigInteger, primary_key=True, comment="the larger pile (the second)"
    )
    n: Mapped[int] = mapped_column(
        BigInteger, comment="its index in the game's sequences: (A_n, B_n)"
    )
    cls: Mapped[int | None] = mapped_column(
        "class", Integer, comment="Connell's class i, where it applies (NULL otherwise)"
    )
    __table_args__ = (
        Index("ix_game_positions_game_y", "game_key", "y"),
        Index("ix_game_positions_xy", "x", "y"),  # which games share a P-position
        {"sqlite_with_rowid": False},
    )


class GrundyCell(Base):
    """Storage of ``grundy_positions``: a position ``(x, y)`` where the Sprague–Grundy
    function of the game whose ``games.key`` is ``game_key`` takes the value ``value``,
    1 to :data:`~wythoff.db.vocabulary.GRUNDY_VALUES_STORED` (the positions of value 0
    are ``p_positions``), for piles up to the configuration's ``grundy_positions_max``."""

    __tablename__ = "grundy_cells"
    game_key: Mapped[int] = mapped_column(
        ForeignKey("games.key"), primary_key=True, comment="the game (games.key)"
    )
    value: Mapped[int] = mapped_column(
        Integer, primary_key=True, comment="G(x, y): the least value no move from (x, y) reaches"
    )
    x: Mapped[int] = mapped_column(
        Integer,
        primary_key=True,
        comment="the smaller pile (the first on a board that is not symmetric)",
    )
    y: Mapped[int] = mapped_column(
        Integer, primary_key=True, comment="the larger pile (the second)"
    )
    __table_args__ = (
        CheckConstraint(
            f"value BETWEEN 1 AND {vocabulary.GRUNDY_VALUES_STORED}", name="ck_grundy_cells_value"
        ),
        {"sqlite_with_rowid": False},
    )


VIEWS = {
    # value_text: term_texts is read only where value is NULL (COALESCE stops at its
    # first value, on SQLite and PostgreSQL)
    "terms": (
        "SELECT s.id AS sequence_id, t.n AS n, t.value AS value, "
        "COALESCE(CAST(t.value AS TEXT), (SELECT x.value_text FROM term_texts x "
        "WHERE x.sequence_key = t.sequence_key AND x.n = t.n)) AS value_text "
        "FROM term_values t JOIN sequences s ON s.key = t.sequence_key"
    ),
    "p_positions": (
        'SELECT g.id AS game_id, p.x AS x, p.y AS y, p.n AS n, p."class" AS "class" '
        "FROM game_positions p JOIN games g ON g.key = p.game_key"
    ),
    "grundy_positions": (
        "SELECT g.id AS game_id, c.value AS value, c.x AS x, c.y AS y "
        "FROM grundy_cells c JOIN games g ON g.key = c.game_key"
    ),
}
"""The documented tables that are views: name -> query (portable SQL)."""
STORED_AS = {
    "terms": ("term_values", "term_texts"),
    "p_positions": ("game_positions",),
    "grundy_positions": ("grundy_cells",),
}
"""Each view and the tables that store its rows (the terms of equal sequences once),
the first holding a row for each of the view's."""
VIEW_COLUMNS: dict[str, tuple[tuple[str, str | None], ...]] = {
    "terms": (
        ("sequence_id", "the sequence (sequences.id)"),
        ("n", None),
        ("value", None),
        ("value_text", "a(n) in decimal, exact: every term, whatever its size"),
    ),
    "p_positions": (
        ("game_id", "the game (games.id)"),
        ("x", None),
        ("y", None),
        ("n", None),
        ("class", None),
    ),
    "grundy_positions": (
        ("game_id", "the game (games.id)"),
        ("value", None),
        ("x", None),
        ("y", None),
    ),
}
"""Each view's columns, in order: described as the stored column of that name (None)
or in words of their own (see :mod:`wythoff.db.schema`)."""
VIEW_SUMMARIES = {
    "terms": "A term a(n) of a sequence, exact; one row per (sequence_id, n), indexed by value.",
    "p_positions": (
        "A P-position (x, y) of a game, with its index n in the game's sequences; indexed by "
        "(game_id, x), (game_id, y) and, across games, (x, y)."
    ),
    "grundy_positions": (
        "A position (x, y) of a game with Sprague–Grundy value G(x, y) = value, for the values "
        f"1 .. {vocabulary.GRUNDY_VALUES_STORED} and both piles up to the build's "
        "grundy_positions_max (x <= y where the board is symmetric; value 0 is p_positions); "
        "indexed by (game_id, value)."
    ),
}


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
        if not any(table.name in tables for tables in STORED_AS.values()):
            names.append(table.name)
        names += [view for view, tables in STORED_AS.items() if tables[0] == table.name]
    return names


class Numeration(Base):
    """Fraenkel's p-system or q-system digits of ``n`` for ``alpha = [1; a, a, ...]``.

    ``digits`` is most significant first, as in the paper ("1012"); for
    ``a >= 10`` the digits are separated by dots ("1.10.0")."""

    __tablename__ = "numerations"
    a: Mapped[int] = mapped_column(
        Integer, primary_key=True, comment="the base's a: alpha = [1; a, a, ...]"
    )
    system: Mapped[str] = mapped_column(
        String(1), primary_key=True, comment="p or q: Fraenkel's p-system or q-system"
    )
    n: Mapped[int] = mapped_column(BigInteger, primary_key=True, comment="the number represented")
    digits: Mapped[str] = mapped_column(
        Text, comment="its digits, most significant first (dot-separated for a >= 10)"
    )
    trailing_zeros: Mapped[int] = mapped_column(
        Integer, comment="how many zeros the representation ends in"
    )
    length: Mapped[int] = mapped_column(Integer, comment="how many digits it has")
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
    a: Mapped[int] = mapped_column(Integer, primary_key=True, comment="the base's a")
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id"), comment="Fraenkel's a-Wythoff game the systems describe (games.id)"
    )
    lower_id: Mapped[str] = mapped_column(
        ForeignKey("sequences.id"), comment="its sequence A(n) (sequences.id)"
    )
    upper_id: Mapped[str] = mapped_column(
        ForeignKey("sequences.id"), comment="its sequence B(n) (sequences.id)"
    )
    p_id: Mapped[str] = mapped_column(
        ForeignKey("sequences.id"), comment="p(i), the p-system's base (sequences.id)"
    )
    q_id: Mapped[str] = mapped_column(
        ForeignKey("sequences.id"), comment="q(i), the q-system's base (sequences.id)"
    )


def _words(comment: str) -> Mapped[str]:
    """A text column of a cross-reference's evidence (empty when it does not apply)."""
    return mapped_column(Text, default="", comment=comment)


def _index(comment: str) -> Mapped[int | None]:
    """An index column of a cross-reference's evidence (NULL when it does not apply)."""
    return mapped_column(BigInteger, comment=comment)


class Crossref(Base):
    """A checked relation between a sequence and another sequence or an OEIS entry.

    ``shift`` is ``s`` in ``sequence(n) = target(n + s)`` (NULL when not a shift);
    ``verified_up_to`` is the largest index of ``sequence`` where it was checked;
    ``kind`` says what the relation is, in one word of
    :data:`~wythoff.db.vocabulary.CROSSREF_KINDS` (``relation`` says it for people),
    and ``evidence`` what it rests on, one of :data:`~wythoff.db.vocabulary.EVIDENCE_KINDS`."""

    __tablename__ = "crossrefs"
    sequence_id: Mapped[str] = mapped_column(
        ForeignKey("sequences.id"), primary_key=True, comment="the sequence (sequences.id)"
    )
    target: Mapped[str] = mapped_column(
        String, primary_key=True, comment="another sequence's ID or an OEIS A-number"
    )
    relation: Mapped[str] = mapped_column(
        Text,
        primary_key=True,
        comment=(
            "the relation and what it rests on, in one sentence made of the evidence columns "
            "(wythoff.db.evidence.sentence)"
        ),
    )
    shift: Mapped[int | None] = mapped_column(
        Integer,
        comment=(
            "OEIS links only: the entry's j-th listed term, counted from 0, equals our (j + "
            "shift)-th stored term (not an index shift)"
        ),
    )
    verified_up_to: Mapped[int] = mapped_column(BigInteger, comment="our last index checked")
    note: Mapped[str] = mapped_column(
        Text, default="", comment="the OEIS entry's name (empty for a sequence)"
    )
    kind: Mapped[str] = mapped_column(
        String,
        comment="the relation in one word: " + ", ".join(vocabulary.CROSSREF_KINDS),
    )
    evidence: Mapped[str] = mapped_column(
        String,
        comment="what it rests on: " + ", ".join(vocabulary.EVIDENCE_KINDS),
    )
    # what it rests on, as fields (wythoff.db.evidence.Evidence); `relation` is their sentence
    claim: Mapped[str] = _words("a family's relation in words (empty for an OEIS entry)")
    index_offset: Mapped[int | None] = _index(
        "OEIS: k in a(n) = A(n + k) (NULL when the entry's offset is unknown)"
    )
    index_from: Mapped[int | None] = _index("OEIS: n0, the first n of a(n) = A(n + k)")
    proof: Mapped[str] = _words("what proves it (a theorem, or the entry's own definition)")
    listed_from: Mapped[int | None] = _index(
        "OEIS: our first index compared with the terms the entry lists"
    )
    listed_to: Mapped[int | None] = _index("OEIS: our last index compared with them")
    compared_to: Mapped[int | None] = _index("OEIS: our last index compared past them")
    compared_by: Mapped[str] = _words("OEIS: what gave the entry's terms past its listing")
    differs_at: Mapped[int | None] = _index("a near miss: our first index where the two differ")
    differs_ours: Mapped[str] = _words("a near miss: our term there")
    differs_theirs: Mapped[str] = _words("a near miss: the entry's term there")
    not_extended: Mapped[str] = _words(
        "OEIS, listed: why nothing past the listed terms was compared"
    )
    checked: Mapped[str] = _words("a family's relation: what it was checked on")
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
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id"), primary_key=True, comment="the game without a formula (games.id)"
    )
    pairs: Mapped[int] = mapped_column(Integer, comment="proven pairs (c_n, d_n) measured")
    settled: Mapped[int] = mapped_column(Integer, comment="every line up to this is settled")
    ratio_last: Mapped[float] = mapped_column(Float, comment="d_n / c_n at the last n")
    ratio_low: Mapped[float] = mapped_column(
        Float, comment="the least d_n / c_n over the second half"
    )
    ratio_high: Mapped[float] = mapped_column(
        Float, comment="the greatest d_n / c_n over the second half"
    )
    slope_c: Mapped[float] = mapped_column(Float, comment="least-squares slope of c_n against n")
    slope_d: Mapped[float] = mapped_column(Float, comment="least-squares slope of d_n against n")
    distance_c_first: Mapped[float] = mapped_column(
        Float, comment="largest |c_n - slope_c n| over the first half"
    )
    distance_c_second: Mapped[float] = mapped_column(Float, comment="the same over the second half")
    distance_d_first: Mapped[float] = mapped_column(
        Float, comment="largest |d_n - slope_d n| over the first half"
    )
    distance_d_second: Mapped[float] = mapped_column(Float, comment="the same over the second half")
    difference_period: Mapped[int | None] = mapped_column(
        Integer, comment="the period of d_n - c_n's increments (NULL: none found)"
    )
    line_counts: Mapped[str] = mapped_column(
        Text, comment="JSON: P-positions per line -> how many lines hold that many"
    )
    bound: Mapped[int] = mapped_column(
        Integer, comment="p - l + 1: the most P-positions a line may hold by Larsson's question"
    )
    first_exception: Mapped[int | None] = mapped_column(
        Integer, comment="the first line without p P-positions (NULL: none)"
    )
    summary: Mapped[str] = mapped_column(Text, comment="what was measured, in words")


class Verification(Base):
    """One check the build ran: what, how, how far, and the result."""

    __tablename__ = "verifications"
    id: Mapped[int] = mapped_column(
        Integer, primary_key=True, autoincrement=True, comment="the check's number"
    )
    subject: Mapped[str] = mapped_column(
        String, index=True, comment="a sequence, game or family ID"
    )
    check: Mapped[str] = mapped_column(Text, comment="what was checked")
    method: Mapped[str] = mapped_column(Text, comment="how")
    up_to: Mapped[str] = mapped_column(Text, comment="how far")
    passed: Mapped[bool] = mapped_column(Boolean, comment="1 when it passed")
    detail: Mapped[str] = mapped_column(Text, default="", comment="what it found, in words")


class OeisExtension(Base):
    """An OEIS entry the build extended past its listed terms, to judge a match on
    every stored term: how (``source``: its ``b-file`` or ``PARI program``, whose
    text is ``program`` and ``sha256`` its hash), how many of its terms that gave
    (``terms``, listed ones included), or why it could not (``failure``; ``terms`` is
    then 0); ``note`` says what a second source showed (agreement, or where the two
    differ: then only the terms before the difference are used)."""

    __tablename__ = "oeis_extensions"
    anumber: Mapped[str] = mapped_column(
        String, primary_key=True, comment="the OEIS entry's A-number"
    )
    source: Mapped[str] = mapped_column(
        String,
        comment=(
            "how its terms were extended: PARI program, Python program, name or b-file, or two "
            "of them when they disagree (empty when it failed)"
        ),
    )
    terms: Mapped[int] = mapped_column(
        Integer, comment="its terms known after the extension, listed ones included"
    )
    program: Mapped[str] = mapped_column(Text, comment="the program's text")
    failure: Mapped[str] = mapped_column(
        Text,
        comment=(
            "why it could not be extended, in words: no program, a program that writes files, "
            "a time limit, an error (empty when it was)"
        ),
    )
    sha256: Mapped[str] = mapped_column(String, default="", comment="the program's hash")
    note: Mapped[str] = mapped_column(
        Text,
        default="",
        comment="what a second source showed: agreement, or where the two differ",
    )


class SchemaColumn(Base):
    """A column of a public table, with what it holds (written from the models by
    :mod:`wythoff.db.schema`, so that the database describes itself)."""

    __tablename__ = "schema_columns"
    table_name: Mapped[str] = mapped_column(
        String, primary_key=True, comment="a public table or view"
    )
    position: Mapped[int] = mapped_column(
        Integer, primary_key=True, comment="the column's place in it, from 0"
    )
    column_name: Mapped[str] = mapped_column(String, comment="the column's name")
    kind: Mapped[str] = mapped_column(
        String, comment="what it holds: integer, real, boolean or text"
    )
    description: Mapped[str] = mapped_column(Text, comment="what it means")


class BuildInfo(Base):
    """Provenance of the build: version, configuration, date."""

    __tablename__ = "build_info"
    key: Mapped[str] = mapped_column(
        String,
        primary_key=True,
        comment=(
            "what is recorded: version, build id, git commit, configuration, the inputs "
            "read, date, licence, citation"
        ),
    )
    value: Mapped[str] = mapped_column(Text, comment="its value")


class GrundyPeriod(Base):
    """The additive period of a row of a game's Sprague–Grundy function:
    ``G(row, y + period) = G(row, y) + increment`` for every ``y >= preperiod`` with
    ``y + period < verified_to``, the side of the table it was found and checked on
    (``evidence`` ``verified``), and for every ``y`` where Landman's argument proves it
    (``proven``, with the proof in ``proof_from`` and ``proof_period``); the least
    period, then the least preperiod.  A row
    whose table shows no period repeated four times past a preperiod has NULLs and
    ``evidence`` ``none within``.  Where the board is not symmetric, the columns
    (``axis`` ``column``: ``G(x + period, row) = G(x, row) + increment``) have rows of
    their own.  Only games with Sprague–Grundy values have rows: not blocking, choice
    or misère games."""

    __tablename__ = "grundy_periods"
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id"), primary_key=True, comment="the game (games.id)"
    )
    axis: Mapped[str] = mapped_column(
        String,
        primary_key=True,
        default=vocabulary.ROW,
        comment="the line: " + ", ".join(vocabulary.GRUNDY_AXES),
    )
    row: Mapped[int] = mapped_column(
        Integer,
        primary_key=True,
        comment="the fixed pile: x of a row (the values G(x, y), y = 0, 1, 2, ...), y of a column",
    )
    preperiod: Mapped[int | None] = mapped_column(
        Integer, comment="the least y from which the row repeats (NULL: no period found)"
    )
    period: Mapped[int | None] = mapped_column(
        Integer, comment="the least p with G(x, y + p) = G(x, y) + increment from the preperiod on"
    )
    increment: Mapped[int | None] = mapped_column(
        Integer, comment="what the values grow by over one period"
    )
    verified_to: Mapped[int] = mapped_column(
        Integer,
        comment="the side of the table the period was found and checked on (a row proven on "
        "a strip: proof_from + proof_period + 1, the columns its proof read)",
    )
    evidence: Mapped[str] = mapped_column(
        String, comment="what it rests on: " + ", ".join(vocabulary.GRUNDY_EVIDENCE)
    )
    proof_from: Mapped[int | None] = mapped_column(
        Integer,
        comment="a proof's y1: the row's state (y mod the lower rows' periods' lcm, its least "
        "value not yet taken and the values above it, each minus y) at y1 recurs at "
        "y1 + proof_period, so G(x, y + proof_period) = G(x, y) + proof_period for every "
        "y >= y1 (NULL: no proof)",
    )
    proof_period: Mapped[int | None] = mapped_column(
        Integer, comment="a proof's period: where the state at proof_from recurs (NULL: no proof)"
    )
    __table_args__ = (
        CheckConstraint(
            _one_of("evidence", vocabulary.GRUNDY_EVIDENCE), name="ck_grundy_periods_evidence"
        ),
        CheckConstraint(_one_of("axis", vocabulary.GRUNDY_AXES), name="ck_grundy_periods_axis"),
    )


class GrundyValues(Base):
    """The values of a proven row of a game's Sprague–Grundy function, ``G(row, y)`` for
    ``y`` below its preperiod plus one period (``grundy_periods``): with its period they
    give every ``G(row, y)``, in SQL alone (the query is
    :data:`wythoff.db.grundy_store.VALUE_SQL`).  Each value is stored as
    ``G(row, y) - y + shift``: its last 8 bits in ``low``, the bits above them in
    ``high`` (:mod:`wythoff.db.grundy_store`)."""

    __tablename__ = "grundy_values"
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id"), primary_key=True, comment="the game (games.id)"
    )
    axis: Mapped[str] = mapped_column(
        String, primary_key=True, default=vocabulary.ROW, comment="the line, as in grundy_periods"
    )
    row: Mapped[int] = mapped_column(Integer, primary_key=True, comment="the fixed pile x")
    shift: Mapped[int] = mapped_column(Integer, comment="what G(x, y) - y is raised by (>= 0)")
    low: Mapped[bytes] = mapped_column(
        LargeBinary,
        comment="byte y: G(x, y) - y + shift modulo 256, for y below preperiod + period",
    )
    high: Mapped[bytes | None] = mapped_column(
        LargeBinary,
        comment="(G(x, y) - y + shift) div 256, high_bits a value: bits (y * high_bits) mod 8 "
        "on of byte (y * high_bits) div 8 (NULL: 0 for every y)",
    )
    high_bits: Mapped[int] = mapped_column(
        Integer, comment="bits a value in high: 0, 1, 2, 4 or 8 (0: every value below 256)"
    )
    __table_args__ = (
        CheckConstraint(_one_of("axis", vocabulary.GRUNDY_AXES), name="ck_grundy_values_axis"),
    )
