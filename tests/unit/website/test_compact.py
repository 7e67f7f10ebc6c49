"""The pages minified (wythoff.website.compact): the same elements with the same
attributes, the text of ``pre``, ``code``, ``textarea`` and ``script`` exactly as
written, attribute values exactly as written, inline SVG and MathML still in their
namespace; and the tables whose cells are mostly right-aligned marked so once."""

from __future__ import annotations

import html

from hypothesis import given
from hypothesis import strategies as st
from wythoff.website import compact

from tests.helpers.markup import Element, elements, find, first

PAGE = """<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <style>
      .a  { color: red }
    </style>
    <script>var s = `two
        lines`;</script>
  </head>
  <body>
    <nav class="md-nav">
      <ul>
        <li class="md-nav__item">
          <a href="../x/" class="md-nav__link  md-nav__link--active">
            <span class="md-ellipsis">
              Find
            </span>
          </a>
        </li>
      </ul>
    </nav>


    <a class="md-logo"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path
      d="M12 8a3 3 0 0 0 3-3"/><rect width="2" height="2" /></svg></a>
    <span class="katex"><math aria-label="n" xmlns="http://www.w3.org/1998/Math/MathML"><mi>n</mi
      ><mspace width="2em"/><mi>m</mi></math></span>
    <p>one <em>two</em>
       three&nbsp;\u00a0 four\u2009five   </p>
    <pre><code>def a(n):
    return n
</code></pre>
    <p>inline <code>a  =
      b</code> and more
    </p>
    <label class="md-nav__link" for="__nav_3" id="__nav_3_label" tabindex="">Games</label>
    <textarea>
  kept
    </textarea>
    <input id="q"
           type="text"
           value="a   b"
           title=" two
 lines ">
  </body>
</html>
"""


def read(element: Element) -> tuple[str, dict[str, str]]:
    """An element's tag and attributes as the browser reads them: its class names
    apart, an empty ``tabindex`` as one of spaces."""
    attrs = {k: v.strip() if k == "tabindex" else v for k, v in element.attrs.items()}
    return element.tag, {k: v for k, v in attrs.items() if k != "class"}


def test_the_page_keeps_its_elements_and_attributes_in_fewer_bytes():
    small = compact.compact(PAGE)
    assert len(small) < 0.8 * len(PAGE)
    assert [read(e) for e in elements(small)] == [read(e) for e in elements(PAGE)]
    assert [e.classes() for e in elements(small)] == [e.classes() for e in elements(PAGE)]
    assert small.startswith("<!doctype html><html lang=en><head>")
    assert small.endswith("</body></html>")
    assert first(small, "input").attrs["type"] == "text"  # the tools' style sheet selects it


def test_whitespace_shows_as_before():
    small = compact.compact(PAGE)
    for tag in ("pre", "code", "textarea"):
        assert [e.text for e in find(small, tag)] == [e.text for e in find(PAGE, tag)], tag
    for tag in ("style", "script"):  # the code as written, from its first character to its last
        assert [e.text for e in find(small, tag)] == [e.text.strip() for e in find(PAGE, tag)]
    assert first(small, "p").text == "one two three\u00a0\u00a0 four\u2009five"
    assert first(small, "a", classes="md-nav__link").text.split() == ["Find"]
    assert find(small, "p")[1].text == "inline a  =\n      b and more"


def test_attribute_values_are_kept_as_written():
    small = compact.compact(PAGE)
    box = first(small, "input")
    assert box.attrs["value"] == "a   b" and box.attrs["title"] == " two\n lines "


def test_a_section_s_label_keeps_its_empty_tabindex():
    """Material's script finds the navigation's section labels by ``label[tabindex]``;
    the value stays no number, so the label takes no focus."""
    label = first(compact.compact(PAGE), "label")
    assert label.attrs["tabindex"].strip() == ""


