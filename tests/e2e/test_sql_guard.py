"""The guarded SQL console: hostile statements that are refused, capped or stopped,
each within the time limit, creating no file and leaving the database's bytes as
they were.  Run through the real ``wythoff sql`` command."""

from __future__ import annotations

import hashlib
import shutil
import time
from pathlib import Path

import pytest
import wythoff
from wythoff.db import read

from tests.helpers.commands import wythoff as run

pytestmark = pytest.mark.slow

TIME_LIMIT = 2.0
TRAP = "/tmp/wythoff-hostile"  # paths the statements try to create

HOSTILE = {
    "attach": f"ATTACH DATABASE '{TRAP}-attach.db' AS evil",
    "vacuum into": f"VACUUM INTO '{TRAP}-vacuum.db'",
    "vacuum": "VACUUM",
    "detach": "DETACH DATABASE main",
    "writable schema": "PRAGMA writable_schema = 1",
    "journal mode": "PRAGMA journal_mode = WAL",
    "query only off": "PRAGMA query_only = 0",
    "temp store directory": f"PRAGMA temp_store_directory = '{TRAP}-dir'",
    "load extension": f"SELECT load_extension('{TRAP}-ext.so')",
    "zeroblob": "SELECT zeroblob(1e9)",
    "randomblob": "SELECT length(randomblob(1e9))",
    "printf padding": "SELECT length(printf('%.*c', 1000000000, 'x')) > 0",
    "endless recursion": "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) "
    "SELECT count(*) FROM r",
    "cross join": "SELECT count(*) FROM terms a, terms b, terms c",
    "10 MB literal": "SELECT '" + "x" * 10_000_000 + "'",
    "deep nesting": "SELECT " + "(" * 3000 + "1" + ")" * 3000,
    "many unions": " UNION ALL ".join(["SELECT 1"] * 2000),
    "delete": "DELETE FROM terms",
    "drop": "DROP TABLE terms",
    "create": "CREATE TABLE evil (x)",
    "temp table": "CREATE TEMP TABLE evil AS SELECT * FROM terms",
    "insert": "INSERT INTO build_info VALUES ('x', 'y')",
    "two statements": "SELECT 1; DELETE FROM terms",
    "reindex": "REINDEX",
    "analyze": "ANALYZE",
    "savepoint": "SAVEPOINT s",
}


HARMLESS = {"printf padding"}


@pytest.fixture(scope="module")
def guarded(small_build, tmp_path_factory) -> Path:
    """A private copy of a built database, in an otherwise empty folder."""
    folder = tmp_path_factory.mktemp("guarded")
    shutil.copy(small_build.database, folder / "wythoff.sqlite")
    return folder


def snapshot(folder: Path) -> tuple[str, list[str]]:
    database = hashlib.sha256((folder / "wythoff.sqlite").read_bytes()).hexdigest()
    return database, sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_statement_is_stopped_and_harmless(guarded, name):
    before = snapshot(guarded)
    started = time.monotonic()
    statement = HOSTILE[name]
    result = run(
        "sql",
        "-",  # from standard input: a command line cannot carry a 10 MB literal
        "--db",
        str(guarded / "wythoff.sqlite"),
        "--time-limit",
        str(TIME_LIMIT),
        check=False,
        cwd=guarded,
        input=statement,
    )
    elapsed = time.monotonic() - started
    if name in HARMLESS:  # SQLite answers NULL (too big): nothing to refuse
        assert result.returncode == 0 and result.stdout.splitlines()[1] == '""'  # NULL
    else:
        assert result.returncode == 2, result.stdout[:200]
        assert result.stderr.startswith("wythoff: error: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    # start-up and the check itself, well under the limit; SQLite's printf walks the
    # whole requested width inside one step (seconds, more on a loaded machine)
    # before it answers NULL, and no progress handler can stop it there
    slack = 30 if name in HARMLESS else 10
    assert elapsed < TIME_LIMIT + slack
    assert snapshot(guarded) == before
    assert not list(Path("/tmp").glob(Path(TRAP).name + "*"))


def test_the_rules_are_named_in_the_refusals(guarded):
    database = str(guarded / "wythoff.sqlite")
    attach = run("sql", HOSTILE["attach"], "--db", database, check=False).stderr
    assert "ATTACH" in attach
    pragma = run("sql", HOSTILE["writable schema"], "--db", database, check=False).stderr
    assert "PRAGMA writable_schema" in pragma
    recursion = run(
        "sql", HOSTILE["endless recursion"], "--db", database, "--time-limit", "1", check=False
    ).stderr
    assert "time limit" in recursion
    blob = run("sql", HOSTILE["zeroblob"], "--db", database, check=False).stderr
    assert "too big" in blob


def test_describing_pragmas_and_ordinary_queries_still_work(guarded):
    database = str(guarded / "wythoff.sqlite")
    columns = run("sql", "PRAGMA table_info(p_positions)", "--db", database).stdout
    assert "game_id" in columns
    total = run("sql", "SELECT count(*) AS c FROM terms", "--db", database).stdout
    assert int(total.splitlines()[1]) > 0


def test_a_long_stream_is_not_cut_by_the_time_limit(guarded):
    """The limit bounds each wait for rows, not the whole output."""
    database = str(guarded / "wythoff.sqlite")
    rows = run("sql", "SELECT * FROM terms", "--db", database, "--time-limit", "2").stdout
    total = run("sql", "SELECT count(*) FROM terms", "--db", database).stdout.splitlines()[1]
    assert len(rows.splitlines()) == int(total) + 1


def test_the_python_api_applies_the_same_guard(guarded):
    db = wythoff.database(guarded / "wythoff.sqlite", time_limit=TIME_LIMIT)
    for name in ("attach", "vacuum into", "load extension", "endless recursion", "zeroblob"):
        with pytest.raises(read.QueryError):
            db.sql(HOSTILE[name])
    assert not list(Path("/tmp").glob(Path(TRAP).name + "*"))
