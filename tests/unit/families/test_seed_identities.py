"""Identities the papers state between families, on the engine's terms: Connell's
class i = 0 is Fraenkel's a-Wythoff pair with a = k, and Connell's closing remark
u(0, v(0, n)) = u(0, n) + v(0, n) holds (and its check notices when it does not)."""

from __future__ import annotations

import numpy as np
import pytest
from wythoff import families
from wythoff.core import numeration
from wythoff.families import FAMILIES
from wythoff.families import fraenkel as fraenkel_family

COUNT = 3000


def terms(sequence_id: str) -> np.ndarray:
    record = families.resolve_sequence(sequence_id)
    return record.terms(record.offset, COUNT)


@pytest.mark.parametrize("k", range(1, 8))
def test_connell_class_zero_is_fraenkels_pair(k):
    assert terms(f"connell-k{k}-u0").tolist() == terms(f"fraenkel-a{k}-a").tolist()
    assert terms(f"connell-k{k}-v0").tolist() == terms(f"fraenkel-a{k}-b").tolist()


def closing_remark(k: int, u: np.ndarray, v: np.ndarray):
    built = {f"connell-k{k}-u{i}": terms(f"connell-k{k}-u{i}") for i in range(k)}
    built |= {f"connell-k{k}-v{i}": terms(f"connell-k{k}-v{i}") for i in range(k)}
    built |= {f"connell-k{k}-u0": u, f"connell-k{k}-v0": v}
    checks = FAMILIES["connell"].checks(built, k=k)
    return next(c for c in checks if "closing remark" in c.check)


@pytest.mark.parametrize("k", range(1, 6))
def test_connells_closing_remark_holds_on_the_data(k):
    u, v = terms(f"connell-k{k}-u0"), terms(f"connell-k{k}-v0")
    found = closing_remark(k, u, v)
    assert found.passed, found.detail
    last = int(found.up_to.split()[-1])
    assert int(v[last]) < COUNT  # every n with v(0, n) stored was checked
    if k == 1:  # Wythoff's A(B_n) = A_n + B_n, by hand: A(2) = 3 = A(1) + B(1)
        assert int(u[int(v[1])]) == int(u[1]) + int(v[1]) == 3


def test_the_closing_remark_check_notices_a_wrong_term():
    u, v = terms("connell-k2-u0").copy(), terms("connell-k2-v0")
    u[int(v[5])] += 1
    found = closing_remark(2, u, v)
    assert not found.passed and "n = 5" in found.detail


# A014417, "representation of n in base of Fibonacci numbers (the Zeckendorf
# representation of n)", its data line from n = 1 (OEIS, CC BY-SA 4.0)
A014417 = [1, 10, 100, 101, 1000, 1001, 1010, 10000, 10001, 10010, 10100, 10101, 100000]


def test_zeckendorf_reference_is_a014417():
    assert [int("".join(map(str, fraenkel_family.zeckendorf(n)))) for n in range(1, 14)] == A014417


def zeckendorf_check(rows_p):
    values = {i: terms(f"fraenkel-a1-{i}") for i in "ab"}
    built = {"fraenkel-a1-a": values["a"], "fraenkel-a1-b": values["b"]}
    rows_q = [numeration.q_digits(n, 1) for n in range(1, len(rows_p) + 1)]
    checks = fraenkel_family.numeration_checks(1, rows_p, rows_q, built)
    return next(c for c in checks if "Zeckendorf" in c.check)


def test_the_p_system_of_a_1_is_zeckendorfs():
    rows_p = [numeration.p_digits(n, 1) for n in range(1, 5001)]
    found = zeckendorf_check(rows_p)
    assert found.passed and found.up_to == "N <= 5000"
    rows_p[99] = [1, 1] + rows_p[99][2:]  # R_p(100) with two consecutive 1s
    assert "R_p(100)" in zeckendorf_check(rows_p).detail


def test_misere_wythoff_sequences_are_the_solvers_p_positions():
    """The misère sequences pair up into exactly the P-positions (x <= y) the
    brute-force solver finds for Wythoff's game in misère play."""
    from wythoff.core.games import solver

    game = families.resolve_game("wythoff-misere")
    assert game.sequences == ("wythoff-misere-a", "wythoff-misere-b")
    size = 300
    found = sorted(solver.p_positions(solver.solve(game.rules, size), symmetric=True))
    a, b = terms("wythoff-misere-a"), terms("wythoff-misere-b")
    pairs = [(int(x), int(y)) for x, y in zip(a, b, strict=True) if y < size]
    assert pairs == found and pairs[:3] == [(0, 1), (2, 2), (3, 5)]


@pytest.mark.parametrize("size", [60, 200])
def test_wythoff_without_the_origin_is_misere_wythoff(size):
    """Larsson's Remark 5 (after Fraenkel 1984): a shifted game, here 1-Wythoff Nim
    with the corner (0, 0) removed, is misère Wythoff: the same P-positions on every
    square both boards have (brute force on both)."""
    from wythoff.core.games import solver
    from wythoff.core.games.rules import Rules

    removed = solver.p_positions(solver.solve(Rules(bishop=1, rectangle=(1, 1)), size), True)
    misere = solver.p_positions(solver.solve(Rules(bishop=1, misere=True), size), True)
    assert sorted(removed) == sorted(p for p in misere if p != (0, 0))
    assert sorted(removed)[:2] == [(0, 1), (2, 2)]


def property_checks(a, rows_p, rows_q):
    built = {f"fraenkel-a{a}-{i}": terms(f"fraenkel-a{a}-{i}") for i in "ab"}
    checks = fraenkel_family.numeration_checks(a, rows_p, rows_q, built)
    return {c.check.split(":")[0]: c for c in checks if c.check.startswith("Property")}


def test_fraenkels_properties_hold_on_the_digits_and_a_planted_digit_breaks_them():
    a, count = 2, 3000
    rows_p = [numeration.p_digits(n, a) for n in range(1, count + 1)]
    rows_q = [numeration.q_digits(n, a) for n in range(1, count + 1)]
    assert all(c.passed for c in property_checks(a, rows_p, rows_q).values())
    upper_1 = int(terms(f"fraenkel-a{a}-b")[1])  # R_p(B_1) no longer R_p(A_1) shifted
    rows_p[upper_1 - 1] = [*rows_p[upper_1 - 1], 0]
    broken = property_checks(a, rows_p, rows_q)
    assert not broken["Property 2"].passed and "n = 1" in broken["Property 2"].detail
    assert not broken["Property 1"].passed  # one zero more: an even count at B_1
    rows_q[4] = [*rows_q[4][:-1], 1 - rows_q[4][-1]]  # R_q(5) altered
    assert not property_checks(a, rows_p, rows_q)["Property 3"].passed
