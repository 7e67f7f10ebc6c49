"""Every page citable and found: the footer states the licence and how to cite this
version, the sitemap lists every page, and the 404 page works under a sub-path."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from tests.helpers.commands import SUB_PATH_URL, write_config, wythoff
from tests.helpers.markup import find, first, links

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


@pytest.fixture(scope="module")
def sub_path_site(published_elsewhere) -> Path:
    """The small build's site rendered again for publication under a sub-path (the
    render that test_site_hosts reads its database elsewhere from): its folder."""
    return published_elsewhere[0]


def with_site_url(config: Path, url: str) -> Path:
    config.write_text(f"site_url = {url!r}\n" + config.read_text())
    return config


def pages(site: Path) -> list[str]:
    """The site's pages as URL paths ('' for the home page)."""
    found = (p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    return sorted("" if path == "." else f"{path}/" for path in found)


def test_every_page_footer_gives_the_licence_and_the_citation(small_build):
    version = wythoff("--version").stdout.split()[-1]
    for path in pages(small_build.site):
        html = (small_build.site / path / "index.html").read_text()
        footer = first(html, classes="md-copyright__highlight").markup
        assert "creativecommons.org/licenses/by/4.0/" in footer, path
        assert f"version {version}" in footer and "Cite as:" in footer, path


def test_the_sitemap_lists_every_page_at_the_published_address(sub_path_site):
    tree = ElementTree.parse(sub_path_site / "sitemap.xml")
    listed = sorted(loc.text or "" for loc in tree.iter(f"{SITEMAP}loc"))
    assert listed == sorted(SUB_PATH_URL + path for path in pages(sub_path_site))
    assert len(listed) > 100


def test_the_404_page_links_through_the_sub_path(sub_path_site):
    html = (sub_path_site / "404.html").read_text()
    pointed = [e.attrs.get("href") or e.attrs.get("src") or "" for e in find(html)]
    rooted = [link for link in pointed if link.startswith("/")]
    assert rooted and all(link.startswith("/wythoff/") for link in rooted)


def test_a_site_url_that_is_not_an_address_is_one_line_and_status_2(small_build, tmp_path):
    config = with_site_url(write_config(tmp_path), "example.org")
    done = wythoff("site", "--config", str(config), check=False)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "site_url must be" in done.stderr


def test_every_sequence_and_game_has_its_json_document_beside_its_page(small_build):
    import json
    import sqlite3

    with sqlite3.connect(small_build.database) as connection:
        sequences = connection.execute('SELECT id, "offset", terms_count FROM sequences').fetchall()
        games = connection.execute("SELECT id, solved, name_tex FROM games").fetchall()
        first_terms = (
            "SELECT t.sequence_id, t.value_text FROM terms t JOIN sequences s ON s.id = "
            't.sequence_id WHERE t.n = s."offset"'
        )
        first = dict(connection.execute(first_terms).fetchall())
    for sequence_id, offset, count in sequences:
        folder = small_build.site / "sequences" / sequence_id
        document = json.loads((folder / f"{sequence_id}.json").read_text())
        assert (document["id"], document["offset"], document["terms_count"]) == (
            sequence_id, offset, count)  # fmt: skip
        assert document["data"][:1] == [first[sequence_id]] if count else document["data"] == []
        page, anchor = document["files"]["b-file"].split("#")  # the page's download
        assert (folder / page / "index.html").is_file() and anchor == "b-file"
        assert all(isinstance(c["shift"], int | None) for c in document["crossrefs"])
        assert document["build"]["licence"].startswith("CC-BY-4.0")
    for game_id, solved, name_tex in games:
        document = json.loads(
            (small_build.site / "games" / game_id / f"{game_id}.json").read_text()
        )
        assert document["id"] == game_id and document["solved"] is bool(solved)
        assert document["name_tex"] == name_tex  # the notation, for notebooks that typeset


def entry_pages(site: Path) -> dict[str, list[Path]]:
    """The pages of each kind that get a citation: every sequence, game and family page."""
    found: dict[str, list[Path]] = {}
    for kind in ("sequences", "games", "families"):
        folders = [p.parent for p in sorted((site / kind).glob("*/index.html"))]
        found[kind] = [f for f in folders if (f / f"{f.name}.json").exists() or kind == "families"]
    return found


def bibtex_of(html_file: Path) -> str:
    """The page's BibTeX entry, as text (its code block, markup and entities removed)."""
    (block,) = find(html_file.read_text(), "code", classes="language-bibtex")
    return block.text


def test_every_entry_page_has_a_bibtex_entry_of_this_version_and_no_address_unpublished(
    small_build,
):
    """Sequence, game and family pages each cite themselves in BibTeX: the authors, title
    and licence of CITATION.cff, the build's version and date; without ``site_url`` no
    address, and without ``issues_url`` no link to report an error."""
    import sqlite3

    import yaml

    cff = yaml.safe_load((Path(__file__).parents[2] / "CITATION.cff").read_text())
    with sqlite3.connect(small_build.database) as connection:
        info = dict(connection.execute("SELECT key, value FROM build_info").fetchall())
    pages_of = entry_pages(small_build.site)
    assert all(len(found) >= 3 for found in pages_of.values()), pages_of
    for folders in pages_of.values():
        for folder in folders:
            entry = bibtex_of(folder / "index.html")
            assert entry.startswith(f"@misc{{wythoff-sequences:{folder.name},"), folder
            assert "{" + cff["authors"][0]["name"] + "}" in entry
            assert f"version      = {{{info['version']}}}" in entry
            assert f"date         = {{{info['date'][:10]}}}" in entry
            assert f"{cff['title']}, version {info['version']}" in entry
            assert cff["license"] in entry and "url " not in entry, folder
            assert entry.count("{") == entry.count("}"), entry
            html = (folder / "index.html").read_text()
            assert "Report an error" not in html and "Address:" not in html, folder
            assert "../../changelog/" in links(html), folder


def test_published_entry_pages_give_their_address_and_where_to_report_an_error(sub_path_site):
    from tests.helpers.commands import ISSUES

    for kind, folders in entry_pages(sub_path_site).items():
        for folder in folders[:5]:
            address = f"{SUB_PATH_URL}{kind}/{folder.name}/"
            assert f"url          = {{{address}}}" in bibtex_of(folder / "index.html")
            html = (folder / "index.html").read_text()
            assert "Address: " + address in first(html, "body").text, folder
            assert any(a.attrs["href"] == address == a.text for a in find(html, "a", href=address))
            (report,) = [a.attrs["href"] for a in find(html, "a") if a.text == "Report an error"]
            assert report.startswith(ISSUES + "?title=An+error+on+" + folder.name), report


def test_the_changelog_is_on_the_site(small_build):
    html = (small_build.site / "changelog" / "index.html").read_text()
    changelog = (Path(__file__).parents[2] / "CHANGELOG.md").read_text()
    first_version = re.search(r"^## \[(\d[^\]]*)\]", changelog, re.M)
    assert first_version and f"[{first_version.group(1)}]" in html
    assert "<title>Changelog" in html and "Keep a Changelog" in html
