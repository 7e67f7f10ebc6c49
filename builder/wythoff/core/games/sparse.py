"""A sparse solver: the P-positions of a game without a formula, in memory that grows
with the P-positions found, not with the board.

For symmetric games whose moves are rook moves (lengths with residues ``R``
modulo ``p``) and m-bishop moves (``m >= 1``), such as Larsson's
``mWN^(l,p)``, the solver settles the positions line by line, ``x = 0, 1, 2, ...``
(the smaller coordinate).  A cell ``(x, y)``, ``y >= x``, is an N-position
exactly when some P-position attacks it:

* along its line ``x`` or its column ``y`` by a rook move: each coordinate ``v``
  keeps the set of residues ``r + R (mod p)`` that the P-positions of column
  ``v`` attack, a bit mask.  By symmetry it is also the set that line ``v``
  holds when its turn comes (the mirror images of those P-positions lie on it);
* along a diagonal by an m-bishop move: a P-position on diagonal ``d`` attacks
  every later cell of the ``2m - 1`` diagonals around ``d``; each diagonal
  records the line from which it is attacked for good ("dies"), and the dead
  ones are skipped by a union-find "next live diagonal" pointer kept in the
  same slot (see :func:`_sweep`).

A line holds at most ``p`` P-positions: once their residues plus ``R`` cover
``Z_p`` every later cell of the line is attacked (the line is *closed*), so the
sweep of a line stops there.  When line ``X`` is done, every P-position whose
smaller coordinate is at most ``X`` is known: that is the bound reported by
:attr:`SparseSolver.settled`, and every stored term is within it.

The sweep is compiled with numba.  The masks are indexed by coordinates up to the
largest P-position found (3 to 50 times ``X`` in Larsson's games), one byte each
when ``p <= 8``; the diagonals are a window that slides up past the dead ones, a
few thousand wide where the P-positions move away from the main diagonal; the
pairs take 16 bytes each.  Memory is linear in the number of P-positions.

>>> from wythoff.core.games.rules import Rules
>>> two_wn2 = SparseSolver(Rules(rook_modulus=2, bishop=2))  # Larsson's Table 3
>>> two_wn2.first_pairs(8)
[(0, 0), (0, 3), (1, 6), (1, 9), (2, 12), (2, 15), (3, 19), (4, 22)]
"""

from __future__ import annotations

import mmap
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

MAX_MODULUS = 62
"""Residue sets are bit masks in at most 64-bit integers (compared as signed ones)."""


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
    """``array`` in a new array of ``size`` elements, the rest zeros."""
    grown = zeros(size, array.dtype.type)
    grown[: len(array)] = array
    return grown


POPULATE = getattr(mmap, "MAP_POPULATE", 0)
"""Linux's flag that maps every page of an anonymous map at once (0 elsewhere)."""


