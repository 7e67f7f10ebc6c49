"""The build: compute -> verify -> load -> export.

1. **compute**: the games (each solved once on the configured board, in
   parallel processes), the terms of every sequence, the numeration tables;
2. **verify**: formula == solver == strategy for every game, the families'
   theorems, cross-references and OEIS matches, each recorded; any failure
   stops the build before anything is written;
3. **load**: one atomic write of the database (the previous one stays intact
   until the new one is complete);
4. **export**: CSV files, b-files and the archive, read back from the database.

Every stage shows a progress bar.  The same configuration always gives the
same content; only the build date differs.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from wythoff import catalog, crossrefs, export, loading, processes, provenance, publish, verify
from wythoff import config as configuration
from wythoff.catalog import FAMILIES, Catalog, GameRecord, SequenceRecord
from wythoff.catalog.evidence import Check
from wythoff.core import bigdigits, numeration
from wythoff.core.games import observations, solver, sparse, unsolved
from wythoff.core.games.rules import Rules
from wythoff.core.games.strategy import BoardStrategy
from wythoff.db import read, store
from wythoff.oeis import OeisIndex, describe_source

Row = tuple[int, int, int, int | None]  # a stored P-position: (n, x, y, class)


@dataclass
class GameResult:
    """What one worker computed and checked for one game."""

    game_id: str
    rows: list[Row]  # (n, x, y, class)
    complete_up_to: int
    checks: list[Check]
    pairs: np.ndarray | None = None  # games without formula: certain (c, d), shape (count, 2)
    conjecture: str | None = None
    observations: dict[str, Any] | None = None  # Larsson's questions on the data (named columns)


@dataclass
class Computed:
    games: dict[str, GameResult] = field(default_factory=dict)
    terms: dict[str, np.ndarray] = field(default_factory=dict)
    numerations: dict[int, tuple[list[list[int]], list[list[int]]]] = field(default_factory=dict)
    checks: list[Check] = field(default_factory=list)
    crossrefs: list[crossrefs.Crossref] = field(default_factory=list)


@dataclass(frozen=True)
class BuildReport:
    database: str
    counts: dict[str, int]
    files: int
    seconds: float


class Stages:
    """Progress bars on stderr, one per stage: only on a terminal, never when ``quiet``
    (a log file or a pipe gets no carriage-return litter)."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet or not sys.stderr.isatty()

    def bar(self, description: str, total: int | None = None) -> tqdm:
        return tqdm(
            total=total,
            desc=f"{description:<10}",
            unit=" items",
            file=sys.stderr,
            disable=self.quiet,
            mininterval=0.5,
            dynamic_ncols=True,
            leave=True,
        )


def build(
    config: configuration.Config,
    quiet: bool = False,
    workers: int | None = None,
    wait: bool = False,
) -> BuildReport:
    """Run the whole build; raises ConfigError or VerificationFailed before writing.

    Terms of any length are written as decimal text (the digit limit is lifted
    for the build's duration only).  One build at a time writes to an output (another raises
    ``publish.OutputBusy``, or is awaited with ``wait``), and its files are
    published together or not at all (see :mod:`wythoff.publish`)."""
    configuration.check_resources(config)
    store.check_reachable(config.database_url, config.database_path)
    with bigdigits.unlimited(), publish.lock(config.output_dir, wait=wait):
        return _build(config, quiet, workers)


