"""A smaller copy of the database, with the same schema, for the browser.

The full database holds millions of terms; a browser should not download them
all to run a query.  The copy keeps every table and every row of the small
ones, and cuts the large ones: the first terms of each sequence, the
P-positions near the origin, the first numeration digits.  A row of
``build_info`` (``web_subset``) says exactly what was cut.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import create_engine

from wythoff.db.models import Base


def write_subset(
    source: Path,
    target: Path,
    first_terms: int = 100,
    max_coordinate: int = 200,
    max_numeration: int = 500,
) -> str:
    """Write the reduced copy of ``source`` to ``target``; returns its description."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.unlink(missing_ok=True)
    engine = create_engine(f"sqlite:///{target}")
    Base.metadata.create_all(engine)
    engine.dispose()
    limits = {
        "term_values": f'n < (SELECT s."offset" FROM full.sequences s WHERE s.key = sequence_key) '
        f"+ {first_terms}",
        "game_positions": f"x <= {max_coordinate} AND y <= {max_coordinate}",
        "numerations": f"n <= {max_numeration}",
    }
    description = (
        f"this copy holds the first {first_terms} terms of each sequence, the P-positions "
        f"with both coordinates at most {max_coordinate} and the numeration digits of "
        f"N <= {max_numeration}; every other table is complete (the full database is built "
        "by 'wythoff build')"
    )
    connection = sqlite3.connect(f"file:{target}", uri=True)  # URIs allow a read-only ATTACH
    try:
        connection.execute("ATTACH DATABASE ? AS full", (f"file:{source}?mode=ro",))
        for table in Base.metadata.sorted_tables:
            where = limits.get(table.name)
            clause = f" WHERE {where}" if where else ""
            connection.execute(
                f'INSERT INTO main."{table.name}" SELECT * FROM full."{table.name}"{clause}'
            )
        connection.execute("INSERT INTO build_info VALUES ('web_subset', ?)", (description,))
        connection.commit()
        connection.execute("DETACH DATABASE full")
        connection.execute("VACUUM")
    finally:
        connection.close()
    return description
