"""The OEIS search at the whole encyclopedia's size: 400,000 entries.

OEIS's bulk files ``stripped.gz`` and ``names.gz`` hold about 390,000 entries.
This script writes a synthetic pair of files of ``--entries`` entries in their
exact format, with the shipped excerpt's 121 real entries inside, and many decoys
that share first terms with the catalog (Beatty sequences of nearby slopes,
shifted copies, linear recurrences, polynomials, sparse increasing sequences).
Then it times, in this one process:

* loading the files into :class:`~wythoff.oeis.index.OeisIndex`, with peak memory;
* matching every sequence of the default catalog (matches and near misses);
* the baseline: the same comparison by a plain scan of every entry, for a sample
  of sequences (a scan of all of them would take hours), as time per sequence.

It checks that the full files find every match the excerpt finds.
Run: ``python bench/oeis_scale.py [--entries 400000]``.
"""

from __future__ import annotations

import argparse
import gzip
import random
import resource
import tempfile
import time
from pathlib import Path

from wythoff import config, families
from wythoff.oeis.index import DEFAULT_NAMES, DEFAULT_STRIPPED, OeisIndex

SAMPLE = 8  # sequences compared by the baseline's plain scan


def synthetic_terms(rng: random.Random, catalog_terms: list[list[int]]) -> list[int]:
    """One made-up entry's terms: mostly unrelated ones, 2 % copies of a catalog sequence
    (shifted, or changed at one late term) that must match or nearly match."""
    shape = rng.choices(range(6), weights=(30, 1, 20, 20, 1, 28))[0]
    length = rng.randrange(12, 70)
    if shape == 0:  # a Beatty sequence of a random slope
        alpha = rng.uniform(1.01, 12.0)
        beta = rng.uniform(-1, 1)
        return [int(n * alpha + beta) for n in range(1, length + 1)]
    if shape == 1:  # a catalog sequence, changed at one late term
        ours = rng.choice(catalog_terms)[:length]
        if len(ours) > 10:
            k = rng.randrange(8, len(ours))
            ours = ours[:k] + [ours[k] + rng.choice((-1, 1))] + ours[k + 1 :]
        return ours
    if shape == 2:  # a linear recurrence
        a, b, c = rng.randrange(1, 6), rng.randrange(-2, 3), rng.randrange(0, 4)
        terms = [c, 1]
        while len(terms) < min(length, 40):
            terms.append(a * terms[-1] + b * terms[-2])
        return terms
    if shape == 3:  # a polynomial
        coefficients = [rng.randrange(-5, 6) for _ in range(rng.randrange(2, 5))]
        return [sum(c * n**i for i, c in enumerate(coefficients)) for n in range(length)]
    if shape == 4:  # a catalog sequence shifted by a few places
        ours = rng.choice(catalog_terms)
        shift = rng.randrange(1, 4)
        return ours[shift : shift + length]
    values, value = [], rng.randrange(0, 5)  # a sparse increasing sequence
    for _ in range(length):
        value += rng.randrange(1, 30)
        values.append(value)
    return values


def write_files(folder: Path, entries: int, catalog_terms: list[list[int]]) -> tuple[Path, Path]:
    """``stripped.gz`` and ``names.gz`` of ``entries`` entries, the excerpt included."""
    rng = random.Random(2026)
    real = [line for line in DEFAULT_STRIPPED.read_text().splitlines() if line[:1] == "A"]
    real_names = [line for line in DEFAULT_NAMES.read_text().splitlines() if line[:1] == "A"]
    taken = {line.split()[0] for line in real}
    stripped, names = folder / "stripped.gz", folder / "names.gz"
    with gzip.open(stripped, "wt") as data, gzip.open(names, "wt") as titles:
        data.write("# OEIS Sequence Data (synthetic, for a benchmark)\n")
        titles.write("# OEIS Sequence Names (synthetic, for a benchmark)\n")
        number, placed = 1, 0
        every = max(entries // (len(real) + 1), 1)
        while placed < entries:
            anumber = f"A{number:06d}"
            number += 1
            if anumber in taken:
                continue
            if placed % every == every // 2 and real:
                data.write(real.pop() + "\n")
                titles.write(real_names.pop() + "\n")
            else:
                terms = synthetic_terms(rng, catalog_terms)
                data.write(f"{anumber} ,{','.join(map(str, terms))},\n")
                titles.write(f"{anumber} Synthetic entry {placed}\n")
            placed += 1
    return stripped, names


def scan(index: OeisIndex, terms: list[int]) -> set[str]:
    """The baseline: every entry compared with ``terms`` at every shift, one by one."""
    found = set()
    for anumber in index.anumbers():
        theirs = index.terms(anumber)
        for shift in range(-3, 4):
            first = max(0, -shift)
            stop = min(len(theirs), len(terms) - shift)
            if stop - first >= 8 and theirs[first:stop] == terms[first + shift : stop + shift]:
                found.add(anumber)
                break
    return found


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=400_000)
    args = parser.parse_args()

    records = families.build(config.load().families)
    excerpt = OeisIndex.load()
    length = excerpt.terms_looked_at()
    start = time.perf_counter()
    catalog = {
        r.id: [int(t) for t in r.listed(r.offset, length)] for r in records.sequences.values()
    }
    print(
        f"{len(catalog)} sequences of the default catalog, {length} terms each: "
        f"{time.perf_counter() - start:.1f} s"
    )
    with tempfile.TemporaryDirectory() as scratch:
        stripped, names = write_files(Path(scratch), args.entries, list(catalog.values()))
        size = stripped.stat().st_size + names.stat().st_size
        print(f"wrote {args.entries:,} entries: {size / 2**20:.1f} MiB gzip")
        before = peak_mib()
        start = time.perf_counter()
        index = OeisIndex.load(stripped, names)
        loaded = time.perf_counter() - start
        print(
            f"load: {loaded:.1f} s, peak memory {peak_mib():.0f} MiB ({peak_mib() - before:+.0f})"
        )

    start = time.perf_counter()
    found = {i: {m.anumber for m in index.matches(t)} for i, t in catalog.items()}
    misses = sum(len(index.near_misses(t)) for t in catalog.values())
    matched = time.perf_counter() - start
    print(
        f"match {len(catalog)} sequences: {matched:.1f} s "
        f"({1000 * matched / len(catalog):.1f} ms each), "
        f"{sum(map(len, found.values()))} matches, {misses} near misses"
    )

    expected = {i: {m.anumber for m in excerpt.matches(t)} for i, t in catalog.items()}
    lost = [i for i in catalog if not expected[i] <= found[i]]
    print(f"every match of the excerpt found in the full files: {not lost}")

    sample = sorted(catalog)[:: max(len(catalog) // SAMPLE, 1)][:SAMPLE]
    start = time.perf_counter()
    for sequence_id in sample:
        assert found[sequence_id] <= scan(index, catalog[sequence_id])
    scanned = (time.perf_counter() - start) / len(sample)
    indexed = matched / len(catalog)
    print(
        f"baseline, a plain scan: {scanned:.2f} s a sequence; "
        f"the index: {indexed * 1000:.1f} ms a sequence, ratio {scanned / indexed:,.0f}x faster"
    )
    print(f"peak memory of the process: {peak_mib():.0f} MiB")


if __name__ == "__main__":
    main()
