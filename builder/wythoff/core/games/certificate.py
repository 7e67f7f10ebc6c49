"""Proofs of the rows' additive periods of a Sprague–Grundy table, after Landman's
finite-state argument for Wythoff's game.

Take a game whose moves along a row are every rook move (any number from one pile) and
whose moves into lower rows reach a bounded window: Wythoff's game, Fraenkel's, and any
rules with bishops but no rook restriction, modular move or removed rectangle.  Fix a
row ``x`` whose lower rows ``0 .. x - 1`` are proven additively periodic with increment
equal to the period, and let ``L`` be the lcm of their periods.  Then ``G(x, y)`` is the
least value at least ``m`` (the least value the row has not taken before ``y``) that is
neither a value the row took above ``m`` nor the value of a move into a lower row.
Measured from ``y``, those lower values depend only on ``y mod L`` once every move's
column is past its row's preperiod.  So the row's *state*, ``(y mod L, m - y, the
values above m minus y)``, decides all that follows: if the state at ``y1`` recurs at
``y2``, then ``G(x, y + P) = G(x, y) + P`` for every ``y >= y1``, ``P = y2 - y1``, by
induction on ``y``.  The state is read off the table (each step's value is recomputed
by this rule and compared with the table's), and the row's least period found on the
table, ``(s, p)``, is then proven too when the table shows it up to ``y1 + P`` (every
``y`` past that reduces to one before it by multiples of ``P``).

The certificate of a row is ``(y1, P)``: the rows below are proven the same way first,
so that a row is proven only when every row below it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import lcm

import numpy as np

from wythoff.core.games.grundy import Period, undefined_reason
from wythoff.core.games.rules import Rules


@dataclass(frozen=True)
class Certificate:
    """The state of a row at ``start`` recurs at ``start + period``: ``G(x, y + period) =
    G(x, y) + period`` for every ``y >= start`` (rows below proven, ``modulus`` the lcm
    of their periods)."""

    start: int
    period: int
    modulus: int


def applies(rules: Rules) -> bool:
    """Whether the argument applies: normal play with values, every rook move, no
    modular move (it reaches unboundedly far into lower rows), no removed rectangle."""
    return (
        undefined_reason(rules) is None
        and rules.rook_modulus == 1
        and tuple(rules.rook_residues) == (0,)
        and not rules.modular
        and rules.rectangle == (0, 0)
    )


def lower_moves(rules: Rules, x: int) -> np.ndarray:
    """The moves from row ``x`` into lower rows as offsets ``(dx, dy)``, ``dx >= 1``, read
    off ``Rules.moves`` far from the edge (the same from every column there)."""
    far = 2 * (x + rules.bishop) + 2
    found = sorted({(x - a, far - b) for a, b in rules.moves(x, far) if a < x})
    return np.array(found, dtype=np.int64).reshape(-1, 2)


def prove_rows(
    rules: Rules, table: np.ndarray, periods: list[Period | None]
) -> list[Certificate | None]:
    """A certificate for each row of ``table`` (rows 0, 1, ... with their periods found
    on it), or None from the first row that has none: its period is unknown or its
    increment differs from it, or its state does not recur within the table.

    The proof of a row reads the rows below through their proofs, never through the
    table past what was checked: a proven row is extended from its first round, and
    the table's row must equal that extension (a ``ValueError`` names the first cell
    where it does not)."""
    found: list[Certificate | None] = [None] * len(periods)
    if not applies(rules):
        return found
    lines = np.array(table[: len(periods)], dtype=np.int64)  # proven rows, extended
    for x, period in enumerate(periods):
        if period is None or period.increment != period.period:
            break
        below = [c for c in found[:x] if c is not None]
        moves = lower_moves(rules, x)
        # the first y whose every move lands where its row repeats
        ready = max([x, *(below[x - int(dx)].start + int(dy) for dx, dy in moves)])
        modulus = lcm(1, *(c.period for c in below))
        proof = _recurrence(lines[: x + 1], x, moves, modulus, ready)
        if proof is None:
            break
        lines[x] = _extended(lines[x], proof)
        wrong = np.flatnonzero(lines[x] != table[x])
        if wrong.size:
            y = int(wrong[0])
            raise ValueError(
                f"the table's G({x}, {y}) = {table[x, y]} is not the proof's {lines[x, y]}"
            )
        found[x] = proof
    return found


def _extended(line: np.ndarray, proof: Certificate) -> np.ndarray:
    """The line from its first round ``start .. start + period`` on, by the proof."""
    y = np.arange(len(line))
    turns, base = np.divmod(np.maximum(y - proof.start, 0), proof.period)
    return np.where(y < proof.start, line, line[proof.start + base] + turns * proof.period)


def proven(period: Period, certificate: Certificate | None) -> bool:
    """Whether the table's least period of a row is proven by the row's certificate: the
    table shows the period up to the start of the certificate's second round."""
    if certificate is None:
        return False
    return certificate.start + certificate.period + period.period <= period.verified_to


def _recurrence(
    table: np.ndarray, x: int, moves: np.ndarray, modulus: int, ready: int
) -> Certificate | None:
    """The first recurrence of row ``x``'s state from ``ready`` on within the table."""
    side = table.shape[1]
    row = table[x]
    rows, shifts = x - moves[:, 0], moves[:, 1]
    taken = 0  # every value below it is in the row before y
    above: set[int] = set()  # the row's values before y that are above `taken`
    seen: dict[tuple[int, int, tuple[int, ...]], int] = {}
    for y in range(side):
        if y >= ready:
            state = (y % modulus, taken - y, tuple(sorted(v - y for v in above)))
            if state in seen:
                start = seen[state]
                return Certificate(start, y - start, modulus)
            seen[state] = y
            lower = set(table[rows, y - shifts].tolist())
            value = taken
            while value in above or value in lower:
                value += 1
            if value != row[y]:
                raise ValueError(
                    f"the table's G({x}, {y}) = {row[y]} is not the definition's {value}"
                )
        value = int(row[y])
        if value == taken:
            taken += 1
            while taken in above:
                above.remove(taken)
                taken += 1
        else:
            above.add(value)
    return None
