"""The words of ``crossrefs.kind`` and ``sequences.picture``: every relation of the
families has one, a word outside the vocabulary is refused, and the columns'
descriptions (``schema_columns``) list them."""

from __future__ import annotations

import pytest
from wythoff import families
from wythoff.db import schema, vocabulary
from wythoff.db.evidence import Evidence
from wythoff.db.rows import Crossref, Picture

from tests.helpers.data import SMALL_RANGES, narrowed


def test_every_relation_of_the_families_has_a_kind():
    catalog = families.build(narrowed(SMALL_RANGES, 2))
    terms = {
        # 300 terms; a row's preperiod and period: its first rows (each needs a proof)
        sequence_id: record.terms(record.offset, 300 if record.growth != vocabulary.ROWS else 24)
        for sequence_id, record in catalog.sequences.items()
    }
    rows = [row for relation in families.relations(catalog, terms) for row in relation.rows]
    kinds = {row.kind for row in rows}
    assert kinds <= set(vocabulary.CROSSREF_KINDS)
    # the relations the families state are all but the comparisons with OEIS
    assert kinds == set(vocabulary.CROSSREF_KINDS) - {vocabulary.MATCH, vocabulary.NEAR_MISS}
    by_link = {(row.sequence_id, row.fields.target): row.kind for row in rows}
    assert by_link["wythoff-a", "wythoff-b"] == vocabulary.COMPLEMENTARY
    assert by_link["connell-k1-u0", "wythoff-a"] == vocabulary.EQUAL


def test_a_word_outside_the_vocabulary_is_refused():
    with pytest.raises(ValueError, match="kind of cross-reference"):
        Crossref("wythoff-a", "complement", Evidence("proven", "wythoff-b"), None, 10)
    with pytest.raises(ValueError, match="kind of picture"):
        Picture("histogram")


def test_the_columns_descriptions_list_every_word():
    """What schema_columns (and the site's SQL page) says of the columns of words."""
    kinds = schema.column("crossrefs", "kind").description
    pictures = schema.column("sequences", "picture").description
    for kind in vocabulary.CROSSREF_KINDS:
        assert kind in kinds, kind
    for kind in vocabulary.PICTURE_KINDS:
        assert kind in pictures, kind


def strategy_kinds(described: dict) -> set[str]:
    """The kinds of a strategy as data and of the strategies inside it (a misère
    game's normal play, a game of choice's variants)."""
    inner = [described["pair"]] if "pair" in described else []
    inner += [variant["strategy"] for variant in described.get("variants", [])]
    return {described["kind"]}.union(*(strategy_kinds(data) for data in inner))


def test_every_formula_of_the_catalog_is_of_a_kind_of_the_vocabulary():
    """The mathematics spells the kinds (it imports nothing of the package): each one it
    writes into ``games.strategy`` is a word of the vocabulary, and each word is used."""
    catalog = families.build(narrowed(SMALL_RANGES, 2))
    solved = [record for record in catalog.games.values() if record.solved]
    kinds = set().union(*(strategy_kinds(record.formula().describe()) for record in solved))
    assert kinds == set(vocabulary.STRATEGY_KINDS)
