"""Driving the built site in Debian's headless Chromium (Playwright): the browser's
settings, and what a page reports while a test uses it."""

from __future__ import annotations

import csv
import io
import re
import urllib.parse
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, CDPSession, Error, Page, Response

from tests.helpers.commands import Build, in_process

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # SQLite's WebAssembly compiled by V8's baseline compiler only: optimizing it too, for
    # queries that last milliseconds, cost more CPU than it saved on each visit of a tool.
    "--js-flags=--liftoff-only",
]
TIMEOUT_MS = 30_000  # the longest any wait may take (loading SQLite and the database)
VIEWPORT = {"width": 1280, "height": 720}  # Playwright's, that of every new page


def new_context(browser: Browser, **options: object) -> BrowserContext:
    """A context as every test's: downloads accepted, waits bounded by ``TIMEOUT_MS``."""
    context = browser.new_context(accept_downloads=True, **options)
    context.set_default_timeout(TIMEOUT_MS)
    return context


class Tab:
    """One page that a worker's tests take in turn, left after each as a new page is.

    A new page costs Chromium more CPU before it shows anything (its frame, its
    renderer's first document, every script compiled afresh) than a navigation in a
    page already open, and the browser tests of a run open hundreds.  Between two tests
    the page goes to ``about:blank`` (which ends the last document, its workers and its
    requests), and everything a test could leave behind is emptied: the HTTP cache, the
    cookies and the storage of every origin visited (local, session, IndexedDB, caches),
    the listeners of its :class:`Watch` objects, the viewport, the emulated colour
    scheme and the mouse's place.  What cannot be
    undone (an init script) needs a page of its own: the ``cold_page`` fixture.
    """

    def __init__(self, browser: Browser) -> None:
        self._browser = browser
        self._page: Page | None = None
        self._devtools: CDPSession | None = None  # the page's, for what Playwright has not
        self._origins: set[str] = set()

    def take(self) -> Page:
        if self._page is None or self._page.is_closed():
            self._page = new_context(self._browser).new_page()
            self._page.on("framenavigated", lambda frame: self._origins.add(origin(frame.url)))
            self._devtools = self._page.context.new_cdp_session(self._page)
        return self._page

    def give_back(self) -> None:
        """Leave the page as new; a page that cannot be is closed, and the next test
        takes a new one."""
        page, devtools = self._page, self._devtools
        if page is None or devtools is None:
            return
        stop_watching(page)
        try:
            page.goto("about:blank")
            for visited in self._origins - {"null"}:
                devtools.send(
                    "Storage.clearDataForOrigin", {"origin": visited, "storageTypes": "all"}
                )
            self._origins.clear()
            devtools.send("Network.clearBrowserCache")
            page.context.clear_cookies()
            if page.viewport_size != VIEWPORT:
                page.set_viewport_size(VIEWPORT)
            page.emulate_media(color_scheme="light")
            page.mouse.move(0, 0)
        except Error:
            self.close()

    def close(self) -> None:
        if self._page is not None:
            self._page.context.close()
        self._page = self._devtools = None


def origin(url: str) -> str:
    """The origin of ``url`` as the DevTools protocol writes it (``null`` for about:)."""
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.netloc else "null"


_WATCHES: dict[Page, list[Watch]] = {}


def stop_watching(page: Page) -> None:
    """Remove the listeners of every :class:`Watch` of ``page``."""
    for watch in _WATCHES.pop(page, []):
        watch.stop()


class Watch:
    """What a page reports from now on: errors, every request and every response.

    The network is watched on the page's context, so that requests made by the
    page's workers (the search index) count too.
    """

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.responses: list[Response] = []
        network = page.context
        self._listeners = [
            (page, "console", self._console),
            (page, "pageerror", lambda error: self.errors.append(f"uncaught exception: {error}")),
            (network, "request", lambda request: self.requests.append(request.url)),
            (
                network,
                "requestfailed",
                lambda r: self.errors.append(f"failed: {r.url} ({r.failure})"),
            ),
            (network, "response", self._response),
        ]
        for target, event, listener in self._listeners:
            target.on(event, listener)
        _WATCHES.setdefault(page, []).append(self)

    def stop(self) -> None:
        for target, event, listener in self._listeners:
            target.remove_listener(event, listener)

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def _response(self, response: Response) -> None:
        self.responses.append(response)
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")


def visit(page: Page, url: str) -> Watch:
    """Open ``url`` and wait until the network is idle; what happened on the way."""
    watch = Watch(page)
    page.goto(url, wait_until="networkidle")
    return watch


def open_tool(page: Page, url: str, root_id: str) -> Watch:
    """Open a tool page and wait until its script says it is ready."""
    watch = Watch(page)
    page.goto(url)
    page.wait_for_selector(f"#{root_id}[data-ready='true']", state="attached")
    return watch


def cli_sql(build: Build, query: str) -> str:
    """The CSV text of ``wythoff sql`` on the small database (in this process: the
    command's own process is tested in test_sql_guard)."""
    return in_process("sql", "--config", str(build.config), query).stdout


def cli_rows(build: Build, query: str) -> list[list[str]]:
    """The rows of ``wythoff sql`` (without the header), as strings."""
    return list(csv.reader(io.StringIO(cli_sql(build, query))))[1:]


def cli_position(game: str, x: int | str, y: int | str) -> list[str]:
    """``wythoff position``'s first line: ["P"] or ["N", x2, y2], the first winning move
    (in this process: the command's own process is tested in tests/cli)."""
    return in_process("position", game, str(x), str(y)).stdout.splitlines()[0].split()


