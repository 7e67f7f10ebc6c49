"""The proof of one row of a Sprague–Grundy table on a strip (:mod:`.grundy_rows`): the
row's values as the sweep gives them, kept compressed (:class:`Lines`), and the search
for a recurrence of the row's state (:class:`Search`).

Once the rows below are proven, row ``x``'s *state* at ``y`` (``y mod L``, ``L`` the lcm
of their periods; the least value ``m`` the row has not taken, less ``y``; the values
above ``m`` it has taken, less ``y``) decides every later value, so a state that recurs
from ``y1`` to ``y1 + P`` proves ``G(x, y + P) = G(x, y) + P`` for every ``y >= y1``
(Landman).  The states are hashed column by column, one in :data:`SAMPLE` kept in a
table and every one looked up in it; a recurrence found by the hashes is checked
exactly, and the row's least period and preperiod read off its values.
"""

from __future__ import annotations

import zlib
from functools import cache
from math import lcm
from typing import TYPE_CHECKING, NamedTuple, Protocol

from wythoff.core import lazy
from wythoff.core.games import certificate, strip
from wythoff.core.games.rules import Rules

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np
else:
    np = lazy.module("numpy", globals())


class Below(Protocol):
    """What the proof of a row reads of a proven row below it."""

    @property
    def preperiod(self) -> int: ...

    @property
    def period(self) -> int: ...


class Proof(NamedTuple):
    """A row's proof: ``G(x, y + period) = G(x, y) + period`` for every ``y >=
    preperiod`` (least such ``period`` and, for it, least ``preperiod``), from the
    recurrence of its state from ``start`` to ``start + length``; ``offsets`` are
    ``G(x, y) - y`` for ``y`` below preperiod plus period."""

    preperiod: int
    period: int
    start: int
    length: int
    offsets: np.ndarray


class Lines:
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
    """A piece of a line, as :class:`Lines` keeps it, unpacked."""
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


class Search:
    """The search for a recurrence of the state of row ``len(below)``, the rows below
    proven: fed the row's values as the sweep gives them, it hashes each state from
    the first column whose every move lands where its row repeats."""

    keys1: np.ndarray
    keys2: np.ndarray
    gaps: np.ndarray
    slots: np.ndarray

    def __init__(self, rules: Rules, below: Sequence[Below], bound: int) -> None:
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

    def feed(self, line: list[bytes]) -> Proof | None:
        """Hash the pieces of the row's line not hashed yet; the row's proof when its
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

    def _proven(self, pieces: list[bytes], y1: int, y2: int) -> Proof:
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
        return Proof(start, least, y1, y2 - y1, kept)


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
