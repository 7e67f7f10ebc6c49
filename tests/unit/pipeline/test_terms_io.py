"""The terms' fast routes: loading through json_each, files written from the build's arrays."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import numpy as np
import pyarrow.parquet as pq
import pytest
import sqlalchemy
from hypothesis import given, settings
from hypothesis import strategies as st
from wythoff.db import models, store
from wythoff.pipeline import load as loading
from wythoff.pipeline.export import terms as export
from wythoff.pipeline.staged import StagedTerms

from tests.helpers.data import bare_sequence_row

EDGES = [0, -5, 7, 2**63 - 1, -(2**63) + 1, -(2**63)]
BIG = [1, 2**64, -(2**70), 10**40 + 1, 2**63 - 1]


def _loaded(tmp_path, arrays):
    """Rows of ``term_values`` after loading ``arrays`` (key -> (offset, values))."""
    path = tmp_path / "terms.sqlite"
    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        store.insert_named(
            connection,
            models.Sequence,
            [bare_sequence_row(key, len(values)) for key, (_, values) in arrays.items()],
        )
        for key, (offset, values) in arrays.items():
            loading.insert_terms(connection, key, offset, values)
    with closing(sqlite3.connect(path)) as database:
        return database.execute(
            "SELECT t.sequence_key, t.n, t.value, x.value_text, typeof(t.value) "
            "FROM term_values t LEFT JOIN term_texts x USING (sequence_key, n) "
            "ORDER BY t.sequence_key, t.n"
        ).fetchall()


def test_machine_integers_load_exactly_as_integers(tmp_path):
    rows = _loaded(tmp_path, {1: (3, np.array(EDGES, dtype=np.int64))})
    assert rows == [(1, 3 + i, v, None, "integer") for i, v in enumerate(EDGES)]


def test_terms_beyond_64_bits_load_as_exact_text(tmp_path):
    rows = _loaded(tmp_path, {2: (1, np.array(BIG, dtype=object))})
    assert rows == [
        (2, 1, 1, None, "integer"),
        (2, 2, None, "18446744073709551616", "null"),
        (2, 3, None, "-1180591620717411303424", "null"),
        (2, 4, None, "10000000000000000000000000000000000000001", "null"),
        (2, 5, 2**63 - 1, None, "integer"),
    ]


def test_a_sequence_without_terms_loads_no_row(tmp_path):
    rows = _loaded(tmp_path, {1: (0, np.array([], dtype=np.int64)), 2: (0, np.array([4]))})
    assert rows == [(2, 0, 4, None, "integer")]


def test_lines_are_exact_decimal_integers():
    assert export.term_lines(1, np.array([3, 10**30, -2], dtype=object)) == (
        "1,3\n2,1000000000000000000000000000000\n3,-2\n"
    )
    assert export.term_lines(0, np.array([2**63 - 1, -7], dtype=np.int64)) == (
        "0,9223372036854775807\n1,-7\n"
    )
    assert export.term_lines(5, np.array([], dtype=np.int64)) == ""


@pytest.fixture
def written(tmp_path):
    terms = {
        "b-big": (1, np.array(BIG, dtype=object)),
        "a-small": (0, np.array([0, 1, 3, 4], dtype=np.int64)),
        "c-empty": (1, np.array([], dtype=np.int64)),
    }
    names = {"a-small": "Small", "b-big": "Big", "c-empty": "Empty"}
    info = {"version": "9.9", "git_commit": "abc"}
    writer = export.TermsWriter(tmp_path, names, info)  # in another process
    for sequence_id, (offset, values) in terms.items():  # not in ID order: as a build loads
        writer.send(sequence_id, offset, values)
    writer.join()
    return tmp_path


def test_the_other_process_writes_csv_files_and_b_files(written):
    assert (written / "csv" / "sequences" / "a-small.csv").read_text() == (
        "n,value\n0,0\n1,1\n2,3\n3,4\n"
    )
    assert (written / "csv" / "sequences" / "c-empty.csv").read_text() == "n,value\n"
    bfile = (written / "bfiles" / "b-big.txt").read_text().splitlines()
    assert bfile[0] == "# b-big: Big"
    assert "9.9" in bfile[1]
    data = [line for line in bfile if not line.startswith("#")]
    assert data == [
        "1 1",
        "2 18446744073709551616",
        "3 -1180591620717411303424",
        "4 10000000000000000000000000000000000000001",
        "5 9223372036854775807",
    ]


def test_the_other_process_writes_the_terms_parquet_file(written):
    table = pq.read_table(written / "parquet" / "terms.parquet").to_pydict()
    assert table["sequence_id"] == ["b-big"] * 5 + ["a-small"] * 4  # as the build sent them
    assert table["n"] == [1, 2, 3, 4, 5, 0, 1, 2, 3]
    assert table["value"] == [1, None, None, None, 2**63 - 1, 0, 1, 3, 4]
    assert table["value_text"] == [
        "1", "18446744073709551616", "-1180591620717411303424",
        "10000000000000000000000000000000000000001", "9223372036854775807", "0", "1", "3", "4",
    ]  # fmt: skip


def test_a_failed_writer_is_reported(tmp_path):
    writer = export.TermsWriter(tmp_path, {"x": "X"}, {})  # no terms for x: KeyError
    with pytest.raises(RuntimeError, match="terms' files failed"):
        writer.join()


def test_a_writer_stopped_while_the_terms_stream_in_ends_at_once(tmp_path):
    # more terms than a pipe buffers: the feeding thread is blocked in a send when the
    # writer goes, and must end too rather than hang the build's exit
    terms = {f"s{i:03d}": (0, np.arange(200_000, dtype=np.int64)) for i in range(40)}
    writer = export.TermsWriter(tmp_path, {key: key for key in terms}, {})
    for sequence_id, (offset, values) in terms.items():
        writer.send(sequence_id, offset, values)
    assert writer.running
    writer.stop()
    assert not writer.running


INT64 = st.integers(-(2**63) + 1, 2**63 - 1)  # what ``value`` holds (models.INT64_MAX)
TERMS = st.lists(INT64, max_size=40) | st.lists(
    st.one_of(INT64, st.integers(2**63, 2**80), st.integers(-(2**80), -(2**63))), max_size=40
)


@settings(max_examples=60, deadline=None)
@given(st.lists(TERMS, min_size=1, max_size=4), st.randoms(use_true_random=False))
def test_staged_terms_read_back_every_sequence_exactly_in_index_order(sequences, shuffle):
    """Rows stored in any order, a term beyond 64 bits as text, are read back as the
    sequence: int64 when every term fits, exact Python integers when one does not."""
    fits = 2**63
    rows = [
        (key, 5 + n, *((value, None) if abs(value) < fits else (None, str(value))))
        for key, values in enumerate(sequences)
        for n, value in enumerate(values)
    ]
    shuffle.shuffle(rows)
    engine = sqlalchemy.create_engine("sqlite://")
    with engine.begin() as connection:
        models.Base.metadata.create_all(connection)
        driver = connection.connection.driver_connection
        driver.executemany("INSERT INTO term_values VALUES (?, ?, ?)", [r[:3] for r in rows])
        texts = [(key, n, text) for key, n, value, text in rows if value is None]
        driver.executemany(
            "INSERT INTO term_texts (sequence_key, n, value_text) VALUES (?, ?, ?)", texts
        )
        staged = StagedTerms(connection, {f"s{key}": key for key in range(len(sequences))})
        for key, values in enumerate(sequences):
            read = staged[f"s{key}"]
            assert read.tolist() == values
            machine = all(abs(value) < fits for value in values)
            assert read.dtype == (np.int64 if machine else object)


def test_sequences_with_the_same_terms_store_them_once(tmp_path):
    """Equal terms (long ones too) share the first sequence's key; one term apart, or
    the same values from another offset, and they do not; the view is unchanged."""
    same = np.array([1, 2**64, 5], dtype=object)
    arrays = {
        1: (0, same),
        2: (0, np.array([1, 2**64, 6], dtype=object)),  # differs in its last term
        3: (0, same.copy()),
        4: (1, same.copy()),  # the same values from index 1
        5: (0, np.array([7, 8], dtype=np.int64)),
        6: (0, np.array([7, 8], dtype=np.int64)),
    }
    path = tmp_path / "terms.sqlite"
    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        rows = [bare_sequence_row(key, len(values)) for key, (_, values) in arrays.items()]
        for row, (offset, values) in zip(rows, arrays.values(), strict=True):
            row.update(offset=offset, data=", ".join(str(v) for v in values[:2]))
        store.insert_named(connection, models.Sequence, rows)
        for key, (offset, values) in arrays.items():
            loading.insert_terms(connection, key, offset, values)
        every = "SELECT * FROM terms ORDER BY sequence_id, n"
        viewed = connection.exec_driver_sql(every).all()
        assert loading.share_terms(connection) == 2
        assert connection.exec_driver_sql(every).all() == viewed
    with closing(sqlite3.connect(path)) as database:
        keys = dict(database.execute("SELECT id, key FROM sequences"))
        stored = database.execute("SELECT DISTINCT sequence_key FROM term_values").fetchall()
        texts = database.execute("SELECT DISTINCT sequence_key FROM term_texts").fetchall()
    assert keys == {"s1": 1, "s2": 2, "s3": 1, "s4": 4, "s5": 5, "s6": 5}
    assert sorted(stored) == [(1,), (2,), (4,), (5,)]
    assert sorted(texts) == [(1,), (2,), (4,)]
