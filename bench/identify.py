"""``wythoff identify`` on 200 terms, whole command, against the same database read
by ``wythoff sql`` (the floor: interpreter, command layer, database opened).

Both are the installed console script on a built database (``--db``, default
``data/wythoff.sqlite``), alternated so that drift of the machine's speed cancels.
The inputs: floor(n*pi) (a Beatty sequence of no catalog slope) and floor(n*sqrt(3))
(beatty-sqrt3-a), 200 terms from n = 1.  Target: identify <= 1 s.

Run: ``python bench/identify.py [--db PATH] [--runs N]``.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from math import isqrt
from pathlib import Path

SCRIPT = shutil.which("wythoff", path=str(Path(sys.executable).parent)) or "wythoff"
PI_TERMS = [n * 314159265358979 // 10**14 for n in range(1, 201)]
SQRT3_TERMS = [isqrt(3 * n * n) for n in range(1, 201)]


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="data/wythoff.sqlite")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    floor = [SCRIPT, "sql", "SELECT count(*) FROM sequences", "--db", args.db]
    commands = {
        "sql (the floor)": floor,
        "identify floor(n*pi)": [SCRIPT, "identify", "--db", args.db, *map(str, PI_TERMS)],
        "identify floor(n*sqrt 3)": [SCRIPT, "identify", "--db", args.db, *map(str, SQRT3_TERMS)],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            times[name].append(timed(command))
    base = statistics.median(times["sql (the floor)"])
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:26} median {median:.2f} s  ratio to the floor {median / base:.2f}")


if __name__ == "__main__":
    main()
