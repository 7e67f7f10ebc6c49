"""Formulas typeset at build time by the vendored KaTeX, in V8: what a page's HTML
becomes, and what stops a build."""

from __future__ import annotations

import re
from html import unescape

import markdown
import pytest
from mkdocs.exceptions import PluginError
from wythoff.website import mkdocs_hooks, typeset
from wythoff.website.markdown import heading, name_html

from tests.helpers.markup import find, first

NAME = "2-Wythoff modulo-3 2-Nim (2WN^(2,3))"
NAME_TEX = r"2-Wythoff modulo-3 2-Nim (\(2\mathrm{WN}^{(2,3)}\))"


def page_of(text: str) -> str:
    """``text`` rendered as the site's Markdown renders it (arithmatex's marks)."""
    return markdown.markdown(
        text,
        extensions=["attr_list", "toc", "md_in_html", "pymdownx.arithmatex"],
        extension_configs={"pymdownx.arithmatex": {"generic": True}},
    )


def annotations(page: str) -> list[str]:
    """The TeX each typeset formula carries in its MathML."""
    found = re.findall(r'<annotation encoding="application/x-tex">(.*?)</annotation>', page)
    return [unescape(text) for text in found]


def test_a_heading_with_notation_is_typeset_labelled_by_its_plain_form():
    html = typeset.typeset(page_of(heading(NAME, NAME_TEX)))
    # the brackets around the notation hold to it: no line break inside them
    assert html.startswith(
        '<h1 id="2-wythoff-modulo-3-2-nim-2wn23">2-Wythoff modulo-3 2-Nim '
        '<span class="wy-nobreak">('
        '<span class="arithmatex wy-name"><span class="katex">'
    )
    assert annotations(html) == [r"2\mathrm{WN}^{(2,3)}"]
    assert '<math aria-label="2WN^(2,3)" xmlns="http://www.w3.org/1998/Math/MathML">' in html
    assert 'class="katex-html" aria-hidden="true"' in html
    assert "wy-plain" not in html and r"\(" not in html
    assert html.endswith(")</span></h1>")


def test_every_formula_of_a_page_is_typeset_inline_and_displayed():
    text = (
        r"The pairs \(a(n) = \lfloor n\phi \rfloor\) and \(b(n) = a(n) + n\):"
        "\n\n"
        r"\[ \phi = \frac{1 + \sqrt{5}}{2}, \quad x < y \]"
    )
    html = typeset.typeset(page_of(text))
    assert annotations(html) == [
        r"a(n) = \lfloor n\phi \rfloor",
        "b(n) = a(n) + n",
        r"\phi = \frac{1 + \sqrt{5}}{2}, \quad x < y",  # "<" reaches KaTeX unescaped
    ]
    assert html.count('<span class="katex-display">') == 1
    assert html.count('display="block"') == 1
    assert "arithmatex" in html and "aria-label" not in html  # no plain form, no label


def test_the_index_tables_names_are_typeset_with_the_text_around_escaped():
    html = typeset.typeset(
        name_html("3x2WN_1 off x < 3", r"\(3\times 2\mathrm{WN}_{1}\) off x < 3")
    )
    assert annotations(html) == [r"3\times 2\mathrm{WN}_{1}"]
    assert '<math aria-label="3x2WN_1" ' in html
    assert html.endswith("</span> off x &lt; 3")


def test_a_page_without_formulas_is_left_as_it_is():
    html = page_of("# Wythoff's game\n\nThe pairs (a(n), b(n)), with 3 < 5.")
    assert typeset.typeset(html) == html
    assert not typeset.has_formulas(html)
    assert typeset.has_formulas(typeset.typeset(page_of(r"\(x\)")))


def test_a_formula_katex_cannot_read_stops_the_build_naming_the_page():
    class Page:
        class file:  # noqa: N801  (as MkDocs's page.file)
            src_uri = "families/fraenkel.md"

    with pytest.raises(
        PluginError, match=r"^families/fraenkel\.md: KaTeX cannot typeset '\\\\frac\{1\}\{'"
    ):
        mkdocs_hooks.on_page_content(page_of(r"\(\frac{1}{\)"), page=Page, config={}, files=[])
    with pytest.raises(typeset.TeXError, match="Undefined control sequence"):
        typeset.render(r"\notacommand")


class Built:
    url = "games/larsson-modulo-m2-p3-l2/"

    class file:  # noqa: N801  (as MkDocs's page.file)
        src_uri = "games/larsson-modulo-m2-p3-l2/index.md"


def test_only_pages_with_formulas_link_katex_s_stylesheet_relative_to_themselves():
    head = "<html><head><title>t</title></head><body>{}</body></html>"
    plain = head.format("<p>no math</p>")
    assert "katex" not in mkdocs_hooks.on_post_page(plain, page=Built, config={})
    math = head.format(typeset.typeset(page_of(r"\(x\)")))
    linked = mkdocs_hooks.on_post_page(math, page=Built, config={})
    (link,) = [e for e in find(linked, "link") if "katex" in e.attrs["href"]]
    assert link.attrs == {"rel": "stylesheet", "href": "../../assets/vendor/katex/katex.min.css"}
    assert link.end <= first(linked, "head").end and linked.count("katex.min.css") == 1


def test_v8_s_heap_stays_small_however_many_formulas_are_typeset():
    """V8 is asked to collect KaTeX's garbage every so many formulas: without it, its
    heap grew with every formula (a large site sets hundreds of thousands)."""
    engine = typeset.katex()
    engine.low_memory_notification()
    start = engine.heap_stats()["total_physical_size"]
    for n in range(3 * typeset.COLLECTED_EVERY):
        typeset.render(rf"\mathrm{{WN}}^{{({n % 7},{n})}} = \lfloor {n}\varphi \rfloor")
    assert engine.heap_stats()["total_physical_size"] < start + 4 * 2**20
