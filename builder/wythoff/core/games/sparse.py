"""A sparse solver: the P-positions of a game without a formula, in memory that grows
with the P-positions found, not with the board.

For games whose moves are rook moves (lengths with residues ``R`` modulo ``p``)
and m-bishop moves (``m >= 1``), such as Larsson's ``mWN^(l,p)``, the solver
settles the positions line by line, ``x = 0, 1, 2, ...`` (the smaller
coordinate).  A cell ``(x, y)``, ``y >= x``, is an N-position exactly when some
P-position attacks it:

* along its line ``x`` or its column ``y`` by a rook move: each coordinate ``v``
  keeps the set of residues ``r + R (mod p)`` that the P-positions of column
  ``v`` attack, a bit mask.  By symmetry it is also the set that line ``v``
  holds when its turn comes (the mirror images of those P-positions lie on it);
* along a diagonal by an m-bishop move: a P-position on diagonal ``d`` attacks
  every later cell of the ``2m - 1`` diagonals around ``d``; each diagonal
  records the line from which it is attacked for good ("dies"), and the dead
  ones are skipped by a union-find "next live diagonal" pointer kept in the
  same slot (see :mod:`wythoff.core.games.sweeps`).

A line holds at most ``p`` P-positions: once their residues plus ``R`` cover
``Z_p`` every later cell of the line is attacked (the line is *closed*), so the
sweep of a line stops there.  When line ``X`` is done, every P-position whose
smaller coordinate is at most ``X`` is known: that is the bound reported by
:attr:`SparseSolver.settled`, and every stored term is within it.

Two more kinds of game, those of Larsson's Remark 5, have sweeps of their own:
with *blocking* (the previous player forbids up to ``p - 1`` one-pile moves of
at least ``l`` counters) each column keeps how many P-positions it holds and the
last one instead of a mask, since a cell is N when ``p`` one-pile moves reach
P-positions, or one of fewer than ``l`` counters; with a *rectangle removed*
that is not a square, the board is not symmetric, and each line is a row
``(x, x + d)`` and a column ``(x + e, x)`` decided apart.

The sweeps are compiled with numba.  The per-coordinate arrays reach the largest
P-position found (3 to 50 times ``X`` in Larsson's games), one byte each for the
masks when ``p <= 8``; the diagonals are a window that slides up past the dead
ones, a few thousand wide where the P-positions move away from the main
diagonal; the pairs take 16 bytes each.  Memory is linear in the number of
P-positions.

>>> from wythoff.core.games.rules import Rules
>>> two_wn2 = SparseSolver(Rules(rook_modulus=2, bishop=2))  # Larsson's Table 3
>>> two_wn2.first_pairs(8)
[(0, 0), (0, 3), (1, 6), (1, 9), (2, 12), (2, 15), (3, 19), (4, 22)]
"""

from __future__ import annotations

import math
import mmap
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.core.bigdigits import readable
from wythoff.core.games import sweeps
from wythoff.core.games.rules import Position, Rules
from wythoff.core.games.strategy import IndexedPosition, OptionsStrategy

if TYPE_CHECKING:
    import numpy as np
else:  # imported on first use
    np = lazy.module("numpy", globals())

MAX_MODULUS = 62
"""Residue sets are bit masks in at most 64-bit integers (compared as signed ones)."""

MAX_PARAMETER = 1 << 20
"""The largest bishop, blocking allowance, reach or rectangle side the sweeps take: their
arrays are sized by them and their 64-bit arithmetic adds them to coordinates.  Larger
numbers (a rules file may say anything) go to the board solver, which cuts them down
to its board (:meth:`~wythoff.core.games.rules.Rules.within`)."""


PROBE_PAIRS = 64
"""Pairs settled before the rate of pairs per line is trusted to aim at a count."""

PROBE_LINES = 1 << 12
"""Lines settled before a deep solve reserves room for the rest at their rate."""

SMALL_ARRAY = 1 << 22
"""Arrays below this many bytes come from numpy's allocator (which asks no huge pages)."""

SMALL_CELLS = 1 << 20
"""Below this many coordinates the arrays grow fourfold (a few MB at most)."""

BYTES_PER_PAIR = 64
"""Memory of one settled pair, its share of the masks included (measured: 16 bytes
for the pair and 1 to 8 for each coordinate, d_n being 3 to 50 times n in Larsson's
games; kept generous)."""


