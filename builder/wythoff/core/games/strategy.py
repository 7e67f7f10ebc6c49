"""Strategies: deciding P or N, and finding a winning move, from a formula.

A :class:`Strategy` answers the two questions that play a game perfectly
(Fraenkel's (A) and (B)): is ``(x, y)`` a P-position, and if not, which move
reaches one.  Family modules implement the papers' constructive proofs; this
module holds the interface and the strategies that are not a family's own:

* :class:`SortedStrategy`, for a proof that assumes ``x <= y`` (Connell's,
  Fraenkel's): it sorts the position and puts the piles back;
* :class:`BeattyPairStrategy`, for games whose P-positions are the pairs
  ``(a_j, b_j)`` of a (p-complementary) Beatty pair with ``b_j - a_j = g*j``: it
  finds every P-option of a position in ``O(1)`` exact floors, by looking only
  where a P-position can be (the two lines through the position and the few
  diagonals a two-pile move reaches), so it works for piles of any size;
* :class:`OptionsStrategy`, for a solver that lists a position's moves to
  P-positions (the sparse solver's strategy is one, in
  :mod:`wythoff.core.games.sparse`);
* :class:`BoardStrategy`, an :class:`OptionsStrategy` read off a solved board;
* :class:`ChoiceStrategy`, for games in which the second player chooses a
  rectangle before the first move.
"""

from __future__ import annotations

import heapq
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from wythoff.core import lazy
from wythoff.core.quadratic import QuadraticIrrational

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core.games import solver
    from wythoff.core.games.rules import Position, Rules
else:  # imported on first use: a lookup of a few terms needs neither numpy nor the solver
    np = lazy.module("numpy", globals())
    solver = lazy.module("wythoff.core.games.solver", globals())


class IndexedPosition(NamedTuple):
    """A P-position with its index in the game's own sequences: ``(A_n, B_n)`` has
    ``n``; Connell's ``(u_{i,n}, v_{i,n})`` has ``n`` and ``cls = i``."""

    n: int
    x: int
    y: int
    cls: int | None = None


def sorted_stream(stream: Iterator[IndexedPosition]) -> Iterator[Position]:
    """The positions of one class stream, sorted, holding only a small window.

    In a class stream the positions with ``x <= y`` come with ``x`` increasing
    (the lower sequence of a Beatty-type pair), and every later position, its
    mirror images ``(y, x)`` included, has a first coordinate at least that
    large.  So a position can be released once a position with ``x <= y`` and a
    larger ``x`` has arrived (the watermark).  A stream that breaks the
    assumption is an error, never a silently unsorted answer.

    >>> list(sorted_stream(iter([IndexedPosition(0, 1, 2), IndexedPosition(0, 2, 1),
    ...                          IndexedPosition(1, 3, 5), IndexedPosition(1, 5, 3)])))
    [(1, 2), (2, 1), (3, 5), (5, 3)]
    """
    waiting: list[Position] = []
    watermark = -1
    for position in stream:
        point = (position.x, position.y)
        if position.x < watermark:
            raise ValueError(f"P-positions out of order: {point} after x = {watermark}")
        heapq.heappush(waiting, point)
        if position.x <= position.y:
            watermark = position.x
            while waiting and waiting[0][0] < watermark:
                yield heapq.heappop(waiting)
    while waiting:
        yield heapq.heappop(waiting)


def answer_order(x: int, y: int, moves: Iterable[Position]) -> list[Position]:
    """``moves`` from ``(x, y)``, each once, largest first, comparing first the pile
    that is the smaller at ``(x, y)`` (the first when ``x = y``): so ``(y, x)`` lists
    the mirror images of the moves of ``(x, y)`` in the same order, and the first
    move of a position and of its mirror image are mirror images too.

    >>> answer_order(1997546, 1234567, [(1997546, 1234551), (763004, 1234567)])
    [(763004, 1234567), (1997546, 1234551)]
    >>> answer_order(1234567, 1997546, [(1234551, 1997546), (1234567, 763004)])
    [(1234567, 763004), (1234551, 1997546)]
    """
    unique = set(moves)
    if x <= y:
        return sorted(unique, reverse=True)
    return sorted(unique, key=lambda move: (move[1], move[0]), reverse=True)


class NoWinningMove(RuntimeError):
    """An N-position without a winning move: the formula contradicts the rules."""


