"""The Beatty pairs of square roots: exact terms, Beatty's theorem on the data,
their OEIS entries, and the family in a real build."""

from __future__ import annotations

from math import isqrt

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from wythoff import families
from wythoff.core import properties
from wythoff.families import FAMILIES
from wythoff.oeis.index import OeisIndex

from tests.helpers.oracles.beatty_sqrt import expected

NON_SQUARES = [d for d in range(2, 31) if isqrt(d) ** 2 != d]


def lower(d: int, n: int) -> int:
    return expected(f"beatty-sqrt{d}-a", n)


def upper(d: int, n: int) -> int:
    return expected(f"beatty-sqrt{d}-b", n)


def terms(sequence_id: str, start: int, count: int) -> list[int]:
    return [int(v) for v in families.resolve_sequence(sequence_id).terms(start, count)]


@pytest.mark.parametrize("d", NON_SQUARES)
def test_terms_are_the_integer_square_root_formulas(d):
    assert terms(f"beatty-sqrt{d}-a", 1, 2000) == [lower(d, n) for n in range(1, 2001)]
    assert terms(f"beatty-sqrt{d}-b", 1, 2000) == [upper(d, n) for n in range(1, 2001)]


@given(st.sampled_from(NON_SQUARES), st.integers(1, 10**60))
def test_terms_are_exact_far_out(d, n):
    assert terms(f"beatty-sqrt{d}-a", n, 2) == [lower(d, n), lower(d, n + 1)]
    assert terms(f"beatty-sqrt{d}-b", n, 2) == [upper(d, n), upper(d, n + 1)]


@pytest.mark.parametrize("d", NON_SQUARES)
def test_the_pair_partitions_the_positive_integers(d):
    a = np.array(terms(f"beatty-sqrt{d}-a", 1, 5000))
    b = np.array(terms(f"beatty-sqrt{d}-b", 1, 5000))
    assert properties.complementary(a, b, int(min(a[-1], b[-1]))) is None
    # and the check is able to fail: a pair with one term moved is not complementary
    assert properties.complementary(a, b + (np.arange(len(b)) == 7), int(a[-1])) is not None


def test_square_d_and_small_d_are_refused():
    for sequence_id in ("beatty-sqrt4-a", "beatty-sqrt9-b", "beatty-sqrt1-a", "beatty-sqrt0-b"):
        with pytest.raises(families.CatalogError, match="beatty-sqrt"):
            families.resolve_sequence(sequence_id)


def test_defaults_hold_every_non_square_from_2_to_30():
    built = families.build()
    ids = {sid for sid, s in built.sequences.items() if s.family == "beatty-sqrt"}
    assert ids == {f"beatty-sqrt{d}-{k}" for d in NON_SQUARES for k in "ab"}
    assert FAMILIES["beatty-sqrt"].default_ranges == {"d": (2, 30)}


def test_oeis_entries_for_d_2():
    index = OeisIndex.load()
    # A001951 = floor(n sqrt 2) and A001952 = floor(n (2 + sqrt 2)), both from n = 0 and n = 1
    a001951, a001952 = index.terms("A001951"), index.terms("A001952")
    assert terms("beatty-sqrt2-a", 1, len(a001951) - 1) == a001951[1:]
    assert terms("beatty-sqrt2-b", 1, len(a001952)) == a001952
    found = {m.anumber for m in index.matches(terms("beatty-sqrt2-a", 1, 200))}
    assert "A001951" in found


def test_relations_record_beatty_theorem_both_ways():
    built = families.build({"beatty-sqrt": {"d": (2, 3)}})
    values = {sid: record.terms(record.offset, 3000) for sid, record in built.sequences.items()}
    found = families.relations(built, values)
    rows = {(row.sequence_id, row.fields.target) for rel in found for row in rel.rows}
    assert {("beatty-sqrt2-a", "beatty-sqrt2-b"), ("beatty-sqrt3-b", "beatty-sqrt3-a")} <= rows
    assert all(rel.check.passed for rel in found)


def test_family_page_places_the_pairs_among_the_games():
    page = FAMILIES["beatty-sqrt"].family.page
    for words in ("Fraenkel", "Larsson", "Wythoff", "integer", "A001951", "A022838"):
        assert words in page
