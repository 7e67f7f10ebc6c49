"""Which first index an answer reads the terms from when the user leaves it open,
and how the answer words it: the simplest form leads, the index used is said, a
ruled-out slope's term is told from the given one, fractions have no ``/1``."""

from __future__ import annotations

import re
from fractions import Fraction
from math import isqrt

from wythoff.cli.identify import as_json, as_text
from wythoff.core.beatty_fit import fit_beatty, simplest_fraction
from wythoff.identify import Beatty, Identification, RuledOut, simplicity, verdict
from wythoff.identify.candidates import settle

TERMS = [(n + isqrt(3 * n * n)) // 2 for n in range(1, 201)]  # floor(n(1 + sqrt 3)/2), n >= 1


def reading(first: int, ruled_out: tuple[RuledOut, ...] = ()) -> Beatty:
    fit = fit_beatty(TERMS, first)
    assert fit is not None
    settled = settle(None, TERMS, fit, [], [], None)  # type: ignore[arg-type]
    low, high = fit.alpha_low, fit.alpha_high
    return Beatty(fit, simplest_fraction(low, high), (), (), ruled_out, None, settled)


def test_the_reading_from_one_is_simpler_than_from_zero():
    zero, one = reading(0), reading(1)
    assert zero.candidates is not None and one.candidates is not None
    assert zero.candidates.listed[0].label == "floor(n*(1 + sqrt(3))/2 + 26/19)"
    assert one.candidates.listed[0].label == "floor(n*(1 + sqrt(3))/2)"
    assert simplicity(one) < simplicity(zero)
    assert (zero.fit.alpha_low, zero.fit.alpha_high) == (one.fit.alpha_low, one.fit.alpha_high)


def test_the_verdict_says_which_first_index_it_read():
    found = Identification(tuple(TERMS), (0, 1), beatty={1: reading(1), 0: reading(0)})
    said = verdict(found, None)
    assert said.startswith(
        "not determined by these terms, read with the first index 1 (of 0 and 1, the one "
        "with the simplest form; --offset sets it): floor(n*alpha + beta) for n = 1 .. 200 "
        "with alpha in (56/41, 97/71)"
    )
    given = Identification(tuple(TERMS), (1,), beatty={1: reading(1)})
    assert verdict(given, None).startswith("not determined by these terms: floor(n*alpha")


def test_a_ruled_out_slope_names_its_own_term_and_the_given_one():
    ruled = RuledOut("beatty-sqrt14-b", "(14 + sqrt(14))/13", 41, ours=56, theirs=55)
    found = Identification(tuple(TERMS), (1,), beatty={1: reading(1, (ruled,))})
    lines = as_text(found)
    assert (
        "  rules out beatty-sqrt14-b (alpha = (14 + sqrt(14))/13): its term at n = 41 is 55, "
        "the given term is 56" in lines
    )
    ruled_json = as_json(found)["beatty"]["ruled_out"][0]
    assert (ruled_json["n"], ruled_json["ours"], ruled_json["theirs"]) == (41, 56, 55)


def test_text_writes_integers_without_a_denominator_of_one_and_json_keeps_p_q():
    found = Identification(tuple(range(0, 30, 3)), (0,))
    fit = fit_beatty(list(range(0, 30, 3)), 0)  # floor(3n): alpha in (29/10, 3 + ...)
    assert fit is not None
    found.beatty[0] = Beatty(fit, Fraction(3), (), (), (), None, None)
    text = "\n".join(as_text(found))
    assert "simplest: 3" in text and not re.search(r"\b\d+/1\b", text)
    beatty = as_json(found)["beatty"]
    assert beatty["simplest_rational"] == "3/1"  # INTERFACE.md: exact fractions "p/q"
    assert all(re.fullmatch(r"-?\d+/\d+", end) for end in beatty["alpha"] + beatty["beta"])
