"""What a build would hold and need, from its configuration and the catalog alone
(nothing computed): its rows, its disk and its memory; a build that would not fit this
machine is refused before any work, in one line (:func:`check_resources`).

The sizes are rough, each a constant measured on real builds: they are there to refuse
impossible builds and to say what a build needs, not to budget it to the byte.
"""

from __future__ import annotations

import math
import shutil
from dataclasses import dataclass
from pathlib import Path

from wythoff import families
from wythoff.config import Config, ConfigError
from wythoff.core.games import solver
from wythoff.db import vocabulary
from wythoff.families.blocks import plan

BYTES_PER_TERM_ROW = 110
"""A stored term: its database row with indexes, CSV line, b-file line, archive share."""
BYTES_PER_OTHER_ROW = 80
"""Any other stored row (a P-position, a value's position, a numeration's digits)."""


@dataclass(frozen=True)
class Estimate:
    sequences: int
    games: int
    term_rows: int
    other_rows: int
    disk_bytes: int
    memory_bytes: int

    def describe(self) -> str:
        return (
            f"{self.sequences} sequences, {self.games} games, about {self.term_rows:,} terms "
            f"and {self.other_rows:,} other rows: about {_size(self.disk_bytes)} on disk"
        )

    def announce(self) -> str:
        """What the build needs, in one line, said before it starts."""
        return (
            f"this build needs about {_size(self.memory_bytes)} of memory and "
            f"{_size(self.disk_bytes)} of disk ({self.sequences} sequences, {self.games} "
            f"games, about {self.term_rows:,} terms)"
        )


# Rough sizes of a streamed build (measured on Larsson builds of m, p <= 8, 16 and 32).
BASE_BYTES = 450_000_000
"""The build's largest process before its blocks: the interpreter, its libraries, the
OEIS index, SQLite's page cache, a worker's boards and Sprague–Grundy tables."""
BYTES_PER_RECORD = 8_000
"""What the build keeps of each game and sequence from start to end: its catalog
record, its checks, its OEIS comparison, its class of coinciding games."""
BYTES_PER_BLOCK_TERM = 48
"""A term of a block: its array, its pair, its P-position rows, the copy on its way to
the writer; three blocks are held at once (computed ahead, loading, being written)."""


def estimate(config: Config) -> Estimate:
    """What a build would hold and need, from the catalog alone (nothing computed)."""
    records = families.build(config.families)
    terms: dict[str, int] = {}
    for record in records.sequences.values():
        terms[record.id] = config.terms_of_sequence(record)
        if record.growth == vocabulary.EXPONENTIAL:  # about 5 terms a digit
            terms[record.id] = min(terms[record.id], config.max_digits * 5 + 10)
    term_rows = sum(terms.values())
    bases = len(families.numeration_games(records))  # each tabulated once, p and q
    values = vocabulary.GRUNDY_VALUES_STORED * (config.grundy_positions_max + 1)  # ~ 1 a line
    other = (
        len(records.games) * (config.ppositions_max + values) + 2 * bases * config.numeration_max
    )
    disk = term_rows * BYTES_PER_TERM_ROW + other * BYTES_PER_OTHER_ROW
    board = max(
        (solver.memory_needed(config.solver_board, g.rules) for g in records.games.values()),
        default=0,
    )
    block = max(
        (
            sum(terms[s] for s in b.sequences) + len(b.games) * config.ppositions_max
            for b in plan(records, config.block_games)
        ),
        default=0,
    )
    kept = (len(records.games) + len(records.sequences)) * BYTES_PER_RECORD
    memory = BASE_BYTES + kept + 3 * block * BYTES_PER_BLOCK_TERM + board
    return Estimate(len(records.sequences), len(records.games), term_rows, other, disk, memory)


def check_resources(config: Config) -> Estimate:
    """Refuse a build that would not fit in memory or on disk, before any work."""
    need = estimate(config)
    memory = solver.available_memory() // 2
    if need.memory_bytes > memory:
        raise ConfigError(
            f"this build would need about {_size(need.memory_bytes)} of memory at once, more "
            f"than the {_size(memory)} allowed; lower terms, solver_board or block_games"
        )
    free = _free_disk(config.output_dir)
    if need.disk_bytes > free:
        raise ConfigError(
            f"this build would need about {_size(need.disk_bytes)} of disk ({need.describe()}) "
            f"but only {_size(free)} are free; lower terms or the parameter ranges"
        )
    return need


def _free_disk(path: Path) -> int:
    probe = path
    while not probe.exists():
        probe = probe.parent
    return shutil.disk_usage(probe).free


def _size(count: float) -> str:
    units = ["B", "kB", "MB", "GB", "TB", "PB", "EB"]
    power = min(int(math.log(max(count, 1), 1000)), len(units) - 1)
    return f"{count / 1000**power:.1f} {units[power]}"
