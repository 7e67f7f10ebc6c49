"""The stored formulas, written in ASCII (``A(n) = floor(n*phi)``), as TeX for KaTeX.

A sequence's formula and a game's P-positions are stored as plain text, which
people paste into programs.  On the pages each stretch of mathematics in them
becomes inline TeX, typeset when the site is built (:mod:`.typeset`) with its
ASCII as the label that assistive technology reads; the words around it stay
text.  What the translation does not recognise stays as it is written: a
stretch is typeset only when its brackets balance and it holds a letter and an
operation.
"""

from __future__ import annotations

import re

from wythoff.website.markdown import PLAIN, escape

NAMES = {
    "phi": r"\varphi",
    "alpha": r"\alpha",
    "beta": r"\beta",
    "gamma": r"\gamma",
    "theta": r"\theta",
    "tau": r"\tau",
    "mod": r"\bmod",
    "gcd": r"\gcd",
    "max": r"\max",
    "min": r"\min",
}
"""Words of a formula with a TeX of their own."""

GROUPS = {"floor": (r"\left\lfloor ", r"\right\rfloor "), "sqrt": (r"\sqrt{", "}")}
"""Functions whose argument, in brackets, becomes a TeX group."""

OPERATORS = {">=": r"\ge ", "<=": r"\le ", "!=": r"\ne ", "..": r"\ldots "}

TOKEN = re.compile(
    r"(?P<space>\s+)"
    # words joined by hyphens or an apostrophe (P-positions, 3-complementary, game's)
    r"|(?P<prose>[A-Za-z0-9]*[A-Za-z]{2,}[A-Za-z0-9]*(?:-[A-Za-z0-9]+)+"
    r"|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-[A-Za-z]{2,}[A-Za-z0-9]*|[A-Za-z]+'[A-Za-z]*)"
    r"|(?P<number>\d+(?:\.\d+)?(?!\.\.))|(?P<range>\.\.)"
    r"|(?P<word>[A-Za-z]+\d*)"
    r"|(?P<operator>>=|<=|!=|[-+*/^=<>])"
    r"|(?P<punctuation>[,;:])"
    r"|(?P<bracket>[(){}])"
    r"|(?P<other>.)",
    re.DOTALL,
)

MATH_KINDS = {"space", "number", "range", "operator", "punctuation", "bracket"}
OPENING, CLOSING = "({", ")}"


def _is_math(kind: str, text: str) -> bool:
    if kind == "word":
        return len(text) == 1 or text in NAMES or text in GROUPS or text == "mex"
    return kind in MATH_KINDS


def markdown(text: str) -> str:
    r"""``text`` for a Markdown page: its mathematics marked for KaTeX (with the ASCII
    as the formula's label), the rest escaped.

    >>> print(markdown("A(n) = floor(n*phi) for n > 1."))  # doctest: +NORMALIZE_WHITESPACE
    <span class="wy-plain">A(n) = floor(n\*phi)</span>\(A(n) = \left\lfloor n\varphi\right\rfloor\)
    for <span class="wy-plain">n &gt; 1</span>\(n > 1\).
    >>> markdown("no formula known; computed by the game solver")
    'no formula known; computed by the game solver'
    >>> markdown("Theorem 2.1 (iii)(b) lists P-positions")
    'Theorem 2.1 (iii)(b) lists P-positions'
    """
    tokens = [(found.lastgroup or "other", found.group()) for found in TOKEN.finditer(text)]
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if not _is_math(*tokens[i]):
            out.append(escape(tokens[i][1]))
            i += 1
            continue
        j = i
        while j < len(tokens) and _is_math(*tokens[j]):
            j += 1
        out.append(_stretch(tokens[i:j]))
        i = j
    return "".join(out)


