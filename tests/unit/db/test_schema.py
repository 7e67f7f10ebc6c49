"""The schema described once: every public column has its description in the models,
and what is derived from them (the data package, the API, the database's
schema_columns; the README's table names the tables alone) follows a column added to
a model with no other edit."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Column, Integer, create_engine, text
from wythoff import api
from wythoff.db import PUBLIC_TABLES, models, schema
from wythoff.db.vocabulary import CROSSREF_KINDS, EVIDENCE_KINDS, PICTURE_KINDS
from wythoff.families import docs
from wythoff.pipeline.export import datapackage

README = (Path(__file__).parents[3] / "README.md").read_text()


@pytest.mark.parametrize("table", PUBLIC_TABLES)
def test_every_public_column_is_described(table):
    described = schema.columns(table)
    assert described and all(c.description and c.kind for c in described), table
    assert len({c.name for c in described}) == len(described)


def test_views_have_the_columns_of_their_queries():
    engine = create_engine("sqlite://")
    models.Base.metadata.create_all(engine)
    with engine.connect() as connection:
        for view in models.VIEWS:
            named = list(connection.execute(text(f"SELECT * FROM {view} LIMIT 0")).keys())
            assert [c.name for c in schema.columns(view)] == named, view


def test_the_vocabulary_is_in_the_descriptions():
    assert all(w in schema.column("crossrefs", "kind").description for w in CROSSREF_KINDS)
    assert all(w in schema.column("crossrefs", "evidence").description for w in EVIDENCE_KINDS)
    assert all(w in schema.column("sequences", "picture").description for w in PICTURE_KINDS)


@pytest.fixture
def added_column():
    """A column added to the games model for the length of one test."""
    table = models.Base.metadata.tables["games"]
    column = Column("grundy_period", Integer, comment="the period of row 0 of its Grundy values")
    table.append_column(column)
    try:
        yield column
    finally:
        table._columns.remove(column)


def test_a_column_added_to_a_model_reaches_every_description(added_column):
    said = "the period of row 0 of its Grundy values"
    assert schema.column("games", "grundy_period").description == said
    described = {(r["table_name"], r["column_name"]): r["description"] for r in schema.rows()}
    assert described["games", "grundy_period"] == said  # schema_columns, the SQL page's list
    assert docs.update(README) == README  # the README names the tables, not their columns
    assert datapackage.field("games", "grundy_period") == {
        "name": "grundy_period",
        "type": "integer",
        "description": said,
    }
    described = api.describe("games")
    assert described.set_index("column").loc["grundy_period", "description"] == said


def test_a_column_without_a_description_is_refused():
    table = models.Base.metadata.tables["games"]
    column = Column("undescribed", Integer)
    table.append_column(column)
    try:
        with pytest.raises(ValueError, match="games.undescribed has no comment"):
            schema.columns("games")
    finally:
        table._columns.remove(column)


def test_a_column_of_an_export_that_no_table_has_is_refused():
    with pytest.raises(KeyError):
        datapackage.field("games", "no_such_column")
