"""Small Markdown builders: tables, links and escaping."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence


def escape(text: object) -> str:
    """Text safe inside a Markdown table cell or paragraph: Markdown's own escapes for
    the characters it knows, HTML entities for ``<`` and ``>`` (which it does not)."""
    value = str(text)
    for char in ("\\", "|", "*", "_", "[", "]", "`"):
        value = value.replace(char, "\\" + char)
    return value.replace("<", "&lt;").replace(">", "&gt;")


def data_attributes(data: Mapping[str, object]) -> str:
    """`` data-key="value"`` for each item, to follow a tag's name: underscores of a key
    as hyphens, each value escaped and its line ends as ``&#10;`` (the element stays one
    line of HTML, whatever reads it)."""
    return "".join(
        f' data-{key.replace("_", "-")}="{html.escape(str(value)).replace(chr(10), "&#10;")}"'
        for key, value in data.items()
    )


def code(text: object) -> str:
    value = str(text).replace("`", "'")
    return f"`{value}`"


def link(label: str, target: str) -> str:
    return f"[{label}]({target})"


PLAIN_CELL = re.compile(r"[^\\`*_\[\]<>&|!${}\x00-\x1f\x7f]*")
"""A cell that Markdown would write as it stands: none of the characters that begin
its inline syntax (escapes, code, emphasis, links, raw HTML, entities, math,
attributes), nor the table's own ``|``, nor a control character (a line end, a tab
that Markdown would expand)."""

ALIGNMENT = {"l": "left", "r": "right", "c": "center"}
"""``table``'s alignment letters, as the tables extension writes them (``align=``)."""


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], align: str = "") -> str:
    """A table; ``align`` is one character per column: l, r or c.

    A table whose every cell is plain text (:data:`PLAIN_CELL`) and every row full,
    such as a table of numbers, is written in HTML as the tables extension renders
    its pipe table: the pages are the same, and the largest tables of the site are
    not parsed as Markdown (nor, :mod:`.kept_tables`, as HTML).  Any other table is a
    pipe table.

    >>> print(table(["n", "a(n)"], [[1, 2]], "rl"), end="")
    <table>
    <thead>
    <tr><th align="right">n</th><th align="left">a(n)</th></tr>
    </thead>
    <tbody>
    <tr><td align="right">1</td><td align="left">2</td></tr>
    </tbody>
    </table>
    >>> print(table(["rule"], [["[x](y)"]]), end="")
    | rule |
    | --- |
    | [x](y) |
    """
    head, *body = [[str(c).strip(" ") for c in row] for row in [headers, *rows]]  # as Markdown
    columns = align[: len(head)].ljust(len(head))  # one mark per column, no more
    full = body and all(len(row) == len(head) for row in body)
    if full and all(PLAIN_CELL.fullmatch(c) for row in [head, *body] for c in row):
        return _html_table(head, body, columns)
    marks = {"l": ":--", "r": "--:", "c": ":-:"}
    rule = [marks.get(a, "---") for a in columns]
    return "".join("| " + " | ".join(row) + " |\n" for row in [head, rule, *body])


def _html_table(headers: Sequence[str], rows: list[list[str]], columns: str) -> str:
    """The HTML that the tables extension writes for a pipe table of plain cells (each
    column's alignment as ``align``), a row a line."""
    aligns = [f' align="{ALIGNMENT[a]}"' if a in ALIGNMENT else "" for a in columns]

    def line(tag: str, row: Sequence[str]) -> str:
        cells = "".join(f"<{tag}{a}>{c}</{tag}>" for a, c in zip(aligns, row, strict=True))
        return f"<tr>{cells}</tr>"

    body = "\n".join(line("td", row) for row in rows)
    return (
        f"<table>\n<thead>\n{line('th', headers)}\n</thead>\n<tbody>\n{body}\n</tbody>\n</table>\n"
    )


def unsearched(block: str, css_class: str = "") -> str:
    """Wrap a block so that Material's search does not index it (long number tables),
    with a class for the style sheet if given: Markdown for md_in_html to parse
    within, or a table already in HTML (:func:`table`), kept as it is and marked as
    md_in_html marks the other (``data-search-exclude="data-search-exclude"``): the
    same element whichever way it is written."""
    attribute = f' class="{css_class}"' if css_class else ""
    if block.startswith("<table>"):
        return f'<div{attribute} data-search-exclude="data-search-exclude">\n{block}</div>\n'
    return f"<div{attribute} markdown data-search-exclude>\n\n{block}\n</div>\n"