class Strategy(ABC):
    """Perfect play of one game from a formula for its P-positions."""

    rules: Rules

    @abstractmethod
    def is_p(self, x: int, y: int) -> bool:
        """Whether the previous player wins from ``(x, y)``."""

    @abstractmethod
    def winning_move(self, x: int, y: int) -> Position | None:
        """A move from ``(x, y)`` to a P-position, or ``None`` if ``(x, y)`` is P."""

    @abstractmethod
    def describe(self) -> dict[str, Any]:
        """The strategy as data (JSON-ready), for the database and the browser."""

    @abstractmethod
    def indexed_p_positions(self, limit: int) -> Iterator[IndexedPosition]:
        """The P-positions with both coordinates ``<= limit`` (only ``x <= y`` when
        the game is symmetric), each with its index, sorted by ``(cls, n, x)``."""

    def class_streams(self, limit: int) -> list[Iterator[IndexedPosition]]:
        """The P-positions as separate streams (one per class where a game has
        several), each in the order of its index."""
        return [self.indexed_p_positions(limit)]

    def p_positions(self, limit: int) -> Iterator[Position]:
        """The P-positions with both coordinates ``<= limit``, sorted; only
        ``x <= y`` when the game is symmetric.

        Streamed in little memory, however large ``limit``: each class stream is
        sorted on the fly (see :func:`sorted_stream`) and the classes are merged."""
        yield from heapq.merge(*(sorted_stream(s) for s in self.class_streams(limit)))

    def winning_moves(self, x: int, y: int) -> list[Position]:
        """The moves a winner needs: one move, or, in a game with blocking where
        every P-option may be forbidden, as many P-options as can be forbidden
        plus one (the mover plays whichever is left).  Empty for P-positions and
        for N-positions without moves (misère play), so ask :meth:`is_p` first."""
        move = self.winning_move(x, y)
        return [] if move is None else [move]

    @abstractmethod
    def p_options(self, x: int, y: int) -> list[Position]:
        """Every P-position one legal move away from ``(x, y)``, in no particular order."""

    def every_winning_move(self, x: int, y: int) -> list[Position]:
        """Every move from ``(x, y)`` that wins, in :func:`answer_order`: each move to a
        P-position (in a game with blocking, the mover plays whichever of them the
        opponent left allowed).  Empty for P-positions (in a game with blocking such a
        position may have P-options, but the opponent may forbid them all) and for
        N-positions without moves (misère play)."""
        if self.is_p(x, y):
            return []
        return answer_order(x, y, self.p_options(x, y))

    def check_position(self, x: int, y: int) -> None:
        """Refuse positions that are not on the board."""
        if x < 0 or y < 0:
            raise ValueError("pile sizes must be non-negative")
        if not self.rules.on_board(x, y):
            w, h = self.rules.rectangle
            raise ValueError(f"({x}, {y}) lies in the removed rectangle x < {w}, y < {h}")


class SortedStrategy(Strategy):
    """A strategy from a proof that assumes ``x <= y`` (Connell's, Fraenkel's): the
    position is sorted, the move found, and the piles put back in the given order."""

    def winning_move(self, x: int, y: int) -> Position | None:
        if self.is_p(x, y):
            return None
        if x <= y:
            return self._move_sorted(x, y)
        target = self._move_sorted(y, x)
        return target[1], target[0]

    @abstractmethod
    def _move_sorted(self, x: int, y: int) -> Position:
        """A move to a P-position from the N-position ``(x, y)``, ``x <= y``."""


# Indices below this have their a_j kept in a table (a few MB at most).
_TABLED = 1 << 16
# Lines whose indices a strategy remembers (then it forgets them all and starts again).
_PREIMAGES_KEPT = 1 << 14


