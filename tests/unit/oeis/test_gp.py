"""OEIS entries extended by their own PARI programs: each shape of program driven
to a known number of terms, checked against the entry's listing, and run safely."""

from __future__ import annotations

import shutil
from math import isqrt
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wythoff.oeis import gp
from wythoff.oeis.index import OeisIndex
from wythoff.oeis.seqfiles import SeqFiles

needs_gp = pytest.mark.skipif(shutil.which("gp") is None, reason="PARI/GP is not installed")

INDEX = OeisIndex.load()
LIBRARY = SeqFiles()


def extended(anumber: str, count: int, bound: int = 0) -> gp.Extension:
    offset = LIBRARY.offset(anumber)
    assert offset is not None
    programs = LIBRARY.pari_programs(anumber)
    return gp.extend(programs, INDEX.terms(anumber), offset, count, bound)


@needs_gp
def test_a_term_function_gives_the_multiples_of_7():
    found = extended("A008589", 500)
    assert found.failure is None and found.source == gp.PROGRAM
    assert found.terms == tuple(7 * n for n in range(500))


@needs_gp
def test_a_membership_test_gives_the_non_multiples_of_9_up_to_its_bound():
    found = extended("A168183", 0, bound=1000)  # is(n)=!!(n%9), offset 1
    assert found.terms == tuple(n for n in range(1, 1001) if n % 9)


@needs_gp
def test_a_loop_that_prints_is_raised_to_the_terms_wanted():
    found = extended("A003151", 300)  # for(n=1,50, print1(floor(n*(1 + sqrt(2))), ", "))
    assert found.failure is None
    assert found.terms[:300] == tuple(n + isqrt(2 * n * n) for n in range(1, 301))


@needs_gp
def test_a_power_series_is_taken_to_more_terms_than_it_lists():
    found = extended("A015451", 100)  # Vec((1-5*x)/(1-6*x-x^2)) at O(x^30)
    terms = [1, 1]
    while len(terms) < 100:
        terms.append(6 * terms[-1] + terms[-2])
    assert found.terms[:100] == tuple(terms)


@needs_gp
def test_a_program_that_writes_files_is_not_run():
    found = extended("A059549", 100)  # write("b059549.txt", ...)
    assert found.failure is not None and "write" in found.failure
    assert found.terms == ()


@needs_gp
def test_a_program_that_contradicts_the_listing_is_a_failure():
    found = extended("A181390", 100)  # a(n)=if(n>1,8*n-8,1) against 1, 0, 8, 16, ...
    assert found.failure == (
        "its output does not reproduce the listed terms: it gives 8 for a(2), the entry lists 0"
    )


@needs_gp
def test_an_error_of_gp_is_reported_in_its_words():
    found = gp.extend(["a(n)=1/(n-3)"], [-1, -1, -1], 0, 10, 0)
    assert found.failure is not None and found.failure.startswith("gp:")
    assert "division" in found.failure or "impossible" in found.failure


@needs_gp
def test_a_program_past_its_time_limit_is_stopped():
    slow = gp.extend(["a(n)=while(1,);n"], [0, 1, 2], 0, 10, 0, gp.Limits(seconds=1))
    assert slow.failure == "stopped after 1 s"


@needs_gp
def test_secure_mode_refuses_system_even_when_hidden_from_the_filter(tmp_path):
    sneaky = 'a(n)=eval(Str("sys", "tem(\\"touch ' + str(tmp_path / "x") + '\\")")); n'
    found = gp.extend([sneaky], [0, 1, 2, 3, 4, 5, 6, 7, 8], 0, 10, 0)
    assert found.failure is not None
    assert not Path(tmp_path / "x").exists()


def test_no_program_no_extension():
    assert gp.extend([], [1, 2, 3], 0, 10, 0).failure == "the entry has no PARI program"


def test_an_unknown_shape_is_said_so():
    found = gp.extend(["f(n)=n^2"], [0, 1, 4], 0, 10, 0)
    assert found.failure is not None and "no a(n), is(n)" in found.failure


@given(
    st.lists(st.integers(-50, 50), min_size=8, max_size=40),
    st.integers(0, gp.MAX_ALIGNMENT),
    st.integers(0, 10),
)
def test_alignment_recovers_the_terms_a_series_drops(terms, dropped, extra):
    listed = terms[: len(terms) - extra] if extra < len(terms) - 8 else terms
    produced = terms[dropped:]
    aligned = gp.align(produced, listed)
    assert aligned is not None
    # whatever alignment wins, it agrees with every listed term it covers
    assert list(aligned[: len(listed)]) == listed[: len(aligned)]
