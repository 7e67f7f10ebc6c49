"""Exports of the built database: CSV tables, OEIS-style b-files and one archive.

Everything is read back from the database, the hub, so the files hold exactly
what the database and the site show; the build passes the terms it has just
loaded (``terms``), from which the terms' files are written without reading tens
of millions of rows back (the same bytes).  Files are deterministic (sorted rows,
fixed columns, LF line ends): the same configuration gives byte-identical CSV
files and b-files.  The date of the build lives only in ``metadata.json``.

Layout under the output directory::

    csv/sequences.csv, csv/games.csv, csv/crossrefs.csv, csv/verifications.csv
    csv/sequences/<id>.csv        n,value
    csv/games/<id>.csv            n,x,y,class
    csv/numerations/<a>.csv       system,n,digits,trailing_zeros,length
    bfiles/<id>.txt               "n a(n)" lines, OEIS b-file format, after "#" lines
                                  giving the source, licence and citation
    metadata.json                 source, version, commit, date, configuration, licence
    datapackage.json              a Frictionless Data Package describing every CSV file
    wythoff-data.zip              the CSV files, metadata.json and datapackage.json
    parquet/terms.parquet         the terms table, for pandas, polars, DuckDB
    parquet/p_positions.parquet   the p_positions table
    wythoff.sqlite.zst            the SQLite database, zstd-compressed (SQLite builds)
"""

from __future__ import annotations

import json
import multiprocessing
import os
import threading
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import closing
from multiprocessing.connection import Connection as PipeEnd
from pathlib import Path
from typing import Any, Literal

import numpy as np
from sqlalchemy import Connection, text

from wythoff import layout
from wythoff.core import bigdigits
from wythoff.db import collector
from wythoff.db.models import INT64_MAX
from wythoff.db.read import frame
from wythoff.pipeline import datapackage, processes, provenance

# zstd level 3 on all cores: on the default database (647 MB) it writes 106 MB in
# 1.4 s, where gzip -6 writes 120 MB in 18 s (see the README's Downloads section).
ZSTD_LEVEL = 3
CSV_OPTIONS = {"index": False, "lineterminator": "\n"}

Progress = Callable[[int], None]
ROWS_BATCH = 100_000  # rows fetched at a time from the driver
Terms = Mapping[str, tuple[int, np.ndarray]]
"""The terms of each sequence as the build loaded them: ID -> (offset, values)."""


def export_all(
    connection: Connection,
    root: Path,
    progress: Progress,
    database: Path | None,
    written: TermsWriter,
) -> int:
    """Write every export into the folder ``root`` (a build's own folder, published
    whole by :mod:`wythoff.pipeline.transaction`); returns the number of files written.
    ``database``: the SQLite file, of which a compressed copy is written too (None for
    a server); ``written``: the process writing the terms' files, their Parquet file
    and the archive's share of them (:func:`write_terms`), awaited here."""
    files = _write_tables(connection, root)
    files += _write_games(connection, root, progress)
    files += _write_numerations(connection, root)
    written.join()
    progress(written.count)
    files += 2 * written.count
    _write_metadata(connection, root / layout.METADATA)
    datapackage.write(root, _info(connection))
    _write_archive(root, root / layout.ARCHIVE)
    with collector.collector_paused():
        files += _write_parquet(connection, root / layout.PARQUET)
    if database is not None:
        files += _compress_database(database, root / layout.COMPRESSED_DATABASE)
    return files + 3


def _write_tables(connection: Connection, root: Path) -> int:
    (root / layout.CSV).mkdir(exist_ok=True)  # the terms' files may be under way
    queries = {
        "sequences": 'SELECT id, family, name, "offset", formula, keywords, paper, game_id, '
        "terms_count FROM sequences ORDER BY id",
        "games": "SELECT id, family, name, rules, p_formula, solved, is_symmetric, ppositions_max, "
        "conjecture FROM games ORDER BY id",
        "crossrefs": "SELECT sequence_id, target, relation, shift, verified_up_to, kind "
        "FROM crossrefs ORDER BY sequence_id, target, relation",
        # the id breaks ties (a check run twice on one subject): a server may order
        # equal keys any way, SQLite by insertion
        "verifications": 'SELECT subject, "check", method, up_to, passed, detail '
        'FROM verifications ORDER BY subject, "check", id',
    }
    for name, sql in queries.items():
        table = frame(connection, sql)
        if "shift" in table:
            table["shift"] = table["shift"].astype("Int64")
        for flag in ("solved", "is_symmetric", "passed"):  # 1/0 whatever the database says
            if flag in table:
                table[flag] = table[flag].astype(bool).astype(int)
        table.to_csv(root / layout.table_csv(name), **CSV_OPTIONS)
    return len(queries)


