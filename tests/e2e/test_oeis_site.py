"""The site offers each sequence's entry in OEIS's internal format and its programs:
the text file beside the page says what ``wythoff oeis`` says, with the b-file's
range, and the page links to it and shows the programs."""

from __future__ import annotations

import html
import json

import pytest
from wythoff import families
from wythoff.families import programs_for

from tests.helpers.commands import in_process
from tests.helpers.markup import first, links

SEQUENCES = ("wythoff-a", "connell-k2-v1", "fraenkel-a2-p", "larsson-modulo-m2-p2-l0-c")


@pytest.mark.parametrize("sequence_id", SEQUENCES)
def test_the_site_entry_is_the_command_s_entry(small_build, sequence_id):
    """The same terms, the same relations judged on the same evidence; no %H line, as
    the small build's site has no address yet."""
    folder = small_build.site / "sequences" / sequence_id
    text = (folder / f"{sequence_id}.oeis.txt").read_text()
    printed = in_process("oeis", sequence_id, "--config", str(small_build.config)).stdout
    document = json.loads((folder / f"{sequence_id}.json").read_text())
    assert text == printed
    assert f"%H {sequence_id} " not in text
    assert document["files"]["oeis"] == f"{sequence_id}.oeis.txt"
    code = programs_for(families.resolve_sequence(sequence_id))
    assert code is not None
    assert document["programs"]["pari"] == code.pari
    keywords = next(line for line in text.splitlines() if line.startswith("%K "))
    assert keywords == f"%K {sequence_id} {','.join(document['oeis_keywords'])}"


def test_the_page_links_the_entry_and_shows_the_programs(small_build):
    page = (small_build.site / "sequences" / "connell-k2-v1" / "index.html").read_text()
    assert "connell-k2-v1.oeis.txt" in links(page)
    assert "<strong>OEIS keywords</strong>: <code>nonn</code>, <code>easy</code>" in page
    code = programs_for(families.resolve_sequence("connell-k2-v1"))
    assert code is not None
    assert html.escape(code.pari, quote=False) in page
    assert html.escape(code.python.splitlines()[-1].strip(), quote=False) in page


def test_every_sequence_has_its_entry_beside_its_page(small_build):
    folders = [p for p in (small_build.site / "sequences").iterdir() if p.is_dir()]
    assert len(folders) > 50
    for folder in folders:
        sequence_id = folder.name
        lines = (folder / f"{sequence_id}.oeis.txt").read_text().splitlines()
        assert lines[0] == f"%I {sequence_id}"
        document = json.loads((folder / f"{sequence_id}.json").read_text())
        data = "".join(line.split(" ", 2)[2] for line in lines if line[:2] in ("%S", "%T", "%U"))
        assert data.split(",")[:10] == document["data"][:10]
        assert any(line.startswith(f"%o {sequence_id} (PARI) ") for line in lines), sequence_id


def test_relations_are_listed_strongest_evidence_first(small_build):
    """wythoff-a: its family's identities and A000201 (proven: the entry is floor(n*phi)
    by definition), then A292644 (a near miss), then A090908 (equal on its listed
    terms, the entry having no program to go further)."""
    page = (small_build.site / "sequences" / "wythoff-a" / "index.html").read_text()
    section = page[first(page, id="cross-references").start :].split("<h2", 2)[1]
    order = [section.index(word) for word in ("wythoff-b", "A292644", "A090908")]
    assert order == sorted(order)
    assert section.index("A000201") < section.index("A292644")
    assert "A000201 is floor(n*phi) by definition" in section
    words = ("proven", "contradicted", "listed")
    evidence = [section.index(f"<strong>{word}</strong>") for word in words]
    assert evidence == sorted(evidence)
    assert "not compared past them." in section  # the legend of the words used
    assert "shift" not in section and "nothing is known" not in section


def test_the_site_says_what_was_searched_and_never_not_in_oeis(small_build):
    """A sequence with no match is "no match among the N entries of the excerpt",
    with a search of its first terms on oeis.org; no page names a tool installed or
    missing on the build's machine."""
    site = small_build.site
    listing = (site / "not-in-oeis" / "index.html").read_text()
    assert "<h1" in listing and "No OEIS match" in listing
    assert "entries of the OEIS excerpt of 20" in listing
    assert any(link.startswith("https://oeis.org/search?q=") for link in links(listing))
    pages = list((site / "sequences").glob("*/index.html"))
    unmatched = [
        p.read_text() for p in pages if "all sequences with no OEIS match" in p.read_text()
    ]
    assert unmatched and all("https://oeis.org/search?q=" in page for page in unmatched)
    for page in [*pages, site / "not-in-oeis" / "index.html"]:
        text = page.read_text()
        assert "not in OEIS" not in text and "Not in OEIS" not in text, page
        assert "not installed" not in text and "PARI/GP (gp)" not in text, page
