"""Markdown helpers: what the rendered HTML shows is the text we meant."""

import re
from pathlib import Path

import markdown
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from wythoff.website.markdown import PLAIN_CELL, escape, table, unsearched


def render(text: str) -> str:
    return markdown.markdown(text, extensions=["tables", "md_in_html", "attr_list"])


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("|k - l| < 2", "<p>|k - l| &lt; 2</p>"),
        ("n >= 0 and x*y", "<p>n &gt;= 0 and x*y</p>"),
        ("u_{i,n} [k]", "<p>u_{i,n} [k]</p>"),
        ("a `b` c", "<p>a `b` c</p>"),
    ],
)
def test_escaped_text_renders_literally(text, html):
    assert render(escape(text)) == html


def test_a_cell_with_a_pipe_stays_one_cell():
    html = render(table(["rule"], [[escape("|k - l| < a")]]))
    assert "<td>|k - l| &lt; a</td>" in html


def test_unsearched_blocks_keep_their_markdown_and_carry_the_exclusion():
    html = render(unsearched(table(["n", "a(n)"], [[0, 0], [1, 1]])))
    assert "data-search-exclude" in html and "<table>" in html


def test_a_table_with_more_alignment_marks_than_columns_is_still_a_table():
    html = render(table(["n", "x", "y"], [[1, 0, 2]], "rrrr"))
    assert "<table>" in html and html.count("</th>") == 3


PLAIN = st.text(
    st.characters(exclude_characters="\\`*_[]<>&|!${}", exclude_categories=["Cc"]), max_size=6
)
ANY = st.text(
    st.characters(codec="utf-8", exclude_characters="\\|", exclude_categories=["Cc"]), max_size=6
)
"""Any cell of one line that a table holds as it stands (the callers escape ``|`` and
``\\``; a tab in a pipe table expands by its column)."""


def pipe_table(headers: list[str], rows: list[list[str]], align: str) -> str:
    """The table in Markdown's own syntax, written here apart from the package."""
    marks = {"l": ":--", "r": "--:", "c": ":-:", "-": "---"}
    lines = [headers, [marks[a] for a in align], *rows]
    return "".join("|" + "|".join(line) + "|\n" for line in lines)


MKDOCS = Path(__file__).parents[3] / "mkdocs.yml"


def site_render(text: str) -> str:
    """``text`` as the site's Markdown extensions render it (``markdown_extensions`` of
    mkdocs.yml, with their settings), the whitespace between tags left out (the pages
    are minified)."""
    listed = yaml.safe_load(MKDOCS.read_text())["markdown_extensions"]
    named = [entry if isinstance(entry, dict) else {entry: None} for entry in listed]
    configs = {name: config for entry in named for name, config in entry.items() if config}
    extensions = [name for entry in named for name in entry]
    return tight(markdown.markdown(text, extensions=extensions, extension_configs=configs))


def tight(html: str) -> str:
    """``html`` without the whitespace between its tags, as the minified pages have it."""
    return re.sub(r">\s+<", "><", html.strip())


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda width: st.tuples(
            st.lists(PLAIN.filter(str.strip), min_size=width, max_size=width),
            st.lists(
                st.lists(st.one_of(PLAIN, ANY), min_size=width, max_size=width),
                min_size=1,
                max_size=4,
            ),
            st.text(alphabet="lrc-", min_size=width, max_size=width),
        )
    )
)
def test_a_table_is_the_pipe_table_markdown_renders(drawn):
    """In HTML where every cell is plain text: rendered, the same table as Markdown makes
    of the pipe table, whichever plain characters the cells hold; else a pipe table."""
    headers, rows, align = drawn
    written = table(headers, rows, align.replace("-", " "))
    expected = site_render(pipe_table(headers, rows, align))
    if all(PLAIN_CELL.fullmatch(cell) for row in [headers, *rows] for cell in row):
        assert written.startswith("<table>")
        assert tight(written) == expected
    else:  # Markdown's syntax in a cell (escaped by the caller where meant literally)
        assert written.startswith("| ") and written.count("\n") == len(rows) + 2


def test_an_html_table_is_wrapped_without_markdown_and_renders_as_written():
    block = table(["n", "a(n)"], [[0, 0], [1, 2]], "rr")
    wrapped = unsearched(block, "wy-terms")
    assert "markdown" not in wrapped.split(">")[0]
    assert site_render(wrapped) == site_render(
        unsearched(pipe_table(["n", "a(n)"], [["0", "0"], ["1", "2"]], "rr"), "wy-terms")
    )


@pytest.mark.parametrize(
    "cell", ["*a*", "_a_", "`a`", "[a](b)", "<b>a</b>", "&amp;", "$x$", r"\(x\)", "a{: .c}", "!a"]
)
def test_a_cell_in_markdowns_syntax_renders_as_markdown_renders_it(cell):
    """Each kind of inline syntax, which a random cell rarely spells whole."""
    headers, rows = ["n", "cell"], [["1", cell]]
    assert site_render(table(headers, rows, "rl")) == site_render(pipe_table(headers, rows, "rl"))
