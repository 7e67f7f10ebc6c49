"""The rows of the Sprague–Grundy function of Wythoff's game as catalog sequences:
against the definition (the mex over the moves), against OEIS's rows A004482-A004487,
and their checks (additive periodicity; the tersums of rows 1 and 2)."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from wythoff import families
from wythoff.core.theorems.wythoff import tersum
from wythoff.families import FAMILIES
from wythoff.families.wythoff_grundy import diagonal_checks
from wythoff.oeis.index import OeisIndex

from tests.helpers.data import naive_grundy

OEIS_ROWS = {1: "A004482", 2: "A004483", 3: "A004484", 4: "A004485", 5: "A004486", 6: "A004487"}


NAIVE_SIDE = 120


@functools.cache
def naive_wythoff() -> np.ndarray:
    """Wythoff's G on a board of ``NAIVE_SIDE`` by the definition, computed once for the
    module: a smaller board's table is its corner (a cell's options are below and left
    of it)."""
    return naive_grundy(families.resolve_game("wythoff").rules, NAIVE_SIDE)


def row_terms(row: int, count: int) -> np.ndarray:
    return families.resolve_sequence(f"wythoff-grundy-row{row}").terms(0, count)


def test_every_row_is_the_definitions():
    naive = naive_wythoff()[:80, :80]
    for row in range(9):
        assert row_terms(row, 80).tolist() == naive[row].tolist(), row


@pytest.mark.parametrize(("row", "anumber"), OEIS_ROWS.items())
def test_rows_1_to_6_are_oeis_s(row, anumber):
    listed = OeisIndex.load(None, None).terms(anumber)  # the entry's terms, as OEIS lists them
    assert row_terms(row, len(listed)).tolist() == list(listed)


def test_the_diagonal_is_the_definitions_and_oeis_s():
    diagonal = families.resolve_sequence("wythoff-grundy-diagonal")
    naive = naive_wythoff()[:60, :60]
    assert diagonal.terms(0, 60).tolist() == np.diagonal(naive).tolist()
    listed = OeisIndex.load(None, None).terms("A047708")
    assert diagonal.terms(0, len(listed)).tolist() == list(listed)
    assert diagonal.growth == "table" and diagonal.terms(50, 3).tolist() == listed[50:53]


def test_the_build_stores_grundy_size_terms_of_the_diagonal():
    from wythoff import config as configuration

    config = configuration.load()
    assert config.terms_of("table") == min(config.terms, config.grundy_size) == 1024


def test_the_default_build_holds_rows_1_to_6():
    built = families.build()
    rows = [s for s in built.sequences.values() if dict(s.params).get("row") is not None]
    assert [s.id for s in rows] == [f"wythoff-grundy-row{r}" for r in range(1, 7)]
    assert all(s.family == "wythoff" and s.game is None for s in rows)


def test_tersum_is_base_3_addition_without_carries():
    assert tersum(5, 8) == 1  # "21" + "22" = "10" (A004482's example)
    assert [tersum(n, 1) for n in range(7)] == [1, 2, 0, 4, 5, 3, 7]


class TestChecks:
    family = FAMILIES["wythoff"]

    def checks(self, row: int, values) -> dict[str, object]:
        found = self.family.checks({f"wythoff-grundy-row{row}": values}, row=row)
        return {c.check.split(" (")[0].split(":")[0]: c for c in found}

    def test_rows_pass_on_their_terms(self):
        for row in (1, 2, 5):
            found = self.checks(row, row_terms(row, 2000))
            assert all(c.passed for c in found.values()), found
        assert "a(n) = n tersum 1" in self.checks(1, row_terms(1, 100))

    def test_a_broken_term_fails_them(self):
        values = row_terms(2, 300).copy()
        values[299] += 1  # the last period broken
        found = self.checks(2, values)
        assert not found["a(n) = n tersum 2"].passed
        assert "n = 299" in found["a(n) = n tersum 2"].detail
        flat = np.zeros(300, dtype=np.int64)  # no period with increment = period
        assert not self.checks(3, flat)["additively periodic, a(n + p) = a(n) + p"].passed


class TestDiagonalChecks:
    def checks(self, values):
        found = diagonal_checks(np.array(values, dtype=np.int64))
        return {c.check.split(" (")[0]: c for c in found}

    def test_they_pass_on_the_diagonal(self):
        terms = families.resolve_sequence("wythoff-grundy-diagonal").terms(0, 400)
        assert all(c.passed for c in self.checks(terms).values())

    def test_each_fails_on_a_planted_term(self):
        terms = families.resolve_sequence("wythoff-grundy-diagonal").terms(0, 400).tolist()
        too_big = [*terms[:10], 100, *terms[11:]]  # G(10, 10) = 100 > 20
        assert not self.checks(too_big)["n/2 <= G(n, n) <= 2n"].passed
        twice = [*terms[:5], terms[4], *terms[6:]]  # 8 at n = 5 too
        assert "n = 4 and n = 5" in self.checks(twice)["no value twice"].detail
        missing = [v if v != 3 else 10**6 for v in terms]  # 3 never appears
        assert (
            "3 does not"
            in self.checks(missing)["every value g appears among the first 2g + 1 terms"].detail
        )


def test_a_row_beyond_this_machine_is_one_line():
    with pytest.raises(ValueError, match="exceed|MiB"):
        row_terms(3, 10**10)


class TestValuePositions:
    """The positions (a(n), b(n)), a(n) <= b(n), of one value, by the smaller pile."""

    @staticmethod
    def naive_pairs(value: int, side: int) -> list[tuple[int, int]]:
        """Every position of ``value`` with a <= b on the naive table, by a; the pairs
        whose rows could hold ``value`` beyond the table are cut off."""
        naive = naive_wythoff()[:side, :side]
        pairs = sorted((x, y) for x in range(side) for y in range(x, side) if naive[x, y] == value)
        return [(x, y) for x, y in pairs if x < side // 3]

    @pytest.mark.parametrize("value", [0, 1, 2, 5])
    def test_they_are_the_definitions(self, value):
        pairs = self.naive_pairs(value, 120)
        lower, upper = (
            families.resolve_sequence(f"wythoff-grundy-value{value}-{c}").listed(0, len(pairs))
            for c in "ab"
        )
        assert list(zip(lower, upper, strict=True)) == pairs

    def test_value_0_gives_wythoffs_pairs(self):
        for c in "ab":
            value0 = families.resolve_sequence(f"wythoff-grundy-value0-{c}").listed(0, 500)
            assert value0 == families.resolve_sequence(f"wythoff-{c}").listed(0, 500)

    def test_a_late_window_is_the_same_as_from_the_start(self):
        pairs = families.resolve_sequence("wythoff-grundy-value1-b")
        assert pairs.listed(300, 5) == pairs.listed(0, 305)[300:]

    def test_the_default_build_holds_value_1(self):
        built = families.build().sequences
        ids = [s for s in built if "-grundy-value" in s]
        assert ids == ["wythoff-grundy-value1-a", "wythoff-grundy-value1-b"]
        assert all(built[s].growth == "table" and built[s].game is None for s in ids)

    def test_checks_pass_and_fail_where_planted(self):
        family = FAMILIES["wythoff"]
        lower, upper = (
            families.resolve_sequence(f"wythoff-grundy-value1-{c}").terms(0, 300) for c in "ab"
        )

        def failed(b):
            terms = {"wythoff-grundy-value1-a": lower, "wythoff-grundy-value1-b": b}
            found = family.checks(terms, value=1)
            return {c.check.split(":")[0]: c.detail for c in found if not c.passed}

        assert failed(upper) == {}
        same_column = upper.copy()
        same_column[7] = upper[3]  # two positions of value 1 in one column
        assert "n = 3 and n = 7" in failed(same_column)["b(n) distinct"]
        same_diagonal = upper.copy()
        same_diagonal[2] = lower[2] + (upper[1] - lower[1])  # on the diagonal of n = 1
        assert "n = 1 and n = 2" in failed(same_diagonal)["b(n) - a(n) distinct"]