def tex(text: str) -> str | None:
    r"""The TeX of a formula written in ASCII, or None when it is not all mathematics.

    >>> print(tex("A(n) = floor(n*(1 + sqrt(5))/2) = mex{A(i), B(i) : i < n}"))
    A(n) = \left\lfloor n(1 + \sqrt{5})/2\right\rfloor  = \operatorname{mex}\{A(i),\  B(i) : i < n\}
    >>> print(tex("B(n) = floor(n*phi^2) = 2*b(n) - n"))
    B(n) = \left\lfloor n\varphi^{2}\right\rfloor  = 2b(n) - n
    >>> tex("no formula known") is None
    True
    """
    tokens = [(found.lastgroup or "other", found.group()) for found in TOKEN.finditer(text)]
    if not all(_is_math(*token) for token in tokens):
        return None
    return _tex(tokens)


def _stretch(tokens: list[tuple[str, str]]) -> str:
    """A run of mathematical tokens: typeset if it is a formula, else text; the spaces
    and punctuation at its ends stay text."""
    start, end = 0, len(tokens)
    while start < end and tokens[start][0] in ("space", "punctuation"):
        start += 1
    while end > start and tokens[end - 1][0] in ("space", "punctuation"):
        end -= 1
    core = tokens[start:end]
    before = "".join(text for _, text in tokens[:start])
    after = "".join(text for _, text in tokens[end:])
    plain = "".join(text for _, text in core)
    if not _is_formula(core):
        return escape(before + plain + after)
    math = _tex(core)
    return (
        escape(before) + f'<span class="{PLAIN}">{escape(plain)}</span>\\({math}\\)' + escape(after)
    )


def _is_formula(tokens: list[tuple[str, str]]) -> bool:
    """Whether tokens are a formula: balanced brackets, a letter and an operation, and
    no operator at either end."""
    meaningful = [(kind, text) for kind, text in tokens if kind != "space"]
    if not meaningful or meaningful[0][0] == "operator" and meaningful[0][1] != "-":
        return False
    if meaningful[-1][0] == "operator":
        return False
    depth = 0
    for kind, text in meaningful:
        if kind == "bracket":
            depth += 1 if text in OPENING else -1
            if depth < 0:
                return False
    has_letter = any(kind == "word" for kind, _ in meaningful)
    has_operation = any(kind == "operator" or text == "(" for kind, text in meaningful)
    return depth == 0 and has_letter and has_operation


def _tex(tokens: list[tuple[str, str]]) -> str:
    """TeX of mathematical tokens (brackets balanced)."""
    out: list[str] = []
    closing: list[str] = []  # what each open bracket closes with
    depth = 0
    i = 0
    while i < len(tokens):
        kind, text = tokens[i]
        following = next((t for t in tokens[i + 1 :] if t[0] != "space"), ("", ""))
        if kind == "word" and text in GROUPS and following[1] == "(":
            opening, close = GROUPS[text]
            out.append(opening)
            closing.append(close)
            depth += 1
            i = tokens.index(following, i + 1) + 1
            continue
        if kind == "word" and text == "mex" and following[1] == "{":
            out.append(r"\operatorname{mex}\{")
            closing.append(r"\}")
            depth += 1
            i = tokens.index(following, i + 1) + 1
            continue
        if kind == "bracket":
            if text in OPENING:
                out.append("(" if text == "(" else r"\{")
                closing.append(")" if text == "(" else r"\}")
                depth += 1
            else:
                out.append(closing.pop() if closing else text)
                depth -= 1
        elif kind == "word":
            out.append(NAMES.get(text, text))
        elif kind == "operator":
            if text == "*":
                out.append(r"\cdot " if following[0] == "number" else "")
            else:
                out.append(OPERATORS.get(text, text))
        elif kind == "range":
            out.append(OPERATORS[".."])
        elif kind == "punctuation":
            out.append({",": r",\ " if depth else r",\; ", ";": r";\quad "}.get(text, text))
        elif kind == "number":
            out.append(text)
        else:  # space
            out.append(" ")
        if text == "^" and following[0] in ("number", "word"):
            out.append("{" + NAMES.get(following[1], following[1]) + "}")
            i = tokens.index(following, i + 1)
        i += 1
    return "".join(out).strip()
