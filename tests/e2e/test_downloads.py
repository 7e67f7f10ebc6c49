"""The site's downloads: each file listed with its true size and SHA-256, each data
file published once, and every format a page offers resolving, on the built site
as a static host serves it, to the database's own rows, format by format."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import sqlite3
import zipfile
from collections import defaultdict
from pathlib import Path

import pandas as pd
from wythoff import layout

from tests.helpers.commands import Build
from tests.helpers.markup import find, links

DATA_SUFFIXES = {".txt", ".csv", ".zip", ".parquet", ".zst", ".sqlite", ".json"}
ROW = re.compile(r"^\| (?P<cell>.+) \| (?P<size>[^|]+) \| `(?P<sha>\w+)` \|$")
PART = re.compile(r"`(?P<name>[^`]+)` in parts")
LINK = re.compile(r'\]\(([^)]+)\)|href="([^"]+)"')


def bfile_offer(page: str) -> dict[str, str]:
    """A sequence page's b-file download: its data attributes (file, terms, query,
    header), and the text shown without JavaScript (``noscript``)."""
    (found,) = find(page, "div", id="b-file")
    assert found.classes() == ["wy-bfile"]
    data = {key[5:]: value for key, value in found.attrs.items() if key.startswith("data-")}
    (noscript,) = found.find("noscript")
    data["noscript"] = noscript.markup
    return data


def offered(build: Build) -> dict[str, tuple[list[Path], str, str]]:
    """The downloads page's files: name -> (the site's files its links resolve to, in
    order, size as printed, SHA-256), read from the staged page."""
    page = (build.root / "build" / "docs" / "downloads" / "index.md").read_text()
    files = {}
    for match in filter(None, (ROW.match(line) for line in page.splitlines())):
        links = ["".join(found) for found in LINK.findall(match["cell"])]
        parted = PART.search(match["cell"])
        name = parted["name"] if parted else links[0].rsplit("/", 1)[-1]
        resolved = [(build.site / "downloads" / link).resolve() for link in links]
        files[name] = (resolved, match["size"].strip(), match["sha"])
    return files


def joined(files: list[Path]) -> bytes:
    """A download as ``cat NAME.0* > NAME`` gives it back."""
    return b"".join(path.read_bytes() for path in files)


def terms_by_sequence(database: Path) -> dict[str, list[tuple[int, str]]]:
    """Every stored term, (n, value_text), by sequence, in the order of n."""
    found: dict[str, list[tuple[int, str]]] = defaultdict(list)
    with sqlite3.connect(database) as connection:
        query = "SELECT sequence_id, n, value_text FROM terms ORDER BY sequence_id, n"
        for sequence_id, n, value in connection.execute(query):
            found[sequence_id].append((n, value))
    return found


def positions_by_game(database: Path) -> dict[str, list[tuple[str, ...]]]:
    """Every stored P-position, (x, y, n, class) as text, by game, ordered by x and y."""
    found: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    with sqlite3.connect(database) as connection:
        query = 'SELECT game_id, x, y, n, "class" FROM p_positions ORDER BY game_id, x, y'
        for game_id, *row in connection.execute(query):
            found[game_id].append(tuple("" if v is None else str(v) for v in row))
    return found


def test_every_download_is_listed_with_its_true_size_and_sha256(small_build):
    files = offered(small_build)
    assert set(files) == {
        "wythoff.sqlite",
        "wythoff-data.zip",
        "terms.parquet",
        "p_positions.parquet",
    }
    for resolved, size, sha in files.values():
        assert all(path.is_file() and small_build.site in path.parents for path in resolved)
        assert hashlib.sha256(joined(resolved)).hexdigest() == sha
        assert size.endswith(("B", "kB", "MB")) and float(size.split()[0]) > 0


def test_the_database_download_is_the_file_the_browser_tools_read(small_build):
    """One copy of the database in the site: the download is its published parts."""
    resolved, _, _ = offered(small_build)["wythoff.sqlite"]
    assert {path.parent for path in resolved} == {small_build.site / "assets" / "data"}
    assert joined(resolved) == small_build.database.read_bytes()
    assert not list(small_build.site.rglob("*.zst"))
    page = (small_build.site / "downloads" / "index.html").read_text()
    assert "the very file that the SQL console" in page  # why the other copies stay


def test_no_data_file_is_published_twice(small_build):
    """No data file appears under two paths of the site (two games with the same
    P-positions have two files of the same content, each its own game's)."""
    by_name = defaultdict(list)
    for path in small_build.site.rglob("*"):
        if path.is_file() and path.suffix in DATA_SUFFIXES and path.stat().st_size > 0:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            by_name[(path.name, digest)].append(path)
    twice = [paths for paths in by_name.values() if len(paths) > 1]
    assert twice == []
    with zipfile.ZipFile(small_build.site / "downloads" / "wythoff-data.zip") as archive:
        zipped = set(archive.namelist())
    assert not any(name.startswith("bfiles/") for name in zipped)  # made by the pages
    loose_csv = {p.name for p in small_build.site.rglob("*.csv")}
    assert not loose_csv & {name.rsplit("/", 1)[-1] for name in zipped if "sequences/" in name}


def test_the_parquet_and_csv_downloads_hold_the_databases_rows(small_build):
    files = offered(small_build)
    terms = terms_by_sequence(small_build.database)
    positions = positions_by_game(small_build.database)
    frame = pd.read_parquet(io.BytesIO(joined(files["terms.parquet"][0])))
    by_sequence: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for sequence_id, n, value in frame[["sequence_id", "n", "value_text"]].itertuples(False):
        by_sequence[sequence_id].append((int(n), value))
    assert {key: sorted(rows) for key, rows in by_sequence.items()} == terms
    frame = pd.read_parquet(io.BytesIO(joined(files["p_positions.parquet"][0])))
    assert len(frame) == sum(len(rows) for rows in positions.values())
    with zipfile.ZipFile(io.BytesIO(joined(files["wythoff-data.zip"][0]))) as archive:
        for sequence_id, rows in terms.items():
            text = archive.read(f"csv/sequences/{sequence_id}.csv").decode()
            read = [(int(n), value) for n, value in list(csv.reader(io.StringIO(text)))[1:]]
            assert read == rows, sequence_id


def test_each_page_offers_its_b_file_and_csv_with_the_databases_rows(small_build):
    """No b-file is left in the site, and every sequence page still offers its own,
    made from the published database: the file's name, the header and the query the page
    gives, run on the database, make the build's b-file byte for byte (what the page's
    script does: ``test_browser_bfiles`` runs it); the sequence's JSON document points
    there, and without JavaScript the page says how else to get the terms.  Every game
    page's CSV resolves in the site (a static host's files) and holds the stored rows."""
    assert not list(small_build.site.rglob("b-*.txt"))
    listing = (small_build.site / "downloads" / "index.html").read_text()
    said = listing[listing.index("<strong>B-files.</strong>") :].split("</p>")[0]
    assert "from the database" in said and "<code>wythoff terms ID --count C</code>" in said
    with sqlite3.connect(small_build.database) as connection:
        sequences = [
            sequence_id for (sequence_id,) in connection.execute("SELECT id FROM sequences")
        ]
        assert len(sequences) > 50
        for sequence_id in sequences:
            folder = small_build.site / "sequences" / sequence_id
            offer = bfile_offer((folder / "index.html").read_text())
            assert offer["file"] == f"b-{sequence_id}.txt", sequence_id
            rows = connection.execute(offer["query"]).fetchall()
            made = offer["header"] + "".join(f"{n} {value}\n" for n, value in rows)
            build = (small_build.output / layout.bfile(sequence_id)).read_text()
            assert made == build and len(rows) == int(offer["terms"]), sequence_id
            assert f"wythoff terms {sequence_id} --count {len(rows)}" in offer["noscript"]
            assert "../../downloads/" in links(offer["noscript"])
            document = json.loads((folder / f"{sequence_id}.json").read_text())
            assert document["files"]["b-file"] == "./#b-file"
    positions = positions_by_game(small_build.database)
    with sqlite3.connect(small_build.database) as connection:
        games = [game_id for (game_id,) in connection.execute("SELECT id FROM games")]
    assert games
    for game_id in games:
        page = small_build.site / "games" / game_id / "index.html"
        (href,) = {link for link in links(page.read_text()) if link.endswith("-p-positions.csv")}
        table = list(csv.reader(io.StringIO((page.parent / href).resolve().read_text())))
        width = len(table[0])
        assert [tuple(row) for row in table[1:]] == [
            row[:width] for row in positions.get(game_id, [])
        ], game_id


SITE_BYTES_PER_TERM = 680
"""The small build's site, in bytes per stored term, at most: a ceiling a little above
what it weighs, most of it the pages of its few terms' sequences and games, so that a
page grown by accident fails here (``bench/site_weight.py`` says where a site's bytes
go; the changelog keeps the history of both ceilings' figures)."""
DATA_BYTES_PER_TERM = 80
"""The small build's data files (the database's parts, the downloads, the games' CSV
files), in bytes per stored term, at most: a ceiling a little above what they weigh."""


GRUNDY_BYTES_PER_VALUE = 1.25
"""The stored Sprague–Grundy values (``grundy_values``), in bytes a value: a byte, and
at most a quarter more for the bits above it (rows up to 127 or so)."""


def test_the_site_holds_its_bytes_per_stored_term(small_build):
    """Growth is seen: a format published twice, or a heavier storage, breaks this.  The
    Sprague–Grundy rows' values, as many whatever the terms (Wythoff's rows 0 .. 63:
    0.75 MB), are held to their own bound and left out of the terms' shares."""
    with sqlite3.connect(small_build.database) as connection:
        (terms,) = connection.execute("SELECT count(*) FROM terms").fetchone()
        grundy, values = connection.execute(
            "SELECT sum(length(v.low) + coalesce(length(v.high), 0)), sum(p.preperiod + p.period) "
            "FROM grundy_values v JOIN grundy_periods p USING (game_id, axis, row)"
        ).fetchone()
    assert values > 700_000 and grundy <= GRUNDY_BYTES_PER_VALUE * values
    files = {p.relative_to(small_build.site): p.stat().st_size
             for p in small_build.site.rglob("*") if p.is_file()}  # fmt: skip

    def data(path: Path) -> bool:
        database = path.parts[:2] == ("assets", "data") and path.name.startswith("wythoff.sqlite")
        positions = path.name.endswith("-p-positions.csv")
        return database or positions or path.parts[0] == "downloads"

    assert (sum(files.values()) - grundy) / terms <= SITE_BYTES_PER_TERM
    stored = sum(size for path, size in files.items() if data(path))
    assert (stored - grundy) / terms <= DATA_BYTES_PER_TERM
