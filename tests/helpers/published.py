"""Two builds compared: every row of every public table and every exported file,
all but the build's id (and the build's date, when ``SOURCE_DATE_EPOCH`` is the same)."""

from __future__ import annotations

import io
import json
import sqlite3
import zipfile
from pathlib import Path

from wythoff.db import PUBLIC_TABLES

PROVENANCE = ("metadata.json", "wythoff-data.zip")
"""The exported files that carry the build's id (the database too, compared by table)."""

DATABASES = ("wythoff.sqlite", "wythoff.sqlite.zst")


Moved = tuple[str, str] | None
"""A build's folder and another: the build read as if made in the other, for builds of
one configuration made in two folders (their settings, stored with them, name it)."""


def public_rows(database: Path, moved: Moved = None) -> dict[str, list[tuple]]:
    """Every row of every public table, sorted, the build's id left out (the settings in
    ``build_info`` read in the folder ``moved`` gives)."""
    with sqlite3.connect(database) as connection:
        tables = {}
        for table in PUBLIC_TABLES:
            cursor = connection.execute(f"SELECT * FROM {table}")
            order = ", ".join(str(i + 1) for i in range(len(cursor.description)))
            rows = connection.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()
            if table == "build_info" and moved:
                rows = sorted(tuple(_moved(v, moved) for v in row) for row in rows)
            tables[table] = [r for r in rows if table != "build_info" or r[0] != "build_id"]
    return tables


def _moved(value: object, moved: tuple[str, str]) -> object:
    return value.replace(*moved) if isinstance(value, str) else value


def without_build_id(text: bytes, moved: Moved = None) -> dict:
    settings = json.loads(text.decode().replace(*moved) if moved else text)
    del settings["build_id"]
    return settings


def exported(folder: Path, moved: Moved = None) -> dict[str, object]:
    """Every exported file's content: bytes, the build's id left out of those carrying it
    (their settings read in the folder ``moved`` gives)."""
    files: dict[str, object] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        name = str(path.relative_to(folder))
        if name == "metadata.json":
            files[name] = without_build_id(path.read_bytes(), moved)
        elif name == "wythoff-data.zip":
            with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as archive:
                files[name] = {
                    member: without_build_id(archive.read(member), moved)
                    if member == "metadata.json"
                    else archive.read(member)
                    for member in archive.namelist()
                }
        elif name not in DATABASES:
            files[name] = path.read_bytes()
    return files


def assert_same_build(local: Path, output: Path, moved: Moved = None) -> None:
    """The build published in ``output`` holds what the local build ``local`` held (read
    as made in the folder ``moved`` gives, if it was made in another)."""
    published = (output / "current").resolve()
    assert public_rows(published / "wythoff.sqlite") == public_rows(local / "wythoff.sqlite", moved)
    assert exported(published) == exported(local, moved)
    differing = sorted(
        str(path.relative_to(local))
        for path in local.rglob("*")
        if path.is_file()
        and path.read_bytes() != (published / path.relative_to(local)).read_bytes()
    )
    assert differing == sorted((*DATABASES, *PROVENANCE))  # the build's id, and only there
