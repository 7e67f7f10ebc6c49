"""The rows of a Sprague–Grundy table, each proven additively periodic, from a strip.

For the games of :mod:`.certificate` (every rook move, bounded moves into lower
rows), Landman's argument proves row ``x`` periodic once the rows below are: with
``L`` the lcm of their periods, the row's *state* at ``y`` (``y mod L``, the least
value ``m`` the row has not taken, less ``y``, and the values above ``m`` it has
taken, less ``y``) decides every later value, so a state that recurs from ``y1`` to
``y1 + P`` (``P`` then a multiple of ``L``) gives ``G(x, y + P) = G(x, y) + P`` for
every ``y >= y1``.  The row's least period ``p`` divides ``P`` (additive periods are
closed under differences), so it is the least divisor that holds over one round of
the proof, and its preperiod ``s`` the first ``y`` from which it holds: both exact,
for every ``y``.

The strip of the rows asked for is swept a stretch of columns at a time
(:class:`.strip.Sweep`, whose memory does not grow with the columns), each stretch in a
thread of its own (the compiled sweep lets the interpreter go) while the rows of the
stretch before are hashed and kept: two cores each busy.  Only the lowest
row not yet proven can be searched for a recurrence (its ``L`` and the column from
which its moves land where the rows below repeat need them proven), so the states of
one row at a time are hashed, column by column as the sweep goes, one in
:data:`.row_proof.SAMPLE` kept; the rows above it keep their values so far, compressed.  A row
proven is given to the caller at once (:func:`proving`) and the proof keeps only its
period, which the sweep then repeats.  When the rows waiting would pass the memory
allowed, the highest are let go: the strip of the rows below is whole without them,
and a later sweep proves them.  Each state that recurs by its hashes is checked
exactly.

A row is kept as ``s``, ``p`` and its values up to ``s + p``, as offsets ``G(x, y) -
y`` in 16 bits: ``G(x, y) = G(x, s + (y - s) mod p) + p * ((y - s) div p)`` past ``s``.

Examples
--------
>>> from wythoff.core.games.rules import Rules
>>> rows = prove(Rules(bishop=1), 4)
>>> [(r.preperiod, r.period, r.increment) for r in rows]
[(0, 1, 1), (0, 3, 3), (0, 3, 3), (8, 6, 6)]
>>> rows[3].value(10**30) - 10**30
-2
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from wythoff.core import lazy
from wythoff.core.games import certificate, row_proof, strip
from wythoff.core.games.rules import Rules

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence

    import numpy as np
else:
    np = lazy.module("numpy", globals())

STRETCH = 1 << 15
"""Columns swept at a time: the rows' values then wait in pieces of this length."""
MAX_CELLS = 1 << 33
"""The most cells (rows times columns) one sweep of a strip takes unasked."""
HOLD = 1 << 29
"""The most bytes a proof holds by default (the rows waiting, the states hashed)."""
OFFSET_LIMIT = 1 << 15
"""Offsets ``G(x, y) - y`` of kept rows are stored in 16 bits."""


@dataclass(frozen=True, init=False)
class Row:
    """Row ``x`` of a game's Sprague–Grundy table, proven: ``G(x, y + period) =
    G(x, y) + increment`` for every ``y >= preperiod`` (least such ``period`` and,
    for it, least ``preperiod``), by a recurrence of the row's state from
    ``proof_start`` to ``proof_start + proof_period``.

    Made from ``values``, ``G(x, y)`` for ``y < preperiod + period``; kept as
    ``offsets``, ``G(x, y) - y`` in 16 bits (a ``ValueError`` if one does not fit)."""

    x: int
    preperiod: int
    period: int
    increment: int
    proof_start: int
    proof_period: int
    offsets: np.ndarray = field(compare=False, repr=False)

    NUMBERS: ClassVar[tuple[str, ...]] = (
        "x",
        "preperiod",
        "period",
        "increment",
        "proof_start",
        "proof_period",
    )
    """The row's numbers, in the order :meth:`numbers` gives them."""

    def __init__(
        self,
        x: int,
        preperiod: int,
        period: int,
        increment: int,
        proof_start: int,
        proof_period: int,
        values: np.ndarray,
    ) -> None:
        values = np.asarray(values, dtype=np.int64)
        self._set(x, preperiod, period, increment, proof_start, proof_period)
        object.__setattr__(self, "offsets", _compact(values - np.arange(len(values))))

    @classmethod
    def of_offsets(
        cls,
        x: int,
        preperiod: int,
        period: int,
        increment: int,
        proof_start: int,
        proof_period: int,
        offsets: np.ndarray,
    ) -> Row:
        """The row from its offsets ``G(x, y) - y`` (no copy when they are ``int16``)."""
        row = cls.__new__(cls)
        row._set(x, preperiod, period, increment, proof_start, proof_period)
        object.__setattr__(row, "offsets", _compact(offsets))
        return row

    def _set(self, *numbers: int) -> None:
        for name, number in zip(self.NUMBERS, numbers, strict=True):
            object.__setattr__(self, name, int(number))

    def numbers(self) -> tuple[int, ...]:
        """The row's :attr:`NUMBERS`: all that it is but its values."""
        return tuple(getattr(self, name) for name in self.NUMBERS)

    @property
    def values(self) -> np.ndarray:
        """``G(x, y)`` for ``y < preperiod + period``, as ``int64`` (made on each call)."""
        return self.offsets.astype(np.int64) + np.arange(len(self.offsets), dtype=np.int64)

    def value(self, y: int) -> int:
        """``G(x, y)`` for any ``y >= 0``."""
        if y < 0:
            raise ValueError("piles are non-negative")
        if y < len(self.offsets):
            return int(self.offsets[y]) + y
        turns, base = divmod(y - self.preperiod, self.period)
        at = self.preperiod + base
        return int(self.offsets[at]) + at + turns * self.increment


