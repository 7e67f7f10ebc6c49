"""Start-up time of the command line, as a ratio against a bare interpreter.

A user who types ``wythoff terms wythoff-a --count 1`` waits for the
interpreter, the command layer and whatever the command imports.  The command
is the installed console script; the baseline is ``python3 -c pass`` with the
same interpreter, measured in the same run, alternating with the command so that
drift of the machine's speed cancels out.  The package's bytecode is compiled
first, as ``pip install`` does for a wheel (with ``PYTHONDONTWRITEBYTECODE`` set
and no compiled files, every module would be compiled again on every run).
Target: every ratio <= 4.  The last line times ``python -c "import argparse"``,
the floor of any command parsed by the standard library's argparse, as the
command line is: what the package adds is the difference.

Run: ``python bench/startup.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import compileall
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

SCRIPT = shutil.which("wythoff", path=str(Path(sys.executable).parent)) or "wythoff"
COMMANDS = {
    "terms wythoff-a --count 1": [SCRIPT, "terms", "wythoff-a", "--count", "1"],
    "terms connell-k3-u1 --count 10": [SCRIPT, "terms", "connell-k3-u1", "--count", "10"],
    "position wythoff 3 5": [SCRIPT, "position", "wythoff", "3", "5"],
    "--help": [SCRIPT, "--help"],
    "(floor) python -c 'import argparse'": [sys.executable, "-c", "import argparse"],
}
BASELINE = [sys.executable, "-c", "pass"]


def wall(command: list[str]) -> float:
    """Seconds for one whole process running ``command`` (output discarded)."""
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed pairs per command")
    runs = parser.parse_args().runs
    import wythoff

    compileall.compile_dir(Path(wythoff.__file__).parent, quiet=1)
    print(f"{'command':<36} {'median s':>9} {'bare s':>8} {'ratio':>6}")
    for label, arguments in COMMANDS.items():
        wall(arguments)  # warm the file cache
        pairs = [(wall(arguments), wall(BASELINE)) for _ in range(runs)]
        command = statistics.median(a for a, _ in pairs)
        bare = statistics.median(b for _, b in pairs)
        ratio = statistics.median(a / b for a, b in pairs)
        print(f"{label:<36} {command:9.3f} {bare:8.3f} {ratio:6.1f}")


if __name__ == "__main__":
    main()
