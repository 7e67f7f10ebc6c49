"""Exact discrepancies of Beatty-type sequences (wythoff.core.discrepancy) and the
quadratic numbers that hold them (wythoff.core.quadratic.QuadraticNumber).

The oracle is independent: decimal arithmetic with 80 significant digits (far more
than the cancellation of ``a(n) - n*alpha`` loses for the sizes here), and the
terms each family computes for the catalog.
"""

from __future__ import annotations

from decimal import Decimal, localcontext

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from wythoff import families
from wythoff.core.discrepancy import BeattyForm
from wythoff.core.quadratic import QuadraticIrrational, QuadraticNumber
from wythoff.families import FAMILIES

from tests.helpers.data import SMALL_RANGES, narrowed

DIGITS = 80


def exact(value: QuadraticNumber) -> Decimal:
    """``value`` to 80 significant digits, from its parts."""
    with localcontext() as context:
        context.prec = DIGITS
        return (Decimal(value.p) + Decimal(value.q) * Decimal(value.d).sqrt()) / value.e


non_squares = st.integers(2, 10**6).filter(
    lambda d: int(d**0.5) ** 2 != d and (int(d**0.5) + 1) ** 2 != d
)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(-(10**30), 10**30),
    st.integers(-(10**15), 10**15),
    non_squares,
    st.integers(1, 10**6),
)
def test_sign_floor_and_decimals_agree_with_80_digit_arithmetic(p, q, d, e):
    value = QuadraticNumber(p, q, d, e)
    reference = exact(value)
    assume(abs(reference) > Decimal(10) ** -40)  # beyond 80 digits' reach
    assert value.sign() == (1 if reference > 0 else -1)
    assert value.floor() == int(reference.to_integral_value(rounding="ROUND_FLOOR"))
    with localcontext() as context:
        context.prec = DIGITS
        expected = reference.quantize(Decimal("0.000001"), rounding="ROUND_HALF_UP")
    assert value.decimal(6) == str(expected).replace("-0.000000", "0.000000")
    assert float(value) == pytest.approx(float(reference), rel=1e-15, abs=1e-300)


def test_rationals_and_sums():
    third = QuadraticNumber(1, 0, 2, 3)
    assert third.is_rational and str(third) == "1/3" and third.decimal(4) == "0.3333"
    root = QuadraticIrrational(0, 2, 1).as_number()
    assert root.minus(root).sign() == 0
    assert str(root.times(-2).plus(3)) == "3 - 2*sqrt(2)"
    with pytest.raises(ValueError, match="do not mix"):
        root.plus(QuadraticIrrational(0, 3, 1).as_number())


def small_forms() -> list[tuple[str, BeattyForm, list[int], int]]:
    """Every sequence of the small catalog that has a closed form, with 300 terms."""
    built = families.build(narrowed(SMALL_RANGES, 3))
    found = []
    for sequence_id, record in built.sequences.items():
        picture = FAMILIES[record.family].picture(record)
        if picture.form is not None:
            found.append(
                (sequence_id, picture.form, record.listed(record.offset, 300), record.offset)
            )
    return found


FORMS = small_forms()


def test_every_sequence_with_a_formula_has_a_form_and_the_others_none():
    built = families.build(narrowed(SMALL_RANGES, 3))
    kinds = {sid: FAMILIES[r.family].picture(r).kind for sid, r in built.sequences.items()}
    assert (
        kinds["wythoff-a"] == kinds["connell-k3-v2"] == kinds["larsson-m2-p3-phi"] == "discrepancy"
    )
    assert kinds["fraenkel-a2-p"] == kinds["fraenkel-a3-q"] == "logarithmic"
    assert kinds["larsson-modulo-m2-p2-l0-c"] == kinds["larsson-modulo-m2-p2-l0-d"] == "pair"
    # misère play's pairs are Beatty's only from n = 2 on, and the Sprague-Grundy
    # values have no closed form: their values are drawn
    assert kinds["wythoff-misere-a"] == kinds["wythoff-misere-b"] == "values"
    assert kinds["wythoff-grundy-diagonal"] == "values"
    drawn = {sid for sid in kinds if "-misere-" in sid or "-grundy-" in sid}
    assert {k for sid, k in kinds.items() if sid not in drawn} == {
        "discrepancy",
        "logarithmic",
        "pair",
    }


@pytest.mark.parametrize(
    ("sequence_id", "form", "terms", "offset"), FORMS, ids=[f[0] for f in FORMS]
)
def test_the_form_gives_the_terms_and_the_band_holds_every_discrepancy(
    sequence_id, form, terms, offset
):
    assert [form.term(offset + i) for i in range(len(terms))] == terms
    low, high = (exact(v) for v in form.band)
    assert high - low == form.scale
    with localcontext() as context:
        context.prec = DIGITS
        alpha = exact(form.alpha)
        for i, value in enumerate(terms):
            n = offset + i
            gap = form.discrepancy(n, value)
            reference = value - n * alpha
            assert abs(exact(gap) - reference) < Decimal(10) ** -60
            assert low < reference <= high, (sequence_id, n)
    # the band is the right one: the discrepancies come close to both of its ends
    gaps = [exact(form.discrepancy(offset + i, v)) for i, v in enumerate(terms)]
    assert max(gaps) > high - form.scale * Decimal("0.05")
    assert min(gaps) < low + form.scale * Decimal("0.05")


def test_wythoff_band_is_minus_one_to_zero_and_alpha_is_phi():
    form = FAMILIES["wythoff"].picture(families.resolve_sequence("wythoff-a")).form
    assert str(form.alpha) == "(1 + sqrt(5))/2"
    assert [str(v) for v in form.band] == ["-1", "0"]
    upper = FAMILIES["wythoff"].picture(families.resolve_sequence("wythoff-b")).form
    assert str(upper.alpha) == "(3 + sqrt(5))/2"  # phi^2
