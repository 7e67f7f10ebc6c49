"""The build's first stage: every game solved and checked (in parallel processes, or on
a Dask cluster: :mod:`wythoff.pipeline.cluster`), the terms of every sequence, the
numeration tables.

Which strategy answers a game (formula, sparse solver or board) is chosen by
:mod:`wythoff.core.games.engine`; this module only runs it for each game of the catalog."""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Generator, Iterable, Mapping, Sequence
from concurrent.futures import Future
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from wythoff import config as configuration
from wythoff import families
from wythoff.core import numeration
from wythoff.core.games import engine, solver, sparse, unsolved
from wythoff.core.games.rules import Rules
from wythoff.core.games.strategy import BoardStrategy
from wythoff.db import vocabulary
from wythoff.db.rows import GrundyPeriod
from wythoff.families import FAMILIES, Catalog, SequenceRecord, resolve_game
from wythoff.pipeline import cluster, processes, verify
from wythoff.pipeline.results import GameResult, Numerations, Row

if TYPE_CHECKING:
    from wythoff.core.games.certificate import Certificate
    from wythoff.core.games.grundy import Period


class GameJob(NamedTuple):
    """A game to solve, with the settings of the build that concern it."""

    game_id: str
    solver_board: int
    """The side of the solver's board."""
    strategy_board: int
    """The side of the corner where strategies are checked at every position."""
    ppositions_max: int
    """The largest coordinate of the stored P-positions."""
    terms: int
    """The pairs ``(c_n, d_n)`` to store of a game without a formula."""
    same_as: str | None
    """The game whose strategy check this one shares (:func:`verify.shared_strategy_checks`)."""
    grundy_size: int
    """The side of the Sprague–Grundy table whose rows' periods are found, where no
    proof on a strip covers the rows (:attr:`on_strip`)."""
    grundy_rows: int
    """The last row (and column) whose period is stored; of rows proven on a strip, the
    last stored with its values."""
    grundy_period_rows: int
    """The last row proven on a strip whose period is stored (past ``grundy_rows`` for
    Wythoff's game: :meth:`~wythoff.config.Config.grundy_period_rows_of`)."""
    grundy_positions_max: int
    """The largest coordinate of the stored positions of each value."""
    on_strip: bool
    """Whether the rows are to be proven on a strip, as long as each proof needs, and
    stored with their values (a game of ``grundy_deep`` whose every line the proof
    covers: :func:`strip_rows_apply`)."""


def game_jobs(records: Catalog, config: configuration.Config) -> list[GameJob]:
    """Every game of the catalog to solve, in catalog order."""
    shared = verify.shared_strategy_checks(records.games.values())
    return [
        GameJob(
            game_id=game_id,
            solver_board=config.solver_board,
            strategy_board=config.strategy_board,
            ppositions_max=config.ppositions_max,
            terms=config.terms_of_game(game_id),
            same_as=shared.get(game_id),
            grundy_size=config.grundy_size_of(game_id),
            grundy_rows=config.grundy_rows_of(game_id),
            grundy_period_rows=config.grundy_period_rows_of(game_id, game.family),
            grundy_positions_max=config.grundy_positions_max,
            on_strip=game_id in config.grundy_deep and strip_rows_apply(game_id),
        )
        for game_id, game in records.games.items()
    ]


