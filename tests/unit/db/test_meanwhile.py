"""Work that writes through the build's connection while the build reads its database:
the value index of the terms and the planner's statistics, made in a thread."""

from __future__ import annotations

import faulthandler
import random
import signal
import sqlite3
import threading
import time
from contextlib import closing

import pytest
import sqlalchemy
from wythoff.db import models, store

from tests.helpers.data import bare_sequence_row

ROWS = 20_000
WAIT_SECONDS = 120  # how long a test waits for the other thread before it fails


def _sequence(connection, key):
    store.insert_named(connection, models.Sequence, [bare_sequence_row(key, ROWS)])


def _terms(connection, key):
    values = [(key, n, (n * 7919) % 1009) for n in range(ROWS)]
    store.bulk_insert(connection, models.TermValue, ("sequence_key", "n", "value"), values)


def _count(connection, key):
    return connection.exec_driver_sql(
        f"SELECT count(*) FROM term_values WHERE sequence_key = {key}"
    ).scalar_one()


def test_the_index_is_built_while_the_body_reads_what_was_loaded(tmp_path):
    path = tmp_path / "built.sqlite"
    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        _sequence(connection, 1)
        late = store.LateIndexes(connection, models.TermValue)
        _terms(connection, 1)
        with late.built_meanwhile() as reading:
            assert reading is not connection
            assert _count(reading, 1) == ROWS
    with closing(sqlite3.connect(path)) as database:
        assert database.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        (plan,) = database.execute(
            "EXPLAIN QUERY PLAN SELECT sequence_key FROM term_values WHERE value = 5"
        ).fetchall()
        assert "ix_term_values_value" in plan[-1]
        found = database.execute("SELECT count(*) FROM term_values WHERE value = 5").fetchone()
        assert found == (sum((n * 7919) % 1009 == 5 for n in range(ROWS)),)


def test_the_work_runs_beside_the_body_and_writes_once_the_body_has_read(tmp_path):
    """The work waits for a sign that only the body gives: done before the body, as a
    serial version would, it would never see it.  Its row is not in the body's reads,
    which see the database as committed when they began, and is in the file after."""
    path = tmp_path / "beside.sqlite"
    started = threading.Event()

    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        _sequence(connection, 1)
        _terms(connection, 1)

        def work():
            if not started.wait(WAIT_SECONDS):
                raise AssertionError("the work ran before the body")
            _sequence(connection, 2)
            _terms(connection, 2)
            connection.commit()  # waits for the reader's shared lock

        with store.meanwhile(connection, work) as reading:
            started.set()
            first = _count(reading, 2)
            assert [_count(reading, 1) for _ in range(200)] == [ROWS] * 200
            assert _count(reading, 2) == first == 0
        assert _count(connection, 2) == ROWS
    with closing(sqlite3.connect(path)) as database:
        assert database.execute("SELECT count(*) FROM term_values").fetchone() == (2 * ROWS,)


def test_statistics_gathered_meanwhile_are_in_the_published_file(tmp_path):
    path = tmp_path / "analyzed.sqlite"
    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        _sequence(connection, 1)
        _terms(connection, 1)
        with store.analyzed_meanwhile(connection) as reading:
            assert _count(reading, 1) == ROWS
    with closing(sqlite3.connect(path)) as database:
        stats = dict(database.execute("SELECT idx, stat FROM sqlite_stat1").fetchall())
    assert stats["ix_term_values_value"].split()[0] == str(ROWS)


def test_a_failing_work_is_raised_after_the_body(tmp_path):
    path = tmp_path / "failing.sqlite"
    read = []

    def work():
        raise RuntimeError("the work failed")

    with (
        pytest.raises(RuntimeError, match="the work failed"),
        store.atomic_build(f"sqlite:///{path}", path) as connection,
    ):
        _sequence(connection, 1)
        _terms(connection, 1)
        with store.meanwhile(connection, work) as reading:
            read.append(_count(reading, 1))
    assert read == [ROWS]
    assert not path.exists()  # nothing published


