"""The streamed build against the build of another revision: time and peak memory.

Both builds compute the same thing (the Larsson family with m, p <= M, the
other settings at their defaults) in one run, one after the other: the
baseline from a checkout of ``--baseline`` (a git revision of this repository,
made with ``git worktree`` and removed after), this build from the working tree.
Each runs as its own process; its peak resident set size is the kernel's
(``wait4``: the largest of the build's process and the workers it waited for).
The two databases' rows are compared table by table: a table only one of them has
(one added since the baseline), or whose rows differ, is named under the figures,
which then compare builds that did not do the same work.  Each source
first builds m, p <= 2 untimed, so that the fresh checkout's kernels are compiled
and cached before any build is timed.

``--this KEY=VALUE`` sets a key of this build's configuration alone (the baseline
may not know it): with ``grundy_size=4 grundy_rows=1 grundy_positions_max=1``, this
build leaves out most of the Sprague-Grundy tables, which a revision before them does
not compute, so that the two do about the same work.

Run: ``python bench/streaming.py --baseline 31569d3 [--largest 16] [--this KEY=VALUE ...]``.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
COMPARED = ("sequences", "games", "p_positions", "verifications", "crossrefs", "grundy_periods")


@contextmanager
def checkout(revision: str) -> Iterator[Path]:
    """The source root (``builder``) of ``revision``, in a temporary worktree."""
    with tempfile.TemporaryDirectory(prefix="baseline-") as folder:
        tree = Path(folder) / "tree"
        git = ["git", "-C", str(REPOSITORY)]
        subprocess.run([*git, "worktree", "add", "--detach", str(tree), revision], check=True)
        try:
            yield tree / "builder"
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(tree)], check=True)


def run_build(
    source: Path, root: Path, largest: int, settings: Sequence[str] = ()
) -> tuple[float, float]:
    """Wall seconds and peak MB of one build of Larsson m, p <= ``largest`` into ``root``,
    with the configuration's other ``settings`` (``KEY=VALUE`` lines of TOML)."""
    root.mkdir(parents=True)
    config = root / "config.toml"
    config.write_text(
        f'output = "{root / "data"}"\n'
        + "".join(f"{setting}\n" for setting in settings)
        + f"[families]\nlarsson = {{ m = [1, {largest}], p = [1, {largest}] }}\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(source)}
    command = [sys.executable, "-m", "wythoff", "build", "--config", str(config), "--quiet"]
    started = time.perf_counter()
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the build from {source} failed")
    return time.perf_counter() - started, usage.ru_maxrss / 1024


def rows(database: Path) -> dict[str, int]:
    """A digest of the content: each compared table's rows, hashed in order (the
    compared tables that the database has)."""
    with sqlite3.connect(database) as connection:
        digest = {}
        present = {name for (name,) in connection.execute("SELECT name FROM sqlite_master")}
        for table in (t for t in COMPARED if t in present):
            columns = len(connection.execute(f"SELECT * FROM {table} LIMIT 1").description)
            order = ", ".join(str(i + 1) for i in range(columns))
            found = connection.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()
            digest[table] = hash(tuple(found))
        return digest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="a git revision to compare with")
    parser.add_argument("--largest", type=int, nargs="+", default=[8, 16], help="M values")
    parser.add_argument(
        "--this",
        nargs="+",
        default=[],
        metavar="KEY=VALUE",
        help="settings of this build alone (TOML values), e.g. grundy_size=4",
    )
    options = parser.parse_args()
    if options.this:
        print(f"this build with {' '.join(options.this)}")
    heads = ("baseline s", "MB", "streamed s", "MB", "time", "memory")
    print(f"{'m, p <=':>8}" + "".join(f"{head:>12}" for head in heads))
    with checkout(options.baseline) as baseline, tempfile.TemporaryDirectory() as scratch:
        # a first small build of each: the compiled kernels are cached beside the sources,
        # and a fresh checkout would otherwise count their compilation as build time
        for source in (baseline, REPOSITORY / "builder"):
            run_build(source, Path(scratch) / f"warm-{source.parent.name}", 2)
        for largest in options.largest:
            old_root, new_root = Path(scratch) / f"old{largest}", Path(scratch) / f"new{largest}"
            old_s, old_mb = run_build(baseline, old_root, largest)
            new_s, new_mb = run_build(REPOSITORY / "builder", new_root, largest, options.this)
            database = "data/wythoff.sqlite"
            old_rows, new_rows = rows(old_root / database), rows(new_root / database)
            common = sorted(old_rows.keys() & new_rows.keys())
            differ = [t for t in common if old_rows[t] != new_rows[t]]
            print(
                f"{largest:>8}{old_s:12.1f}{old_mb:12.0f}{new_s:12.1f}{new_mb:12.0f}"
                f"{new_s / old_s:12.2f}{new_mb / old_mb:12.2f}",
                flush=True,
            )
            extra = {"baseline": old_rows.keys() - new_rows, "streamed": new_rows.keys() - old_rows}
            for name, only in extra.items():
                if only:
                    print(f"{'':>8}only the {name} build stores {', '.join(sorted(only))}")
            if differ:
                print(f"{'':>8}not the same content: the builds' {', '.join(differ)} differ")


if __name__ == "__main__":
    main()