def _build(config: configuration.Config, quiet: bool, workers: int | None) -> BuildReport:
    started = time.perf_counter()
    records = catalog.build(config.families)
    stages = Stages(quiet)
    computed = Computed()
    _compute_games(records, config, computed, stages, workers)
    _compute_sequences(records, config, computed, stages)
    _compute_numerations(records, config, computed, stages)
    oeis_source = _verify(records, config, computed, stages)
    failures = [c for c in computed.checks if not c.passed]
    if failures:
        raise verify.VerificationFailed(failures)
    inside = config.database_path == config.output_dir / publish.DATABASE
    publication = publish.begin(config.output_dir, database_inside=inside)
    info = {**_build_info(config, oeis_source), "build_id": publication.build_id}
    url, path = _staged_database(config, publication)
    terms = {r.id: (r.offset, computed.terms[r.id]) for r in records.sequences.values()}
    names = {r.id: r.name for r in sorted(records.sequences.values(), key=lambda r: r.id)}
    written = export.TermsWriter(publication.directory, names, info, terms)  # meanwhile
    try:
        with store.atomic_build(url, path) as connection:
            loading.load(connection, records, config, computed, info, stages)
            counts = store.table_counts(connection)
        files = _export(url, path, publication.directory, stages, written)
    finally:
        written.stop()
    publish.commit(publication)
    return BuildReport(config.database, counts, files, time.perf_counter() - started)


def _staged_database(
    config: configuration.Config, publication: publish.Publication
) -> tuple[str, Path | None]:
    """Where the build writes its database: inside its own folder when the database
    lives in the output (published with the rest), else where configured."""
    if publication.database_inside:
        return f"sqlite:///{publication.database}", publication.database
    return config.database_url, config.database_path


# ----------------------------------------------------------------------------- compute


def _compute_games(
    records: Catalog,
    config: configuration.Config,
    computed: Computed,
    stages: Stages,
    workers: int | None,
) -> None:
    shared = verify.shared_strategy_checks(records.games.values())
    jobs = [
        (
            game_id,
            config.solver_board,
            config.strategy_board,
            config.ppositions_max,
            config.terms_of_game(game_id),
            shared.get(game_id),
        )
        for game_id in records.games
    ]
    workers = workers or os.cpu_count() or 1
    with stages.bar("games", len(jobs)) as bar:
        if workers == 1:
            results: Iterable[GameResult] = map(_game_job, jobs)
            for result in results:
                computed.games[result.game_id] = result
                bar.update(1)
            return
        with processes.pool(workers) as pool:
            # runs of games in one worker, in catalog order: a game finds the boards of the
            # games before it with the same rules in its cache (_solved_board)
            for result in pool.map(_game_job, jobs, chunksize=GAMES_PER_TASK):
                computed.games[result.game_id] = result
                bar.update(1)


def _game_job(job: tuple[str, int, int, int, int, str | None]) -> GameResult:
    """Solve one game's board, check it, and list the P-positions to store.

    A game without a formula takes its pairs from the sparse solver (checked
    against the board in ``game_checks``): ``terms`` proven pairs, and every
    P-position with both coordinates up to ``ppositions_max``.  ``same_as``: the
    game whose strategy check is this one's (:func:`verify.shared_strategy_checks`)."""
    game_id, board_size, strategy_board, ppositions_max, terms, same_as = job
    record = catalog.resolve_game(game_id)
    # a game where the second player first chooses a variant: the union of their boards
    # (the variants are games of their own too, solved just before: the cache has them)
    variants = [_solved_board(rules, board_size) for rules in record.rules.variants()]
    board = variants[0] if len(variants) == 1 else np.maximum.reduce(variants)
    choices = variants if len(variants) > 1 else ()
    checks = verify.game_checks(record, board, strategy_board, choices, same_as)
    checks += FAMILIES[record.family].game_checks(record, board)
    if record.solved:
        rows: list[Row] = [
            (p.n, p.x, p.y, p.cls) for p in record.formula().indexed_p_positions(ppositions_max)
        ]
        return GameResult(game_id, rows, ppositions_max, checks)
    if not record.sequences:
        # no sequences to fill: every position of the board is decided, so the rows are
        # every P-position with both piles within it
        bound = min(ppositions_max, board_size - 1)
        stored = BoardStrategy(record.rules, board).indexed_p_positions(bound)
        return GameResult(game_id, [(p.n, p.x, p.y, None) for p in stored], bound, checks)
    test = unsolved.conjecture_test(board, record.rules)
    if sparse.supports(record.rules):
        deep = sparse.SparseSolver(record.rules)
        deep.settle_pairs(terms)
        pairs = np.column_stack([column[:terms] for column in deep.pairs()])  # compact
        deep.settle(ppositions_max)
        stored = sparse.SparseStrategy(record.rules, deep).indexed_p_positions(ppositions_max)
        rows = [(p.n, p.x, p.y, None) for p in stored]
        seen = _observations(record, deep, len(pairs))
        return GameResult(game_id, rows, ppositions_max, checks, pairs, test.summary(), seen)
    listed = unsolved.pairs_from_board(board, record.rules)
    complete = min(test.complete_below - 1, ppositions_max)
    rows = [(n, x, y, None) for n, (x, y) in enumerate(listed) if y <= complete]
    pairs = np.array(listed, dtype=np.int64).reshape(-1, 2)
    return GameResult(game_id, rows, complete, checks, pairs, test.summary())


