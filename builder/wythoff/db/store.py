"""Writing the database: atomic builds and fast bulk loads.

A SQLite build is written to a temporary file next to the target and moved
over it only when complete (``os.replace`` is atomic), so an interrupted or
failed build leaves the previous database untouched and readable.  Another
database server gets the whole build in one transaction.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Connection, Engine, Table, create_engine, event, insert, text
from sqlalchemy.exc import OperationalError

from wythoff.db import collector
from wythoff.db.models import STORED_AS, Base, public_tables
from wythoff.db.read import engine_for

TEMP_SUFFIX = ".building"
BATCH = 50_000
PAGE_SIZE = 4096  # bytes; what the site's SQL console fetches per page read


@contextlib.contextmanager
def atomic_build(url: str, path: Path | None) -> Iterator[Connection]:
    """A connection to a fresh, empty database that replaces ``url`` on success."""
    if path is None:
        yield from _transactional_build(url)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in path.parent.glob(f"{path.name}*{TEMP_SUFFIX}"):
        stale.unlink()  # left by a build that was killed
    temporary = path.with_name(f"{path.name}.{os.getpid()}{TEMP_SUFFIX}")
    engine = _fast_sqlite_engine(temporary)
    try:
        with engine.begin() as connection:
            Base.metadata.create_all(connection)
            yield connection
        with engine.connect() as connection:
            connection.exec_driver_sql("ANALYZE")
            connection.commit()
        engine.dispose()
        with open(temporary, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    finally:
        engine.dispose()
        temporary.unlink(missing_ok=True)


def check_reachable(url: str, path: Path | None) -> None:
    """Fail now, not after the computation, if a database server cannot be reached."""
    if path is not None:
        return
    engine = engine_for(url)
    try:
        with engine.connect():
            pass
    finally:
        engine.dispose()


def _transactional_build(url: str) -> Iterator[Connection]:
    engine = engine_for(url)
    try:
        with engine.begin() as connection:
            Base.metadata.drop_all(connection)
            Base.metadata.create_all(connection)
            yield connection
    finally:
        engine.dispose()


def _fast_sqlite_engine(path: Path) -> Engine:
    """SQLite tuned for a one-off bulk load into a file nobody else reads yet.

    The page size is set, not left to SQLite's default: the site's SQL console
    reads this file by HTTP Range requests, a page at a time, and 4 KiB pages
    keep each README example that an index answers under 200 KiB fetched in few
    requests (smaller pages fetch fewer bytes in more round trips: see
    ``bench/sql_range.py``)."""
    engine = create_engine(f"sqlite:///{path}")

    @event.listens_for(engine, "connect")
    def _pragmas(
        dbapi_connection: Any, _record: Any
    ) -> None:  # pragma: no cover - called by SQLAlchemy
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA page_size = {PAGE_SIZE}")  # before the first table
        cursor.execute("PRAGMA journal_mode = OFF")
        cursor.execute("PRAGMA synchronous = OFF")
        cursor.execute("PRAGMA cache_size = -200000")
        cursor.close()

    return engine


@contextlib.contextmanager
def indexes_built_after(connection: Connection, table: type[Base]) -> Iterator[None]:
    """Drop a table's secondary indexes for a bulk load and build each once at the end:
    one sort instead of millions of index updates (about twice as fast for terms)."""
    indexes = sorted(table_of(table).indexes, key=lambda index: str(index.name))
    for index in indexes:
        index.drop(connection)
    yield
    for index in indexes:
        index.create(connection)


def insert_columns(table: type[Base]) -> list[str]:
    """The columns a row gives, in declaration order: all but an autoincrement key,
    which the database numbers (an explicit NULL there is refused by PostgreSQL)."""
    return [
        c.name for c in table_of(table).columns if not (c.primary_key and c.autoincrement is True)
    ]


def bulk_insert(
    connection: Connection,
    table: type[Base],
    columns: Sequence[str],
    rows: Iterable[Sequence[Any]],
) -> int:
    """Insert tuples whose fields are ``columns``, in that order; returns the number of rows.

    Goes through the DB-API's ``executemany`` with one prepared statement, the
    fastest route SQLAlchemy offers for plain inserts: for the large tables, where
    a dict per row would cost more than the insert.  The cyclic garbage collector
    is paused meanwhile (see :mod:`wythoff.db.collector`)."""
    with collector.collector_paused():
        return _bulk_insert(connection, table, columns, rows)


def _bulk_insert(
    connection: Connection,
    table: type[Base],
    columns: Sequence[str],
    rows: Iterable[Sequence[Any]],
) -> int:
    known = insert_columns(table)
    unknown = set(columns) - set(known)
    if unknown:
        raise ValueError(f"{table_of(table).name} has no column {sorted(unknown)[0]}")
    # the compiled statement lists its columns in the table's order: put each row in it
    ordered = [name for name in known if name in columns]
    if ordered != list(columns):
        order = [list(columns).index(name) for name in ordered]
        rows = (tuple(row[i] for i in order) for row in rows)
    columns = ordered
    statement = str(insert(table).compile(dialect=connection.dialect, column_keys=columns))
    driver = connection.connection.driver_connection
    assert driver is not None, "the connection is open"
    cursor = driver.cursor()
    positional = connection.dialect.paramstyle in ("qmark", "format", "numeric")
    if not positional:  # pragma: no cover - named-parameter drivers
        return _insert_dicts(connection, table, columns, rows)
    total = 0
    batch: list[Sequence[Any]] = []
    for row in rows:
        batch.append(row)
        if len(batch) >= BATCH:
            cursor.executemany(statement, batch)
            total += len(batch)
            batch = []
    if batch:
        cursor.executemany(statement, batch)
        total += len(batch)
    return total


def insert_integers(
    connection: Connection,
    table: type[Base],
    columns: Sequence[str],
    fixed: Sequence[Any],
    values: Sequence[int],
    start: int,
) -> bool:
    """Insert one row a value into SQLite in one statement: ``columns`` are the
    ``fixed`` values, then a counter from ``start``, then the value (every one within
    64 bits).  Returns False, inserting nothing, where that route is closed (another
    database, or a SQLite without JSON); :func:`bulk_insert` takes the rows then.

    The values go in as one JSON array read by SQLite's ``json_each``: parsing
    decimal text in C costs a quarter of binding a tuple a row through
    ``executemany`` (tens of millions of terms in a large build)."""
    if connection.dialect.name != "sqlite" or not has_json(connection):
        return False
    table_name = table_of(table).name
    names = ", ".join(f'"{name}"' for name in columns)
    placeholders = ", ".join("?" for _ in fixed)
    sql = (
        f'INSERT INTO "{table_name}" ({names}) '
        f"SELECT {placeholders}, ? + key, value FROM json_each(?)"
    )
    driver = connection.connection.driver_connection
    assert driver is not None, "the connection is open"
    array = json.dumps(values)  # C all the way: a third faster than joining str()s
    driver.execute(sql, (*fixed, start, array))
    return True


def has_json(connection: Connection) -> bool:
    """Whether this SQLite has its JSON functions (every build since 3.38 unless left out)."""
    try:
        connection.exec_driver_sql("SELECT json_valid('[]')")
    except OperationalError:  # pragma: no cover - SQLite built without JSON
        return False
    return True


def insert_named(
    connection: Connection, table: type[Base], rows: Sequence[Mapping[str, object]]
) -> int:
    """Insert rows given as ``{column: value}``: what each value is, is said by name."""
    if rows:
        connection.execute(table_of(table).insert(), list(rows))
    return len(rows)


def _insert_dicts(
    connection: Connection, table: type[Base], columns: list[str], rows: Iterable[Sequence[Any]]
) -> int:
    total = 0
    batch = []
    for row in rows:
        batch.append(dict(zip(columns, row, strict=True)))
        if len(batch) >= BATCH:
            connection.execute(insert(table), batch)
            total += len(batch)
            batch = []
    if batch:
        connection.execute(insert(table), batch)
        total += len(batch)
    return total


def table_counts(connection: Connection) -> dict[str, int]:
    """Rows of each documented table; a view's rows are counted in the table that
    stores them, one for one (without the join)."""
    counts = {}
    for name in public_tables():
        stored = STORED_AS.get(name, name)
        counts[name] = connection.execute(text(f'SELECT count(*) FROM "{stored}"')).scalar_one()
    return counts


def table_of(model: type[Base]) -> Table:
    """The table behind an ORM class (every model here maps one ``Table``)."""
    return cast(Table, model.__table__)
