"""Reading a build's terms back from its database, as its last steps do (the
families' theorems, the relations between sequences, the OEIS verdicts), two ways
in the same run: a tuple a row (the baseline, the route for any database) and one
JSON array a sequence (SQLite's route).  Both read every sequence of the same
database; the arrays must be equal before the ratio is printed.

Run after a build: ``python bench/staged_read.py [--db data/wythoff.sqlite] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import sqlalchemy
from wythoff.pipeline.staged import StagedTerms


def read_all(
    connection: sqlalchemy.Connection, keys: dict[str, int], as_json: bool
) -> tuple[float, list[np.ndarray]]:
    """Seconds to read every sequence of ``keys``, and what was read."""
    staged = StagedTerms(connection, keys)
    staged._as_json = as_json  # the route under test
    started = time.perf_counter()
    arrays = [staged.read(key) for key in keys]
    return time.perf_counter() - started, arrays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=Path("data/wythoff.sqlite"))
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    engine = sqlalchemy.create_engine(f"sqlite:///{arguments.db.resolve()}")
    with engine.connect() as connection:
        keys = dict(connection.exec_driver_sql("SELECT id, key FROM sequences ORDER BY key").all())
        terms = connection.exec_driver_sql("SELECT count(*) FROM term_values").scalar_one()
        read_all(connection, keys, as_json=False)  # the file in the page cache for both
        best = {False: float("inf"), True: float("inf")}
        for _ in range(arguments.repeat):
            read: dict[bool, list[np.ndarray]] = {}
            for as_json in (False, True):
                seconds, read[as_json] = read_all(connection, keys, as_json)
                best[as_json] = min(best[as_json], seconds)
            pairs = zip(read[False], read[True], strict=True)
            assert all(np.array_equal(a, b) for a, b in pairs), "the two routes differ"
    print(f"{len(keys):,} sequences, {terms:,} terms, best of {arguments.repeat}")
    print(f"  a tuple a row (baseline): {best[False]:7.2f} s")
    ratio = best[False] / best[True]
    print(f"  a JSON array a sequence:  {best[True]:7.2f} s   {ratio:.2f}x faster")


if __name__ == "__main__":
    main()