def _compact(offsets: np.ndarray) -> np.ndarray:
    """``offsets`` as ``int16``, or a ``ValueError`` naming the first that does not fit."""
    if offsets.dtype == np.int16:
        return offsets
    outside = np.flatnonzero(np.abs(offsets) >= OFFSET_LIMIT)
    if outside.size:
        y = int(outside[0])
        raise ValueError(f"G(x, {y}) - {y} = {int(offsets[y])} does not fit in 16 bits")
    return offsets.astype(np.int16)


class StripTooLarge(ValueError):
    """The strip that would prove the rows needs more memory or time than allowed."""


class _Cycle(NamedTuple):
    """What the proofs of the rows above need of a proven row: where its period starts,
    the period, and its offsets over one period (not its values before them)."""

    x: int
    preperiod: int
    period: int
    cycle: np.ndarray

    @classmethod
    def of(cls, row: Row) -> _Cycle:
        # a copy: a view would hold all the row's values
        return cls(row.x, row.preperiod, row.period, row.offsets[row.preperiod :].copy())


def prove(
    rules: Rules,
    rows: int,
    known: Sequence[Row] = (),
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_cells: int = MAX_CELLS,
    stretch: int = STRETCH,
) -> list[Row]:
    """Rows ``0 .. rows - 1`` of the game's table, each proven (``known`` holds rows
    ``0, 1, ...`` proven before; they are not proven again), all in a list: see
    :func:`proving`, which gives them one at a time (the values of many long rows
    together can outgrow the memory their proofs need)."""
    found = list(known[:rows])
    found.extend(proving(rules, rows, found, budget, progress, max_cells, stretch))
    return found


