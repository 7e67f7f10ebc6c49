"""Formulas typeset when the site is built, by KaTeX itself.

Every formula that pymdownx.arithmatex marks on a page (``\\( ... \\)`` inline,
``\\[ ... \\]`` displayed) becomes KaTeX's HTML and MathML here, with the
vendored ``katex.min.js`` run in V8 (mini-racer).  The pages then carry no math
script: a formula is on the page when its HTML arrives, with or without
JavaScript, and a phone does not download, compile and run KaTeX's script
before it can show a heading.  Only KaTeX's stylesheet and the fonts a formula
uses are fetched, and only by the pages that have formulas.

A name's notation comes as its plain form (``2WN^(2,3)``) in a ``wy-plain``
span just before its formula (see :mod:`wythoff.website.markdown`); the plain
form becomes the label of the formula's MathML, so that a heading's accessible
name says the notation, and the span goes.
"""

from __future__ import annotations

import functools
import html
import itertools
import re
from typing import TYPE_CHECKING

from wythoff import resources

if TYPE_CHECKING:
    from py_mini_racer import MiniRacer

VENDOR = "assets/vendor/katex"
"""Where the site keeps KaTeX, relative to its root (sources and built site alike)."""
STYLESHEET = f"{VENDOR}/katex.min.css"

FORMULA = re.compile(
    r'(?:(?P<open>\()?<span class="wy-plain">(?P<plain>[^<]*)</span>)?'
    r'<(?P<tag>span|div) class="arithmatex">(?P<tex>.*?)</(?P=tag)>'
    r"(?(plain)(?P<close>\))?)",
    re.DOTALL,
)
"""A formula as pymdownx.arithmatex writes it (``generic: true``), after the plain
form of its notation if it has one, and then with the brackets around it."""


COLLECTED_EVERY = 1000
"""Formulas typeset between two requests to V8 to collect its garbage: left to itself
it grows its heap with every formula, and a large site sets hundreds of thousands."""

_typeset_count = itertools.count(1)


class TeXError(ValueError):
    """A formula KaTeX cannot typeset: the site is not built with it."""


@functools.cache
def katex() -> MiniRacer:
    """V8 with KaTeX loaded, started once per process (loading KaTeX is its cost)."""
    from py_mini_racer import MiniRacer

    engine = MiniRacer()
    engine.eval((resources.site_sources() / VENDOR / "katex.min.js").read_text(encoding="utf-8"))
    return engine


def render(tex: str, display: bool = False) -> str:
    r"""KaTeX's HTML (with its MathML) of one formula.

    >>> html = render(r"2\mathrm{WN}^{(2,3)}")
    >>> html.startswith('<span class="katex"><span class="katex-mathml"><math')
    True
    >>> render(r"\frac{1}{")
    Traceback (most recent call last):
    ...
    wythoff.website.typeset.TeXError: KaTeX cannot typeset '\\frac{1}{': ...
    """
    options = {"displayMode": display, "throwOnError": True}
    try:
        typeset: str = katex().call("katex.renderToString", tex, options)
    except Exception as error:  # KaTeX's ParseError, as V8 reports it
        message = str(error).strip().splitlines()[0]
        raise TeXError(f"KaTeX cannot typeset {tex!r}: {message}") from None
    if next(_typeset_count) % COLLECTED_EVERY == 0:
        katex().low_memory_notification()
    return typeset


def typeset(page: str) -> str:
    r"""``page``'s HTML with every formula typeset; a notation's plain form labels it.

    >>> out = typeset('a <span class="wy-plain">2WN^2</span>'
    ...               r'<span class="arithmatex">\(2\mathrm{WN}^{2}\)</span> b')
    >>> out.startswith('a <span class="arithmatex wy-name"><span class="katex">')
    True
    >>> '<math aria-label="2WN^2" ' in out, 'wy-plain' in out, out.endswith('</span> b')
    (True, False, True)
    """
    return FORMULA.sub(_typeset_one, page)


def _typeset_one(found: re.Match[str]) -> str:
    marked = html.unescape(found["tex"]).strip()
    display = marked.startswith("\\[")
    typeset = render(marked[2:-2].strip(), display)
    plain = found["plain"]
    if plain is None:
        return f'<{found["tag"]} class="arithmatex">{typeset}</{found["tag"]}>'
    # the plain form names the math for assistive technology: a heading's accessible
    # name leaves out MathML content otherwise
    label = html.escape(html.unescape(plain), quote=True)
    labelled = typeset.replace("<math ", f'<math aria-label="{label}" ', 1)
    name = f'<span class="arithmatex wy-name">{labelled}</span>'
    if found["open"] and found["close"]:  # "(2WN^3)": no line break inside the brackets
        return f'<span class="wy-nobreak">({name})</span>'
    return (found["open"] or "") + name + (found["close"] or "")


def has_formulas(page: str) -> bool:
    """Whether a built page holds typeset math (and so needs KaTeX's stylesheet)."""
    return 'class="katex"' in page  # a displayed formula holds one too
