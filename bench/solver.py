"""The sparse solver against the board solver, computing the same thing in the same run.

For games without a formula (Larsson's mWN^(l,p) outside Theorem 2.1), both
solvers settle every P-position with smaller coordinate below N; the board
solver needs an N' x N' board with N' a few times N to reach the same lines
(here: the board that proves the first K pairs, as the build used it), the
sparse solver keeps only the P-positions.  Then the games of Larsson's Remark 5
(blocking with any reach; a rectangle removed, the board not symmetric): every
P-position of a 4000 x 4000 board from both solvers.  Prints time and memory of
each and the ratios, then the sparse solver alone at depths the board cannot
reach, and the whole command ``wythoff position GAME 1000000 1000000`` for the
slowest game of each kind (the board would need 931 GiB there).

Run: ``python bench/solver.py``.
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from wythoff import families
from wythoff.core.games import solver, sparse, unsolved

GAMES = ("larsson-modulo-m2-p3-l2", "larsson-modulo-m3-p5-l3", "larsson-modulo-m5-p7-l2")
REMARK_5 = ("larsson-blocking-m4-p4-l5", "larsson-blocking-m1-p2-l2", "larsson-rectangle-k4-u1-v5")
SLOWEST = (  # at 10^6 lines, of each kind (measured over every game without a formula)
    "larsson-modulo-m8-p8-l0",
    "larsson-modulo-m4-p8-l1",
    "larsson-blocking-m4-p4-l5",
    "larsson-rectangle-k4-u1-v5",
)
SCRIPT = shutil.which("wythoff", path=str(Path(sys.executable).parent)) or "wythoff"


def arrays_bytes(deep: sparse.SparseSolver) -> int:
    """Bytes of the sparse solver's state: its coordinate and pair arrays."""
    arrays = (deep.cells, deep.diagonals, deep.cs, deep.ds)
    return sum(a.nbytes for a in arrays)


def timed(function) -> tuple[float, object]:
    started = time.perf_counter()
    result = function()
    return time.perf_counter() - started, result


def main() -> None:
    for game_id in GAMES:  # compile both once
        rules = families.resolve_game(game_id).rules
        solver.solve(rules, 16)
        sparse.SparseSolver(rules).first_pairs(10)
    print(
        f"{'game':<26} {'pairs':>7} {'board s':>8} {'board MB':>9} {'sparse s':>9} "
        f"{'sparse MB':>10} {'speed-up':>9}"
    )
    for game_id in GAMES:
        rules = families.resolve_game(game_id).rules
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
        rules = families.resolve_game(GAMES[0]).rules
        deep = sparse.SparseSolver(rules)
        seconds, _ = timed(lambda d=deep, c=count: d.settle_pairs(c))
        arrays = arrays_bytes(deep)
        print(f"{GAMES[0]:<26} {count:>9,} {seconds:8.3f} {arrays / 1e6:10.1f}")
    print()
    remark_5()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process: {peak:.0f} MB")
    print()
    position()


def remark_5(size: int = 4000) -> None:
    """Every P-position of a ``size`` board, from both solvers (compiled first)."""
    header = f"{'Remark 5 game':<28} {'P-positions':>11} {'board s':>8} {'sparse s':>9}"
    print(f"{header} {'speed-up':>9}")
    for game_id in REMARK_5:
        rules = families.resolve_game(game_id).rules
        solver.solve(rules, 16)
        sparse.SparseSolver(rules).positions(16)
        board_seconds, board = timed(lambda r=rules: solver.solve(r, size))
        expected = solver.p_positions(board, rules.symmetric)
        deep = sparse.SparseSolver(rules)
        sparse_seconds, found = timed(lambda d=deep: d.positions(size - 1))
        assert found == expected, game_id
        print(
            f"{game_id:<28} {len(found):>11} {board_seconds:8.3f} {sparse_seconds:9.4f} "
            f"{board_seconds / sparse_seconds:9.0f}"
        )


def position(runs: int = 3) -> None:
    """The whole command at (10^6, 10^6): start-up, solve, answer, exit."""
    print(f"{'wythoff position ... 1000000 1000000':<36} {'median s':>9} {'max s':>6}")
    for game_id in SLOWEST:
        command = [SCRIPT, "position", game_id, "1000000", "1000000"]
        subprocess.run(command, check=True, capture_output=True)  # numba's cache, warm
        walls = []
        for _ in range(runs):
            started = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            walls.append(time.perf_counter() - started)
        print(f"{game_id:<36} {statistics.median(walls):9.2f} {max(walls):6.2f}")


if __name__ == "__main__":
    main()
