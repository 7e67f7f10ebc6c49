"""Convergents of continued fractions (wythoff.core.contfrac)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wythoff.core import contfrac


def evaluate(quotients: list[int]) -> Fraction:
    """The finite continued fraction ``[a_0; a_1, ..., a_n]``, from the back."""
    value = Fraction(quotients[-1])
    for a in reversed(quotients[:-1]):
        value = a + 1 / value
    return value


class TestConvergents:
    @given(st.lists(st.integers(1, 50), min_size=1, max_size=30))
    def test_each_convergent_is_the_truncated_fraction(self, quotients):
        pairs = list(contfrac.convergents(quotients))
        assert len(pairs) == len(quotients)
        for n, (p, q) in enumerate(pairs):
            assert Fraction(p, q) == evaluate(quotients[: n + 1])

    @given(st.lists(st.integers(1, 50), min_size=2, max_size=30))
    def test_determinant_identity(self, quotients):
        # p_n q_{n-1} - p_{n-1} q_n = (-1)^(n-1)
        pairs = list(contfrac.convergents(quotients))
        for n in range(1, len(pairs)):
            (p0, q0), (p1, q1) = pairs[n - 1], pairs[n]
            assert p1 * q0 - p0 * q1 == (-1) ** (n - 1)

    def test_sqrt2(self):
        assert list(contfrac.convergents([1, 2, 2, 2, 2])) == [
            (1, 1), (3, 2), (7, 5), (17, 12), (41, 29),
        ]  # fmt: skip


class TestFraenkelConvergents:
    @pytest.mark.parametrize("a", range(1, 13))
    def test_recurrences_of_the_paper(self, a):
        # p_{-1} = 1, p_0 = 1, p_n = a p_{n-1} + p_{n-2};  q_{-1} = 0, q_0 = 1, likewise
        ps, qs = contfrac.fraenkel_convergents(a, 40)
        p_prev, p, q_prev, q = 1, 1, 0, 1
        expected_p, expected_q = [p], [q]
        for _ in range(39):
            p_prev, p = p, a * p + p_prev
            q_prev, q = q, a * q + q_prev
            expected_p.append(p)
            expected_q.append(q)
        assert list(ps) == expected_p
        assert list(qs) == expected_q

    def test_a1_is_fibonacci(self):
        ps, qs = contfrac.fraenkel_convergents(1, 10)
        assert ps == (1, 2, 3, 5, 8, 13, 21, 34, 55, 89)
        assert qs == (1, 1, 2, 3, 5, 8, 13, 21, 34, 55)

    @pytest.mark.parametrize("a", range(1, 13))
    def test_convergents_alternate_around_alpha(self, a):
        # alpha = (2 - a + sqrt(a^2 + 4))/2: even convergents below it, odd ones above.
        ps, qs = contfrac.fraenkel_convergents(a, 30)
        for n, (p, q) in enumerate(zip(ps, qs, strict=True)):
            # sign of alpha - p/q = sign of q(2 - a) - 2p + q sqrt(a^2 + 4)
            rational = q * (2 - a) - 2 * p
            convergent_above = rational < 0 and rational * rational > q * q * (a * a + 4)
            assert convergent_above == (n % 2 == 1), (a, n)

    def test_non_positive_a_refused(self):
        with pytest.raises(ValueError):
            contfrac.periodic_quotients(0)

    @given(st.integers(1, 12), st.integers(0, 10**60))
    def test_convergents_below_reach_past_the_limit(self, a, limit):
        ps, qs = contfrac.convergents_below(a, limit)
        assert ps[-1] > limit and qs[-1] > limit
        assert (ps, qs) == contfrac.fraenkel_convergents(a, len(ps))