class BeattyPairStrategy(Strategy):
    """P-positions ``(a_j, b_j)``, ``a_j = floor(j*theta)``, ``b_j = a_j + gap*j``.

    Without ``orientation`` every ``(a_j, b_j)`` and its mirror image is a
    P-position (a symmetric game).  With ``orientation = (p, l)`` only
    ``(a_j, b_j)`` for ``j = l (mod p)`` and ``(b_j, a_j)`` for ``j = -l (mod p)``,
    ``j > 0``, are (Larsson's shifted games).
    ``a`` may repeat values (``theta < 1``, p-complementary pairs); ``b`` is
    strictly increasing.

    >>> from wythoff.core.games.rules import Rules
    >>> phi = QuadraticIrrational(1, 5, 2)
    >>> wythoff = BeattyPairStrategy(Rules(bishop=1), phi, 1)
    >>> wythoff.is_p(3, 5), wythoff.winning_move(5, 9), wythoff.p_options(10, 13)
    (True, (5, 3), [(10, 6), (8, 13), (4, 7)])
    """

    def __init__(
        self,
        rules: Rules,
        theta: QuadraticIrrational,
        gap: int,
        orientation: tuple[int, int] | None = None,
    ) -> None:
        if rules.modular:
            raise ValueError("modular moves reach whole quadrants; use a finite-set strategy")
        self.rules = rules
        self.theta = theta
        self.upper = theta.plus(gap)
        self.gap = gap
        self.orientation = orientation
        self._lower: list[int] = []  # a_j for small j, extended in bulk on demand
        self._preimages: tuple[dict[int, range], dict[int, range]] = ({}, {})  # of a, of b

    def forward(self, j: int) -> bool:
        """Whether ``(a_j, b_j)`` is a P-position."""
        if self.orientation is None:
            return True
        p, l = self.orientation  # noqa: E741
        return j % p == l

    def mirror(self, j: int) -> bool:
        """Whether ``(b_j, a_j)`` is a P-position."""
        if self.orientation is None:
            return True
        p, l = self.orientation  # noqa: E741
        return j > 0 and (j + l) % p == 0

    def describe(self) -> dict[str, Any]:
        t = self.theta
        return {
            "kind": "beatty-pair",
            "theta": [t.c, t.d, t.e, t.sign],
            "gap": self.gap,
            "orientation": list(self.orientation) if self.orientation else None,
        }

    # -- the pair ------------------------------------------------------------

    def a(self, j: int) -> int:
        lower = self._lower
        if 0 <= j < len(lower):
            return lower[j]
        if 0 <= j < _TABLED:  # small indices recur across queries: compute them in bulk
            size = min(_TABLED, max(2 * j + 2, 1024))
            table: list[int] = self.theta.floors(0, size).tolist()
            self._lower = lower = table
            return lower[j]
        return self.theta.floor_times(j)

    def b(self, j: int) -> int:
        return self.a(j) + self.gap * j

    # -- where P-positions can be ---------------------------------------------

    def is_p(self, x: int, y: int) -> bool:
        self.check_position(x, y)
        if y >= x and (y - x) % self.gap == 0:
            j = (y - x) // self.gap
            if self.forward(j) and self.a(j) == x:
                return True
        if x >= y and (x - y) % self.gap == 0:
            j = (x - y) // self.gap
            if self.mirror(j) and self.a(j) == y:
                return True
        return False

    def _preimage(self, upper: bool, value: int) -> range:
        """The indices ``j`` with ``a_j = value`` (``b_j`` when ``upper``), remembered:
        a check asks for the same few lines at thousands of positions."""
        remembered = self._preimages[upper]
        found = remembered.get(value)
        if found is None:
            if len(remembered) >= _PREIMAGES_KEPT:
                remembered.clear()
            found = (self.upper if upper else self.theta).preimage(value)
            remembered[value] = found
        return found

    def forward_in(self, indices: range) -> range:
        """The ``j`` of ``indices`` (a run, step 1) with ``(a_j, b_j)`` a P-position:
        every one, or one in ``p`` (Larsson's shifted games), stepped over directly."""
        if self.orientation is None:
            return indices
        p, l = self.orientation  # noqa: E741
        return range(indices.start + (l - indices.start) % p, indices.stop, p)

    def mirror_in(self, indices: range) -> range:
        """The ``j`` of ``indices`` (a run, step 1) with ``(b_j, a_j)`` a P-position."""
        if self.orientation is None:
            return indices
        p, l = self.orientation  # noqa: E741
        start = max(indices.start, 1)
        return range(start + (-l - start) % p, indices.stop, p)

    def _on_diagonals(self, x: int, y: int, width: int) -> Iterator[Position]:
        """P-positions ``(x', y')`` with ``|(y' - x') - (y - x)| < width``, ``x' <= x``
        and ``y' <= y`` (a move cannot add counters)."""
        d = y - x
        low, high = d - width + 1, d + width - 1  # window for y' - x'
        # forward pairs have y' - x' = gap*j, mirrored pairs -gap*j
        gap = self.gap
        forward = self.forward_in(range(max(0, _ceil_div(low, gap)), min(high, y) // gap + 1))
        yield from self._pairs_within(forward, x, y)
        mirrored = self.mirror_in(range(max(0, _ceil_div(-high, gap)), min(-low, x) // gap + 1))
        yield from ((bj, aj) for aj, bj in self._pairs_within(mirrored, y, x))

    def _pairs_within(self, indices: range, most_a: int, most_b: int) -> Iterator[Position]:
        """``(a_j, b_j)`` for the ``j`` of ``indices`` (increasing) with ``a_j <= most_a``
        and ``b_j <= most_b``; ``b_j = a_j + gap*j`` grows with ``j``, so the first
        ``b_j`` beyond ``most_b`` ends the walk."""
        a, gap = self.a, self.gap
        for j in indices:
            aj = a(j)
            bj = aj + gap * j
            if bj > most_b:
                break
            if aj <= most_a:
                yield aj, bj

    def _candidates(self, x: int, y: int) -> Iterator[Position]:
        """The P-positions that a move from ``(x, y)`` could reach, in a fixed order, some
        more than once and some not legal: those in the line of ``x`` (``a_j = x``, then
        ``b_j = x``), those in the line of ``y`` (``b_j = y``, then ``a_j = y``), each
        with its other coordinate from ``b_j - a_j = gap*j`` (one floor, not two: the
        check runs this at every position), then those of :meth:`_on_diagonals`."""
        gap, preimage = self.gap, self._preimage
        forward_in, mirror_in = self.forward_in, self.mirror_in
        # a run of a_j = x (or y) is cut where the other pile would not shrink
        for j in forward_in(_cut(preimage(False, x), (y - x - 1) // gap + 1)):
            yield x, x + gap * j
        for j in mirror_in(preimage(True, x)):
            yield x, x - gap * j
        for j in forward_in(preimage(True, y)):
            yield y - gap * j, y
        for j in mirror_in(_cut(preimage(False, y), (x - y - 1) // gap + 1)):
            yield y + gap * j, y
        if self.rules.bishop:
            yield from self._on_diagonals(x, y, self.rules.bishop)

    def p_options(self, x: int, y: int) -> list[Position]:
        """Every P-position one legal move away from ``(x, y)``, in the order of
        :meth:`_candidates`."""
        self.check_position(x, y)
        start, legal = (x, y), self.rules.is_legal
        seen: dict[Position, None] = {}
        for target in self._candidates(x, y):
            if target not in seen and legal(start, target):
                seen[target] = None
        return list(seen)

    def winning_moves(self, x: int, y: int) -> list[Position]:
        if self.is_p(x, y):
            return []
        if self.rules.blocking <= 1:
            # nothing can be forbidden: the first P-option is the move, and the others
            # need not be found (the same move as the first of p_options)
            start, legal = (x, y), self.rules.is_legal
            for target in self._candidates(x, y):
                if legal(start, target):
                    return [target]
            raise NoWinningMove(f"({x}, {y}) is not a P-position but has no winning move")
        options = self.p_options(x, y)
        unblockable = [t for t in options if not self.rules.is_blockable((x, y), t)]
        if unblockable:
            return unblockable[:1]
        if len(options) >= self.rules.blocking:
            return options[: self.rules.blocking]
        raise NoWinningMove(f"({x}, {y}) is not a P-position but has no winning move")

    def winning_move(self, x: int, y: int) -> Position | None:
        moves = self.winning_moves(x, y)
        return moves[0] if moves else None

    def indexed_p_positions(self, limit: int) -> Iterator[IndexedPosition]:
        count = self.theta.reciprocal.floor_times(limit + 1) + 1  # every j with a_j <= limit
        # and b_j >= gap*j: beyond limit // gap, b_j > limit (theta < 1: far fewer indices)
        count = min(count, limit // self.gap + 1)
        for j, aj in enumerate(floors_in_chunks(self.theta, 0, count)):
            bj = aj + self.gap * j
            if bj > limit:
                continue
            if self.forward(j):
                yield IndexedPosition(j, aj, bj)
            if self.mirror(j) and not self.rules.symmetric and aj != bj:
                yield IndexedPosition(j, bj, aj)


def floors_in_chunks(
    theta: QuadraticIrrational, start: int, count: int, step: int = 1
) -> Iterator[int]:
    """``floor(N*theta)`` for ``N = start, start+step, ...`` (``count`` terms), computed
    a million at a time: the bulk path's speed in bounded memory."""
    chunk = 1 << 20
    for first in range(0, count, chunk):
        size = min(chunk, count - first)
        yield from theta.floors(start + first * step, size, step).tolist()


def _cut(indices: range, stop: int) -> range:
    """``indices`` (step 1) below ``stop``."""
    return range(indices.start, min(indices.stop, stop)) if stop < indices.stop else indices


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


class OptionsStrategy(Strategy):
    """Perfect play from a solver that lists a position's moves to P-positions (the
    games with no known formula): the winner's moves follow from the list."""

    @abstractmethod
    def p_options(self, x: int, y: int) -> list[Position]:
        """The moves from ``(x, y)`` to P-positions, largest first."""

    def winning_moves(self, x: int, y: int) -> list[Position]:
        if self.is_p(x, y):
            return []
        options = self.p_options(x, y)
        unblockable = [t for t in options if not self.rules.is_blockable((x, y), t)]
        return unblockable[:1] or options[: self.rules.blocking]

    def winning_move(self, x: int, y: int) -> Position | None:
        moves = self.winning_moves(x, y)
        return moves[0] if moves else None

    def describe(self) -> dict[str, Any]:
        return {"kind": "table"}


class BoardStrategy(OptionsStrategy):
    """Perfect play read off a solved board (games with no known formula)."""

    def __init__(self, rules: Rules, board: np.ndarray) -> None:
        self.rules = rules
        self.board = board

    def _inside(self, x: int, y: int) -> None:
        self.check_position(x, y)
        size = self.board.shape[0]
        if x >= size or y >= size:
            raise ValueError(f"({x}, {y}) lies beyond the solved {size} x {size} board")

    def is_p(self, x: int, y: int) -> bool:
        self._inside(x, y)
        return bool(self.board[x, y] == 1)

    def p_options(self, x: int, y: int) -> list[Position]:
        self._inside(x, y)
        return sorted((t for t in self.rules.moves(x, y) if self.board[t] == 1), reverse=True)

    def indexed_p_positions(self, limit: int) -> Iterator[IndexedPosition]:
        """Numbered in sorted order (for games without a formula, the order of ``c, d``)."""
        size = min(limit + 1, self.board.shape[0])
        xs, ys = solver.p_cells(self.board[:size, :size])
        pairs = list(zip(xs.tolist(), ys.tolist(), strict=True))  # sorted
        kept = [(x, y) for x, y in pairs if x <= y or not self.rules.symmetric]
        yield from (IndexedPosition(n, x, y) for n, (x, y) in enumerate(kept))


class ChoiceStrategy(Strategy):
    """A game in which the second player chooses one of several variants before the
    first move (Larsson's ``m x p WN``, Theorem 2.1 (iii)(b)).

    A position is P when some variant makes it P: the second player chooses that
    one.  From an N-position the first player wins whatever the choice, with a
    move that depends on it: :meth:`responses` gives one for each variant, and
    :meth:`winning_moves` lists them (the winner plays the one of the chosen
    variant).  ``listing`` enumerates the P-positions from the game's own formula;
    the checks hold it against the solver's union of the variants' boards.
    """

    def __init__(self, rules: Rules, variants: tuple[Strategy, ...], listing: Strategy) -> None:
        self.rules = rules
        self.variants = variants
        self.listing = listing

    def is_p(self, x: int, y: int) -> bool:
        self.check_position(x, y)
        return any(v.rules.on_board(x, y) and v.is_p(x, y) for v in self.variants)

    def responses(self, x: int, y: int) -> list[tuple[Rules, Position]]:
        """For each variant the second player may choose, a winning move in it (empty
        for a P-position).  A variant whose removed rectangle holds the position is no
        choice: the game cannot start there."""
        if self.is_p(x, y):
            return []
        found = []
        for variant in self.variants:
            if not variant.rules.on_board(x, y):
                continue
            move = variant.winning_move(x, y)
            if move is None:
                raise NoWinningMove(f"({x}, {y}) has no winning move in {variant.rules}")
            found.append((variant.rules, move))
        return found

    def every_response(self, x: int, y: int) -> list[tuple[Rules, list[Position]]]:
        """For each variant the second player may choose, every winning move in it, in
        :func:`answer_order` (empty for a P-position)."""
        if self.is_p(x, y):
            return []
        return [
            (variant.rules, variant.every_winning_move(x, y))
            for variant in self.variants
            if variant.rules.on_board(x, y)
        ]

    def p_options(self, x: int, y: int) -> list[Position]:
        """The moves to a P-position of some variant the game can start in: from an
        N-position, the moves that win for some choice of the second player."""
        found: dict[Position, None] = {}
        for variant in self.variants:
            if variant.rules.on_board(x, y):
                found.update(dict.fromkeys(variant.p_options(x, y)))
        return list(found)

    def winning_moves(self, x: int, y: int) -> list[Position]:
        moves: list[Position] = []
        for _, move in self.responses(x, y):
            if move not in moves:
                moves.append(move)
        return moves

    def winning_move(self, x: int, y: int) -> Position | None:
        moves = self.winning_moves(x, y)
        return moves[0] if moves else None

    def describe(self) -> dict[str, Any]:
        return {
            "kind": "choice",
            "variants": [
                {"rectangle": list(v.rules.rectangle), "strategy": v.describe()}
                for v in self.variants
            ],
        }

    def indexed_p_positions(self, limit: int) -> Iterator[IndexedPosition]:
        return self.listing.indexed_p_positions(limit)