def _file_header(info: Mapping[str, str]) -> str:
    """The comment lines of every b-file after its first."""
    lines = provenance.file_header(info.get("version", ""), info.get("git_commit", ""))
    return "".join(f"{line}\n" for line in lines)


TermPairs = Iterable[tuple[str, tuple[int, np.ndarray]]]
"""``(ID, (offset, values))`` of each sequence, in ID order (the terms table's key)."""


def _sequence_files(
    root: Path,
    names: Mapping[str, str],
    info: Mapping[str, str],
    terms: TermPairs,
    progress: Progress = lambda _: None,
    bundle: zipfile.ZipFile | None = None,
) -> Iterator[tuple[str, tuple[int, np.ndarray]]]:
    """Write the CSV file and b-file of each sequence of ``terms`` as it passes (and the
    CSV file into the zip archive ``bundle``, if given), and pass it on (the Parquet
    file is written from the same pass); raises KeyError at the end if a sequence of
    ``names`` (ID -> name) had no terms."""
    (root / layout.SEQUENCES_CSV).mkdir(parents=True)
    (root / layout.BFILES).mkdir()
    header = _file_header(info)
    written: set[str] = set()
    for sequence_id, (offset, values) in terms:
        lines = term_lines(offset, values)
        csv = _write_sequence(root, sequence_id, names[sequence_id], header, lines)
        if bundle is not None:
            _archive_entry(bundle, layout.sequence_csv(sequence_id), csv.encode())
        written.add(sequence_id)
        progress(1)
        yield sequence_id, (offset, values)
    missing = sorted(names.keys() - written)
    if missing:
        raise KeyError(f"no terms were given for {missing[0]}")


def write_terms(
    root: Path, names: Mapping[str, str], info: Mapping[str, str], terms: TermPairs
) -> None:
    """Every file of the terms that needs no database, in one pass over ``terms`` (every
    sequence of ``names``): the sequences' CSV files and b-files,
    ``parquet/terms.parquet``, and the zip archive with the CSV files so far (the
    others are added by :func:`_write_archive`).  ``info``: the build's ``build_info``."""
    with (
        bigdigits.unlimited(),  # a fresh process: digits limited
        collector.collector_paused(),
        _archive(root / layout.ARCHIVE, "w") as bundle,
    ):
        name = "terms"
        passing = _sequence_files(root, names, info, terms, bundle=bundle)
        _write_parquet_file(
            root / layout.PARQUET, name, PARQUET_TABLES[name][1], _array_columns(passing)
        )


