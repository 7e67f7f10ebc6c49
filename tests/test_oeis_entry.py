"""Entries in OEIS's internal format: the layout of the terms and the offsets as in
OEIS's own entries, the keywords from OEIS's list, and ``wythoff oeis`` end to end."""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict

import pytest
from wythoff import families
from wythoff.families import keywords, programs_for
from wythoff.oeis.entry import DATA_WIDTH, SequenceFacts, data_lines, offsets, sequence_entry

from tests.conftest import REFERENCE, SMALL_RANGES, narrowed
from tests.test_cli import ok, run

TAG_ORDER = "ISTUNCDHFoYKOA"


def oeis_lines() -> dict[str, dict[str, str]]:
    """The %S, %T, %U and %O lines of OEIS's entries, by A-number and tag."""
    entries: dict[str, dict[str, str]] = defaultdict(dict)
    for line in (REFERENCE / "oeis_data_lines.txt").read_text().splitlines():
        tag, anumber, text = line.split(" ", 2)
        entries[anumber][tag[1]] = text
    return dict(entries)


ENTRIES = oeis_lines()


def listed_terms(entry: dict[str, str]) -> list[int]:
    data = entry.get("S", "") + entry.get("T", "") + entry.get("U", "")
    return [int(t) for t in data.split(",") if t]


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


def parse(lines: list[str], identifier: str) -> dict[str, list[str]]:
    """An entry's lines by tag, checking that each is ``%x ID text`` in OEIS's order."""
    fields: dict[str, list[str]] = defaultdict(list)
    order = []
    for line in lines:
        found = re.fullmatch(rf"%([A-Za-z]) {re.escape(identifier)}(?: (.*))?", line)
        assert found, line
        tag, text = found.groups()
        fields[tag].append(text or "")
        if not order or order[-1] != tag:
            order.append(tag)
    assert order == sorted(order, key=TAG_ORDER.index), order
    assert len(order) == len(set(order)), "each field in one block"
    return fields


def test_wythoff_oeis_prints_a_well_formed_entry():
    lines = ok("oeis", "wythoff-a")
    fields = parse(lines, "wythoff-a")
    record = families.resolve_sequence("wythoff-a")
    data = "".join(fields["S"] + fields["T"] + fields["U"])
    shown = [int(t) for t in data.split(",")]
    assert shown == record.listed(0, len(shown))
    assert len(shown) > 50
    assert all(len(line) <= DATA_WIDTH for line in fields["S"] + fields["T"] + fields["U"])
    assert fields["S"][0].startswith("0,1,3,4,6,8,9,11,")
    assert fields["N"] == [record.name]
    assert fields["K"] == ["nonn,easy,nice"]
    assert fields["O"] == ["0,3"]
    assert fields["F"] == [record.formula]
    code = programs_for(record)
    assert code is not None
    assert fields["o"][0] == f"(PARI) {code.pari}"
    assert "(Python)" in fields["o"]
    assert "A000201" in fields["Y"][0] and "A001950" in fields["Y"][0]
    # an agreement with an entry says on which terms it was checked
    a000201 = [c for c in fields["C"] if "A000201" in c]
    assert a000201 and "terms listed" in a000201[0]
    assert any("b-wythoff-a.txt" in h for h in fields["H"])


def test_wythoff_oeis_for_a_game_without_a_formula():
    fields = parse(ok("oeis", "larsson-modulo-m2-p2-l0-c"), "larsson-modulo-m2-p2-l0-c")
    assert fields["S"][0].startswith("0,0,1,1,2,2,3,4,4,5,")
    assert fields["o"][0] == "(PARI) lista(nn) = {"
    assert "F" not in fields


def test_wythoff_oeis_refuses_an_unknown_id():
    done = run("oeis", "wythoff-z")
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert "wythoff-z" in done.stderr


@pytest.mark.parametrize(
    ("sequence_id", "anumber"),
    [
        ("wythoff-a", "A000201"),  # OEIS drops our a(0) = 0
        ("wythoff-b", "A001950"),
        ("fraenkel-a2-p", "A001333"),  # OEIS has a leading 1 we do not
        ("fraenkel-a2-q", "A000129"),
        ("modular-a", "A060143"),  # the same index, OEIS from 0 and we from 1
    ],
)
def test_a_b_file_in_an_entry_s_numbering_gives_its_terms(sequence_id, anumber):
    lines = ok("bfile", sequence_id, "--as", anumber, "--count", "2000")
    assert lines[0].startswith(f"# {sequence_id} in the numbering of {anumber}: ")
    pairs = [tuple(int(v) for v in line.split(" ")) for line in lines[1:]]
    assert len(pairs) == 2000
    assert [n for n, _ in pairs] == list(range(pairs[0][0], pairs[0][0] + 2000))
    entry = ENTRIES[anumber]
    first = int(entry["O"].split(",")[0])
    listed = dict(enumerate(listed_terms(entry), start=first))
    common = [(n, value) for n, value in pairs if n in listed]
    assert len(common) >= 30
    assert all(listed[n] == value for n, value in common)
    # beyond OEIS's terms: ours, by the map the header states
    found = re.search(rf"{anumber}\(n\) = a\(n([+-]\d+)?\)", lines[0])
    assert found
    k = int(found.group(1) or 0)
    record = families.resolve_sequence(sequence_id)
    last_n, last_value = pairs[-1]
    assert record.listed(last_n + k, 1) == [last_value]


def test_a_b_file_needs_an_entry_the_sequence_agrees_with():
    done = run("bfile", "wythoff-a", "--as", "A000045")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "does not agree with A000045" in done.stderr
    done = run("bfile", "wythoff-a", "--as", "fibonacci")
    assert done.returncode == 2 and "not an OEIS A-number" in done.stderr


def test_every_sequence_of_every_family_has_a_well_formed_entry():
    for record in families.build(narrowed(SMALL_RANGES, 2)).sequences.values():
        terms = record.listed(record.offset, 100)
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
