"""The rows of a Sprague–Grundy table, each proven additively periodic, from strips.

For the games of :mod:`.certificate` (every rook move, bounded moves into lower
rows), Landman's argument proves row ``x`` periodic once the rows below are: with
``L`` the lcm of their periods, the row's *state* at ``y`` (``y mod L``, the least
value ``m`` the row has not taken, less ``y``, and the values above ``m`` it has
taken, less ``y``) decides every later value, so a state that recurs from ``y1`` to
``y1 + P`` (``P`` then a multiple of ``L``) gives ``G(x, y + P) = G(x, y) + P`` for
every ``y >= y1``.  Here the rows are swept as a strip (:mod:`.strip`), the states
are hashed along each row and the first recurrence is checked exactly.  The row's
least period ``p`` divides ``P`` (additive periods are closed under differences),
so it is the least divisor that holds over one round of the proof, and its
preperiod ``s`` the first ``y`` from which it holds: both exact, for every ``y``.

A row is kept as ``s``, ``p`` and its values up to ``s + p``: ``G(x, y) = G(x, s +
(y - s) mod p) + p * ((y - s) div p)`` past ``s``.

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

from dataclasses import dataclass, field
from math import lcm
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.core.games import certificate, strip
from wythoff.core.games.rules import Rules

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    import numpy as np
else:
    np = lazy.module("numpy", globals())

FIRST_COLUMNS = 1 << 12
"""The strip's first length; it doubles until every row asked for is proven."""
MAX_CELLS = 1 << 30
"""The largest strip swept unasked (about half a minute here): Wythoff's rows 0..127
are proven on 2^19 columns, 2^26 cells."""


@dataclass(frozen=True)
class Row:
    """Row ``x`` of a game's Sprague–Grundy table, proven: ``G(x, y + period) =
    G(x, y) + increment`` for every ``y >= preperiod`` (least such ``period`` and,
    for it, least ``preperiod``), by a recurrence of the row's state from
    ``proof_start`` to ``proof_start + proof_period``.  ``values`` holds ``G(x, y)``
    for ``y < preperiod + period``."""

    x: int
    preperiod: int
    period: int
    increment: int
    proof_start: int
    proof_period: int
    values: np.ndarray = field(compare=False, repr=False)

    def value(self, y: int) -> int:
        """``G(x, y)`` for any ``y >= 0``."""
        if y < 0:
            raise ValueError("piles are non-negative")
        if y < len(self.values):
            return int(self.values[y])
        turns, base = divmod(y - self.preperiod, self.period)
        return int(self.values[self.preperiod + base]) + turns * self.increment


class StripTooLarge(ValueError):
    """The strip that would prove the rows needs more memory or time than allowed."""


def prove(
    rules: Rules,
    rows: int,
    known: Sequence[Row] = (),
    budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_cells: int = MAX_CELLS,
) -> list[Row]:
    """Rows ``0 .. rows - 1`` of the game's table, each proven (``known`` holds rows
    ``0, 1, ...`` proven before; they are not proven again).

    The strip doubles from :data:`FIRST_COLUMNS` columns until the last row is
    proven; :class:`StripTooLarge` when the next strip would need more than
    ``budget`` bytes (by default half the machine's memory) or more than ``max_cells``
    cells.  ``progress(rows,
    columns)`` is told of each strip before it is swept.
    """
    if not certificate.applies(rules):
        raise ValueError(
            "the rows' proof needs every rook move and bounded moves into lower rows "
            "(no rook restriction, modular move or removed rectangle)"
        )
    found = list(known[:rows])
    if len(found) == rows:
        return found
    if budget is None:
        from wythoff.core.games import solver

        budget = solver.available_memory() // 2
    _refuse_far(found, rows, max_cells)
    columns = FIRST_COLUMNS
    while True:
        need = strip_memory(rows, columns)
        if need > budget or rows * columns > max_cells:
            raise StripTooLarge(
                f"proving rows {len(found)}..{rows - 1} needs a strip of rows 0..{rows - 1} "
                f"longer than {columns // 2} columns: the next, {columns}, takes about "
                f"{need / 2**20:.0f} MiB ({budget / 2**20:.0f} MiB allowed) and "
                f"{rows * columns / 2**30:.1f} Gi cells ({max_cells / 2**30:.1f} Gi allowed)"
            )
        if progress is not None:
            progress(rows, columns)
        offsets = strip.strip_offsets(rules, rows, columns)
        while len(found) < rows:
            row = _prove_row(rules, offsets, found)
            if row is None:
                break
            found.append(row)
        if len(found) == rows:
            return found
        _refuse_far(found, rows, max_cells)
        columns *= 2


def _refuse_far(found: list[Row], rows: int, max_cells: int) -> None:
    """Refuse at once a strip far past the allowed cells, guessed from the rows proven:
    the columns a row's proof takes grow about as the row squared."""
    if not found:
        return
    last = found[-1]
    columns = (last.proof_start + 2 * last.proof_period) * (rows / len(found)) ** 2
    if rows * columns > 4 * max_cells:
        raise StripTooLarge(
            f"proving rows {len(found)}..{rows - 1} needs a strip of rows 0..{rows - 1} of "
            f"about {columns:.0e} columns (row {last.x} took "
            f"{last.proof_start + 2 * last.proof_period}): {rows * columns / 2**30:.0f} Gi "
            f"cells, {max_cells / 2**30:.1f} Gi allowed"
        )


def strip_memory(rows: int, columns: int) -> int:
    """Bytes a proof on a ``rows x columns`` strip takes at its peak: the strip, and
    one row's values, states and hashes."""
    return strip.strip_bytes(rows, columns) + 40 * columns


