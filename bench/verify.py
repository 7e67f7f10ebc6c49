"""``wythoff verify`` against the build that made the database it checks.

The baseline is ``wythoff build`` of the same configuration, run first in the same
run (with an empty cache folder, so that it computes everything it stores); then
``wythoff verify`` checks what it wrote.  Both are timed as whole processes, wall
clock and CPU (the processes and their children), and the ratios printed: the
promise is that checking a database costs no more than building it.  Without
``--config`` the build is the default one.

Run: ``python bench/verify.py [--config FILE] [--board SIDE]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCRIPT = shutil.which("wythoff", path=str(Path(sys.executable).parent)) or "wythoff"


def timed(command: list[str], environment: dict[str, str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (children) and exit status of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=environment, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", help="the build's configuration (default: the defaults)")
    parser.add_argument("--board", help="wythoff verify's --board")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-verify-") as scratch:
        root = Path(scratch)
        environment = {**os.environ, "WYTHOFF_CACHE": str(root / "cache")}
        build = [SCRIPT, "build", "--quiet", "--output", str(root / "data")]
        if options.config:
            build += ["--config", options.config]
        build_wall, build_cpu, status = timed(build, environment)
        assert status == 0, "the build failed"
        verify = [SCRIPT, "verify", "--quiet", "--db", str(root / "data" / "wythoff.sqlite")]
        if options.board:
            verify += ["--board", options.board]
        verify_wall, verify_cpu, status = timed(verify, environment)
        print(f"build:  {build_wall:8.1f} s wall, {build_cpu:8.1f} s CPU")
        print(f"verify: {verify_wall:8.1f} s wall, {verify_cpu:8.1f} s CPU (status {status})")
        print(f"ratio verify/build: {verify_wall / build_wall:.2f}x wall, "
              f"{verify_cpu / build_cpu:.2f}x CPU")  # fmt: skip


if __name__ == "__main__":
    main()
