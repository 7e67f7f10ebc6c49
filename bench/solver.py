"""The sparse solver against the board solver, computing the same thing in the same run.

For games without a formula (Larsson's mWN^(l,p) outside Theorem 2.1), both
solvers settle every P-position with smaller coordinate below N; the board
solver needs an N' x N' board with N' a few times N to reach the same lines
(here: the board that proves the first K pairs, as the build used it), the
sparse solver keeps only the P-positions.  Prints time and memory of each and
the ratios, then the sparse solver alone at depths the board cannot reach.

Run: ``python bench/solver.py``.
"""

from __future__ import annotations

import resource
import time

from wythoff import catalog
from wythoff.core.games import solver, sparse, unsolved

GAMES = ("larsson-modulo-m2-p3-l2", "larsson-modulo-m3-p5-l3", "larsson-modulo-m5-p7-l2")


def arrays_bytes(deep: sparse.SparseSolver) -> int:
    """Bytes of the sparse solver's state: its coordinate and pair arrays."""
    arrays = (deep.masks, deep.diagonals, deep.cs, deep.ds)
    return sum(a.nbytes for a in arrays)


def timed(function) -> tuple[float, object]:
    started = time.perf_counter()
    result = function()
    return time.perf_counter() - started, result


def main() -> None:
    for game_id in GAMES:  # compile both once
        rules = catalog.resolve_game(game_id).rules
        solver.solve(rules, 16)
        sparse.SparseSolver(rules).first_pairs(10)
    print(
        f"{'game':<26} {'pairs':>7} {'board s':>8} {'board MB':>9} {'sparse s':>9} "
        f"{'sparse MB':>10} {'speed-up':>9}"
    )
    for game_id in GAMES:
        rules = catalog.resolve_game(game_id).rules
        board_seconds, board_pairs = timed(lambda r=rules: unsolved.pairs(r, 4000))
        board_bytes = solver.memory_needed(4000, rules)
        count = len(board_pairs)
        deep = sparse.SparseSolver(rules)
        sparse_seconds, sparse_pairs = timed(lambda d=deep, c=count: d.first_pairs(c))
        assert sparse_pairs == board_pairs, game_id
        sparse_bytes = arrays_bytes(deep)
        print(
            f"{game_id:<26} {count:>7} {board_seconds:8.3f} {board_bytes / 1e6:9.1f} "
            f"{sparse_seconds:9.4f} {sparse_bytes / 1e6:10.2f} "
            f"{board_seconds / sparse_seconds:9.0f}"
        )
    print()
    print(f"{'sparse alone':<26} {'pairs':>9} {'seconds':>8} {'arrays MB':>10}")
    for count in (10_000, 100_000, 1_000_000):
        rules = catalog.resolve_game(GAMES[0]).rules
        deep = sparse.SparseSolver(rules)
        seconds, _ = timed(lambda d=deep, c=count: d.settle_pairs(c))
        arrays = arrays_bytes(deep)
        print(f"{GAMES[0]:<26} {count:>9,} {seconds:8.3f} {arrays / 1e6:10.1f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
