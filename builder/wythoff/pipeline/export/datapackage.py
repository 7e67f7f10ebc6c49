"""``datapackage.json``: the CSV export described as a Frictionless Data Package.

A data package lets pandas, R, Frictionless and data portals read the export
with the right types and keys and no guessing.  The description is derived
from the files themselves (each CSV header names its fields), the type and
description of each column from the database's schema (:mod:`wythoff.db.schema`:
each file holds rows of one table), and here only what neither can say: the
primary keys and the foreign keys between the catalog tables.

Specification: https://specs.frictionlessdata.io/data-package/
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping
from pathlib import Path

from wythoff import layout
from wythoff.db import schema
from wythoff.pipeline import provenance

TABLES: dict[str, dict[str, object]] = {
    "sequences": {
        "primaryKey": ["id"],
        "foreignKeys": [
            {"fields": ["game_id"], "reference": {"resource": "games", "fields": ["id"]}}
        ],
    },
    "games": {"primaryKey": ["id"]},
    "crossrefs": {
        "foreignKeys": [
            {"fields": ["sequence_id"], "reference": {"resource": "sequences", "fields": ["id"]}}
        ]
    },
    "verifications": {},
}
"""The catalog tables under ``csv/`` with their keys."""

FOLDERS = {"sequences": "sequence", "games": "game", "numerations": "numeration"}
"""Folders of one CSV per object, and the prefix of their resource names."""

FOLDER_TABLES = {"sequences": "terms", "games": "p_positions", "numerations": "numerations"}
"""The table whose rows each folder's files hold (one object's rows a file)."""

KINDS = {"integer": "integer", "real": "number", "boolean": "integer", "text": "string"}
"""The data package's type of each kind of column (flags are written 1 or 0)."""

PRIMARY_KEYS = {"sequences": ["n"], "games": ["x", "y"], "numerations": ["system", "n"]}


def write(root: Path, info: dict[str, str]) -> Path:
    """Describe every CSV file under ``root/csv`` in ``root/datapackage.json``."""
    resources = [
        _resource(root, name, layout.table_csv(name), TABLES[name], name) for name in TABLES
    ]
    for folder, prefix in FOLDERS.items():
        for path in sorted((root / layout.CSV / folder).glob("*.csv")):
            keys = {"primaryKey": PRIMARY_KEYS[folder]}
            relative = path.relative_to(root).as_posix()
            table = FOLDER_TABLES[folder]
            resources.append(_resource(root, f"{prefix}/{path.stem}", relative, keys, table))
    package = {
        "name": provenance.NAME,
        "title": provenance.TITLE,
        "version": info.get("version", ""),
        "created": info.get("date", ""),
        "licenses": [
            {
                "name": provenance.LICENCE,
                "title": provenance.LICENCE_TITLE,
                "path": provenance.LICENCE_URL,
            }
        ],
        "description": provenance.citation(info.get("version", "")),
        "resources": resources,
    }
    target = root / layout.DATAPACKAGE
    target.write_text(json.dumps(package, indent=1, sort_keys=True) + "\n")
    return target


def _resource(
    root: Path, name: str, relative: str, keys: Mapping[str, object], table: str
) -> dict[str, object]:
    with open(root / relative, newline="") as handle:
        header = next(csv.reader(handle))
    fields = [field(table, column) for column in header]
    return {
        "name": name,
        "path": relative,
        "profile": "tabular-data-resource",
        "format": "csv",
        "mediatype": "text/csv",
        "encoding": "utf-8",
        "schema": {"fields": fields, **keys},
    }


def field(table: str, column: str) -> dict[str, str]:
    """The data package's field of a column of ``table``, as the schema describes it.

    >>> field("terms", "value")["type"], field("games", "solved")["type"]
    ('integer', 'integer')
    """
    described = schema.column(table, column)
    return {
        "name": column,
        "type": KINDS[described.kind],
        "description": described.description,
    }
