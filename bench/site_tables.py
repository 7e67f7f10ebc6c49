"""Benchmark of the site's tables written in HTML against the same site with every
table written in Markdown (the baseline, as the site was rendered before).

Both render the same database into a site of their own, in this process, one after
the other: ``wythoff site --db DB --output DIR --quiet``.  The baseline is the same
code with no cell counted as plain text (:data:`wythoff.website.markdown.PLAIN_CELL`
matching nothing), so that every table is a pipe table for Markdown to parse (and
:mod:`wythoff.website.kept_tables` has none to keep).  The two sites must be the
same, byte for byte.  Prints each render's wall clock and processor time (this
process and the processes it waited for: MkDocs, the pictures' workers) and the
ratios.

Run: ``python bench/site_tables.py --db data/wythoff.sqlite`` (the database of a
build, such as the one ``make`` writes).
"""

from __future__ import annotations

import argparse
import filecmp
import re
import resource
import tempfile
import time
from pathlib import Path

from wythoff.cli import main as wythoff
from wythoff.website import markdown


def processor() -> float:
    """Processor seconds of this process and of its children waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def render(database: Path, site: Path) -> tuple[float, float]:
    """Wall clock and processor seconds of ``wythoff site`` into ``site``."""
    wall, cpu = time.perf_counter(), processor()
    status = wythoff(["site", "--db", str(database), "--output", str(site), "--quiet"])
    if status != 0:
        raise SystemExit(f"wythoff site failed ({status})")
    return time.perf_counter() - wall, processor() - cpu


def differing(left: Path, right: Path) -> list[str]:
    """The files of either site that the other has not, or not byte for byte."""

    def files(site: Path) -> set[Path]:
        return {path.relative_to(site) for path in site.rglob("*") if path.is_file()}

    found = []
    for name in sorted(files(left) | files(right)):
        a, b = left / name, right / name
        if not (a.is_file() and b.is_file() and filecmp.cmp(a, b, shallow=False)):
            found.append(str(name))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=Path("data/wythoff.sqlite"))
    database = parser.parse_args().db
    plain = markdown.PLAIN_CELL
    with tempfile.TemporaryDirectory(prefix="site-tables-") as folder:
        root = Path(folder)
        markdown.PLAIN_CELL = re.compile(r"(?!)")  # no cell plain: every table in Markdown
        try:
            baseline = render(database, root / "baseline")
        finally:
            markdown.PLAIN_CELL = plain
        ours = render(database, root / "ours")
        different = differing(root / "baseline", root / "ours")
    print(f"{'':10} {'wall s':>8} {'processor s':>12}")
    for name, (wall, cpu) in (("baseline", baseline), ("ours", ours)):
        print(f"{name:10} {wall:8.1f} {cpu:12.1f}")
    print(f"{'ratio':10} {ours[0] / baseline[0]:8.2f} {ours[1] / baseline[1]:12.2f}")
    print("sites byte for byte the same" if not different else f"sites differ: {different[:5]}")
    if different:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
