"""One small real build (database, exports, site), shared by the end-to-end tests.

Built once per test run through the real command line (``wythoff build`` and
``wythoff site``), even with several pytest-xdist workers (``made_once``), and
served over HTTP on localhost for the browser tests.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from wythoff.website.serve import in_background

from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, Tab, new_context, stop_watching
from tests.helpers.caches import lying_cache
from tests.helpers.commands import (
    ISSUES,
    RELEASES,
    SUB_PATH_URL,
    TINY_BUILD_DATE,
    Build,
    build_and_site,
    made_once,
    render,
    tiny_config,
    wythoff,
)
from tests.helpers.servers import free_port


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules of this tier that need no shared build run first (each module's tests
    in their order): the first worker to need the small build makes it while the other
    runs those, where both used to begin by waiting for it."""
    here = Path(__file__).parent
    places = [i for i, item in enumerate(items) if item.path.parent == here]
    shared = {items[i].path for i in places if "small_build" in items[i].fixturenames}
    tier = sorted((items[i] for i in places), key=lambda item: item.path in shared)
    for i, item in zip(places, tier, strict=True):
        items[i] = item


@pytest.fixture(scope="session")
def run_directory(tmp_path_factory) -> Path:
    """This test run's temporary directory, shared by its xdist workers (whose own
    directories sit one level below it) and never by an earlier run."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if base.name.startswith("popen-gw") else base


@pytest.fixture(scope="session")
def small_build(run_directory) -> Build:
    return Build.at(made_once(run_directory, "small-build", build_and_site))


def make_tiny_build(root: Path) -> None:
    """Built beside a user's cache that lies (:func:`tests.helpers.caches.lying_cache`),
    which the build must not read (test_build checks its rows)."""
    lying = root / "lying-cache"
    lying_cache(lying / "grundy-rows")
    dated = {**os.environ, "SOURCE_DATE_EPOCH": TINY_BUILD_DATE, "WYTHOFF_CACHE": str(lying)}
    wythoff("build", "--config", str(tiny_config(root)), "--quiet", env=dated)


@pytest.fixture(scope="session")
def tiny_build(run_directory) -> Build:
    """The build of :func:`tiny_config` (no site) dated ``TINY_BUILD_DATE``, made once for
    the run: read as it is, or copied by ``commands.copy_of_tiny_build`` for a test that
    builds again over it."""
    return Build.at(made_once(run_directory, "tiny-build", make_tiny_build))


ROW_FAMILIES = "[families]\nwythoff = { row = [1, 1] }\n"  # Wythoff's family and G(1, n)


@pytest.fixture(scope="session")
def row_build(run_directory) -> Build:
    """Wythoff's family with its Sprague-Grundy row 1, which the small build has not (a
    few seconds): what a row's page draws."""
    made = made_once(
        run_directory,
        "grundy-row-build",
        lambda root: build_and_site(root, ROW_FAMILIES, terms=200, ppositions_max=50),
    )
    return Build.at(made)


@pytest.fixture(scope="session")
def published_elsewhere(small_build, run_directory) -> tuple[Path, str, str]:
    """The small build's site rendered again as published away from this machine, made
    once for the run: its address under a sub-path (``site_url``, what test_site_citable
    reads, with ``issues_url``), its database in parts of 1 MiB at another origin
    (``data_url``, a port of this machine that test_site_hosts serves by nginx) and its
    downloads at a release's address.  Its folder, what ``wythoff site`` printed, and
    the ``data_url``."""

    def make(root: Path) -> None:
        data_url = f"http://127.0.0.1:{free_port()}/"
        _, printed = render(small_build, root, f'site_url = "{SUB_PATH_URL}"',
                            f'data_url = "{data_url}"', f'downloads_url = "{RELEASES}"',
                            f'issues_url = "{ISSUES}"', "max_file_mib = 1")  # fmt: skip
        (root / "printed.txt").write_text(printed)
        (root / "data_url.txt").write_text(data_url)

    root = made_once(run_directory, "published-elsewhere", make)
    return root / "site", (root / "printed.txt").read_text(), (root / "data_url.txt").read_text()


@pytest.fixture(scope="session")
def site_url(small_build) -> Iterator[str]:
    """The built site, served by ``wythoff serve`` (as any static host would)."""
    with in_background(small_build.site) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Browser:
    """Debian's Chromium, headless, started once for each worker by the first test that
    asks (Playwright and Chromium take one to two seconds to start): its tests take one
    page in turn (:func:`page`).  While it runs, Playwright's event loop counts as
    the thread's running loop, so a test in process must not call ``asyncio.run``."""
    assert CHROMIUM.exists(), (
        f"Chromium is missing at {CHROMIUM}: install Debian's chromium package "
        "(the browser tests never skip)"
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def tab(browser: Browser) -> Iterator[Tab]:
    """The worker's page, which its tests take in turn (:class:`Tab`)."""
    tab = Tab(browser)
    yield tab
    tab.close()


@pytest.fixture
def page(tab: Tab) -> Iterator[Page]:
    """A page as new: nothing cached, stored or listened to from an earlier test."""
    yield tab.take()
    tab.give_back()


@pytest.fixture
def cold_page(browser: Browser) -> Iterator[Page]:
    """A new page in a context of its own, whose renderer has compiled nothing yet: for
    what a reader's first visit costs (bytes on the wire, shifts while fonts load)."""
    context = new_context(browser)
    page = context.new_page()
    yield page
    stop_watching(page)
    context.close()
