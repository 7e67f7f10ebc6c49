"""The stored Sprague–Grundy rows (``grundy_values``) and their periods and proofs
(``grundy_periods``) against a strip of values computed by the definition.

A row's proof ``(y1, P)`` is checked by Landman's argument, restated: when every row
below is proven periodic with an increment equal to its period (P' from y1', their
lcm L), ``G(x, y)`` is the least value at least the row's least untaken value that
is neither a value the row took above it nor a value of a move into a lower row;
past ``y1`` those lower values, measured from ``y``, depend on ``y mod L`` alone.  So
if the row's state ``(y mod L, untaken - y, the values above it minus y)`` is the
same at ``y1`` and ``y1 + P``, then ``G(x, y + P) = G(x, y) + P`` for every
``y >= y1``.  The stated least period ``p`` and preperiod ``s`` then follow from the
strip: it shows ``G(x, y + p) = G(x, y) + p`` from ``s`` to ``y1 + P`` (every later
``y`` reduces to one of these by multiples of ``P``), not from ``s - 1``, and for each
prime ``q`` of ``p`` not ``p / q`` within one round of the proof.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import lcm

import numpy as np

from wythoff.audit import mex
from wythoff.audit.moves import Moves
from wythoff.audit.report import Difference, Report

VALUES = "Sprague–Grundy values"
PROOFS = "row proofs"
PERIODS = "row periods"


@dataclass(frozen=True)
class Period:
    """A ``grundy_periods`` row."""

    row: int
    preperiod: int | None
    period: int | None
    increment: int | None
    verified_to: int
    evidence: str
    proof_from: int | None
    proof_period: int | None


def decode(shift: int, bits: int, low: bytes, high: bytes | None) -> np.ndarray:
    """``G(x, y)`` for ``y < len(low)`` of a ``grundy_values`` row: byte ``y`` of
    ``low`` and the ``bits`` bits of ``high`` at bit ``y * bits`` are ``G - y +
    shift``."""
    size = len(low)
    above = np.zeros(size, dtype=np.int64)
    if bits and high is not None:
        packed = np.frombuffer(high, dtype=np.uint8).astype(np.int64)
        at = np.arange(size, dtype=np.int64) * bits
        above = (packed[at // 8] >> (at % 8)) & ((1 << bits) - 1)
    stored = np.frombuffer(low, dtype=np.uint8).astype(np.int64) + 256 * above
    return stored - shift + np.arange(size, dtype=np.int64)


def width(periods: list[Period], stored: dict[int, int]) -> int:
    """The columns a game's strip needs: every stated period shown, every proof's
    round and its period past it, every stored value."""
    needed = [1, *stored.values()]
    for line in periods:
        needed.append(line.verified_to)
        if line.proof_from is not None and line.proof_period is not None and line.period:
            start = max(line.proof_from, line.preperiod or 0)
            needed.append(start + line.proof_period + line.period + 1)
    return max(needed)


def check_game(
    report: Report,
    game_id: str,
    moves: Moves,
    axis: str,
    periods: list[Period],
    stored: dict[int, tuple[int, int, bytes, bytes | None]],
) -> None:
    """Check one game's rows on one axis (``column``: the board turned)."""
    if axis == "column":
        moves = moves.mirrored()
    if not moves.has_values:
        report.kind(PERIODS).differs(
            Difference("grundy_periods", game_id, "every row", "rows", "no values: not normal play")
        )
        return
    rows = max([line.row for line in periods] + list(stored)) + 1
    columns = width(periods, {x: len(v[2]) for x, v in stored.items()})
    table = mex.values(moves, rows, columns)
    where = f"{axis} "
    for x, (shift, bits, low, high) in sorted(stored.items()):
        got = decode(shift, bits, low, high)
        wrong = np.flatnonzero(got != table[x, : len(got)])
        if wrong.size:
            y = int(wrong[0])
            report.kind(VALUES).differs(
                Difference(
                    "grundy_values", game_id, f"{where}{x}, y = {y}", str(got[y]), str(table[x, y])
                )
            )
        else:
            report.kind(VALUES).passed(game_id, len(got))
    proofs: dict[int, tuple[int, int]] = {}
    for line in sorted(periods, key=lambda line: line.row):
        _check_period(report, game_id, where, moves, table, line, proofs)


