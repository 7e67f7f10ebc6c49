"""What the build computes of one game before it is stored, and what a build reports."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wythoff.db.rows import GrundyPeriod
from wythoff.families.evidence import Check

Row = tuple[int, int, int, int | None]  # a stored P-position: (n, x, y, class)

Numerations = dict[int, tuple[list[list[int]], list[list[int]]]]
"""The digits of ``N = 1 .. numeration_max`` in the p- and q-systems of each base ``a``."""


@dataclass
class GameResult:
    """What one worker computed and checked for one game."""

    game_id: str
    rows: list[Row]  # (n, x, y, class)
    complete_up_to: int
    checks: list[Check]
    pairs: np.ndarray | None = None  # games without formula: certain (c, d), shape (count, 2)
    conjecture: str | None = None
    observations: dict[str, Any] | None = None  # Larsson's questions on the data (named columns)
    grundy: list[GrundyPeriod] = field(default_factory=list)
    grundy_values: list[dict[str, Any]] = field(default_factory=list)  # rows of grundy_values
    grundy_cells: list[tuple[int, int, int]] = field(default_factory=list)  # (value, x, y)


@dataclass(frozen=True)
class BuildReport:
    """What a finished build wrote: where, how many rows a table, how many files, how long."""

    database: str
    counts: dict[str, int]
    files: int
    seconds: float
    oeis: str = ""  # how the matched OEIS entries were extended, in one line
