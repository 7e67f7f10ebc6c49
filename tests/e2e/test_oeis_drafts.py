"""Every sequence of the default catalog makes an OEIS entry and a draft that OEIS's
format checker (oeis-validator) passes with no error and no warning, with a
placeholder A-number: the entries ``wythoff oeis ID [--draft]`` prints, here with
fewer terms to stay quick."""

from __future__ import annotations

from dataclasses import replace

import pytest
from wythoff import config, families
from wythoff.cli.oeis import catalog_entry
from wythoff.oeis.index import OeisIndex

oeis_validator = pytest.importorskip("oeis_validator")

SETTINGS = config.load(terms=300, deep=[])
INDEX = OeisIndex.load()
SEQUENCES = sorted(families.build(SETTINGS.families).sequences.values(), key=lambda r: r.id)


def problems(text: str) -> list[str]:
    found = oeis_validator.validate(oeis_validator.parse_entry(text))
    return [str(issue) for issue in found if issue.level in ("ERROR", "WARNING")]


@pytest.mark.slow
def test_every_default_draft_passes_the_validator():
    failing = {}
    for record in SEQUENCES:
        entry = catalog_entry(record, SETTINGS, INDEX)
        draft = entry.draft()
        assert draft.identifier == "A000000"
        found = problems(draft.text()) + problems(replace(entry, identifier="A000000").text())
        if found:
            failing[record.id] = found
    assert len(SEQUENCES) > 800
    assert not failing, dict(list(failing.items())[:5])


@pytest.mark.parametrize("sequence_id", ["wythoff-grundy-period", "wythoff-grundy-preperiod"])
def test_the_drafts_of_wythoffs_128_row_periods_pass_the_validator(sequence_id):
    # the default build's rows 0 .. grundy_period_rows, each a proof: the b-file's link
    # says so, the entry names what a(x) is for any row, and its programs prove it too
    settings = config.load(site_url="https://wythoff.example.org/")
    entry = catalog_entry(families.resolve_sequence(sequence_id), settings, INDEX)
    text = entry.draft().text()
    assert settings.grundy_period_rows == 127
    assert "Table of n, a(n) for n = 0..127</a>" in text
    assert "%o A000000 (PARI) lista(nn) = {" in text and "%o A000000 (Python)\n" in text
    assert problems(text) == []
    assert problems(replace(entry, identifier="A000000").text()) == []


def test_the_validator_sees_a_repeated_cross_reference():
    # the check above can fail: the validator flags what the old %Y lines had
    record = families.resolve_sequence("wythoff-a")
    text = catalog_entry(record, SETTINGS, INDEX).draft().text()
    repeated = text.replace("%Y A000000 Cf. A000201,", "%Y A000000 Cf. A000201, A000201,")
    assert repeated != text and any("A000201" in p for p in problems(repeated))
