"""The terms of a build read back from its staged database, for what must see more
than one block (the families' theorems, the relations between sequences, the OEIS
verdicts): a sequence is read when asked, and the last few are kept."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from sqlalchemy import Connection

from wythoff.db import store
from wythoff.db.kept import ReadWhenAsked

_READ = (
    "SELECT t.value, x.value_text FROM term_values t LEFT JOIN term_texts x "
    "ON x.sequence_key = t.sequence_key AND x.n = t.n WHERE t.sequence_key = {} ORDER BY t.n"
)
_MARKERS = {"qmark": "?", "format": "%s", "pyformat": "%s", "numeric": ":1", "named": ":key"}
"""How each DB-API driver marks a parameter: the rows are read through the driver's
own cursor, five times faster than through SQLAlchemy's result rows."""

_READ_JSON = (
    "SELECT json_group_array(value), count(*) - count(value) FROM "
    "(SELECT value FROM term_values WHERE sequence_key = ? ORDER BY n)"
)
"""On SQLite, a sequence's values as one JSON array, and how many terms are beyond 64
bits (then the rows are read as :data:`_READ` gives them).  Faster than a tuple a
row (``bench/staged_read.py`` measures both): the build's last steps, on one core, read
every sequence this way.  SQLite keeps a subquery's ``ORDER BY`` under an aggregate (it does not
flatten it away), and the key ``(sequence_key, n)`` gives that order as it scans."""


class StagedTerms(ReadWhenAsked[np.ndarray]):
    """Every loaded sequence's terms (``ID -> values``), read from ``connection``:
    machine integers as int64, an array of Python integers where a term has more
    than 64 bits, as the build computed them; ``keys``: each sequence's key."""

    KEPT = 16  # a theorem reads a few sequences of one parameter set

    def __init__(self, connection: Connection, keys: Mapping[str, int]) -> None:
        super().__init__(keys)
        self._connection, self._sequence_keys = connection, keys
        self._as_json = connection.dialect.name == "sqlite" and store.has_json(connection)

    def read(self, key: str) -> np.ndarray:
        sequence_key = self._sequence_keys[key]
        cursor = self._connection.connection.cursor()
        try:
            values = _machine_integers(cursor, sequence_key) if self._as_json else None
            if values is None:
                marker = _MARKERS[self._connection.dialect.paramstyle]
                parameters = {"key": sequence_key} if marker == ":key" else (sequence_key,)
                cursor.execute(_READ.format(marker), parameters)
                values = _array(cursor.fetchall())
        finally:
            cursor.close()
        values.flags.writeable = False  # shared by whoever asks next
        return values


def _machine_integers(cursor: Any, sequence_key: int) -> np.ndarray | None:
    """A sequence's values read as :data:`_READ_JSON` gives them; ``None`` where a
    term is beyond 64 bits."""
    cursor.execute(_READ_JSON, (sequence_key,))
    array, beyond_64_bits = cursor.fetchone()
    return None if beyond_64_bits else np.array(json.loads(array), dtype=np.int64)


def _array(rows: Sequence[tuple[Any, Any]]) -> np.ndarray:
    """``value`` where it is given, else the exact decimal ``value_text``."""
    if all(value_text is None for _, value_text in rows):
        return np.array([value for value, _ in rows], dtype=np.int64)
    exact = [int(text) if value is None else value for value, text in rows]
    return np.array(exact, dtype=object)
