"""How ``grundy_values`` keeps a row's Sprague–Grundy values, and the SQL that reads
any ``G(x, y)`` of a stored row back, by SQLite alone (no extension).

Row ``x`` proven periodic (``grundy_periods``: preperiod ``s``, period ``p``,
increment ``i``) is stored by its values for ``y < s + p``; past them
``G(x, y) = G(x, s + (y - s) mod p) + i * ((y - s) div p)``.  Each stored value is
``G(x, y) - y + shift`` (``shift`` makes the least one 0), a number below 65536
split into two BLOBs: byte ``y`` of ``low`` holds it modulo 256, byte ``y`` of
``high`` its multiple of 256 (``high`` is NULL where every value is below 256: one
byte a value).  ``G(x, y) - y`` lies between about ``-3x`` and ``x`` on the games
stored (Wythoff's, Fraenkel's), so a row up to 127 or so takes one byte a value.

SQL reads a byte as two hex digits: ``instr('123456789ABCDEF', digit)`` is the
digit's value (0 for ``'0'``, not found).

Examples
--------
>>> shift, low, high = encode([0, 2, 1, 5, 7])
>>> shift, low.hex(), high
(1, '0102000304', None)
"""

from __future__ import annotations

from collections.abc import Sequence

LARGEST = 0xFFFF
"""The largest stored number: two bytes."""

VALUE_SQL = """\
WITH line AS (
  SELECT v.low, v.high, v.shift, p.increment,
         CASE WHEN :y < p.preperiod THEN :y
              ELSE p.preperiod + (:y - p.preperiod) % p.period END AS k,
         CASE WHEN :y < p.preperiod THEN 0
              ELSE (:y - p.preperiod) / p.period END AS turns
  FROM grundy_values v
  JOIN grundy_periods p ON p.game_id = v.game_id AND p.axis = v.axis AND p.row = v.row
  WHERE v.game_id = :game_id AND v.axis = 'row' AND v.row = :x AND :y >= 0
), cell AS (
  SELECT k, turns, increment, shift,
         hex(substr(low, k + 1, 1)) AS l,
         hex(COALESCE(substr(high, k + 1, 1), X'00')) AS h
  FROM line
)
SELECT k + turns * increment - shift
       + 16 * instr('123456789ABCDEF', substr(l, 1, 1)) + instr('123456789ABCDEF', substr(l, 2, 1))
       + 4096 * instr('123456789ABCDEF', substr(h, 1, 1))
       + 256 * instr('123456789ABCDEF', substr(h, 2, 1)) AS value
FROM cell"""
"""``G(x, y)`` of the game ``:game_id``, for any ``y`` from 0 to 2^63 - 1, where
``grundy_values`` holds row ``:x`` (no row otherwise)."""


class BoundExceeded(ValueError):
    """A row's values stray too far from ``y`` for two bytes."""


def encode(values: Sequence[int]) -> tuple[int, bytes, bytes | None]:
    """``(shift, low, high)`` of a row whose values ``G(x, y)``, ``y = 0, 1, ...``, are
    ``values``; :class:`BoundExceeded` when ``G(x, y) - y`` spans more than 65536
    numbers."""
    import numpy as np

    offsets = np.asarray(values, dtype=np.int64) - np.arange(len(values), dtype=np.int64)
    if not len(offsets):
        return 0, b"", None
    shift = -int(offsets.min())
    stored = offsets + shift
    if int(stored.max()) > LARGEST:
        raise BoundExceeded(
            f"G(x, y) - y spans {int(stored.max()) + 1} numbers on this row, more than "
            f"the {LARGEST + 1} that grundy_values stores"
        )
    low = (stored & 0xFF).astype(np.uint8).tobytes()
    high = (stored >> 8).astype(np.uint8).tobytes() if int(stored.max()) > 0xFF else None
    return shift, low, high
