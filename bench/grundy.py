"""The Sprague–Grundy table of a game against its own baselines, in the same run.

Times the bitset sweep on the N x N table of Wythoff's game (or ``--game``), and as
baselines the same sweep on N/2 x N/2 (the sweep is O(N^3 / 64): a ratio near 8) and
a plain mex over every option (``Rules.moves``) on a small board, against the sweep
on that board.  The tables must agree where they overlap before a time is printed.
Then the first rows alone (a strip, as the build computes them) against the same rows
of the square, and the rows' periods found on the N table, each checked against the
N/2 table (a period found on both is stated with both sizes), and the peak memory.

Run: ``python bench/grundy.py [--size 8192] [--game wythoff] [--rows 25] [--naive 96]``.
"""

from __future__ import annotations

import argparse
import resource
import time

import numpy as np
from wythoff import families
from wythoff.core.games import grundy
from wythoff.core.games.rules import Rules


def timed(rules: Rules, size: int) -> tuple[float, np.ndarray]:
    started = time.perf_counter()
    table = grundy.grundy_table(rules, size)
    return time.perf_counter() - started, table


def naive(rules: Rules, size: int) -> np.ndarray:
    """G by the definition, cell by cell: the mex of the options' values."""
    table = np.full((size, size), grundy.OFF_BOARD, dtype=np.int64)
    for x in range(size):
        for y in range(size):
            if rules.on_board(x, y):
                seen = {int(table[t]) for t in rules.moves(x, y)}
                g = 0
                while g in seen:
                    g += 1
                table[x, y] = g
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=8192)
    parser.add_argument("--game", default="wythoff")
    parser.add_argument("--rows", type=int, default=25)
    parser.add_argument("--naive", type=int, default=96)
    args = parser.parse_args()
    rules = families.resolve_game(args.game).rules
    grundy.grundy_table(rules, 8)  # compile (or load the cached machine code) first

    started = time.perf_counter()
    slow = naive(rules, args.naive)
    naive_seconds = time.perf_counter() - started
    small_seconds, small = timed(rules, args.naive)
    assert np.array_equal(slow, small), "the sweep and the plain mex disagree"
    print(
        f"{args.game} {args.naive} x {args.naive}: plain mex {naive_seconds:.2f} s, "
        f"sweep {small_seconds * 1000:.1f} ms (ratio {naive_seconds / small_seconds:.0f})"
    )

    half_seconds, half = timed(rules, args.size // 2)
    full_seconds, full = timed(rules, args.size)
    assert np.array_equal(full[: args.size // 2, : args.size // 2], half)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{args.game} {args.size // 2} x {args.size // 2}: {half_seconds:.2f} s; "
        f"{args.size} x {args.size}: {full_seconds:.2f} s "
        f"(ratio {full_seconds / half_seconds:.1f}; O(N^3) gives 8); "
        f"largest value {int(full[full != grundy.OFF_BOARD].max())}; peak memory {peak:.0f} MiB"
    )

    started = time.perf_counter()
    strip = grundy.grundy_table(rules, args.size, rows=args.rows)
    strip_seconds = time.perf_counter() - started
    assert np.array_equal(strip, full[: args.rows])
    print(
        f"rows 0-{args.rows - 1} alone (a strip of {args.rows} x {args.size}, as the build "
        f"computes them): {strip_seconds:.3f} s (ratio {full_seconds / strip_seconds:.0f})"
    )

    print(f"rows 0-{args.rows - 1}: preperiod, period, increment (found on {args.size})")
    for x in range(args.rows):
        period = grundy.line_period(full[x])
        check = grundy.line_period(half[x])
        if period is None:
            print(f"  row {x:3}: no period within {args.size}")
            continue
        same = check is not None and (check.preperiod, check.period) == (
            period.preperiod,
            period.period,
        )
        also = f"; the same on {args.size // 2}" if same else f"; on {args.size // 2}: {check}"
        print(
            f"  row {x:3}: preperiod {period.preperiod:5}, period {period.period:5}, "
            f"increment {period.increment:5}{also}"
        )


if __name__ == "__main__":
    main()
