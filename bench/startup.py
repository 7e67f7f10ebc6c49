"""Start-up time of the command line, as a ratio against a bare interpreter.

A user who types ``wythoff terms wythoff-a --count 1`` waits for the
interpreter, the command layer and whatever the command imports.  The baseline
is ``python3 -c pass`` with the same interpreter, measured in the same run,
alternating with the command so that drift of the machine's speed cancels out.
Target: ratio <= 5.

Run: ``python bench/startup.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "terms wythoff-a --count 1": ["-m", "wythoff", "terms", "wythoff-a", "--count", "1"],
    "position wythoff 3 5": ["-m", "wythoff", "position", "wythoff", "3", "5"],
    "--help": ["-m", "wythoff", "--help"],
}
BASELINE = ["-c", "pass"]


def wall(arguments: list[str]) -> float:
    """Seconds for one whole process ``python ARGUMENTS`` (output discarded)."""
    started = time.perf_counter()
    subprocess.run([sys.executable, *arguments], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed pairs per command")
    runs = parser.parse_args().runs
    print(f"{'command':<30} {'median s':>9} {'bare s':>8} {'ratio':>6}")
    for label, arguments in COMMANDS.items():
        wall(arguments)  # warm the file cache
        pairs = [(wall(arguments), wall(BASELINE)) for _ in range(runs)]
        command = statistics.median(a for a, _ in pairs)
        bare = statistics.median(b for _, b in pairs)
        ratio = statistics.median(a / b for a, b in pairs)
        print(f"{label:<30} {command:9.3f} {bare:8.3f} {ratio:6.1f}")


if __name__ == "__main__":
    main()
