"""Entries in OEIS's internal format: the layout of the terms and the offsets as in
OEIS's own entries, and the keywords from OEIS's list (``wythoff oeis`` itself:
``tests/cli/test_oeis.py``)."""

from __future__ import annotations

import dataclasses

import pytest
from wythoff import families
from wythoff.db import vocabulary
from wythoff.families import keywords
from wythoff.oeis.entry import DATA_WIDTH, SequenceFacts, data_lines, offsets, sequence_entry

from tests.helpers.data import SMALL_RANGES, narrowed
from tests.helpers.oeis_format import ENTRIES, listed_terms, parse


def test_the_reference_holds_the_entries():
    assert len(ENTRIES) > 100
    assert ENTRIES["A000201"]["O"] == "1,2"


@pytest.mark.parametrize("anumber", sorted(ENTRIES))
def test_terms_are_laid_out_as_oeis_does(anumber):
    entry = ENTRIES[anumber]
    ours = data_lines(listed_terms(entry))
    theirs = [entry[tag] for tag in "STU" if tag in entry]
    # %S and %T exactly; OEIS's newer %U lines run longer than three classic lines
    assert ours[:2] == theirs[:2]
    if len(theirs) == 3:
        assert (theirs[2] + ",").startswith(ours[2] + ",")
    assert all(len(line) <= DATA_WIDTH for line in ours)


@pytest.mark.parametrize("anumber", sorted(ENTRIES))
def test_offsets_are_written_as_oeis_does(anumber):
    entry = ENTRIES[anumber]
    first = int(entry["O"].split(",")[0])
    assert offsets(first, listed_terms(entry)) == entry["O"]


def test_offsets_without_a_large_term():
    assert offsets(1, [0, 1, -1, 1]) == "1,1"
    assert offsets(0, [0, 0, -2]) == "0,3"


def test_a_term_too_long_for_a_line_stands_alone():
    huge = 10**80
    assert data_lines([1, huge, 2]) == ["1,", f"{huge},", "2"]


def test_every_catalog_keyword_has_its_oeis_keywords():
    used = {k for record in families.build().sequences.values() for k in record.keywords}
    assert used <= set(keywords.OEIS_KEYWORDS)
    for implied in keywords.OEIS_KEYWORDS.values():
        assert set(implied) <= set(keywords.OEIS_VOCABULARY)


def test_keywords_follow_the_terms_and_the_family():
    fraenkel_p = families.resolve_sequence("fraenkel-a2-p")
    assert families.oeis_keywords(fraenkel_p, [1, 3, 7]) == ("nonn", "cofr", "easy", "frac")
    lower = families.resolve_sequence("wythoff-a")
    assert families.oeis_keywords(lower, [0, 1, 3]) == ("nonn", "easy", "nice")
    assert families.oeis_keywords(lower, [0, -1, 3])[0] == "sign"


def test_a_keyword_without_an_oeis_meaning_implies_none():
    lower = families.resolve_sequence("wythoff-a")
    unmapped = dataclasses.replace(lower, keywords=("a-word-not-mapped",))
    assert families.oeis_keywords(unmapped, [0, 1, 3]) == ("nonn", "nice")


def test_every_sequence_of_every_family_has_a_well_formed_entry():
    for record in families.build(narrowed(SMALL_RANGES, 2)).sequences.values():
        rows = record.growth == vocabulary.ROWS  # a row's period: a proof a term
        terms = record.listed(record.offset, 24 if rows else 100)
        site = "https://example.org/wythoff/"
        page, bfile = (
            f"{site}sequences/{record.id}/",
            f"{site}sequences/{record.id}/b-{record.id}.txt",
        )
        entry = sequence_entry(SequenceFacts.from_record(record, terms), terms, [], {}, page, bfile)
        fields = parse(entry.lines(), record.id)
        data = "".join(fields["S"] + fields.get("T", []) + fields.get("U", []))
        assert [int(t) for t in data.split(",")] == terms[: data.count(",") + 1]
        assert set(fields["K"][0].split(",")) <= set(keywords.OEIS_VOCABULARY)
        assert fields["O"] == [offsets(record.offset, terms[: data.count(",") + 1])]
        assert fields["o"][0].startswith("(PARI) ") and "(Python)" in fields["o"]
        assert all("https://example.org/wythoff/sequences/" in h for h in fields["H"])
