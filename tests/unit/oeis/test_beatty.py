"""Beatty definitions read from OEIS names: exact, and only where the name says so."""

from __future__ import annotations

import random
from fractions import Fraction
from math import isqrt

import pytest
from wythoff.core.quadratic import QuadraticNumber
from wythoff.oeis import beatty
from wythoff.oeis.index import OeisIndex

INDEX = OeisIndex.load()


def floors(definition, count, start=1):
    """floor(slope*n + intercept) by a Fraction bisection of the square root, no floats."""
    out = []
    for n in range(start, start + count):
        value = beatty._add(beatty._times(definition.slope, Fraction(n)), definition.intercept)
        out.append(_floor(value))
    return out


def _floor(x):
    if isinstance(x, Fraction):
        return x.numerator // x.denominator
    # (p + q sqrt d)/e: bracket sqrt(d) * q between integers of a fine scale
    scale = 10**30
    root = isqrt(x.q * x.q * x.d * scale * scale)
    low = Fraction(x.p * scale + (root if x.q > 0 else -root - 1), x.e * scale)
    high = low + Fraction(1, x.e * scale)
    assert low // 1 == high // 1, "too close to an integer for the test's scale"
    return low.numerator // low.denominator


@pytest.mark.parametrize(
    ("anumber", "text"),
    [
        ("A000201", "floor(n*phi)"),
        ("A001950", "floor(n*phi^2)"),
        ("A001951", "floor(n*sqrt(2))"),
        ("A003151", "floor(n*(1+sqrt(2)))"),
        ("A001954", "floor((n+1/2)*(2+sqrt(2)))"),
        ("A187395", "floor(r*n)"),
        ("A022841", "floor(n*(sqrt(7)))"),
        ("A054406", "floor(n*((3+sqrt 3)/2))"),
    ],
)
def test_shipped_definitions_give_the_listed_terms(anumber, text):
    found = beatty.definition(INDEX.name(anumber))
    assert found is not None and found.text == text
    listed = INDEX.terms(anumber)
    offset = INDEX.offset(anumber)
    assert floors(found, len(listed), offset) == listed


@pytest.mark.parametrize(
    "name",
    [
        "Wythoff AB-numbers: floor(floor(n*phi^2)*phi), where phi = (1+sqrt(5))/2.",
        "a(n) = Sum_{k>0} floor(n/8^k).",
        "Beatty sequence for 1 + 1/log(10).",
        "a(n) = floor((Pi-2)*n); complement of A186544.",
        "a(n) = 2*floor(n*sqrt(2)).",
        "a(n) = floor(n*sqrt(2)) + floor(n*sqrt(3)).",
        "a(n) = floor(n*x).",
        "a(n) = floor(n^2*sqrt(2)).",
    ],
)
def test_what_is_not_a_plain_beatty_definition_is_not_read(name):
    assert beatty.definition(name) is None


def test_every_shipped_definition_gives_the_listed_terms():
    read = 0
    for anumber in INDEX.anumbers():
        found = beatty.definition(INDEX.name(anumber))
        offset = INDEX.offset(anumber)
        if found is None or offset is None:
            continue
        listed = INDEX.terms(anumber)
        assert floors(found, len(listed), offset) == listed, anumber
        read += 1
    assert read >= 30


def test_random_definitions_are_read_exactly():
    rng = random.Random(35)
    for _ in range(200):
        d = rng.choice([2, 3, 5, 6, 7, 10, 11, 13])
        p, q, e = rng.randint(-5, 9), rng.randint(1, 4), rng.randint(1, 7)
        shift = Fraction(rng.randint(0, 5), rng.randint(1, 5))
        name = f"a(n) = floor((n + {shift})*({p} + {q}*sqrt({d}))/{e})."
        found = beatty.definition(name)
        alpha = QuadraticNumber(p, q, d, e)
        assert found is not None and beatty.same(found.slope, alpha), name
        expected = [_floor(beatty._times(alpha, Fraction(n) + shift)) for n in range(1, 40)]
        assert floors(found, 39) == expected, name


def test_a_proof_needs_the_same_slope_and_the_shift_of_the_indices():
    phi = QuadraticNumber(1, 1, 5, 2)
    name = INDEX.name("A000201")
    assert beatty.proof("A000201", name, (phi, Fraction(0)), 0) == (
        "A000201 is floor(n*phi) by definition, with phi = (1+sqrt(5))/2 in its name; "
        "ours is floor(n*((1 + sqrt(5))/2))"
    )
    assert beatty.proof("A000201", name, (phi, Fraction(0)), 1) is None
    assert beatty.proof("A000201", name, (phi, phi), 1) is not None  # a(n) = A000201(n+1)
    assert beatty.proof("A000201", name, (QuadraticNumber(1, 1, 5, 3), Fraction(0)), 0) is None


def test_the_complement_of_a_beatty_entry_is_read_through_the_entry_it_names():
    found = beatty.complement(INDEX.name("A184480"), INDEX.offset("A184480"), INDEX.name)
    assert found is not None and found.text.startswith("the complement of A001956, ")
    listed = INDEX.terms("A184480")
    assert floors(found, len(listed), INDEX.offset("A184480")) == listed
    # A184522 and A184523 name each other: neither defines a Beatty sequence
    assert beatty.complement(INDEX.name("A184522"), 1, INDEX.name) is None