GAMES_PER_TASK = 32
"""Games a worker takes at a time, in catalog order (Larsson's games of one (m, p) are
up to 34 in a row, his choice game last, after the games it chooses among)."""


@lru_cache(maxsize=20)
def _solved_board(rules: Rules, size: int) -> np.ndarray:
    """The solver's board, read-only and kept for the next jobs: games with the same
    rules come one after the other (Larsson's l = 0 and l = 1 modulo games, and his
    shifted games before the game where the second player chooses among them)."""
    board = solver.solve(rules, size)
    board.flags.writeable = False
    return board


def _observations(record: GameRecord, deep: sparse.SparseSolver, pairs: int) -> dict[str, Any]:
    """Larsson's questions on the proven pairs, as a row of the observations table."""
    rules = record.rules
    lengths = record.param("l") if "l" in dict(record.params) else len(rules.rook_residues)
    seen = observations.observe(deep, pairs, rules.rook_modulus, lengths)
    return {
        "game_id": record.id,
        "pairs": seen.pairs,
        "settled": seen.settled,
        "ratio_last": seen.ratio_last,
        "ratio_low": seen.ratio_low,
        "ratio_high": seen.ratio_high,
        "slope_c": seen.slope_c,
        "slope_d": seen.slope_d,
        "distance_c_first": seen.distance_c[0],
        "distance_c_second": seen.distance_c[1],
        "distance_d_first": seen.distance_d[0],
        "distance_d_second": seen.distance_d[1],
        "difference_period": seen.difference_period,
        "line_counts": json.dumps(seen.line_counts),
        "bound": seen.bound,
        "first_exception": seen.first_exception,
        "summary": seen.summary(rules.rook_modulus),
    }


def _compute_sequences(
    records: Catalog, config: configuration.Config, computed: Computed, stages: Stages
) -> None:
    limit = 10**config.max_digits
    with stages.bar("sequences", len(records.sequences)) as bar:
        for record in records.sequences.values():
            computed.terms[record.id] = _terms(record, config, computed, limit)
            bar.update(1)


def _terms(
    record: SequenceRecord, config: configuration.Config, computed: Computed, limit: int
) -> np.ndarray:
    if record.growth == "board":
        assert record.game is not None, "a board sequence belongs to a game"
        pairs = computed.games[record.game].pairs
        assert pairs is not None, "a game without a formula keeps its pairs"
        pairs = pairs[: config.terms_of_game(record.game)]
        assert record.coordinate is not None, "a board sequence is one coordinate of a game"
        index = record.coordinate
        return pairs[:, index].copy()  # a copy: the pairs' array is not kept alive by it
    if record.growth == "exponential":
        return _terms_below(record, config.terms, limit)
    return record.terms(record.offset, config.terms)


