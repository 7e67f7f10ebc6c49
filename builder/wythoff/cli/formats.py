"""Rows written to a stream as text, CSV or JSON lines: the data commands' ``--format``.

Every data command prints a table: ``terms`` (n, value), ``ppositions`` (x, y),
``position`` (one row) and ``sql`` (any columns).  This module writes such a
table in the format the user chose, streaming: nothing is held in memory.

- ``text``: values separated by one space, no header (b-file style);
- ``csv``: a header line, then RFC 4180 rows with ``\\n`` line ends;
- ``json``: one JSON object per line (JSON Lines), keyed by column; integers of
  any size stay exact numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TextIO

FORMATS = ("text", "csv", "json")


def write_rows(
    stream: TextIO,
    columns: Sequence[str],
    rows: Iterable[Sequence[Any]],
    form: str = "text",
    header: bool | None = None,
) -> None:
    """Write ``rows`` under ``columns`` to ``stream`` in the format ``form``.

    ``header`` overrides the format's default (CSV has one, text has none).

    >>> import io
    >>> out = io.StringIO()
    >>> write_rows(out, ["n", "value"], [(0, 0), (1, 1)], "json")
    >>> print(out.getvalue(), end="")
    {"n": 0, "value": 0}
    {"n": 1, "value": 1}
    >>> out = io.StringIO()
    >>> write_rows(out, ["x", "y"], [(1, 2)], "csv")
    >>> print(out.getvalue(), end="")
    x,y
    1,2
    """
    if form not in FORMATS:
        raise ValueError(f"unknown format {form!r} (allowed: {', '.join(FORMATS)})")
    if form == "csv":
        import csv

        writer = csv.writer(stream, lineterminator="\n")
        if header is not False:
            writer.writerow(columns)
        writer.writerows(rows)
    elif form == "json":
        import json

        names = list(columns)
        for row in rows:
            stream.write(json.dumps(dict(zip(names, row, strict=True)), default=str) + "\n")
    else:
        if header:
            stream.write(" ".join(columns) + "\n")
        for row in rows:
            stream.write(" ".join("" if v is None else str(v) for v in row) + "\n")
