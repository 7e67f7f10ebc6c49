"""Formulas in words without template residue: the simplifiers, and every text
field of the default catalog (names, formulas, P-positions, rules) scanned."""

from __future__ import annotations

import re
from fractions import Fraction
from math import isqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wythoff import config, families
from wythoff.families import wording

RESIDUE = re.compile(
    r"\+ 0\b|- 0\b|\b0/\d|(?<![\d.(])1n\b|(?<![\d.])1\*|\*1\b|\+ -|- -|\b0n\b|\b0\*|/1\b|\(0 \+"
)
"""What a filled template leaves when it does not simplify: "+ 0", "0/3", "1n",
"1*p", "/1", "(0 + sqrt(8))" and the like."""


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ((1, "n"), "n"),
        ((2, "n"), "2n"),
        ((3, "i", 1), "3i + 1"),
        ((2, "i", -1), "2i - 1"),
        ((0, "n", 5), "5"),
        ((2, "n", 1, "*"), "2*n + 1"),
    ],
)
def test_affine(arguments, expected):
    assert wording.affine(*arguments) == expected


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ((0, 8, 4), "sqrt(2)/2"),
        ((1, 5, 2), "(1 + sqrt(5))/2"),
        ((2, 8, 2), "1 + sqrt(2)"),
        ((3, 12, 3), "(3 + 2*sqrt(3))/3"),
        ((0, 4, 2), "1"),
        ((-2, 20, 8), "(-1 + sqrt(5))/4"),
    ],
)
def test_surd(arguments, expected):
    assert wording.surd(*arguments) == expected


def value_of(text: str) -> float:
    """The number a surd's text means (for the property test only)."""
    return float(eval(text.replace("sqrt", "__import__('math').sqrt")))  # noqa: S307


@given(st.integers(-20, 20), st.integers(2, 500), st.integers(1, 40))
def test_surd_keeps_its_value_and_has_no_square_under_the_root(rational, radicand, denominator):
    text = wording.surd(rational, radicand, denominator)
    assert value_of(text) == pytest.approx((rational + radicand**0.5) / denominator)
    for inside in map(int, re.findall(r"sqrt\((\d+)\)", text)):
        assert all(inside % (f * f) for f in range(2, isqrt(inside) + 1))
    assert not RESIDUE.search(text)


@given(st.integers(-9, 9), st.integers(-9, 9))
def test_plus_fraction_is_in_lowest_terms(numerator, denominator):
    if denominator == 0:
        return
    text = wording.plus_fraction("n", numerator, denominator)
    shown = Fraction(text[4:].replace(" ", "")) if text != "n" else Fraction(0)
    assert shown * (1 if " + " in text or text == "n" else -1) == Fraction(numerator, denominator)


def test_no_text_field_of_the_catalog_has_template_residue():
    records = families.build(config.validate(config.defaults()).families)
    texts = [(s.id, s.name) for s in records.sequences.values()]
    texts += [(s.id, s.formula) for s in records.sequences.values()]
    texts += [(g.id, g.p_positions) for g in records.games.values()]
    texts += [(g.id, g.rules.describe()) for g in records.games.values()]
    assert [(i, t) for i, t in texts if RESIDUE.search(t)] == []
    assert RESIDUE.search("u(n) + 1n + 0") and RESIDUE.search("floor((n + 0/1)*(1 + 1/A))")