class TermsWriter:
    """:func:`write_terms` in another process, started before the database is loaded
    and awaited by :func:`export_all`: the build's two longest single-threaded steps
    (loading tens of millions of terms, writing their files) then share the cores.

    The terms go to it a sequence at a time through a pipe, in ID order, from a
    thread of this process: the writer holds one sequence and one row group, not a
    second copy of every term (a build of 10^5 terms a sequence has 84 M of them).
    A fresh interpreter (``spawn``), not a fork: the build's process has threads
    (progress bars, the solver's and Arrow's pools) that a fork would copy stopped."""

    def __init__(
        self, root: Path, names: Mapping[str, str], info: Mapping[str, str], terms: Terms
    ) -> None:
        context = multiprocessing.get_context("spawn")
        receiving, sending = context.Pipe(duplex=False)
        arguments = (os.getpid(), root, dict(names), dict(info), receiving)
        self.count = len(names)
        self._process = context.Process(target=_write_terms_for, args=arguments, daemon=True)
        self._process.start()
        receiving.close()  # the writer's end; this process keeps the sending one
        self._feeder = threading.Thread(
            target=_send_terms, args=(sending, terms), name="terms-to-writer", daemon=True
        )
        self._feeder.start()

    def join(self) -> None:
        """Wait for the files; raises if the process failed (its error is on stderr)."""
        self._process.join()
        self._feeder.join()
        if self._process.exitcode != 0:
            raise RuntimeError(f"writing the terms' files failed (exit {self._process.exitcode})")

    def stop(self) -> None:
        """End the process if it still runs (the build failed meanwhile)."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._feeder.join()

    @property
    def running(self) -> bool:
        """Whether the writer process or the thread feeding it is still at work."""
        return self._process.is_alive() or self._feeder.is_alive()


def _send_terms(sending: PipeEnd, terms: Terms) -> None:
    """Each sequence's ``(ID, offset, values)`` in ID order, then ``None``; stops quietly
    where the writer has gone (it failed or was stopped: :meth:`TermsWriter.join` says)."""
    try:
        with sending:
            for sequence_id in sorted(terms):
                offset, values = terms[sequence_id]
                sending.send((sequence_id, offset, values))
            sending.send(None)
    except OSError:  # BrokenPipeError and the like
        return


def _received(receiving: PipeEnd) -> Iterator[tuple[str, tuple[int, np.ndarray]]]:
    with receiving:
        while (item := receiving.recv()) is not None:
            sequence_id, offset, values = item
            yield sequence_id, (offset, values)


def _write_terms_for(
    parent: int,
    root: Path,
    names: Mapping[str, str],
    info: Mapping[str, str],
    receiving: PipeEnd,
) -> None:
    """:func:`write_terms` in the writer process, which ends if the build is killed."""
    processes.exit_with_parent(parent)
    write_terms(root, names, info, _received(receiving))


def term_lines(offset: int, values: np.ndarray) -> str:
    """``n,value`` lines of a sequence's terms, as the database's ``terms`` view gives
    them (``value_text``: the exact decimal integer)."""
    numbers = values.tolist() if values.dtype != object else [int(v) for v in values]
    return "".join([f"{n},{value}\n" for n, value in enumerate(numbers, start=offset)])


def _rows_by_id(
    connection: Connection, ids: list[str], sql: str
) -> Iterator[tuple[str, list[tuple[Any, ...]]]]:
    """The rows of the query ``sql`` (one parameter, ``:id``) for each of ``ids``, in
    that order, through the driver's cursor."""
    compiled = text(sql).compile(dialect=connection.dialect)
    sql = str(compiled)
    driver = connection.connection.driver_connection
    assert driver is not None, "the connection is open"
    with closing(driver.cursor()) as cursor:
        for identifier in ids:
            params = compiled.construct_params({"id": identifier})
            if compiled.positional:
                cursor.execute(sql, tuple(params[name] for name in compiled.positiontup or ()))
            else:
                cursor.execute(sql, params)
            yield identifier, cursor.fetchall()


def _driver_cursor(connection: Connection, sql: str) -> Any:
    """The DB-API cursor of a query without parameters, read without SQLAlchemy's
    result objects: the terms table has tens of millions of rows, and a result row
    costs several times the driver's plain tuple."""
    driver = connection.connection.driver_connection
    assert driver is not None, "the connection is open"
    cursor = driver.cursor()
    cursor.execute(sql)
    return cursor


def _driver_rows(connection: Connection, sql: str) -> Iterator[tuple[Any, ...]]:
    """The rows of a query as the driver's tuples, fetched in batches."""
    cursor = _driver_cursor(connection, sql)
    try:
        while batch := cursor.fetchmany(ROWS_BATCH):
            yield from batch
    finally:
        cursor.close()


