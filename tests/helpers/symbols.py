"""Symbols a text uses without defining them: Greek letters (written as letters, as
TeX macros or spelt out) and capital functions such as A(n), G(x, y) or R_p(N).

A symbol counts as defined when the text says what it is somewhere: "phi = ...",
"A(n) = ...", "A_n = ...", "G(x, y) is ...", "Let alpha ...", "Write R_p(N) ... for",
"the function G". Used by the test of the sequences' names and by the test of every
page of a built site (its text, captions and pictures' descriptions).
"""

from __future__ import annotations

import html
import re

GREEK_NAMES = {
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "zeta": "ζ",
    "theta": "θ",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "xi": "ξ",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
}
"""Greek letters by name, each to the one letter it stands for (``phi`` and TeX's
``\\varphi`` are both the golden ratio's letter). Letters that are common words or
never symbols here (``pi``, ``eta``, ``nu``, ``iota``, ``upsilon``, ``omicron``) are left out."""

_TEX_GREEK = re.compile(r"\\(" + "|".join(GREEK_NAMES) + r")(?![a-zA-Z])")
_SPELT_GREEK = re.compile(r"(?<![\\\w])(" + "|".join(GREEK_NAMES) + r")(?![a-zA-Z])")
_LETTER = "[\u03b1-\u03c9\u03d5]"  # α .. ω and ϕ (the paper's phi of Theorem 5.1)
_SUBSCRIPT = r"(?:_\{[^}]*\}|_\w+)?"
_ARGUMENTS = r"(?:\s*\([^()]*\))?"


def plain(text: str) -> str:
    """``text`` with TeX's and spelt-out Greek letters written as letters, TeX's
    ``\\(``, ``\\)``, ``\\[``, ``\\]`` dropped."""
    text = re.sub(r"\\[()\[\]]", " ", text)
    text = _TEX_GREEK.sub(lambda m: GREEK_NAMES[m[1]], text)
    text = text.replace("\\phi", "\u03d5")
    return _SPELT_GREEK.sub(lambda m: GREEK_NAMES[m[1]], text)


def _defined(symbol: str, text: str) -> bool:
    s = re.escape(symbol)
    head = rf"(?<![\w(]){s}{_SUBSCRIPT}{_ARGUMENTS}"
    patterns = (
        rf"{head}\s*(?:=(?!=)|:=|\\coloneqq)",
        rf"{head},?\s+(?:is|are|denotes|stands for)\b",
        rf"{head}\s+of\b[^.;]{{0,60}}?\s(?:is|are)\b",
        rf"\b(?:[Ll]et|[Ww]rite|[Cc]all|[Dd]enote|[Ww]ith|[Ww]here)\b[^.;]{{0,120}}?(?<![\w]){s}",
        rf"\b(?:function|sequence|number|ratio|constant|digits|interpretation)\s+{s}(?![A-Za-z0-9])",
    )
    return any(re.search(pattern, text) for pattern in patterns)


def used(text: str) -> set[str]:
    """The symbols ``text`` uses: Greek letters, and capital letters applied as
    functions (``A(n)``, ``R_p(N)``) or indexed (``A_n``); not ``O(...)``, Landau's
    notation for an order of growth."""
    text = plain(text)
    greek = set(re.findall(_LETTER, text))
    capitals = set(re.findall(rf"(?<![\w\\])([A-NP-Z]){_SUBSCRIPT}\((?=[^()]*\))", text))
    capitals |= set(re.findall(r"(?<![\w\\])([A-Z])_(?:\{[^}]*\}|[a-z0-9])(?![a-zA-Z])", text))
    return greek | capitals


def undefined(text: str) -> set[str]:
    """The symbols ``text`` uses without defining them."""
    text_plain = plain(text)
    return {symbol for symbol in used(text) if not _defined(symbol, text_plain)}


def page_text(document: str) -> str:
    """The words of an HTML page a reader sees or hears: its text, the alternative
    text and descriptions of its pictures, and the TeX of its formulas (scripts,
    styles and the site's navigation left out)."""
    document = re.sub(r"(?is)<(script|style|nav|header|footer)\b.*?</\1>", " ", document)
    alts = re.findall(r'(?i)\balt="([^"]*)"', document)
    aria = re.findall(r'(?i)\baria-label="([^"]*)"', document)
    text = re.sub(r"(?s)<[^>]+>", " ", document)
    return html.unescape(" ".join([text, *alts, *aria]))
