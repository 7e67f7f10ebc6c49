"""Bytes per stored term and per P-position: the build's schema against the one before it.

Reads a built database (default ``data/wythoff.sqlite``) and copies its rows,
through the documented views ``terms`` and ``p_positions``, into a fresh file
with the earlier layout (a string ID in every row, ``value_text`` in every row,
an index on ``value``; ``p_positions`` keyed by ``(game_id, x, y)`` with an index
on ``(game_id, y)``), then measures both with SQLite's ``dbstat``: the pages of
each table and of its indexes, divided by its rows.  The build's own file is
measured as it is (its tables ``term_values`` with ``term_texts``, the digits of the
terms beyond 64 bits, and ``game_positions``, whose indexes also serve lookups by
``(x, y)`` across games), per row of the views (the terms of equal sequences are
stored once), and the whole file per term.

Run: ``python bench/storage.py [DATABASE]``.
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
from pathlib import Path

EARLIER_SCHEMA = """
CREATE TABLE terms (
    sequence_id VARCHAR NOT NULL, n BIGINT NOT NULL, value BIGINT, value_text TEXT NOT NULL,
    PRIMARY KEY (sequence_id, n)
) WITHOUT ROWID;
CREATE INDEX ix_terms_value ON terms (value);
CREATE TABLE p_positions (
    game_id VARCHAR NOT NULL, x BIGINT NOT NULL, y BIGINT NOT NULL, n BIGINT, "class" INTEGER,
    PRIMARY KEY (game_id, x, y)
) WITHOUT ROWID;
CREATE INDEX ix_p_positions_game_y ON p_positions (game_id, y);
"""


def bytes_of(connection: sqlite3.Connection, table: str) -> int:
    """Bytes of the pages of ``table`` and of its indexes."""
    names = [table] + [row[1] for row in connection.execute(f"PRAGMA index_list('{table}')")]
    marks = ",".join("?" * len(names))
    query = f"SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name IN ({marks})"
    return int(connection.execute(query, names).fetchone()[0])


def earlier_layout(source: Path, target: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(target)
    connection.executescript(EARLIER_SCHEMA)
    connection.execute("ATTACH DATABASE ? AS source", (f"file:{source}?mode=ro",))
    connection.execute(
        "INSERT INTO main.terms SELECT sequence_id, n, value, value_text FROM source.terms "
        "ORDER BY sequence_id, n"
    )
    connection.execute(
        'INSERT INTO main.p_positions SELECT game_id, x, y, n, "class" FROM source.p_positions '
        "ORDER BY game_id, x, y"
    )
    connection.commit()
    connection.execute("DETACH DATABASE source")
    return connection


def report(label: str, rows: int, before: int, after: int) -> None:
    print(
        f"{label:<12} {rows:>11,} rows   earlier {before / rows:6.1f} B/row   "
        f"now {after / rows:6.1f} B/row   ratio now/earlier {after / before:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", default="data/wythoff.sqlite", type=Path)
    database = parser.parse_args().database
    if not database.exists():
        parser.error(f"no database at {database}; run 'wythoff build' first")
    built = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    terms = built.execute("SELECT count(*) FROM terms").fetchone()[0]  # equal ones once
    positions = built.execute("SELECT count(*) FROM game_positions").fetchone()[0]
    with tempfile.TemporaryDirectory() as scratch:
        earlier = earlier_layout(database, Path(scratch) / "earlier.sqlite")
        stored = bytes_of(built, "term_values") + bytes_of(built, "term_texts")
        report("terms", terms, bytes_of(earlier, "terms"), stored)
        report(
            "p_positions",
            positions,
            bytes_of(earlier, "p_positions"),
            bytes_of(built, "game_positions"),
        )
        earlier.close()
    size = database.stat().st_size
    print(f"file: {size / 1e6:.1f} MB, {size / terms:.1f} B a term, everything in ({database})")


if __name__ == "__main__":
    main()
