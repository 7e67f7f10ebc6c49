"""The site's pages without the bytes that no reader sees: whitespace, the namespace
of inline SVG and MathML, and the alignment of each cell of a table whose cells are
mostly right-aligned.

MkDocs Material's templates indent every element and leave blank lines between
them: a fifth of the bytes of an entry page, repeated on every page of the site.
Outside the elements that keep their whitespace as written (``pre``, ``textarea``,
``script``, ``style``, and ``code`` and ``kbd``, which Material sets in
``white-space: pre-wrap``), a run of whitespace that holds a line break renders as
one space, like the line break alone: each such run becomes that line break.  Lines
stay lines, so the page reads as before in the browser's source view and a space
between two words or two inline elements is never lost; non-breaking and other
Unicode spaces are text and are kept.  An ``<svg>`` or ``<math>`` element of an HTML
page is in its namespace by its name: the ``xmlns`` that the theme's icons and KaTeX
write on each (16,000 on the default site) is left out.

Python-Markdown writes the alignment of a column into each of its cells
(``align="right"``: a quarter million cells of numbers on the default site).  A table
whose cells are mostly right-aligned says so once, ``<table data-align="right">``,
which the style sheet (``extra.css``) reads as the alignment of its cells that carry
none; its other cells keep their own.
"""

from __future__ import annotations

import re

KEPT = re.compile(r"<(pre|textarea|script|style|code|kbd)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
"""An element whose text is kept as written (the first such end tag ends it: none of
these elements holds another of its own kind)."""

GAP = re.compile(r"[ \t\r]*\n[ \t\r\n]*")
"""A run of ASCII whitespace holding a line break (HTML's whitespace, less the form feed)."""

NAMESPACE = re.compile(
    r'(<(?:svg|math)\b[^>]*?) xmlns="http://www\.w3\.org/(?:2000/svg|1998/Math/MathML)"'
)
"""The namespace written on an inline ``<svg>`` or ``<math>`` element, which the HTML
parser gives it by its name."""


def _outside(html: str) -> str:
    """A stretch of a page outside the kept elements, compacted."""
    return NAMESPACE.sub(r"\1", GAP.sub("\n", html))


TABLE = re.compile(r"<table>(.*?)</table>", re.DOTALL)
"""A table as Python-Markdown writes it (no attribute; it holds no other table)."""

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
        cells = body.count("<td") + body.count("<th")
        unmarked, right = RIGHT.subn(r"<\1>", body)
        if 2 * right <= cells:
            return table.group(0)
        return f'<table data-align="right">{unmarked}</table>'

    return TABLE.sub(mark, html)


def compact(html: str) -> str:
    """``html`` with each run of whitespace that holds a line break cut to the line
    break, outside the elements whose whitespace shows.

    >>> compact("<ul>\\n    <li>a\\n\\n      b</li>\\n  </ul>\\n")
    '<ul>\\n<li>a\\nb</li>\\n</ul>\\n'
    >>> compact("<pre>  x\\n    y</pre>\\n   <code>a\\n  b</code>")
    '<pre>  x\\n    y</pre>\\n<code>a\\n  b</code>'
    >>> compact('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path/></svg>')
    '<svg viewBox="0 0 24 24"><path/></svg>'
    """
    pieces = []
    start = 0
    for kept in KEPT.finditer(html):
        pieces.append(_outside(html[start : kept.start()]))
        pieces.append(kept.group(0))
        start = kept.end()
    pieces.append(_outside(html[start:]))
    return "".join(pieces)
