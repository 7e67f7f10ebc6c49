"""Markdown helpers: what the rendered HTML shows is the text we meant."""

import markdown
import pytest
from wythoff.website.markdown import escape, table, unsearched


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
