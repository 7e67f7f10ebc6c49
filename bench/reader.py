"""The time a scripted reader needs for three tasks on a built site, cold cache.

A reader in headless Chromium does, as a person would:

1. find: from the home page, get to the page of Connell's 3-Wythoff game by its
   name: with a search box in the header, type the name and follow the first
   result that bears it; without one, follow the navigation to the index of all
   games and the row with that name (from a home page that shows no navigation,
   by its link to the game's family, the one bearing the name's first word, and
   the row with the name there).  The clock stops when the game page's heading
   is visible.
2. download: from that game page, get its P-positions as CSV: the page's own CSV
   link where it has one, else its link to the SQL console (which runs the query)
   and the console's Download CSV.  The clock stops when the file is saved; it
   must have x and y columns and more than 10 rows.
3. identify: on the Identify page (its address read from the home page's
   navigation beforehand), enter the first terms of the lower Wythoff sequence
   from n = 1 and submit.  The clock stops when the first line naming a sequence
   is visible: the verdict line where the page gives one, else the first result.

The reader types and clicks at once, without a person's pauses: a form sent before
the page's script has taken it over is sent by the browser itself (the line of the
task says so).  Each strategy is chosen by what the page holds, not by a flag.
Every run starts in a fresh browser context (nothing cached) at the task's first
navigation.  Printed per window size and task: the median seconds of ``--runs``
runs and the median bytes received until the clock stops (headers and bodies as
encoded on the wire, where Chromium reports them; a file downloaded from the site
counts its size), the way each task went and what it read.

With ``--baseline OTHER_SITE`` the same tasks run on another build (for instance
one of an earlier commit), run for run alternately with the site, and the table
gives the ratios of the times and of the bytes (site / baseline).

Run: ``python bench/reader.py [SITE] [--baseline SITE] [--runs 5] [--desktop-only]``
(needs Debian's chromium and Playwright; each site is served by ``wythoff serve``).
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from playwright.sync_api import Browser, Locator, Page, Request, sync_playwright
from wythoff.website.serve import in_background

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the browser as the browser tests run it
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

WINDOWS = {"desktop": (1280, 800), "phone": (390, 844)}
GAME = "Connell's 3-Wythoff game"  # what a reader types: the game's name
TERMS = "1, 3, 4, 6, 8, 9, 11, 12"  # lower Wythoff, A000201 from n = 1
TIMEOUT_MS = 60_000
NAMING = re.compile(r"^\s*(verdict|sequence):")  # Identify's lines that name a sequence


@dataclasses.dataclass(frozen=True)
class Run:
    """One run of a task: wall seconds, bytes received, how it went, what it read."""

    seconds: float
    received: int
    way: str
    read: str = ""


@dataclasses.dataclass(frozen=True)
class Site:
    """A served site and the addresses the tasks start from."""

    base: str
    downloads: Path
    identify: str = ""
    game: str = ""


def received(requests: list[Request]) -> int:
    """Bytes received for ``requests``: headers, and the body as encoded on the wire
    (where Chromium reports none, as for a worker's script, its Content-Length)."""
    total = 0
    for request in requests:
        response = request.response()
        if response is None:
            continue
        sizes = request.sizes()
        body = sizes["responseBodySize"]
        if body <= 0:
            body = int(response.headers.get("content-length", 0))
        total += max(sizes["responseHeadersSize"], 0) + body
    return total


def navigation(page: Page, name: str) -> Locator | None:
    """The navigation's link ``name``, or None where the page shows no navigation
    (neither beside the content nor behind the menu button of a narrow window)."""
    link = page.locator("nav.md-nav--primary a", has_text=re.compile(rf"^\s*{name}\s*$"))
    menu = page.locator("label.md-header__button[for='__drawer']")
    return link.first if link.first.is_visible() or menu.is_visible() else None


def follow(page: Page, link: Locator) -> None:
    """Click a navigation link: on a narrow window, open the drawer behind the menu
    button and the link's section first, as a person taps them."""
    menu = page.locator("label.md-header__button[for='__drawer']")
    if menu.is_visible():
        menu.click()
        section = link.locator("xpath=ancestor::li[contains(@class, 'md-nav__item--nested')][1]")
        section.locator("xpath=./label[contains(@class, 'md-nav__link')]").first.click()
    link.click()


def find(page: Page, site: Site) -> Run:
    """Task 1: from the home page to the game page, by the header's search box if the
    site has one, else through the navigation to the index of all games.  Where the
    home page shows no navigation, a reader follows its link that bears the name's
    first word (the game's family) and takes the game there if that page lists it."""
    page.goto(site.base)
    box = page.locator("header form[role='search'] input, header input[type='search']")
    if box.count():
        box.first.fill(GAME)
        box.first.press("Enter")
        results = page.locator(".find-results li, .md-search-result__item")
        results.filter(has_text=GAME).first.locator("a").first.click()
        steps = ["header search box", "the first result with the name"]
    else:
        steps = []
        if navigation(page, "All games") is None:
            family = page.locator("article a", has_text=GAME.split("'")[0]).first
            steps.append(f"home page without navigation: its link {family.inner_text()!r}")
            with page.expect_navigation():
                family.click()
        row = page.locator("tr", has=page.get_by_role("cell", name=GAME, exact=True))
        if not row.count():
            games = navigation(page, "All games")
            assert games is not None, f"no navigation to All games on {page.url}"
            follow(page, games)
            steps.append("navigation: All games")
        row.get_by_role("link").first.click()
        steps.append("the row with the name")
    page.locator("h1", has_text=GAME).wait_for(state="visible")
    return Run(0, 0, ", ".join(steps), page.url)


def download(page: Page, site: Site) -> Run:
    """Task 2: the game's P-positions as a CSV file, saved."""
    page.goto(site.game)
    direct = page.locator("article a[href$='p-positions.csv']")
    if direct.count():
        with page.expect_download() as started:
            direct.first.click()
        way = "the game page's CSV link"
    else:
        page.locator("article a[href*='sql/?q='][href*='p_positions']").first.click()
        button = page.locator("#sql-download")
        page.locator("#sql-download:enabled").wait_for()
        with page.expect_download() as started:
            button.click()
        way = "SQL console link, its Download CSV"
    saved = Path(tempfile.mkdtemp(dir=site.downloads)) / started.value.suggested_filename
    started.value.save_as(saved)
    # A download from the site is no request of the page's: its bytes are the file's.
    fetched = saved.stat().st_size if started.value.url.startswith("http") else 0
    return Run(0, fetched, way, str(saved))


def identify(page: Page, site: Site) -> Run:
    """Task 3: Identify's first line naming a sequence, for the lower Wythoff terms."""
    page.goto(site.identify)
    page.get_by_label("Terms", exact=True).fill(TERMS)
    page.get_by_role("button", name="Identify", exact=True).click()
    lines = page.locator("#identify-results li")
    lines.filter(has_text=NAMING).first.wait_for(state="visible")
    verdict = lines.filter(has_text=re.compile(r"^\s*verdict:"))
    way = "verdict line" if verdict.count() else "first result line"
    line = (verdict if verdict.count() else lines.filter(has_text=NAMING)).first.inner_text()
    loaded = page.evaluate("performance.getEntriesByType('navigation')[0].name")
    if "?" in loaded:  # the form was sent before the page's script took it over
        way += " (the submit reloaded the page with ?q=, which answered)"
    return Run(0, 0, way, line)


TASKS: dict[str, Callable[[Page, Site], Run]] = {
    "find": find,
    "download": download,
    "identify": identify,
}


def checked_csv(path: Path) -> str:
    """The downloaded file must be a CSV of x, y with more than 10 rows."""
    with path.open(newline="") as handle:
        rows = list(csv.reader(handle))
    if not rows or not {"x", "y"} <= set(rows[0]) or len(rows) - 1 <= 10:
        raise SystemExit(f"{path.name}: not a CSV of x, y with more than 10 rows: {rows[:3]}")
    return f"{path.name}: {len(rows) - 1} rows, columns {','.join(rows[0])}"


def timed(browser: Browser, window: tuple[int, int], task: Callable, site: Site) -> Run:
    """One run of ``task`` in a fresh context, from its first navigation."""
    viewport = {"width": window[0], "height": window[1]}
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    context.set_default_timeout(TIMEOUT_MS)
    finished: list[Request] = []
    context.on("requestfinished", lambda request: finished.append(request))
    page = context.new_page()
    started = time.perf_counter()
    run = task(page, site)
    seconds = time.perf_counter() - started
    done = list(finished)
    read = checked_csv(Path(run.read)) if task is download else run.read
    run = Run(seconds, received(done) + run.received, run.way, read)
    context.close()
    return run


def identify_address(browser: Browser, base: str) -> str:
    """Where the home page's navigation links Identify (read before any clock)."""
    page = browser.new_page()
    page.goto(base)
    link = page.locator("nav.md-nav--primary a", has_text=re.compile(r"^\s*Identify\s*$"))
    address = urljoin(page.url, link.first.get_attribute("href"))
    page.close()
    return address


def measure(sites: dict[str, Path], runs: int, windows: dict[str, tuple[int, int]]) -> dict:
    """Every task's runs, per window and site: ``{(window, task, site): [Run, ...]}``.
    The sites take turns run by run, so that a busy machine slows both alike."""
    found: dict[tuple[str, str, str], list[Run]] = {}
    with ExitStack() as stack, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        downloads = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="reader-")))
        served = {}
        for name, path in sites.items():
            if not (path / "index.html").is_file():
                raise SystemExit(f"no built site at {path}: build one with 'wythoff site'")
            base = stack.enter_context(in_background(path))
            served[name] = Site(base, downloads, identify_address(browser, base))
        for window_name, window in windows.items():
            for task_name, task in TASKS.items():
                for _ in range(runs):
                    for name, site in served.items():
                        run = timed(browser, window, task, site)
                        found.setdefault((window_name, task_name, name), []).append(run)
                        if task is find:
                            served[name] = dataclasses.replace(site, game=run.read)
        browser.close()
    return found


