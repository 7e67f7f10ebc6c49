"""Proven rows of Sprague–Grundy tables kept on disk, so that asking again is instant.

A folder a game's rules in the cache folder, and in it one sealed file (:mod:`.sealed`)
a row, written as soon as the row is proven, so that a long proof cut short keeps the
rows it proved: the row's ``x``, preperiod, period, increment, the proof's start and
period, and its values ``G(x, y) - y`` (16 bits each) for ``y`` below preperiod plus
period, compressed.  A file that cannot be read, holds another game or row, or other
code wrote, is ignored and written again.  Rows are read back one at a time, when
asked (:class:`Kept`): the values of many long rows together can outgrow the memory
their proofs need.  A folder that cannot be written leaves the rows in memory.

Examples
--------
>>> import tempfile
>>> from wythoff.core.games.rules import Rules
>>> with tempfile.TemporaryDirectory() as folder:
...     first = list(rows(Rules(bishop=1), 5, folder))
...     again = load(Rules(bishop=1), folder)
>>> [r.period for r in again], again == first
([1, 3, 3, 6, 12], True)
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, overload

from wythoff.caches import sealed
from wythoff.core import lazy
from wythoff.core.games import grundy_rows
from wythoff.core.games.rules import Rules

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    import numpy as np
else:
    np = lazy.module("numpy", globals())

KIND = "grundy-row"
HEAD = 8 * len(grundy_rows.Row.NUMBERS)
"""Bytes of a kept row's numbers (:attr:`.grundy_rows.Row.NUMBERS`), each an int64."""


def folder_for(rules: Rules, folder: str | Path | None = None) -> Path:
    """The folder holding the rows of ``rules``."""
    digest = hashlib.sha256(repr(rules).encode()).hexdigest()[:20]
    return Path(folder if folder is not None else sealed.folder()) / f"{digest}.rows"


def path_for(rules: Rules, x: int, folder: str | Path | None = None) -> Path:
    """The file holding row ``x`` of ``rules``."""
    return folder_for(rules, folder) / f"{x}.row"


def key(rules: Rules, x: int) -> str:
    """What the file of row ``x`` of ``rules`` holds, as its seal names it."""
    return f"{rules!r} row {x}"


def encode(row: grundy_rows.Row) -> bytes:
    """The row as kept: its numbers, then its offsets ``G(x, y) - y`` in 16 bits (as the
    prover holds them, not copied), compressed (zlib's fastest level: a long row would
    take longer to pack than to prove)."""
    packer = zlib.compressobj(1)
    head = np.array(row.numbers(), dtype="<i8").tobytes()
    body = packer.compress(head) + packer.compress(row.offsets.astype("<i2", copy=False).data)
    return body + packer.flush()


def decode(content: bytes, x: int) -> grundy_rows.Row | None:
    """Row ``x`` as :func:`encode` wrote it, or None when ``content`` is not such a row."""
    try:
        data = zlib.decompress(content)
    except zlib.error:
        return None
    if len(data) < HEAD:
        return None
    numbers = np.frombuffer(data[:HEAD], dtype="<i8").tolist()
    row, preperiod, period, increment, start, proof = numbers
    if row != x or period < 1 or preperiod < 0 or len(data) - HEAD != 2 * (preperiod + period):
        return None
    offsets = np.frombuffer(data, dtype="<i2", offset=HEAD)
    return grundy_rows.Row.of_offsets(x, preperiod, period, increment, start, proof, offsets)


def load_row(rules: Rules, x: int, folder: str | Path | None = None) -> grundy_rows.Row | None:
    """Row ``x`` kept for ``rules``, or None if none usable is kept."""
    content = sealed.read(path_for(rules, x, folder), KIND, key(rules, x))
    return decode(content, x) if content is not None else None


def save_row(rules: Rules, row: grundy_rows.Row, folder: str | Path | None = None) -> bool:
    """Keep ``row`` for ``rules``; whether it could be written."""
    path = path_for(rules, row.x, folder)
    return sealed.write(path, KIND, key(rules, row.x), encode(row))


def reading(
    rules: Rules, count: int, folder: str | Path | None = None
) -> Iterator[grundy_rows.Row]:
    """The rows ``0, 1, ...`` kept for ``rules``, below ``count``, one at a time, up to the
    first missing or unusable."""
    for x in range(count):
        row = load_row(rules, x, folder)
        if row is None:
            return
        yield row


def load(rules: Rules, folder: str | Path | None = None) -> list[grundy_rows.Row]:
    """Every row kept for ``rules`` (rows ``0, 1, ...`` up to the first missing)."""
    return list(reading(rules, 1 << 62, folder))


def save(rules: Rules, found: list[grundy_rows.Row], folder: str | Path | None = None) -> None:
    """Keep each of ``found`` for ``rules``; quietly nothing if the folder cannot be
    written."""
    for row in found:
        save_row(rules, row, folder)


class Kept(Sequence[grundy_rows.Row]):
    """Rows ``0 .. count - 1`` of ``rules``, each read from the cache when asked (those
    that could not be written are held); one no longer kept is proven again."""

    def __init__(
        self,
        rules: Rules,
        count: int,
        folder: str | Path | None,
        held: dict[int, grundy_rows.Row],
    ) -> None:
        self.rules, self.size, self.folder, self.held = rules, count, folder, held

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> grundy_rows.Row: ...

    @overload
    def __getitem__(self, index: slice) -> list[grundy_rows.Row]: ...

    def __getitem__(self, index: int | slice) -> grundy_rows.Row | list[grundy_rows.Row]:
        if isinstance(index, slice):
            return [self[x] for x in range(self.size)[index]]
        x = range(self.size)[index]
        found = self.held.get(x) or load_row(self.rules, x, self.folder)
        return found if found is not None else rows(self.rules, x + 1, self.folder)[x]


def rows(
    rules: Rules,
    count: int,
    folder: str | Path | None = None,
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Kept:
    """Rows ``0 .. count - 1`` of ``rules``, proven: those kept read from the cache, the
    missing ones proven (:func:`.grundy_rows.proving`), each kept as soon as proven."""
    held: dict[int, grundy_rows.Row] = {}
    if count and load_row(rules, count - 1, folder) is None:
        known = reading(rules, count, folder)
        for row in grundy_rows.proving(rules, count, known, budget=budget, progress=progress):
            if not save_row(rules, row, folder):
                held[row.x] = row
    return Kept(rules, count, folder, held)
