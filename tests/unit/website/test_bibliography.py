"""The bibliography page holds an entry for every paper a page cites, and for every
source a theorem, a proof or a period rests on."""

from __future__ import annotations

import re
from pathlib import Path

from wythoff.families import FAMILIES
from wythoff.families.papers import PAPERS

PAGE = Path(__file__).parents[3] / "site" / "bibliography.md"
SOURCES = ("dress-flammenkamp-pink-1999", "landman-2002", "blass-fraenkel-1990",
           "nivasch-2009", "beatty-1926", "oeis")  # fmt: skip


def anchors() -> set[str]:
    return set(re.findall(r"^### .+ \{#([a-z0-9-]+)\}$", PAGE.read_text(), re.MULTILINE))


def test_every_paper_and_source_has_its_entry():
    papers = [*PAPERS.values(), *(p for key in FAMILIES for p in FAMILIES[key].papers)]
    expected = {f"{paper.key}-{paper.year}" for paper in papers} | set(SOURCES)
    assert expected <= anchors()


def test_every_doi_and_link_is_well_formed():
    text = PAGE.read_text()
    for doi in re.findall(r"https://doi\.org/(\S+?)\)", text):
        assert re.fullmatch(r"10\.\d{4,5}/\S+", doi), doi
    assert "https://oeis.org" in text
