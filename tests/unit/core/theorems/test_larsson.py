"""Larsson's p-complementary Beatty pair and the restrictions of m-Wythoff Nim
(wythoff.core.theorems.larsson)."""

from __future__ import annotations

from collections import Counter
from itertools import product
from math import gcd, isqrt

import pytest
from wythoff.core.games import solver
from wythoff.core.theorems import connell, fraenkel, larsson

from tests.helpers.data import reference_pairs

SMALL = list(product(range(1, 7), range(1, 7)))  # (m, p)


def a_exact(m: int, p: int, n: int) -> int:
    """MATH.md: ``a_n = (n(2 - mp) + isqrt(n^2 ((mp)^2 + 4))) // (2p)``."""
    t = m * p
    return (n * (2 - t) + isqrt(n * n * (t * t + 4))) // (2 * p)


def pairs(m: int, p: int, count: int) -> list[tuple[int, int]]:
    return [(larsson.a(m, p, n), larsson.b(m, p, n)) for n in range(count)]


class TestPaperTables:
    @pytest.mark.parametrize(("m", "name"), [(1, "larsson_m1_p3.csv"), (2, "larsson_m2_p3.csv")])
    def test_tables_1_and_2(self, m, name):
        table = reference_pairs(name, "a", "b")
        assert len(table) == 17
        assert pairs(m, 3, len(table)) == table


class TestClosedForm:
    @pytest.mark.parametrize(("m", "p"), SMALL)
    def test_exact_formula(self, m, p):
        for n in [*range(1000), 10**45 + 7, 5**150]:
            assert larsson.a(m, p, n) == a_exact(m, p, n)
            assert larsson.b(m, p, n) == a_exact(m, p, n) + m * n

    @pytest.mark.parametrize(("m", "p"), SMALL)
    def test_p_complementary(self, m, p):
        # every v >= 0 occurs exactly p times among a_n (n >= 0) and b_n (n >= 1)
        bound = 1500
        counts = Counter()
        n = 0
        while larsson.a(m, p, n) <= bound:
            counts[larsson.a(m, p, n)] += 1
            if n >= 1 and larsson.b(m, p, n) <= bound:
                counts[larsson.b(m, p, n)] += 1
            n += 1
        assert sorted(counts) == list(range(bound + 1))
        assert set(counts.values()) == {p}, (m, p)

    @pytest.mark.parametrize(("m", "p"), SMALL)
    def test_proposition_3_2(self, m, p):
        # for each 0 <= l < p, (a_{pi+l})_{i>=0} and (b_{pi-l})_{i>=1} are complementary
        bound = 1000
        for l in range(p):  # noqa: E741
            values = []
            i = 0
            while larsson.a(m, p, p * i + l) <= bound:
                values.append(larsson.a(m, p, p * i + l))
                i += 1
            i = 1
            while larsson.b(m, p, p * i - l) <= bound:
                values.append(larsson.b(m, p, p * i - l))
                i += 1
            assert sorted(values) == list(range(bound + 1)), (m, p, l)

    @pytest.mark.parametrize(("m", "p"), SMALL)
    def test_theorem_5_1(self, m, p):
        # phi_n = p b_n - n = (a_n + (mp - 1) b_n)/m is the greatest index with a = b_n - 1
        for n in range(1, 400):
            an, bn = larsson.a(m, p, n), larsson.b(m, p, n)
            phi_n = larsson.phi(m, p, n)
            assert phi_n == p * bn - n
            assert m * phi_n == an + (m * p - 1) * bn
            assert larsson.a(m, p, phi_n) == bn - 1, (m, p, n)
            assert larsson.a(m, p, phi_n + 1) > bn - 1, (m, p, n)

    @pytest.mark.parametrize(("m", "p"), list(product(range(1, 6), range(1, 6))))
    def test_proposition_5_2_recurrences(self, m, p):
        count = 500
        expected = pairs(m, p, count)
        assert larsson.recurrence_multiset(m, p, count) == expected
        assert larsson.recurrence_congruence(m, p, count) == expected
        assert larsson.recurrence_interleaved(m, p, count) == expected

    @pytest.mark.parametrize(("m", "p"), [(0, 1), (1, 0), (-1, 2)])
    def test_bad_parameters(self, m, p):
        with pytest.raises(ValueError):
            larsson.a(m, p, 3)

    @pytest.mark.parametrize(("m", "p"), [(True, 2), (2.0, 3), (2, 3.0)])
    def test_non_integers_refused_even_after_the_integer_case(self, m, p):
        # larsson.check refuses bools and floats; that must not depend on whether the
        # equal integer parameters (True == 1, 2.0 == 2) were used before.
        larsson.a(int(m), int(p), 3)
        with pytest.raises(ValueError):
            larsson.a(m, p, 3)


