"""The CSV tables (sequences, games, cross-references, verifications), each game's
P-positions, each base's numeration digits, and ``metadata.json``: read back from
the database through the driver's cursor, formatted a line at a time."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Integer, text

from wythoff import layout
from wythoff.db import collector, evidence
from wythoff.db.models import Base
from wythoff.db.read import frame

Progress = Callable[[int], None]
"""Told how many files were written since it was last told."""

CSV_OPTIONS = {"index": False, "lineterminator": "\n"}

ROWS_BATCH = 100_000  # rows fetched at a time from the driver


def write_tables(connection: Connection, root: Path) -> int:
    (root / layout.CSV).mkdir(exist_ok=True)  # the terms' files may be under way
    queries = {
        "sequences": 'SELECT id, family, name, "offset", formula, keywords, paper, game_id, '
        "terms_count FROM sequences ORDER BY id",
        "games": "SELECT id, family, name, rules, p_formula, solved, is_symmetric, ppositions_max, "
        "conjecture FROM games ORDER BY id",
        "crossrefs": "SELECT sequence_id, target, relation, shift, verified_up_to, kind, evidence, "
        f"{', '.join(evidence.FIELDS)} FROM crossrefs ORDER BY sequence_id, target, relation",
        # the id breaks ties (a check run twice on one subject): a server may order
        # equal keys any way, SQLite by insertion
        "verifications": 'SELECT subject, "check", method, up_to, passed, detail '
        'FROM verifications ORDER BY subject, "check", id',
    }
    for name, sql in queries.items():
        table = frame(connection, sql)
        for column in _nullable_integers(name, table.columns):  # NULL would make floats
            table[column] = table[column].astype("Int64")
        for flag in ("solved", "is_symmetric", "passed"):  # 1/0 whatever the database says
            if flag in table:
                table[flag] = table[flag].astype(bool).astype(int)
        table.to_csv(root / layout.table_csv(name), **CSV_OPTIONS)
    return len(queries)


def _nullable_integers(name: str, columns: Iterable[str]) -> list[str]:
    """The columns of the table ``name`` among ``columns`` that the schema declares
    integers and allows NULL in: pandas reads them as floats where one is NULL."""
    declared = Base.metadata.tables[name].columns
    return [
        column
        for column in columns
        if column in declared
        and declared[column].nullable
        and isinstance(declared[column].type, Integer)
    ]


def _rows_by_id(
    connection: Connection, ids: list[str], sql: str
) -> Iterator[tuple[str, list[tuple[Any, ...]]]]:
    """The rows of the query ``sql`` (one parameter, ``:id``) for each of ``ids``, in
    that order, through the driver's cursor."""
    compiled = text(sql).compile(dialect=connection.dialect)
    sql = str(compiled)
    driver = connection.connection.driver_connection
    assert driver is not None, "the connection is open"
    with closing(driver.cursor()) as cursor:
        for identifier in ids:
            params = compiled.construct_params({"id": identifier})
            if compiled.positional:
                cursor.execute(sql, tuple(params[name] for name in compiled.positiontup or ()))
            else:
                cursor.execute(sql, params)
            yield identifier, cursor.fetchall()


def driver_cursor(connection: Connection, sql: str) -> Any:
    """The DB-API cursor of a query without parameters, read without SQLAlchemy's
    result objects: the terms table has tens of millions of rows, and a result row
    costs several times the driver's plain tuple."""
    driver = connection.connection.driver_connection
    assert driver is not None, "the connection is open"
    cursor = driver.cursor()
    cursor.execute(sql)
    return cursor


def _driver_rows(connection: Connection, sql: str) -> Iterator[tuple[Any, ...]]:
    """The rows of a query as the driver's tuples, fetched in batches."""
    cursor = driver_cursor(connection, sql)
    try:
        while batch := cursor.fetchmany(ROWS_BATCH):
            yield from batch
    finally:
        cursor.close()


def write_games(connection: Connection, root: Path, progress: Progress) -> int:
    """Each game's P-positions (``n,x,y,class``, the class empty where NULL), formatted
    here rather than through a DataFrame a game: thousands of games in a large build."""
    (root / layout.GAMES_CSV).mkdir()
    games = [row[0] for row in _driver_rows(connection, "SELECT id FROM games ORDER BY id")]
    sql = 'SELECT n, x, y, "class" FROM p_positions WHERE game_id = :id ORDER BY x, y'
    with collector.collector_paused():
        for game_id, rows in _rows_by_id(connection, games, sql):
            lines = "".join([f"{n},{x},{y},{'' if c is None else c}\n" for n, x, y, c in rows])
            with open(root / layout.game_csv(game_id), "w", newline="\n") as handle:
                handle.write("n,x,y,class\n")
                handle.write(lines)
            progress(1)
    return len(games)


def write_numerations(connection: Connection, root: Path) -> int:
    """Each base's digits, in a file named after the game the systems describe."""
    (root / layout.NUMERATIONS_CSV).mkdir()
    systems = frame(connection, "SELECT a, game_id FROM numeration_systems ORDER BY a")
    for a, game_id in systems.itertuples(index=False):
        rows = frame(
            connection,
            "SELECT system, n, digits, trailing_zeros, length FROM numerations WHERE a = :a "
            "ORDER BY system, n",
            dtype={"digits": "string"},  # "0010"-like text must stay text
            a=int(a),
        )
        rows.to_csv(root / layout.numeration_csv(game_id), **CSV_OPTIONS)
    return len(systems)


def build_info(connection: Connection) -> dict[str, str]:
    return dict(frame(connection, "SELECT key, value FROM build_info").values.tolist())


def write_metadata(connection: Connection, path: Path) -> None:
    info = build_info(connection)
    papers = frame(connection, "SELECT * FROM papers ORDER BY key").to_dict("records")
    metadata = {
        "source": "wythoff-sequences: the reference database of Wythoff-game sequences",
        "version": info.get("version"),
        "build_id": info.get("build_id"),
        "git_commit": info.get("git_commit") or None,
        "date": info.get("date"),
        "configuration": json.loads(info.get("configuration", "{}")),
        "papers": papers,
        "licence": info.get("licence"),
        "citation": info.get("citation"),
        "oeis_source": info.get("oeis_source"),
        "values": "exact decimal integers; no term is rounded, capped or wrapped",
    }
    path.write_text(json.dumps(metadata, indent=2, sort_keys=True) + "\n")
