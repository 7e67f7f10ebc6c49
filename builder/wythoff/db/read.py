"""Reading the database, read-only by construction.

SQLite files are opened with ``mode=ro`` and ``PRAGMA query_only``, so no
statement (``DELETE``, ``DROP``, ``ATTACH`` writes, ``VACUUM INTO`` into the
file...) can change them; a PostgreSQL or MySQL server is asked for a read-only
transaction, which it enforces, and the transaction is rolled back anyway.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
from sqlalchemy import Connection, create_engine, event, text
from sqlalchemy.exc import SQLAlchemyError


class QueryError(ValueError):
    """The database refused a query (its own message, one line)."""


class MissingDatabase(FileNotFoundError):
    """No database has been built yet."""


class DatabaseUnavailable(ValueError):
    """A database URL whose driver is missing or that SQLAlchemy cannot open."""


def engine_for(url: str):
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
def connect(url: str, path: Path | None) -> Iterator[Connection]:
    """A read-only connection to the built database."""
    if path is not None:
        if not path.exists():
            raise MissingDatabase(f"no database at {path}; build it with 'wythoff build'")
        engine = create_engine(
            f"sqlite:///file:{path}?mode=ro&uri=true",
        )

        @event.listens_for(engine, "connect")
        def _query_only(dbapi_connection, _record):  # pragma: no cover - SQLAlchemy calls it
            dbapi_connection.execute("PRAGMA query_only = ON")
    else:
        engine = engine_for(url)
    try:
        with engine.connect() as connection:
            _read_only(connection)
            try:
                yield connection
            finally:
                connection.rollback()
    finally:
        engine.dispose()


def _read_only(connection: Connection) -> None:
    """Make the server refuse every write in this session (SQLite is opened read-only)."""
    dialect = connection.dialect.name
    if dialect == "sqlite":
        return
    if dialect == "postgresql":
        connection.execution_options(postgresql_readonly=True)
    elif dialect in ("mysql", "mariadb"):
        connection.exec_driver_sql("SET SESSION TRANSACTION READ ONLY")
    else:
        raise DatabaseUnavailable(
            f"read-only access is not implemented for {dialect}; use SQLite, PostgreSQL or MySQL"
        )


def run_query(connection: Connection, sql: str) -> tuple[list[str], Iterator[tuple]]:
    """Run one statement; returns the column names and an iterator over the rows."""
    try:
        result = connection.exec_driver_sql(sql)
    except Exception as error:  # noqa: BLE001 - report the database's own message
        original = getattr(error, "orig", error)
        raise QueryError(str(original).splitlines()[0]) from None
    if not result.returns_rows:
        raise QueryError("the statement returns no rows (only queries are allowed)")
    return list(result.keys()), iter(result)


def frame(connection: Connection, sql: str, dtype: dict | None = None, **params) -> pd.DataFrame:
    """A query as a DataFrame (named parameters ``:name``; ``dtype`` fixes column types,
    so that digit strings stay text and integers stay integers)."""
    return pd.read_sql_query(text(sql), connection, params=params, dtype=dtype)