def test_inline_svg_and_math_stay_in_their_namespace():
    """The HTML parser puts ``<svg>`` and ``<math>`` in their namespace by their name
    and gives ``viewbox`` its SVG spelling ``viewBox`` (the browser tier draws them).
    In their namespace a self-closing tag is a whole element: what follows it is its
    sibling, not its child."""
    small = compact.compact(PAGE)
    svg = first(small, "svg")
    assert svg.attrs["viewbox"] == "0 0 24 24"
    assert first(small, "path").attrs["d"] == "M12 8a3 3 0 0 0 3-3"
    assert [e.tag for e in svg.find()] == ["path", "rect"] and not first(small, "path").find()
    assert [e.tag for e in first(small, "math").find()] == ["mi", "mspace", "mi"]
    assert not first(small, "mspace").find() and first(small, "mspace").attrs == {"width": "2em"}
    assert first(small, "span", classes="katex").end <= first(small, "p").start


def test_minifying_twice_changes_nothing():
    once = compact.compact(PAGE)
    assert compact.compact(once) == once


TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs"), include_characters="\t\n "),
    max_size=80,
)
"""Any text a page may hold: every character but the control characters (tab and line
feed aside) and the surrogates."""


def shown(pre: str) -> str:
    """The text of a ``pre`` as the browser reads it: without one line feed right after
    the start tag (html.parser keeps it)."""
    return pre.removeprefix("\n")


@given(TEXT)
def test_the_text_of_a_pre_survives_character_for_character(text):
    written = f"<div>\n  <pre>\n{html.escape(text, quote=False)}</pre>\n</div>"
    assert shown(first(compact.compact(written), "pre").text) == text


@given(TEXT)
def test_an_attribute_value_survives_character_for_character(text):
    """An empty ``title`` says nothing and is left out; ``data-`` values are kept."""
    small = compact.compact(f'<p title="{html.escape(text)}" data-x="{html.escape(text)}">x</p>')
    kept = {"title": text, "data-x": text} if text else {"data-x": text}
    assert first(small, "p").attrs == kept


def table(head: list[str | None], rows: list[list[str | None]]) -> str:
    """A table as Python-Markdown writes it, each cell with its alignment if any."""

    def cell(tag: str, align: str | None) -> str:
        return f'<{tag} align="{align}">x</{tag}>' if align else f"<{tag}>x</{tag}>"

    header = "".join(cell("th", a) for a in head)
    body = "".join("<tr>" + "".join(cell("td", a) for a in row) + "</tr>" for row in rows)
    return f"<table>\n<thead>\n<tr>{header}</tr>\n</thead>\n<tbody>{body}</tbody>\n</table>"


def test_a_header_row_is_not_counted_as_a_cell():
    """Three cells of five right-aligned: most.  ``<thead>`` is no cell (it was
    counted as one, which made three of six)."""
    written = table(["right", "right", "left"], [["right", None]])
    assert compact.aligned(written).startswith('<table data-align="right">')
    assert compact.aligned(table(["right", "left"], [["right", None]])) == table(
        ["right", "left"], [["right", None]]
    )


ALIGN = st.sampled_from(["right", "left", "center", None])


@given(st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(ALIGN, min_size=n, max_size=n),
    st.lists(st.lists(ALIGN, min_size=n, max_size=n), max_size=4),
)))  # fmt: skip
def test_a_table_is_marked_right_aligned_when_most_of_its_cells_are(shape):
    head, rows = shape
    cells = [head, *rows]
    right = sum(a == "right" for row in cells for a in row)
    total = sum(len(row) for row in cells)
    marked = compact.aligned(table(head, rows))
    assert marked.startswith('<table data-align="right">') == (2 * right > total)
    default = "right" if 2 * right > total else None  # what extra.css gives a cell with none
    shown = [e.attrs.get("align", default) for e in find(marked) if e.tag in ("th", "td")]
    assert shown == [a or default for row in cells for a in row]