def front_matter(**fields: str) -> str:
    lines = [f"{key}: {value}" for key, value in fields.items()]
    return "---\n" + "\n".join(lines) + "\n---\n\n"


def yaml_string(text: str) -> str:
    """``text`` as a YAML string in double quotes, for a value of the front matter."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


MATH = re.compile(r"\\\((.+?)\\\)")
r"""Inline math in a stored ``name_tex``: ``\(`` TeX ``\)``."""


def notation_pieces(name: str, name_tex: str) -> list[tuple[str, str, str]]:
    r"""A name cut into ``(text, plain, tex)`` pieces: plain text, then a notation as
    the plain name writes it and as TeX (both ``""`` after the last notation).  A
    name without notation (``name_tex`` empty) is one piece of text.

    >>> name, tex = "2WN^3 blocking", r"\(2\mathrm{WN}^{3}\) blocking"
    >>> for piece in notation_pieces(name, tex):
    ...     print(piece)
    ('', '2WN^3', '2\\mathrm{WN}^{3}')
    (' blocking', '', '')
    """
    if not name_tex:
        return [(name, "", "")]
    cut = MATH.split(name_tex)  # text, tex, text, tex, ..., text
    texts, formulas = cut[0::2], cut[1::2]
    plain = "(.+?)".join(re.escape(text) for text in texts)
    found = re.fullmatch(plain, name, re.DOTALL)
    if found is None:
        raise ValueError(f"{name_tex!r} is not {name!r} with notations in TeX")
    notations = [*found.groups(), ""]
    return list(zip(texts, notations, [*formulas, ""], strict=True))


PLAIN = "wy-plain"
"""The class of a notation's plain form, written just before its math: when the site
is built, :mod:`wythoff.website.typeset` makes it the label of the typeset formula
(what assistive technology reads) and removes it."""


def name_markdown(name: str, name_tex: str) -> str:
    r"""A name for a Markdown heading, paragraph or table cell: its text escaped, and
    each notation in its plain form followed by its math, ``\( ... \)``, which
    pymdownx.arithmatex marks for KaTeX.

    >>> print(name_markdown("3x2WN_1, shifted", r"\(3\times 2\mathrm{WN}_{1}\), shifted"))
    <span class="wy-plain">3x2WN\_1</span>\(3\times 2\mathrm{WN}_{1}\), shifted
    >>> name_markdown("Wythoff's game", "")
    "Wythoff's game"
    """
    return "".join(
        escape(text) + (f'<span class="{PLAIN}">{escape(plain)}</span>\\({tex}\\)' if tex else "")
        for text, plain, tex in notation_pieces(name, name_tex)
    )


def name_html(name: str, name_tex: str) -> str:
    r"""A name for HTML (the index tables): as :func:`name_markdown`, with the math in
    the ``arithmatex`` span that pymdownx.arithmatex would write.

    >>> print(name_html("2WN^3 & b", r"\(2\mathrm{WN}^{3}\) & b"))
    <span class="wy-plain">2WN^3</span><span class="arithmatex">\(2\mathrm{WN}^{3}\)</span> &amp; b
    """
    return "".join(
        html.escape(text)
        + (
            f'<span class="{PLAIN}">{html.escape(plain)}</span>'
            f'<span class="arithmatex">\\({html.escape(tex)}\\)</span>'
            if tex
            else ""
        )
        for text, plain, tex in notation_pieces(name, name_tex)
    )


def heading(name: str, name_tex: str) -> str:
    r"""A page's h1 of a name with notation, its anchor the one Markdown gives the plain
    name (a link to it is the same whether the notation is rendered or not).

    >>> print(heading("Blocking Nim (2WN^3)", r"Blocking Nim (\(2\mathrm{WN}^{3}\))"), end="")
    # Blocking Nim (<span class="wy-plain">2WN^3</span>\(2\mathrm{WN}^{3}\)) { #blocking-nim-2wn3 }
    <BLANKLINE>
    """
    return f"# {name_markdown(name, name_tex)} {{ #{anchor(name)} }}\n\n"


def anchor(text: str) -> str:
    """The anchor Markdown's ``toc`` extension gives a heading of ``text`` (its
    default ``slugify``): ASCII letters, digits, ``_`` and ``-``, lower case.

    >>> anchor("2-Wythoff modulo-3 2-Nim (2WN^(2,3))"), anchor("Misère Wythoff")
    ('2-wythoff-modulo-3-2-nim-2wn23', 'misere-wythoff')
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    plain = re.sub(r"[^\w\s-]", "", plain).strip().lower()
    return re.sub(r"[-\s]+", "-", plain)
