"""Peak memory of the streaming commands at 10x, 100x and 1000x their default size.

Each command runs as its own process with its output sent to /dev/null; its
peak resident set size comes from the kernel (``wait4``).  The baseline, in
the same run, is the same command at the default size: a streaming command
stays flat as the size grows.  Target: under 300 MB at every size.

Run: ``python bench/memory.py [--largest 1000]`` (from a directory holding a
built ``data/wythoff.sqlite`` for the SQL rows, or give ``--db``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

SCRIPT = shutil.which("wythoff", path=str(Path(sys.executable).parent)) or "wythoff"
DEFAULTS = {"ppositions": 1000, "terms": 10_000, "sql": 10_000}


def command(kind: str, size: int, database: str) -> list[str]:
    if kind == "ppositions":
        return [SCRIPT, "ppositions", "wythoff", "--max", str(size)]
    if kind == "terms":
        return [SCRIPT, "terms", "connell-k3-u1", "--count", str(size)]
    rows = (
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r LIMIT "
        f"{size}) SELECT r.i, printf('%d', r.i * 1000003) AS value FROM r"
    )
    return [SCRIPT, "sql", rows, "--db", database]


def peak(arguments: list[str]) -> tuple[float, float]:
    """Peak RSS in MB and wall seconds of one process, output discarded."""
    started = time.perf_counter()
    with open(os.devnull, "w") as sink:
        process = subprocess.Popen(arguments, stdout=sink)
        _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(arguments)[:120]}")
    return usage.ru_maxrss / 1024, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--largest", type=int, default=1000, help="largest multiple of default")
    parser.add_argument("--db", default="data/wythoff.sqlite", help="a built database")
    options = parser.parse_args()
    factors = [f for f in (1, 10, 100, 1000) if f <= options.largest]
    print(f"{'command':<12}" + "".join(f"{f'{f}x MB':>12}{'s':>8}" for f in factors))
    for kind, default in DEFAULTS.items():
        row = f"{kind:<12}"
        for factor in factors:
            megabytes, seconds = peak(command(kind, default * factor, options.db))
            row += f"{megabytes:12.0f}{seconds:8.1f}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
