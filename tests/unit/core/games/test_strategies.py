"""Formula strategies against the solver, and on piles of a thousand digits.

Every formula game of a small catalog is held against a brute-force solution of
its rules on a 60 x 60 board: the P-positions, ``is_p`` at every cell, and every
winning move.  On huge piles, where no solver reaches, the strategies are held
against the closed forms of MATH.md, evaluated here with integers only.
"""

from __future__ import annotations

import random
import re
from functools import cache
from math import gcd, isqrt

import pytest
from wythoff import families
from wythoff.core.games import solver
from wythoff.core.games.rules import Rules
from wythoff.core.games.strategy import BeattyPairStrategy, BoardStrategy, ChoiceStrategy
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.core.theorems import fraenkel, larsson

from tests.helpers.data import SMALL_RANGES

SIZE = 60
SMALL_CATALOG = families.build(SMALL_RANGES)
SOLVED = sorted(gid for gid, game in SMALL_CATALOG.games.items() if game.solved)


@cache
def solved_board(game_id: str):
    return solver.solve(SMALL_CATALOG.games[game_id].rules, SIZE)


def board_cells(rules: Rules):
    return [(x, y) for x in range(SIZE) for y in range(SIZE) if rules.on_board(x, y)]


def test_small_catalog_covers_every_kind_of_game():
    kinds = [
        r"wythoff",
        r"wythoff-misere",
        r"connell-k\d+",
        r"fraenkel-a\d+",
        r"larsson-blocking-m\d+-p\d+",
        r"larsson-modulo-m\d+-p\d+-l0",
        r"larsson-modulo-m\d+-p\d+-l[1-9]",
        r"larsson-shifted-m\d+-p\d+-l0",
        r"larsson-shifted-m\d+-p\d+-l[1-9]",
        r"modular-m\d+",
    ]
    for kind in kinds:
        assert any(re.fullmatch(kind, gid) for gid in SOLVED), kind
    assert len(SOLVED) > 80


# -- every formula game on a 60 x 60 board --------------------------------------------


def kind(game_id: str) -> str:
    """The game's kind: its identifier with each parameter above 1 written N (0 and 1
    are often special: ``larsson-modulo-m1-p3-l0`` is of kind ``larsson-modulo-m1-pN-l0``)."""
    return re.sub(r"(?<=[a-z])(?:[2-9]|[1-9]\d+)", "N", game_id)


def measured_once_per_kind(game_ids: list[str]) -> list:
    """The games as parameters: the first of each kind with line coverage, the others
    without (the same lines again, at full speed: a sweep of every cell of every game
    costs three times as long when each line is recorded)."""
    firsts = {kind(g): g for g in reversed(game_ids)}
    return [
        pytest.param(g, marks=() if firsts[kind(g)] == g else pytest.mark.no_cover)
        for g in game_ids
    ]


@pytest.mark.parametrize("game_id", measured_once_per_kind(SOLVED))
class TestAgainstSolver:
    def test_p_positions(self, game_id):
        game = SMALL_CATALOG.games[game_id]
        expected = solver.p_positions(solved_board(game_id), game.rules.symmetric)
        assert list(game.strategy().p_positions(SIZE - 1)) == expected

    def test_p_positions_below_small_limits(self, game_id):
        game = SMALL_CATALOG.games[game_id]
        listed = solver.p_positions(solved_board(game_id), game.rules.symmetric)
        strategy = game.strategy()
        for limit in (0, 1, 2, 3, 5, 8, 13, 21):
            expected = [(x, y) for x, y in listed if max(x, y) <= limit]
            assert list(strategy.p_positions(limit)) == expected, limit

    def test_is_p_everywhere(self, game_id):
        game = SMALL_CATALOG.games[game_id]
        strategy = game.strategy()
        board = solved_board(game_id)
        wrong = [
            (x, y) for x, y in board_cells(game.rules) if strategy.is_p(x, y) != (board[x, y] == 1)
        ]
        assert wrong == []

    def test_winning_moves(self, game_id):
        game = SMALL_CATALOG.games[game_id]
        rules, strategy, board = game.rules, game.strategy(), solved_board(game_id)
        if isinstance(strategy, ChoiceStrategy):
            assert_answers_every_choice(strategy, board)
            return
        for x, y in board_cells(rules):
            if board[x, y] == 1:
                assert strategy.winning_moves(x, y) == []
                continue
            if rules.misere and not any(True for _ in rules.moves(x, y)):
                continue  # a terminal N-position of misère play: see test_wythoff
            moves = strategy.winning_moves(x, y)
            assert moves, (x, y)
            for target in moves:
                assert rules.is_legal((x, y), target), (x, y, target)
                assert board[target] == 1, (x, y, target)
            assert strategy.winning_move(x, y) == moves[0]
            blockable = [t for t in moves if rules.is_blockable((x, y), t)]
            if rules.blocking > 1 and blockable:
                # every listed move may be forbidden: the opponent forbids blocking - 1
                assert blockable == moves and len(set(moves)) == rules.blocking, (x, y, moves)
            else:
                assert len(moves) == 1, (x, y, moves)

    def test_indexed_p_positions(self, game_id):
        game = SMALL_CATALOG.games[game_id]
        strategy = game.strategy()
        indexed = list(strategy.indexed_p_positions(SIZE - 1))
        assert sorted((p.x, p.y) for p in indexed) == list(strategy.p_positions(SIZE - 1))
        keys = [(p.cls or 0, p.n, p.x) for p in indexed]
        assert keys == sorted(keys)


