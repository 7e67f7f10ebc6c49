"""The claims registry: each rule a page states is run on the solver's board of every
game whose page states it, so that a sentence made false fails here."""

from __future__ import annotations

import pytest
from wythoff import families
from wythoff.core.games import solver, unsolved
from wythoff.core.theorems import larsson
from wythoff.families import FAMILIES, claims, larsson_games

from tests.helpers.data import SMALL_RANGES

BOARD = 120


CATALOG = families.build(SMALL_RANGES)
GAMES = [
    (game, rule)
    for game in CATALOG.games.values()
    if (rule := FAMILIES[game.family].index_rule(game)) is not None
]
IDS = [game.id for game, _ in GAMES]


def test_the_rule_is_stated_by_wythoffs_game_and_every_a_wythoff_game():
    ids = set(IDS)
    assert "wythoff" in ids
    assert {f"fraenkel-a{a}" for a in range(1, 5)} <= ids
    assert "wythoff-misere" not in ids


@pytest.mark.parametrize(("game", "rule"), GAMES, ids=IDS)
def test_the_page_prints_the_rule_it_states(game, rule):
    text = FAMILIES[game.family].strategy_text(game)
    assert rule.words() in text
    assert "floor((y - x)/1)" not in text
    if rule.a == 1:
        assert "alpha" not in text
    for symbol in ("A(n) = ", "B(n) = ", "phi = " if rule.a == 1 else "alpha = "):
        assert symbol in text


