"""Reading entries in OEIS's internal format: OEIS's own (the %S, %T, %U and %O
lines of the entries in ``tests/reference/oeis_data_lines.txt``) and ours, field by
field, checking the order of the fields."""

from __future__ import annotations

import re
from collections import defaultdict

from tests.helpers.data import REFERENCE

TAG_ORDER = "ISTUNCDHFoYKOA"


def oeis_lines() -> dict[str, dict[str, str]]:
    """The %S, %T, %U and %O lines of OEIS's entries, by A-number and tag."""
    entries: dict[str, dict[str, str]] = defaultdict(dict)
    for line in (REFERENCE / "oeis_data_lines.txt").read_text().splitlines():
        tag, anumber, text = line.split(" ", 2)
        entries[anumber][tag[1]] = text
    return dict(entries)


ENTRIES = oeis_lines()


def listed_terms(entry: dict[str, str]) -> list[int]:
    data = entry.get("S", "") + entry.get("T", "") + entry.get("U", "")
    return [int(t) for t in data.split(",") if t]


def parse(lines: list[str], identifier: str) -> dict[str, list[str]]:
    """An entry's lines by tag, checking that each is ``%x ID text`` in OEIS's order."""
    fields: dict[str, list[str]] = defaultdict(list)
    order = []
    for line in lines:
        found = re.fullmatch(rf"%([A-Za-z]) {re.escape(identifier)}(?: (.*))?", line)
        assert found, line
        tag, text = found.groups()
        fields[tag].append(text or "")
        if not order or order[-1] != tag:
            order.append(tag)
    assert order == sorted(order, key=TAG_ORDER.index), order
    assert len(order) == len(set(order)), "each field in one block"
    return fields
