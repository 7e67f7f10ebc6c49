"""``wythoff grundy wythoff 5 9`` against ``wythoff position wythoff 5 9`` as whole
processes, in one run: a value with both piles below 1024 is read from the kept table
(read whole and its checksum checked, no numpy), so the two should cost about the
same.

The first call keeps the table (in a temporary cache folder); each time printed is
the best of ``--repeat`` calls after it.

Run: ``python bench/grundy_small.py [--repeat 10]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time


def best(command: list[str], repeat: int, env: dict[str, str]) -> tuple[float, str]:
    times, out = [], ""
    for _ in range(repeat):
        started = time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True, env=env, check=True).stdout
        times.append(time.perf_counter() - started)
    return min(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    wythoff = [sys.executable, "-m", "wythoff"]
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "WYTHOFF_CACHE": folder}
        subprocess.run(
            [*wythoff, "grundy", "wythoff", "5", "9"], env=env, check=True, capture_output=True
        )
        grundy, value = best([*wythoff, "grundy", "wythoff", "5", "9"], args.repeat, env)
        position, _ = best([*wythoff, "position", "wythoff", "5", "9"], args.repeat, env)
    print(f"grundy 5 9 = {value.strip()}: {grundy:.3f} s; position 5 9: {position:.3f} s")
    print(f"ratio {grundy / position:.2f}x")


if __name__ == "__main__":
    main()
