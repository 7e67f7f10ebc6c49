"""A user's cache that lies: Wythoff's rows 0..7 kept as this code keeps them, sealed
with its version and a checksum of their content, but row 5 wrong from its preperiod
on (still additively periodic, with twice its period).  ``wythoff grundy`` trusts such
a file; a build must not read it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from wythoff.caches import rows as kept_rows
from wythoff.core.games import grundy_rows
from wythoff.core.games.rules import Rules

WYTHOFF = Rules(bishop=1)
ROWS = 8
WRONG_ROW = 5


def lying_cache(folder: Path) -> tuple[list[grundy_rows.Row], grundy_rows.Row]:
    """Keep the lie in ``folder`` (a ``grundy-rows`` folder); the true rows and the lie."""
    true_rows = grundy_rows.prove(WYTHOFF, ROWS)
    true = true_rows[WRONG_ROW]
    s, p = true.preperiod, 2 * true.period  # a period, not the least
    values = np.array([true.value(y) + (y >= s) for y in range(s + p)], dtype=np.int64)
    lie = grundy_rows.Row(WRONG_ROW, s, p, p, true.proof_start, true.proof_period, values)
    told = [*true_rows[:WRONG_ROW], lie, *true_rows[WRONG_ROW + 1 :]]
    kept_rows.save(WYTHOFF, told, folder)
    read = kept_rows.load(WYTHOFF, folder)[WRONG_ROW]  # the lie is read back as it is
    assert read.period == p and read.value(10**6) == true.value(10**6) + 1
    return true_rows, lie
