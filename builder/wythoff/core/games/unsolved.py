"""Games without a formula: their P-positions as sequences, and Larsson's conjecture.

For ``mWN^(l,p)`` outside the cases of Theorem 2.1, Larsson lists the
P-positions as pairs ``{c_n, d_n}`` (``c_n <= d_n``, sorted) and conjectures that
``c`` and ``(d_n)_{n>=1}`` are p-complementary: every value occurs exactly ``p``
times.  The occurrences of a value ``v`` are the P-positions in line ``v`` (the
positions ``(v, y)``, any ``y``).

A finite board decides every position on it exactly, but a line may hold more
P-positions beyond the board.  It cannot, when the line is *closed*: a rook
move of length ``L`` is allowed when ``L mod p`` is in the residue set ``R``, so
once the residues ``y_i mod p`` of the line's P-positions, plus ``R``, cover all
of ``Z_p``, every later position ``(v, y)`` has a rook move to one of them and is
an N-position.  This gives rigorous statements from a finite board:

* the pairs with ``c`` below the first line that is not closed are exactly the
  first terms of ``c`` and ``d``;
* every value below that line occurs exactly as often as its line holds
  P-positions, which is the multiplicity the conjecture is about.

>>> from wythoff.core.games.rules import Rules
>>> two_wn2 = Rules(rook_modulus=2, bishop=2)          # 2WN^(2), Larsson's Table 3
>>> pairs(two_wn2, size=60)[:8]
[(0, 0), (0, 3), (1, 6), (1, 9), (2, 12), (2, 15), (3, 19), (4, 22)]
>>> test = conjecture_test(solver.solve(two_wn2, 120), two_wn2)
>>> test.complete_below, test.multiplicities, test.holds
(23, (2,), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wythoff.core import lazy
from wythoff.core.games import solver
from wythoff.core.games.rules import Rules

if TYPE_CHECKING:
    import numpy as np
else:  # imported on first use: a lookup of a few terms needs no numpy
    np = lazy.module("numpy", globals())


@dataclass(frozen=True)
class ConjectureTest:
    """What a finite board proves about the multiplicities of the values in ``c, d``."""

    modulus: int
    board: int
    complete_below: int  # every line v below this is closed (complete)
    multiplicities: tuple[int, ...]  # the distinct occurrence counts of values below it
    rook_residues: int = 1  # l: how many residues 0, ..., l - 1 a rook move's length may have

    @property
    def holds(self) -> bool | None:
        """True if every checked value occurs exactly ``p`` times, False if one does
        not (a counterexample to p-complementarity), None if nothing was checked."""
        if not self.multiplicities:
            return None
        return self.multiplicities == (self.modulus,)

    @property
    def line_bound(self) -> int:
        """The most P-positions one line can hold when the rook's lengths are those of
        residue ``0, ..., r - 1`` modulo ``p`` (``r`` = :attr:`rook_residues`): ``p - r + 1``.

        Let ``y_1 < ... < y_k`` be the P-positions of a line. No move joins two of them,
        so each ``y_j - y_1`` (``j >= 2``) has a residue in ``{r, ..., p - 1}``, and these
        residues are distinct (two equal ones would make ``y_j - y_i`` a multiple of
        ``p``, a legal length): ``k - 1 <= p - r``. The progression ``0, p - 1, ...,
        (p - r)(p - 1)`` shows that no smaller bound follows from the residues alone."""
        return self.modulus - self.rook_residues + 1

    def bound_words(self) -> str:
        """Why no line holds more than :attr:`line_bound` P-positions, in words."""
        p, r, bound = self.modulus, self.rook_residues, self.line_bound
        why = (
            f"No line holds more than {p} - {r} + 1 = {bound} P-positions: the rook's "
            f"lengths have residues in {_span(0, r - 1)} modulo {p}, so the distances from "
            f"the first P-position of a line to the others are no legal length and have "
            f"distinct residues in {_span(r, p - 1)}"
        )
        if bound < p:
            return f"{why}. As {bound} < {p}, no value can occur {p} times"
        return f"{why}: the bound is {p} itself, and only the board decides"

    def summary(self) -> str:
        p, board = self.modulus, f"board {self.board} x {self.board}"
        if not self.multiplicities:
            return f"no line is provably complete on the {board}: nothing checked"
        if len(self.multiplicities) == 1:
            q = self.multiplicities[0]
            verdict = (
                f"{p}-complementary there, as Larsson believes"
                if q == p
                else f"{q}-complementary there, not {p}-complementary"
            )
            return (
                f"every value below {self.complete_below} occurs exactly {q} times in c and d "
                f"({board}): {verdict}. {self.bound_words()}"
            )
        counts = ", ".join(str(q) for q in self.multiplicities[:-1])
        return (
            f"below {self.complete_below}, some lines hold {counts} and others "
            f"{self.multiplicities[-1]} P-positions ({board}): "
            f"c and d are not q-complementary for any q, so not {p}-complementary. "
            f"{self.bound_words()}"
        )


def _span(low: int, high: int) -> str:
    """The set of the integers ``low .. high``: "{2}", "{0, 1}", "{2, ..., 4}"."""
    if high <= low + 1:
        return "{" + ", ".join(str(v) for v in range(low, high + 1)) + "}"
    return f"{{{low}, ..., {high}}}"


def line_counts(board: np.ndarray) -> np.ndarray:
    """Number of P-positions in each line ``x = v`` of a solved board."""
    counts: np.ndarray = (board == 1).sum(axis=1)
    return counts


def closed_lines(board: np.ndarray, rules: Rules) -> np.ndarray:
    """For each line, whether its P-positions' residues plus the rook residues cover
    ``Z_p``, so that no P-position of the line lies beyond the board."""
    p = rules.rook_modulus
    lines, size = board.shape
    # present[v, r]: line v holds a P-position whose y is r (mod p)
    padded = np.zeros((lines, -(-size // p) * p), dtype=bool)
    padded[:, :size] = board == 1
    present = padded.reshape(lines, -1, p).any(axis=1)
    # a P-position with y = r (mod p) attacks the residues r + R: shift[r, s] = s - r in R
    allowed = np.zeros(p, dtype=bool)
    allowed[list(rules.rook_residues)] = True
    shift = np.array([np.roll(allowed, r) for r in range(p)], dtype=np.int64)
    covered = present.astype(np.int64) @ shift > 0
    closed: np.ndarray = np.asarray(covered.all(axis=1))
    return closed


def complete_below(board: np.ndarray, rules: Rules) -> int:
    """The first line that is not provably complete."""
    open_lines = np.nonzero(~closed_lines(board, rules))[0]
    return int(open_lines[0]) if len(open_lines) else board.shape[0]


def pairs_from_board(board: np.ndarray, rules: Rules) -> list[tuple[int, int]]:
    """The pairs ``(c, d)``, ``c <= d``, sorted, with ``c`` below the first line that
    is not provably complete: a certain prefix of the sequences ``c`` and ``d``."""
    limit = complete_below(board, rules)
    xs, ys = solver.p_cells(board[:limit])
    return [(x, y) for x, y in zip(xs.tolist(), ys.tolist(), strict=True) if x <= y]


def pairs(rules: Rules, size: int) -> list[tuple[int, int]]:
    """Solve a ``size x size`` board and list its certain pairs."""
    return pairs_from_board(solver.solve(rules, size), rules)


def pairs_at_least(rules: Rules, count: int, start: int = 64) -> list[tuple[int, int]]:
    """At least ``count`` certain pairs, doubling the board until there are enough."""
    size = start
    while True:
        found = pairs(rules, size)
        if len(found) >= count:
            return found
        size *= 2


def conjecture_test(board: np.ndarray, rules: Rules) -> ConjectureTest:
    """Test Larsson's conjecture (p = the rook modulus) on a solved board."""
    limit = complete_below(board, rules)
    counts = line_counts(board)[:limit]
    return ConjectureTest(
        modulus=rules.rook_modulus,
        board=board.shape[0],
        complete_below=limit,
        multiplicities=tuple(sorted({int(c) for c in counts})),
        rook_residues=len(rules.rook_residues),
    )
