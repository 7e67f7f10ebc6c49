"""The site's pages without the whitespace that no reader sees.

MkDocs Material's templates indent every element and leave blank lines between
them: a fifth of the bytes of an entry page, repeated on every page of the site.
Outside the elements that keep their whitespace as written (``pre``, ``textarea``,
``script``, ``style``, and ``code`` and ``kbd``, which Material sets in
``white-space: pre-wrap``), a run of whitespace that holds a line break renders as
one space, like the line break alone: each such run becomes that line break.  Lines
stay lines, so the page reads as before in the browser's source view and a space
between two words or two inline elements is never lost; non-breaking and other
Unicode spaces are text and are kept.
"""

from __future__ import annotations

import re

KEPT = re.compile(r"<(pre|textarea|script|style|code|kbd)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
"""An element whose text is kept as written (the first such end tag ends it: none of
these elements holds another of its own kind)."""

GAP = re.compile(r"[ \t\r]*\n[ \t\r\n]*")
"""A run of ASCII whitespace holding a line break (HTML's whitespace, less the form feed)."""


def compact(html: str) -> str:
    """``html`` with each run of whitespace that holds a line break cut to the line
    break, outside the elements whose whitespace shows.

    >>> compact("<ul>\\n    <li>a\\n\\n      b</li>\\n  </ul>\\n")
    '<ul>\\n<li>a\\nb</li>\\n</ul>\\n'
    >>> compact("<pre>  x\\n    y</pre>\\n   <code>a\\n  b</code>")
    '<pre>  x\\n    y</pre>\\n<code>a\\n  b</code>'
    """
    pieces = []
    start = 0
    for kept in KEPT.finditer(html):
        pieces.append(GAP.sub("\n", html[start : kept.start()]))
        pieces.append(kept.group(0))
        start = kept.end()
    pieces.append(GAP.sub("\n", html[start:]))
    return "".join(pieces)
