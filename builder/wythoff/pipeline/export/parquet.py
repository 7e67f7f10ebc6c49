"""The Parquet files of the two large tables, exact (nullable ``Int64`` columns in
pandas), in row groups of bounded size."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import closing
from pathlib import Path
from typing import Any

import numpy as np
from sqlalchemy import Connection

from wythoff import layout
from wythoff.db.models import INT64_MAX
from wythoff.pipeline.export import tables

# Parquet: the two large tables, for pandas, polars and DuckDB, as their columns are
# documented (``value`` NULL beyond 64 bits, ``value_text`` exact always).  The
# nullable integer columns carry pandas' metadata, so that ``pandas.read_parquet``
# reads them as ``Int64`` (exact, with <NA>), never as floats.  The terms are read a
# sequence at a time, in the same order as the SQL.
TABLES = {
    "terms": (
        "SELECT sequence_id, n, value, value_text FROM terms ORDER BY sequence_id, n",
        {"sequence_id": "string", "n": "int64", "value": "Int64", "value_text": "string"},
    ),
    "p_positions": (
        'SELECT game_id, x, y, n, "class" FROM p_positions ORDER BY game_id, x, y',
        {"game_id": "string", "x": "int64", "y": "int64", "n": "int64", "class": "Int32"},
    ),
}

BATCH = 500_000  # rows per row group: bounded memory at any size

Columns = list[list[Any]]

TermPairs = Iterable[tuple[str, tuple[int, np.ndarray]]]
"""``(ID, (offset, values))`` of each sequence, in the build's order (a block's after the
block before; each sequence's terms in one run)."""


def write_tables(connection: Connection, root: Path) -> int:
    """Each table of :data:`TABLES` but the terms (written from the arrays by
    :func:`~wythoff.pipeline.export.terms.write_terms`) as one Parquet file (zstd,
    dictionary-encoded IDs), streamed in batches so that memory does not grow with
    the table."""
    for name, (sql, dtypes) in TABLES.items():
        if name != "terms":
            write_file(root, name, dtypes, _row_columns(connection, sql))
    return len(TABLES)


def write_file(
    root: Path, name: str, dtypes: Mapping[str, str], batches: Iterator[Columns]
) -> None:
    """Table ``name`` as Parquet in the build's folder ``root`` (where the layout puts
    it), with the columns ``dtypes`` (pandas' types), a row group a batch."""
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq

    target = root / layout.parquet(name)
    target.parent.mkdir(exist_ok=True)
    empty = pd.DataFrame({column: pd.Series(dtype=kind) for column, kind in dtypes.items()})
    schema = pa.Schema.from_pandas(empty, preserve_index=False)
    identifier = next(iter(dtypes))
    with pq.ParquetWriter(
        target,
        schema,
        compression="zstd",
        use_dictionary=[identifier],
        column_encoding=_encodings(schema, identifier),
    ) as writer:
        for columns in batches:
            arrays = [_arrow(values, f.type) for values, f in zip(columns, schema, strict=True)]
            writer.write_table(pa.Table.from_arrays(arrays, schema=schema))


def _encodings(schema: Any, identifier: str) -> dict[str, str]:
    """Parquet's delta encodings for the columns but the (dictionary-encoded) IDs: the
    differences of integers, the shared prefixes of strings.  Terms are stored
    sequence by sequence in the order of n, so both are small: the file holds the same
    rows in a fraction of the bytes that the plain encoding took, which left zstd to
    find runs in eight bytes a number."""
    import pyarrow as pa

    encodings = {}
    for field in schema:
        if field.name == identifier:
            continue
        if pa.types.is_integer(field.type):
            encodings[field.name] = "DELTA_BINARY_PACKED"
        elif pa.types.is_string(field.type) or pa.types.is_large_string(field.type):
            encodings[field.name] = "DELTA_BYTE_ARRAY"
    return encodings


def _row_columns(connection: Connection, sql: str) -> Iterator[Columns]:
    """The columns of a query's rows, :data:`BATCH` rows at a time."""
    with closing(tables.driver_cursor(connection, sql)) as rows:
        while batch := rows.fetchmany(BATCH):
            yield [list(column) for column in zip(*batch, strict=True)]


def _arrow(values: Any, kind: Any) -> Any:
    """An Arrow array of ``kind`` from a list of Python values or from Arrow arrays."""
    import pyarrow as pa

    if isinstance(values, list) and values and isinstance(values[0], pa.Array):
        return pa.concat_arrays([chunk.cast(kind) for chunk in values])
    return pa.array(values, type=kind)


def array_columns(terms: TermPairs) -> Iterator[Columns]:
    """The columns of the terms table from the build's arrays (``(ID, (offset,
    values))`` in the build's order), batched as
    :func:`_term_columns` batches them (the same row groups): each column a list of
    Arrow arrays, one a sequence."""
    import pyarrow as pa

    columns: Columns = [[], [], [], []]
    rows = 0
    for sequence_id, (offset, values) in terms:
        count = len(values)
        if not count:
            continue
        if values.dtype != object:
            value = pa.array(values, type=pa.int64())
            value_text = value.cast(pa.string())
        else:
            numbers = [int(v) for v in values]
            value = pa.array(
                [v if -INT64_MAX <= v <= INT64_MAX else None for v in numbers], type=pa.int64()
            )
            value_text = pa.array([str(v) for v in numbers], type=pa.string())
        identifier = pa.repeat(pa.scalar(sequence_id, type=pa.string()), count)
        n = pa.array(np.arange(offset, offset + count, dtype=np.int64))
        for column, array in zip(columns, (identifier, n, value, value_text), strict=True):
            column.append(array)
        rows += count
        if rows >= BATCH:
            yield columns
            columns, rows = [[], [], [], []], 0
    if rows:
        yield columns
