"""The site's downloads: each file listed with its true size and SHA-256, each data
file published once, and every download opening to the build's own data."""

from __future__ import annotations

import hashlib
import re
import sqlite3
import zipfile
from collections import defaultdict

import pandas as pd
import zstandard

from tests.helpers.commands import Build

DATA_SUFFIXES = {".txt", ".csv", ".zip", ".parquet", ".zst", ".sqlite", ".json"}
ROW = re.compile(
    r"^\| \[(?P<label>[^]]+)\]\((?P<href>[^)]+)\) \| (?P<size>[^|]+) \| `(?P<sha>\w+)` \|$"
)


def listed(build: Build) -> dict[str, tuple[str, str]]:
    """href -> (size as printed, SHA-256) from the staged downloads page."""
    page = (build.root / "build" / "docs" / "downloads" / "index.md").read_text()
    rows = (ROW.match(line) for line in page.splitlines())
    return {m["href"]: (m["size"].strip(), m["sha"]) for m in rows if m}


def test_every_download_is_listed_with_its_true_size_and_sha256(small_build):
    files = listed(small_build)
    assert set(files) == {
        "wythoff.sqlite.zst",
        "wythoff-data.zip",
        "terms.parquet",
        "p_positions.parquet",
    }
    for href, (size, sha) in files.items():
        data = (small_build.site / "downloads" / href).read_bytes()
        assert hashlib.sha256(data).hexdigest() == sha
        assert size.endswith(("B", "kB", "MB")) and float(size.split()[0]) > 0


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
    assert not any(name.startswith("bfiles/") for name in zipped)  # loose beside the pages
    loose_csv = {p.name for p in small_build.site.rglob("*.csv")}
    assert not loose_csv & {name.rsplit("/", 1)[-1] for name in zipped if "sequences/" in name}


def test_downloads_open_to_the_builds_data(small_build):
    folder = small_build.site / "downloads"
    compressed = (folder / "wythoff.sqlite.zst").read_bytes()
    restored = zstandard.ZstdDecompressor().stream_reader(compressed).read()
    assert restored == small_build.database.read_bytes()
    with sqlite3.connect(small_build.database) as connection:
        terms = connection.execute("SELECT count(*) FROM terms").fetchone()[0]
        positions = connection.execute("SELECT count(*) FROM p_positions").fetchone()[0]
    assert len(pd.read_parquet(folder / "terms.parquet")) == terms
    assert len(pd.read_parquet(folder / "p_positions.parquet")) == positions