@pytest.mark.parametrize(("game", "rule"), GAMES, ids=IDS)
def test_the_index_rule_holds_for_every_pile_of_the_board_on_both_sides(game, rule):
    """For every pile x of the board, the solver's P-position on the line of x says
    whether x is an A(n) (its partner is larger) or a B(n) (smaller), and which n:
    the page's rule must say the same."""
    board = solver.solve(game.rules, BOARD)
    sides = set()
    for x in range(BOARD // (rule.a + 2)):  # every partner B(n) of such an x is on the board
        partners = [y for y in range(BOARD) if board[x, y] == 1]
        assert len(partners) == 1, (x, partners)
        y = partners[0]
        expected = ("A", (y - x) // rule.a) if y >= x else ("B", (x - y) // rule.a)
        assert rule.locate(x) == expected, f"x = {x}"
        side, n = expected
        assert (rule.lower(n) if side == "A" else rule.upper(n)) == x
        if x >= 1:
            assert rule.lower_by_digits(x) == (side == "A"), f"x = {x}"
        sides.add(side)
    assert sides == {"A", "B"}


@pytest.mark.parametrize(("game", "rule"), GAMES, ids=IDS)
def test_the_stated_move_wins_from_every_n_position(game, rule):
    board = solver.solve(game.rules, BOARD)
    for x in range(BOARD // (rule.a + 2)):  # every partner B(n) of such an x is on the board
        for y in range(x, BOARD):
            target = rule.move(x, y)
            if board[x, y] == 1:
                assert target is None, (x, y)
                continue
            assert target is not None, (x, y)
            u, v = target
            assert board[u, v] == 1, ((x, y), target)
            assert game.rules.is_legal((x, y), target), ((x, y), target)


def test_a_false_index_rule_fails_the_board_check():
    """The check above can fail: the rule of the old page (the lower index for
    both sides) is wrong at x = 5 = B(2) of Wythoff's game."""

    class OldRule(claims.BeattyIndexRule):
        def locate(self, x: int) -> tuple[claims.Side, int]:
            n = self.lower_index(x)
            return ("A", n) if self.lower(n) == x else ("B", n)

    wythoff = CATALOG.games["wythoff"]
    with pytest.raises(AssertionError, match="x = 5"):
        test_the_index_rule_holds_for_every_pile_of_the_board_on_both_sides(wythoff, OldRule(1))


SUMMARY_BOARD = 60
CLAIMED = [
    (game, claim)
    for game in CATALOG.games.values()
    for key, form in FAMILIES[game.family].game_ids.items()
    if form.match(game.id) is not None
    for claim in FAMILIES[game.family].summary_claims
    if key in claim.covers
]


def test_every_family_summary_speaking_of_p_positions_states_them_as_data():
    """Each summary that names P-positions states them as claims, each covering at
    least one game of the small catalog, and prints each claim's words; Wythoff's
    misère game is covered (its P-positions are not normal play's)."""
    for key in ("wythoff", "fraenkel", "connell", "modular"):
        family = FAMILIES[key]
        assert family.summary_claims
        for claim in family.summary_claims:
            assert claim.words in family.family.summary
    covered = {game.id for game, _ in CLAIMED}
    assert {"wythoff", "wythoff-misere", "fraenkel-a2", "connell-k3"} <= covered


@pytest.mark.parametrize(("game", "claim"), CLAIMED, ids=[g.id for g, _ in CLAIMED])
def test_a_summarys_p_positions_are_the_solvers(game, claim):
    board = solver.solve(game.rules, SUMMARY_BOARD)
    found = {(x, y) for x, y in solver.p_positions(board, symmetric=True)}
    assert claim.positions(dict(game.params), SUMMARY_BOARD) == found


def test_the_old_misere_sentence_would_fail():
    """ "The same pairs in misère play" is false: the check above catches it."""
    misere = CATALOG.games["wythoff-misere"]
    normal_claim = FAMILIES["wythoff"].summary_claims[0]
    with pytest.raises(AssertionError):
        test_a_summarys_p_positions_are_the_solvers(misere, normal_claim)


# -- Larsson's belief (Section 7): quoted, judged, and what the data show -------------

LARSSON = FAMILIES["larsson"]


def _belief_test(m: int, p: int, l: int, size: int = 150) -> unsolved.ConjectureTest:  # noqa: E741
    rules = larsson.modulo_rules(m, p, l)
    return unsolved.conjecture_test(solver.solve(rules, size), rules)


def test_the_belief_is_quoted_with_its_section_where_it_is_judged():
    quote = "We also believe that, for arbitrary constants, (c_i) and (d_i) are p-complementary"
    assert quote in larsson_games.BELIEF
    assert "Section 7" in larsson_games.BELIEF
    page = LARSSON.family.page
    assert "Section 7" in page and "We also believe that, for arbitrary constants" in page
    game = families.resolve_game("larsson-modulo-m1-p3-l2")
    assert larsson_games.BELIEF in game.p_positions


@pytest.mark.parametrize("p", range(2, 6))
def test_a_line_holds_at_most_p_minus_l_plus_one_p_positions_and_can_hold_that_many(p):
    """The bound stated on the pages, by brute force: the largest set of integers whose
    differences all have a residue in {l, ..., p - 1} modulo p has p - l + 1 members."""
    for l in range(1, p):  # noqa: E741
        best = _largest_set_without_legal_distances(p, l, p * p)  # (p - 1)(p - l) fits
        stated = unsolved.ConjectureTest(p, 0, 0, (), rook_residues=l).line_bound
        assert best == stated == p - l + 1


def _largest_set_without_legal_distances(p: int, l: int, span: int) -> int:  # noqa: E741
    best = 0

    def grow(chosen: list[int], start: int) -> None:
        nonlocal best
        best = max(best, len(chosen))
        for y in range(start, span):
            if all((y - c) % p >= l for c in chosen):
                grow([*chosen, y], y + 1)

    grow([0], 1)
    return best


@pytest.mark.parametrize(("m", "p", "l"), [(1, 3, 2), (1, 5, 2), (1, 5, 3), (2, 3, 2), (2, 2, 0)])
def test_no_line_of_the_board_holds_more_than_the_bound(m, p, l):  # noqa: E741
    rules = larsson.modulo_rules(m, p, l)
    board = solver.solve(rules, 150)
    bound = _belief_test(m, p, l).line_bound
    assert int(unsolved.line_counts(board).max()) <= bound


def test_what_the_data_show_is_what_the_pages_say():
    """m = 1, p = 3, l = 2: every value exactly twice; p = 5, l = 2: lines of 3 and of 4;
    the games with l = 0, 1 and gcd(m, p) > 1 fit the belief on their boards."""
    two = _belief_test(1, 3, 2)
    assert two.multiplicities == (2,) and two.holds is False
    assert "exactly 2 times" in two.summary() and "As 2 < 3" in two.summary()
    five = _belief_test(1, 5, 2)
    assert five.multiplicities == (3, 4)
    assert "some lines hold 3 and others 4 P-positions" in five.summary()
    for m, p in [(2, 2), (2, 4), (3, 3)]:
        for l in (0, 1):  # noqa: E741
            fit = _belief_test(m, p, l, 200)
            assert fit.holds is True, (m, p, l)
            assert "as Larsson believes" in fit.summary()
    board = solver.solve(larsson.modulo_rules(1, 3, 2), 60)
    assert [y for y in range(60) if board[0, y] == 1] == [0, 2]
    assert r"line 0 holds only \((0,0)\) and \((0,2)\)" in LARSSON.family.page
