"""Every rules file against the enumeration: random games of one's own, over the whole
space the format accepts, read from their TOML text and solved through the engine's
chooser (the sparse solver where its predicate holds, the board elsewhere), must have
exactly the P-positions that the plain enumeration of ``Rules.moves`` gives.

A thousand rules files a run, in chunks that the workers share, and as
many others the next run (their seeds start at a multiple of the run's sample seed, see
``tests/helpers/sampling``); a failure prints the rules file and its seed, to paste into
``wythoff ppositions --rules``. ``make check`` runs this module's other tests and its
first chunk with the compiled kernels' bounds checked (``NUMBA_BOUNDSCHECK``), where a
write past an array fails instead of passing unseen.
"""

from __future__ import annotations

import random

import pytest
from wythoff.core.games import engine, naive, solver, sparse
from wythoff.core.games.rules import Rules
from wythoff.core.games.rules_file import read_rules

from tests.helpers import sampling
from tests.helpers.rules_space import rules_file

CHUNKS, PER_CHUNK = 10, 100
FIRST_SEED = sampling.run_seed() * CHUNKS * PER_CHUNK  # this run's files; others next run


def enumerated(rules: Rules, size: int) -> list[tuple[int, int]]:
    """The P-positions below ``size`` by the plain enumeration, as the chooser lists them."""
    return sorted(solver.p_positions(naive.solve_naive(rules, size), rules.symmetric))


def solved(rules: Rules, size: int) -> list[tuple[int, int]]:
    return sorted(engine.solved_p_positions(rules, size - 1))


@pytest.mark.no_cover  # five thousand games: at full speed (the named games cover the lines)
@pytest.mark.parametrize("chunk", range(CHUNKS), ids=lambda n: f"chunk{n}")
def test_every_rules_file_has_the_enumerations_p_positions(chunk):
    first = FIRST_SEED + chunk * PER_CHUNK
    for seed in range(first, first + PER_CHUNK):
        rng = random.Random(seed)
        text, fields = rules_file(rng)
        rules = read_rules(text)
        assert rules == Rules(**fields), f"rules file (seed {seed}) read wrongly:\n{text}"
        size = rng.randint(10, 16)
        assert solved(rules, size) == enumerated(rules, size), (
            f"rules file (seed {seed}, board {size}):\n{text}"
        )


def sparse_rules(rng: random.Random) -> Rules:
    """Rules of each kind the sparse solver sweeps, over all the parameters it takes."""
    bishop = rng.randint(1, 4)
    kind = rng.choice(("modulo", "blocking", "quadrant"))
    if kind == "modulo":
        modulus = rng.randint(1, 8)
        others = rng.sample(range(1, modulus), rng.randint(0, modulus - 1))
        side = rng.randint(1, 5) if rng.random() < 0.3 and modulus == 1 else 0
        return Rules(
            rook_modulus=modulus,
            rook_residues=(0, *others),
            bishop=bishop,
            rectangle=(side, side),
        )
    if kind == "blocking":
        reach = rng.choice((None, 0, 1, 2, 3, 4, 6))
        return Rules(bishop=bishop, blocking=rng.randint(2, 5), blocking_reach=reach)
    return Rules(bishop=bishop, rectangle=(rng.randint(0, 7), rng.randint(0, 7)))


@pytest.mark.no_cover
@pytest.mark.parametrize("chunk", range(4))
def test_the_sparse_solver_agrees_deeper_on_every_kind(chunk):
    """The chooser's sparse rules on larger boards, where lines close and windows slide;
    each line holds at most as many P-positions as the solver's invariant allows."""
    for seed in range(chunk * 60, (chunk + 1) * 60):
        rng = random.Random(seed)
        rules, size = sparse_rules(rng), rng.randint(24, 40)
        assert engine.solver_for(rules) is engine.Method.SPARSE, rules
        want = enumerated(rules, size)
        assert solved(rules, size) == want, rules
        held: dict[int, int] = {}
        for x, y in want:
            held[min(x, y)] = held.get(min(x, y), 0) + 1
        most = rules.rook_modulus * rules.blocking * (2 if 0 not in rules.rectangle else 1)
        assert max(held.values(), default=0) <= most, rules


@pytest.mark.parametrize(
    "text",
    [
        "rook_modulus = 4\nrook_residues = [3]\nbishop = 2\n",
        "rook_modulus = 3\nrook_residues = [1, 2]\nbishop = 1\n",
    ],
)
def test_rook_lengths_without_the_multiples_go_to_the_board(text):
    """Without residue 0 a line may hold more P-positions than the modulus (these two
    hold more on line 0), which the sparse sweep's arrays assume it never does: the
    chooser sends them to the board, and the sweep refuses them rather than write past
    its array."""
    rules = read_rules(text)
    assert not sparse.supports(rules)
    assert engine.solver_for(rules) is engine.Method.BOARD
    on_line_0 = [pair for pair in enumerated(rules, 40) if pair[0] == 0]
    assert len(on_line_0) > rules.rook_modulus
    assert solved(rules, 40) == enumerated(rules, 40)
    forced = sparse.SparseSolver(Rules(rook_modulus=rules.rook_modulus, bishop=rules.bishop))
    forced.rules = rules  # the sweep given these rules past its chooser
    forced.rook_mask = sum(1 << r for r in rules.rook_residues)
    with pytest.raises(sparse.Unsupported, match="more P-positions"):
        forced.settle(40)


@pytest.mark.parametrize(
    "fields",
    [
        {"bishop": 10**20},
        {"bishop": 2**63 - 1},
        {"rook_modulus": 10**12, "bishop": 1},
        {"modular": 2**63 - 1},
        {"bishop": 1, "rectangle": (2**63 - 1, 3)},
        {"bishop": 1, "blocking": 2**63 - 1},
        {"bishop": 2, "blocking": 2, "blocking_reach": 2**63 - 1},
        {"rook_modulus": 10**30, "rook_residues": (1, 3, 10**29), "bishop": 1},
    ],
)
def test_numbers_beyond_64_bits_solve_as_the_enumeration(fields):
    """A rules file may hold any integer: the board solver cuts each to what its board
    can show (``Rules.within``), the sparse solver leaves such rules to the board."""
    rules = Rules(**fields)
    assert solved(rules, 20) == enumerated(rules, 20)


@pytest.mark.parametrize("size", [1, 2, 5, 12])
def test_within_changes_no_move_on_its_board(size):
    """``Rules.within(size)`` has exactly the moves of the rules on the board."""
    for seed in range(200):
        rules = Rules(**rules_file(random.Random(seed))[1])
        for variant in rules.variants():
            cut = variant.within(size)
            for x in range(size):
                for y in range(size):
                    assert set(cut.moves(x, y)) == set(variant.moves(x, y)), (variant, x, y)
                    for target in cut.moves(x, y):
                        assert cut.is_blockable((x, y), target) == variant.is_blockable(
                            (x, y), target
                        )