def _terms_below(record: SequenceRecord, most: int, limit: int) -> np.ndarray:
    """The terms of an exponential sequence below ``limit`` (at most ``most``), asking
    for twice as many each round: a convergent of 10^5 terms would hold billions of
    digits, of which the build keeps the first ``max_digits``."""
    count = min(64, most)
    while True:
        values = record.listed(record.offset, count)
        keep = next((i for i, v in enumerate(values) if v >= limit), None)
        if keep is not None or count >= most:
            kept = values[:keep]
            fits = all(-(2**63) <= v < 2**63 for v in kept)
            return np.array(kept, dtype=np.int64 if fits else object)
        count = min(2 * count, most)


def _compute_numerations(
    records: Catalog, config: configuration.Config, computed: Computed, stages: Stages
) -> None:
    values = sorted(
        {
            a
            for game in records.games.values()
            if (a := FAMILIES[game.family].numeration_base(game)) is not None
        }
    )
    with stages.bar("numeration", len(values)) as bar:
        for a in values:
            computed.numerations[a] = (
                [numeration.p_digits(n, a) for n in range(1, config.numeration_max + 1)],
                [numeration.q_digits(n, a) for n in range(1, config.numeration_max + 1)],
            )
            bar.update(1)


# ----------------------------------------------------------------------------- verify


def _verify(
    records: Catalog, config: configuration.Config, computed: Computed, stages: Stages
) -> str:
    checks = computed.checks
    for result in computed.games.values():
        checks.extend(result.checks)
    with stages.bar("verify", len(records.sequences) + len(records.families) + 2) as bar:
        for record in records.sequences.values():
            checks.extend(verify.sequence_checks(record, computed.terms[record.id]))
            bar.update(1)
        for key, ranges in records.ranges.items():
            params = FAMILIES[key].parameter_sets(ranges)
            checks.extend(verify.family_checks(key, computed.terms, params))
            bar.update(1)
        for a, (rows_p, rows_q) in computed.numerations.items():
            checks.extend(verify.numeration_checks(a, rows_p, rows_q, computed.terms))
        for relation in crossrefs.relations(records, computed.terms):
            computed.crossrefs.extend(relation.rows)
            checks.append(relation.check)
        bar.update(1)
        source = _oeis_matches(records, config, computed)
        bar.update(1)
    return source


def _oeis_matches(records: Catalog, config: configuration.Config, computed: Computed) -> str:
    stripped = config.oeis_stripped or None
    names = config.oeis_names or None
    index = OeisIndex.load(stripped, names)
    for record in records.sequences.values():
        values = computed.terms[record.id]  # the index converts what it reads, exactly
        matched = set()
        for match in index.matches(values):
            up_to = record.offset + match.shift + match.common - 1
            matched.add(match.anumber)
            computed.crossrefs.append(
                crossrefs.Crossref(
                    record.id,
                    match.anumber,
                    match.relation_text(record.offset),
                    match.shift,
                    up_to,
                    match.name,
                )
            )
        for miss in index.near_misses(values):
            if miss.anumber in matched:  # a match with another shift says more
                continue
            computed.crossrefs.append(
                crossrefs.Crossref(
                    record.id,
                    miss.anumber,
                    miss.relation_text(record.offset),
                    miss.shift,
                    record.offset + miss.last_agreeing,
                    miss.name,
                )
            )
    return describe_source(stripped)


# ----------------------------------------------------------------------------- load


def _build_info(config: configuration.Config, oeis_source: str) -> dict[str, str]:
    return provenance.build_info(config.as_json(), oeis_source, np.__version__)


# ----------------------------------------------------------------------------- export


def _export(
    url: str, path: Path | None, directory: Path, stages: Stages, written: export.TermsWriter
) -> int:
    with read.connect(url, path) as connection:
        sequences = connection.exec_driver_sql("SELECT count(*) FROM sequences").scalar_one()
        games = connection.exec_driver_sql("SELECT count(*) FROM games").scalar_one()
        with stages.bar("export", sequences + games) as bar:
            return export.export_all(connection, directory, bar.update, path, written=written)
