"""The order in which IDs are listed everywhere: their numbers compared as numbers."""

from __future__ import annotations

import re


def natural(identifier: str) -> tuple[str | int, ...]:
    """An ID's sort key with its numbers compared as numbers, so that every list reads
    modular-m2 before modular-m10 (splitting at the digits alternates text and
    numbers, so two keys always compare part for part).

    >>> sorted(["modular-m10", "modular-m2", "modular-m1"], key=natural)
    ['modular-m1', 'modular-m2', 'modular-m10']
    """
    parts = re.split(r"(\d+)", identifier)
    return tuple(int(part) if i % 2 else part for i, part in enumerate(parts))