def proving(
    rules: Rules,
    rows: int,
    known: Iterable[Row] = (),
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_cells: int = MAX_CELLS,
    stretch: int = STRETCH,
) -> Iterator[Row]:
    """The rows of the game's table above those ``known`` (rows ``0, 1, ...`` proven
    before, read one at a time) up to row ``rows - 1``, each given as soon as it is
    proven.

    The strip of rows ``0 .. rows - 1`` is swept a stretch of columns at a time.  Of a
    row given, only its period is kept, so the proof holds the values of the rows
    still waiting for theirs and the states hashed: when these would pass ``budget``
    bytes (by default half the machine's memory, at most :data:`HOLD`), the highest
    rows waiting are let go and the strip of the rows below them swept on; a later
    sweep, from column 0, proves them.  :class:`StripTooLarge` when the lowest row
    waiting alone would pass ``budget`` or a sweep ``max_cells`` cells.
    ``progress(rows proven, columns swept)`` is told after each ``stretch`` of columns.
    """
    if not certificate.applies(rules):
        raise ValueError(
            "the rows' proof needs every rook move and bounded moves into lower rows "
            "(no rook restriction, modular move or removed rectangle)"
        )
    below: list[_Cycle] = []
    last: Row | None = None
    for last in islice(known, rows):
        below.append(_Cycle.of(last))
    if len(below) == rows:
        return
    if budget is None:
        from wythoff.core.games import solver

        budget = min(solver.available_memory() // 2, HOLD)
    _refuse_far(last, rows, max_cells)
    bound = strip.first_bound(rules, rows)
    while len(below) < rows:
        try:
            limits = (budget, max_cells, stretch)
            yield from _sweep(rules, rows, below, bound, limits, progress)
        except strip.TooWide:  # the rows proven before it stand: every value was in bounds
            bound = strip.wider(bound)


def _sweep(
    rules: Rules,
    rows: int,
    below: list[_Cycle],
    bound: int,
    limits: tuple[int, int, int],
    progress: Callable[[int, int], None] | None,
) -> Iterator[Row]:
    """One sweep of the strip from column 0, with values within ``bound`` of their
    column (else :class:`.strip.TooWide`); ``limits`` are its budget, most cells and
    stretch.  It gives the rows above ``below`` as they are proven (each then added
    to ``below``) and ends when no row waits: every row proven, or the highest let go."""
    budget, max_cells, stretch = limits
    rings = strip.sweep_bytes(rules, rows, bound)
    if rings > budget:
        raise StripTooLarge(
            f"proving rows {len(below)}..{rows - 1} needs a strip of rows 0..{rows - 1} "
            f"whose rings alone take {rings / 2**20:.0f} MiB ({budget / 2**20:.0f} MiB allowed)"
        )
    sweep = strip.Sweep(rules, rows, bound)
    waiting = row_proof.Lines(range(len(below), rows))
    unsettled = list(below)  # rows proven, not yet repeated by the sweep
    search: row_proof.Search | None = None
    # the next stretch is swept on another core while the rows of the last are proven
    with ThreadPoolExecutor(1, thread_name_prefix="sweep") as ahead:
        sweeping: Future[np.ndarray] | None = None
        while waiting.lines:
            block = None if sweeping is None else sweeping.result()
            through = sweep.swept
            # the periods twice (the sweep holds its own), the stretch swept and the next
            need = 2 * sum(r.cycle.nbytes for r in below) + 4 * sweep.rows * stretch
            need += search.nbytes() if search is not None else 0
            while need + waiting.nbytes > budget and len(waiting.lines) > 1:
                sweep.keep(waiting.let_go_highest())
            _refuse(len(below), sweep, stretch, need + waiting.nbytes, budget, max_cells)
            for settled in [r for r in unsettled if r.preperiod <= sweep.swept]:
                sweep.repeat(settled.x, settled.preperiod, settled.cycle)
                unsettled.remove(settled)
            sweeping = ahead.submit(sweep.advance, stretch)
            if block is None:
                continue
            waiting.add(block)
            while waiting.lines:
                if search is None:
                    search = row_proof.Search(rules, below, bound)
                proof = search.feed(waiting.lines[search.x])
                if proof is None:
                    break
                s, p = proof.preperiod, proof.period  # the increment is the period
                row = Row.of_offsets(search.x, s, p, p, proof.start, proof.length, proof.offsets)
                waiting.let_go(row.x)
                search = None
                below.append(_Cycle.of(row))
                unsettled.append(below[-1])
                yield row
            if progress is not None:
                progress(len(below), through)


def _refuse(
    proven: int, sweep: strip.Sweep, stretch: int, need: int, budget: int, max_cells: int
) -> None:
    """Refuse the next stretch of the sweep when it would need more than ``budget``
    bytes or pass the cells allowed."""
    rows, columns = sweep.rows, sweep.swept + stretch
    if need > budget or rows * columns > max_cells:
        raise StripTooLarge(
            f"proving row {proven} needs a strip of rows 0..{rows - 1} "
            f"longer than {columns - stretch} columns: {columns} take about "
            f"{need / 2**20:.0f} MiB ({budget / 2**20:.0f} MiB allowed) and "
            f"{rows * columns / 2**30:.1f} Gi cells ({max_cells / 2**30:.1f} Gi allowed)"
        )


def _refuse_far(last: Row | None, rows: int, max_cells: int) -> None:
    """Refuse at once a strip far past the allowed cells, guessed from the last row
    proven: the columns a row's proof takes grow about as the row squared."""
    if last is None:
        return
    columns = (last.proof_start + 2 * last.proof_period) * (rows / (last.x + 1)) ** 2
    if rows * columns > 4 * max_cells:
        raise StripTooLarge(
            f"proving rows {last.x + 1}..{rows - 1} needs a strip of rows 0..{rows - 1} of "
            f"about {columns:.0e} columns (row {last.x} took "
            f"{last.proof_start + 2 * last.proof_period}): {rows * columns / 2**30:.0f} Gi "
            f"cells, {max_cells / 2**30:.1f} Gi allowed"
        )
