"""Verification: every theorem and every game checked on the data a build stores.

Three independent routes must agree before anything is stored: the closed form
(exact floors), the recursion of the paper (mex constructions, convergent
recurrences), and the game itself (the solver, which knows only the rules),
with the strategies checked against the solver position by position.  Each
check becomes a :class:`Check` record (what, how, how far, result) in the
database; a failed check stops the build.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from wythoff import config as configuration
from wythoff import families
from wythoff.core.games import engine, naive, solver, sparse, unsolved
from wythoff.core.games.rules import Rules
from wythoff.core.games.strategy import BoardStrategy, ChoiceStrategy, Strategy
from wythoff.db import vocabulary
from wythoff.families import FAMILIES, Catalog, GameRecord, SequenceRecord
from wythoff.families.evidence import Check, Crossref, Terms, check
from wythoff.oeis import beatty, evidence, gp
from wythoff.oeis.index import OeisIndex, describe_source
from wythoff.oeis.seqfiles import SeqFiles
from wythoff.pipeline.results import GameResult, Numerations

SAMPLED_POSITIONS = 200  # random positions per game across the whole solver board
ORACLE_SAMPLES = 64  # bulk terms re-checked one by one with the single-term oracle


class VerificationFailed(RuntimeError):
    """At least one check failed; the build stops and reports them."""

    def __init__(self, failures: list[Check]) -> None:
        self.failures = failures
        lines = [f"{c.subject}: {c.check} failed ({c.detail})" for c in failures[:10]]
        more = f" and {len(failures) - 10} more" if len(failures) > 10 else ""
        super().__init__("verification failed: " + "; ".join(lines) + more)


# ----------------------------------------------------------------------------- sequences


def sequence_checks(record: SequenceRecord, values: np.ndarray) -> list[Check]:
    """The bulk terms agree with the one-term-at-a-time computation at sampled indices."""
    if record.growth == vocabulary.BOARD or len(values) == 0:
        return []
    rng = random.Random(record.id)
    indices = sorted(
        {0, len(values) - 1, *rng.sample(range(len(values)), min(ORACLE_SAMPLES, len(values)))}
    )
    problem = None
    for i in indices:
        single = int(record.terms(record.offset + i, 1)[0])
        if single != int(values[i]):
            problem = f"a({record.offset + i}) is {int(values[i])} in bulk, {single} alone"
            break
    last = record.offset + len(values) - 1
    return [
        check(
            record.id,
            "bulk terms equal single-term computation",
            f"exact floor at {len(indices)} indices, including the first and last",
            f"n <= {last}",
            problem,
        )
    ]


# ----------------------------------------------------------------------------- families


def family_checks(family: str, terms: Terms, params: Iterable[Mapping[str, int]]) -> list[Check]:
    """The theorems of one family (stated in its module), on the terms the build computed."""
    declared = FAMILIES[family]
    checks: list[Check] = []
    for p in params:
        checks.extend(declared.checks(terms, **p))
    return checks


# ----------------------------------------------------------------------------- games


def game_checks(
    record: GameRecord,
    board: np.ndarray,
    strategy_board: int,
    variant_boards: Sequence[np.ndarray] = (),
    same_as: str | None = None,
) -> list[Check]:
    """Formula == solver on the whole board; strategy == solver at every position of a
    corner and at random positions elsewhere; every winning move legal and to P (in a
    game where the second player first chooses a variant, ``variant_boards`` are the
    boards of its variants, whose union is ``board``).  ``same_as``: a game of the same
    build with the same :func:`strategy_key`, whose strategy check stands for this
    game's (the build names the first such game of the catalog; see
    :func:`shared_strategy_checks`)."""
    size = board.shape[0]
    # every game whose rules the sparse solver handles, with a formula or not
    sparse_rules = engine.solver_for(record.rules) is engine.Method.SPARSE
    checks = [sparse_check(record, board)] if sparse_rules else []
    if not record.solved:
        if not checks or not record.sequences:  # the board's P-positions are stored
            checks.append(_enumeration_check(record, board))
        return [*checks, _conjecture_check(record, board)]
    strategy = record.formula()
    formula = {(p.x, p.y) for p in strategy.indexed_p_positions(size - 1)}
    computed = set(solver.p_positions(board, record.rules.symmetric))
    problem = None
    if formula != computed:
        extra, missing = sorted(formula - computed)[:3], sorted(computed - formula)[:3]
        problem = f"formula only: {extra}; solver only: {missing}"
    checks += [
        check(
            record.id,
            "formula P-positions equal the solver's",
            "game solver from the rules alone",
            f"{size} x {size} board",
            problem,
        )
    ]
    corner = min(strategy_board, size)
    name = "strategy agrees with the solver; winning moves are legal moves to P-positions"
    if same_as is not None:
        method = f"the same rules and formula as {same_as}, checked there"
        return [*checks, check(record.id, name, method, f"{size} x {size} board", None)]
    positions = [(x, y) for x in range(corner) for y in range(corner)]
    rng = random.Random(record.id)
    positions += [(rng.randrange(size), rng.randrange(size)) for _ in range(SAMPLED_POSITIONS)]
    problem = _strategy_problem(record, strategy, board, positions, variant_boards)
    method = (
        "strategy.is_p and winning_moves at every "
        f"position of the {corner} x {corner} corner and {SAMPLED_POSITIONS} random positions"
    )
    checks.append(check(record.id, name, method, f"{size} x {size} board", problem))
    return checks


def strategy_key(record: GameRecord) -> tuple[Rules, str]:
    """What a solved game's strategy check depends on: its rules and its formula."""
    return record.rules, json.dumps(record.formula().describe(), sort_keys=True)


