"""Large files published in parts, so that no file of the site exceeds what a host
accepts (Cloudflare Pages refuses any file over 25 MiB).

A file ``NAME`` of any size becomes ``NAME.000``, ``NAME.001``, ... of
``part_bytes`` each but the last; ``cat NAME.* > NAME`` joins them.  The database
also gets a manifest, ``NAME.json``, from which the browser tools map a byte
offset to a part and an offset in it (``site/assets/javascripts/range-reader.js``):
SQLite's pages never straddle two parts, since the part size is a whole number of
MiB and a page at most 64 KiB.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

MIB = 1 << 20


def part_names(name: str, size: int, part_bytes: int) -> list[str]:
    """The parts' names of a file of ``size`` bytes (one part at least).

    >>> part_names("wythoff.sqlite", 5 * MIB, 2 * MIB)
    ['wythoff.sqlite.000', 'wythoff.sqlite.001', 'wythoff.sqlite.002']
    >>> part_names("empty", 0, MIB)
    ['empty.000']
    """
    count = max(1, -(-size // part_bytes))
    return [f"{name}.{index:03d}" for index in range(count)]


def split(source: Path, folder: Path, part_bytes: int) -> list[str]:
    """Write ``source`` into ``folder`` as its parts, and return their names.  A file
    that fits in one part is hard-linked (stored once) rather than copied: the file
    itself, not a symbolic link to it (the build publishes its files through one)."""
    folder.mkdir(parents=True, exist_ok=True)
    size = source.stat().st_size
    names = part_names(source.name, size, part_bytes)
    if len(names) == 1:
        _link_or_copy(source.resolve(), folder / names[0])
        return names
    with open(source, "rb") as whole:
        for name in names:
            with open(folder / name, "wb") as part:
                _copy_bytes(whole, part, part_bytes)
    return names


def manifest(source: Path, names: list[str], part_bytes: int, base: str) -> dict[str, Any]:
    """What the browser needs to read ``source`` from its parts: its size, the part
    size, the parts in order, and ``base``, the address they are published at when
    not beside the manifest (``""``)."""
    return {
        "file": source.name,
        "size": source.stat().st_size,
        "part_size": part_bytes,
        "parts": names,
        "base": base,
    }


def _copy_bytes(source: Any, target: Any, count: int) -> None:
    while count > 0:
        block = source.read(min(count, 4 * MIB))
        if not block:
            return
        target.write(block)
        count -= len(block)


def _link_or_copy(source: Path, target: Path) -> None:
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