def game_results(
    jobs: list[GameJob], scheduler: str, workers: int | None, ahead: int
) -> Generator[GameResult, None, None]:
    """Each game's result, in catalog order: on the Dask cluster at ``scheduler`` if one
    is given, else in ``workers`` processes of this machine (default: one a core).

    About ``ahead`` games (a block), and at least :data:`TASKS_AHEAD` runs of games a
    worker, are computed ahead of the one the build takes: the workers go on while
    the build loads a block, and the results waiting in memory are bounded however
    many games the build has.  Closed, it ends its workers at once."""
    if scheduler:
        yield from cluster.ordered_results(scheduler, _game_job, jobs, GAMES_PER_TASK, ahead)
        return
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        yield from map(_game_job, jobs)
        return
    runs = [jobs[start : start + GAMES_PER_TASK] for start in range(0, len(jobs), GAMES_PER_TASK)]
    with processes.pool(workers) as pool:
        # runs of games in one worker, in catalog order: a game finds the boards of the
        # games before it with the same rules in its cache (solved_board)
        pending: deque[Future[list[GameResult]]] = deque()
        for run in runs:
            pending.append(pool.submit(cluster.run_all, _game_job, run))
            if len(pending) > max(TASKS_AHEAD * workers, ahead // GAMES_PER_TASK + workers):
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()


TASKS_AHEAD = 2
"""Runs of games a worker computes ahead of the build (:func:`game_results`)."""


def _game_job(job: GameJob) -> GameResult:
    """Solve one game's board, check it, list the P-positions to store, and find the
    periods of its Sprague–Grundy table's rows (games that have one)."""
    result = _solved_game(job)
    if job.on_strip:
        result.grundy, result.grundy_values = strip_rows(
            job.game_id, job.grundy_period_rows, job.grundy_rows
        )
    else:
        result.grundy = grundy_periods(job.game_id, job.grundy_size, job.grundy_rows)
    result.grundy_cells = grundy_positions(job.game_id, job.grundy_positions_max)
    return result


def grundy_positions(game_id: str, largest: int) -> list[tuple[int, int, int]]:
    """``(value, x, y)``: the positions of a game with Sprague–Grundy value 1 to
    :data:`~wythoff.db.vocabulary.GRUNDY_VALUES_STORED` and both piles at most
    ``largest``, by value, then x, then y (x <= y on a symmetric board, as its
    P-positions); none for a game without values."""
    from wythoff.core.games import grundy

    rules = resolve_game(game_id).rules
    if grundy.undefined_reason(rules) is not None:
        return []
    return list(_value_cells(rules, largest))


@lru_cache(maxsize=8)
def _value_cells(rules: Rules, largest: int) -> tuple[tuple[int, int, int], ...]:
    """The cells of :func:`grundy_positions` for ``rules``, kept for the next jobs: games
    with the same rules come one after the other (Larsson's l = 0 and l = 1 modulo games)."""
    from wythoff.core.games import grundy

    table = grundy.grundy_table(rules, largest + 1).astype(np.int64)
    wanted = (table >= 1) & (table <= vocabulary.GRUNDY_VALUES_STORED)
    if rules.symmetric:
        wanted &= np.triu(np.ones_like(wanted))
    xs, ys = np.nonzero(wanted)
    values = table[xs, ys]
    order = np.lexsort((ys, xs, values))
    return tuple(zip(values[order].tolist(), xs[order].tolist(), ys[order].tolist(), strict=True))


def grundy_periods(game_id: str, size: int, last_row: int) -> list[GrundyPeriod]:
    """The rows of ``grundy_periods`` for a game: rows ``0 .. last_row`` of its
    ``size x size`` table of Sprague–Grundy values, each with its preperiod, period
    and increment, or NULLs where the row shows no period within the table (none for
    a game without values: blocking, choice, misère); and the columns as well where
    the board is not symmetric (a column of the game is a row of its mirror image).
    Where Landman's argument applies, each row's period is proven, the rows below first
    (:mod:`wythoff.core.games.certificate`)."""
    from wythoff.core.games import grundy

    rules = resolve_game(game_id).rules
    if grundy.undefined_reason(rules) is not None:
        return []
    rows: list[GrundyPeriod] = []
    for axis, drawn in _lines(rules):
        periods, proofs = _row_periods(drawn, size, last_row)
        rows += _period_rows(game_id, axis, size, periods, proofs)
    return rows


def strip_rows_apply(game_id: str) -> bool:
    """Whether every line of the game is proven row by row on a strip
    (:mod:`wythoff.core.games.grundy_rows`)."""
    from wythoff.core.games import certificate, grundy

    rules = resolve_game(game_id).rules
    if grundy.undefined_reason(rules) is not None:
        return False
    return all(certificate.applies(drawn) for _, drawn in _lines(rules))


def strip_rows(
    game_id: str, last_row: int, last_values: int | None = None
) -> tuple[list[GrundyPeriod], list[dict[str, Any]]]:
    """The rows of ``grundy_periods`` and ``grundy_values`` of a game's lines
    ``0 .. last_row``, each proven on a strip, those up to ``last_values`` (by default
    every one) stored with their values up to their preperiod plus one period
    (:func:`strip_rows_apply` says where this applies).  The rows are proven here,
    never read from a cache: a build depends on its configuration and the code alone."""
    from wythoff.core.games import grundy_rows
    from wythoff.db import grundy_store

    periods: list[GrundyPeriod] = []
    values: list[dict[str, Any]] = []
    for axis, drawn in _lines(resolve_game(game_id).rules):
        for found in grundy_rows.prove(drawn, last_row + 1):
            line = {"game_id": game_id, "axis": axis, "row": found.x}
            periods.append(
                GrundyPeriod(
                    game_id,
                    axis,
                    found.x,
                    found.preperiod,
                    found.period,
                    found.increment,
                    verified_to=found.proof_start + found.proof_period + 1,
                    evidence=vocabulary.PROVEN,
                    proof_from=found.proof_start,
                    proof_period=found.proof_period,
                )
            )
            if last_values is not None and found.x > last_values:
                continue
            try:
                shift, bits, low, high = grundy_store.encode(found.values)
            except grundy_store.BoundExceeded as error:
                raise RuntimeError(f"{game_id}, {axis} {found.x}: {error}") from error
            values.append(line | {"shift": shift, "high_bits": bits, "low": low, "high": high})
    return periods, values


def _lines(rules: Rules) -> list[tuple[str, Rules]]:
    """The lines of a game's Sprague–Grundy function: its rows, and its columns as the
    rows of its mirror image where the board is not symmetric."""
    lines = [(vocabulary.ROW, rules)]
    if not rules.symmetric:
        lines.append((vocabulary.COLUMN, rules.mirrored()))
    return lines


@lru_cache(maxsize=8)
def _row_periods(
    rules: Rules, size: int, last_row: int
) -> tuple[tuple[Period | None, ...], tuple[Certificate | None, ...]]:
    """The periods of rows ``0 .. last_row`` of the ``size``-column table of ``rules``
    and their proofs, kept for the next jobs: games with the same rules come one after
    the other (Larsson's l = 0 and l = 1 modulo games)."""
    from wythoff.core.games import certificate, grundy

    table = grundy.grundy_table(rules, size, rows=last_row + 1)  # the rows alone: a strip
    periods = grundy.row_periods(table, last_row + 1)
    return tuple(periods), tuple(certificate.prove_rows(rules, table, periods))


def _period_rows(
    game_id: str,
    axis: str,
    size: int,
    periods: Sequence[Period | None],
    proofs: Sequence[Certificate | None],
) -> list[GrundyPeriod]:
    """The ``grundy_periods`` rows of one axis of a game, from its lines' periods and
    their proofs."""
    from wythoff.core.games import certificate

    rows: list[GrundyPeriod] = []
    for x, (found, proof) in enumerate(zip(periods, proofs, strict=True)):
        proof_from, proof_period = (None, None) if proof is None else (proof.start, proof.period)
        if found is None:
            none = (None, None, None, size, vocabulary.NONE_WITHIN)
            rows.append(GrundyPeriod(game_id, axis, x, *none, proof_from, proof_period))
            continue
        proven = certificate.proven(found, proof)
        evidence = vocabulary.PROVEN if proven else vocabulary.VERIFIED
        line = (found.preperiod, found.period, found.increment, size, evidence)
        rows.append(GrundyPeriod(game_id, axis, x, *line, proof_from, proof_period))
    return rows


def _solved_game(job: GameJob) -> GameResult:
    """Solve one game's board, check it, and list the P-positions to store.

    A game without a formula takes its pairs from the sparse solver (checked
    against the board in ``game_checks``): ``terms`` proven pairs, and every
    P-position with both coordinates up to ``ppositions_max``."""
    game_id, board_size = job.game_id, job.solver_board
    ppositions_max, terms = job.ppositions_max, job.terms
    record = resolve_game(game_id)
    # a game where the second player first chooses a variant: the union of their boards
    # (the variants are games of their own too, solved just before: the cache has them)
    variants = [solved_board(rules, board_size) for rules in record.rules.variants()]
    board = variants[0] if len(variants) == 1 else np.maximum.reduce(variants)
    choices = variants if len(variants) > 1 else ()
    checks = verify.game_checks(record, board, job.strategy_board, choices, job.same_as)
    checks += FAMILIES[record.family].game_checks(record, board)
    chosen = engine.method(record)
    if chosen is engine.Method.FORMULA:
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
    if chosen is engine.Method.SPARSE:
        deep = sparse.SparseSolver(record.rules)
        deep.settle_pairs(terms)
        pairs = np.column_stack([column[:terms] for column in deep.pairs()])  # compact
        deep.settle(ppositions_max)
        stored = sparse.SparseStrategy(record.rules, deep).indexed_p_positions(ppositions_max)
        rows = [(p.n, p.x, p.y, None) for p in stored]
        seen = FAMILIES[record.family].observations(record, deep, len(pairs))
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
def solved_board(rules: Rules, size: int) -> np.ndarray:
    """The solver's board, read-only and kept for the next jobs: games with the same
    rules come one after the other (Larsson's l = 0 and l = 1 modulo games, and his
    shifted games before the game where the second player chooses among them)."""
    board = solver.solve(rules, size)
    board.flags.writeable = False
    return board


def block_terms(
    records: Catalog,
    sequence_ids: Iterable[str],
    config: configuration.Config,
    games: Mapping[str, GameResult],
) -> dict[str, np.ndarray]:
    """The terms of the sequences ``sequence_ids``, here even when the games ran on a
    cluster: by formula they take less time than shipping them would (a game's
    sequences without a formula are its pairs, among ``games``)."""
    return {i: _terms(records.sequences[i], config, games) for i in sequence_ids}


def _terms(
    record: SequenceRecord, config: configuration.Config, games: Mapping[str, GameResult]
) -> np.ndarray:
    if record.growth == vocabulary.BOARD:
        assert record.game is not None, "a board sequence belongs to a game"
        pairs = games[record.game].pairs
        assert pairs is not None, "a game without a formula keeps its pairs"
        pairs = pairs[: config.terms_of_game(record.game)]
        assert record.coordinate is not None, "a board sequence is one coordinate of a game"
        index = record.coordinate
        return pairs[:, index].copy()  # a copy: the pairs' array is not kept alive by it
    return formula_terms(record, config)


def formula_terms(record: SequenceRecord, config: configuration.Config) -> np.ndarray:
    """The terms a build stores of a sequence with a formula (:meth:`Config.terms_of`):
    those below ``10**max_digits`` for an exponential one."""
    count = config.terms_of_sequence(record)
    if record.growth == vocabulary.EXPONENTIAL:
        return _terms_below(record, count, 10**config.max_digits)
    return record.terms(record.offset, count)


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


def numerations(records: Catalog, config: configuration.Config) -> Numerations:
    """The p- and q-system digits of ``N = 1 .. numeration_max`` of every base ``a``
    that a game of the catalog is described by."""
    n_max = config.numeration_max
    return {
        a: (
            [numeration.p_digits(n, a) for n in range(1, n_max + 1)],
            [numeration.q_digits(n, a) for n in range(1, n_max + 1)],
        )
        for a in families.numeration_games(records)
    }
