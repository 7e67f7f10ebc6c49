"""Exact floors of multiples of quadratic irrationals (wythoff.core.quadratic).

Every answer is checked against an independent oracle: the defining inequality
``v <= n*alpha < v + 1`` decided with integers only (the sign of ``A + B*sqrt(d)``
from squares), never with a float.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from math import isqrt

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from wythoff.core.quadratic import QuadraticIrrational

PHI = QuadraticIrrational(1, 5, 2)
SQRT2 = QuadraticIrrational(0, 2, 1)


# -- an independent oracle -------------------------------------------------------


def sign_of(rational: int, irrational: int, d: int) -> int:
    """Sign of ``rational + irrational * sqrt(d)`` (``d`` a positive non-square)."""
    if rational >= 0 and irrational >= 0:
        return 1 if rational or irrational else 0
    if rational <= 0 and irrational <= 0:
        return -1
    # opposite signs: compare the squares
    if rational > 0:
        return 1 if rational * rational > irrational * irrational * d else -1
    return 1 if irrational * irrational * d > rational * rational else -1


def sign_of_multiple_minus(c: int, d: int, e: int, s: int, n: int, v: int) -> int:
    """Sign of ``n * (c + s*sqrt(d))/e - v``, from the raw parameters."""
    sign_e = 1 if e > 0 else -1
    return sign_e * sign_of(n * c - v * e, s * n, d)


def is_floor(c: int, d: int, e: int, s: int, n: int, v: int) -> bool:
    """Whether ``v == floor(n * (c + s*sqrt(d))/e)``."""
    return (
        sign_of_multiple_minus(c, d, e, s, n, v) >= 0
        and sign_of_multiple_minus(c, d, e, s, n, v + 1) < 0
    )


def non_square(d: int) -> bool:
    return isqrt(d) ** 2 != d


def fibonacci(count: int) -> list[int]:
    fib = [0, 1]
    while len(fib) < count:
        fib.append(fib[-1] + fib[-2])
    return fib


def pell_convergents(count: int) -> list[tuple[int, int]]:
    """Convergents p/q of sqrt(2) = [1; 2, 2, ...]: p^2 - 2 q^2 = +-1."""
    pairs = [(1, 1), (3, 2)]
    while len(pairs) < count:
        (p0, q0), (p1, q1) = pairs[-2], pairs[-1]
        pairs.append((2 * p1 + p0, 2 * q1 + q0))
    return pairs


params = st.tuples(
    st.integers(-60, 60),  # c
    st.integers(2, 10**6).filter(non_square),  # d
    st.integers(-60, 60).filter(bool),  # e
    st.sampled_from([1, -1]),  # sign
)


positive_params = st.tuples(
    st.integers(-60, 60),  # c
    st.integers(2, 10**6).filter(non_square),  # d
    st.integers(1, 60),  # e
    st.just(1),
).filter(lambda t: t[0] + isqrt(t[1]) >= 0)  # c + sqrt(d) > 0


# -- construction ------------------------------------------------------------------


class TestConstruction:
    @pytest.mark.parametrize("d", [0, -5, 1, 4, 9, 144])
    def test_rational_or_negative_radicand_refused(self, d):
        with pytest.raises(ValueError):
            QuadraticIrrational(1, d, 2)

    def test_zero_denominator_refused(self):
        with pytest.raises(ValueError):
            QuadraticIrrational(1, 5, 0)

    def test_non_integer_refused(self):
        with pytest.raises(TypeError):
            QuadraticIrrational(1.0, 5, 2)

    def test_negative_denominator_normalised_to_same_number(self):
        flipped = QuadraticIrrational(-1, 5, -2, -1)  # (-1 - sqrt5)/(-2) = phi
        assert flipped.e > 0
        assert [flipped.floor_times(n) for n in range(-20, 50)] == [
            PHI.floor_times(n) for n in range(-20, 50)
        ]


# -- the oracle: floor_times ---------------------------------------------------------


class TestFloorTimes:
    @given(params, st.integers(-(10**40), 10**40))
    @settings(max_examples=300)
    def test_defining_inequality_at_huge_n(self, abcs, n):
        c, d, e, s = abcs
        value = QuadraticIrrational(c, d, e, s).floor_times(n)
        assert is_floor(c, d, e, s, n, value)

    @given(params, st.integers(0, 10**40))
    @settings(max_examples=100)
    def test_agrees_with_high_precision_decimal(self, abcs, n):
        c, d, e, s = abcs
        with localcontext() as ctx:
            ctx.prec = 120
            exact = Decimal(n) * (Decimal(c) + s * Decimal(d).sqrt()) / Decimal(e)
            expected = int(exact.to_integral_value(rounding="ROUND_FLOOR"))
        assert QuadraticIrrational(c, d, e, s).floor_times(n) == expected

    def test_golden_ratio_small_values(self):
        # OEIS A000201 (lower Wythoff), n = 0..20
        assert [PHI.floor_times(n) for n in range(21)] == [
            0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32,
        ]  # fmt: skip

    def test_regression_phi_at_f40(self):
        # F_40 * phi lies just below F_41 = 165580141; float64 rounds up to it.
        n = 102334155
        assert PHI.floor_times(n) == 165580140
        assert int(n * ((1 + 5**0.5) / 2)) == 165580141  # the float product is wrong here

    def test_regression_sqrt2_at_pell_denominator(self):
        n = 93222358
        assert SQRT2.floor_times(n) == 131836322
        assert int(n * 2**0.5) != 131836322  # the float product is wrong here

    def test_fibonacci_multiples_of_phi(self):
        # F_n phi = F_{n+1} - psi^n, psi = -1/phi: below F_{n+1} for even n, above for odd n.
        fib = fibonacci(400)
        for n in range(2, 399):
            expected = fib[n + 1] - 1 if n % 2 == 0 else fib[n + 1]
            assert PHI.floor_times(fib[n]) == expected, n

    def test_pell_multiples_of_sqrt2(self):
        for p, q in pell_convergents(300):
            # p^2 - 2 q^2 = +1: p > q sqrt2, floor is p - 1;  = -1: p < q sqrt2 < p + 1.
            expected = p - 1 if p * p - 2 * q * q == 1 else p
            assert SQRT2.floor_times(q) == expected

    @given(params, st.integers(1, 10**30))
    def test_negative_multiple(self, abcs, n):
        # floor(-x) = -floor(x) - 1 for irrational x
        alpha = QuadraticIrrational(*abcs)
        assert alpha.floor_times(-n) == -alpha.floor_times(n) - 1


class TestCompareWith:
    @given(params, st.integers(-(10**20), 10**20), st.integers(1, 10**20))
    def test_sign_of_difference(self, abcs, p, q):
        c, d, e, s = abcs
        # alpha - p/q has the sign of q*alpha - p
        expected = sign_of_multiple_minus(c, d, e, s, q, p)
        assert QuadraticIrrational(c, d, e, s).compare_with(p, q) == expected

    def test_non_positive_denominator_refused(self):
        with pytest.raises(ValueError):
            PHI.compare_with(1, 0)


class TestArithmetic:
    @given(params, st.integers(-1000, 1000), st.integers(-(10**25), 10**25))
    def test_plus(self, abcs, k, n):
        alpha = QuadraticIrrational(*abcs)
        assert alpha.plus(k).floor_times(n) == alpha.floor_times(n) + k * n

    @given(params, st.integers(-(10**30), 10**30))
    def test_reciprocal(self, abcs, n):
        c, d, e, s = abcs
        alpha = QuadraticIrrational(c, d, e, s)
        inverse = alpha.reciprocal
        v = inverse.floor_times(n)
        # v <= n/alpha < v + 1  <=>  (v*alpha - n) and ((v+1)*alpha - n) have the right signs,
        # the inequalities flipping when alpha < 0.
        positive = sign_of(c * (1 if e > 0 else -1), s * (1 if e > 0 else -1), d) > 0
        low = sign_of_multiple_minus(c, d, e, s, v, n)
        high = sign_of_multiple_minus(c, d, e, s, v + 1, n)
        if positive:
            assert low <= 0 < high
        else:
            assert low >= 0 > high

    def test_reciprocal_of_phi(self):
        assert PHI.reciprocal.floor_times(10**6) == 618033
        assert PHI.reciprocal.reciprocal.floor_times(10**30) == PHI.floor_times(10**30)

    @given(params)
    def test_float_is_correctly_rounded(self, abcs):
        c, d, e, s = abcs
        with localcontext() as ctx:
            ctx.prec = 80
            exact = (Decimal(c) + s * Decimal(d).sqrt()) / Decimal(e)
        assert float(QuadraticIrrational(c, d, e, s)) == float(exact)


class TestPreimage:
    @given(positive_params, st.integers(0, 3000))
    def test_preimage_is_every_index_with_that_floor(self, abcs, x):
        alpha = QuadraticIrrational(*abcs)
        assume(float(alpha) > 0.02)  # keep the brute-force window small
        found = alpha.preimage(x)
        window = range(0, int((x + 2) / float(alpha)) + 3)
        expected = [n for n in window if alpha.floor_times(n) == x]
        assert list(found) == expected

    def test_preimage_examples(self):
        assert list(PHI.preimage(4)) == [3]
        assert list(PHI.preimage(5)) == []  # 5 is an upper Wythoff number
        assert list(PHI.preimage(-1)) == []
        small = QuadraticIrrational(-1, 5, 6)  # ~0.206: up to five indices per value
        assert list(small.preimage(0)) == [0, 1, 2, 3, 4]

    def test_preimage_at_huge_values(self):
        x = 10**500 + 7
        for n in PHI.preimage(x):
            assert PHI.floor_times(n) == x
        for j in (10**400, 10**400 + 1):
            assert list(PHI.preimage(PHI.floor_times(j))) == [j]

    def test_preimage_needs_a_positive_number(self):
        with pytest.raises(ValueError):
            QuadraticIrrational(-3, 5, 2).preimage(3)


# -- the bulk path -----------------------------------------------------------------


def exact_list(alpha: QuadraticIrrational, start: int, count: int, step: int = 1) -> list[int]:
    return [alpha.floor_times(start + i * step) for i in range(count)]


class TestFloors:
    @pytest.mark.parametrize(
        ("alpha", "start", "count", "step"),
        [
            (PHI, 0, 20_000, 1),
            (PHI, 102334155 - 5000, 10_000, 1),  # around the float64 failure
            (SQRT2, 93222358 - 5000, 10_000, 1),
            (PHI, 102334155 - 3 * 4000, 8000, 3),
            (SQRT2, 93222358 - 7 * 3000, 6000, 7),
            (PHI, 2**40 - 5000, 10_000, 1),  # large starts
            (SQRT2, 2**40 + 1, 10_000, 13),
            (PHI, 2**46, 2000, 1),  # large values
            (SQRT2, 2**61 - 1000, 2000, 1),  # whole parts close to the int64 limit
            (SQRT2, 2**62, 2000, 1),  # beyond it: the oracle
            (PHI, int(2**46 / 1.618033988749895) - 1000, 2000, 1),
            (PHI, 10**30, 500, 10**20),  # values beyond int64
            (QuadraticIrrational(-1, 5, 2), 1, 10_000, 1),  # 1/phi < 1
            (QuadraticIrrational(-6, 40, 2), 0, 10_000, 1),  # Fraenkel alpha for a = 6
            (QuadraticIrrational(-3, 5, 2), 0, 1000, 1),  # negative number: oracle
            (PHI, -500, 1000, 1),  # negative indices: oracle
            (PHI, 5000, 1000, -5),  # negative step
        ],
    )
    def test_bulk_equals_oracle(self, alpha, start, count, step):
        assert alpha.floors(start, count, step).tolist() == exact_list(alpha, start, count, step)

    @pytest.mark.parametrize("bits", [8, 20, 30, 40])
    def test_few_fraction_bits_flag_many_terms(self, bits):
        # With few fraction bits most terms are doubtful: more than the first pass
        # records (4096), so the second pass and the oracle do the work; the result
        # must not change.
        start, count = 102334155 - 5000, 10_000
        got = PHI.fixed_point_floors(start, count, 1, bits).tolist()
        assert got == exact_list(PHI, start, count)

    @given(params, st.integers(-(2**40), 2**40), st.integers(-50, 50), st.integers(4, 62))
    @settings(max_examples=200)
    def test_any_fraction_bits_are_exact(self, abcs, start, step, bits):
        alpha = QuadraticIrrational(*abcs)
        got = alpha.fixed_point_floors(start, 300, step, bits).tolist()
        assert got == exact_list(alpha, start, 300, step)

    def test_terms_near_10_to_the_15(self):
        start = 10**15 - 3
        assert PHI.floors(start, 20_000).tolist() == exact_list(PHI, start, 20_000)

    def test_float64_would_be_wrong_in_the_range(self):
        start = 102334155 - 2
        got = PHI.floors(start, 5).tolist()
        naive = [int(n * ((1 + 5**0.5) / 2)) for n in range(start, start + 5)]
        assert got != naive
        assert got[2] == 165580140

    def test_dtype(self):
        assert PHI.floors(0, 10).dtype == np.int64
        huge = PHI.floors(2**70, 3)
        assert huge.dtype == object
        assert huge.tolist() == exact_list(PHI, 2**70, 3)

    def test_empty_and_negative_count(self):
        assert PHI.floors(10, 0).tolist() == []
        with pytest.raises(ValueError):
            PHI.floors(10, -1)

    @given(params, st.integers(0, 2**50), st.integers(1, 2000), st.integers(0, 300))
    @settings(max_examples=200)
    def test_random_ranges(self, abcs, start, step, count):
        alpha = QuadraticIrrational(*abcs)
        assert alpha.floors(start, count, step).tolist() == exact_list(alpha, start, count, step)

    @given(st.integers(2**44, 2**47), st.integers(1, 50))
    def test_ranges_of_large_indices(self, start, step):
        assert PHI.floors(start, 200, step).tolist() == exact_list(PHI, start, 200, step)

    def test_tiny_slope_with_indices_beyond_int64(self):
        # A positive number below 2**-17 keeps n*alpha small even when n does
        # not fit in an int64; the result must still be exact.
        tiny = QuadraticIrrational(-(10**10), 10**20 + 1, 1)  # ~5e-11
        assert tiny.floors(2**62, 3, 2**62).tolist() == exact_list(tiny, 2**62, 3, 2**62)
        assert tiny.floors(2**63 - 10, 20).tolist() == exact_list(tiny, 2**63 - 10, 20)
        assert tiny.floors(2**64, 3).tolist() == exact_list(tiny, 2**64, 3)

    def test_huge_step_single_term(self):
        assert PHI.floors(5, 1, 2**70).tolist() == [PHI.floor_times(5)]


def test_lazy_module_replaces_itself_on_first_use():
    from wythoff.core import lazy

    namespace: dict = {}
    namespace["m"] = lazy.module("fractions", namespace)
    assert type(namespace["m"]).__name__ == "LazyModule"
    assert namespace["m"].Fraction(2, 4) == namespace["m"].Fraction(1, 2)
    assert type(namespace["m"]).__name__ == "module"
