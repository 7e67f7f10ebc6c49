"""Exports of the built database: CSV tables, OEIS-style b-files, Parquet files,
the data package and one archive (each kind in a module of this package).

Everything is read back from the database, the hub, so the files hold exactly
what the database and the site show; the build passes the terms it has just
loaded (``terms``), from which the terms' files are written without reading tens
of millions of rows back (the same bytes).  Files are deterministic (sorted rows,
fixed columns, LF line ends): the same configuration gives byte-identical CSV
files and b-files.  The date of the build lives only in ``metadata.json``.

Each file's name and place come from :mod:`wythoff.layout`, which lists them all.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection

from wythoff import layout
from wythoff.db import collector
from wythoff.pipeline.export import archive, datapackage, parquet, tables, terms


def export_all(
    connection: Connection,
    root: Path,
    progress: tables.Progress,
    written: terms.TermsWriter,
) -> int:
    """Write every export but the compressed database into the folder ``root`` (a
    build's own folder, published whole by :mod:`wythoff.pipeline.transaction`);
    returns the number of files written.  ``written``: the process writing the terms'
    files, their Parquet file and the archive's share of them
    (:func:`terms.write_terms`), awaited here."""
    files = tables.write_tables(connection, root)
    files += tables.write_games(connection, root, progress)
    files += tables.write_numerations(connection, root)
    written.join()
    progress(written.count)
    files += 2 * written.count
    tables.write_metadata(connection, root / layout.METADATA)
    datapackage.write(root, tables.build_info(connection))
    archive.write_archive(root, root / layout.ARCHIVE)
    with collector.collector_paused():
        files += parquet.write_tables(connection, root)
    return files + 3


def compress_database(database: Path, root: Path) -> int:
    """The compressed copy of the SQLite file ``database``, once it is complete, into
    the folder ``root``; returns the number of files written."""
    return archive.compress_database(database, root / layout.COMPRESSED_DATABASE)
