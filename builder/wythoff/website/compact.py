"""The site's pages in fewer bytes: minified by minify-html, and each table whose cells
are mostly right-aligned marked so once.

MkDocs Material's templates indent every element and leave blank lines between them:
bytes repeated on every page of the site that no reader sees.  minify-html
parses the page as the HTML specification says and writes it back in fewer bytes
(:func:`compact`): whitespace collapsed outside the elements that keep theirs
(``pre``, ``code``, ``textarea``, ``script``, ``style``), attribute values without
their quotes where the specification allows, attributes with their default value
and empty attributes that say nothing left out.  The options keep what a reader or a
tool reading the page expects: the doctype, the opening ``<html>`` and ``<head>``
tags, every closing tag, and ``type="text"`` on an input (the tools' style sheet
selects it); inline scripts and styles are left as written.

Python-Markdown writes the alignment of a column into each of its cells
(``align="right"``: a quarter million cells of numbers on the default site).  A table
whose cells are mostly right-aligned says so once, ``<table data-align="right">``,
which the style sheet (``extra.css``) reads as the alignment of its cells that carry
none; its other cells keep their own (:func:`aligned`, which no minifier does).
"""

from __future__ import annotations

import re

import minify_html

OPTIONS = {
    "keep_closing_tags": True,
    "keep_html_and_head_opening_tags": True,
    "keep_input_type_text_attr": True,
    "minify_css": False,
    "minify_js": False,
}
"""minify-html's options for the site's pages (the others at their defaults, which
keep the page valid HTML)."""


MATH = re.compile(r"<math\b.*?</math>", re.DOTALL)
"""An inline MathML formula (none holds another)."""

EMPTY = re.compile(r"<([a-z][a-z0-9]*)\b([^<>]*?)\s*/>")
"""An element written as one self-closing tag, such as KaTeX's ``<mspace width="2em"/>``."""


def _closed(math: re.Match[str]) -> str:
    """A formula with each of its self-closing elements written as a start tag and an
    end tag.  In MathML, as in SVG, the ``/`` closes the element; minify-html leaves it
    out of a MathML element's tag (minify-html's issues 181 and 192), and the element
    then holds the rest of the formula and of the page.  An end tag it keeps."""
    return EMPTY.sub(r"<\1\2></\1>", math.group(0))


UNFOCUSED = re.compile(r'(<label\b[^<>]*\btabindex=)""')
"""A label of the navigation with an empty ``tabindex``: Material's mark of a section's
label, which its script selects (``label[tabindex]``) to say whether the section is
open.  minify-html leaves an empty ``tabindex`` out; a space is as empty a number
(not one), which it keeps."""


def compact(html: str) -> str:
    """``html`` minified (:data:`OPTIONS`), its formulas' empty elements closed by an
    end tag (:func:`_closed`), its labels' empty ``tabindex`` kept (:data:`UNFOCUSED`).

    >>> compact("<ul>\\n    <li>a\\n\\n      b</li>\\n  </ul>\\n")
    '<ul><li>a b</li></ul>'
    >>> compact("<p>x</p>\\n<pre>  x\\n    y</pre>\\n   <p><code>a\\n  b</code></p>")
    '<p>x</p><pre>  x\\n    y</pre><p><code>a\\n  b</code></p>'
    >>> compact('<p title="two  spaces" class="a">x</p>')
    '<p title="two  spaces" class=a>x</p>'
    >>> compact('<math><mi>a</mi><mspace width="2em"/><mi>b</mi></math>')
    '<math><mi>a</mi><mspace width=2em></mspace><mi>b</mi></math>'
    """
    kept = UNFOCUSED.sub(r'\1" "', MATH.sub(_closed, html))
    return minify_html.minify(kept, **OPTIONS)


TABLE = re.compile(r"<table>(.*?)</table>", re.DOTALL)
"""A table as Python-Markdown writes it (no attribute; it holds no other table)."""

CELL = re.compile(r"<t[hd][\s>]")
"""The start tag of a cell, header or data (not ``<thead>``)."""

RIGHT = re.compile(r'<(t[hd]) align="right">')


def aligned(html: str) -> str:
    """``html`` with each table whose cells are mostly right-aligned marked so, once,
    and its right-aligned cells without their own mark.

    >>> row = '<tr><td align="right">1</td><td align="right">2</td><td align="left">a</td></tr>'
    >>> aligned(f"<table>{row}</table>")
    '<table data-align="right"><tr><td>1</td><td>2</td><td align="left">a</td></tr></table>'
    >>> aligned('<table><tr><td align="right">1</td><td align="left">a</td></tr></table>')
    '<table><tr><td align="right">1</td><td align="left">a</td></tr></table>'
    """

    def mark(table: re.Match[str]) -> str:
        body = table.group(1)
        cells = len(CELL.findall(body))
        unmarked, right = RIGHT.subn(r"<\1>", body)
        if 2 * right <= cells:
            return table.group(0)
        return f'<table data-align="right">{unmarked}</table>'

    return TABLE.sub(mark, html)
