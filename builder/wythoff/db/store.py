"""Writing the database: atomic builds and fast bulk loads.

A SQLite build is written to a temporary file next to the target and moved
over it only when complete (``os.replace`` is atomic), so an interrupted or
failed build leaves the previous database untouched and readable.  Another
database server gets the whole build in one transaction.  In a file, the work that
writes after the load (an index, the planner's statistics) is done in a thread while
the build reads what it loaded (:func:`meanwhile`); the finished file is vacuumed,
so that its pages are full (a table loaded a row at a time leaves an eighth of each
page empty) and the browser's range requests fetch fewer of them.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Connection, Engine, Table, create_engine, event, insert, text
from sqlalchemy.exc import OperationalError

from wythoff.db import collector
from wythoff.db.models import Base, public_tables
from wythoff.db.read import connect, engine_for

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
        with engine.connect() as connection:  # committed at the end, and by meanwhile()
            Base.metadata.create_all(connection)
            yield connection
            if not connection.info.get(_ANALYZED):
                connection.exec_driver_sql("ANALYZE")
            connection.commit()
            connection.exec_driver_sql("VACUUM")  # full pages, each table's in one run
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
    keep each README example that an index answers to few requests of few bytes
    (smaller pages fetch fewer bytes in more round trips: ``bench/sql_range.py``
    measures the bytes each example fetches)."""
    # one thread at a time, not always the one that opened it (meanwhile())
    engine = create_engine(f"sqlite:///{path}", connect_args={"check_same_thread": False})

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


class LateIndexes:
    """A table's secondary indexes, dropped for a bulk load and built once at its end:
    one sort instead of millions of index updates (``bench/load.py`` measures the
    loader)."""

    def __init__(self, connection: Connection, table: type[Base]) -> None:
        self.connection = connection
        self.indexes = sorted(table_of(table).indexes, key=lambda index: str(index.name))
        for index in self.indexes:
            index.drop(connection)

    def build(self) -> None:
        """Build the indexes, here and now."""
        for index in self.indexes:
            index.create(self.connection)

    def built_meanwhile(self) -> contextlib.AbstractContextManager[Connection]:
        """Build the indexes while the body reads (:func:`meanwhile`): a build's checks
        read its terms back while SQLite sorts them by value."""
        return meanwhile(self.connection, self.build)


def analyzed_meanwhile(connection: Connection) -> contextlib.AbstractContextManager[Connection]:
    """Gather the statistics of every table and index for SQLite's query planner
    (``ANALYZE``) while the body reads (:func:`meanwhile`): a build writes its exports
    meanwhile.  :func:`atomic_build` then does not gather them again."""

    def analyze() -> None:
        connection.exec_driver_sql("ANALYZE")
        connection.info[_ANALYZED] = True

    return meanwhile(connection, analyze)


_ANALYZED = "wythoff.analyzed"
"""The key of a connection's ``info`` that says its statistics are gathered."""


@contextlib.contextmanager
def meanwhile(connection: Connection, work: Callable[[], None]) -> Iterator[Connection]:
    """Run ``work``, which writes through ``connection``, in a thread while the body
    reads the database through the connection given: in a SQLite file, a second
    connection, which reads what is loaded so far (committed first) in one transaction.
    SQLite sorts, scans and writes without holding Python's lock, so the two share the
    cores; ``work`` writes the file once that transaction is over (the reader holds a
    shared lock until then, and the writer waits for it).  Elsewhere ``work`` is done
    first and the body reads through ``connection``.  If the body fails, ``work`` is
    interrupted; if ``work`` fails, its error is raised after the body."""
    path = _sqlite_file(connection)
    if path is None:
        work()
        yield connection
        return
    connection.commit()
    driver = connection.connection.driver_connection
    assert driver is not None, "the connection is open"
    (waited,) = driver.execute("PRAGMA busy_timeout").fetchone()
    driver.execute(f"PRAGMA busy_timeout = {WAIT_FOR_READER_MS}")
    outcome: list[BaseException] = []
    done = threading.Event()
    # a daemon: if all else fails, the process can still end without it
    worker = threading.Thread(
        target=_recorded, args=(work, outcome, done), name="meanwhile", daemon=True
    )
    try:
        with connect(f"sqlite:///{path}", path) as reading:
            _hold_shared_lock(reading)
            worker.start()
            yield reading
    except BaseException:
        _stop(worker, done, driver)  # the body failed: the work is not needed
        raise
    finally:  # the reader is closed: the work can write
        _join(worker, done, driver)
        driver.execute(f"PRAGMA busy_timeout = {waited}")
    if outcome:
        raise outcome[0]