def _write_sequence(root: Path, sequence_id: str, name: str, header: str, lines: str) -> str:
    """A sequence's CSV file (``n,value`` lines given) and b-file (comment lines, then
    ``n value``); returns the CSV file's text."""
    csv = f"n,value\n{lines}"
    with open(root / layout.sequence_csv(sequence_id), "w", newline="\n") as handle:
        handle.write(csv)
    with open(root / layout.bfile(sequence_id), "w", newline="\n") as handle:
        handle.write(f"# {sequence_id}: {name}\n")
        handle.write(header)
        handle.write(lines.replace(",", " "))  # the same lines; terms are digits only
    return csv


def _write_games(connection: Connection, root: Path, progress: Progress) -> int:
    """Each game's P-positions (``n,x,y,class``, the class empty where NULL), formatted
    here rather than through a DataFrame a game: thousands of games in a large build."""
    (root / layout.GAMES_CSV).mkdir()
    games = [row[0] for row in _driver_rows(connection, "SELECT id FROM games ORDER BY id")]
    sql = 'SELECT n, x, y, "class" FROM p_positions WHERE game_id = :id ORDER BY x, y'
    with collector.collector_paused():
        for game_id, rows in _rows_by_id(connection, games, sql):
            lines = "".join([f"{n},{x},{y},{'' if c is None else c}\n" for n, x, y, c in rows])
            with open(root / layout.game_csv(game_id), "w", newline="\n") as handle:
                handle.write("n,x,y,class\n")
                handle.write(lines)
            progress(1)
    return len(games)


def _write_numerations(connection: Connection, root: Path) -> int:
    """Each base's digits, in a file named after the game the systems describe."""
    (root / layout.NUMERATIONS_CSV).mkdir()
    systems = frame(connection, "SELECT a, game_id FROM numeration_systems ORDER BY a")
    for a, game_id in systems.itertuples(index=False):
        rows = frame(
            connection,
            "SELECT system, n, digits, trailing_zeros, length FROM numerations WHERE a = :a "
            "ORDER BY system, n",
            dtype={"digits": "string"},  # "0010"-like text must stay text
            a=int(a),
        )
        rows.to_csv(root / layout.numeration_csv(game_id), **CSV_OPTIONS)
    return len(systems)


def _info(connection: Connection) -> dict[str, str]:
    return dict(frame(connection, "SELECT key, value FROM build_info").values.tolist())


def _write_metadata(connection: Connection, path: Path) -> None:
    info = _info(connection)
    papers = frame(connection, "SELECT * FROM papers ORDER BY key").to_dict("records")
    metadata = {
        "source": "wythoff-sequences: the reference database of Wythoff-game sequences",
        "version": info.get("version"),
        "build_id": info.get("build_id"),
        "git_commit": info.get("git_commit") or None,
        "date": info.get("date"),
        "configuration": json.loads(info.get("configuration", "{}")),
        "papers": papers,
        "licence": info.get("licence"),
        "citation": info.get("citation"),
        "oeis_source": info.get("oeis_source"),
        "values": "exact decimal integers; no term is rounded, capped or wrapped",
    }
    path.write_text(json.dumps(metadata, indent=2, sort_keys=True) + "\n")


def _exported(root: Path, path: Path) -> bool:
    """Whether ``path`` belongs in the CSV archive: not the database, the b-files (the
    site publishes each beside its page), the Parquet files, nor the archive itself."""
    return path.relative_to(root).parts[0] in (layout.CSV, layout.METADATA, layout.DATAPACKAGE)


def _write_archive(root: Path, archive: Path) -> None:
    """A zip whose bytes depend only on the files (fixed timestamps, sorted names),
    added to the archive that :func:`write_terms` began with the sequences' CSV files
    (nine tenths of the bytes, compressed meanwhile by the writer process while this
    one loaded the database)."""
    sequences = root / layout.SEQUENCES_CSV
    with _archive(archive, "a") as bundle:
        for path in sorted(p for p in root.rglob("*") if p.is_file() and _exported(root, p)):
            if path.parent == sequences:
                continue
            _archive_entry(bundle, path.relative_to(root).as_posix(), path.read_bytes())


def _archive(path: Path, mode: Literal["w", "a"]) -> zipfile.ZipFile:
    return zipfile.ZipFile(path, mode, zipfile.ZIP_DEFLATED)


