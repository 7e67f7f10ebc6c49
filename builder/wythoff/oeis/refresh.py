"""Extend every OEIS entry shipped with the package, once, and store the result.

Run by a maintainer when the excerpt changes (``python -m wythoff.oeis.refresh``):
each shipped entry is extended by every source it has (its b-file, its PARI
program run by ``gp``, the ``oeissequences`` package's Python program: ``pip
install wythoff-sequences[refresh]`` and Debian's ``pari-gp``; its name, where
:mod:`wythoff.oeis.named` reads it as a definition), to
:data:`TERMS` terms or until a term passes :data:`DIGITS` digits or the entry's
terms pass :data:`CHARACTERS` characters, and :mod:`wythoff.oeis.stored` writes
them to the package data that every build reads.  A missing tool is one line
naming what to install, and the refresh stops: a partial refresh would ship
weaker evidence without saying so.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from math import isqrt

from wythoff.oeis import gp, named, pyprograms, stored
from wythoff.oeis.evidence import from_bfile
from wythoff.oeis.index import OeisIndex
from wythoff.oeis.seqfiles import SeqFiles

TERMS = 10_100
"""Terms asked of each entry: more than a default build stores (10,000) plus a shift."""
DIGITS = 1000
"""Digits of the largest term kept: a default build's ``max_digits``."""
CHARACTERS = 50_000
"""Characters of decimal digits kept for one entry (an exponential entry stops early)."""
MEMBERSHIP_BOUND = 2_000_000
"""Largest number a membership program (``is(n)``) is asked about."""


def refresh_entry(
    anumber: str, index: OeisIndex, library: SeqFiles, limits: gp.Limits
) -> tuple[gp.Extension, ...]:
    """Every source's extension of one shipped entry, each cut to the stored size."""
    listed = index.terms(anumber)
    offset = library.offset(anumber)
    offset = index.offset(anumber) if offset is None else offset
    if offset is None:
        return (gp.Extension("", failure=f"no %O line for {anumber}"),)
    found = []
    if (bfile := from_bfile(anumber, listed, offset, library)) is not None:
        found.append(bfile)
    bound = min(MEMBERSHIP_BOUND, max(listed[-1], 1) * (TERMS // max(len(listed), 1) + 1))
    programs = library.pari_programs(anumber)
    pari = gp.extend(programs, listed, offset, TERMS, bound, limits)
    if pari.failure is not None and pari.failure.startswith("stopped after"):
        pari = gp.extend(programs, listed, offset, _within_characters(listed), bound, limits)
    found.append(pari)
    found.append(pyprograms.extend(anumber, listed, offset, TERMS, DIGITS, limits))
    found.append(named.extend(index.name(anumber), listed, offset, TERMS))
    return tuple(_cut(e) for e in found)


def _within_characters(listed: Sequence[int]) -> int:
    """About as many terms as :data:`CHARACTERS` keeps of an entry whose terms' digits
    grow linearly (exponential growth), asked again of a program too slow for
    :data:`TERMS`: a term-by-term program of a power series is quadratic or worse.

    >>> _within_characters([2**k for k in range(30)])  # 9 digits after 30 terms
    751
    """
    digits = max(len(str(abs(listed[-1]))), 1) if listed else 1
    return min(TERMS, len(listed) + isqrt(2 * max(len(listed), 1) * CHARACTERS // digits) * 5 // 4)


def _cut(extension: gp.Extension) -> gp.Extension:
    kept: list[int] = []
    characters = 0
    for term in extension.terms[:TERMS]:
        characters += len(str(term))
        if len(str(abs(term))) > DIGITS or characters > CHARACTERS:
            break
        kept.append(term)
    return gp.Extension(extension.program, tuple(kept), extension.failure, extension.source)


def missing_tools() -> list[str]:
    """What to install before a refresh, one line each."""
    missing = []
    if not gp.available():
        missing.append("PARI/GP is not installed: apt-get install pari-gp")
    if not pyprograms.available():
        missing.append("oeissequences is not installed: pip install 'wythoff-sequences[refresh]'")
    return missing


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m wythoff.oeis.refresh", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--seconds", type=float, default=120.0, help="limit of one program run")
    parser.add_argument("--workers", type=int, default=2, help="programs run at a time")
    parser.add_argument(
        "anumbers", nargs="*", help="refresh only these entries, keeping the others' stored terms"
    )
    options = parser.parse_args(argv)
    if missing := missing_tools():
        for line in missing:
            print(line, file=sys.stderr)
        return 2
    started = time.perf_counter()
    index = OeisIndex.load(None, None)
    library = SeqFiles()
    limits = gp.Limits(seconds=options.seconds)
    anumbers = sorted(options.anumbers or index.anumbers())
    if unknown := [a for a in anumbers if a not in index]:
        print(f"not an entry of the shipped excerpt: {', '.join(unknown)}", file=sys.stderr)
        return 2
    with ThreadPoolExecutor(max(options.workers, 1)) as pool:
        found = pool.map(lambda a: refresh_entry(a, index, library, limits), anumbers)
        done = dict(zip(anumbers, found, strict=True))
    kept = stored.load() if options.anumbers else {}
    stored.save({**kept, **done})
    print(summary(done, time.perf_counter() - started))
    return 0


def summary(done: dict[str, tuple[gp.Extension, ...]], seconds: float) -> str:
    by_source: dict[str, int] = {}
    for extensions in done.values():
        for extension in extensions:
            if extension.failure is None and extension.terms:
                by_source[extension.source] = by_source.get(extension.source, 0) + 1
    sources = ", ".join(f"{count} by {source}" for source, count in sorted(by_source.items()))
    return f"{len(done)} entries refreshed in {seconds:.0f} s ({sources}) into {stored.FILE}"


if __name__ == "__main__":
    sys.exit(main())
