"""The verifier's own parts against the package's, which it must agree with while
sharing no code: the board solver against the enumeration of every option, the
strip of values against the package's tables, the floor brackets against the test
oracles, the decoding of grundy_values against its encoding."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wythoff.audit import board, grundy, mex, terms
from wythoff.audit.moves import Moves
from wythoff.core.games.grundy import grundy_table
from wythoff.core.games.naive import solve_naive
from wythoff.core.games.rules import Rules
from wythoff.db.grundy_store import encode

from tests.helpers.oracles import expected_term


def moves_of(rules: Rules) -> Moves:
    return Moves(
        rules.rook_modulus,
        rules.rook_residues,
        rules.bishop,
        rules.modular,
        rules.blocking,
        rules.reach,
        rules.rectangle,
        rules.misere,
        rules.rectangle_choices,
    )


@st.composite
def any_rules(draw: st.DrawFn, values: bool = False) -> Rules:
    modulus = draw(st.integers(1, 4))
    residues = draw(st.sets(st.integers(0, modulus - 1), min_size=1))
    blocking = 1 if values else draw(st.integers(1, 3))
    misere = False if values or blocking > 1 else draw(st.booleans())
    choices: tuple[tuple[int, int], ...] = ()
    rectangle = (draw(st.integers(0, 3)), draw(st.integers(0, 3)))
    if not values and draw(st.booleans()):
        choices, rectangle = ((draw(st.integers(0, 3)), 0), (1, draw(st.integers(1, 3)))), (0, 0)
    return Rules(
        rook_modulus=modulus,
        rook_residues=tuple(residues),
        bishop=draw(st.integers(0, 3)),
        modular=draw(st.integers(0, 3)),
        blocking=blocking,
        rectangle=rectangle,
        misere=misere,
        blocking_reach=draw(st.none() | st.integers(0, 4)) if blocking > 1 else None,
        rectangle_choices=choices,
    )


@settings(max_examples=60, deadline=None)
@given(any_rules())
def test_the_board_is_the_enumeration_of_every_option(rules):
    side = 14
    expected = solve_naive(rules, side)
    found = board.p_board(moves_of(rules), side)
    assert ((found == board.P) == (expected == 1)).all()


@settings(max_examples=40, deadline=None)
@given(any_rules(values=True))
def test_the_strip_is_the_package_table(rules):
    side = 24
    expected = grundy_table(rules, side).astype(np.int64)[:side, :side]
    found = mex.values(moves_of(rules), side, side)
    on_board = found >= 0
    assert (found[on_board] == expected[on_board]).all()


def test_the_strip_of_wythoff_is_the_definition():
    found = mex.values(moves_of(Rules(bishop=1)), 6, 8)
    assert found[0].tolist() == list(range(8))
    assert found[1].tolist() == [1, 2, 0, 4, 5, 3, 7, 8]
    assert found[5, 3] == 0 and found[3, 5] == 0  # a P-position


@pytest.mark.parametrize(
    "sequence_id",
    [
        "wythoff-a",
        "wythoff-misere-b",
        "fraenkel-a3-b",
        "connell-k3-u1",
        "connell-k2-v1",
        "larsson-m2-p3-a",
        "larsson-m3-p2-phi",
        "modular-a",
        "beatty-sqrt7-b",
        "beatty-sqrt30-a",
    ],
)
def test_the_brackets_hold_the_oracles_terms_and_nothing_else(sequence_id):
    form = terms.bracket(sequence_id)
    assert form is not None
    ns = list(range(2, 400)) + [10**30 + 7]
    values = [expected_term(sequence_id, n) for n in ns]
    assert terms.first_bad_bracket(form, ns, values) is None
    raised = values.copy()
    raised[50] += 1
    assert terms.first_bad_bracket(form, ns, raised) == 50
    lowered = values.copy()
    lowered[-1] -= 1
    assert terms.first_bad_bracket(form, ns, lowered) == len(ns) - 1


def test_convergents_follow_their_recurrence():
    assert terms.convergents("fraenkel-a2-p", 5) == [1, 3, 7, 17, 41]
    assert terms.convergents("fraenkel-a1-q", 6) == [1, 1, 2, 3, 5, 8]


@pytest.mark.parametrize("values", [[0, 2, 1, 5, 7], [300, 0, 1], list(range(0, 3000, 3))])
def test_decoding_reads_what_the_store_encodes(values):
    shift, bits, low, high = encode(values)
    assert grundy.decode(shift, bits, low, high).tolist() == values