def test_a_failing_body_interrupts_the_work(tmp_path):
    """The work would never end (a recursive query without a limit); the body's error
    comes out all the same, once the work is interrupted."""
    path = tmp_path / "interrupted.sqlite"
    outcome: list[BaseException] = []

    def build():
        never_ends = (
            "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r"
        )
        try:
            with store.atomic_build(f"sqlite:///{path}", path) as connection:
                _sequence(connection, 1)
                work = lambda: connection.exec_driver_sql(never_ends)  # noqa: E731
                with store.meanwhile(connection, work):
                    raise ValueError("a check failed")
        except BaseException as error:  # noqa: BLE001 - inspected below
            outcome.append(error)

    thread = threading.Thread(target=build, daemon=True)
    thread.start()
    thread.join(WAIT_SECONDS)
    assert not thread.is_alive(), "the work was not interrupted"
    assert [type(e) for e in outcome] == [ValueError]
    assert not path.exists()


def test_without_a_file_the_work_comes_first_and_the_body_reads_through_the_connection():
    engine = sqlalchemy.create_engine("sqlite://")
    done = []
    with engine.begin() as connection:
        models.Base.metadata.create_all(connection)
        _sequence(connection, 1)
        _terms(connection, 1)
        with store.meanwhile(connection, lambda: done.append(True)) as reading:
            assert done == [True]
            assert reading is connection
            assert _count(reading, 1) == ROWS


class _Stopped(KeyboardInterrupt):
    """Raised by the alarm, as Ctrl-C raises KeyboardInterrupt."""


def test_a_wait_cut_short_interrupts_the_work(tmp_path):
    """The body ends and the build waits for the work, which would never end; a signal
    (Ctrl-C) during that wait stops the build, the work interrupted."""
    path = tmp_path / "stopped.sqlite"
    never_ends = (
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r"
    )

    def stop(_signal, _frame):
        raise _Stopped

    previous = signal.signal(signal.SIGALRM, stop)
    try:
        with pytest.raises(_Stopped), store.atomic_build(f"sqlite:///{path}", path) as connection:
            _sequence(connection, 1)
            work = lambda: connection.exec_driver_sql(never_ends)  # noqa: E731
            with store.meanwhile(connection, work):
                signal.setitimer(signal.ITIMER_REAL, 0.3)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert not path.exists()


NEVER_ENDS = (
    "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r"
)


def _published(path):
    """The previous build, published as the build publishes: what every stop must keep."""
    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        _sequence(connection, 1)
    return path.read_bytes()


def _stopped_build(path, rng, how):
    """A build whose work never ends, stopped at a random moment: by the body's failure
    while it reads, or by a signal (as Ctrl-C or SIGTERM) while the build waits for
    the work; either may come before the work has reached its statement (the work
    first sleeps a random while, as a work between two statements would)."""
    before_statement = rng.uniform(0, 0.15)
    stop_after = rng.uniform(0, 0.1)

    def work():
        time.sleep(before_statement)
        connection.exec_driver_sql(NEVER_ENDS)

    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        _sequence(connection, 2)
        with store.meanwhile(connection, work) as reading:
            deadline = time.monotonic() + stop_after
            while time.monotonic() < deadline:
                _count(reading, 1)
            if how == "body":
                raise ValueError("a check failed")
            # after the reader has closed, while the build waits for the work
            signal.setitimer(signal.ITIMER_REAL, rng.uniform(0.05, 0.15))


@pytest.mark.parametrize("seed", range(4))
def test_a_build_stopped_at_any_moment_stops_now_and_keeps_the_previous_build(tmp_path, seed):
    path = tmp_path / "previous.sqlite"
    previous = _published(path)
    rng = random.Random(seed)

    def stop(_signal, _frame):
        raise _Stopped

    handler = signal.signal(signal.SIGALRM, stop)
    faulthandler.dump_traceback_later(WAIT_SECONDS, exit=True)  # a hang fails loudly
    try:
        for _ in range(10):
            how = rng.choice(["body", "signal"])
            expected = ValueError if how == "body" else _Stopped
            with pytest.raises(expected):
                _stopped_build(path, rng, how)
            assert path.read_bytes() == previous
            assert not list(tmp_path.glob(f"*{store.TEMP_SUFFIX}"))
            assert not [t for t in threading.enumerate() if t.name == "meanwhile"]
    finally:
        faulthandler.cancel_dump_traceback_later()
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, handler)
