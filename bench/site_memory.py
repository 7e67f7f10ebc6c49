"""``wythoff site`` against the site of another revision: time and memory, same database.

The working tree builds the Larsson family with m, p <= M once; then the site of
``--baseline`` (a git revision of this repository, checked out with ``git
worktree`` and removed after) and the site of the working tree are rendered from
that database, one after the other, each in its own process.  Two memories are
printed for each: the largest single process (the kernel's ``wait4``: the command,
MkDocs, or a worker drawing pictures), and the most that the command and every
process under it held together, sampled twice a second as the proportional set
size (``/proc/PID/smaps_rollup``: pages shared after a fork counted once).  The two
sites must have the same files before a ratio is printed.

Run: ``python bench/site_memory.py --baseline 960fe78 [--largest 8 16]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from streaming import REPOSITORY, checkout, run_build  # noqa: E402


def tree(pid: int) -> list[int]:
    """``pid`` and every process under it, from the kernel's lists of children."""
    found, waiting = [], [pid]
    while waiting:
        current = waiting.pop()
        found.append(current)
        try:
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        waiting += [int(child) for child in children]
    return found


def pss_mb(pids: list[int]) -> float:
    """The processes' proportional set size, summed, in MB."""
    total = 0
    for pid in pids:
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        total += next(int(line.split()[1]) for line in text.splitlines() if line.startswith("Pss:"))
    return total / 1024


def run_site(source: Path, root: Path, site: Path) -> tuple[float, float, float]:
    """Wall seconds, largest process MB and most held together MB of one ``wythoff
    site`` from ``source`` on the build in ``root`` into ``site``."""
    config = root / "config.toml"
    environment = {**os.environ, "PYTHONPATH": str(source)}
    command = [sys.executable, "-m", "wythoff", "site", "--config", str(config), "--quiet"]
    command += ["--output", str(site)]
    started = time.perf_counter()
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL)
    most = [0.0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            most[0] = max(most[0], pss_mb(tree(process.pid)))
            done.wait(0.5)

    sampler = threading.Thread(target=sample)
    sampler.start()
    _, status, usage = os.wait4(process.pid, 0)
    done.set()
    sampler.join()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the site from {source} failed")
    return time.perf_counter() - started, usage.ru_maxrss / 1024, most[0]


def files(site: Path) -> dict[str, int]:
    """Each file of the site and its size (the pages' build date has the same length)."""
    found = (path for path in site.rglob("*") if path.is_file())
    return {path.relative_to(site).as_posix(): path.stat().st_size for path in found}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="a git revision to compare with")
    parser.add_argument("--largest", type=int, nargs="+", default=[8, 16], help="M values")
    options = parser.parse_args()
    heads = ("base s", "largest", "together", "this s", "largest", "together", "ratio")
    print(f"{'m, p <=':>8}" + "".join(f"{head:>10}" for head in heads) + "  (MB)")
    with checkout(options.baseline) as baseline, tempfile.TemporaryDirectory() as scratch:
        for largest in options.largest:
            root = Path(scratch) / f"m{largest}"
            run_build(REPOSITORY / "builder", root, largest)
            old = run_site(baseline, root, root / "old-site")
            new = run_site(REPOSITORY / "builder", root, root / "new-site")
            if files(root / "old-site") != files(root / "new-site"):
                raise SystemExit(f"m, p <= {largest}: the two sites have different files")
            cells = [f"{old[0]:10.1f}{old[1]:10.0f}{old[2]:10.0f}"]
            cells += [f"{new[0]:10.1f}{new[1]:10.0f}{new[2]:10.0f}{new[2] / old[2]:10.2f}"]
            print(f"{largest:>8}" + "".join(cells), flush=True)


if __name__ == "__main__":
    main()
