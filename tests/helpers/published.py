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


def public_rows(database: Path) -> dict[str, list[tuple]]:
    """Every row of every public table, sorted, the build's id left out."""
    with sqlite3.connect(database) as connection:
        tables = {}
        for table in PUBLIC_TABLES:
            cursor = connection.execute(f"SELECT * FROM {table}")
            order = ", ".join(str(i + 1) for i in range(len(cursor.description)))
            rows = connection.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()
            tables[table] = [r for r in rows if table != "build_info" or r[0] != "build_id"]
    return tables


def without_build_id(text: bytes) -> dict:
    settings = json.loads(text)
    del settings["build_id"]
    return settings


def exported(folder: Path) -> dict[str, object]:
    """Every exported file's content: bytes, the build's id left out of those carrying it."""
    files: dict[str, object] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        name = str(path.relative_to(folder))
        if name == "metadata.json":
            files[name] = without_build_id(path.read_bytes())
        elif name == "wythoff-data.zip":
            with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as archive:
                files[name] = {
                    member: without_build_id(archive.read(member))
                    if member == "metadata.json"
                    else archive.read(member)
                    for member in archive.namelist()
                }
        elif name not in DATABASES:
            files[name] = path.read_bytes()
    return files


def assert_same_build(local: Path, output: Path) -> None:
    """The build published in ``output`` holds what the local build ``local`` held."""
    published = (output / "current").resolve()
    assert public_rows(published / "wythoff.sqlite") == public_rows(local / "wythoff.sqlite")
    assert exported(published) == exported(local)
    differing = sorted(
        str(path.relative_to(local))
        for path in local.rglob("*")
        if path.is_file()
        and path.read_bytes() != (published / path.relative_to(local)).read_bytes()
    )
    assert differing == sorted((*DATABASES, *PROVENANCE))  # the build's id, and only there