class TestIdentities:
    @pytest.mark.parametrize("m", range(1, 13))
    def test_p1_is_fraenkel(self, m):
        for n in range(2000):
            assert larsson.a(m, 1, n) == fraenkel.lower(m, n)
            assert larsson.b(m, 1, n) == fraenkel.upper(m, n)

    @pytest.mark.parametrize("k", range(1, 13))
    def test_m1_is_connell(self, k):
        for i in range(k):
            for n in range(300):
                assert connell.u(k, i, n) == larsson.a(1, k, k * n + i)

    @pytest.mark.parametrize(("m", "p"), SMALL)
    def test_scaling(self, m, p):
        # a^{(mp,1)}_n = a^{(m,p)}_{pn}
        for n in [*range(1000), 10**30 + 1]:
            assert larsson.a(m * p, 1, n) == larsson.a(m, p, p * n)


def solved_p_set(rules, size):
    board = solver.solve(rules, size)
    return set(solver.p_positions(board, symmetric=False))


def pair_set(m, p, size):
    """``{a_n, b_n}`` as unordered positions (both orders) inside the board."""
    found = set()
    for n in range(size * p + 1):
        x, y = larsson.a(m, p, n), larsson.b(m, p, n)
        if y < size:
            found |= {(x, y), (y, x)}
    return found


class TestGames:
    SIZE = 60

    @pytest.mark.parametrize(("m", "p"), list(product(range(1, 5), range(1, 5))))
    def test_blocking(self, m, p):
        assert solved_p_set(larsson.blocking_rules(m, p), self.SIZE) == pair_set(m, p, self.SIZE)

    @pytest.mark.parametrize(("m", "p"), list(product(range(1, 5), range(1, 5))))
    def test_modulo_solved_iff_coprime(self, m, p):
        found = solved_p_set(larsson.modulo_rules(m, p, 0), self.SIZE)
        assert (found == pair_set(m, p, self.SIZE)) == (gcd(m, p) == 1), (m, p)
        assert (larsson.modulo_pair(m, p, 0) is not None) == (gcd(m, p) == 1)

    @pytest.mark.parametrize(("m", "p"), [(1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (3, 2), (4, 2)])
    def test_modulo_l_equals_m(self, m, p):
        # mWN^(m, mp) has the solution {a_n, b_n} of the pair (m, p)
        rules = larsson.modulo_rules(m, m * p, m)
        assert solved_p_set(rules, self.SIZE) == pair_set(m, p, self.SIZE)
        assert larsson.modulo_pair(m, m * p, m) == (m, p)

    @pytest.mark.parametrize(
        ("m", "p", "l"),
        [(m, p, shift) for m in range(1, 4) for p in range(1, 4) for shift in range(p)],
    )
    def test_shifted(self, m, p, l):  # noqa: E741
        # (a_{ip+l}, b_{ip+l}) for i >= 0 and (b_{ip-l}, a_{ip-l}) for i >= 1: ordered pairs
        size = self.SIZE
        expected = set()
        for i in range(size):
            x, y = larsson.a(m, p, i * p + l), larsson.b(m, p, i * p + l)
            if y < size:
                expected.add((x, y))
            if i >= 1:
                x, y = larsson.b(m, p, i * p - l), larsson.a(m, p, i * p - l)
                if x < size:
                    expected.add((x, y))
        rules = larsson.shifted_rules(m, p, l)
        assert rules.rectangle == (m * (p - l), m * l)
        assert solved_p_set(rules, size) == expected
        strategy = larsson.shifted_strategy(m, p, l)
        listed = set(strategy.p_positions(size - 1))
        if rules.symmetric:
            listed |= {(y, x) for x, y in listed}
        assert listed == expected

    def test_bad_l(self):
        with pytest.raises(ValueError):
            larsson.modulo_rules(2, 3, 3)
        with pytest.raises(ValueError):
            larsson.shifted_rules(2, 3, -1)
