"""The proofs of the rows' periods (Landman's argument): each proof's claim holds on a
table far larger than the one it was read from, a row is proven only above proven rows,
and a table that is not the definition's is refused."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wythoff.core.games import certificate, grundy
from wythoff.core.games.rules import Rules

ROWS = 10


def proofs(rules: Rules, side: int) -> tuple[np.ndarray, list]:
    table = grundy.grundy_table(rules, side, rows=ROWS)
    periods = grundy.row_periods(table, ROWS)
    return table, list(zip(periods, certificate.prove_rows(rules, table, periods), strict=True))


@settings(max_examples=25, deadline=None)
@given(bishop=st.integers(0, 5), side=st.sampled_from([192, 256, 384]))
def test_each_proof_holds_far_past_its_table(bishop, side):
    rules = Rules(bishop=bishop)
    _, found = proofs(rules, side)
    far = grundy.grundy_table(rules, 4 * side, rows=ROWS)
    for x, (period, proof) in enumerate(found):
        if proof is None:
            assert all(p is None for _, p in found[x:]), "a row above an unproven one"
            break
        ys = np.arange(proof.start, far.shape[1] - proof.period)
        assert (far[x, ys + proof.period] == far[x, ys] + proof.period).all(), (bishop, x)
        assert proof.period % proof.modulus == 0
        if certificate.proven(period, proof):  # the least period, for every y
            ys = np.arange(period.preperiod, far.shape[1] - period.period)
            assert (far[x, ys + period.period] == far[x, ys] + period.increment).all()


def test_wythoff_rows_0_to_9_are_proven_on_1024():
    _, found = proofs(Rules(bishop=1), 1024)
    assert all(certificate.proven(period, proof) for period, proof in found)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(rook_modulus=2, bishop=1),  # rook moves of even length only
        Rules(bishop=1, modular=2),  # moves as far down as any column
        Rules(bishop=1, rectangle=(2, 3)),
        Rules(bishop=1, misere=True),
    ],
)
def test_no_proof_where_the_argument_does_not_apply(rules):
    assert not certificate.applies(rules)
    table = np.zeros((2, 8), dtype=np.uint16)
    assert certificate.prove_rows(rules, table, [None, None]) == [None, None]


def test_a_table_that_is_not_the_definitions_is_refused():
    rules = Rules(bishop=1)
    table = grundy.grundy_table(rules, 256, rows=4)
    periods = grundy.row_periods(table, 4)
    table[2, 100] += 1
    with pytest.raises(ValueError, match=r"G\(2, 100\)"):
        certificate.prove_rows(rules, table, periods)
