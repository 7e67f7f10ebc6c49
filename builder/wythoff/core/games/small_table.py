"""The Sprague–Grundy values of both piles below :data:`SIDE`, kept on disk as one
file of 16-bit cells a game's rules (beside the rows of :mod:`.row_cache`), so that
a value there is read with one seek: no table swept, no numpy imported.

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
import os
from pathlib import Path

from wythoff.core.games.rules import Rules

SIDE = 1024
"""Both piles below it are read from the kept table (2 MiB a game)."""


def cache_folder() -> Path:
    """The folder computed rows and tables are kept in: ``grundy-rows/`` under
    ``$WYTHOFF_CACHE``, else ``$XDG_CACHE_HOME/wythoff``, else ``~/.cache/wythoff``."""
    if os.environ.get("WYTHOFF_CACHE"):
        base = Path(os.environ["WYTHOFF_CACHE"])
    elif os.environ.get("XDG_CACHE_HOME"):
        base = Path(os.environ["XDG_CACHE_HOME"]) / "wythoff"
    else:
        base = Path.home() / ".cache" / "wythoff"
    return base / "grundy-rows"


def path_for(rules: Rules, folder: str | Path | None = None) -> Path:
    """The file holding ``rules``' table (it names the rules in its first line)."""
    folder = cache_folder() if folder is None else folder
    digest = hashlib.sha256(repr(rules).encode()).hexdigest()[:20]
    return Path(folder) / f"{digest}-table{SIDE}.u16"


def read(rules: Rules, x: int, y: int, folder: str | Path | None = None) -> int | None:
    """``G(x, y)`` from the kept table, or None when none is kept (or it is not for
    ``rules``).  The cell of a removed position holds ``0xFFFF``."""
    name = repr(rules).encode() + b"\n"
    try:
        with open(path_for(rules, folder), "rb") as kept:
            if kept.read(len(name)) != name:
                return None
            kept.seek(len(name) + 2 * (x * SIDE + y))
            cell = kept.read(2)
    except OSError:
        return None
    return int.from_bytes(cell, "little") if len(cell) == 2 else None


def keep(rules: Rules, folder: str | Path | None = None) -> None:
    """Sweep the table of ``rules`` and keep it; quietly nothing if it cannot be written."""
    from wythoff.core.games.grundy import grundy_table

    cells = grundy_table(rules, SIDE).astype("<u2").tobytes()
    path = path_for(rules, folder)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        partial.write_bytes(repr(rules).encode() + b"\n" + cells)
        partial.replace(path)
    except OSError:
        return


def value(rules: Rules, x: int, y: int, folder: str | Path | None = None) -> int:
    """``G(x, y)`` for ``x, y < SIDE`` of rules with values: read, or swept and kept."""
    if not (0 <= x < SIDE and 0 <= y < SIDE):
        raise ValueError(f"both piles must be below {SIDE}")
    found = read(rules, x, y, folder)
    if found is None:
        keep(rules, folder)
        found = read(rules, x, y, folder)
    if found is None:  # an unwritable folder: the table itself
        from wythoff.core.games.grundy import grundy_table

        found = int(grundy_table(rules, SIDE)[x, y])
    return found
