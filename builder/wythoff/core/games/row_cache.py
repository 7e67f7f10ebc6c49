"""Proven rows of Sprague–Grundy tables kept on disk, so that asking again is instant.

One compressed NumPy file a game's rules under the user's cache folder
(``$WYTHOFF_CACHE``, else ``$XDG_CACHE_HOME/wythoff``, else ``~/.cache/wythoff``),
in ``grundy-rows/``: each row's ``x``, preperiod, period, increment, the proof's
start and period, and its values ``G(x, y) - y`` for ``y`` below preperiod plus
period.  The file names the rules it holds; a file that cannot be read, or that
holds other rules, is ignored and written again.  A folder that cannot be written
leaves the rows uncached.

Examples
--------
>>> import tempfile
>>> from wythoff.core.games.rules import Rules
>>> with tempfile.TemporaryDirectory() as folder:
...     first = rows(Rules(bishop=1), 5, folder)
...     again = load(Rules(bishop=1), folder)
>>> [r.period for r in again], again == first
([1, 3, 3, 6, 12], True)
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from wythoff.core import lazy
from wythoff.core.games import grundy_rows
from wythoff.core.games.rules import Rules
from wythoff.core.games.small_table import cache_folder

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
else:
    np = lazy.module("numpy", globals())


def path_for(rules: Rules, folder: str | Path | None = None) -> Path:
    """The file holding the rows of ``rules``."""
    digest = hashlib.sha256(repr(rules).encode()).hexdigest()[:20]
    return Path(folder if folder is not None else cache_folder()) / f"{digest}.npz"


def load(rules: Rules, folder: str | Path | None = None) -> list[grundy_rows.Row]:
    """The rows kept for ``rules`` (rows ``0, 1, ...``; none if nothing usable is kept)."""
    path = path_for(rules, folder)
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["rules"]) != repr(rules):
                return []
            head = data["head"]
            offsets = data["offsets"].astype(np.int64)
    except (OSError, KeyError, ValueError):
        return []
    found = []
    at = 0
    for x, preperiod, period, increment, start, proof in head.tolist():
        size = preperiod + period
        values = offsets[at : at + size] + np.arange(size, dtype=np.int64)
        found.append(grundy_rows.Row(x, preperiod, period, increment, start, proof, values))
        at += size
    return found


def save(rules: Rules, found: list[grundy_rows.Row], folder: str | Path | None = None) -> None:
    """Keep ``found`` (rows ``0, 1, ...``) for ``rules``; quietly nothing if the folder
    cannot be written."""
    path = path_for(rules, folder)
    head = np.array(
        [(r.x, r.preperiod, r.period, r.increment, r.proof_start, r.proof_period) for r in found],
        dtype=np.int64,
    ).reshape(-1, 6)
    parts = [r.values - np.arange(len(r.values), dtype=np.int64) for r in found]
    offsets = np.concatenate(parts).astype(np.int32) if parts else np.zeros(0, np.int32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez_compressed(partial, rules=np.array(repr(rules)), head=head, offsets=offsets)
        partial.replace(path)
    except OSError:
        return


def rows(
    rules: Rules,
    count: int,
    folder: str | Path | None = None,
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[grundy_rows.Row]:
    """Rows ``0 .. count - 1`` of ``rules``, proven: read from the cache, the missing
    ones computed (:func:`.grundy_rows.prove`) and kept."""
    kept = load(rules, folder)
    if len(kept) >= count:
        return kept[:count]
    found = grundy_rows.prove(rules, count, kept, budget=budget, progress=progress)
    save(rules, found, folder)
    return found
