"""``wythoff identify`` on a small build: numbers someone brings, recognised as a
stored sequence, a Beatty sequence with its exact interval of slopes, or a game."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from math import floor, isqrt

import pytest
from wythoff.core.quadratic import QuadraticIrrational

from tests.helpers.commands import in_process, wythoff

SQRT3 = QuadraticIrrational(0, 3, 1)


def identify(build, *args: str, check: bool = True):
    return wythoff("identify", "--db", str(build.database), *args, check=check)


def inside(value: QuadraticIrrational, interval: list[str]) -> bool:
    low, high = (Fraction(end) for end in interval)
    return (
        value.compare_with(low.numerator, low.denominator)
        > 0
        > value.compare_with(high.numerator, high.denominator)
    )


def test_floor_n_sqrt3_is_recognised_and_matched(small_build):
    terms = [str(isqrt(3 * n * n)) for n in range(1, 41)]
    found = json.loads(identify(small_build, *terms, "--offset", "1", "--format", "json").stdout)
    assert {"id": "beatty-sqrt3-a", "shift": 1, "agrees": 40} in found["sequences"]
    assert inside(SQRT3, found["beatty"]["alpha"])
    assert found["beatty"]["irrationals"][0] == "sqrt(3)"
    assert "beatty-sqrt3-a" in found["beatty"]["holds"]
    text = identify(small_build, *terms, "--offset", "1").stdout
    assert "sqrt(3)" in text and "beatty-sqrt3-a" in text


def test_forty_terms_of_floor_n_sqrt3_determine_it(small_build):
    terms = [str(isqrt(3 * n * n)) for n in range(1, 41)]
    found = json.loads(identify(small_build, *terms, "--offset", "1", "--format", "json").stdout)
    assert found["beatty"]["determined"] == "beatty-sqrt3-a"
    assert found["verdict"].startswith("beatty-sqrt3-a, ") and ".," not in found["verdict"]


def test_twenty_terms_determine_nothing_and_say_which_index_would(small_build):
    """floor(n*(1 + sqrt(3))/2), n = 1 .. 20: the interval (4/3, 11/8) holds simpler and
    other slopes; each candidate's deciding index is where the exact floors of it and
    the last of the others to agree part."""
    terms = [(n + isqrt(3 * n * n)) // 2 for n in range(1, 21)]
    found = json.loads(
        identify(small_build, *map(str, terms), "--offset", "1", "--format", "json").stdout
    )
    beatty = found["beatty"]
    assert found["verdict"].startswith("not determined by these terms")
    assert beatty["determined"] is None and beatty["alpha"] == ["4/3", "11/8"]
    by_alpha = {c["alpha"]: c for c in beatty["candidates"]}
    assert by_alpha["(1 + sqrt(3))/2"]["beta"] == "0"
    horizon = beatty["horizon"]

    def floors(candidate):  # the quadratic candidates' and the rational's terms, exactly
        beta = Fraction(candidate["beta"])
        if "sqrt" not in candidate["alpha"]:
            return [floor(n * Fraction(candidate["alpha"]) + beta) for n in range(1, horizon + 1)]
        c, d, e = {"(1 + sqrt(3))/2": (1, 3, 2), "(4 + sqrt(2))/4": (4, 2, 4),
                   "(5 + sqrt(3))/5": (5, 3, 5)}[candidate["alpha"]]  # fmt: skip
        p, q = beta.numerator, beta.denominator
        return [
            (q * n * c + p * e + isqrt(q * q * n * n * d)) // (q * e) for n in range(1, horizon + 1)
        ]

    runs = {c["alpha"]: floors(c) for c in beatty["candidates"] if c["kind"] != "catalog"}
    assert all(run[:20] == terms for run in runs.values())
    for alpha, run in runs.items():
        parted = [next(n for n, (a, b) in enumerate(zip(run, other, strict=True), 1) if a != b)
                  for key, other in runs.items() if key != alpha]  # fmt: skip
        assert by_alpha[alpha]["deciding"] >= max(parted)
        assert by_alpha[alpha]["differs_at"] <= min(parted)
    assert by_alpha["(1 + sqrt(3))/2"]["deciding"] == 41  # from 15/11: 56 against 55
    text = identify(small_build, *map(str, terms), "--offset", "1").stdout
    assert "floor(n*(1 + sqrt(3))/2) (n = 41)" in text


def test_a_beatty_sequence_not_in_the_catalog_gets_its_interval(small_build):
    alpha = Fraction(314159, 100000)  # near pi: no catalog sequence has this slope
    terms = [floor(n * alpha) for n in range(1, 61)]
    found = json.loads(
        identify(small_build, *map(str, terms), "--offset", "1", "--format", "json").stdout
    )
    low, high = (Fraction(end) for end in found["beatty"]["alpha"])
    assert low < alpha < high
    assert found["sequences"] == [] and found["beatty"]["holds"] == []
    for ruled in found["beatty"]["ruled_out"]:  # each with a term that differs
        assert terms[ruled["n"] - 1] == ruled["ours"] != ruled["theirs"]


def test_the_rules_of_a_blocking_game_identify_it(small_build, tmp_path):
    rules = tmp_path / "mine.toml"
    rules.write_text("bishop = 2\nblocking = 3\n")
    found = json.loads(
        identify(small_build, "--rules", str(rules), "--max", "60", "--format", "json").stdout
    )
    assert {"id": "larsson-blocking-m2-p3", "bound": 60} in found["games"]


def test_pairs_from_ppositions_identify_their_game(small_build):
    pairs = wythoff("ppositions", "wythoff", "--max", "50").stdout
    found = json.loads(
        wythoff(
            "identify", "--db", str(small_build.database), "--pairs", "-", "--format", "json",
            input=pairs,
        ).stdout
    )  # fmt: skip
    bound = max(int(line.split()[1]) for line in pairs.splitlines())  # 49: its largest y
    assert {"id": "wythoff", "bound": bound} in found["games"]
    # the catalog's other names of Wythoff's game are there too: Larsson's question
    assert {"id": "fraenkel-a1", "bound": bound} in found["games"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("1", "2", "x"), "not an integer"),
        (("1", "2"), "at least 3 terms"),
        (("--pairs", "1 2 3"), "not a pair"),
        (("--rules", "/nonexistent.toml"), "No such file"),
    ],
)
def test_malformed_input_is_one_line_and_status_2(small_build, args, said):
    done = identify(small_build, *args, check=False)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and said in done.stderr


def test_a_game_of_ones_own_answers_a_position_like_its_twin(tmp_path):
    rules = tmp_path / "mine.toml"
    rules.write_text("bishop = 2\nblocking = 3\n")
    for x, y in [(0, 0), (1, 9), (4, 7), (12, 30)]:  # in this process: the answers
        mine = json.loads(
            in_process("position", "--rules", str(rules), str(x), str(y), "--json").stdout
        )
        game = json.loads(
            in_process("position", "larsson-blocking-m2-p3", str(x), str(y), "--json").stdout
        )
        assert mine["status"] == game["status"], (x, y)
    done = wythoff("position", "--rules", str(rules), "wythoff", "3", "5", check=False)
    assert done.returncode == 2 and done.stderr.count("\n") == 1


def test_the_answer_leads_with_a_verdict_and_the_reading_of_the_data_s_own_start(small_build):
    terms = [str((n + isqrt(5 * n * n)) // 2) for n in range(1, 21)]  # floor(n phi), n >= 1
    lines = identify(small_build, *terms).stdout.splitlines()
    assert lines[1].startswith("verdict: wythoff-a, Lower Wythoff sequence")
    assert "(A000201" in lines[1] and lines[1].endswith("from n = 1")
    readings = [line for line in lines if line.startswith("Beatty:")]
    assert "for n >= 1" in readings[0] and "for n >= 0" in readings[1]  # a(1).. read n >= 1 first
    found = json.loads(identify(small_build, *terms, "--format", "json").stdout)
    assert found["verdict"] == lines[1].removeprefix("verdict: ")
    nothing = identify(small_build, "5", "9", "100", "7").stdout.splitlines()
    assert nothing[1].startswith("verdict: not identified")


def test_without_a_first_index_the_simplest_form_leads_and_says_which_index(small_build):
    """floor(n*(1 + sqrt(3))/2), n = 1 .. 200: read from 0 its simplest form would be
    floor(n*(1 + sqrt(3))/2 + 26/19); the verdict reads it from 1 and says so."""
    terms = [(n + isqrt(3 * n * n)) // 2 for n in range(1, 201)]
    lines = identify(small_build, *map(str, terms)).stdout.splitlines()
    verdict = lines[1]
    assert verdict.startswith(
        "verdict: not determined by these terms, read with the first index 1 (of 0 and 1, "
        "the one with the simplest form; --offset sets it): floor(n*alpha + beta) for n = 1 .. 200"
    )
    listed = verdict.split("from the others): ")[1]
    assert listed.startswith("floor(n*(1 + sqrt(3))/2) (n = ")
    assert "26/19" not in verdict
    readings = [line for line in lines if line.startswith("Beatty:")]
    assert "for n >= 1" in readings[0] and "for n >= 0" in readings[1]
    found = json.loads(identify(small_build, *map(str, terms), "--format", "json").stdout)
    assert found["beatty"]["offset"] == 1 and found["verdict"] == verdict.removeprefix("verdict: ")
    assert all("/" in end for end in found["beatty"]["alpha"] + found["beatty"]["beta"])  # "p/q"
    given = identify(small_build, *map(str, terms), "--offset", "0").stdout.splitlines()
    assert given[1].startswith("verdict: not determined by these terms: floor(n*alpha + beta)")
    assert "for n = 0 .. 199" in given[1]


def test_a_ruled_out_slope_names_its_own_term_and_the_given_one(small_build):
    """Each slope the terms of floor(n*(1 + sqrt(3))/2) rule out is named with its own
    term where it first differs, as ``wythoff terms`` gives it, and the given term."""
    terms = [(n + isqrt(3 * n * n)) // 2 for n in range(1, 201)]
    lines = identify(small_build, *map(str, terms), "--offset", "1").stdout.splitlines()
    said = re.compile(
        r"  rules out (\S+) \(alpha = .+\): its term at n = (\d+) is (\d+), "
        r"the given term is (\d+)"
    )
    ruled = [m for line in lines if (m := said.fullmatch(line))]
    assert ruled and len(ruled) == sum("rules out" in line for line in lines)
    for found in ruled:
        sequence, n, theirs, ours = found[1], int(found[2]), int(found[3]), int(found[4])
        row = in_process("terms", sequence, "--start", str(n), "--count", "1").stdout.strip()
        assert row == f"{n} {theirs}" and ours == terms[n - 1] != theirs


def test_fractions_are_written_in_lowest_terms_without_a_denominator_of_one(small_build):
    terms = [(n + isqrt(3 * n * n)) // 2 for n in range(1, 201)]
    text = identify(small_build, *map(str, terms)).stdout
    assert not re.search(r"\b\d+/1\b", text)
    assert "beta in [0, 1/26]" in text  # the complement, read from 0: once "[0/1, 1/26]"
