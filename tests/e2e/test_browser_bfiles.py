"""A sequence page's b-file, made in headless Chromium from the published database
(read by HTTP Range requests, as the SQL console reads it): the file saved is named
as before and holds the very bytes of the build's ``data/bfiles`` file, for a
sequence with terms beyond 64 bits (``terms.value_text`` alone) and one whose terms
are stored once for it and an equal sequence; it fetches a small part of the
database."""

from __future__ import annotations

import sqlite3
from collections import defaultdict

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