def zeros(count: int, dtype: type[np.generic]) -> np.ndarray:
    """An array of zeros whose pages are mapped in one call.

    A deep solve touches nearly all of its arrays.  numpy asks the kernel for huge
    pages for arrays of 4 MB or more, and where the kernel then compacts memory at
    each fault (``defrag = madvise``) that cost 0.2 to 0.5 s of system time at 10^6
    lines; ordinary pages faulted one at a time cost 0.15 to 0.3 s (60,000 faults);
    mapped at once (``MAP_POPULATE``), 0.15 s (18,000 faults).  The map is returned
    to the system with the array."""
    size = count * np.dtype(dtype).itemsize
    if size < SMALL_ARRAY or not POPULATE:
        return np.zeros(count, dtype=dtype)
    flags = mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | POPULATE
    return np.frombuffer(mmap.mmap(-1, size, flags=flags), dtype=dtype)


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
        self.masks = zeros(capacity, mask_type(self.modulus))
        self.diagonals = zeros(capacity, np.int32)
        self.base = 0  # the diagonal that diagonals[0] stands for: all before it are dead
        self.cs = zeros(capacity, np.int64)
        self.ds = zeros(capacity, np.int64)

    # -- state -----------------------------------------------------------------
    #
    # masks[v]: the residue set that column v attacks (and line v, when its turn comes);
    # diagonals[d - base]: the state of diagonal d (see _sweep), a window that slides
    # up as the diagonals below it die, so that it stays a few lines wide where the
    # P-positions move away from the main diagonal; cs, ds: the pairs.

    def _grow(self, cells: bool, pairs: bool, at_least: int = 0, diagonals: bool = False) -> None:
        """Larger arrays: coordinates four times as many while they are few (a deep solve
        would otherwise reallocate a dozen times), then twice; pairs twice, or at least
        ``at_least``; the diagonals' window twice."""
        if diagonals:
            self.diagonals = _resized(self.diagonals, 2 * len(self.diagonals))
        if cells:
            size = len(self.masks)
            self.masks = _resized(self.masks, size * (4 if size < SMALL_CELLS else 2))
        if pairs:
            count = max(2 * len(self.cs), at_least)
            self.cs, self.ds = _resized(self.cs, count), _resized(self.ds, count)

    def _reserve(self, line: int) -> None:
        """Room for every line up to ``line`` at once, at the rate of the lines settled so
        far and a quarter more, once :data:`PROBE_LINES` are: a deep solve otherwise
        copies its arrays a dozen times on the way (room it does not reach stays
        untouched zeros; the arrays still grow if the rate rises)."""
        if self._row < PROBE_LINES or not self._count or line < 2 * self._row:
            return
        scale = 1.25 * (line + 1) / self._row
        widest = int(self.ds[: self._count].max()) + self.rules.bishop + 2
        if int(widest * scale) > len(self.masks):
            self.masks = _resized(self.masks, int(widest * scale))
        count = int(self._count * scale) + self.modulus
        if count > len(self.cs):
            self.cs, self.ds = _resized(self.cs, count), _resized(self.ds, count)

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
            row, count, status, base = kernel(
                self._row,
                line,
                self._count,
                self.modulus,
                self.rook_mask,
                self.rules.bishop,
                self.masks,
                self.diagonals,
                self.base,
                self.cs,
                self.ds,
            )
            self._row, self._count, self.base = int(row), int(count), int(base)
            if status:
                self._grow(status & 1 == 1, status & 2 == 2, diagonals=status & 4 == 4)

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
        """Every move from ``(x, y)`` to a P-position, sorted (settles what it needs).

        A move keeps a pile (a rook move) or the piles' difference within m (the
        bishop's): a compiled scan picks the few pairs on those lines, then the rules
        decide on them alone, in exact integers (a pile may have any size)."""
        self.settle(min(x, y))
        cs, ds = self.pairs()
        known = int(np.searchsorted(cs, min(x, y), "right"))  # c <= min(x, y): sorted by c
        # a coordinate beyond the pairs' meets none of them: clamped, it still meets none
        near = _compiled_near()(
            cs[:known], ds[:known], min(x, INT64_SAFE), min(y, INT64_SAFE), self.rules.bishop
        )
        found: set[Position] = set()
        for c, d in zip(cs[near].tolist(), ds[near].tolist(), strict=True):
            found.update(q for q in ((c, d), (d, c)) if self.rules.is_legal((x, y), q))
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


@cache
def _compiled_near() -> Callable[..., Any]:
    """The scan for pairs near a position, compiled with numba on first use."""
    import numba

    return numba.njit(cache=True, nogil=True)(_near)


