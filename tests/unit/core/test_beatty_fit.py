"""Beatty recognition, exactly: the interval of slopes is the one the definition
gives, pair by pair, and it holds the slope of any Beatty sequence's terms."""

from __future__ import annotations

from fractions import Fraction
from math import floor

from hypothesis import given
from hypothesis import strategies as st
from wythoff.core.beatty_fit import fit_beatty, partner, simplest_fraction, terms_of
from wythoff.core.quadratic import QuadraticIrrational


def by_definition(terms: list[int], first: int) -> tuple[Fraction, Fraction] | None:
    """The slopes from every pair of terms, with fractions, the slow way."""
    lows, highs = [], []
    for i in range(len(terms)):
        for j in range(i + 1, len(terms)):
            lows.append(Fraction(terms[j] - terms[i] - 1, j - i))
            highs.append(Fraction(terms[j] - terms[i] + 1, j - i))
    low, high = max(lows), min(highs)
    return (low, high) if low < high else None


@given(
    st.fractions(min_value=Fraction(1, 10), max_value=Fraction(30), max_denominator=1000),
    st.fractions(min_value=Fraction(-3), max_value=Fraction(3), max_denominator=100),
    st.integers(0, 1),
    st.integers(2, 60),
)
def test_the_terms_of_a_beatty_sequence_fit_with_its_slope_inside(alpha, beta, first, count):
    terms = [floor(n * alpha + beta) for n in range(first, first + count)]
    fit = fit_beatty(terms, first)
    assert fit is not None
    assert fit.alpha_low < alpha < fit.alpha_high
    assert (fit.alpha_low, fit.alpha_high) == by_definition(terms, first)
    middle = simplest_fraction(fit.alpha_low, fit.alpha_high)
    assert fit.alpha_low < middle < fit.alpha_high


@given(st.lists(st.integers(-50, 200), min_size=2, max_size=25), st.integers(0, 1))
def test_any_terms_fit_exactly_when_the_definition_says(terms, first):
    fit = fit_beatty(terms, first)
    expected = by_definition(terms, first)
    assert (fit is None) == (expected is None)
    if fit is not None:
        assert (fit.alpha_low, fit.alpha_high) == expected


def test_the_square_root_of_3_and_its_partner():
    sqrt3 = QuadraticIrrational(0, 3, 1)
    terms = terms_of(sqrt3, Fraction(0), 1, 40)
    fit = fit_beatty(terms, 1)
    assert fit is not None and fit.holds(sqrt3)
    assert not fit.holds(QuadraticIrrational(1, 5, 2))
    assert fit.beta_low <= 0 < fit.beta_high
    low, high = partner(fit.alpha_low, fit.alpha_high) or (None, None)
    other = QuadraticIrrational(3, 3, 2)  # sqrt(3)/(sqrt(3) - 1) = (3 + sqrt(3))/2
    assert other.compare_with(low.numerator, low.denominator) > 0
    assert other.compare_with(high.numerator, high.denominator) < 0


def test_big_terms_stay_exact():
    phi = QuadraticIrrational(1, 5, 2)
    start = 10**30
    terms = terms_of(phi, Fraction(0), start, 12)
    fit = fit_beatty(terms, start)
    assert fit is not None and fit.holds(phi)
