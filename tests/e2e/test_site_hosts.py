# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The site within the hosts' limits: the database in parts that join into it,
read across parts by the tools; the database read from another origin
(``data_url``, object storage with CORS and Range); a host's limit that the
configuration would break refused in one line; and no page naming this machine
while the site has no address."""

from __future__ import annotations

import json
import re
import sqlite3
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Page
from wythoff import config as configuration
from wythoff import layout
from wythoff.website import hosts, sitebuild
from wythoff.website.serve import in_background

from tests.helpers.browser import download_bfile, sql_result_rows
from tests.helpers.commands import RELEASES, Build, in_process, render, write_config, wythoff
from tests.helpers.markup import find, links
from tests.helpers.servers import nginx

MIB = 1 << 20
QUERIES = [
    "SELECT count(*) AS rows, max(n) AS last FROM terms",  # pages of every part
    "SELECT game_id FROM p_positions WHERE x = 4 AND y = 7 ORDER BY game_id",
]

# One worker: each of the module's sites, rendered again with other settings, is made once.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("site-hosts")]


@pytest.fixture(scope="module")
def parted(small_build, tmp_path_factory) -> tuple[Path, str]:
    """The site with the database in parts of 1 MiB, for Cloudflare Pages (unmeasured:
    the site rendered for ``published_elsewhere`` runs its lines, in parts of 1 MiB too)."""
    return render(small_build, tmp_path_factory.mktemp("parted"), 'host = "cloudflare"',
                  "max_file_mib = 1", measured=False)  # fmt: skip


def console_rows(page: Page, url: str, query: str) -> list[list[str]]:
    """The console's rows for ``query``; one that reads much of the file (the count of
    every term reads every part) is run on when the console asks first."""
    page.goto(f"{url}sql/?q={quote(query)}")
    shown = page.wait_for_selector("#sql-results .sql-cost, #sql-results .sql-warning")
    if shown is not None and "sql-warning" in (shown.get_attribute("class") or ""):
        page.click("#sql-results .sql-run-anyway")
        page.wait_for_selector("#sql-results .sql-cost")
    return sql_result_rows(page)


def cli_rows(build: Build, query: str) -> list[list[str]]:
    lines = in_process("sql", "--config", str(build.config), query).stdout.splitlines()
    return [line.split(",") for line in lines[1:]]


def test_the_database_is_published_in_parts_that_join_into_it(parted, small_build):
    site, printed = parted
    data = site / "assets" / "data"
    manifest = json.loads((data / "wythoff.sqlite.json").read_text())
    names = manifest["parts"]
    assert len(names) == -(-small_build.database.stat().st_size // MIB) >= 2
    assert all((data / name).stat().st_size <= MIB for name in names)
    joined = b"".join((data / name).read_bytes() for name in names)
    assert joined == small_build.database.read_bytes() and manifest["size"] == len(joined)
    assert manifest["part_size"] == MIB and manifest["base"] == ""
    assert re.search(r"[\d,]+ files, [\d.]+ MB in all, the largest [\d.]+ MiB \(", printed)
    assert "the site fits GitHub Pages, GitLab Pages, Cloudflare Pages, Netlify" in printed
    listing = (site / "downloads" / "index.html").read_text()  # the parts are the download
    parts = re.compile(r"\.\./assets/data/wythoff\.sqlite\.\d+")
    assert [f"../assets/data/{name}" for name in names] == [
        link for link in links(listing) if parts.fullmatch(link)
    ]


def test_the_tools_read_across_parts(page, parted, small_build):
    with in_background(parted[0]) as url:
        for query in QUERIES:
            assert console_rows(page, url, query) == cli_rows(small_build, query), query


def test_a_part_size_over_the_hosts_limit_is_one_line_and_status_2(small_build, tmp_path):
    config = write_config(tmp_path)
    config.write_text('host = "cloudflare"\nmax_file_mib = 30\n' + config.read_text())
    done = wythoff("site", "--config", str(config), "--db", str(small_build.database), check=False)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "max_file_mib = 30 is over what Cloudflare Pages accepts, 25 MiB a file" in done.stderr
    config.write_text(config.read_text().replace('"cloudflare"', '"pages"'))
    done = wythoff("site", "--config", str(config), "--db", str(small_build.database), check=False)
    assert done.returncode == 2 and "host must be one of github, gitlab" in done.stderr


def test_the_bound_known_before_rendering_is_below_the_built_site(parted, small_build):
    """The size :func:`size_before_rendering` counts from the staged files is a lower
    bound of the site MkDocs then builds: a refusal on it is never wrong."""
    site, _ = parted
    config = configuration.load(site.parent / "config.toml", database=str(small_build.database))
    with sqlite3.connect(small_build.database) as connection:
        pages = sum(connection.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                    for t in ("sequences", "games"))  # fmt: skip
    staging = site.parent / "docs"
    bound, sizes = sitebuild.size_before_rendering(staging, small_build.database, config, pages)
    built = hosts.measure(site)
    assert 0 < bound.total <= built.total and pages < bound.files <= built.files
    assert all((site / path).stat().st_size == size for path, size in sizes.items())


ELSEWHERE = 'data_url = "https://data.example.org/w/"\ndownloads_url = "https://example.org/r/"\n'


@pytest.mark.parametrize(
    ("published", "when"),
    [
        # the database's parts alone pass the limit: refused before anything is staged
        ("", "found before any page is written; the heaviest folders: assets/"),
        # with the data elsewhere, the pictures pass it: refused once they are drawn
        (ELSEWHERE, "pages are rendered; the heaviest folders beside them"),
    ],
)
def test_a_site_over_the_hosts_limit_is_refused_before_its_pages_are_rendered(
    small_build, tmp_path, monkeypatch, published, when
):
    config = write_config(tmp_path)
    config.write_text('host = "github"\n' + published + config.read_text())
    limit = hosts.Host("GitHub Pages", max_total=10**6)  # the small site's pictures pass it
    monkeypatch.setitem(hosts.HOSTS, "github", limit)

    def refused(*_: object) -> None:
        raise AssertionError("work done for a site the host refuses")

    monkeypatch.setattr(sitebuild, "_run_mkdocs", refused)
    if not published:
        monkeypatch.setattr(sitebuild, "_stage", refused)
    done = in_process("site", "--config", str(config), "--db", str(small_build.database),
                      "--output", str(tmp_path / "site"), "--quiet", check=False)  # fmt: skip
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "the site is at least" in done.stderr and when in done.stderr, done.stderr
    assert "GitHub Pages accepts sites up to 1.0 MB" in done.stderr
    assert not (tmp_path / "site").exists()


# ----------------------------------------------------------------------------- data_url


CORS = (
    "add_header Access-Control-Allow-Origin * always; "
    "add_header Access-Control-Allow-Headers Range always; "
    'add_header Access-Control-Expose-Headers "Content-Range, Content-Length, ETag" always; '
    "if ($request_method = OPTIONS) { return 204; }"
)


@pytest.fixture(scope="module")
def data_elsewhere(published_elsewhere) -> Iterator[tuple[Path, str, str]]:
    """The site rendered with its database at another origin: nginx on that port with
    the CORS headers that the README's Publish section gives, serving the parts."""
    site, printed, data_url = published_elsewhere
    port = urlsplit(data_url).port
    with nginx(site.parent / "elsewhere" / "data", "nginx-gzip", port=port, extra=CORS):
        yield site, printed, data_url


