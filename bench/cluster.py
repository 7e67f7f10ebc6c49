"""The games of a sweep on a Dask cluster, against this machine's processes, same work.

The sweep is the Larsson family with m, p <= N (every game of it, the build's order
and runs), solved four ways in one run: one process (the baseline, each game timed
on its own), the build's local pool of two processes, and a Dask cluster started
here (``dask scheduler`` and ``dask worker`` processes, as on real machines) with one
worker, then two.  The results must be equal before a time is printed.

Printed: the wall times and speed-ups; the time spent shipping results (their
pickled size, and pickling and unpickling them once, which a cluster does at least
once a result; the rest of a cluster's overhead over the ideal time, units divided
among workers); each kind of game's time as a function of m * p * (l + 1) (at the
default board of 1000 x 1000 it hardly grows: a board costs its cells); the games of
a few random (m, p) of m, p <= 64, timed, and from their mean the time of Larsson
m, p <= 64 on a 64-core cluster; and the size of the database it would produce
(bytes per row measured on a real build here).

The cluster's workers are warmed up first (imports, compiled solver loaded), as on
a cluster that serves many builds; the local pool starts its processes in the
timing, as a build does.

Run: ``python bench/cluster.py [--range N] [--project 64] [--cores 64]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import random
import re
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from wythoff import config as configuration
from wythoff import families
from wythoff.pipeline import compute, estimate, run
from wythoff.pipeline.results import GameResult

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.helpers import cluster  # noqa: E402  (the tests' real cluster, from the checkout)

KINDS = ("blocking", "modulo", "shifted", "choice")
GAME = re.compile(r"larsson-(\w+)-m(\d+)-p(\d+)(?:-l(\d+))?")


def sweep(high: int, scheduler: str = "") -> configuration.Config:
    """The default configuration with the Larsson family alone, m, p <= ``high``."""
    config = configuration.load(None)
    ranges = {"larsson": {"m": (1, high), "p": (1, high)}}
    return dataclasses.replace(config, families=ranges, scheduler=scheduler)


def sweep_of(m: int, p: int) -> configuration.Config:
    """The default configuration with the Larsson games of one (m, p) alone."""
    config = configuration.load(None)
    return dataclasses.replace(config, families={"larsson": {"m": (m, m), "p": (p, p)}})


def solve(
    config: configuration.Config, workers: int | None = None
) -> tuple[float, dict[str, GameResult]]:
    """Wall time of the build's game stage for ``config``, and each game's result."""
    records = families.build(config.families)
    started = time.perf_counter()
    jobs = compute.game_jobs(records, config)
    found = compute.game_results(jobs, config.scheduler, workers, config.block_games)
    games = {result.game_id: result for result in found}
    return time.perf_counter() - started, games


def one_by_one(config: configuration.Config) -> tuple[float, dict[str, float], list[GameResult]]:
    """The baseline: every game in this process, each timed on its own."""
    records = families.build(config.families)
    seconds: dict[str, float] = {}
    results = []
    started = time.perf_counter()
    for job in compute.game_jobs(records, config):
        begun = time.perf_counter()
        results.append(compute._game_job(job))
        seconds[job[0]] = time.perf_counter() - begun
    return time.perf_counter() - started, seconds, results


def shipping(results: list[GameResult]) -> tuple[int, float]:
    """Pickled bytes of the results, and the seconds to pickle and unpickle them once."""
    started = time.perf_counter()
    size = 0
    for result in results:
        data = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
        size += len(data)
        pickle.loads(data)
    return size, time.perf_counter() - started


def same(a: dict[str, GameResult], b: dict[str, GameResult]) -> bool:
    """The same games in the same order, with equal results."""
    return list(a) == list(b) and all(equal(a[k], b[k]) for k in a)


def equal(a: GameResult, b: GameResult) -> bool:
    """Equal results: the same fields, the same pairs (value and type)."""
    if (a.pairs is None) != (b.pairs is None):
        return False
    if a.pairs is not None and b.pairs is not None and not same_array(a.pairs, b.pairs):
        return False
    return dataclasses.replace(a, pairs=None) == dataclasses.replace(b, pairs=None)


def same_array(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and np.array_equal(a, b)


def size_measure(game_id: str) -> tuple[str, int]:
    """A game's kind, and m * p * (l + 1) (l = p - 1 for the games of all l)."""
    found = GAME.fullmatch(game_id)
    assert found, game_id
    kind, m, p, shift = found.group(1), int(found.group(2)), int(found.group(3)), found.group(4)
    return kind, m * p * ((int(shift) if shift is not None else p - 1) + 1)


def fit(seconds: dict[str, float]) -> None:
    """Per kind of game, the least-squares line of its time against m * p * (l + 1)."""
    for kind in KINDS:
        points = [(size_measure(g)[1], t) for g, t in seconds.items() if size_measure(g)[0] == kind]
        if len({x for x, _ in points}) < 2:
            continue  # no line through one size
        x, y = np.array(points, dtype=float).T
        slope, intercept = np.polyfit(x, y, 1)
        residual = y - (intercept + slope * x)
        r2 = 1 - (residual @ residual) / max(((y - y.mean()) @ (y - y.mean())), 1e-12)
        print(
            f"  {kind:<9} {len(x):4} games: t = {intercept * 1e3:7.2f} ms + "
            f"{slope * 1e6:8.3f} us * m*p*(l+1)   (R^2 {r2:.2f}, mean {y.mean() * 1e3:.1f} ms)"
        )


