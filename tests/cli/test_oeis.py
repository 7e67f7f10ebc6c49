"""``wythoff oeis`` and ``wythoff bfile`` end to end: a well-formed entry in OEIS's
internal format, and b-files in the numbering of an OEIS entry, checked against
OEIS's own listed terms and the engine."""

from __future__ import annotations

import re

import pytest
from wythoff import families
from wythoff.families import programs_for
from wythoff.oeis.entry import DATA_WIDTH

from tests.helpers.commands import ok, run
from tests.helpers.oeis_format import ENTRIES, listed_terms, parse
from tests.helpers.oracles import wythoff as oracle


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
    # an agreement with an entry says on which terms it was checked, and why it holds
    a000201 = [c for c in fields["C"] if "A000201" in c]
    assert a000201 and "(n = 1 .. 68 listed in the entry, the rest from " in a000201[0]
    assert "proven (A000201 is floor(n*phi) by definition" in a000201[0]
    assert "H" not in fields  # no address to link to before the site is published


def test_wythoff_oeis_links_the_published_page_and_b_file(tmp_path):
    config = tmp_path / "published.toml"
    config.write_text('site_url = "https://example.org/w/"\n')
    fields = parse(ok("oeis", "wythoff-a", "--config", str(config)), "wythoff-a")
    assert fields["H"] == [
        'Wythoff sequences, <a href="https://example.org/w/sequences/wythoff-a/#b-file">'
        "Table of n, a(n) for n = 0..9999</a>",
        'Wythoff sequences, <a href="https://example.org/w/sequences/wythoff-a/">wythoff-a</a>',
    ]


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


def test_a_grundy_row_s_entry_states_its_proven_period_and_its_source():
    fields = parse(ok("oeis", "wythoff-grundy-row4"), "wythoff-grundy-row4")
    stated = [f for f in fields["F"] if f.startswith("a(n+")]
    assert len(stated) == 1 and "proven for every n (Landman's argument" in stated[0]
    found = re.match(r"a\(n\+(\d+)\) = a\(n\) \+ (\d+) for n >= (\d+): ", stated[0])
    assert found is not None
    period, increment, start = (int(g) for g in found.groups())
    values = [oracle.grundy(4, n) for n in range(start + 3 * period)]
    assert all(
        values[n + period] == values[n] + increment for n in range(start, start + 2 * period)
    )
    assert start == 0 or values[start - 1 + period] != values[start - 1] + increment
    assert any("Landman" in line for line in fields["D"])
