"""Small Markdown builders: tables, links and escaping."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def escape(text: object) -> str:
    """Text safe inside a Markdown table cell or paragraph: Markdown's own escapes for
    the characters it knows, HTML entities for ``<`` and ``>`` (which it does not)."""
    value = str(text)
    for char in ("\\", "|", "*", "_", "[", "]", "`"):
        value = value.replace(char, "\\" + char)
    return value.replace("<", "&lt;").replace(">", "&gt;")


def code(text: object) -> str:
    value = str(text).replace("`", "'")
    return f"`{value}`"


def link(label: str, target: str) -> str:
    return f"[{label}]({target})"


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], align: str = "") -> str:
    """A pipe table; ``align`` is one character per column: l, r or c."""
    marks = {"l": ":--", "r": "--:", "c": ":-:"}
    header = "| " + " | ".join(headers) + " |"
    columns = align[: len(headers)].ljust(len(headers))  # one mark per column, no more
    rule = "| " + " | ".join(marks.get(a, "---") for a in columns) + " |"
    body = ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join([header, rule, *body]) + "\n"


def unsearched(markdown: str) -> str:
    """Wrap a block so that Material's search does not index it (long number tables)."""
    return f"<div markdown data-search-exclude>\n\n{markdown}\n</div>\n"


def front_matter(**fields: str) -> str:
    lines = [f"{key}: {value}" for key, value in fields.items()]
    return "---\n" + "\n".join(lines) + "\n---\n\n"
