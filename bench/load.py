"""Benchmark of the database loader against a hand-written sqlite3 baseline.

Both load the same rows (real terms: wythoff-a, connell-k3 and larsson-m2-p3
sequences, exact, as the build stores them) into an equivalent ``term_values``
table (same columns, primary key, value index, WITHOUT ROWID) in a fresh file:

* baseline: ``sqlite3`` ``executemany`` of a prepared list of tuples;
* ours: :func:`wythoff.db.store.atomic_build` and :func:`bulk_insert` (the
  build's own path: SQLAlchemy schema, generator of rows, atomic file swap).

Prints rows per second and the ratio ours / baseline (target >= 0.5).
Run: ``python bench/load.py [--rows N]``.
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from pathlib import Path

from wythoff import families
from wythoff.db import models, store
from wythoff.pipeline import load as loading

BASELINE_SCHEMA = """
CREATE TABLE term_values (
    sequence_key INTEGER NOT NULL, n BIGINT NOT NULL, value BIGINT, value_text TEXT,
    PRIMARY KEY (sequence_key, n)
) WITHOUT ROWID;
CREATE INDEX ix_term_values_value ON term_values (value);
"""


def rows_for(count: int) -> list[tuple]:
    """``count`` real term rows, as the build stores them."""
    ids = ["wythoff-a", "connell-k3-u1", "connell-k3-v2", "larsson-m2-p3-a", "larsson-m2-p3-b"]
    per_sequence = count // len(ids)
    rows = []
    for key, sequence_id in enumerate(ids, start=1):
        record = families.resolve_sequence(sequence_id)
        values = record.terms(record.offset, per_sequence).tolist()
        rows.extend((key, record.offset + i, v, None) for i, v in enumerate(values))
    return rows


def baseline(rows: list[tuple], path: Path) -> float:
    start = time.perf_counter()
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode = OFF")
    connection.execute("PRAGMA synchronous = OFF")
    connection.executescript(BASELINE_SCHEMA)
    connection.executemany("INSERT INTO term_values VALUES (?, ?, ?, ?)", rows)
    connection.commit()
    connection.close()
    return time.perf_counter() - start


def ours(rows: list[tuple], path: Path) -> float:
    start = time.perf_counter()
    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        store.bulk_insert(connection, models.TermValue, loading.TERM_COLUMNS, iter(rows))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    args = parser.parse_args()
    rows = rows_for(args.rows)
    with tempfile.TemporaryDirectory() as scratch:
        results = {"baseline": [], "ours": []}
        for attempt in range(3):
            results["baseline"].append(baseline(rows, Path(scratch) / f"raw{attempt}.sqlite"))
            results["ours"].append(ours(rows, Path(scratch) / f"ours{attempt}.sqlite"))
    raw, mine = min(results["baseline"]), min(results["ours"])
    print(f"loading {len(rows):,} term rows (best of 3)")
    print(f"  sqlite3 executemany (baseline): {len(rows) / raw / 1e3:8.0f} k rows/s")
    print(f"  wythoff.db.store.bulk_insert:   {len(rows) / mine / 1e3:8.0f} k rows/s")
    print(f"  ratio ours / baseline: {raw / mine:.2f}  (target >= 0.5)")


if __name__ == "__main__":
    main()