def assert_answers_every_choice(strategy: ChoiceStrategy, board) -> None:
    """From each N-position of the union board, a move for every rectangle the second
    player may have chosen: legal in that game, to one of its own P-positions."""
    boards = {v.rules: solver.solve(v.rules, SIZE) for v in strategy.variants}
    for x, y in board_cells(strategy.rules):
        responses = strategy.responses(x, y)
        if board[x, y] == 1:
            assert responses == [] and strategy.winning_moves(x, y) == []
            continue
        possible = [v.rules for v in strategy.variants if v.rules.on_board(x, y)]
        assert [rules for rules, _ in responses] == possible, (x, y)
        for rules, target in responses:
            assert rules.is_legal((x, y), target) and boards[rules][target] == 1, (x, y, target)


def test_larsson_theorem_2_1_iii_b_on_a_large_board():
    """m x p WN: with the second player choosing l, the P-positions are {a_n, b_n} in
    both orders, for every (m, p) up to (4, 4)."""
    for m in range(1, 5):
        for p in range(2, 5):
            rules = larsson.choice_rules(m, p)
            board = solver.solve(rules, 160)
            pairs = {(larsson.a(m, p, n), larsson.b(m, p, n)) for n in range(160)}
            expected = sorted({q for a, b in pairs for q in ((a, b), (b, a)) if max(q) < 160})
            assert solver.p_positions(board, symmetric=False) == expected, (m, p)


def test_a_choice_left_out_is_caught():
    """Without the choice l = 1 the pair (a_1, b_1) = (0, 1) of (m, p) = (1, 3) is no
    longer P, and the formula's set is not the board's."""
    full = larsson.choice_rules(1, 3)
    kept = (full.rectangle_choices[0], full.rectangle_choices[2])
    partial = Rules(bishop=3, rectangle_choices=kept)
    assert solver.solve(full, 40)[0, 1] == 1 and solver.solve(partial, 40)[0, 1] == 0
    formula = {(p.x, p.y) for p in larsson.choice_strategy(1, 3).indexed_p_positions(39)}
    assert formula != set(solver.p_positions(solver.solve(partial, 40), symmetric=True))


def test_removed_rectangle_is_refused():
    strategy = families.resolve_game("larsson-shifted-m2-p3-l1").strategy()  # x < 4, y < 2
    with pytest.raises(ValueError):
        strategy.is_p(3, 1)
    with pytest.raises(ValueError):
        strategy.winning_moves(0, 0)
    assert strategy.is_p(4, 0)  # (b_2, a_2) = (4, 0)


def test_negative_piles_refused():
    for game_id in ("wythoff", "connell-k3", "modular-m5", "larsson-blocking-m2-p3"):
        with pytest.raises(ValueError):
            families.resolve_game(game_id).strategy().is_p(-1, 4)


# -- the Fraenkel strategies and the generic Beatty-pair strategy -----------------------


class TestFraenkelStrategies:
    @pytest.mark.parametrize("a", range(1, 6))
    def test_agree_on_the_board(self, a):
        strategies = [
            fraenkel.AlgebraicStrategy(a),
            fraenkel.ArithmeticStrategy(a),
            fraenkel.RecursiveStrategy(a),
        ]
        pair = BeattyPairStrategy(fraenkel.rules(a), fraenkel.alpha(a), a)
        for x in range(SIZE):
            for y in range(SIZE):
                answers = {s.is_p(x, y) for s in strategies} | {pair.is_p(x, y)}
                assert len(answers) == 1, (a, x, y)
                moves = {s.winning_move(x, y) for s in strategies}
                assert len(moves) == 1, (a, x, y, moves)


