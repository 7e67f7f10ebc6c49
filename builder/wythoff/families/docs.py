"""The README's tables of families and IDs, written from the registry, and of the
database's tables, written from the models (:mod:`wythoff.db.schema`).

``python -m wythoff.families.docs README.md`` rewrites the tables between their
markers (``<!-- families -->`` ... ``<!-- /families -->``); a test fails when the
README holds anything else there.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from wythoff.db import schema
from wythoff.families import FAMILIES, PAPERS


def families_table() -> str:
    """Each family with the paper it comes from, in the registry's order."""
    rows = ["| family | paper |", "|---|---|"]
    for family in FAMILIES.values():
        paper = PAPERS[family.family.paper]
        rows.append(f"| {family.family.title} | {paper.authors}, *{paper.title}* ({paper.year}) |")
    return "\n".join(rows) + "\n"


def ids_table() -> str:
    """The forms of each family's sequence and game IDs."""
    rows = ["| family | sequences | games |", "|---|---|---|"]
    for key, family in FAMILIES.items():
        sequences = ", ".join(f"`{form}`" for form in family.sequence_forms) or "none"
        games = ", ".join(f"`{form}`" for form in family.game_forms) or "none"
        rows.append(f"| {key} | {sequences} | {games} |")
    return "\n".join(rows) + "\n"


TABLES = {"families": families_table, "ids": ids_table, "tables": schema.readme_table}


def update(text: str) -> str:
    """``text`` with each marked table replaced by the registry's."""
    for name, table in TABLES.items():
        start, end = f"<!-- {name} -->\n", f"<!-- /{name} -->"
        found = re.search(re.escape(start) + ".*?" + re.escape(end), text, re.S)
        if not found:
            raise ValueError(f"no <!-- {name} --> ... <!-- /{name} --> markers")
        text = text[: found.start()] + start + table() + end + text[found.end() :]
    return text


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m wythoff.families.docs README.md", file=sys.stderr)
        return 2
    path = Path(argv[0])
    path.write_text(update(path.read_text()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