def _check_period(
    report: Report,
    game_id: str,
    where: str,
    moves: Moves,
    table: np.ndarray,
    line: Period,
    proofs: dict[int, tuple[int, int]],
) -> None:
    x = line.row
    index = f"{where}{x}"

    def differs(kind: str, stored: str, expected: str) -> None:
        report.kind(kind).differs(Difference("grundy_periods", game_id, index, stored, expected))

    if line.period is None or line.preperiod is None or line.increment is None:
        report.kind(PERIODS).passed(game_id, 0)
        return
    s, p, i = line.preperiod, line.period, line.increment
    row = table[x]
    if line.evidence == "proven":
        proof = _proof_problem(moves, table, x, line, proofs)
        if proof:
            differs(PROOFS, f"proof ({line.proof_from}, {line.proof_period})", proof)
            return
        report.kind(PROOFS).passed(game_id, 1)
        assert line.proof_from is not None and line.proof_period is not None
        proofs[x] = (line.proof_from, line.proof_period)
        end = max(line.proof_from, s) + line.proof_period  # every later y reduces below it
    else:
        end = line.verified_to - p
    if i != p and line.evidence == "proven":
        differs(PERIODS, f"increment {i}", f"increment {p}, the period")
        return
    ys = np.arange(s, end)
    broken = np.flatnonzero(row[ys + p] - row[ys] != i)
    if broken.size:
        y = int(ys[broken[0]])
        differs(
            PERIODS,
            f"period {p} from {s}",
            f"G({x}, {y + p}) - G({x}, {y}) = {row[y + p] - row[y]}",
        )
        return
    if s > 0 and row[s - 1] >= 0 and row[s - 1 + p] - row[s - 1] == i:  # on the board
        differs(PERIODS, f"preperiod {s}", f"a preperiod of at most {s - 1}")
        return
    if line.evidence == "proven":
        assert line.proof_from is not None and line.proof_period is not None
        start = max(line.proof_from, s)
        ys = np.arange(start, start + line.proof_period)
        for q in _primes(p):
            shorter = p // q
            if (row[ys + shorter] - row[ys] == shorter).all():
                differs(PERIODS, f"period {p}", f"a period of {shorter}")
                return
    report.kind(PERIODS).passed(game_id, 1)


def _proof_problem(
    moves: Moves, table: np.ndarray, x: int, line: Period, proofs: dict[int, tuple[int, int]]
) -> str:
    """What is wrong with a row's proof, in words ("" when it holds)."""
    if not moves.landman:
        return "no proof: Landman's argument does not apply to these moves"
    below = [proofs.get(r) for r in range(x)]
    if any(proof is None for proof in below):
        return "no proof: a row below is not proven"
    assert line.proof_from is not None and line.proof_period is not None
    start, period = line.proof_from, line.proof_period
    lower = [proof for proof in below if proof is not None]
    modulus = lcm(1, *(p for _, p in lower))
    reach = [
        lower[x - k][0] + (k + moves.bishop - 1 if moves.bishop else 0) for k in range(1, x + 1)
    ]
    ready = max([x, *reach])
    if start < ready:
        return f"no proof: its moves reach rows not yet periodic before y = {ready}"
    if period <= 0 or period % modulus:
        return f"no proof: the period is not a multiple of {modulus}, the lower rows' lcm"
    if start + period >= table.shape[1]:
        return "no proof: past the strip"
    if _state(table[x], start) != _state(table[x], start + period):
        return f"no proof: the row's state at {start} does not recur at {start + period}"
    return ""


def _state(row: np.ndarray, y: int) -> tuple[int, tuple[int, ...]]:
    """The row's least value not taken before ``y`` and the values above it, each
    minus ``y``."""
    before = row[:y]
    present = np.zeros(int(before.max(initial=0)) + 2, dtype=np.bool_)
    present[before] = True
    untaken = int(np.argmin(present))
    above = np.sort(before[before > untaken]) - y
    return untaken - y, tuple(int(v) for v in above)


def _primes(n: int) -> list[int]:
    found, d = [], 2
    while d * d <= n:
        if n % d == 0:
            found.append(d)
            while n % d == 0:
                n //= d
        d += 1
    if n > 1:
        found.append(n)
    return found
