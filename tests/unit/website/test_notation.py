"""Names with a paper's notation on the pages: the plain form and the math side by
side (KaTeX shows the math in place of the plain form), headings anchored by the
plain name, and HTML escaped around the math."""

from __future__ import annotations

import markdown
import pytest
from markdown.extensions.toc import slugify
from wythoff.website.markdown import anchor, heading, name_html, name_markdown, notation_pieces

NAME = "2-Wythoff modulo-3 2-Nim (2WN^(2,3))"
NAME_TEX = r"2-Wythoff modulo-3 2-Nim (\(2\mathrm{WN}^{(2,3)}\))"
SHIFTED = "1-Shifted 3x2-Wythoff Nim (3x2WN_1) off the rectangle x < 3, y < 3"
SHIFTED_TEX = (
    r"1-Shifted 3x2-Wythoff Nim (\(3\times 2\mathrm{WN}_{1}\)) off the rectangle x < 3, y < 3"
)


def render(text: str) -> str:
    """As the site's mkdocs.yml renders a page (the extensions that matter here)."""
    extensions = ["tables", "attr_list", "md_in_html", "toc", "pymdownx.arithmatex"]
    return markdown.markdown(
        text, extensions=extensions, extension_configs={"pymdownx.arithmatex": {"generic": True}}
    )


def test_a_heading_shows_the_plain_form_then_the_math_and_keeps_the_plain_anchor():
    html = render(heading(NAME, NAME_TEX))
    assert html == (
        '<h1 id="2-wythoff-modulo-3-2-nim-2wn23">2-Wythoff modulo-3 2-Nim ('
        '<span class="wy-plain">2WN^(2,3)</span>'
        r'<span class="arithmatex">\(2\mathrm{WN}^{(2,3)}\)</span>)</h1>'
    )
    # the anchor is the one the plain heading had: links to it still land
    assert 'id="2-wythoff-modulo-3-2-nim-2wn23"' in render(f"# {NAME}")


def test_a_heading_without_notation_is_the_plain_heading():
    assert render(heading("Wythoff's game", "")) == render("# Wythoff's game")


def test_markdown_characters_of_the_plain_text_stay_literal_and_the_tex_intact():
    html = render(name_markdown(SHIFTED, SHIFTED_TEX))
    assert '<span class="wy-plain">3x2WN_1</span>' in html
    assert r'<span class="arithmatex">\(3\times 2\mathrm{WN}_{1}\)</span>' in html
    assert "x &lt; 3, y &lt; 3" in html


def test_a_table_cell_holds_the_name_with_its_math():
    row = f"| game |\n|---|\n| {name_markdown(NAME, NAME_TEX)} |\n"
    html = render(row)
    assert r'<td>2-Wythoff modulo-3 2-Nim (<span class="wy-plain">2WN^(2,3)</span>' in html
    assert html.count("<td>") == 1


def test_the_index_tables_html_is_escaped_around_the_math():
    html = name_html(SHIFTED, SHIFTED_TEX)
    assert html == (
        '1-Shifted 3x2-Wythoff Nim (<span class="wy-plain">3x2WN_1</span>'
        r'<span class="arithmatex">\(3\times 2\mathrm{WN}_{1}\)</span>)'
        " off the rectangle x &lt; 3, y &lt; 3"
    )
    assert name_html("a < b", "") == "a &lt; b"


def test_several_notations_each_get_their_plain_form():
    pieces = notation_pieces("2WN^2 and 2WN^3", r"\(2\mathrm{WN}^{2}\) and \(2\mathrm{WN}^{3}\)")
    assert [(plain, tex) for _, plain, tex in pieces if tex] == [
        ("2WN^2", r"2\mathrm{WN}^{2}"),
        ("2WN^3", r"2\mathrm{WN}^{3}"),
    ]


def test_a_tex_name_that_is_not_the_plain_name_is_refused():
    with pytest.raises(ValueError, match="with notations in TeX"):
        notation_pieces("2-Wythoff 2-Blocking Nim (2WN^2)", NAME_TEX)


@pytest.mark.parametrize(
    "name",
    [
        NAME,
        SHIFTED,
        "Wythoff's game, misère play",
        "4-Wythoff Nim off the rectangle x < 1, y < 2 (m x p WN_{1,2}, mp = 4)",
        "2x3-Wythoff Nim (2x3WN), the second player choosing l",
    ],
)
def test_the_anchor_is_the_one_markdown_gives_the_plain_heading(name):
    assert anchor(name) == slugify(name, "-")
