"""A sparse solver: the P-positions of a game without a formula, in memory that grows
with the P-positions found, not with the board.

For symmetric games whose moves are rook moves (lengths with residues ``R``
modulo ``p``) and m-bishop moves (``m >= 1``), such as Larsson's
``mWN^(l,p)``, the solver settles the positions line by line, ``x = 0, 1, 2, ...``
(the smaller coordinate).  A cell ``(x, y)``, ``y >= x``, is an N-position
exactly when some P-position attacks it:

* along its line ``x`` or its column ``y`` by a rook move: each line and column
  keeps the set of residues ``r + R (mod p)`` its P-positions attack, a bit mask;
* along a diagonal by an m-bishop move: a P-position on diagonal ``d`` attacks
  every later cell of the ``2m - 1`` diagonals around ``d``; each diagonal
  records the line from which it is attacked for good ("dies"), and the dead
  ones are skipped by a union-find "next live diagonal" pointer.

A line holds at most ``p`` P-positions: once their residues plus ``R`` cover
``Z_p`` every later cell of the line is attacked (the line is *closed*), so the
sweep of a line stops there.  When line ``X`` is done, every P-position whose
smaller coordinate is at most ``X`` is known: that is the bound reported by
:attr:`SparseSolver.settled`, and every stored term is within it.

The sweep is compiled with numba; its arrays are indexed by coordinates up to
the largest P-position found (a few times ``X``), so memory is linear in the
number of P-positions.

>>> from wythoff.core.games.rules import Rules
>>> two_wn2 = SparseSolver(Rules(rook_modulus=2, bishop=2))  # Larsson's Table 3
>>> two_wn2.first_pairs(8)
[(0, 0), (0, 3), (1, 6), (1, 9), (2, 12), (2, 15), (3, 19), (4, 22)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.core.games.rules import Position, Rules
from wythoff.core.games.strategy import IndexedPosition, Strategy

if TYPE_CHECKING:
    import numpy as np
else:  # imported on first use
    np = lazy.module("numpy", globals())

NEVER = 2**31 - 1
"""The death line of a diagonal that no P-position attacks yet (lines fit 32 bits)."""
MAX_MODULUS = 62
"""Residue sets are bit masks in 64-bit integers."""


PROBE_PAIRS = 64
"""Pairs settled before the rate of pairs per line is trusted to aim at a count."""

PROBE_LINES = 1 << 12
"""Lines settled before a deep solve reserves room for the rest at their rate."""

SMALL_CELLS = 1 << 20
"""Below this many coordinates the arrays grow fourfold (a few MB at most)."""

BYTES_PER_PAIR = 64
"""Memory of one settled pair, its share of the coordinate arrays included (measured:
about 40 bytes in Larsson's games, whose d_n is near 2.7 n; kept generous)."""


def memory_budget() -> int:
    """Bytes a solve may use: half the machine's memory, as for the board solver."""
    from wythoff.core.games import solver

    return solver.available_memory() // 2


class TooDeep(ValueError):
    """More pairs than the memory allowed can hold (one line saying how many fit)."""


def check_depth(count: int, budget: int) -> None:
    """Refuse, before any work, a request for ``count`` pairs (or lines: a line holds
    at most one pair on average) in ``budget`` bytes."""
    largest = budget // BYTES_PER_PAIR
    if count > largest:
        needed = count * BYTES_PER_PAIR // 2**30  # integers: count may have any size
        size = f"{needed:,} GiB" if needed < 10**6 else f"10^{len(str(needed)) - 1} GiB"
        depth = f"{count:,}" if count < 10**12 else f"about 10^{len(str(count)) - 1}"
        raise TooDeep(
            f"a solve to depth {depth} would need over {size}; at most {largest:,} fit in "
            "the memory allowed"
        )


class Unsupported(ValueError):
    """Rules the sparse solver does not handle (the board solver does)."""


def supports(rules: Rules) -> bool:
    """Whether ``rules`` are rook and m-bishop moves on a full, symmetric board."""
    return (
        rules.bishop >= 1
        and rules.modular == 0
        and rules.blocking == 1
        and rules.rectangle == (0, 0)
        and not rules.rectangle_choices
        and not rules.misere
        and bool(rules.rook_residues)
        and rules.rook_modulus <= MAX_MODULUS
    )


class SparseSolver:
    """The P-positions ``(c, d)``, ``c <= d``, of one game, settled line by line on demand."""

    def __init__(self, rules: Rules, capacity: int = 1 << 12) -> None:
        if not supports(rules):
            raise Unsupported(f"the sparse solver handles rook and bishop moves only: {rules}")
        self.rules = rules
        self.modulus = rules.rook_modulus
        self.rook_mask = sum(1 << r for r in rules.rook_residues)
        self._row = 0  # the next line to settle
        self._count = 0
        self._allocate(capacity, capacity)

    # -- state -----------------------------------------------------------------

    def _allocate(self, cells: int, pairs: int) -> None:
        """Arrays for coordinates below ``cells`` and ``pairs`` P-positions (32-bit
        where the values fit, to keep a deep solve small)."""
        masks = np.int32 if self.modulus <= 30 else np.int64
        self.column_mask = np.zeros(cells, dtype=masks)
        self.line_mask = np.zeros(cells, dtype=masks)
        self.death = np.full(cells, NEVER, dtype=np.int32)
        self.next_live = np.arange(cells + 1, dtype=np.int32)
        self.cs = np.zeros(pairs, dtype=np.int64)
        self.ds = np.zeros(pairs, dtype=np.int64)

    def _grow(self, cells: bool, pairs: bool, at_least: int = 0) -> None:
        """Larger arrays: coordinates four times as many while they are few (a deep solve
        would otherwise reallocate a dozen times), then twice; pairs twice, or at least
        ``at_least``."""
        size, count = len(self.column_mask), len(self.cs)
        if cells:
            size *= 4 if size < SMALL_CELLS else 2
        if pairs:
            count = max(2 * count, at_least)
        self._resize(size, count)

    def _reserve(self, line: int) -> None:
        """Room for every line up to ``line`` at once, at the rate of the lines settled so
        far and a quarter more, once :data:`PROBE_LINES` are: a deep solve otherwise
        copies its arrays a dozen times on the way (room it does not reach costs 8
        bytes a coordinate; the arrays still grow if the rate rises)."""
        if self._row < PROBE_LINES or not self._count or line < 2 * self._row:
            return
        scale = 1.25 * (line + 1) / self._row
        widest = int(self.ds[: self._count].max()) + self.rules.bishop + 2
        size = max(len(self.column_mask), int(widest * scale))
        count = max(len(self.cs), int(self._count * scale) + self.modulus)
        if (size, count) != (len(self.column_mask), len(self.cs)):
            self._resize(size, count)

    def _resize(self, size: int, count: int) -> None:
        """Arrays for coordinates below ``size`` and ``count`` pairs, with what is known."""
        old = (self.column_mask, self.line_mask, self.death, self.next_live, self.cs, self.ds)
        self._allocate(size, count)
        grown: tuple[np.ndarray, ...] = (
            self.column_mask,
            self.line_mask,
            self.death,
            self.cs,
            self.ds,
        )
        kept: tuple[np.ndarray, ...] = (old[0], old[1], old[2], old[4], old[5])
        for new, previous in zip(grown, kept, strict=True):
            new[: len(previous)] = previous
        self.next_live[: len(old[3]) - 1] = old[3][:-1]  # the new cells are live

    # -- settling ----------------------------------------------------------------

    @property
    def settled(self) -> int:
        """Every P-position with smaller coordinate ``<= settled`` is known (-1: none)."""
        return self._row - 1

    def settle(self, line: int) -> None:
        """Settle every line up to ``line`` (the smaller coordinate); a depth beyond the
        memory allowed (half the machine's) is refused first (``TooDeep``)."""
        if line < self._row:
            return
        check_depth(line + 1, memory_budget())
        if self._row < PROBE_LINES < line // 4:
            self.settle(PROBE_LINES)  # the rate, for the room of the rest
        self._reserve(line)
        kernel = _compiled_sweep()
        while self._row <= line:
            row, count, status = kernel(
                self._row,
                line,
                self._count,
                self.modulus,
                self.rook_mask,
                self.rules.bishop,
                self.column_mask,
                self.line_mask,
                self.death,
                self.next_live,
                self.cs,
                self.ds,
            )
            self._row, self._count = int(row), int(count)
            if status:
                self._grow(cells=status & 1 == 1, pairs=status & 2 == 2)

    def settle_pairs(self, count: int) -> None:
        """Settle lines until at least ``count`` pairs are known."""
        check_depth(count, memory_budget())
        if len(self.cs) < count + self.modulus:  # room for them all at once
            self._grow(cells=False, pairs=True, at_least=count + self.modulus)
        while self._count < count:
            if self._count < PROBE_PAIRS:  # the rate is not known yet: a few lines first
                self.settle(self._row + PROBE_PAIRS)
                continue
            # aim a little past the goal at the rate of pairs per line seen so far (a line
            # holds up to p pairs: aiming at one a line settled four times too many)
            lines_per_pair = self._row / self._count
            missing = count - self._count
            self.settle(self._row + max(16, int(missing * lines_per_pair * 1.02)))

    # -- answers ------------------------------------------------------------------

    def pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """The known pairs: ``c`` and ``d`` as arrays, sorted by ``(c, d)``."""
        return self.cs[: self._count], self.ds[: self._count]

    def first_pairs(self, count: int) -> list[Position]:
        """The first ``count`` pairs ``(c_n, d_n)``, proven."""
        self.settle_pairs(count)
        cs, ds = self.pairs()
        return list(zip(cs[:count].tolist(), ds[:count].tolist(), strict=True))

    def coordinate(self, index: int, start: int, count: int) -> np.ndarray:
        """``c_n`` (``index`` 0) or ``d_n`` (``index`` 1) for ``n = start .. start+count-1``."""
        self.settle_pairs(start + count)
        return self.pairs()[index][start : start + count].copy()

    def is_p(self, x: int, y: int) -> bool:
        """Whether ``(x, y)`` is a P-position (settles the lines it needs)."""
        c, d = min(x, y), max(x, y)
        self.settle(c)
        cs, ds = self.pairs()
        low, high = np.searchsorted(cs, c, "left"), np.searchsorted(cs, c, "right")
        return bool((ds[low:high] == d).any())

    def p_options(self, x: int, y: int) -> list[Position]:
        """Every move from ``(x, y)`` to a P-position, sorted (settles what it needs)."""
        self.settle(min(x, y))
        cs, ds = self.pairs()
        known = int(np.searchsorted(cs, min(x, y), "right"))  # c <= min(x, y): sorted by c
        cs, ds = cs[:known], ds[:known]
        if max(x, y) > INT64_SAFE:  # a pile beyond 64 bits: exact Python integers
            cs, ds = cs.astype(object), ds.astype(object)
        found: set[Position] = set()
        for first, second in ((cs, ds), (ds, cs)):
            # a move keeps a pile (a rook move) or the piles' difference within m (the
            # bishop's): the few pairs on those lines, then the rules on them alone
            near = (
                (first == x)
                | (second == y)
                | (np.abs(second - first - (y - x)) < self.rules.bishop)
            )
            first, second = first[near], second[near]
            k, l = x - first, y - second  # noqa: E741 - the papers' letters
            rook = ((k == 0) ^ (l == 0)) & _allowed(self.rules, k + l)
            bishop = np.abs(k - l) < self.rules.bishop
            legal = (k >= 0) & (l >= 0) & (k + l > 0) & (rook | bishop)
            found.update(zip(first[legal].tolist(), second[legal].tolist(), strict=True))
        return sorted(found)

    def line_counts(self, lines: int) -> np.ndarray:
        """How many P-positions each line ``v < lines`` holds (both orientations)."""
        self.settle(lines - 1)
        cs, ds = self.pairs()
        counts = np.bincount(cs[cs < lines], minlength=lines)
        counts += np.bincount(ds[(ds < lines) & (ds != cs)], minlength=lines)
        return counts[:lines]


INT64_SAFE = 2**62
"""Beyond this, differences of coordinates may overflow int64: they are taken exactly."""


def _allowed(rules: Rules, lengths: np.ndarray) -> np.ndarray:
    residues = np.zeros(rules.rook_modulus, dtype=bool)
    residues[list(rules.rook_residues)] = True
    remainders = np.mod(lengths, rules.rook_modulus).astype(np.int64)
    allowed: np.ndarray = (lengths > 0) & residues[remainders]
    return allowed


@cache
def _compiled_sweep() -> Callable[..., Any]:
    """The line sweep, compiled with numba on first use."""
    import numba

    jit = numba.njit(cache=True, nogil=True)
    return jit(_sweep)


def _sweep(  # pragma: no cover - compiled
    row: int,
    last: int,
    count: int,
    p: int,
    rook: int,
    m: int,
    column_mask: np.ndarray,
    line_mask: np.ndarray,
    death: np.ndarray,
    next_live: np.ndarray,
    cs: np.ndarray,
    ds: np.ndarray,
) -> tuple[int, int, int]:
    """Settle lines ``row .. last``; returns ``(next row, pairs known, status)`` where
    status asks for more room: bit 1 the coordinate arrays, bit 2 the pair arrays.
    A line is settled whole or not at all.

    ``rotate(mask, s)`` below is the residue set ``mask + s (mod p)`` as a bit mask;
    ``find(d)`` the first live diagonal at or after ``d`` (union-find, path halving)."""
    full = (1 << p) - 1
    cells = column_mask.shape[0]
    found = np.empty(p, dtype=np.int64)
    x = row
    while x <= last:
        if x + m + 1 >= cells:
            return x, count, 1
        covered = line_mask[x]
        if covered == full:
            x += 1
            continue
        if count + p > cs.shape[0]:
            return x, count, 2
        n_found = 0
        skip_until = -1
        d = 0
        while next_live[d] != d:  # find(0)
            next_live[d] = next_live[next_live[d]]
            d = next_live[d]
        room = True
        while True:
            if x + d + m + 1 >= cells:
                room = False
                break
            if death[d] > x:  # not attacked for good by a bishop move
                y = x + d
                attacked = (
                    d <= skip_until
                    or (covered >> (y % p)) & 1 == 1
                    or (column_mask[y] >> (x % p)) & 1 == 1
                )
                if not attacked:
                    found[n_found] = y
                    n_found += 1
                    s = y % p
                    covered |= rook if s == 0 else ((rook << s) | (rook >> (p - s))) & full
                    skip_until = d + m - 1
                    if covered == full:
                        break
            else:
                next_live[d] = d + 1  # dead from now on: skip it in every later line
            d += 1
            while next_live[d] != d:  # find(d + 1)
                next_live[d] = next_live[next_live[d]]
                d = next_live[d]
        if not room:
            return x, count, 1
        s = x % p
        attack_from_x = rook if s == 0 else ((rook << s) | (rook >> (p - s))) & full
        for i in range(n_found):
            y = found[i]
            cs[count] = x
            ds[count] = y
            count += 1
            column_mask[y] |= attack_from_x
            if y > x:
                line_mask[y] |= attack_from_x
            delta = y - x
            for dd in range(max(0, delta - m + 1), delta + m):
                start = x + max(0, delta - dd)
                if start < death[dd]:
                    death[dd] = start
            if 0 < delta < m:  # the mirror image (y, x) attacks diagonals near 0 from line y
                for dd in range(0, m - delta):
                    if y < death[dd]:
                        death[dd] = y
        x += 1
    return x, count, 0


class SparseStrategy(Strategy):
    """Perfect play in a game without a formula, from the sparse solver: any piles,
    as far as the lines it settles on demand (about 10^6 in well under a second)."""

    def __init__(self, rules: Rules, solver: SparseSolver | None = None) -> None:
        self.rules = rules
        self.solver = solver or solved(rules)

    def is_p(self, x: int, y: int) -> bool:
        self.check_position(x, y)
        return self.solver.is_p(x, y)

    def p_options(self, x: int, y: int) -> list[Position]:
        """The moves to P-positions, largest first (as the board strategy lists them)."""
        self.check_position(x, y)
        return sorted(self.solver.p_options(x, y), reverse=True)

    def winning_move(self, x: int, y: int) -> Position | None:
        if self.is_p(x, y):
            return None
        return self.p_options(x, y)[0]

    def describe(self) -> dict[str, Any]:
        return {"kind": "table"}

    def indexed_p_positions(self, limit: int) -> Iterator[IndexedPosition]:
        """The pairs ``(c_n, d_n)`` with ``d_n <= limit``, numbered ``n`` in order."""
        self.solver.settle(limit)
        cs, ds = self.solver.pairs()
        for n, (c, d) in enumerate(zip(cs.tolist(), ds.tolist(), strict=True)):
            if c > limit:
                return
            if d <= limit:
                yield IndexedPosition(n, c, d)


@cache
def solved(rules: Rules) -> SparseSolver:
    """One solver per set of rules in a process, so that its settled lines are reused."""
    return SparseSolver(rules)