def shared_strategy_checks(records: Iterable[GameRecord]) -> dict[str, str]:
    """Solved games with the rules and the formula of an earlier game of ``records``
    (Larsson's modulo games with l = 0 and l = 1, Fraenkel's a-Wythoff and Larsson's
    blocking game with p = 1, ...) -> that earlier game, whose strategy check is theirs
    too: they are one game, checked once, in an order that does not depend on which
    process checks what."""
    first: dict[tuple[Rules, str], str] = {}
    shared = {}
    for record in records:
        if record.solved:
            checked = first.setdefault(strategy_key(record), record.id)
            if checked != record.id:
                shared[record.id] = checked
    return shared


class _HasRules(Protocol):
    @property
    def rules(self) -> Rules: ...


CHOICE_MOVES_CHECKED = 400
"""Positions at which each choice's winning moves are checked, in a game where the
second player chooses a variant first (each variant is also a game of its own, checked
in full)."""


def _strategy_problem(
    record: _HasRules,
    strategy: Strategy,
    board: np.ndarray,
    positions: list[tuple[int, int]],
    variant_boards: Sequence[np.ndarray] = (),
) -> str | None:
    """The first position where the strategy and the solver's board disagree, or a
    winning move is illegal or does not reach a P-position (``None``: none).  In a game
    where the second player first chooses a variant, P is P in some variant, and each
    variant's strategy is held against that variant's own board (``variant_boards``,
    solved here if not given) at some of the positions."""
    if isinstance(strategy, ChoiceStrategy):
        for x, y in positions:
            if strategy.is_p(x, y) != (board[x, y] == 1):
                return f"is_p{(x, y)} disagrees with the solver"
        some = positions[:: max(1, len(positions) // CHOICE_MOVES_CHECKED)]
        size = board.shape[0]
        boards = variant_boards or [solver.solve(v.rules, size) for v in strategy.variants]
        for variant, variant_board in zip(strategy.variants, boards, strict=True):
            problem = _strategy_problem(variant, variant, variant_board, some)
            if problem:
                return f"{problem}, when the second player chooses {variant.rules.rectangle}"
        return None
    rules = record.rules
    # the methods and the board's cells looked up once: this runs at millions of positions
    on_board, is_legal, cell = rules.on_board, rules.is_legal, board.item
    strategy_is_p, winning_moves = strategy.is_p, strategy.winning_moves
    for x, y in positions:
        if not on_board(x, y):
            continue
        is_p = cell(x, y) == 1
        if strategy_is_p(x, y) != is_p:
            return f"is_p{(x, y)} disagrees with the solver"
        moves = winning_moves(x, y)
        if is_p:
            if moves:
                return f"a winning move from the P-position {(x, y)}"
            continue
        if not moves and rules.misere and not any(True for _ in rules.moves(x, y)):
            continue  # misère: a position without moves is won by the player to move
        for move in moves:
            if not is_legal((x, y), move) or cell(*move) != 1:
                return f"{(x, y)} -> {move} is not a legal move to a P-position"
        if not moves:
            return f"no winning move from {(x, y)}"
        if rules.blocking > 1:
            blockable = [m for m in moves if rules.is_blockable((x, y), m)]
            if blockable and len(blockable) < rules.blocking:
                return f"not enough winning moves from {(x, y)}: {moves}"
    return None


def sparse_check(record: GameRecord, board: np.ndarray) -> Check:
    """The sparse solver (which gives the deep terms and answers the position checker
    beyond the board) against the board solver (which decides every cell of the board
    from the rules alone): the P-positions, and the winning moves at one position.

    The moves also compile the solver's scan for P-options once, as the build
    compiles its sweeps, so that the first question after a build does not wait."""
    size = board.shape[0]
    deep = sparse.SparseSolver(record.rules)
    found = deep.positions(size - 1)
    expected = solver.p_positions(board, record.rules.symmetric)
    problem = None
    if found != expected:
        extra = sorted(set(found) - set(expected))[:3]
        missing = sorted(set(expected) - set(found))[:3]
        problem = f"sparse only: {extra}; board only: {missing}"
    elif record.rules.on_board(x := size // 8, y := size // 8 + 3) and y < size:
        # a position near the corner: the board strategy lists its moves one by one
        moves = sparse.SparseStrategy(record.rules, deep).winning_moves(x, y)
        board_moves = BoardStrategy(record.rules, board).winning_moves(x, y)
        if moves != board_moves:
            problem = f"winning moves at {(x, y)}: sparse {moves}, board {board_moves}"
    return check(
        record.id,
        "sparse solver P-positions equal the board solver's",
        "line-by-line sweep of the P-positions' attacks vs every cell of the board, "
        "and the winning moves at one position",
        f"{size} x {size} board",
        problem,
    )


ENUMERATED = 32
"""The corner of a game without a formula whose board's P-positions are stored (one
without sequences, or not solved by the sparse solver) that the build also decides
by enumerating every move of every position."""


def _enumeration_check(record: GameRecord, board: np.ndarray) -> Check:
    """The board solver's counting against the rules' moves themselves, one by one."""
    corner = min(ENUMERATED, board.shape[0])
    enumerated = naive.solve_naive(record.rules, corner)
    differ = np.argwhere(board[:corner, :corner] != enumerated)
    problem = None if len(differ) == 0 else f"they differ at {tuple(differ[0].tolist())}"
    return check(
        record.id,
        "board solver equals an enumeration of every move",
        "each position decided from the list of its moves and their targets' status",
        f"{corner} x {corner} board",
        problem,
    )


def _conjecture_check(record: GameRecord, board: np.ndarray) -> Check:
    """Larsson's conjecture itself is a finding, not a check; what must hold is that
    no line holds more than p P-positions: rook moves by multiples of p are allowed
    (a modulo game), or p rook P-options make a position N (a blocking game)."""
    rules = record.rules
    p = rules.rook_modulus * rules.blocking
    largest = int(unsolved.line_counts(board).max())
    problem = None if largest <= p else f"a line holds {largest} P-positions, more than p = {p}"
    size = board.shape[0]
    if rules.blocking > 1:
        why = "p one-pile moves to P-positions make a position N, whoever forbids p - 1"
    elif rules.rook_modulus > 1:
        why = "rook moves by multiples of p forbid two P-positions with the same residue in a line"
    else:
        why = "a one-pile move joins any two positions of a line (p = 1)"
    return check(
        record.id,
        "at most p P-positions per line (the solver's consistency)",
        why,
        f"{size} x {size} board",
        problem,
    )


# ----------------------------------------------------------------------------- the whole build


def block_checks(
    records: Catalog, terms: Mapping[str, np.ndarray], games: Iterable[GameResult]
) -> list[Check]:
    """The checks of one block of the build: each game's (made where it was solved) and
    each sequence's bulk terms against the single-term computation."""
    checks = [c for result in games for c in result.checks]
    for sequence_id, values in terms.items():
        checks.extend(sequence_checks(records.sequences[sequence_id], values))
    return checks


def catalog_checks(
    records: Catalog,
    terms: Terms,
    numerations: Numerations,
) -> tuple[list[Check], list[Crossref]]:
    """The checks that see more than one block: each family's theorems, the numeration
    systems, and the relations between sequences (with the cross-references they
    find); ``terms``: every sequence's, read when asked (from the staged database)."""
    checks: list[Check] = []
    crossrefs: list[Crossref] = []
    for key, ranges in records.ranges.items():
        checks.extend(family_checks(key, terms, FAMILIES[key].parameter_sets(ranges)))
    numeration_games = families.numeration_games(records)
    for a, (rows_p, rows_q) in numerations.items():
        game = numeration_games[a]
        declared = FAMILIES[game.family]
        checks.extend(declared.numeration_checks(game, rows_p, rows_q, terms))
    for relation in families.relations(records, terms):
        crossrefs.extend(relation.rows)
        checks.append(relation.check)
    return checks, crossrefs


class OeisMatching:
    """Each sequence against OEIS, in two halves.  Compared a block at a time as its
    terms are computed, of which only what the comparison found is kept (the entries
    it matches or nearly matches, and how far each entry must be extended); judged
    once at the end, when every matched entry has been extended, once, by its b-file
    or PARI program as far as any sequence needs, and every stored term is held
    against it.  Every entry's extension is recorded, failures included."""

    def __init__(self, config: configuration.Config) -> None:
        stripped = config.oeis_stripped or None
        self.index = OeisIndex.load(stripped, config.oeis_names or None)
        self.library = SeqFiles(Path(config.oeis_dir) if config.oeis_dir else None)
        self.limits = gp.Limits(seconds=config.oeis_seconds)
        self.source = describe_source(stripped)
        self._compared: dict[str, evidence.Comparison] = {}
        self._wanted: dict[str, evidence.Request] = {}

    def compare(self, terms: Mapping[str, np.ndarray]) -> None:
        """Compare the sequences of one block (``ID -> terms``) with the index."""
        for sequence_id, values in terms.items():
            comparison = evidence.compare(self.index, values, self.library)
            if comparison.matches or comparison.near_misses:
                self._compared[sequence_id] = comparison
                evidence.requests([(comparison, values)], self._wanted)

    def judge(
        self, records: Catalog, terms: Terms
    ) -> tuple[list[Crossref], dict[str, gp.Extension]]:
        """The verdicts on every sequence compared (``terms``: every sequence's, read
        when asked) as cross-references, and the matched entries' extensions."""
        workers = os.cpu_count() or 1
        extensions = evidence.extend_entries(
            self._wanted, self.index, self.library, self.limits, workers
        )
        crossrefs: list[Crossref] = []
        for sequence_id, comparison in self._compared.items():
            record = records.sequences[sequence_id]
            found = evidence.verdicts(
                comparison,
                terms[sequence_id],
                record.offset,
                extensions,
                beatty.of_terms(record.terms),
                self.index.name,
            )
            crossrefs.extend(verdict.crossref(sequence_id) for verdict in found)
        return crossrefs, extensions
