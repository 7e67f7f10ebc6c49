"""The terms of a build read back from its staged database, for what must see more
than one block (the families' theorems, the relations between sequences, the OEIS
verdicts): a sequence is read when asked, and the last few are kept."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np
from sqlalchemy import Connection

KEPT = 16
"""Sequences kept after they are read (a theorem reads a few of one parameter set)."""

_READ = "SELECT value, value_text FROM term_values WHERE sequence_key = {} ORDER BY n"
_MARKERS = {"qmark": "?", "format": "%s", "pyformat": "%s", "numeric": ":1", "named": ":key"}
"""How each DB-API driver marks a parameter: the rows are read through the driver's
own cursor, five times faster than through SQLAlchemy's result rows."""


class StagedTerms(Mapping[str, np.ndarray]):
    """Every loaded sequence's terms (``ID -> values``), read from ``connection``:
    machine integers as int64, an array of Python integers where a term has more
    than 64 bits, as the build computed them."""

    def __init__(self, connection: Connection, keys: Mapping[str, int]) -> None:
        self._connection = connection
        self._keys = keys
        self._kept: OrderedDict[str, np.ndarray] = OrderedDict()

    def __getitem__(self, sequence_id: str) -> np.ndarray:
        if sequence_id in self._kept:
            self._kept.move_to_end(sequence_id)
            return self._kept[sequence_id]
        key = self._keys[sequence_id]
        cursor = self._connection.connection.cursor()
        try:
            marker = _MARKERS[self._connection.dialect.paramstyle]
            parameters = {"key": key} if marker == ":key" else (key,)
            cursor.execute(_READ.format(marker), parameters)
            values = _array(cursor.fetchall())
        finally:
            cursor.close()
        values.flags.writeable = False  # shared by whoever asks next
        self._kept[sequence_id] = values
        if len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return values

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, sequence_id: object) -> bool:
        return sequence_id in self._keys


def _array(rows: Sequence[tuple[Any, Any]]) -> np.ndarray:
    """``value`` where it is given, else the exact decimal ``value_text``."""
    if all(value_text is None for _, value_text in rows):
        return np.array([value for value, _ in rows], dtype=np.int64)
    exact = [int(text) if value is None else value for value, text in rows]
    return np.array(exact, dtype=object)
