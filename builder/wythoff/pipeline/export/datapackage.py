"""``datapackage.json``: the CSV export described as a Frictionless Data Package.

A data package lets pandas, R, Frictionless and data portals read the export
with the right types and keys and no guessing.  The description is derived
from the files themselves (each CSV header names its fields), plus what the
files cannot say: the type of each column, the primary keys and the foreign
keys between the catalog tables.

Specification: https://specs.frictionlessdata.io/data-package/
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping
from pathlib import Path

from wythoff import layout
from wythoff.db import vocabulary
from wythoff.pipeline import provenance

INTEGER_COLUMNS = frozenset(
    {
        "n",
        "value",
        "x",
        "y",
        "class",
        "offset",
        "terms_count",
        "ppositions_max",
        "shift",
        "verified_up_to",
        "solved",
        "is_symmetric",
        "passed",
        "trailing_zeros",
        "length",
    }
)
"""Columns holding integers (of any size: ``value`` exceeds 64 bits for convergents)."""

DESCRIPTIONS = {
    "n": "index (OEIS offset convention for terms; the P-position's index for games)",
    "value": "the term a(n), exact",
    "x": "smaller pile (or first pile on a board that is not symmetric)",
    "y": "larger pile (or second pile)",
    "class": "Connell's class i of the P-position, where it applies",
    "digits": "numeration digits, most significant first (dot-separated for a >= 10)",
    "kind": "the relation in one word: " + ", ".join(vocabulary.CROSSREF_KINDS),
    "evidence": "what the relation rests on: " + ", ".join(vocabulary.EVIDENCE_KINDS),
}

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

PRIMARY_KEYS = {"sequences": ["n"], "games": ["x", "y"], "numerations": ["system", "n"]}


def write(root: Path, info: dict[str, str]) -> Path:
    """Describe every CSV file under ``root/csv`` in ``root/datapackage.json``."""
    resources = [_resource(root, name, layout.table_csv(name), TABLES[name]) for name in TABLES]
    for folder, prefix in FOLDERS.items():
        for path in sorted((root / layout.CSV / folder).glob("*.csv")):
            keys = {"primaryKey": PRIMARY_KEYS[folder]}
            relative = path.relative_to(root).as_posix()
            resources.append(_resource(root, f"{prefix}/{path.stem}", relative, keys))
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
    root: Path, name: str, relative: str, keys: Mapping[str, object]
) -> dict[str, object]:
    with open(root / relative, newline="") as handle:
        header = next(csv.reader(handle))
    fields = [_field(column) for column in header]
    return {
        "name": name,
        "path": relative,
        "profile": "tabular-data-resource",
        "format": "csv",
        "mediatype": "text/csv",
        "encoding": "utf-8",
        "schema": {"fields": fields, **keys},
    }


def _field(column: str) -> dict[str, str]:
    field = {"name": column, "type": "integer" if column in INTEGER_COLUMNS else "string"}
    if column in DESCRIPTIONS:
        field["description"] = DESCRIPTIONS[column]
    return field
