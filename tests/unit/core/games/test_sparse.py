"""The sparse solver against the board solver (the brute-force reference) on every
game of the catalog it handles, against the formulas of the solved ones, and its
own guarantees: lines settled whole, memory refused before work."""

from __future__ import annotations

import pytest
from wythoff import config, families
from wythoff.core.games import solver, sparse
from wythoff.core.games.rules import Rules
from wythoff.core.games.strategy import BoardStrategy

BOARD = 500
DEFAULT = families.build(config.validate(config.defaults()).families)
HANDLED = [g for g in DEFAULT.games.values() if sparse.supports(g.rules)]


def test_it_handles_every_game_without_a_formula():
    """The -c/-d sequences need depth, and the position checker any piles: Larsson's
    modulo games, and those of his Remark 5 (blocking with any reach, any
    rectangle, the board then not symmetric)."""
    unsolved = [g for g in DEFAULT.games.values() if not g.solved]
    assert len(unsolved) > 200 and all(sparse.supports(g.rules) for g in unsolved)
    kinds = {sparse.SparseSolver(g.rules).kind for g in unsolved}
    assert kinds == {"modulo", "blocking", "quadrant"}


@pytest.mark.parametrize("game", HANDLED, ids=lambda g: g.id)
def test_equals_the_board_solver(game):
    board = solver.solve(game.rules, BOARD)
    deep = sparse.SparseSolver(game.rules)
    found = deep.positions(BOARD - 1)
    assert found == solver.p_positions(board, symmetric=game.rules.symmetric)
    if game.solved:
        assert found == list(game.strategy().p_positions(BOARD - 1))


@pytest.mark.parametrize(
    "game_id",
    [
        "larsson-modulo-m2-p3-l2",
        "larsson-modulo-m3-p5-l3",
        "larsson-blocking-m2-p3-l3",  # a reach beyond m: short one-pile moves are safe
        "larsson-blocking-m3-p2-l0",  # a reach below m: short bishop moves may be forbidden
        "larsson-rectangle-k3-u1-v4",  # not symmetric: (x, y) and (y, x) apart
    ],
)
def test_the_strategy_plays_like_the_board(game_id):
    rules = families.resolve_game(game_id).rules
    board = BoardStrategy(rules, solver.solve(rules, 200))
    deep = sparse.SparseStrategy(rules, sparse.SparseSolver(rules))
    for x in range(0, 200, 7):
        for y in range(0, 200, 3):
            if not rules.on_board(x, y):
                continue
            assert deep.is_p(x, y) == board.is_p(x, y)
            assert deep.winning_moves(x, y) == board.winning_moves(x, y)
            assert deep.p_options(x, y) == board.p_options(x, y)


def test_a_board_that_is_not_symmetric_has_p_positions_on_both_sides():
    """In k-Wythoff Nim off a 1 x 4 rectangle, (x, y) and (y, x) are different games'
    worth: the solver finds P-positions whose mirror image is N."""
    rules = families.resolve_game("larsson-rectangle-k3-u1-v4").rules
    deep = sparse.SparseSolver(rules)
    found = deep.positions(300)
    lopsided = [(x, y) for x, y in found if (y, x) not in found]
    assert lopsided and all(deep.is_p(x, y) and not deep.is_p(y, x) for x, y in lopsided)
    assert any(x > y for x, y in found)


def test_deep_pairs_keep_the_games_structure():
    """At depth 10^5: c nondecreasing, each line holds at most p P-positions, every
    settled line's P-positions are mutually unreachable (spot checks)."""
    rules = families.resolve_game("larsson-modulo-m2-p3-l2").rules
    deep = sparse.SparseSolver(rules)
    pairs = deep.first_pairs(100_000)
    cs = [c for c, _ in pairs]
    assert cs == sorted(cs)
    assert int(deep.line_counts(deep.settled + 1).max()) <= rules.rook_modulus
    for c, d in pairs[-50:]:
        assert deep.p_options(c, d) == []
        assert deep.is_p(d, c)


def test_growing_arrays_changes_nothing():
    rules = Rules(rook_modulus=4, rook_residues=(0, 1), bishop=3)
    small = sparse.SparseSolver(rules, capacity=16)
    large = sparse.SparseSolver(rules, capacity=1 << 16)
    assert small.first_pairs(3000) == large.first_pairs(3000)


def test_too_deep_is_refused_before_any_work():
    deep = sparse.SparseSolver(Rules(rook_modulus=2, bishop=2))
    with pytest.raises(sparse.TooDeep, match="at most"):
        deep.settle(10**15)
    assert deep.settled == -1


