"""``wythoff-data.zip`` (the CSV files, ``metadata.json`` and ``datapackage.json``,
byte for byte the same for the same files) and the zstd-compressed database."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Literal

from wythoff import layout

# zstd level 3 on all cores: smaller than gzip -6 and many times faster on the
# database (bench/compression.py measures both; the README's Downloads section).
ZSTD_LEVEL = 3


def _exported(root: Path, path: Path) -> bool:
    """Whether ``path`` belongs in the CSV archive: not the database, the b-files (the
    site publishes each beside its page), the Parquet files, nor the archive itself."""
    return path.relative_to(root).parts[0] in (layout.CSV, layout.METADATA, layout.DATAPACKAGE)


def write_archive(root: Path, archive: Path) -> None:
    """A zip whose bytes depend only on the files (fixed timestamps, sorted names),
    added to the archive that :func:`~wythoff.pipeline.export.terms.write_terms`
    began with the sequences' CSV files (nine tenths of the bytes, compressed
    meanwhile by the writer process while this one loaded the database)."""
    sequences = root / layout.SEQUENCES_CSV
    with open_archive(archive, "a") as bundle:
        for path in sorted(p for p in root.rglob("*") if p.is_file() and _exported(root, p)):
            if path.parent == sequences:
                continue
            add_entry(bundle, path.relative_to(root).as_posix(), path.read_bytes())


def open_archive(path: Path, mode: Literal["w", "a"]) -> zipfile.ZipFile:
    return zipfile.ZipFile(path, mode, zipfile.ZIP_DEFLATED)


def add_entry(bundle: zipfile.ZipFile, name: str, data: bytes) -> None:
    """One file of the archive, with a fixed timestamp and mode."""
    info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    # level 1: much faster than the default level for a few more bytes
    bundle.writestr(info, data, compresslevel=1)


def compress_database(database: Path, target: Path) -> int:
    """A zstd-compressed copy of the SQLite file (``zstd -d`` or any zstd library
    restores it byte for byte), for downloading the whole database at once."""
    import zstandard

    compressor = zstandard.ZstdCompressor(level=ZSTD_LEVEL, threads=-1, write_checksum=True)
    with open(database, "rb") as source, open(target, "wb") as sink:
        compressor.copy_stream(source, sink)
    return 1