def _archive_entry(bundle: zipfile.ZipFile, name: str, data: bytes) -> None:
    """One file of the archive, with a fixed timestamp and mode."""
    info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    # level 1: five times faster than the default for 3 % more bytes
    bundle.writestr(info, data, compresslevel=1)


# Parquet: the two large tables, for pandas, polars and DuckDB, as their columns are
# documented (``value`` NULL beyond 64 bits, ``value_text`` exact always).  The
# nullable integer columns carry pandas' metadata, so that ``pandas.read_parquet``
# reads them as ``Int64`` (exact, with <NA>), never as floats.  The terms are read a
# sequence at a time, in the same order as the SQL.
PARQUET_TABLES = {
    "terms": (
        "SELECT sequence_id, n, value, value_text FROM terms ORDER BY sequence_id, n",
        {"sequence_id": "string", "n": "int64", "value": "Int64", "value_text": "string"},
    ),
    "p_positions": (
        'SELECT game_id, x, y, n, "class" FROM p_positions ORDER BY game_id, x, y',
        {"game_id": "string", "x": "int64", "y": "int64", "n": "int64", "class": "Int32"},
    ),
}
PARQUET_BATCH = 500_000  # rows per row group: bounded memory at any size

Columns = list[list[Any]]


def _write_parquet(connection: Connection, folder: Path) -> int:
    """Each table of :data:`PARQUET_TABLES` but the terms (written from the arrays by
    :func:`write_terms`) as one Parquet file (zstd, dictionary-encoded IDs), streamed
    in batches so that memory does not grow with the table."""
    for name, (sql, dtypes) in PARQUET_TABLES.items():
        if name != "terms":
            _write_parquet_file(folder, name, dtypes, _row_columns(connection, sql))
    return len(PARQUET_TABLES)


def _write_parquet_file(
    folder: Path, name: str, dtypes: Mapping[str, str], batches: Iterator[Columns]
) -> None:
    """``folder/name.parquet`` with the columns ``dtypes`` (pandas' types), a row group
    a batch."""
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder.mkdir(exist_ok=True)
    empty = pd.DataFrame({column: pd.Series(dtype=kind) for column, kind in dtypes.items()})
    schema = pa.Schema.from_pandas(empty, preserve_index=False)
    identifier = next(iter(dtypes))
    with pq.ParquetWriter(
        folder / f"{name}.parquet", schema, compression="zstd", use_dictionary=[identifier]
    ) as writer:
        for columns in batches:
            arrays = [_arrow(values, f.type) for values, f in zip(columns, schema, strict=True)]
            writer.write_table(pa.Table.from_arrays(arrays, schema=schema))


def _row_columns(connection: Connection, sql: str) -> Iterator[Columns]:
    """The columns of a query's rows, :data:`PARQUET_BATCH` rows at a time."""
    with closing(_driver_cursor(connection, sql)) as rows:
        while batch := rows.fetchmany(PARQUET_BATCH):
            yield [list(column) for column in zip(*batch, strict=True)]


def _arrow(values: Any, kind: Any) -> Any:
    """An Arrow array of ``kind`` from a list of Python values or from Arrow arrays."""
    import pyarrow as pa

    if isinstance(values, list) and values and isinstance(values[0], pa.Array):
        return pa.concat_arrays([chunk.cast(kind) for chunk in values])
    return pa.array(values, type=kind)


def _array_columns(terms: TermPairs) -> Iterator[Columns]:
    """The columns of the terms table from the build's arrays (``(ID, (offset,
    values))`` in ID order, the order of the table's key), batched as
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
        if rows >= PARQUET_BATCH:
            yield columns
            columns, rows = [[], [], [], []], 0
    if rows:
        yield columns


def _compress_database(database: Path, target: Path) -> int:
    """A zstd-compressed copy of the SQLite file (``zstd -d`` or any zstd library
    restores it byte for byte), for downloading the whole database at once."""
    import zstandard

    compressor = zstandard.ZstdCompressor(level=ZSTD_LEVEL, threads=-1, write_checksum=True)
    with open(database, "rb") as source, open(target, "wb") as sink:
        compressor.copy_stream(source, sink)
    return 1