def test_rules_it_does_not_handle_are_refused():
    for rules in (
        Rules(bishop=1, modular=2),
        Rules(bishop=0),
        Rules(bishop=1, misere=True),
        Rules(rook_modulus=2, bishop=1, blocking=2),
        Rules(rook_modulus=2, bishop=1, rectangle=(2, 3)),
        Rules(bishop=1, blocking=2, rectangle=(2, 3)),
        Rules(bishop=2, rectangle_choices=((2, 0), (1, 1))),
    ):
        assert not sparse.supports(rules)
        with pytest.raises(sparse.Unsupported):
            sparse.SparseSolver(rules)


# -- Larsson's questions on the data ------------------------------------------------------


def test_observations_of_2wn2_confirm_the_conjecture_on_every_settled_line():
    """2WN^(2) (Larsson's Table 3): every value occurs exactly p = 2 times."""
    from wythoff.core.games import observations

    seen = observations.observe(sparse.SparseSolver(Rules(rook_modulus=2, bishop=2)), 5000, 2, 1)
    assert seen.line_counts == {2: seen.settled + 1} and seen.first_exception is None
    assert seen.pairs == 5000 and seen.ratio_low <= seen.ratio_last <= seen.ratio_high


@pytest.mark.parametrize("game_id", ["larsson-modulo-m2-p3-l2", "larsson-modulo-m3-p5-l3"])
def test_no_line_holds_more_than_p_minus_l_plus_one(game_id):
    from wythoff.core.games import observations

    game = families.resolve_game(game_id)
    p, l = game.param("p"), game.param("l")  # noqa: E741 - the paper's letter
    seen = observations.observe(sparse.SparseSolver(game.rules), 20_000, p, l)
    assert max(seen.line_counts) <= seen.bound == p - l + 1
    # c_n and d_n stay within a bounded distance of their lines: no growth in the 2nd half
    assert seen.distance_c[1] <= 2 * seen.distance_c[0] + 2


def test_periods_and_distances_are_exact():
    from fractions import Fraction

    from wythoff.core.games import observations

    assert observations.repeat_period([1, 2, 3] * 50) == 3
    assert observations.repeat_period(list(range(100))) is None
    assert observations.line_distances([0, 2, 3, 5], Fraction(3, 2), 2) == (0.5, 0.5)
    # values so large that the int64 sums could overflow: Python integers, still exact
    big = [n * 2**40 + n % 7 for n in range(5000)]
    top = sum(n * v for n, v in enumerate(big))
    assert observations.fitted_slope(big) == Fraction(top, sum(n * n for n in range(5000)))
    slope = Fraction(2**40 * 3_000_001 + 1, 3_000_001)  # v * 3_000_001 passes 2**62
    gaps = [abs(v * slope.denominator - slope.numerator * n) for n, v in enumerate(big)]
    expected = (max(gaps[:2500]) / slope.denominator, max(gaps[2500:]) / slope.denominator)
    assert observations.line_distances(big, slope, 2500) == expected


@pytest.mark.parametrize("x", [0, 1, 3, 7])
def test_p_options_beyond_64_bits_are_exact(x):
    """A pile of hundreds of digits: the moves to P-positions are those the rules
    allow to the known P-positions, computed in exact integers (no overflow)."""
    rules = Rules(rook_modulus=3, rook_residues=(0, 1), bishop=2)
    solver = sparse.SparseSolver(rules)
    y = 7 * 10**300 + 12345
    found = solver.p_options(x, y)
    solver.settle(x)
    cs, ds = solver.pairs()
    known = [(int(c), int(d)) for c, d in zip(cs, ds, strict=True) if c <= x]
    candidates = {p for c, d in known for p in ((c, d), (d, c))}
    expected = sorted(p for p in candidates if rules.is_legal((x, y), p))
    assert found == expected and found


def test_a_depth_of_hundreds_of_digits_is_refused_in_one_line():
    with pytest.raises(sparse.TooDeep, match=r"^a solve to depth about 10\^300 would need"):
        sparse.check_depth(10**300, 2**30)


@pytest.mark.parametrize("game_id", ["larsson-modulo-m2-p3-l2", "larsson-modulo-m4-p8-l1"])
def test_one_deep_settle_equals_many_small_ones(game_id):
    """A deep settle reserves its room at once from the rate of its first lines (a
    guess, corrected by growing): the same pairs as lines settled a few at a time,
    with the arrays grown step by step."""
    rules = families.resolve_game(game_id).rules
    deep, stepwise = sparse.SparseSolver(rules), sparse.SparseSolver(rules)
    deep.settle(60_000)
    for line in range(0, 60_001, 3_000):
        stepwise.settle(line)
    assert len(deep.cells) != len(stepwise.cells)  # the two ways differ
    for ours, theirs in zip(deep.pairs(), stepwise.pairs(), strict=True):
        assert ours.tolist() == theirs.tolist()
    x, y = int(deep.pairs()[0][-1]) + 5, int(deep.pairs()[1][-1])
    assert deep.p_options(x, y) == stepwise.p_options(x, y) != []
