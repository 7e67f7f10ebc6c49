"""Benchmarks of the exact engine, as ratios against baselines measured in the same run.

1. Bulk exact Beatty terms vs numpy's float64 ``floor(n * alpha)`` (not exact)
   for n < 10^7: throughput ratio, target >= 1.  Then 10^6 terms from
   n = 10^15 vs one exact floor per term: target >= 50 M terms/s.
2. The solver on a 2000 x 2000 board of a blocking game (mWN^3), and the solver
   vs the straightforward enumeration of every option (``solve_naive``) at
   N = 300: speed-up, target >= 100.
3. ``position`` on piles of 1000 digits for one game of each family: time per
   query, against one exact floor of the same size.  Then piles of 10^5 digits,
   from decimal text to the answer's text, with gmpy2 (the ``fast`` extra) and
   with the standard library only: target <= 100 ms with gmpy2.

Run: ``python bench/engine.py`` (add ``--quick`` for a smaller naive baseline).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from wythoff import families
from wythoff.core import bigint
from wythoff.core.bigdigits import unlimited
from wythoff.core.games.naive import solve_naive
from wythoff.core.games.solver import solve
from wythoff.core.quadratic import QuadraticIrrational


def best_of(repeats: int, function) -> float:
    """Smallest wall time of ``repeats`` calls (after one warm-up call)."""
    function()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def bench_bulk(count: int) -> None:
    phi = QuadraticIrrational(1, 5, 2)
    alpha = float(phi)
    baseline = best_of(5, lambda: np.floor(np.arange(count) * alpha).astype(np.int64))
    exact = best_of(5, lambda: phi.floors(0, count))
    wrong = int((phi.floors(0, count) != np.floor(np.arange(count) * alpha)).sum())
    print(f"bulk floor(n*phi), n = 0 .. {count:.0e}")
    print(f"  numpy float64 floor(n*alpha): {count / baseline / 1e6:8.1f} M terms/s (baseline)")
    print(f"  exact QuadraticIrrational.floors: {count / exact / 1e6:8.1f} M terms/s")
    print(f"  ratio exact / numpy: {baseline / exact:.2f}  (target >= 1; numpy wrong: {wrong})")


def bench_far(count: int, start: int = 10**15) -> None:
    phi = QuadraticIrrational(1, 5, 2)
    alpha = float(phi)
    exact = best_of(5, lambda: phi.floors(start, count))
    began = time.perf_counter()
    one_by_one = [phi.floor_times(n) for n in range(start, start + count)]
    oracle = time.perf_counter() - began
    assert phi.floors(start, count).tolist() == one_by_one
    numpy_values = np.floor(np.arange(start, start + count, dtype=np.float64) * alpha)
    wrong = int((phi.floors(start, count) != numpy_values).sum())
    print(f"bulk floor(n*phi), {count:.0e} terms from n = {start:.0e}")
    print(f"  one exact floor per term (baseline): {count / oracle / 1e6:8.2f} M terms/s")
    print(f"  exact QuadraticIrrational.floors:    {count / exact / 1e6:8.1f} M terms/s")
    print(f"  speed-up: {oracle / exact:,.0f} x  (target >= 50 M terms/s)")
    print(f"  numpy float64 gets {wrong:,} of these terms wrong")


def bench_solver(naive_size: int) -> None:
    blocking = families.resolve_game("larsson-blocking-m2-p3").rules
    big = best_of(3, lambda: solve(blocking, 2000))
    print("solver, larsson-blocking-m2-p3 (2WN^3, blocking p = 3)")
    print(f"  2000 x 2000 board: {big:.3f} s")
    fast = best_of(3, lambda: solve(blocking, naive_size))
    start = time.perf_counter()
    naive_board = solve_naive(blocking, naive_size)
    naive = time.perf_counter() - start
    assert (naive_board == solve(blocking, naive_size)).all()
    print(
        f"  {naive_size} x {naive_size}: solver {fast * 1e3:.2f} ms, every option enumerated "
        f"{naive:.1f} s (baseline)"
    )
    print(f"  speed-up: {naive / fast:,.0f} x  (target >= 100)")


def bench_position(digits: int) -> None:
    rng = random.Random(1)
    games = [
        "wythoff",
        "wythoff-misere",
        "connell-k5",
        "fraenkel-a7",
        "larsson-blocking-m3-p4",
        "larsson-modulo-m3-p4-l0",
        "larsson-shifted-m2-p3-l1",
        "modular-m12",
    ]
    positions = [
        (
            rng.randrange(10 ** (digits - 1), 10**digits),
            rng.randrange(10 ** (digits - 1), 10**digits),
        )
        for _ in range(20)
    ]
    phi = QuadraticIrrational(1, 5, 2)
    one_floor = best_of(3, lambda: [phi.floor_times(x) for x, _ in positions]) / len(positions)
    print(f"position on piles of {digits} digits (mean of {len(positions)} positions)")
    print(f"  one exact floor of that size: {one_floor * 1e3:.3f} ms (baseline)")
    for game_id in games:
        strategy = families.resolve_game(game_id).strategy()
        per_query = best_of(2, lambda s=strategy: [s.winning_moves(x, y) for x, y in positions])
        per_query /= len(positions)
        print(f"  {game_id:28s} {per_query * 1e3:8.3f} ms  ({per_query / one_floor:5.1f} floors)")


def bench_huge_position(digits: int) -> None:
    rng = random.Random(2)
    games = ["wythoff", "connell-k5", "fraenkel-a7", "larsson-blocking-m3-p4"]
    x, y = (rng.randrange(10 ** (digits - 1), 10**digits) for _ in range(2))
    with unlimited():
        texts = (str(x), str(y))
    print(f"position from decimal text to answer, piles of {digits:,} digits ({bigint.backend()})")
    for game_id in games:
        strategy = families.resolve_game(game_id).strategy()

        def query(s=strategy) -> str:
            px, py = (bigint.parse(t) for t in texts)
            move = s.winning_move(px, py)
            if move is None:
                return "P"
            return f"N {bigint.format_int(move[0])} {bigint.format_int(move[1])}"

        fast = best_of(2, query)
        answer = query()
        with unlimited(), bigint.python_only():
            slow = best_of(1, query)
            assert query() == answer
        print(
            f"  {game_id:24s} standard library {slow * 1e3:8.1f} ms (baseline), "
            f"with {bigint.backend()} {fast * 1e3:6.1f} ms  ({slow / fast:4.0f} x; target <= 100)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="naive baseline at N = 120")
    args = parser.parse_args()
    bench_bulk(10**7)
    bench_far(10**6)
    bench_solver(120 if args.quick else 300)
    bench_position(1000)
    bench_huge_position(10**5)


if __name__ == "__main__":
    main()
