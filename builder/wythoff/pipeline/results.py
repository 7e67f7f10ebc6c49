"""What the build computes before anything is stored: one result per game, the
terms, the numeration tables, the checks and cross-references, and the report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wythoff.families.evidence import Check, Crossref
from wythoff.oeis.gp import Extension

Row = tuple[int, int, int, int | None]  # a stored P-position: (n, x, y, class)


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
    grundy: list[dict[str, Any]] = field(default_factory=list)  # rows of grundy_periods


@dataclass
class Computed:
    """Everything a build computed and checked, in memory until it is loaded."""

    games: dict[str, GameResult] = field(default_factory=dict)
    terms: dict[str, np.ndarray] = field(default_factory=dict)
    numerations: dict[int, tuple[list[list[int]], list[list[int]]]] = field(default_factory=dict)
    checks: list[Check] = field(default_factory=list)
    crossrefs: list[Crossref] = field(default_factory=list)
    oeis_extensions: dict[str, Extension] = field(default_factory=dict)  # by A-number


@dataclass(frozen=True)
class BuildReport:
    """What a finished build wrote: where, how many rows a table, how many files, how long."""

    database: str
    counts: dict[str, int]
    files: int
    seconds: float
    oeis: str = ""  # how the matched OEIS entries were extended, in one line