def table_rows(page: Page, headers: list[str]) -> list[list[str]]:
    """The body cells (text) of the first table of the page with these column headers."""
    rows = page.evaluate(
        """(headers) => {
            for (const table of document.querySelectorAll("article table")) {
                const names = Array.from(table.querySelectorAll("thead th"),
                    (th) => th.textContent.trim());
                if (JSON.stringify(names) === JSON.stringify(headers)) {
                    return Array.from(table.querySelectorAll("tbody tr"),
                        (tr) => Array.from(tr.cells, (td) => td.textContent.trim()));
                }
            }
            return null;
        }""",
        headers,
    )
    assert rows is not None, f"no table with columns {headers} on {page.url}"
    return rows


def sql_result_rows(page: Page) -> list[list[str]]:
    """The result table of the SQL console, NULL as an empty string (as CSV writes it)."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll("#sql-results tbody tr"),
            (tr) => Array.from(tr.cells,
                (td) => td.classList.contains("sql-null") ? "" : td.textContent))"""
    )


def run_sql(page: Page, query: str) -> None:
    """Type a query in the console and run it (the previous result is cleared first)."""
    page.evaluate("() => document.getElementById('sql-results').replaceChildren()")
    page.fill("#sql-input", query)
    page.click("#sql-run")
    page.wait_for_selector("#sql-results > *")


def check_position(page: Page, game: str, x: str, y: str) -> None:
    page.fill("#position-game", game)
    page.fill("#position-x", x)
    page.fill("#position-y", y)
    page.evaluate("() => document.getElementById('position-result').replaceChildren()")
    page.click("#position-check")
    page.wait_for_selector("#position-result > *")


def verdict(page: Page) -> str:
    """The P/N answer of the position checker."""
    return page.locator("#position-result .position-verdict strong").inner_text()


def winning_targets(page: Page) -> list[tuple[int, int]]:
    """The targets (x2, y2) of every winning move the checker lists, in its order."""
    items = page.locator("#position-result .position-moves li").all()
    texts = [item.locator("code.position-pair").nth(1).inner_text() for item in items]
    pairs = [re.fullmatch(r"\((\d+), (\d+)\)", text) for text in texts]
    assert all(pairs), f"not positions: {texts!r}"
    return [(int(m.group(1)), int(m.group(2))) for m in pairs if m]


def winning_target(page: Page) -> tuple[str, str]:
    """The target (x2, y2) of the first winning move the checker lists."""
    text = (
        page.locator("#position-result .position-moves li")
        .first.locator("code.position-pair")
        .nth(1)
        .inner_text()
    )
    match = re.fullmatch(r"\((\d+), (\d+)\)", text)
    assert match, f"not a position: {text!r}"
    return match.group(1), match.group(2)


def download_bfile(page: Page, site_url: str, sequence_id: str) -> tuple[str, bytes, int]:
    """Open the sequence's page and download its b-file, which the page makes from the
    published database: the file's name, its bytes, and the bytes the page fetched for
    it (as its status line says them: every range request of the query, schema included)."""
    page.goto(f"{site_url}sequences/{sequence_id}/")
    button = page.get_by_role("button", name=re.compile(r"^b-file \(\d[\d,]* terms\)$"))
    with page.expect_download() as download_info:
        button.click()
    download = download_info.value
    fetched = page.wait_for_selector("#b-file[data-bytes]").get_attribute("data-bytes")
    return download.suggested_filename, Path(download.path()).read_bytes(), int(fetched or 0)


def response_bytes(response: Response) -> int:
    """The bytes of a response as received: headers and body.  (The body is measured
    itself: Chromium reports a body size of 0 for a worker's script.)"""
    headers = response.request.sizes()["responseHeadersSize"]
    body = 0 if 300 <= response.status < 400 else len(response.body())
    return headers + body


def fetch(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.read()


# ----------------------------------------------------------------------------- accessibility

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
LAYOUT_SHIFT_LIMIT = 0.1  # Lighthouse's "good" cumulative layout shift


def axe_violations(page: Page) -> list[str]:
    """axe-core's WCAG 2 A/AA violations on the open page, one line per element.  Every
    rule runs on every element; only the violations are gathered in full (axe's
    ``resultTypes``: the passes, which nobody reads here, took half its time)."""
    assert AXE.exists(), f"{AXE} is missing: run npm ci (axe-core is a devDependency)"
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """(tags) => axe.run(document,
            {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})""",
        TAGS,
    )
    return [
        f"{rule['id']}: {node['target']} {node['failureSummary'][:200]}"
        for rule in result["violations"]
        for node in rule["nodes"]
    ]


def watch_layout_shifts(page: Page) -> None:
    """Add up the page's layout shifts not caused by input (from the next navigation
    on), as Lighthouse's cumulative layout shift does; read with :func:`layout_shift`."""
    page.add_init_script(
        """window.layoutShift = 0;
        window.addShifts = (entries) => {
            for (const entry of entries)
                if (!entry.hadRecentInput) window.layoutShift += entry.value;
        };
        window.layoutShifts = new PerformanceObserver((list) => addShifts(list.getEntries()));
        window.layoutShifts.observe({type: "layout-shift", buffered: true});"""
    )


def layout_shift(page: Page) -> float:
    """The layout shifts so far, once the page has settled: its fonts loaded, and two
    frames drawn after that (the layout the fonts give, then a frame that reports its
    shifts), whose shifts are taken from the observer rather than awaited."""
    return page.evaluate(
        """() => document.fonts.ready
            .then(() => new Promise((drawn) =>
                requestAnimationFrame(() => requestAnimationFrame(drawn))))
            .then(() => {
                addShifts(window.layoutShifts.takeRecords());
                return window.layoutShift;
            })"""
    )
