"""Lighthouse scores and page weights of a built site, on five pages.

Serves a built site with ``wythoff serve`` (byte ranges and gzip, as a static
host) and runs npm ``lighthouse`` (a devDependency in ``package.json``, never
part of the site) in Debian's headless Chromium on the home page, a sequence
page, two game pages (Wythoff's game; a Larsson game, whose heading KaTeX renders)
and the SQL console.  Prints, per page, the performance,
accessibility and best-practices scores (0-100, Lighthouse's default mobile
settings) and the bytes transferred while the page loads (before any user
action), and whether each meets the site's targets.

With ``--baseline OTHER_SITE`` the same pages of another build (for instance
one of an earlier commit) are measured in the same run and printed beside,
with the ratio of the transferred bytes.  ``--audits`` lists, per page, the
audits that did not pass in full: what to fix.

Run: ``python bench/lighthouse.py [SITE] [--baseline SITE] [--audits]``
(needs ``npm ci`` for ``node_modules/.bin/lighthouse`` and Debian's chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from wythoff.website import paths
from wythoff.website.serve import in_background

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")
TARGETS = {"performance": 90, "accessibility": 95, "best-practices": 95}
GAME_PERFORMANCE = 95  # a game page, where people play: performance >= 95
HOME_BUDGET = 300 * 1024  # bytes the home page may transfer before any user action
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run"


@dataclass(frozen=True)
class Report:
    """What Lighthouse measured on one page."""

    scores: dict[str, int]
    transferred: int
    failing: list[str]


def pages() -> dict[str, str]:
    """The measured pages: name and URL relative to the site's root.  Two game pages:
    Wythoff's game, and a Larsson game whose heading is rendered by KaTeX."""
    home = paths.home()
    return {
        "home": "",
        "sequence": paths.url(home, paths.sequence("wythoff-a")),
        "game": paths.url(home, paths.game("wythoff")),
        "game tex": paths.url(home, paths.game("larsson-modulo-m2-p3-l2")),
        "sql": paths.url(home, paths.sql_console()),
    }


def run_lighthouse(url: str) -> dict:
    """Lighthouse's JSON result for ``url``, in Debian's headless Chromium."""
    chromium = shutil.which("chromium")
    if chromium is None or not LIGHTHOUSE.exists():
        raise SystemExit("needs Debian's chromium and `npm ci` (node_modules/.bin/lighthouse)")
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        "--output-path=stdout",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
    ]
    environment = {**os.environ, "CHROME_PATH": chromium}
    result = subprocess.run(command, capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        raise SystemExit(f"lighthouse failed on {url}:\n{result.stderr[-2000:]}")
    return json.loads(result.stdout)


def summary(result: dict) -> Report:
    """Scores, transferred bytes and the audits short of full marks in one result."""
    categories = result["categories"]
    audits = result["audits"]
    failing = []
    for name in CATEGORIES:
        for reference in categories[name]["auditRefs"]:
            audit = audits[reference["id"]]
            if reference["weight"] > 0 and audit["score"] is not None and audit["score"] < 1:
                failing.append(f"{name}: {audit['id']} ({audit['score']}) {audit['title']}")
    return Report(
        scores={name: round(100 * (categories[name]["score"] or 0)) for name in CATEGORIES},
        transferred=int(audits["total-byte-weight"]["numericValue"]),
        failing=failing,
    )


def measure(site: Path, runs: int = 1) -> dict[str, Report]:
    """Lighthouse's report on each page of ``site``: of ``runs`` runs, the one with the
    median performance score (a loaded machine scatters single runs)."""
    if not (site / "index.html").is_file():
        raise SystemExit(f"no built site at {site}: build one with 'wythoff site'")
    reports = {}
    with in_background(site) as base:
        for name, path in pages().items():
            tries = sorted(
                (summary(run_lighthouse(base + path)) for _ in range(runs)),
                key=lambda report: report.scores["performance"],
            )
            reports[name] = tries[len(tries) // 2]
    return reports


def meets(name: str, report: Report) -> bool:
    """Whether a page meets every score target (a game page its higher performance
    target, the home page its byte budget)."""
    targets = {**TARGETS, **({"performance": GAME_PERFORMANCE} if name.startswith("game") else {})}
    scores_ok = all(report.scores[c] >= target for c, target in targets.items())
    return scores_ok and (name != "home" or report.transferred <= HOME_BUDGET)


def print_table(reports: dict[str, Report], baseline: dict[str, Report] | None) -> None:
    """One line per page: scores, transferred KB, and the baseline's when given."""
    header = ["page", "perf", "a11y", "best", "KB"]
    if baseline:
        header += ["base perf", "base a11y", "base best", "base KB", "KB ratio"]
    header.append("targets")
    print("  ".join(f"{h:>9}" for h in header))
    for name, report in reports.items():
        cells = [name, *(report.scores[c] for c in CATEGORIES), f"{report.transferred / 1024:.0f}"]
        if baseline:
            before = baseline[name]
            cells += [*(before.scores[c] for c in CATEGORIES), f"{before.transferred / 1024:.0f}"]
            cells.append(f"{report.transferred / before.transferred:.2f}")
        cells.append("met" if meets(name, report) else "MISSED")
        print("  ".join(f"{cell!s:>9}" for cell in cells))
    targets = ", ".join(f"{c} >= {t}" for c, t in TARGETS.items())
    print(
        f"targets: {targets}; game pages performance >= {GAME_PERFORMANCE}; "
        f"home page <= {HOME_BUDGET // 1024} KB transferred"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=ROOT / "build" / "site", type=Path)
    parser.add_argument("--baseline", type=Path, help="another built site, measured alongside")
    parser.add_argument("--audits", action="store_true", help="list the audits short of 100")
    parser.add_argument(
        "--runs", type=int, default=1, help="runs per page; the median performance is shown"
    )
    options = parser.parse_args()
    baseline = measure(options.baseline, options.runs) if options.baseline else None
    reports = measure(options.site, options.runs)
    print_table(reports, baseline)
    if options.audits:
        for name, report in reports.items():
            print(f"\n{name}:")
            for line in report.failing or ["(every audit passed)"]:
                print(f"  {line}")


if __name__ == "__main__":
    main()