def _near(cs: np.ndarray, ds: np.ndarray, x: int, y: int, m: int) -> np.ndarray:  # pragma: no cover
    """The indices of the pairs ``(c, d)`` that share a coordinate with ``(x, y)`` or
    whose difference, either way round, is within ``m`` of ``y - x``: the only ones
    a rook or m-bishop move from ``(x, y)`` can reach."""
    gap = y - x
    chosen = np.empty(0, dtype=np.int64)
    for _ in range(2):  # count them, then list them
        n = 0
        for i in range(cs.shape[0]):
            c, d = cs[i], ds[i]
            if c in (x, y) or d in (x, y) or abs(d - c - gap) < m or abs(c - d - gap) < m:
                if n < chosen.shape[0]:
                    chosen[n] = i
                n += 1
        if n == chosen.shape[0]:
            break
        chosen = np.empty(n, dtype=np.int64)
    return chosen


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
    masks: np.ndarray,
    diagonals: np.ndarray,
    base: int,
    cs: np.ndarray,
    ds: np.ndarray,
) -> tuple[int, int, int, int]:
    """Settle lines ``row .. last``; returns ``(next row, pairs known, status, base)``
    where status asks for more room: bit 1 for the masks, bit 2 for the pairs, bit
    4 for the diagonals.  A line is settled whole or not at all.  The diagonals'
    window slides up past the dead ones below the first live one (``floor``) while
    they fill half of it, and asks to be widened otherwise; ``base`` is where it
    starts then.

    ``masks[v]`` is the residue set that column ``v`` attacks (and line ``v``, when
    it comes).  ``diagonals[d - base]`` is one of three things: ``0``, a diagonal no
    P-position attacks; ``s > 0``, one attacked for good from line ``s - 1`` on;
    ``-j < 0``, one dead by now, whose next candidate is ``d + j`` (union-find with
    path halving).  One 32-bit slot for both keeps the walk to one read a diagonal.
    ``rotate(mask, s)`` below is the residue set ``mask + s (mod p)``."""
    full = (1 << p) - 1
    cells = masks.shape[0]
    window = diagonals.shape[0]
    found = np.empty(p, dtype=np.int64)
    x = row
    floor = base
    while x <= last:
        if x + m + 1 >= cells:
            return x, count, 1, base
        covered = np.int64(masks[x])
        if covered == full:
            x += 1
            continue
        if count + p > cs.shape[0]:
            return x, count, 2, base
        n_found = 0
        i = 0  # diagonal d = base + i
        first = True
        while True:
            while diagonals[i] < 0:  # find(i): the first live diagonal from i on
                ahead = i - diagonals[i]
                if diagonals[ahead] < 0:
                    diagonals[i] += diagonals[ahead]
                i = i - diagonals[i]
            if first:
                floor = base + i
                first = False
            if i + m + 1 >= window:
                dead = floor - base
                if 2 * dead < window:
                    return x, count, 4, base
                # slide the window past the dead diagonals: pointers are relative
                for j in range(window - dead):  # forwards: each read is ahead of the writes
                    diagonals[j] = diagonals[j + dead]
                diagonals[window - dead :] = 0
                base, i = floor, i - dead
                continue
            y = x + base + i
            if y + m + 1 >= cells:
                return x, count, 1, base
            dies = diagonals[i]
            if dies == 0 or dies > x + 1:  # not attacked for good by a bishop move
                if (covered >> (y % p)) & 1 == 0 and (np.int64(masks[y]) >> (x % p)) & 1 == 0:
                    found[n_found] = y
                    n_found += 1
                    s = y % p
                    covered |= rook if s == 0 else ((rook << s) | (rook >> (p - s))) & full
                    if covered == full:
                        break
                    i += m  # the next m - 1 cells of the line are a bishop move away from it
                    continue
            else:
                diagonals[i] = -1  # dead from now on: skip it in every later line
            i += 1
        s = x % p
        attack_from_x = rook if s == 0 else ((rook << s) | (rook >> (p - s))) & full
        for k in range(n_found):
            y = found[k]
            cs[count] = x
            ds[count] = y
            count += 1
            masks[y] |= attack_from_x
            delta = y - x - base
            for i in range(max(0, delta - m + 1), delta):  # attacked from line x + delta - i
                start = x + delta - i + 1
                if diagonals[i] == 0 or 0 < start < diagonals[i]:
                    diagonals[i] = start
            end = delta + m  # diagonals delta .. end - 1 are attacked from line x + 1 on:
            for i in range(delta, end):  # dead for every line to come, skipped as a block
                if diagonals[i] >= 0 or i - diagonals[i] < end:
                    diagonals[i] = i - end
            if 0 < delta + base < m:  # the mirror image (y, x) attacks diagonals near 0
                for i in range(0, m - delta - 2 * base):  # from line y on
                    if diagonals[i] == 0 or 0 < y + 1 < diagonals[i]:
                        diagonals[i] = y + 1
        x += 1
    return x, count, 0, base


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
