"""A sequence page's b-file, made in headless Chromium from the published database
(read by HTTP Range requests, as the SQL console reads it): the file saved is named
as before and holds the very bytes of the build's ``data/bfiles`` file, for a
sequence with terms beyond 64 bits (``terms.value_text`` alone) and one whose terms
are stored once for it and an equal sequence; it fetches a small part of the
database."""

from __future__ import annotations

import re
import sqlite3
from collections import defaultdict
from pathlib import Path

import pytest
from wythoff import layout

from tests.helpers.browser import download_bfile

BUDGET = 200 * 1024  # bytes a query of one sequence's rows may fetch (the schema included)

pytestmark = pytest.mark.browser


def chosen(database) -> list[str]:
    """wythoff-a, the first sequence with a term beyond 64 bits, and the last of the
    first sequences with the same terms (neither of those) (found on the view ``terms``)."""
    with sqlite3.connect(database) as connection:
        (wide,) = connection.execute(
            "SELECT sequence_id FROM terms WHERE value IS NULL ORDER BY sequence_id LIMIT 1"
        ).fetchone()
        rows = connection.execute(
            "SELECT sequence_id, group_concat(value_text, ',') FROM "
            "(SELECT sequence_id, value_text FROM terms ORDER BY sequence_id, n) "
            "GROUP BY sequence_id ORDER BY sequence_id"
        ).fetchall()
    by_terms = defaultdict(list)
    for sequence_id, terms in rows:
        by_terms[terms].append(sequence_id)
    equal = next(
        ids for ids in by_terms.values() if len(ids) > 1 and not {"wythoff-a", wide} & set(ids)
    )
    return ["wythoff-a", wide, equal[-1]]


def test_a_page_saves_the_builds_b_file_from_the_database(page, site_url, small_build):
    sequences = chosen(small_build.database)
    assert len(set(sequences)) == 3
    for sequence_id in sequences:
        name, saved, fetched = download_bfile(page, site_url, sequence_id)
        assert name == f"b-{sequence_id}.txt"
        assert saved == (small_build.output / layout.bfile(sequence_id)).read_bytes(), sequence_id
        assert 0 < fetched < BUDGET, (sequence_id, fetched)


def saved_by_button(page, name: re.Pattern[str]) -> tuple[str, bytes]:
    """The file a button of the page's downloads saves: its name and bytes."""
    button = page.get_by_role("button", name=name)
    with page.expect_download() as download_info:
        button.click()
    download = download_info.value
    return download.suggested_filename, Path(download.path()).read_bytes()


def numbered_entries(database, sequence_id: str) -> list[str]:
    """The OEIS entries the sequence is proven or compared equal to, with a known index
    map (the b-files in their numbering that the page offers)."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute(
            "SELECT target FROM crossrefs WHERE sequence_id = ? AND kind = 'match' "
            "AND evidence IN ('proven', 'compared') AND index_offset IS NOT NULL "
            "AND target LIKE 'A%' ORDER BY target",
            (sequence_id,),
        ).fetchall()
    return [target for (target,) in rows]


@pytest.mark.parametrize("sequence_id", ["wythoff-b", "wythoff-a"])
def test_a_page_saves_its_csv_and_b_files_in_oeis_numbering_as_the_command_writes_them(
    page, site_url, small_build, sequence_id
):
    """The CSV is what ``wythoff terms --format csv`` writes of every stored term, and
    each b-file in an OEIS entry's numbering what ``wythoff bfile --as`` writes of as
    many terms (for wythoff-b and A001950, "1 2" first: A001950(1) = a(1))."""
    from tests.helpers.commands import wythoff

    with sqlite3.connect(small_build.database) as connection:
        (stored,) = connection.execute(
            "SELECT count(*) FROM terms WHERE sequence_id = ?", (sequence_id,)
        ).fetchone()
    page.goto(f"{site_url}sequences/{sequence_id}/")
    name, saved = saved_by_button(page, re.compile(r"^CSV \(\d[\d,]* terms\)$"))
    listed = wythoff("terms", sequence_id, "--count", str(stored), "--format", "csv").stdout
    assert name == f"{sequence_id}.csv" and saved.decode() == listed
    assert saved.startswith(b"n,value\n0,0\n") and saved.count(b"\n") == stored + 1
    entries = numbered_entries(small_build.database, sequence_id)
    assert entries, sequence_id
    for anumber in entries:
        name, saved = saved_by_button(page, re.compile(f"^b{anumber[1:]}\\.txt "))
        lines = saved.decode().splitlines()
        count = len(lines) - 1
        written = wythoff(
            "bfile", sequence_id, "--as", anumber, "--count", str(count),
            "--config", str(small_build.config),
        ).stdout  # fmt: skip
        assert name == f"b{anumber[1:]}.txt" and saved.decode() == written, anumber
        assert stored - 1 <= count <= stored, anumber
    if sequence_id == "wythoff-b":
        assert "A001950" in entries
        page.reload()
        _, saved = saved_by_button(page, re.compile(r"^b001950\.txt "))
        assert saved.decode().splitlines()[1] == "1 2"
