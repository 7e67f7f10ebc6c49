"""The rules as data (wythoff.core.games.rules): moves, legality, blocking."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wythoff.core.games.rules import Rules

from tests.helpers.data import game_rules, legal_by_definition


class TestMoves:
    @given(game_rules(), st.integers(0, 14), st.integers(0, 14))
    def test_moves_are_exactly_the_legal_targets(self, rules, x, y):
        targets = {(x2, y2) for x2 in range(x + 1) for y2 in range(y + 1)}
        for variant in rules.variants():  # once the second player has chosen, if he chooses
            expected = {t for t in targets if legal_by_definition(variant, (x, y), t)}
            listed = list(variant.moves(x, y))
            assert len(listed) == len(set(listed))
            assert set(listed) == expected
            assert all(variant.is_legal((x, y), t) for t in expected)
            assert not any(variant.is_legal((x, y), t) for t in targets - expected)

    def test_moves_wait_for_the_choice_of_rectangle(self):
        rules = Rules(bishop=6, rectangle_choices=((6, 0), (4, 2), (2, 4)))
        assert [v.rectangle for v in rules.variants()] == [(6, 0), (4, 2), (2, 4)]
        assert rules.symmetric and rules.on_board(0, 0) and rules.on_board(3, 1)
        with pytest.raises(ValueError, match="chooses"):
            list(rules.moves(5, 5))
        with pytest.raises(ValueError, match="chooses"):
            rules.is_legal((5, 5), (5, 0))
        assert not Rules(bishop=1, rectangle_choices=((2, 1), (3, 1))).symmetric

    def test_examples(self):
        assert sorted(Rules(rook_modulus=3, bishop=1).moves(0, 7)) == [(0, 1), (0, 4)]
        fraenkel2 = Rules(bishop=2)
        assert fraenkel2.is_legal((5, 8), (1, 3))  # take 4 and 5: |4 - 5| < 2
        assert not fraenkel2.is_legal((5, 8), (1, 2))  # 4 and 6
        assert not Rules(bishop=1).is_legal((3, 5), (4, 5))  # no adding

    def test_blockable_moves(self):
        rules = Rules(bishop=2, blocking=3)
        assert rules.is_blockable((5, 9), (5, 3))  # rook move of length 6
        assert not rules.is_blockable((5, 9), (5, 8))  # length 1 is also a 2-bishop move
        assert not rules.is_blockable((5, 9), (3, 6))  # bishop move
        assert not Rules(bishop=2).is_blockable((5, 9), (5, 3))  # no blocking

    def test_blockable_from_the_reach(self):
        # Larsson's mWN^p_l (Remark 5): one-pile moves of l counters or more may be forbidden
        any_length = Rules(bishop=2, blocking=3, blocking_reach=0)
        assert any_length.is_blockable((5, 9), (5, 8))  # length 1, though a 2-bishop move
        assert not any_length.is_blockable((5, 9), (4, 8))  # a two-pile move never
        longer = Rules(bishop=2, blocking=3, blocking_reach=4)
        assert not longer.is_blockable((5, 9), (5, 6))  # length 3 < 4
        assert longer.is_blockable((5, 9), (5, 5))
        assert Rules(bishop=2, blocking=3).reach == 2 and longer.reach == 4

    def test_rectangle_and_symmetry(self):
        rules = Rules(bishop=6, rectangle=(4, 2))
        assert not rules.on_board(3, 1) and rules.on_board(4, 1) and rules.on_board(3, 2)
        assert not rules.symmetric
        assert Rules(bishop=1, rectangle=(3, 3)).symmetric
        assert Rules(bishop=1, rectangle=(5, 0)).symmetric

    @pytest.mark.parametrize(
        "kwargs",
        [
            {"rook_modulus": 0},
            {"rook_modulus": 3, "rook_residues": (3,)},
            {"bishop": -1},
            {"modular": -2},
            {"blocking": 0},
            {"rectangle": (-1, 2)},
            {"blocking_reach": -1},
            {"rectangle_choices": ((1, 1),)},  # one rectangle is no choice
            {"rectangle": (1, 1), "rectangle_choices": ((1, 1), (2, 0))},
            {"rectangle_choices": ((1, 1), (-2, 0))},
        ],
    )
    def test_invalid_rules_refused(self, kwargs):
        with pytest.raises(ValueError):
            Rules(**kwargs)

    def test_describe(self):
        text = Rules(rook_modulus=3, bishop=1).describe()
        assert text == (
            "Take a positive multiple of 3 from one pile, or the same number from both piles."
        )
        assert "forbid up to 2" in Rules(bishop=2, blocking=3).describe()
        assert "misère" in Rules(bishop=1, misere=True).describe()

    @pytest.mark.parametrize("m", [1, 2, 3, 5])
    def test_blocking_words_say_which_moves_can_be_forbidden(self, m):
        """Larsson: moves of the second kind (m-bishop) cannot be forbidden; the text
        names the one-pile moves that can, and the rules' own test agrees."""
        rules = Rules(bishop=m, blocking=3)
        text = rules.describe()
        assert "not also moves of the second kind" in text and "first kind" not in text
        blockable = [k for k in range(1, 12) if rules.is_blockable((20, 20), (20 - k, 20))]
        assert blockable == list(range(m, 12))
        assert (f"those that take {m} or more" in text) == (m > 1)

    @pytest.mark.parametrize(
        ("reach", "words"),
        [
            (0, "one-pile moves."),
            (1, "one-pile moves."),
            (4, "one-pile moves that take 4 or more."),
        ],
    )
    def test_reach_words_name_the_moves_that_can_be_forbidden(self, reach, words):
        rules = Rules(bishop=2, blocking=3, blocking_reach=reach)
        assert rules.describe().endswith(f"forbid up to 2 of the mover's {words}")
        blockable = [k for k in range(1, 12) if rules.is_blockable((20, 20), (20 - k, 20))]
        assert blockable == list(range(max(reach, 1), 12))

    def test_choice_words(self):
        text = Rules(bishop=6, rectangle_choices=((6, 0), (4, 2), (2, 4))).describe()
        assert text.endswith(
            "Before the first move the second player chooses the rectangle that no move may "
            "enter for the rest of the game: none, or x < 4, y < 2, or x < 2, y < 4."
        )
