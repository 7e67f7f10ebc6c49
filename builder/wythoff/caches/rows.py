"""Proven rows of Sprague–Grundy tables kept on disk, so that asking again is instant.

One sealed file (:mod:`.sealed`) a game's rules in the cache folder: each row's ``x``,
preperiod, period, increment, the proof's start and period, and its values ``G(x, y)
- y`` (16 bits each) for ``y`` below preperiod plus period, compressed.  A file that cannot be read,
or holds other rules, or other code wrote, is ignored and written again; a folder
that cannot be written leaves the rows uncached.

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
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from wythoff.caches import sealed
from wythoff.core import lazy
from wythoff.core.games import grundy_rows
from wythoff.core.games.rules import Rules

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
else:
    np = lazy.module("numpy", globals())

KIND = "grundy-rows"
FIELDS = 6
"""x, preperiod, period, increment, proof start and proof period, each an int64."""


def path_for(rules: Rules, folder: str | Path | None = None) -> Path:
    """The file holding the rows of ``rules``."""
    digest = hashlib.sha256(repr(rules).encode()).hexdigest()[:20]
    return Path(folder if folder is not None else sealed.folder()) / f"{digest}.rows"


def encode(found: list[grundy_rows.Row]) -> bytearray:
    """The rows as kept: their count, their fields, then every row's offsets ``G(x, y) -
    y`` in 16 bits (as the prover holds them), compressed a row at a time into one
    buffer, so that no joined copy of all the rows is made (zlib's fastest level: the
    offsets of many rows would take longer to pack than to prove)."""
    head = np.array(
        [(r.x, r.preperiod, r.period, r.increment, r.proof_start, r.proof_period) for r in found],
        dtype="<i8",
    ).reshape(-1, FIELDS)
    packer = zlib.compressobj(1)
    packed = bytearray(packer.compress(len(found).to_bytes(8, "little") + head.tobytes()))
    for r in found:
        packed += packer.compress(r.offsets.astype("<i2", copy=False).data)
    packed += packer.flush()
    return packed


def decode(content: bytes) -> list[grundy_rows.Row] | None:
    """The rows :func:`encode` wrote, or None when ``content`` is not such rows."""
    try:
        data = zlib.decompress(content)
    except zlib.error:
        return None
    count = int.from_bytes(data[:8], "little")
    cut = 8 + 8 * FIELDS * count
    if len(data) < cut:
        return None
    head = np.frombuffer(data[8:cut], dtype="<i8").reshape(-1, FIELDS).tolist()
    offsets = np.frombuffer(data, dtype="<i2", offset=cut)
    if len(data) - cut != 2 * sum(preperiod + period for _, preperiod, period, *_ in head):
        return None
    found = []
    at = 0
    for x, (row, preperiod, period, increment, start, proof) in enumerate(head):
        if row != x or period < 1 or preperiod < 0:
            return None
        size = preperiod + period
        part = offsets[at : at + size]
        found.append(
            grundy_rows.Row.of_offsets(x, preperiod, period, increment, start, proof, part)
        )
        at += size
    return found


def load(rules: Rules, folder: str | Path | None = None) -> list[grundy_rows.Row]:
    """The rows kept for ``rules`` (rows ``0, 1, ...``; none if nothing usable is kept)."""
    content = sealed.read(path_for(rules, folder), KIND, repr(rules))
    found = decode(content) if content is not None else None
    return found or []


def save(rules: Rules, found: list[grundy_rows.Row], folder: str | Path | None = None) -> None:
    """Keep ``found`` (rows ``0, 1, ...``) for ``rules``; quietly nothing if the folder
    cannot be written."""
    sealed.write(path_for(rules, folder), KIND, repr(rules), encode(found))


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
