"""Huge-integer arithmetic (wythoff.core.bigint): GMP and the standard library agree."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wythoff import families
from wythoff.core import bigint
from wythoff.core.bigdigits import unlimited

gmpy2 = pytest.importorskip("gmpy2", reason="the fast extra is not installed")

huge = st.integers(0, 10**3000) | st.integers(10**1500, 10**5000)


@given(huge)
@settings(max_examples=60)
def test_isqrt_matches_the_standard_library(n):
    assert bigint.isqrt(n) == math.isqrt(n)
    with bigint.python_only():
        assert bigint.isqrt(n) == math.isqrt(n)


@given(st.integers(-(10**4000), 10**4000), st.integers(0, 10**6))
@settings(max_examples=60)
def test_floor_root_of_square_times(n, d):
    expected = math.isqrt(n * n * d)
    assert bigint.floor_root_of_square_times(n, d) == expected
    with bigint.python_only():
        assert bigint.floor_root_of_square_times(n, d) == expected


@given(st.integers(-(10**6000), 10**6000))
@settings(max_examples=60)
def test_text_round_trip(n):
    with unlimited():
        text = str(n)
        assert bigint.format_int(n) == text
        assert bigint.parse(text) == n
        assert bigint.parse("+" + text.lstrip("-")) == abs(n)
        assert bigint.parse("  000" + text.lstrip("-") + "\n") == abs(n)


@pytest.mark.parametrize(
    "text", ["1" * 2000 + "x", "--" + "1" * 2000, "1" * 1000 + "-" + "1" * 1000, "", "+"]
)
def test_bad_text_is_refused_like_int(text):
    with unlimited(), pytest.raises(ValueError):
        bigint.parse(text)


def test_other_decimal_digits_are_read_as_int_reads_them():
    with unlimited():
        assert bigint.parse("\u0661" * 2000) == int("1" * 2000)


def test_backend_names():
    assert bigint.backend() == "gmpy2"
    with bigint.python_only():
        assert bigint.backend() == "python"
    assert bigint.backend() == "gmpy2"


@pytest.mark.parametrize(
    "game_id",
    [
        "wythoff",
        "wythoff-misere",
        "connell-k5",
        "fraenkel-a7",
        "larsson-blocking-m3-p4",
        "larsson-modulo-m3-p4-l0",
        "larsson-shifted-m2-p3-l1",
    ],
)
def test_huge_positions_answer_the_same_with_and_without_gmp(game_id):
    rng = random.Random(game_id)
    strategy = families.resolve_game(game_id).strategy()
    positions = [(rng.randrange(10**6000), rng.randrange(10**6000)) for _ in range(3)]
    for x, y in positions:
        fast = (strategy.is_p(x, y), strategy.winning_moves(x, y))
        with bigint.python_only():
            slow = (strategy.is_p(x, y), strategy.winning_moves(x, y))
        assert fast == slow
        for move in fast[1]:
            assert strategy.is_p(*move)
