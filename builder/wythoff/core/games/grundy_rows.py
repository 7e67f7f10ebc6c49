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
(:class:`.strip.Sweep`, whose memory does not grow with the columns).  Only the lowest
row not yet proven can be searched for a recurrence (its ``L`` and the column from
which its moves land where the rows below repeat need them proven), so the states of
one row at a time are hashed, column by column as the sweep goes, one in
:data:`SAMPLE` kept; the rows above it keep their values so far, compressed.  A row
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

import zlib
from dataclasses import dataclass, field
from functools import cache
from itertools import islice
from math import lcm
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from wythoff.core import lazy
from wythoff.core.games import certificate, strip
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
    sweep = strip.Sweep(rules, rows, bound)
    waiting = _Lines(range(len(below), rows))
    unsettled = list(below)  # rows proven, not yet repeated by the sweep
    search: _Search | None = None
    while waiting.lines:
        # the periods twice (the sweep holds its own), the next stretch's block
        need = 2 * sum(r.cycle.nbytes for r in below) + 2 * sweep.rows * stretch
        need += search.nbytes() if search is not None else 0
        while need + waiting.nbytes > budget and len(waiting.lines) > 1:
            sweep.keep(waiting.let_go_highest())
        _refuse(len(below), sweep, stretch, need + waiting.nbytes, budget, max_cells)
        for settled in [r for r in unsettled if r.preperiod <= sweep.swept]:
            sweep.repeat(settled.x, settled.preperiod, settled.cycle)
            unsettled.remove(settled)
        waiting.add(sweep.advance(stretch))
        while waiting.lines:
            if search is None:
                search = _Search(rules, below, bound)
            row = search.feed(waiting.lines[search.x])
            if row is None:
                break
            waiting.let_go(row.x)
            search = None
            below.append(_Cycle.of(row))
            unsettled.append(below[-1])
            yield row
        if progress is not None:
            progress(len(below), sweep.swept)


class _Lines:
    """The values swept of the rows waiting for their proof: ``G(x, y) - y`` a piece a
    stretch, each compressed (zlib's fastest level: about half the room, for little of
    the sweep's time)."""

    def __init__(self, xs: range) -> None:
        self.lines: dict[int, list[bytes]] = {x: [] for x in xs}
        self.nbytes = 0

    def add(self, block: np.ndarray) -> None:
        """The next stretch of each row waiting, from the sweep's ``block``."""
        for x, pieces in self.lines.items():
            pieces.append(zlib.compress(block[x].data, 1))
            self.nbytes += len(pieces[-1])

    def let_go(self, x: int) -> None:
        self.nbytes -= sum(len(piece) for piece in self.lines.pop(x))

    def let_go_highest(self) -> int:
        """Let the highest row go; the rows then left to sweep."""
        top = max(self.lines)
        self.let_go(top)
        return top


def _piece(packed: bytes) -> np.ndarray:
    """A piece of a line, as :class:`_Lines` keeps it, unpacked."""
    return np.frombuffer(zlib.decompress(packed), dtype=np.int16)