def mask_type(modulus: int) -> type[np.unsignedinteger[Any]]:
    """The narrowest unsigned integer that holds a residue set modulo ``modulus``: the
    masks are read at random places, and a byte instead of eight keeps them in cache."""
    for bits, kind in ((8, np.uint8), (16, np.uint16), (32, np.uint32)):
        if modulus <= bits:
            return kind
    return np.uint64


def memory_budget() -> int:
    """Bytes a solve may use: half the machine's memory, as for the board solver."""
    from wythoff.core.games import solver

    return solver.available_memory() // 2


def _resized(array: np.ndarray, size: int) -> np.ndarray:
    """``array`` in a new array of ``size`` rows, the rest zeros."""
    grown = zeros((size, *array.shape[1:]), array.dtype.type)
    grown[: len(array)] = array
    return grown


POPULATE = getattr(mmap, "MAP_POPULATE", 0)
"""Linux's flag that maps every page of an anonymous map at once (0 elsewhere)."""


def zeros(shape: int | tuple[int, ...], dtype: type[np.generic]) -> np.ndarray:
    """An array of zeros whose pages are mapped in one call.

    A deep solve touches nearly all of its arrays.  numpy asks the kernel for huge
    pages for large arrays, and where the kernel then compacts memory at each fault
    (``defrag = madvise``) that costs system time at every fault; ordinary pages
    faulted one at a time cost a fault each.  Mapped at once (``MAP_POPULATE``), the
    pages come in one call and the faults are fewest.  The map is returned to the
    system with the array."""
    dims = (shape,) if isinstance(shape, int) else shape
    size = math.prod(dims) * np.dtype(dtype).itemsize
    if size < SMALL_ARRAY or not POPULATE:
        return np.zeros(dims, dtype=dtype)
    flags = mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | POPULATE
    return np.frombuffer(mmap.mmap(-1, size, flags=flags), dtype=dtype).reshape(dims)


class TooDeep(ValueError):
    """More pairs than the memory allowed can hold (one line saying how many fit)."""


def check_depth(count: int, budget: int) -> None:
    """Refuse, before any work, a request for ``count`` pairs (or lines: a line holds
    at most one pair on average) in ``budget`` bytes."""
    largest = budget // BYTES_PER_PAIR
    if count > largest:
        needed = count * BYTES_PER_PAIR // 2**30  # integers: count may have any size
        raise TooDeep(
            f"a solve to depth {readable(count)} would need over {readable(needed, 10**6)} "
            f"GiB; at most {largest:,} fit in the memory allowed"
        )


class Unsupported(ValueError):
    """Rules the sparse solver does not handle (the board solver does)."""


def supports(rules: Rules) -> bool:
    """Whether the sweeps' invariants are proven for ``rules``: rook and m-bishop moves,
    the rook's lengths including the multiples of its modulus (residue 0), and at most
    one of: blocking (rook moves of any length), a removed rectangle (rook moves of any
    length).

    Residue 0 is what bounds a line: two P-positions of one line whose coordinates are
    congruent modulo ``p`` would be a rook move apart, so a line holds at most ``p``
    of them and closes.  Without it a line may hold infinitely many (lengths 3 mod 4
    with the 2-bishop: every even cell of line 0 is P), and the sweep of a line would
    never end; such rules, like every other combination, go to the board solver.

    >>> supports(Rules(rook_modulus=3, rook_residues=(0, 1), bishop=2))
    True
    >>> supports(Rules(rook_modulus=4, rook_residues=(3,), bishop=2))
    False
    """
    plain = (
        rules.bishop >= 1
        and rules.modular == 0
        and not rules.rectangle_choices
        and not rules.misere
        and 0 in rules.rook_residues
        and rules.rook_modulus <= MAX_MODULUS
        and max(rules.bishop, rules.blocking, rules.reach, *rules.rectangle) <= MAX_PARAMETER
    )
    if not plain:
        return False
    if rules.blocking > 1 or 0 not in rules.rectangle:
        return rules.rook_modulus == 1 and (rules.blocking == 1 or 0 in rules.rectangle)
    return True


