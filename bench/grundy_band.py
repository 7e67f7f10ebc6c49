"""The Sprague–Grundy tables a build computes, with an m-bishop's band kept as
bitsets against the band visited cell by cell, in the same run.

For a sample of the distinct rules of Larsson's games with m, p <= M that have
values and an m-bishop of ``m >= grundy.BAND_KEPT_FROM``, times the two tables the
build computes of each (the positions' square and the rows' strip, at the
defaults' sizes), once as the sweep runs now and once with the band's bitsets off
(``BAND_KEPT_FROM`` past every m: each cell visits its ``2m - 2`` band cells).  The
tables must be equal before a time is printed.

Run: ``python bench/grundy_band.py [--largest 16] [--sample 300]``.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from wythoff import config as configuration
from wythoff import families
from wythoff.core.games import grundy
from wythoff.core.games.rules import Rules


def tables(rules: list[Rules], config: configuration.Config) -> tuple[float, list[np.ndarray]]:
    """Seconds for the build's two tables of each rules, and the tables."""
    made = []
    started = time.perf_counter()
    for r in rules:
        made.append(grundy.grundy_table(r, config.grundy_positions_max + 1))
        made.append(grundy.grundy_table(r, config.grundy_size, rows=config.grundy_rows + 1))
    return time.perf_counter() - started, made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--largest", type=int, default=16, help="M: Larsson's m, p <= M")
    parser.add_argument("--sample", type=int, default=300, help="rules timed")
    options = parser.parse_args()
    ranges = {"larsson": {"m": [1, options.largest], "p": [1, options.largest]}}
    config = configuration.load(None, families=ranges)
    games = families.build(config.families).games.values()
    wide = {
        g.rules
        for g in games
        if grundy.undefined_reason(g.rules) is None and g.rules.bishop >= grundy.BAND_KEPT_FROM
    }
    everyone = len({g.rules for g in games if grundy.undefined_reason(g.rules) is None})
    chosen = random.Random(0).sample(sorted(wide, key=repr), min(options.sample, len(wide)))
    grundy.grundy_table(chosen[0], 8)  # compile (or load the cached machine code) first
    kept_seconds, kept = tables(chosen, config)
    band_from = grundy.BAND_KEPT_FROM
    grundy.BAND_KEPT_FROM = 2**62  # every band visited cell by cell
    try:
        visited_seconds, visited = tables(chosen, config)
    finally:
        grundy.BAND_KEPT_FROM = band_from
    assert all(np.array_equal(a, b) for a, b in zip(kept, visited, strict=True))
    print(
        f"Larsson m, p <= {options.largest}: {len(wide)} of {everyone} rules with values have "
        f"m >= {band_from}; {len(chosen)} timed, their {2 * len(chosen)} tables equal: "
        f"band kept {1000 * kept_seconds / len(chosen):.2f} ms a rules, visited "
        f"{1000 * visited_seconds / len(chosen):.2f} ms ({visited_seconds / kept_seconds:.2f}x)"
    )


if __name__ == "__main__":
    main()