def project(high: int, cores: int, blocks: int) -> None:
    """Larsson m, p <= ``high`` on ``cores``: the games of ``blocks`` random (m, p), each
    (m, p) solved in the build's order (a choice game after its shifted games), timed;
    the time a game of the sample, times the range's games."""
    pairs = random.Random(1).sample(
        [(m, p) for m in range(1, high + 1) for p in range(1, high + 1)], blocks
    )
    games = seconds = 0.0
    for m, p in sorted(pairs):
        compute.solved_board.cache_clear()
        _, timed, _ = one_by_one(sweep_of(m, p))
        games += len(timed)
        seconds += sum(timed.values())
        print(f"  m = {m:2}, p = {p:2}: {len(timed):3} games in {sum(timed.values()):6.2f} s")
    count = sum(2 * p + 1 + (p > 1) for m in range(1, high + 1) for p in range(1, high + 1))
    total = seconds / games * count
    print(
        f"projection: Larsson m, p <= {high}: {count:,} games x {seconds / games * 1e3:.1f} ms "
        f"(the sample's mean) = {total / 3600:.1f} core-hours; on {cores} cores "
        f"{total / cores / 60:.1f} min of games (perfect division)"
    )


def database_size(high: int, measured: int) -> None:
    """The database of Larsson m, p <= ``high`` at the default terms: the rows that
    :func:`wythoff.pipeline.estimate.estimate` counts, times bytes per row of a real build of
    m, p <= ``measured``."""
    with tempfile.TemporaryDirectory() as folder:
        small = dataclasses.replace(sweep(measured), output=folder, database="")
        report = run.build(small, quiet=True)
        size = (Path(folder) / "wythoff.sqlite").resolve().stat().st_size
        with sqlite3.connect(Path(folder) / "wythoff.sqlite") as connection:
            rows = sum(
                connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for (table,) in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                )
            )
    per_row = size / rows
    need = estimate.estimate(sweep(high))
    projected = (need.term_rows + need.other_rows) * per_row
    print(
        f"database: m, p <= {measured} built here in {report.seconds:.0f} s: {size / 1e6:.1f} MB, "
        f"{rows:,} rows, {per_row:.0f} B a row"
    )
    print(
        f"  m, p <= {high}: {need.sequences:,} sequences, {need.games:,} games, "
        f"{need.term_rows + need.other_rows:,} rows: about {projected / 1e9:.1f} GB "
        f"(SQLite; exports, estimated: {need.disk_bytes / 1e9:.1f} GB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--range", type=int, default=6, help="the sweep: m, p <= this")
    parser.add_argument("--project", type=int, default=64, help="project m, p <= this")
    parser.add_argument("--cores", type=int, default=64, help="on a cluster of this many cores")
    parser.add_argument("--blocks", type=int, default=6, help="(m, p) sampled to project")
    parser.add_argument("--measured", type=int, default=3, help="build m, p <= this for sizes")
    arguments = parser.parse_args()
    config = sweep(arguments.range)
    one_by_one(sweep(1))  # warm-up: the compiled solver loaded
    compute.solved_board.cache_clear()
    base, seconds, results = one_by_one(config)
    reference = {r.game_id: r for r in results}
    print(f"Larsson m, p <= {arguments.range}: {len(results)} games (every game, build order)")
    print(f"  one process, each game timed:    {base:7.2f} s (baseline)")
    local, games = solve(config, workers=2)
    assert same(games, reference)
    print(f"  local pool, 2 processes:         {local:7.2f} s  speed-up {base / local:.2f}")
    size, pickling = shipping(results)
    times = {}
    with tempfile.TemporaryDirectory() as folder:
        for workers in (1, 2):
            with cluster.running(Path(folder) / str(workers), workers) as running:
                solve(sweep(1, running.address))  # warm-up: imports, compiled solver
                times[workers], games = solve(sweep(arguments.range, running.address))
                assert same(games, reference)
            ideal = base / workers
            print(
                f"  cluster, {workers} worker{'s' if workers > 1 else ' '}:             "
                f"{times[workers]:7.2f} s  speed-up {base / times[workers]:.2f}  "
                f"(overhead over {ideal:.2f} s ideal: {times[workers] - ideal:+.2f} s)"
            )
    print(
        f"shipping: {size / 1e6:.1f} MB of pickled results ({size / len(results) / 1e3:.1f} kB "
        f"a game); pickling + unpickling them once: {pickling:.2f} s "
        f"({pickling / base:.1%} of the baseline)"
    )
    print("unit times by kind (baseline):")
    fit(seconds)
    print(f"sampled (m, p) of m, p <= {arguments.project}, one process:")
    project(arguments.project, arguments.cores, arguments.blocks)
    database_size(arguments.project, arguments.measured)


if __name__ == "__main__":
    main()
