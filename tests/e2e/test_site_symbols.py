"""Every page of the built site defines the symbols it uses: a reader who lands on
one page (from a search, a link, an OEIS entry) finds there what alpha, beta, A(n)
or R_p(N) stand for. The names of the sequences pass the same rule on their own
(tests/unit/families/test_names.py); this test reads the pages whole: text,
captions and the descriptions of the pictures."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import symbols

PAGE_KINDS = {
    "home": "index.html",
    "family": "families/*/index.html",
    "game": "games/*/index.html",
    "sequence": "sequences/*/index.html",
    "numeration": "numeration/*/index.html",
    "bibliography": "bibliography/index.html",
    "reliability": "reliability/index.html",
    "guide": "guide/*/index.html",
}


def pages_of(site: Path, pattern: str) -> list[Path]:
    return sorted(site.glob(pattern))


def undefined_on_pages(site: Path) -> dict[str, set[str]]:
    """For every page of every kind, the symbols it uses without defining them."""
    found = {}
    for pattern in PAGE_KINDS.values():
        for page in pages_of(site, pattern):
            missing = symbols.undefined(symbols.page_text(page.read_text(encoding="utf-8")))
            if missing:
                found[str(page.relative_to(site))] = missing
    return found


def test_the_rule_reads_symbols_in_text_tex_and_pictures():
    page = (
        "<p>Let \\(\\varphi = (1+\\sqrt5)/2\\); A(n) = floor(n*phi).</p>"
        '<img alt="the band (β − 1, β]"><p>B(n) = A(n) + n</p>'
    )
    assert symbols.undefined(symbols.page_text(page)) == {"β"}
    assert symbols.undefined("x is A(n) or B(n), n = floor((x + 1)/alpha)") == {"A", "B", "α"}


def test_every_page_of_every_kind_defines_the_symbols_it_uses(small_build):
    site = small_build.site
    for kind, pattern in PAGE_KINDS.items():
        assert pages_of(site, pattern), f"no {kind} page"
    assert undefined_on_pages(site) == {}