WAIT_FOR_READER_MS = 24 * 3600 * 1000
"""How long the work done meanwhile may wait for the reader: as long as the body
reads (the reader never waits for the writer, so the wait ends)."""


def _sqlite_file(connection: Connection) -> Path | None:
    """The file of a SQLite connection; None for another database or one in memory."""
    name = connection.engine.url.database
    if connection.dialect.name != "sqlite" or not name or name == ":memory:":
        return None
    return Path(name)


def _hold_shared_lock(connection: Connection) -> None:
    """Open a read transaction that holds SQLite's shared lock until the connection
    ends it: every read of the body sees the same database, and no writer can write
    the file meanwhile."""
    driver = connection.connection.driver_connection
    assert driver is not None, "the connection is open"
    driver.execute("BEGIN")
    driver.execute("SELECT count(*) FROM sqlite_master").fetchone()


def _join(worker: threading.Thread, done: threading.Event, driver: Any) -> None:
    """Wait for the thread doing the work, if it started; a wait cut short (Ctrl-C)
    stops the work first (:func:`_stop`), so that the build stops now and its
    connection can close.  The wait is for ``done``, not ``Thread.join``: a join
    that a signal cuts short may mark the thread ended while it still runs
    (CPython 3.11 releases the thread's lock then)."""
    if worker.ident is None:
        return
    try:
        done.wait()
    except BaseException:
        _stop(worker, done, driver)
        raise


def _stop(worker: threading.Thread, done: threading.Event, driver: Any) -> None:
    """Interrupt the work's statements until its thread has ended.

    Once is not enough: SQLite ignores an interrupt that arrives while no statement
    of the connection runs (the work has not reached its statement yet, or is between
    two), and the statement that starts next would then run to its end.  Interrupting
    again every few milliseconds stops whichever statement the work is in, however
    late it starts it.  A second signal during the stop does not cut it short: the
    connection must be free before it is closed."""
    if worker.ident is None:
        return
    while not done.is_set():
        driver.interrupt()
        try:
            done.wait(INTERRUPT_EVERY_S)
        except BaseException:  # noqa: BLE001, S112 - stopping already; go on stopping
            continue


INTERRUPT_EVERY_S = 0.02
"""How often :func:`_stop` interrupts the work's statement until its thread ends."""


def _recorded(
    work: Callable[[], None], outcome: list[BaseException], done: threading.Event
) -> None:
    """Run ``work`` in a thread, its exception kept for the thread that waits for it,
    and ``done`` set when it ends, however it ends."""
    try:
        work()
    except BaseException as error:  # noqa: BLE001 - raised again by the waiting thread
        outcome.append(error)
    finally:
        done.set()


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
    decimal text in C costs a fraction of binding a tuple a row through
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
    """Rows of each documented table, views included (the terms of equal sequences
    are stored once and counted for each)."""
    counts = {}
    for name in public_tables():
        counts[name] = connection.execute(text(f'SELECT count(*) FROM "{name}"')).scalar_one()
    return counts


def table_of(model: type[Base]) -> Table:
    """The table behind an ORM class (every model here maps one ``Table``)."""
    return cast(Table, model.__table__)