def _unpacked(pieces: list[bytes], columns: int) -> np.ndarray:
    """The offsets of the first ``columns`` columns or a few more of a line kept in
    pieces of one length, in one array (no piece unpacked twice held)."""
    first = _piece(pieces[0])
    width = len(first)
    count = min(len(pieces), -(-columns // width))
    line = np.empty(count * width, dtype=np.int16)
    line[:width] = first
    for k in range(1, count):
        line[k * width : (k + 1) * width] = _piece(pieces[k])
    return line


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


class _Search:
    """The search for a recurrence of the state of row ``len(below)``, the rows below
    proven: fed the row's values as the sweep gives them, it hashes each state from
    the first column whose every move lands where its row repeats."""

    keys1: np.ndarray
    keys2: np.ndarray
    gaps: np.ndarray
    slots: np.ndarray

    def __init__(self, rules: Rules, below: list[_Cycle], bound: int) -> None:
        self.x = x = len(below)
        moves = certificate.lower_moves(rules, x)
        self.ready = max([x, *(below[x - int(dx)].preperiod + int(dy) for dx, dy in moves)])
        self.modulus = lcm(1, *(below[x - int(dx)].period for dx, _ in moves))
        self.bound = bound
        self.fed = 0  # pieces of the line hashed
        self.columns = 0  # columns hashed
        self.powers1, self.powers2, self.inverse1, self.inverse2 = _hashing(bound)
        self.state = np.array([0, 0, 0, 1, 1, 1, 1], dtype=np.int64)
        self.taken = np.zeros(len(self.powers1), dtype=np.bool_)
        self._grow(1 << 8)

    def nbytes(self) -> int:
        return self.keys1.nbytes * 2 + self.gaps.nbytes + self.slots.nbytes

    def _forget(self) -> None:
        """Let the states hashed go (the row's state has recurred)."""
        self.keys1 = self.keys2 = self.slots = np.zeros(0, dtype=np.int32)
        self.gaps = np.zeros(0, dtype=np.int16)

    def _grow(self, capacity: int) -> None:
        """Room for ``capacity`` states, those hashed kept (the table made again)."""
        used = _kept(self.columns - self.ready)
        keys1 = np.zeros(capacity, dtype=np.int32)  # hashes below 2^31
        keys2 = np.zeros(capacity, dtype=np.int32)
        gaps = np.zeros(capacity, dtype=np.int16)
        if used:
            keys1[:used], keys2[:used], gaps[:used] = (
                self.keys1[:used],
                self.keys2[:used],
                self.gaps[:used],
            )
        self.keys1, self.keys2, self.gaps = keys1, keys2, gaps
        self.slots = np.full(2 * capacity, -1, dtype=np.int32)
        place = strip.compiled(_place)
        place(self.slots, self.keys1, self.keys2, self.gaps, used, self.ready, self.modulus)

    def feed(self, line: list[bytes]) -> Row | None:
        """Hash the pieces of the row's line not hashed yet; the row, proven, when its
        state recurs."""
        while self.fed < len(line):
            piece = _piece(line[self.fed])
            need = _kept(self.columns + len(piece) - self.ready)
            if need > len(self.keys1):
                capacity = len(self.keys1)
                while capacity < need:
                    capacity *= 2
                self._grow(capacity)
            found = strip.compiled(_hash_states)(
                piece,
                self.columns,
                self.ready,
                self.modulus,
                self.powers1,
                self.powers2,
                self.inverse1,
                self.inverse2,
                self.state,
                self.taken,
                self.keys1,
                self.keys2,
                self.gaps,
                self.slots,
            )
            if found[0] == TOO_WIDE_VALUE:
                raise strip.TooWide(f"a value lies {self.bound} or more from its column")
            if found[0] >= 0:
                self._forget()
                return self._proven(line, int(found[0]), int(found[1]))
            self.fed += 1
            self.columns += len(piece)
        return None

    def _proven(self, pieces: list[bytes], y1: int, y2: int) -> Row:
        """The row from the recurrence of its state from ``y1`` to ``y2``, checked exactly.

        It works on the offsets ``G(x, y) - y`` alone: ``G(x, y + d) = G(x, y) + d`` is
        an equality of offsets, and past ``y1`` the offsets repeat with period ``y2 - y1``."""
        offsets = _unpacked(pieces, y2)
        if not _same_state(offsets, y1, y2, self.bound):  # pragma: no cover - hashes agree
            raise ValueError(f"row {self.x}: the hashes of two different states agree")
        # y1 is the first state kept (one in SAMPLE) past the first that recurs: go back
        while y1 > self.ready and _same_state(offsets, y1 - 1, y2 - 1, self.bound):
            y1, y2 = y1 - 1, y2 - 1
        cycle = offsets[y1:y2]
        least = next(d for d in _divisors(y2 - y1) if (np.roll(cycle, -d) == cycle).all())
        holds = offsets[least : y1 + least] == offsets[:y1]  # from y on, for y < y1
        # the preperiod: one past the last y from which it does not hold (none: 0)
        after = int(np.argmin(holds[::-1])) if y1 else 0
        start = y1 - after if y1 and not holds[y1 - 1 - after] else 0
        end = start + least
        # the values a row keeps; a view of them all when they are most of them
        kept = offsets[:end] if 8 * end >= 7 * len(offsets) else offsets[:end].copy()
        return Row.of_offsets(self.x, start, least, least, y1, y2 - y1, kept)


def _kept(columns: int) -> int:
    """The states kept in the table of ``columns`` columns hashed (from ``ready`` on)."""
    return max(0, -(-columns // SAMPLE))


def _divisors(n: int) -> list[int]:
    small = [d for d in range(1, int(n**0.5) + 1) if n % d == 0]
    return sorted({*small, *(n // d for d in small)})


def _state(offsets: np.ndarray, y: int, bound: int) -> tuple[int, list[int]]:
    """The least value the row has not taken before ``y``, and the values above it that
    it has, read off the last ``2 bound`` columns: every value lies within ``bound`` of
    its column and the least missing one above ``y - bound`` (as the sweep checks), so
    every value up to ``y - bound`` is taken and the others were taken in those columns."""
    first = max(0, y - 2 * bound)
    before = offsets[first:y].astype(np.int64) + np.arange(first, y, dtype=np.int64)
    low = 0 if first == 0 else y - bound + 1
    taken = np.zeros(y + bound + 1 - low, dtype=bool)
    taken[before[before >= low] - low] = True
    least = low + int(np.argmin(taken))
    return least, sorted(int(v) for v in before[before > least])


def _same_state(offsets: np.ndarray, y1: int, y2: int, bound: int) -> bool:
    """Whether the row's state at ``y1`` is its state at ``y2`` shifted by ``y2 - y1``."""
    least1, above1 = _state(offsets, y1, bound)
    least2, above2 = _state(offsets, y2, bound)
    shift = y2 - y1
    return least2 - least1 == shift and above2 == [v + shift for v in above1]


SAMPLE = 16
"""One state in this many is kept in the table of states hashed; every state is looked
up in it.  A state that recurs then recurs from each later one, so the first kept past
it is found one period later, and the proof goes back from there to the first."""
HASH_PRIMES = (2147483647, 2147483629)
HASH_BASE = 1_000_003
TOO_WIDE_VALUE = -3
"""What :func:`_hash_states` gives when a value lies farther from the least missing
one than its window."""


def _hashing(bound: int) -> tuple[np.ndarray, np.ndarray, int, int]:
    """The powers ``HASH_BASE^k``, ``k`` below a window of ``4 bound`` values, modulo each
    of :data:`HASH_PRIMES`, and the inverses of the base (made once a window)."""
    window = 1
    while window < 4 * bound + 2:
        window *= 2
    return _powers(window)


@cache
def _powers(window: int) -> tuple[np.ndarray, np.ndarray, int, int]:
    powers = []
    for prime in HASH_PRIMES:
        table = np.ones(window, dtype=np.int64)
        for k in range(1, window):
            table[k] = table[k - 1] * HASH_BASE % prime
        table.flags.writeable = False
        powers.append(table)
    inverses = [pow(HASH_BASE, prime - 2, prime) for prime in HASH_PRIMES]
    return powers[0], powers[1], inverses[0], inverses[1]


def _place(
    slots: np.ndarray,
    keys1: np.ndarray,
    keys2: np.ndarray,
    gaps: np.ndarray,
    used: int,
    ready: int,
    modulus: int,
) -> None:
    """Put the first ``used`` states kept (of columns ``ready, ready + SAMPLE, ...``) in
    ``slots``."""
    size = slots.shape[0]
    for e in range(used):
        phase = (ready + e * SAMPLE) % modulus
        mixed = keys1[e] * 1000003 + keys2[e] * 998244353 + gaps[e] * 911382323 + phase * 97266
        slot = (mixed ^ (mixed >> 29)) & (size - 1)  # as _hash_states places it
        while slots[slot] >= 0:
            slot = (slot + 1) & (size - 1)
        slots[slot] = e


def _hash_states(
    piece: np.ndarray,
    start: int,
    ready: int,
    modulus: int,
    powers1: np.ndarray,
    powers2: np.ndarray,
    inverse1: int,
    inverse2: int,
    state: np.ndarray,
    taken: np.ndarray,
    keys1: np.ndarray,
    keys2: np.ndarray,
    gaps: np.ndarray,
    slots: np.ndarray,
) -> np.ndarray:
    """Hash the states of the row at columns ``start ..`` (its offsets ``piece``), from
    ``ready`` on, each against those kept before it (one in :data:`SAMPLE`): ``[y1,
    y2]`` of the first ``y2`` whose state equals a kept ``y1``'s (by hashes of the
    values above the least missing one, normalised to ``y``), else ``[-1, -1]`` with
    ``state`` (the least missing value, the two hash sums, ``base^least`` and
    ``base^-y`` for each prime) carried on."""
    result = np.full(2, -1, dtype=np.int64)
    size = slots.shape[0]
    window = powers1.shape[0]
    p1, p2 = HASH_PRIMES
    base = HASH_BASE
    least, sum1, sum2, power1, power2, unshift1, unshift2 = (
        state[0],
        state[1],
        state[2],
        state[3],
        state[4],
        state[5],
        state[6],
    )
    for i in range(piece.shape[0]):
        y = start + i
        if y >= ready:
            h1 = sum1 * unshift1 % p1
            h2 = sum2 * unshift2 % p2
            gap = least - y
            mixed = h1 * 1000003 + h2 * 998244353 + gap * 911382323 + (y % modulus) * 97266
            slot = (mixed ^ (mixed >> 29)) & (size - 1)
            while slots[slot] >= 0:
                j = slots[slot]
                if (
                    keys1[j] == h1
                    and keys2[j] == h2
                    and gaps[j] == gap
                    and (y - ready - j * SAMPLE) % modulus == 0
                ):
                    result[0] = ready + j * SAMPLE
                    result[1] = y
                    return result
                slot = (slot + 1) & (size - 1)
            if (y - ready) % SAMPLE == 0:  # kept: the others are only looked up
                e = (y - ready) // SAMPLE
                keys1[e], keys2[e], gaps[e] = h1, h2, gap
                slots[slot] = e
        value = piece[i] + y
        if value - least >= window or value < least:
            result[0] = TOO_WIDE_VALUE
            return result
        step1 = power1 * powers1[value - least] % p1  # base^value
        step2 = power2 * powers2[value - least] % p2
        if value == least:
            least += 1
            power1 = power1 * base % p1
            power2 = power2 * base % p2
            while taken[least & (window - 1)]:
                taken[least & (window - 1)] = False
                sum1 = (sum1 - power1) % p1
                sum2 = (sum2 - power2) % p2
                least += 1
                power1 = power1 * base % p1
                power2 = power2 * base % p2
        else:
            taken[value & (window - 1)] = True
            sum1 = (sum1 + step1) % p1
            sum2 = (sum2 + step2) % p2
        unshift1 = unshift1 * inverse1 % p1
        unshift2 = unshift2 * inverse2 % p2
    state[0], state[1], state[2], state[3] = least, sum1, sum2, power1
    state[4], state[5], state[6] = power2, unshift1, unshift2
    return result
