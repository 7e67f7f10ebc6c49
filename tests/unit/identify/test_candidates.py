"""What terms of ``floor(n*alpha + beta)`` may be, held against a naive oracle: the
floors computed here with integers only, the simpler slopes by trying every
``(c + sqrt(d))/e`` of a lower height, the deciding indices pair by pair."""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

from hypothesis import given
from hypothesis import strategies as st
from wythoff.core.beatty_fit import fit_beatty, height, intercept
from wythoff.core.discrepancy import BeattyForm
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.identify.candidates import CATALOG, settle
from wythoff.identify.catalog import CatalogSlope


def oracle(c: int, d: int, e: int, beta: Fraction, n: int) -> int:
    """floor(n*(c + sqrt(d))/e + p/q) = floor((q*n*c + p*e + sqrt(q^2*n^2*d)) / (q*e)),
    the root's floor standing for the root (d not a square, e > 0, n >= 0)."""
    p, q = beta.numerator, beta.denominator
    return (q * n * c + p * e + isqrt(q * q * n * n * d)) // (q * e)


def square_free(d: int) -> bool:
    return all(d % (k * k) for k in range(2, isqrt(d) + 1))


def inside(low: Fraction, high: Fraction, c: int, d: int, e: int) -> bool:
    """low < (c + sqrt(d))/e < high, with integers: e*x - c < sqrt(d) < e*y - c."""

    def below_root(x: Fraction) -> bool:  # x < sqrt(d)
        return x < 0 or x * x < d

    return below_root(e * low - c) and not below_root(e * high - c)


def simpler_exists(low: Fraction, high: Fraction, most: int) -> bool:
    """Whether some (c + sqrt(d))/e, d square-free, d + e + |c| <= most, lies in the interval."""
    for d in range(2, most + 1):
        if not square_free(d):
            continue
        for e in range(1, most - d + 1):
            for c in range(-(most - d - e), most - d - e + 1):
                if inside(low, high, c, d, e):
                    return True
    return False


SLOPES = st.tuples(st.integers(-3, 6), st.integers(2, 30), st.integers(1, 6)).filter(
    lambda t: isqrt(t[1]) ** 2 != t[1] and (t[0] + isqrt(t[1])) > 0
)


@given(
    SLOPES,
    st.fractions(min_value=Fraction(-1), max_value=Fraction(1), max_denominator=12),
    st.integers(0, 1),
    st.integers(3, 80),
)
def test_the_candidates_give_the_terms_and_differ_where_the_oracle_says(slope, beta, first, count):
    c, d, e = slope
    alpha = QuadraticIrrational(c, d, e)
    terms = [oracle(c, d, e, beta, n) for n in range(first, first + count)]
    fit = fit_beatty(terms, first)
    assert fit is not None and fit.holds(alpha)
    own = CatalogSlope("ours", alpha, BeattyForm(alpha, constant=0))
    if beta != 0:  # a catalog sequence is floor(n*alpha) here; others are floor(n*alpha + beta)
        own = CatalogSlope("ours", alpha, None)
    settled = settle(None, terms, fit, [own] if beta == 0 else [], [own], "ours")  # type: ignore[arg-type]
    stop = settled.horizon + 1
    runs = []
    for candidate in settled.listed:
        if candidate.kind == CATALOG:
            values = [oracle(c, d, e, Fraction(0), n) for n in range(first, stop)]
        else:
            number = _parse(candidate.alpha)
            chosen = Fraction(candidate.beta)
            values = [number(n, chosen) for n in range(first, stop)]
        assert values[:count] == terms  # every candidate gives the terms
        runs.append(values)
    for k, candidate in enumerate(settled.listed):
        parted = []
        for j, other in enumerate(runs):
            if j != k:
                n = next(
                    (
                        first + i
                        for i, (a, b) in enumerate(zip(runs[k], other, strict=True))
                        if a != b
                    ),
                    None,
                )
                parted.append(n)
        assert all(n is not None and n >= first + count for n in parted)  # distinct sequences
        known = [n for n in parted if n is not None]
        assert candidate.differs_at == min(known, default=None)
        assert candidate.deciding == (max(known) if known and None not in parted else None)
    # named only when no simpler quadratic irrational and no other slope is in the interval
    if beta == 0:
        expected = not simpler_exists(fit.alpha_low, fit.alpha_high, height(alpha) - 1)
        assert (settled.determined == "ours") == expected
    else:
        assert settled.determined is None


def _parse(text: str):
    """The candidate's slope from its text: p/q, or the quadratic forms plain() writes."""
    import re

    if re.fullmatch(r"-?\d+(/\d+)?", text):
        slope = Fraction(text)
        return lambda n, beta: int((n * slope + beta) // 1)
    found = re.fullmatch(r"\(?(-?\d+)? ?([+-])? ?-?(\d+\*)?sqrt\((\d+)\)\)?(/(\d+))?", text)
    assert found is not None, text
    c = int(found[1] or 0)
    k = int((found[3] or "1*")[:-1])
    sign = -1 if found[2] == "-" or (found[1] is None and text.startswith("-")) else 1
    d, e = k * k * int(found[4]), int(found[6] or 1)
    if sign < 0:
        return lambda n, beta: -oracle(-c, d, e, -beta, n) - 1 if n else int(beta // 1)
    return lambda n, beta: oracle(c, d, e, beta, n)


@given(SLOPES, st.fractions(min_value=Fraction(-2), max_value=Fraction(2), max_denominator=30),
       st.integers(0, 1), st.integers(2, 60))  # fmt: skip
def test_the_intercept_found_gives_the_terms(slope, beta, first, count):
    c, d, e = slope
    terms = [oracle(c, d, e, beta, n) for n in range(first, first + count)]
    found = intercept(QuadraticIrrational(c, d, e), terms, first)
    assert found is not None
    assert [oracle(c, d, e, found, n) for n in range(first, first + count)] == terms
    assert found.denominator <= beta.denominator  # the simplest, never worse than the truth


def test_twenty_terms_of_one_plus_sqrt3_over_2_do_not_name_the_catalog_slope_of_sqrt14():
    terms = [oracle(1, 3, 2, Fraction(0), n) for n in range(1, 21)]
    fit = fit_beatty(terms, 1)
    assert fit is not None
    theta = QuadraticIrrational(14, 14, 13)  # sqrt(14)/(sqrt(14) - 1): beatty-sqrt14-b's slope
    stored = CatalogSlope("beatty-sqrt14-b", theta, BeattyForm(theta))
    settled = settle(None, terms, fit, [stored], [stored], "beatty-sqrt14-b")  # type: ignore[arg-type]
    assert settled.determined is None
    by_label = {c.label: c for c in settled.listed}
    assert by_label["floor(n*(1 + sqrt(3))/2)"].deciding == 41
    assert by_label["beatty-sqrt14-b"].differs_at is not None
    assert oracle(1, 3, 2, Fraction(0), 41) == 56 and stored.form.term(41) == 55  # type: ignore[union-attr]
