"""Fraenkel's p-system and q-system (wythoff.core.numeration)."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wythoff.core import numeration
from wythoff.core.contfrac import fraenkel_convergents

from tests.helpers.data import reference


def interpretation(digits: list[int], base: tuple[int, ...]) -> int:
    """``sum d_i base_i``, digits most significant first."""
    return sum(d * base[i] for i, d in enumerate(reversed(digits)))


def valid_p(digits: tuple[int, ...], a: int) -> bool:
    """Fraenkel's conditions, written out again: a non-zero leading digit, digits in
    0..a, and s_{i+1} = a  =>  s_i = 0 (a digit a is followed by a zero)."""
    if not digits or digits[0] == 0 or any(d > a for d in digits):
        return False
    return all(
        not (left == a and right != 0) for left, right in zip(digits, digits[1:], strict=False)
    )


def valid_q(digits: tuple[int, ...], a: int) -> bool:
    return valid_p(digits, a) and digits[-1] < a


class TestPaperTable:
    def test_fraenkel_table_2(self):
        table = reference("fraenkel_a2_numeration.csv", dtype=str)
        assert len(table) == 17
        for n, q_text, p_text in zip(table["N"], table["q_digits"], table["p_digits"], strict=True):
            n = int(n)
            assert numeration.format_digits(numeration.q_digits(n, 2), 2) == q_text, n
            assert numeration.format_digits(numeration.p_digits(n, 2), 2) == p_text, n

    def test_a1_p_system_is_zeckendorf(self):
        # Zeckendorf: sums of non-adjacent Fibonacci numbers 1, 2, 3, 5, 8, ...
        assert numeration.p_digits(12, 1) == [1, 0, 1, 0, 1]  # 8 + 3 + 1
        assert numeration.p_digits(20, 1) == [1, 0, 1, 0, 1, 0]  # 13 + 5 + 2


class TestRepresentations:
    @pytest.mark.parametrize("a", range(1, 13))
    def test_valid_and_round_trip(self, a):
        ps, qs = fraenkel_convergents(a, 40)
        for n in range(1, 3001):
            p = numeration.p_digits(n, a)
            q = numeration.q_digits(n, a)
            assert numeration.is_valid_p_representation(p, a), (n, p)
            assert numeration.is_valid_q_representation(q, a), (n, q)
            assert valid_p(tuple(p), a) and valid_q(tuple(q), a)
            assert interpretation(p, ps) == n
            assert interpretation(q, qs) == n
            assert numeration.p_interpretation(p, a) == n

    @given(st.integers(1, 12), st.integers(1, 10**300))
    def test_huge_numbers_round_trip(self, a, n):
        ps, qs = fraenkel_convergents(a, 2000)
        p = numeration.p_digits(n, a)
        q = numeration.q_digits(n, a)
        assert valid_p(tuple(p), a) and valid_q(tuple(q), a)
        assert interpretation(p, ps) == n
        assert interpretation(q, qs) == n

    @pytest.mark.parametrize(("a", "length"), [(1, 14), (2, 9), (3, 7), (4, 6), (5, 6), (10, 4)])
    def test_uniqueness(self, a, length):
        # The valid strings of length <= L interpret as 1 .. p_L - 1 (resp. q_L - 1),
        # each exactly once.
        ps, qs = fraenkel_convergents(a, length + 1)
        p_values, q_values = [], []
        for size in range(1, length + 1):
            for digits in product(range(a + 1), repeat=size):
                assert numeration.is_valid_p_representation(list(digits), a) == valid_p(digits, a)
                assert numeration.is_valid_q_representation(list(digits), a) == valid_q(digits, a)
                if valid_p(digits, a):
                    p_values.append(interpretation(list(digits), ps))
                if valid_q(digits, a):
                    q_values.append(interpretation(list(digits), qs))
        assert sorted(p_values) == list(range(1, ps[length]))
        assert sorted(q_values) == list(range(1, qs[length]))

    @pytest.mark.parametrize("bad", [0, -3])
    def test_non_positive_refused(self, bad):
        with pytest.raises(ValueError):
            numeration.p_digits(bad, 2)
        with pytest.raises(ValueError):
            numeration.q_digits(bad, 2)

    def test_invalid_base_refused(self):
        with pytest.raises(ValueError):
            numeration.p_digits(5, 0)


class TestShifts:
    def test_trailing_zeros_and_shifts(self):
        assert numeration.trailing_zeros([1, 0, 2, 0, 0]) == 2
        assert numeration.trailing_zeros([3]) == 0
        assert numeration.left_shift([1, 2]) == [1, 2, 0]
        assert numeration.right_shift([1, 2, 0]) == [1, 2]
        with pytest.raises(ValueError):
            numeration.right_shift([1, 2])


class TestFormatting:
    @given(
        st.integers(1, 30).flatmap(
            lambda a: st.tuples(st.just(a), st.lists(st.integers(0, a), min_size=1, max_size=40))
        )
    )
    def test_round_trip(self, a_digits):
        a, digits = a_digits
        text = numeration.format_digits(digits, a)
        assert numeration.parse_digits(text, a) == digits
        if a >= 10:
            assert text.split(".") == [str(d) for d in digits]
        else:
            assert "." not in text and len(text) == len(digits)

    def test_examples(self):
        assert numeration.format_digits([1, 1, 2], 2) == "112"
        assert numeration.format_digits([1, 10, 0], 10) == "1.10.0"
        assert numeration.format_digits([1, 0, 0], 10) == "1.0.0"  # dots even if all < 10
        assert numeration.parse_digits("12.0.3", 12) == [12, 0, 3]

    @pytest.mark.parametrize("a", [10, 11, 12])
    def test_large_a_representations_are_unambiguous(self, a):
        for n in range(1, 2000):
            digits = numeration.p_digits(n, a)
            text = numeration.format_digits(digits, a)
            assert numeration.parse_digits(text, a) == digits
