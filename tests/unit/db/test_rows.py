"""Each row type the build writes and the site reads is defined once with its columns
both ways: any row goes into its table and comes back as it was."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import create_engine, select
from wythoff.core.discrepancy import BeattyForm
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.db import models, vocabulary
from wythoff.db.evidence import Evidence, sentence
from wythoff.db.rows import Check, Crossref, GrundyPeriod, Picture, joined, split

words = st.text(st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=12)
ids = st.from_regex(r"[a-z][a-z0-9-]{0,20}", fullmatch=True)
indices = st.none() | st.integers(-(2**63), 2**63 - 1)

checks = st.builds(Check, words, words, words, words, st.booleans(), words)
evidence = st.builds(
    Evidence,
    st.sampled_from(list(vocabulary.EVIDENCE_KINDS)),
    ids,
    claim=words,
    index_offset=indices,
    index_from=indices,
    proof=words,
    listed_from=indices,
    listed_to=indices,
    compared_to=indices,
    compared_by=words,
    differs_at=st.none() | st.integers(-(2**40), 2**40),
    differs_ours=words,
    differs_theirs=words,
    not_extended=words,
    checked=words,
)
crossrefs = st.builds(
    Crossref,
    ids,
    st.sampled_from(list(vocabulary.CROSSREF_KINDS)),
    evidence,
    indices,
    st.integers(0, 2**63 - 1),
    words,
)
lengths = st.none() | st.integers(0, 2**31 - 1)
periods = st.builds(
    GrundyPeriod,
    ids,
    st.sampled_from(list(vocabulary.GRUNDY_AXES)),
    st.integers(0, 2**31 - 1),
    lengths,
    lengths,
    lengths,
    st.integers(1, 2**31 - 1),
    st.sampled_from(list(vocabulary.GRUNDY_EVIDENCE)),
    lengths,
    lengths,
)
forms = st.builds(
    BeattyForm,
    st.builds(
        QuadraticIrrational,
        st.integers(-50, 50),
        st.sampled_from([2, 3, 5, 13, 41]),
        st.integers(1, 20),
        st.sampled_from([1, -1]),
    ),
    st.integers(1, 5),
    st.integers(0, 5),
    st.integers(1, 3),
    st.integers(-3, 3),
    st.integers(-10, 10),
)
pictures = st.builds(
    Picture,
    st.sampled_from(list(vocabulary.PICTURE_KINDS)),
    st.none() | forms,
    st.none() | st.tuples(ids, ids),
)


@pytest.fixture(scope="module")
def connection():
    engine = create_engine("sqlite://")
    tables = [models.Verification.__table__, models.Crossref.__table__]
    tables.append(models.GrundyPeriod.__table__)
    models.Base.metadata.create_all(engine, tables=tables)
    with engine.connect() as connection:
        yield connection


def stored(connection, table, row):
    """The row as the table gives it back (each example in a table of its own)."""
    connection.execute(table.delete())
    connection.execute(table.insert(), [row])
    return connection.execute(select(table)).mappings().one()


@given(checks)
def test_a_check_comes_back_from_its_table(connection, check):
    assert Check.of_row(stored(connection, models.Verification.__table__, check.row())) == check


@given(crossrefs)
def test_a_crossref_comes_back_from_its_table(connection, crossref):
    row = stored(connection, models.Crossref.__table__, crossref.row())
    assert row["relation"] == sentence(crossref.fields)
    back = Crossref.of_row(row)
    assert back == crossref and back.relation == crossref.relation


@given(periods)
def test_a_grundy_period_comes_back_from_its_table(connection, period):
    row = stored(connection, models.GrundyPeriod.__table__, period.columns())
    assert GrundyPeriod.of_row(row) == period


@given(pictures)
def test_a_picture_comes_back_from_its_columns(picture):
    columns = picture.columns()
    assert set(columns) <= set(models.Sequence.__table__.columns.keys())
    assert Picture.of_row(columns, BeattyForm.from_parameters) == picture


def test_a_discrepancy_picture_is_stored_as_before():
    """The columns hold what earlier builds wrote: the form's parameters as JSON and
    the pair comma-separated, so that databases and their readers see no change."""
    golden = BeattyForm(QuadraticIrrational(1, 5, 2))  # floor(n*phi)
    columns = Picture(vocabulary.DISCREPANCY, golden, ("wythoff-a", "wythoff-b")).columns()
    assert columns == {
        "picture": "discrepancy",
        "picture_form": '{"c": 1, "d": 5, "e": 2, "sign": 1, "step": 1, "shift": 0, '
        '"scale": 1, "factor": 0, "constant": 0}',
        "picture_pair": "wythoff-a,wythoff-b",
    }
    assert Picture(vocabulary.VALUES).columns() == {
        "picture": "values",
        "picture_form": None,
        "picture_pair": None,
    }


@given(st.lists(st.from_regex(r"[a-z0-9]+", fullmatch=True), max_size=5))
def test_a_list_of_words_comes_back_from_its_column(listed):
    assert split(joined(listed)) == tuple(listed)
    assert split(joined(listed, "; "), "; ") == tuple(listed)
