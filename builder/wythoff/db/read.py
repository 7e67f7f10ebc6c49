"""Reading the database, read-only by construction, and guarded for shared use.

SQLite files are opened with ``mode=ro`` and ``PRAGMA query_only``, so no
statement (``DELETE``, ``DROP``...) can change them; a PostgreSQL or MySQL
server is asked for a read-only transaction, which it enforces, and the
transaction is rolled back anyway.

A connection opened with :class:`Limits` (``wythoff sql`` and the Python API
do) is also guarded against statements that are read-only yet harmful, before
SQLite touches anything: an authorizer allows reading, functions and recursive
queries only (no ``ATTACH``, hence no ``VACUUM INTO``, no ``PRAGMA`` beyond a
few that describe tables, no ``load_extension``); limits cap the length of a
string or blob, of the SQL text and the depth of expressions; a progress
handler stops a statement that makes the reader wait longer than the time
limit for its next rows.  :data:`RULES` lists the rules as data.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.exc import SQLAlchemyError

if TYPE_CHECKING:
    import pandas as pd

ALLOWED_ACTIONS = {
    sqlite3.SQLITE_SELECT: "SELECT",
    sqlite3.SQLITE_READ: "read a column",
    sqlite3.SQLITE_FUNCTION: "call a function",
    sqlite3.SQLITE_RECURSIVE: "recursive query",
}
ALLOWED_PRAGMAS = frozenset(
    {"table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list"}
)
"""Pragmas that only describe the schema (their argument names a table or an index)."""
DENIED_FUNCTIONS = frozenset({"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"})
SERVER_STATEMENTS = ("select", "with", "values", "table", "explain")
"""What a statement sent to a database server may start with: queries only."""
SERVER_FILE_FUNCTIONS = (
    "pg_read_file",
    "pg_read_binary_file",
    "pg_ls_dir",
    "pg_stat_file",
    "lo_import",
    "lo_export",
    "dblink",
)
"""Server functions that read or write the server's files: refused by name (a
server also needs a role without those privileges, as its documentation says)."""
DEFAULT_TIME_LIMIT = 10.0
PROGRESS_STEPS = 20_000
"""SQLite calls the progress handler every this many virtual-machine instructions."""


@dataclass(frozen=True)
class Limits:
    """Caps on one guarded connection (see :data:`RULES`)."""

    seconds: float = DEFAULT_TIME_LIMIT
    max_length: int = 10_000_000
    max_sql_length: int = 100_000
    max_expression_depth: int = 100
    max_compound_select: int = 50
    max_memory: int | None = None
    """SQLite's heap limit in bytes (``PRAGMA hard_heap_limit``): a setting of the
    whole process, so only the command line sets it."""

    def sqlite_limits(self) -> dict[int, int]:
        return {
            sqlite3.SQLITE_LIMIT_LENGTH: self.max_length,
            sqlite3.SQLITE_LIMIT_SQL_LENGTH: self.max_sql_length,
            sqlite3.SQLITE_LIMIT_EXPR_DEPTH: self.max_expression_depth,
            sqlite3.SQLITE_LIMIT_COMPOUND_SELECT: self.max_compound_select,
            sqlite3.SQLITE_LIMIT_ATTACHED: 0,
        }


RULES: dict[str, Any] = {
    "allowed": sorted(ALLOWED_ACTIONS.values()),
    "allowed_pragmas": sorted(ALLOWED_PRAGMAS),
    "denied_functions": sorted(DENIED_FUNCTIONS),
    "limits": Limits().__dict__,
}
"""What a guarded connection allows, as data (for documentation and other clients)."""


class QueryError(ValueError):
    """The database refused a query (its own message, one line)."""


class MissingDatabase(FileNotFoundError):
    """No database has been built yet."""


class DatabaseUnavailable(ValueError):
    """A database URL whose driver is missing or that SQLAlchemy cannot open."""


class _Guard:
    """The authorizer and the clock of one guarded SQLite connection."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.deadline = float("inf")
        self.refusal = ""

    def install(self, connection: sqlite3.Connection) -> None:
        if self.limits.max_memory is not None:
            connection.execute(f"PRAGMA hard_heap_limit = {int(self.limits.max_memory)}")
        for category, value in self.limits.sqlite_limits().items():
            connection.setlimit(category, value)
        connection.set_authorizer(self.authorize)
        connection.set_progress_handler(self.progress, PROGRESS_STEPS)

    def start_clock(self) -> None:
        """The reader waits from now: the next rows must come within the limit."""
        self.deadline = time.monotonic() + self.limits.seconds
        self.refusal = ""

    def authorize(self, action: int, first: str | None, second: str | None, *_: object) -> int:
        if action in ALLOWED_ACTIONS and not (
            action == sqlite3.SQLITE_FUNCTION and (second or "").lower() in DENIED_FUNCTIONS
        ):
            return sqlite3.SQLITE_OK
        if action == sqlite3.SQLITE_PRAGMA and (first or "").lower() in ALLOWED_PRAGMAS:
            return sqlite3.SQLITE_OK
        self.refusal = _refusal(action, first, second)
        return sqlite3.SQLITE_DENY

    def progress(self) -> int:
        if time.monotonic() > self.deadline:
            self.refusal = (
                f"the query was stopped after {self.limits.seconds:g} s without its next rows "
                "(the time limit; raise it with --time-limit)"
            )
            return 1
        return 0


def _refusal(action: int, first: str | None, second: str | None) -> str:
    if action == sqlite3.SQLITE_ATTACH:
        return "refused: ATTACH and VACUUM INTO would touch other files (only queries are allowed)"
    if action == sqlite3.SQLITE_PRAGMA:
        allowed = ", ".join(sorted(ALLOWED_PRAGMAS))
        return f"refused: PRAGMA {first} (allowed: {allowed})"
    if action == sqlite3.SQLITE_FUNCTION:
        return f"refused: the function {second}() is not allowed"
    return "refused: only queries (SELECT, WITH) are allowed on this database"