# -- a strategy read off a solved board -------------------------------------------------


def test_board_strategy_on_an_unsolved_game():
    rules = Rules(rook_modulus=2, bishop=2)  # 2WN^(2)
    board = solver.solve(rules, 40)
    strategy = BoardStrategy(rules, board)
    for x in range(40):
        for y in range(40):
            assert strategy.is_p(x, y) == (board[x, y] == 1)
            for target in strategy.winning_moves(x, y):
                assert rules.is_legal((x, y), target) and board[target] == 1
    with pytest.raises(ValueError):
        strategy.is_p(40, 3)


# -- piles of a thousand digits -----------------------------------------------------------


def wythoff_lower(n: int) -> int:
    return (n + isqrt(5 * n * n)) // 2


def fraenkel_lower(a: int, n: int) -> int:
    return (n * (2 - a) + isqrt(n * n * (a * a + 4))) // 2


def larsson_a(m: int, p: int, n: int) -> int:
    t = m * p
    return (n * (2 - t) + isqrt(n * n * (t * t + 4))) // (2 * p)


def connell_u(k: int, i: int, n: int) -> int:
    big = n * k + i
    return (big * (2 - k) + isqrt(big * big * (k * k + 4))) // (2 * k)


def symmetric_pair_oracle(lower, gap):
    """P iff ``{x, y} = {lower(n), lower(n) + gap*n}``."""

    def is_p(x, y):
        x, y = min(x, y), max(x, y)
        return (y - x) % gap == 0 and lower((y - x) // gap) == x

    return is_p


def oracle(game_id: str):
    """``is_p`` from the closed forms of MATH.md, chosen by the game's ID (INTERFACE.md)."""
    if game_id == "wythoff":
        return symmetric_pair_oracle(wythoff_lower, 1)
    if game_id == "wythoff-misere":
        normal = symmetric_pair_oracle(wythoff_lower, 1)
        return lambda x, y: (
            (min(x, y), max(x, y)) in {(0, 1), (2, 2)} or (min(x, y) >= 3 and normal(x, y))
        )
    if found := re.fullmatch(r"connell-k(\d+)", game_id):
        k = int(found[1])

        def connell_is_p(x, y):
            x, y = min(x, y), max(x, y)
            return connell_u(k, (y - x) % k, (y - x) // k) == x

        return connell_is_p
    if found := re.fullmatch(r"fraenkel-a(\d+)", game_id):
        a = int(found[1])
        return symmetric_pair_oracle(lambda n: fraenkel_lower(a, n), a)
    if found := re.fullmatch(r"larsson-blocking-m(\d+)-p(\d+)", game_id):
        m, p = int(found[1]), int(found[2])
        return symmetric_pair_oracle(lambda n: larsson_a(m, p, n), m)
    if found := re.fullmatch(r"larsson-modulo-m(\d+)-p(\d+)-l(\d+)", game_id):
        m, modulus, l = map(int, found.groups())  # noqa: E741
        if l <= 1 and gcd(m, modulus) == 1:  # l = 0 and l = 1 both mean multiples of p
            p = modulus
        elif l == m and modulus % m == 0 and modulus > m:
            p = modulus // m
        else:
            raise AssertionError(f"{game_id} has no formula")
        return symmetric_pair_oracle(lambda n: larsson_a(m, p, n), m)
    if found := re.fullmatch(r"larsson-shifted-m(\d+)-p(\d+)-l(\d+)", game_id):
        m, p, l = map(int, found.groups())  # noqa: E741

        def shifted_is_p(x, y):
            if y >= x and (y - x) % m == 0:
                j = (y - x) // m
                if j % p == l and larsson_a(m, p, j) == x:
                    return True
            if x >= y and (x - y) % m == 0:
                j = (x - y) // m
                if j > 0 and (j + l) % p == 0 and larsson_a(m, p, j) == y:
                    return True
            return False

        return shifted_is_p
    if found := re.fullmatch(r"modular-m(\d+)", game_id):
        m = int(found[1])
        count = QuadraticIrrational(-1, 5, 2).floor_times(m)  # a_m = floor(m / phi)
        members = {(wythoff_lower(n), wythoff_lower(n) + n) for n in range(count + 1)}
        members |= {(y, x) for x, y in members}
        return lambda x, y: (x, y) in members
    raise AssertionError(game_id)


HUGE_GAMES = [
    "wythoff",
    "wythoff-misere",
    *(f"connell-k{k}" for k in range(1, 6)),
    *(f"fraenkel-a{a}" for a in range(1, 6)),
    *(f"larsson-blocking-m{m}-p{p}" for m in range(1, 4) for p in range(1, 4)),
    *(
        f"larsson-modulo-m{m}-p{p}-l{shift}"
        for m in range(1, 4)
        for p in range(1, 7)
        for shift in range(p)
        if (shift <= 1 and gcd(m, p) == 1) or (shift == m and p % m == 0 and p > m)
    ),
    *(
        f"larsson-shifted-m{m}-p{p}-l{shift}"
        for m in range(1, 4)
        for p in range(1, 4)
        for shift in range(p)
    ),
    "modular-m5",
]


def huge_positions(game_id: str) -> list[tuple[int, int]]:
    """Random thousand-digit positions, half of them near the diagonal."""
    rng = random.Random(game_id)
    digits = lambda: rng.randrange(10**999, 10**1000)  # noqa: E731
    positions = [(digits(), digits()) for _ in range(4)]
    for _ in range(4):
        x = digits()
        positions.append((x, x + rng.randrange(0, 40)))
        positions.append((x + rng.randrange(0, 40), x))
    return positions


@pytest.mark.parametrize("game_id", HUGE_GAMES)
def test_huge_piles(game_id):
    game = families.resolve_game(game_id)
    strategy, rules, is_p = game.strategy(), game.rules, oracle(game_id)
    for x, y in huge_positions(game_id):
        assert strategy.is_p(x, y) == is_p(x, y)
        moves = strategy.winning_moves(x, y)
        if is_p(x, y):
            assert moves == []
            continue
        assert moves
        for target in moves:
            assert rules.is_legal((x, y), target)
            assert is_p(*target) and strategy.is_p(*target)
            assert strategy.winning_moves(*target) == []
            # no unblockable move joins two P-positions
            tx, ty = target
            for step in [(tx - 1, ty), (tx, ty - 1), (tx - 1, ty - 1)]:
                if rules.is_legal(target, step) and not rules.is_blockable(target, step):
                    assert not strategy.is_p(*step)


@pytest.mark.parametrize("a", range(1, 6))
def test_fraenkel_strategies_agree_on_huge_piles(a):
    algebraic, arithmetic = fraenkel.AlgebraicStrategy(a), fraenkel.ArithmeticStrategy(a)
    pair = BeattyPairStrategy(fraenkel.rules(a), fraenkel.alpha(a), a)
    rng = random.Random(a)
    positions = []
    for _ in range(6):
        n = rng.randrange(10**999, 10**1000)
        lower = fraenkel_lower(a, n)
        upper = lower + a * n
        positions += [
            (lower, upper),  # P
            (upper, lower),  # P
            (lower, upper + rng.randrange(1, 10**999)),
            (lower, upper - rng.randrange(1, 3 * a)),
            (upper, rng.randrange(upper, 10**1001)),
            (rng.randrange(10**999, 10**1000), rng.randrange(10**999, 10**1000)),
        ]
    for x, y in positions:
        assert algebraic.is_p(x, y) == arithmetic.is_p(x, y) == pair.is_p(x, y)
        assert algebraic.winning_move(x, y) == arithmetic.winning_move(x, y)
        move = pair.winning_move(x, y)
        if move is not None:
            assert algebraic.rules.is_legal((x, y), move) and algebraic.is_p(*move)
    assert algebraic.is_p(*positions[0]) and arithmetic.is_p(*positions[1])


@pytest.mark.parametrize("p, l", [(1, 0), (2, 0), (3, 1), (5, 4), (16, 13)])  # noqa: E741
def test_the_stepped_indices_are_those_of_the_orientation(p, l):  # noqa: E741
    """``forward_in`` and ``mirror_in`` step over a run of indices; ``forward`` and
    ``mirror`` say it of one index: the same rule, whatever the run."""
    phi = QuadraticIrrational(1, 5, 2)
    strategy = BeattyPairStrategy(Rules(bishop=1), phi, 1, orientation=(p, l))
    for start in range(0, 40):
        for stop in range(start, start + 3 * p + 2):
            run = range(start, stop)
            assert list(strategy.forward_in(run)) == [j for j in run if strategy.forward(j)]
            assert list(strategy.mirror_in(run)) == [j for j in run if strategy.mirror(j)]
