"""The terms of a build read back from its staged database, for what must see more
than one block (the families' theorems, the relations between sequences, the OEIS
verdicts): a sequence is read when asked, and the last few are kept."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from sqlalchemy import Connection

from wythoff.db.kept import ReadWhenAsked

_READ = "SELECT value, value_text FROM term_values WHERE sequence_key = {} ORDER BY n"
_MARKERS = {"qmark": "?", "format": "%s", "pyformat": "%s", "numeric": ":1", "named": ":key"}
"""How each DB-API driver marks a parameter: the rows are read through the driver's
own cursor, five times faster than through SQLAlchemy's result rows."""


class StagedTerms(ReadWhenAsked[np.ndarray]):
    """Every loaded sequence's terms (``ID -> values``), read from ``connection``:
    machine integers as int64, an array of Python integers where a term has more
    than 64 bits, as the build computed them; ``keys``: each sequence's key."""

    KEPT = 16  # a theorem reads a few sequences of one parameter set

    def __init__(self, connection: Connection, keys: Mapping[str, int]) -> None:
        super().__init__(keys)
        self._connection, self._sequence_keys = connection, keys

    def read(self, key: str) -> np.ndarray:
        cursor = self._connection.connection.cursor()
        try:
            marker = _MARKERS[self._connection.dialect.paramstyle]
            sequence_key = self._sequence_keys[key]
            parameters = {"key": sequence_key} if marker == ":key" else (sequence_key,)
            cursor.execute(_READ.format(marker), parameters)
            values = _array(cursor.fetchall())
        finally:
            cursor.close()
        values.flags.writeable = False  # shared by whoever asks next
        return values


def _array(rows: Sequence[tuple[Any, Any]]) -> np.ndarray:
    """``value`` where it is given, else the exact decimal ``value_text``."""
    if all(value_text is None for _, value_text in rows):
        return np.array([value for value, _ in rows], dtype=np.int64)
    exact = [int(text) if value is None else value for value, text in rows]
    return np.array(exact, dtype=object)