def engine_for(url: str) -> Engine:
    """``create_engine``, with a missing driver or a bad URL said in one line."""
    try:
        return create_engine(url)
    except ImportError as error:
        scheme = url.split(":", 1)[0]
        raise DatabaseUnavailable(
            f"the database driver for {scheme} is not installed ({error}); install it with pip"
        ) from None
    except SQLAlchemyError as error:
        raise DatabaseUnavailable(str(error).splitlines()[0]) from None


@contextlib.contextmanager
def connect(url: str, path: Path | None, limits: Limits | None = None) -> Iterator[Connection]:
    """A read-only connection to the built database, guarded when ``limits`` are given
    (for queries that users write; the build's own readers pass none)."""
    guard = _Guard(limits) if limits is not None else None
    if path is not None:
        if not path.exists():
            raise MissingDatabase(f"no database at {path}; build it with 'wythoff build'")
        engine = create_engine(
            f"sqlite:///file:{path}?mode=ro&uri=true",
        )

        @event.listens_for(engine, "connect")
        def _query_only(
            dbapi_connection: Any, _record: Any
        ) -> None:  # pragma: no cover - SQLAlchemy calls it
            dbapi_connection.execute("PRAGMA query_only = ON")
            if guard is not None:
                guard.install(dbapi_connection)
    else:
        engine = engine_for(url)
    try:
        with engine.connect() as connection:
            _read_only(connection, limits)
            connection.info["guard"] = guard
            connection.info["limits"] = limits
            try:
                yield connection
            finally:
                connection.rollback()
    finally:
        engine.dispose()


def _read_only(connection: Connection, limits: Limits | None = None) -> None:
    """Make the server refuse every write in this session (SQLite is opened read-only),
    and stop statements beyond the time limit."""
    dialect = connection.dialect.name
    if dialect == "sqlite":
        return
    if dialect == "postgresql":
        connection.execution_options(postgresql_readonly=True)
        if limits is not None:
            milliseconds = max(1, int(limits.seconds * 1000))
            connection.exec_driver_sql(f"SET statement_timeout = {milliseconds}")
    elif dialect in ("mysql", "mariadb"):
        connection.exec_driver_sql("SET SESSION TRANSACTION READ ONLY")
    else:
        raise DatabaseUnavailable(
            f"read-only access is not implemented for {dialect}; use SQLite, PostgreSQL or MySQL"
        )


def run_query(connection: Connection, sql: str) -> tuple[list[str], Iterator[tuple[Any, ...]]]:
    """Run one statement; returns the column names and an iterator over the rows,
    streamed in batches (each batch must come within a guarded connection's limit)."""
    guard: _Guard | None = connection.info.get("guard")
    if guard is not None:
        guard.start_clock()
    if connection.dialect.name != "sqlite" and connection.info.get("limits") is not None:
        _check_server_statement(sql)
    try:
        result = connection.exec_driver_sql(sql)
    except Exception as error:  # noqa: BLE001 - report the database's own message
        raise QueryError(_message(error, guard)) from None
    if not result.returns_rows:
        raise QueryError("the statement returns no rows (only queries are allowed)")
    return list(result.keys()), _stream(result, guard)


def _check_server_statement(sql: str) -> None:
    """On a server, where no authorizer exists, refuse what is not a plain query:
    ``COPY ... TO 'file'`` runs in a read-only transaction and writes a file."""
    words = sql.lstrip(" \t\r\n(").split(None, 1)
    if not words or words[0].lower().rstrip(";") not in SERVER_STATEMENTS:
        raise QueryError("refused: only queries (SELECT, WITH, VALUES, TABLE) are allowed")
    lowered = sql.lower()
    for function in SERVER_FILE_FUNCTIONS:
        if function in lowered:
            raise QueryError(f"refused: the function {function}() touches the server's files")


def _stream(result: Any, guard: _Guard | None, batch: int = 1000) -> Iterator[tuple[Any, ...]]:
    while True:
        if guard is not None:
            guard.start_clock()
        try:
            rows = result.fetchmany(batch)
        except Exception as error:  # noqa: BLE001 - report the database's own message
            raise QueryError(_message(error, guard)) from None
        if not rows:
            return
        yield from rows


def _message(error: BaseException, guard: _Guard | None) -> str:
    """The one line that explains a failed statement: the guard's rule, else the
    database's own message."""
    if guard is not None and guard.refusal:
        return guard.refusal
    original = getattr(error, "orig", error)
    text_ = str(original).splitlines()[0] if str(original) else type(original).__name__
    if "canceling statement due to statement timeout" in text_:
        return "the query was stopped by the time limit (raise it with --time-limit)"
    return text_


def frame(
    connection: Connection, sql: str, dtype: dict[str, Any] | None = None, **params: Any
) -> pd.DataFrame:
    """A query as a DataFrame (named parameters ``:name``; ``dtype`` fixes column types,
    so that digit strings stay text and integers stay integers).  On a guarded
    connection the whole query must finish within the time limit."""
    guard: _Guard | None = connection.info.get("guard")
    if guard is not None:
        guard.start_clock()
    try:
        import pandas as pd  # imported here: the commands that never read a frame start faster

        return pd.read_sql_query(text(sql), connection, params=params, dtype=dtype)
    except Exception:  # noqa: BLE001 - report the rule or the database's message
        if guard is not None and guard.refusal:
            raise QueryError(guard.refusal) from None
        raise
