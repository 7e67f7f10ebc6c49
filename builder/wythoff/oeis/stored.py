"""The shipped OEIS entries' terms past their listings, as data of the package.

A build must state the same facts on every machine, whatever is installed on it.
So the entries shipped with the package are not extended at build time: each was
extended once, by :mod:`wythoff.oeis.refresh`, from its b-file, its own PARI
program (:mod:`wythoff.oeis.gp`) and a Python program of the ``oeissequences``
package (:mod:`wythoff.oeis.pyprograms`), and every extension is stored in
``resources/oeis/extensions.json.gz`` with its source, its program's text and
SHA-256, and its number of terms (or why there is none).  A build reads them;
only the entries of a user's own ``oeis_dir`` run their programs.

An entry extended by several sources is judged on what they say together
(:func:`combine`): where they agree, on the longest; where they disagree, only on
the terms before their first difference, and the difference is reported.

The terms are stored as first differences (a Beatty sequence's are 1s and 2s),
which compress to a few bytes per thousand terms.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import accumulate
from pathlib import Path

from wythoff import resources
from wythoff.oeis import gp, named, pyprograms
from wythoff.oeis.gp import Extension

FILE = resources.OEIS / "extensions.json.gz"
FORMAT = 1
NO_SOURCE = "neither the entry nor oeissequences has a program for it"


def load(path: Path = FILE) -> dict[str, tuple[Extension, ...]]:
    """Every stored extension, by A-number, in the order of preference of the refresh."""
    return dict(_load(path))


@cache
def _load(path: Path) -> tuple[tuple[str, tuple[Extension, ...]], ...]:
    try:
        data = json.loads(gzip.decompress(path.read_bytes()))
    except FileNotFoundError:
        return ()
    return tuple(
        (anumber, tuple(_extension(item) for item in items))
        for anumber, items in sorted(data["entries"].items())
    )


def _extension(item: Mapping[str, object]) -> Extension:
    deltas = [int(d) for d in str(item.get("deltas", "")).split(",") if d]
    terms = tuple(accumulate(deltas))
    if len(terms) != item.get("terms", 0):
        raise ValueError(f"stored extension of {len(terms)} terms, said {item.get('terms')}")
    failure = item.get("failure")
    return Extension(
        str(item.get("program", "")),
        terms,
        None if failure is None else str(failure),
        str(item["source"]),
    )


def save(entries: Mapping[str, Sequence[Extension]], path: Path = FILE) -> None:
    """Write ``entries`` (A-number -> its extensions) as :func:`load` reads them."""
    data = {
        "format": FORMAT,
        "entries": {
            anumber: [_item(extension) for extension in extensions]
            for anumber, extensions in sorted(entries.items())
        },
    }
    text = json.dumps(data, indent=0, sort_keys=True).encode()
    path.write_bytes(gzip.compress(text, compresslevel=9, mtime=0))
    _load.cache_clear()


def _item(extension: Extension) -> dict[str, object]:
    terms = extension.terms
    item: dict[str, object] = {
        "source": extension.source,
        "program": extension.program,
        "sha256": extension.sha256,
        "terms": len(terms),
        "deltas": ",".join(str(b - a) for a, b in zip((0, *terms), terms, strict=False)),
    }
    if extension.failure is not None:
        item["failure"] = extension.failure
    return item


_NO_PROGRAM = (gp.NO_PROGRAM, pyprograms.NO_PROGRAM, named.UNREAD)


def combine(anumber: str, extensions: Sequence[Extension]) -> Extension:
    """One extension from an entry's sources: the longest where they agree on every
    term both give; the terms before their first difference where they do not
    (the weaker claim), with the difference in ``note``; the first failure if none
    gave terms.

    >>> one, two = Extension("p", (1, 2, 3, 4)), Extension("q", (1, 2, 5), source="Python program")
    >>> found = combine("A1", [one, two])
    >>> found.terms, found.source
    ((1, 2), 'PARI program and Python program')
    >>> found.note
    "A1's PARI program and Python program differ at its term 2 (counted from 0): 3 and 5"
    >>> combine("A1", [one, Extension("q", (1, 2), source="Python program")]).note
    'the Python program agrees on its 2 terms'
    """
    done = [e for e in extensions if e.failure is None and e.terms]
    if not done:
        failures = [e for e in extensions if e.failure not in _NO_PROGRAM]
        return failures[0] if failures else Extension("", failure=NO_SOURCE)
    longest = max(done, key=lambda e: len(e.terms))
    notes = []
    for other in done:
        if other is longest:
            continue
        differ = next(
            (j for j, (a, b) in enumerate(zip(longest.terms, other.terms, strict=False)) if a != b),
            None,
        )
        if differ is not None:
            return Extension(
                longest.program,
                longest.terms[:differ],
                source=f"{longest.source} and {other.source}",
                note=(
                    f"{anumber}'s {longest.source} and {other.source} differ at its term "
                    f"{differ} (counted from 0): {longest.terms[differ]} and {other.terms[differ]}"
                ),
            )
        notes.append(f"the {other.source} agrees on its {len(other.terms)} terms")
    return Extension(longest.program, longest.terms, source=longest.source, note="; ".join(notes))