class SparseSolver:
    """The P-positions of one game, settled line by line on demand: ``(c, d)`` with
    ``c <= d``, and in a game whose board is not symmetric (a rectangle removed
    that is not a square) a flag for each that says the position is ``(d, c)``."""

    def __init__(self, rules: Rules, capacity: int = 1 << 12) -> None:
        if not supports(rules):
            raise Unsupported(
                "the sparse solver handles rook and bishop moves, with blocking or a "
                f"rectangle removed: {rules}"
            )
        self.rules = rules
        self.modulus = rules.rook_modulus
        self.rook_mask = sum(1 << r for r in rules.rook_residues)
        self.rectangle = rules.rectangle if 0 not in rules.rectangle else (0, 0)
        self.kind = (
            "blocking" if rules.blocking > 1 else "modulo" if rules.symmetric else "quadrant"
        )
        self._row = 0  # the next line to settle
        self._count = 0
        if self.kind == "modulo":
            self.cells = zeros(capacity, mask_type(self.modulus))
        elif self.kind == "blocking":
            self.cells = zeros((capacity, 2), np.int32)
        else:
            self.cells = zeros(capacity, np.uint8)
        self.diagonals = zeros(capacity, np.int32)
        self.base = 0  # the diagonal that diagonals[0] stands for: all before it are dead
        self.lower = zeros(capacity if self.kind == "quadrant" else 1, np.int32)
        self.lower_base = 1  # the diagonals x - y = e >= 1, for the quadrant only
        self.cs = zeros(capacity, np.int64)
        self.ds = zeros(capacity, np.int64)
        self.flipped = zeros(capacity if self.kind == "quadrant" else 0, np.uint8)

    # -- state -----------------------------------------------------------------
    #
    # cells[v]: what the sweep keeps for coordinate v (see sweeps: residue masks,
    # blocking columns, or taken rows and columns); diagonals[d - base] (and, in a
    # quadrant, lower[e - lower_base]): the diagonals' window; cs, ds: the pairs.

    def _grow(self, cells: bool, pairs: bool, at_least: int = 0, diagonals: int = 0) -> None:
        """Larger arrays: coordinates four times as many while they are few (a deep solve
        would otherwise reallocate a dozen times), then twice; pairs twice, or at least
        ``at_least``; a window of diagonals twice (``diagonals``: bit 1 the upper, bit
        2 the lower)."""
        if diagonals & 1:
            self.diagonals = _resized(self.diagonals, 2 * len(self.diagonals))
        if diagonals & 2:
            self.lower = _resized(self.lower, 2 * len(self.lower))
        if cells:
            size = len(self.cells)
            self.cells = _resized(self.cells, size * (4 if size < SMALL_CELLS else 2))
        if pairs:
            self._grow_pairs(max(2 * len(self.cs), at_least))

    def _grow_pairs(self, count: int) -> None:
        self.cs, self.ds = _resized(self.cs, count), _resized(self.ds, count)
        if self.kind == "quadrant":
            self.flipped = _resized(self.flipped, count)

    def _reserve(self, line: int) -> None:
        """Room for every line up to ``line`` at once, at the rate of the lines settled so
        far and a quarter more, once :data:`PROBE_LINES` are: a deep solve otherwise
        copies its arrays a dozen times on the way (room it does not reach stays
        untouched zeros; the arrays still grow if the rate rises)."""
        if self._row < PROBE_LINES or not self._count or line < 2 * self._row:
            return
        scale = 1.25 * (line + 1) / self._row
        widest = int(self.ds[: self._count].max()) + self.rules.bishop + 2
        if int(widest * scale) > len(self.cells):
            self.cells = _resized(self.cells, int(widest * scale))
        count = int(self._count * scale) + self.modulus * self.rules.blocking + 1
        if count > len(self.cs):
            self._grow_pairs(count)

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
        while self._row <= line:
            status = self._sweep(line)
            if status & sweeps.BROKEN:
                raise Unsupported(
                    f"a line holds more P-positions than the sparse solver allows: {self.rules}"
                )
            if status:
                self._grow(status & 1 == 1, status & 2 == 2, diagonals=status >> 2)

    def _sweep(self, line: int) -> int:
        """One run of the game's compiled sweep up to ``line``; its status (see sweeps)."""
        rules, w, h = self.rules, *self.rectangle
        start = (self._row, line, self._count)
        if self.kind == "quadrant":
            row, count, status, base, lower = sweeps.compiled("quadrant")(
                *start, rules.bishop, w, h, self.cells, self.diagonals, self.base,
                self.lower, self.lower_base, self.cs, self.ds, self.flipped,
            )  # fmt: skip
            self.lower_base = int(lower)
        elif self.kind == "blocking":
            row, count, status, base = sweeps.compiled("blocking")(
                *start, rules.blocking, max(rules.reach, 1), rules.bishop, self.cells,
                self.diagonals, self.base, self.cs, self.ds,
            )  # fmt: skip
        else:
            row, count, status, base = sweeps.compiled("modulo")(
                *start, self.modulus, self.rook_mask, rules.bishop, w, h, self.cells,
                self.diagonals, self.base, self.cs, self.ds,
            )  # fmt: skip
        self._row, self._count, self.base = int(row), int(count), int(base)
        return int(status)

    def settle_pairs(self, count: int) -> None:
        """Settle lines until at least ``count`` pairs are known."""
        check_depth(count, memory_budget())
        room = count + self.modulus * self.rules.blocking + 1
        if len(self.cs) < room:  # room for them all at once
            self._grow(cells=False, pairs=True, at_least=room)
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
        hits = ds[low:high] == d
        if self.kind == "quadrant":
            hits &= self.flipped[low:high] == int(x > y)
        return bool(hits.any())

    def p_options(self, x: int, y: int) -> list[Position]:
        """Every move from ``(x, y)`` to a P-position, sorted (settles what it needs).

        A move keeps a pile (a rook move) or the piles' difference within m (the
        bishop's): a compiled scan picks the few pairs on those lines, then the rules
        decide on them alone, in exact integers (a pile may have any size)."""
        self.settle(min(x, y))
        cs, ds = self.pairs()
        known = int(np.searchsorted(cs, min(x, y), "right"))  # c <= min(x, y): sorted by c
        # a coordinate beyond the pairs' meets none of them: clamped, it still meets none
        near = sweeps.compiled("near")(
            cs[:known], ds[:known], min(x, INT64_SAFE), min(y, INT64_SAFE), self.rules.bishop
        )
        legal = self.rules.is_legal
        return sorted({q for q in self._positions_at(near) if legal((x, y), q)})

    def _positions_at(self, indices: np.ndarray) -> list[Position]:
        """The positions that the pairs at ``indices`` stand for: both orders on a
        symmetric board, the stored one otherwise."""
        cs, ds = self.pairs()
        pairs = zip(cs[indices].tolist(), ds[indices].tolist(), strict=True)
        if self.kind != "quadrant":
            return [q for c, d in pairs for q in ((c, d), (d, c))]
        flips = self.flipped[indices].tolist()
        return [(d, c) if flip else (c, d) for (c, d), flip in zip(pairs, flips, strict=True)]

    def positions(self, limit: int) -> list[Position]:
        """The P-positions with both coordinates ``<= limit``, sorted; only ``x <= y``
        on a symmetric board (as the board solver lists them)."""
        self.settle(limit)
        cs, ds = self.pairs()
        if self.kind != "quadrant":
            kept = ds <= limit  # sorted by (c, d) already
            return list(zip(cs[kept].tolist(), ds[kept].tolist(), strict=True))
        found = self._positions_at(np.flatnonzero(ds <= limit))
        return sorted(found)

    def line_counts(self, lines: int) -> np.ndarray:
        """How many P-positions each line ``v < lines`` holds (both orientations)."""
        self.settle(lines - 1)
        cs, ds = self.pairs()
        counts = np.bincount(cs[cs < lines], minlength=lines)
        counts += np.bincount(ds[(ds < lines) & (ds != cs)], minlength=lines)
        return counts[:lines]


INT64_SAFE = 2**62
"""Piles beyond this are clamped to it in the compiled scan (whose int64 differences
would overflow); every pair is far below it, so the scan picks the same pairs."""


class SparseStrategy(OptionsStrategy):
    """Perfect play in a game without a formula, from the sparse solver: any piles,
    as far as the lines it settles on demand."""

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

    def indexed_p_positions(self, limit: int) -> Iterator[IndexedPosition]:
        """On a symmetric board the pairs ``(c_n, d_n)`` with ``d_n <= limit``, numbered
        ``n`` in order; otherwise every P-position within ``limit``, numbered in
        sorted order (as the board strategy numbers them)."""
        if self.solver.kind == "quadrant":
            found = self.solver.positions(limit)
            yield from (IndexedPosition(n, x, y) for n, (x, y) in enumerate(found))
            return
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
