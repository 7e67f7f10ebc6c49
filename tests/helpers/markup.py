"""A built page read as HTML, not as text: its elements found by tag and attribute,
each with its attributes (entities decoded, whether quoted or not), its text and its
markup.  The site's pages are minified, which leaves an attribute value unquoted
where HTML allows and writes attributes in an order of its own: a test that looks
for ``href="..."`` in the text tests the minifier, one that reads the element tests
the page.

``find(html, "a", href="x")`` — every ``<a href="x">``; ``classes="md-nav__link"``
matches an element whose ``class`` holds that name; ``first`` is the only or first.
"""

from __future__ import annotations

import functools
import html.parser
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from tests.helpers.tracing import run_untraced

for _name in ("attrfind_tolerant", "locatestarttagend_tolerant", "tagfind_tolerant"):
    _pattern = getattr(html.parser, _name)
    setattr(
        html.parser, _name, re.compile(_pattern.pattern, (_pattern.flags & ~re.UNICODE) | re.ASCII)
    )
"""HTML's whitespace, which ends an unquoted attribute value, is ASCII's: html.parser
reads its tags with ``\\s``, which in a str pattern is any Unicode space, and ended
``title=a\\xa0b`` at the no-break space.  Its patterns are read as ASCII's here."""

VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
    "source", "track", "wbr",
}  # fmt: skip
"""Elements with no end tag."""


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    start: int
    """Where its start tag begins in the page."""
    end: int = -1
    """Where its end tag ends (the end of its start tag for a void element)."""
    page: str = field(default="", repr=False)
    parts: list[str] = field(default_factory=list, repr=False)

    @property
    def text(self) -> str:
        """Its text, entities decoded, as written (whitespace too)."""
        return "".join(self.parts)

    @property
    def markup(self) -> str:
        """The page's source of the element, from its start tag to its end tag."""
        return self.page[self.start : self.end]

    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def find(self, tag: str | None = None, **attrs: str) -> list[Element]:
        """The elements inside it (itself not included) that match."""
        return [e for e in find(self.markup, tag, **attrs) if e.start > 0]

    def matches(self, tag: str | None, attrs: dict[str, str]) -> bool:
        if tag is not None and self.tag != tag:
            return False
        for name, value in attrs.items():
            if name == "classes":
                if not set(value.split()) <= set(self.classes()):
                    return False
            elif self.attrs.get(name.rstrip("_").replace("_", "-")) != value:
                return False
        return True


class _Reader(HTMLParser):
    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.lines = [0]
        for number, line in enumerate(page.splitlines(keepends=True)):
            self.lines.append(self.lines[number] + len(line))
        self.elements: list[Element] = []
        self.open: list[Element] = []

    def where(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.where(), page=self.page)
        self.elements.append(element)
        if tag in VOID:
            element.end = element.start + len(self.get_starttag_text() or "")
        else:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.where(), page=self.page)
        element.end = element.start + len(self.get_starttag_text() or "")
        self.elements.append(element)

    def handle_endtag(self, tag: str) -> None:
        if not any(e.tag == tag for e in self.open):
            return
        end = self.page.index(">", self.where()) + 1
        while self.open:
            element = self.open.pop()
            element.end = end
            if element.tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for element in self.open:
            element.parts.append(data)


def elements(page: str) -> list[Element]:
    """Every element of ``page`` in document order."""
    return list(_read(page))


@functools.lru_cache(maxsize=8)
@run_untraced  # the test's own reading of a page, traced for nothing
def _read(page: str) -> tuple[Element, ...]:
    """The elements of ``page``, read once for the tests that look for one tag, then
    another, in the same page."""
    reader = _Reader(page)
    reader.feed(page)
    reader.close()
    for element in reader.open:  # left open at the end of the page
        element.end = len(page)
    return tuple(reader.elements)


def find(page: str, tag: str | None = None, **attrs: str) -> list[Element]:
    """The elements of ``page`` with this tag (any if None) and these attributes
    (``data_align="right"`` for ``data-align``; ``classes`` for class names held)."""
    return [e for e in elements(page) if e.matches(tag, attrs)]


def first(page: str, tag: str | None = None, **attrs: str) -> Element:
    """The first element of ``page`` that matches (:func:`find`); an assertion if none."""
    found = find(page, tag, **attrs)
    assert found, f"no <{tag or '*'}> with {attrs}"
    return found[0]


def links(page: str) -> list[str]:
    """The ``href`` of every ``<a>`` of ``page``, in order."""
    return [e.attrs["href"] for e in find(page, "a") if "href" in e.attrs]
