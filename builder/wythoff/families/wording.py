"""Formulas in words as a reader writes them: no "+ 0", "1n", "0/k" or "(0 + sqrt(8))/4".

The family modules fill their names and formulas from parameters; these
functions write each small expression in its simplest form, so that a template
never shows its own scaffolding (``affine(1, "n", 0)`` is "n", not "1n + 0").
"""

from __future__ import annotations

from math import gcd, isqrt
from typing import NamedTuple


class Notation(NamedTuple):
    """A paper's name for a game, in two forms: ``ascii`` as the plain names write it
    (``2WN^(2,3)``: titles, search, anything read as text) and ``tex`` as the paper
    typesets it (``2\\mathrm{WN}^{(2,3)}``), for the pages to render with KaTeX."""

    ascii: str
    tex: str

    def __str__(self) -> str:
        return self.ascii


def tex_name(name: str, *notations: Notation) -> str:
    r"""``name`` with each notation written in TeX between ``\(`` and ``\)``, the
    rest unchanged (plain text); ``""`` when there is no notation, so that a reader
    of the column knows at once that the plain name is all there is.

    >>> blocking = Notation("2WN^3", r"2\mathrm{WN}^{3}")
    >>> tex_name("2-Wythoff 3-Blocking Nim (2WN^3)", blocking)
    '2-Wythoff 3-Blocking Nim (\\(2\\mathrm{WN}^{3}\\))'
    >>> tex_name("Wythoff's game")
    ''
    """
    text = name
    for notation in notations:
        if text.count(notation.ascii) != 1:
            raise ValueError(f"{notation.ascii!r} is not written once in {name!r}")
        text = text.replace(notation.ascii, f"\\({notation.tex}\\)")
    return text if notations else ""


def affine(coefficient: int, variable: str, constant: int = 0, times: str = "") -> str:
    """``coefficient*variable + constant``: "n", "2n", "3i + 1", "2n - 1", "5"
    (``times="*"`` writes "2*n", as program-like formulas do)."""
    if coefficient == 0:
        return str(constant)
    return combination([(coefficient, variable), (constant, "")], times)


def combination(terms: list[tuple[int, str]], times: str = "*") -> str:
    """A sum of ``coefficient * expression`` (expression "" for a constant), with
    zero terms dropped and unit coefficients unwritten: "a(n) + 2*b(n)", "b(n) - n"."""
    text = ""
    for coefficient, expression in terms:
        if coefficient == 0:
            continue
        size = abs(coefficient)
        term = expression if size == 1 and expression else f"{size}{times}{expression}"
        term = term if expression else str(size)
        if not text:
            text = term if coefficient > 0 else f"-{term}"
        else:
            text += f" {'+' if coefficient > 0 else '-'} {term}"
    return text or "0"


def divided(expression: str, divisor: int) -> str:
    """``expression / divisor``, with parentheses where needed; nothing for 1."""
    if divisor == 1:
        return expression
    return f"({expression})/{divisor}" if " " in expression else f"{expression}/{divisor}"


def grouped(expression: str) -> str:
    """The expression in parentheses if it is a sum, as a factor of a product."""
    return f"({expression})" if " " in expression else expression


def plus_fraction(variable: str, numerator: int, denominator: int) -> str:
    """``variable + numerator/denominator`` in lowest terms: "n", "n + 1/3", "n + 1".

    >>> plus_fraction("n", 0, 3), plus_fraction("n", 2, 6), plus_fraction("n", 4, -2)
    ('n', 'n + 1/3', 'n - 2')
    """
    if numerator == 0:
        return variable
    common = gcd(numerator, denominator) * (1 if denominator > 0 else -1)
    top, bottom = numerator // common, denominator // common
    size = str(abs(top)) if bottom == 1 else f"{abs(top)}/{bottom}"
    return f"{variable} {'+' if top > 0 else '-'} {size}"


def surd(rational: int, radicand: int, denominator: int) -> str:
    """``(rational + sqrt(radicand))/denominator`` simplified: square factors out of
    the root, common factors cancelled, zero parts dropped ("sqrt(2)/2" for
    ``surd(0, 8, 4)``, "(1 + sqrt(5))/2" unchanged)."""
    outside, inside = _square_part(radicand)
    common = gcd(gcd(rational, outside), denominator)
    rational, outside, denominator = rational // common, outside // common, denominator // common
    if denominator < 0:
        rational, outside, denominator = -rational, -outside, -denominator
    root = "sqrt" + f"({inside})" if inside != 1 else ""
    irrational = f"{outside}*{root}" if outside != 1 and root else root or str(outside)
    if inside == 1:  # a perfect square: a rational number
        from fractions import Fraction

        return str(Fraction(rational + outside, denominator))
    numerator = irrational if rational == 0 else f"{rational} + {irrational}"
    if denominator == 1:
        return numerator
    if rational != 0:
        numerator = f"({numerator})"
    return f"{numerator}/{denominator}"


SQUARE_FACTORS_BELOW = 10_000
"""Square factors are taken out of a root by trial division up to this bound: the
parameters may be huge (k = 10^17), and a root left partly unsimplified is still right."""


def _square_part(radicand: int) -> tuple[int, int]:
    """``(s, r)`` with ``radicand = s^2 * r``, ``r`` free of squares of small primes."""
    outside, inside = 1, radicand
    factor = 2
    while factor * factor <= inside and factor < SQUARE_FACTORS_BELOW:
        while inside % (factor * factor) == 0:
            inside //= factor * factor
            outside *= factor
        factor += 1
    if isqrt(inside) ** 2 == inside:  # 1 (radicand was a perfect square) or 0
        outside, inside = outside * isqrt(inside), 1
    return outside, inside