def test_with_data_url_and_downloads_url_the_files_leave_the_site_and_are_read_there(
    page, data_elsewhere, small_build
):
    site, printed, data_url = data_elsewhere
    manifest = json.loads((site / "assets" / "data" / "wythoff.sqlite.json").read_text())
    assert manifest["base"] == data_url
    assert not list((site / "assets" / "data").glob("wythoff.sqlite.0*"))
    assert "upload " in printed and "/elsewhere/data/* to data_url" in printed
    elsewhere = site.parent / "elsewhere" / "downloads"
    listing = (site / "downloads" / "index.html").read_text()
    for name in ("wythoff.sqlite.zst", "wythoff-data.zip", "terms.parquet"):
        assert (elsewhere / name).is_file() and not (site / "downloads" / name).exists()
        assert f"{RELEASES}{name}" in links(listing)
    with in_background(site) as url:
        for query in QUERIES:
            assert console_rows(page, url, query) == cli_rows(small_build, query), query


def test_with_data_url_a_page_makes_its_b_file_from_the_database_there(
    page, data_elsewhere, small_build
):
    """No b-file is published, in the site or with the database: the page reads its
    terms from the database at ``data_url`` (in parts of 1 MiB) and saves the build's
    b-file, byte for byte."""
    site, _, data_url = data_elsewhere
    assert not list(site.rglob("b-*.txt")) and not list(site.parent.rglob("elsewhere/**/b-*"))
    with in_background(site) as url:
        name, saved, fetched = download_bfile(page, url, "wythoff-a")
    assert name == "b-wythoff-a.txt" and 0 < fetched < 200 * 1024
    assert saved == (small_build.output / layout.bfile("wythoff-a")).read_bytes()


# ----------------------------------------------------------------------------- no address


def test_without_site_url_no_page_names_this_machine(small_build, parted):
    for path in small_build.site.rglob("*"):
        if path.suffix in (".html", ".xml", ".txt", ".json") and path.is_file():
            text = path.read_text(errors="replace")
            assert "127.0.0.1" not in text and "localhost:" not in text, path
            if path.suffix == ".html":
                assert not find(text, "link", rel="canonical"), path
    tree = ElementTree.parse(small_build.site / "sitemap.xml")
    assert list(tree.getroot()) == []  # no page has an address yet
    assert "site_url is not set" in parted[1] and 'set site_url = "https://' in parted[1]
