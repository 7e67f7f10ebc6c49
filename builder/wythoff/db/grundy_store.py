"""How ``grundy_values`` keeps a row's Sprague–Grundy values, and the SQL that reads
any ``G(x, y)`` of a stored row back, by SQLite alone (no extension).

Row ``x`` proven periodic (``grundy_periods``: preperiod ``s``, period ``p``,
increment ``i``) is stored by its values for ``y < s + p``; past them
``G(x, y) = G(x, s + (y - s) mod p) + i * ((y - s) div p)``.  Each stored value is
``G(x, y) - y + shift`` (``shift`` makes the least one 0), split in two: its last 8
bits are byte ``y`` of the BLOB ``low``, the bits above them are packed
``high_bits`` a value (0, 1, 2, 4 or 8: the fewest that hold every value of the row)
into the BLOB ``high``, value ``y`` at bit ``(y * high_bits) mod 8`` of byte
``(y * high_bits) div 8`` (``high`` is NULL where every value is below 256).
``G(x, y) - y`` lies between about ``-4x`` and ``x`` on the games stored (Wythoff's,
Fraenkel's), so a row below 60 or so takes one byte a value, a row below 127 one
and a quarter at most.

SQL reads a byte as two hex digits: ``instr('123456789ABCDEF', digit)`` is the
digit's value (0 for ``'0'``, not found).

Examples
--------
>>> shift, bits, low, high = encode([0, 2, 1, 5, 7])
>>> shift, bits, low.hex(), high
(1, 0, '0102000304', None)
>>> shift, bits, low, high = encode([300, 0, 1])  # G - y + 1: 301 = 256 + 45, 0, 0
>>> shift, bits, [int(v) for v in low], high.hex()
(1, 1, [45, 0, 0], '01')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

HIGH_BITS = (0, 1, 2, 4, 8)
"""The widths of a value's part above its last 8 bits: 16 bits a value at most."""

VALUE_SQL = """\
WITH line AS (
  SELECT v.low, v.high, v.high_bits AS bits, v.shift, p.increment,
         CASE WHEN :y < p.preperiod THEN :y
              ELSE p.preperiod + (:y - p.preperiod) % p.period END AS k,
         CASE WHEN :y < p.preperiod THEN 0
              ELSE (:y - p.preperiod) / p.period END AS turns
  FROM grundy_values v
  JOIN grundy_periods p ON p.game_id = v.game_id AND p.axis = v.axis AND p.row = v.row
  WHERE v.game_id = :game_id AND v.axis = 'row' AND v.row = :x AND :y >= 0
), digits AS (
  SELECT k, turns, increment, shift, bits, k * bits % 8 AS at,
         hex(substr(low, k + 1, 1)) AS l,
         hex(COALESCE(substr(high, k * bits / 8 + 1, 1), X'00')) AS h
  FROM line
), bytes AS (
  SELECT k, turns, increment, shift, bits, at,
         16 * instr('123456789ABCDEF', substr(l, 1, 1))
         + instr('123456789ABCDEF', substr(l, 2, 1)) AS lo,
         16 * instr('123456789ABCDEF', substr(h, 1, 1))
         + instr('123456789ABCDEF', substr(h, 2, 1)) AS hi
  FROM digits
)
SELECT k + turns * increment - shift + lo + 256 * ((hi >> at) & ((1 << bits) - 1)) AS value
FROM bytes"""
"""``G(x, y)`` of the game ``:game_id``, for any ``y`` from 0 to 2^63 - 1, where
``grundy_values`` holds row ``:x`` (no row otherwise)."""


def value_sql(game_id: str, x: int, y: int) -> str:
    """:data:`VALUE_SQL` with its parameters written in (for a link to a SQL console)."""
    if not re.fullmatch(r"[a-z0-9-]+", game_id):
        raise ValueError(f"not a game ID: {game_id!r}")
    return (
        VALUE_SQL.replace(":game_id", f"'{game_id}'")
        .replace(":x", str(int(x)))
        .replace(":y", str(int(y)))
    )


class BoundExceeded(ValueError):
    """A row's values stray too far from ``y`` for 16 bits."""


def encode(values: ArrayLike) -> tuple[int, int, bytes, bytes | None]:
    """``(shift, high_bits, low, high)`` of a row whose values ``G(x, y)``, ``y = 0, 1,
    ...``, are ``values``; :class:`BoundExceeded` when ``G(x, y) - y`` spans more than
    65536 numbers."""
    import numpy as np

    given = np.asarray(values, dtype=np.int64)
    offsets = given - np.arange(len(given), dtype=np.int64)
    if not len(offsets):
        return 0, 0, b"", None
    shift = -int(offsets.min())
    stored = offsets + shift
    above = stored >> 8
    largest = int(above.max())
    bits = next((b for b in HIGH_BITS if largest < 1 << b), None)
    if bits is None:
        raise BoundExceeded(
            f"G(x, y) - y spans {int(stored.max()) + 1} numbers on this row, more than "
            f"the 65536 that grundy_values stores"
        )
    low = (stored & 0xFF).astype(np.uint8).tobytes()
    if bits == 0:
        return shift, 0, low, None
    each = 8 // bits  # values a byte
    padded = np.zeros(-(-len(above) // each) * each, dtype=np.int64)
    padded[: len(above)] = above
    places = np.arange(each, dtype=np.int64) * bits
    high = (padded.reshape(-1, each) << places).sum(axis=1).astype(np.uint8).tobytes()
    return shift, bits, low, high
