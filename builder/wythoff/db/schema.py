"""What each public table and column holds, read off the models: the one place the
schema is described.

Each column's description is its ``comment`` in :mod:`wythoff.db.models` (on
PostgreSQL it becomes the column's ``COMMENT`` too), each table's the first
sentence of its model's docstring; the views ``terms`` and ``p_positions`` take
their columns from the tables that store their rows, with the few words that
differ in :data:`~wythoff.db.models.VIEW_COLUMNS`.  The README's table of tables,
the data package's field types and descriptions, the API's tables and the
database's own ``schema_columns`` table are all derived from here, so a column
added to a model reaches each of them without another edit.

>>> [c.name for c in columns("terms")]
['sequence_id', 'n', 'value', 'value_text']
>>> column("games", "bishop").kind, column("p_positions", "class").kind
('integer', 'integer')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import Boolean, Column, Float, Integer, Table

from wythoff.db import PUBLIC_TABLES, models


@dataclass(frozen=True)
class ColumnDoc:
    """A public column: its table, name, kind of value and description."""

    table: str
    name: str
    kind: str  # integer, real, boolean or text
    description: str


def kind(sql_column: Column[object]) -> str:
    """The kind of value a column holds, as a data package names it."""
    sql_type = sql_column.type
    if isinstance(sql_type, Boolean):
        return "boolean"
    if isinstance(sql_type, Integer):  # BigInteger too
        return "integer"
    if isinstance(sql_type, Float):
        return "real"
    return "text"


def _table(name: str) -> Table:
    return models.Base.metadata.tables[name]


def columns(table: str) -> tuple[ColumnDoc, ...]:
    """The columns of a public table or view, in order, with what each holds."""
    if table in models.VIEW_COLUMNS:
        return tuple(_view_column(table, name, said) for name, said in models.VIEW_COLUMNS[table])
    found = []
    for sql_column in _table(table).columns:
        if not sql_column.comment:
            raise ValueError(f"{table}.{sql_column.name} has no comment in wythoff.db.models")
        found.append(ColumnDoc(table, sql_column.name, kind(sql_column), sql_column.comment))
    return tuple(found)


def _view_column(view: str, name: str, said: str | None) -> ColumnDoc:
    """A view's column: as the column of that name in the table storing the view's rows
    (its kind, and its description unless ``said`` gives the view's own), or an ID."""
    for table in models.STORED_AS[view]:
        stored = _table(table).columns
        if name in stored:
            sql_column = stored[name]
            return ColumnDoc(view, name, kind(sql_column), said or str(sql_column.comment))
    if said is None:
        raise ValueError(f"{view}.{name} is not stored under that name: describe it")
    return ColumnDoc(view, name, "text", said)


def column(table: str, name: str) -> ColumnDoc:
    """One column of a public table (``KeyError`` when there is none)."""
    for found in columns(table):
        if found.name == name:
            return found
    raise KeyError(f"{table}.{name}")


def summary(table: str) -> str:
    """What a row of the table is, in one sentence."""
    if table in models.VIEW_SUMMARIES:
        return models.VIEW_SUMMARIES[table]
    for mapper in models.Base.registry.mappers:
        if mapper.persist_selectable is _table(table):
            return first_sentence(mapper.class_.__doc__ or "")
    raise KeyError(table)


def headline(table: str) -> str:
    """What a row of the table is, short: :func:`summary` up to its first colon or
    semicolon outside brackets, without a closing parenthesis (the rest is said by its
    columns' descriptions).

    >>> headline("grundy_periods")
    "The additive period of a row of a game's Sprague–Grundy function."
    >>> headline("numerations")
    "Fraenkel's p-system or q-system digits of n for alpha = [1; a, a, ...]."
    """
    text, depth = summary(table).rstrip("."), 0
    for at, char in enumerate(text):
        depth += (char in "([") - (char in ")]")
        if depth == 0 and char in ":;" and text[at + 1 : at + 2] == " ":
            text = text[:at]
            break
    return re.sub(r" \([^()]*\)$", "", text) + "."


def readme_table() -> str:
    """The README's table of the public tables, one line each: what a row is (its
    columns are described in ``schema_columns`` and on the site's SQL page)."""
    rows = ["| table | a row |", "|---|---|"]
    for table in PUBLIC_TABLES:
        cell = headline(table).replace("|", "\\|")  # a pipe would end the cell
        rows.append(f"| `{table}` | {cell} |")
    return "\n".join(rows) + "\n"


def first_sentence(docstring: str) -> str:
    """A docstring's first sentence as plain text (reST's roles and literals unmarked).

    >>> first_sentence("Digits of ``n`` for ``[1; a, ...]``.  More.")
    'Digits of n for [1; a, ...].'
    """
    text = " ".join(docstring.split())
    text = re.sub(r":\w+:`~?([^`]+)`", r"\1", text).replace("``", "")
    found = re.match(r"(.+?\.)(\s|$)", text)
    return found[1] if found else text


def public_columns() -> tuple[ColumnDoc, ...]:
    """Every public column, table by table in the README's order."""
    return tuple(doc for table in PUBLIC_TABLES for doc in columns(table))


def rows() -> list[dict[str, object]]:
    """The rows of the database's ``schema_columns``: every public column, described."""
    return [
        {
            "table_name": table,
            "position": position,
            "column_name": described.name,
            "kind": described.kind,
            "description": described.description,
        }
        for table in PUBLIC_TABLES
        for position, described in enumerate(columns(table))
    ]