def print_table(found: dict, sites: list[str], windows: dict[str, tuple[int, int]]) -> None:
    """Median seconds and KB per task and site and their ratios (site / baseline),
    then how each task went and what it read (in the last run)."""
    header = ["window", "task", *(f"{name} {unit}" for name in sites for unit in ("s", "KB"))]
    if len(sites) == 2:
        header += ["s ratio", "KB ratio"]
    print("  ".join(f"{h:>11}" for h in header))
    for window in windows:
        for task in TASKS:
            cells, seconds, kb = [window, task], [], []
            for name in sites:
                tries = found[(window, task, name)]
                seconds.append(statistics.median(run.seconds for run in tries))
                kb.append(statistics.median(run.received for run in tries) / 1024)
                cells += [f"{seconds[-1]:.2f}", f"{kb[-1]:.0f}"]
            if len(sites) == 2:
                cells += [f"{seconds[0] / seconds[1]:.2f}", f"{kb[0] / kb[1]:.2f}"]
            print("  ".join(f"{cell:>11}" for cell in cells))
    runs = len(next(iter(found.values())))
    sizes = ", ".join(f"{name} {w}x{h}" for name, (w, h) in windows.items())
    print(f"median of {runs} runs, each in a fresh browser context; windows {sizes}")
    for (window, task, name), tries in found.items():
        read = urlsplit(tries[-1].read).path if task == "find" else tries[-1].read
        print(f"{window} {task} on {name}: {tries[-1].way} -> {read}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=ROOT / "build" / "site", type=Path)
    parser.add_argument("--baseline", type=Path, help="another built site, measured alongside")
    parser.add_argument("--runs", type=int, default=5, help="runs per task; the median is shown")
    parser.add_argument("--desktop-only", action="store_true", help="skip the phone-size window")
    options = parser.parse_args()
    sites = {"site": options.site}
    if options.baseline:
        sites["baseline"] = options.baseline
    windows = {"desktop": WINDOWS["desktop"]} if options.desktop_only else WINDOWS
    print_table(measure(sites, options.runs, windows), list(sites), windows)


if __name__ == "__main__":
    main()
