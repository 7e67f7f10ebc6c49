"""The Sprague–Grundy values of both piles below :data:`SIDE`, kept on disk as one
sealed file (:mod:`.sealed`) of 16-bit cells a game's rules, beside the rows of
:mod:`.rows`, so that a value there is read without a table swept or numpy imported.

>>> import tempfile
>>> from wythoff.core.games.rules import Rules
>>> with tempfile.TemporaryDirectory() as folder:
...     swept = value(Rules(bishop=1), 5, 9, folder)      # sweeps and keeps the table
...     read = value(Rules(bishop=1), 5, 9, folder)       # reads the kept cell
>>> swept, read
(7, 7)
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from wythoff.caches import sealed
from wythoff.core.games.rules import Rules

SIDE = 1024
"""Both piles below it are read from the kept table (2 MiB a game)."""

KIND = f"grundy-table-{SIDE}"


def path_for(rules: Rules, folder: str | Path | None = None) -> Path:
    """The file holding ``rules``' table."""
    folder = sealed.folder() if folder is None else folder
    digest = hashlib.sha256(repr(rules).encode()).hexdigest()[:20]
    return Path(folder) / f"{digest}-table{SIDE}.u16"


def read(rules: Rules, x: int, y: int, folder: str | Path | None = None) -> int | None:
    """``G(x, y)`` from the kept table, or None when none usable is kept.  The cell of
    a removed position holds ``0xFFFF``."""
    cells = sealed.read(path_for(rules, folder), KIND, repr(rules))
    if cells is None or len(cells) != 2 * SIDE * SIDE:
        return None
    return _at(cells, x, y)


def keep(rules: Rules, folder: str | Path | None = None) -> bytes:
    """Sweep the table of ``rules`` and keep it (quietly not if it cannot be written);
    its cells."""
    from wythoff.core.games.grundy import grundy_table

    cells = grundy_table(rules, SIDE).astype("<u2").tobytes()
    sealed.write(path_for(rules, folder), KIND, repr(rules), cells)
    return cells


def value(rules: Rules, x: int, y: int, folder: str | Path | None = None) -> int:
    """``G(x, y)`` for ``x, y < SIDE`` of rules with values: read, or swept and kept."""
    if not (0 <= x < SIDE and 0 <= y < SIDE):
        raise ValueError(f"both piles must be below {SIDE}")
    found = read(rules, x, y, folder)
    return found if found is not None else _at(keep(rules, folder), x, y)


def _at(cells: bytes, x: int, y: int) -> int:
    at = 2 * (x * SIDE + y)
    return int.from_bytes(cells[at : at + 2], "little")


def cell(rules: Rules, x: int, y: int) -> int | None:
    """``G(x, y)`` when both piles are below :data:`SIDE` (read, or swept and kept),
    else None: the cell source :func:`wythoff.core.games.grundy_value.value` takes."""
    if x < SIDE and y < SIDE:
        return value(rules, x, y)
    return None