def _prove_row(rules: Rules, offsets: np.ndarray, below: list[Row]) -> Row | None:
    """Row ``len(below)`` proven on the strip, or None if its state does not recur."""
    x = len(below)
    columns = offsets.shape[1]
    line = offsets[x].astype(np.int64) + np.arange(columns, dtype=np.int64)
    moves = certificate.lower_moves(rules, x)
    ready = max([x, *(below[x - int(dx)].preperiod + int(dy) for dx, dy in moves)])
    modulus = lcm(1, *(below[x - int(dx)].period for dx, _ in moves))
    bound = int(np.abs(offsets[x]).max()) + 1
    found = _compiled_recurrence()(line, ready, modulus, *_hashing(bound))
    y1, y2 = int(found[0]), int(found[1])
    if y1 < 0 or not _same_state(line, y1, y2, bound):
        return None
    period = y2 - y1
    extended = _extend(line, y1, period, y2 + period)
    least = next(
        d for d in _divisors(period) if (extended[y1 + d : y2 + d] - extended[y1:y2] == d).all()
    )
    holds = extended[least:] - extended[:-least] == least
    start = y1
    while start > 0 and holds[start - 1]:
        start -= 1
    values = extended[: start + least].copy()
    return Row(x, start, least, least, y1, period, values)


def _extend(line: np.ndarray, start: int, period: int, size: int) -> np.ndarray:
    """The line to ``size`` values, from its round ``start .. start + period`` on."""
    y = np.arange(size, dtype=np.int64)
    turns, base = np.divmod(np.maximum(y - start, 0), period)
    head = line[: min(size, len(line))]
    tail = line[start + base[len(head) :]] + turns[len(head) :] * period
    return np.concatenate([head, tail])


def _divisors(n: int) -> list[int]:
    small = [d for d in range(1, int(n**0.5) + 1) if n % d == 0]
    return sorted({*small, *(n // d for d in small)})


def _above(line: np.ndarray, y: int, bound: int) -> tuple[int, list[int]]:
    """The least value row ``line`` has not taken before ``y``, and the values above
    it that it has (each value lies within ``bound`` of its column)."""
    before = line[:y]
    taken = np.zeros(y + bound + 1, dtype=bool)
    taken[before] = True
    least = int(np.argmin(taken))
    return least, sorted(int(v) for v in before[before > least])


def _same_state(line: np.ndarray, y1: int, y2: int, bound: int) -> bool:
    """Whether the row's state at ``y1`` is its state at ``y2`` shifted by ``y2 - y1``."""
    least1, above1 = _above(line, y1, bound)
    least2, above2 = _above(line, y2, bound)
    shift = y2 - y1
    return least2 - least1 == shift and above2 == [v + shift for v in above1]


HASH_PRIMES = (2147483647, 2147483629)
HASH_BASE = 1_000_003


def _hashing(bound: int) -> tuple[np.ndarray, np.ndarray, int, int]:
    """The powers ``HASH_BASE^k``, ``k`` below a window of ``4 bound`` values, modulo each
    of :data:`HASH_PRIMES`, and the inverses of the base."""
    window = 1
    while window < 4 * bound + 2:
        window *= 2
    powers = []
    for prime in HASH_PRIMES:
        table = np.ones(window, dtype=np.int64)
        for k in range(1, window):
            table[k] = table[k - 1] * HASH_BASE % prime
        powers.append(table)
    inverses = [pow(HASH_BASE, prime - 2, prime) for prime in HASH_PRIMES]
    return powers[0], powers[1], inverses[0], inverses[1]


def _compiled_recurrence() -> Callable[..., Any]:
    return strip.compiled(_recurrence)


def _recurrence(
    line: np.ndarray,
    ready: int,
    modulus: int,
    powers1: np.ndarray,
    powers2: np.ndarray,
    inverse1: int,
    inverse2: int,
) -> np.ndarray:
    """The first ``y2`` whose state equals an earlier ``y1 >= ready``'s (by hashes of
    the values above the least missing one, normalised to ``y``), as ``[y1, y2]``;
    ``[-1, -1]`` when none recurs within the line."""
    n = line.shape[0]
    result = np.full(2, -1, dtype=np.int64)
    size = 1
    while size < 2 * n:
        size *= 2
    slots = np.full(size, -1, dtype=np.int64)
    keys1 = np.zeros(n, dtype=np.int64)
    keys2 = np.zeros(n, dtype=np.int64)
    gaps = np.zeros(n, dtype=np.int64)
    window = powers1.shape[0]
    taken = np.zeros(window, dtype=np.bool_)  # values >= least, by value mod window
    p1, p2 = HASH_PRIMES
    base = HASH_BASE
    least = 0
    sum1 = 0  # sum of base^v over the values above least
    sum2 = 0
    power1 = 1  # base^least
    power2 = 1
    unshift1 = 1  # base^-y
    unshift2 = 1
    for y in range(n):
        if y >= ready:
            h1 = sum1 * unshift1 % p1
            h2 = sum2 * unshift2 % p2
            gap = least - y
            keys1[y], keys2[y], gaps[y] = h1, h2, gap
            mixed = h1 * 1000003 + h2 * 998244353 + gap * 911382323 + (y % modulus) * 97266
            slot = (mixed ^ (mixed >> 29)) & (size - 1)
            while slots[slot] >= 0:
                earlier = slots[slot]
                if (
                    keys1[earlier] == h1
                    and keys2[earlier] == h2
                    and gaps[earlier] == gap
                    and (y - earlier) % modulus == 0
                ):
                    result[0] = earlier
                    result[1] = y
                    return result
                slot = (slot + 1) & (size - 1)
            slots[slot] = y
        value = line[y]
        if value - least >= window or value < least:
            return result  # wider than the bound said: no proof from this line
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
    return result
