"""Beatty identities read from an OEIS entry's own words, proven exactly.

Many entries define themselves by a formula: A000201 is "Lower Wythoff sequence
(a Beatty sequence): a(n) = floor(n*phi), where phi = (1+sqrt(5))/2".  When our
sequence is ``floor(n*alpha + beta)`` with the same ``alpha`` (and the shifts of
the two indices agree), the relation is a theorem, not an observation on terms.

:func:`definition` reads the entry's name: a ``floor(...)`` whose argument is
linear in ``n`` (``floor((n + 1/2) * sqrt(2))``, ``floor(r*n)``), or "Beatty
sequence for x" (``floor(n*x)``), with the symbols its ``where x = ...`` clauses
define.  The arithmetic is exact in Q(sqrt d)
(:class:`~wythoff.core.quadratic.QuadraticNumber`); anything else in the text
(logarithms, pi, two different square roots) leaves the entry unread.

>>> found = definition("Lower Wythoff sequence: a(n) = floor(n*phi), where phi = (1+sqrt(5))/2.")
>>> found.text, str(found.slope), str(found.intercept)
('floor(n*phi)', '(1 + sqrt(5))/2', '0')
>>> str(definition("a(n) = floor((n+1/2)*(2+sqrt(2)))").intercept)
'(2 + sqrt(2))/2'
>>> definition("Beatty sequence for 1 + 1/log(10).") is None
True
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt
from typing import TYPE_CHECKING

from wythoff.core.quadratic import QuadraticNumber

if TYPE_CHECKING:
    from wythoff.core.discrepancy import BeattyForm

Number = Fraction | QuadraticNumber


class Unread(ValueError):
    """The text is not an expression this module evaluates exactly."""


@dataclass(frozen=True)
class Definition:
    """``a(n) = floor(slope*n + intercept)``, as the entry's ``text`` says."""

    text: str
    slope: Number
    intercept: Number
    hence: str = ""  # what follows from ``text`` by a theorem, when the name does not say it


def definition(name: str) -> Definition | None:
    """The Beatty formula an entry's name states, or ``None``."""
    symbols = _definitions(name)
    for text, argument in _candidates(name):
        try:
            slope, intercept = _linear(argument, symbols)
        except (Unread, SyntaxError, ZeroDivisionError, ValueError, RecursionError):
            continue
        if slope != Fraction(0):
            return Definition(text, slope, intercept)
    return None


def complement(name: str, offset: int, names: Callable[[str], str]) -> Definition | None:
    """The Beatty formula of an entry named "... complement of A001956" when the
    entry it names is ``floor(n*alpha)`` with an irrational ``alpha > 1``: by Beatty's
    theorem the positive integers it misses are ``floor(m*beta)``, ``m >= 1``, with
    ``1/alpha + 1/beta = 1``; the entry's ``offset`` says which ``m`` its first term has.

    >>> wythoff = "a(n) = floor(n*phi), where phi = (1+sqrt(5))/2."
    >>> found = complement("Complement of A000201.", 1, lambda a: wythoff)
    >>> found.text, str(found.slope), found.hence
    ('the complement of A000201, floor(n*phi)', '(3 + sqrt(5))/2', 'floor(n*((3 + sqrt(5))/2))')
    """
    for other in _COMPLEMENT.findall(name):
        base = definition(names(other))
        if base is None or not isinstance(_normal(base.slope), QuadraticNumber):
            continue
        alpha = base.slope
        if _normal(base.intercept) != Fraction(0) or _sub(alpha, Fraction(1)).sign() <= 0:  # type: ignore[union-attr]
            continue
        beta = _times(alpha, _inverse(_sub(alpha, Fraction(1))))
        intercept = _times(beta, Fraction(1 - offset))
        text = f"the complement of {other}, {base.text}"
        return Definition(text, beta, intercept, describe(beta, intercept))
    return None


def same(x: Number, y: Number) -> bool:
    """Whether two numbers are equal, exactly."""
    return _normal(_sub(x, y)) == Fraction(0)


def describe(slope: Number, intercept: Number) -> str:
    """``floor(n*x + y)`` in words a reader types.

    >>> describe(QuadraticNumber(1, 1, 5, 2), Fraction(0))
    'floor(n*((1 + sqrt(5))/2))'
    """
    text = "n" if slope == Fraction(1) else f"n*{_grouped(slope)}"
    if _normal(intercept) != Fraction(0):
        text += f" + {_grouped(intercept)}"
    return f"floor({text})"


def _grouped(x: Number) -> str:
    text = str(x)
    return f"({text})" if " " in text or text.startswith("-") else text


# ----------------------------------------------------------------------------- reading the text

_COMPLEMENT = re.compile(r"\b[Cc]omplement of (A\d{6})\b")
_FLOOR = re.compile(r"floor\(", re.IGNORECASE)
_BEATTY = re.compile(r"Beatty sequence (?:for|of) ([^;,]+?)(?:\.\s|\.$|;|,|$)", re.IGNORECASE)
_BARE_ROOT = re.compile(r"\bsqrt\s+(\d+)")  # "(3+sqrt 3)/2"
_VALUE = re.compile(r"\ba\(n\)\s*=$")
_WHERE = re.compile(r"\b([A-Za-z]\w*)\s*=\s*(.+?)(?=\s=\s|;|,\s|\.\s|\.$|$)")


def _candidates(name: str) -> list[tuple[str, str]]:
    """``(as written, argument)`` for each floor that is the whole of a term's value
    (``a(n) = floor(...)`` or ``...: floor(...)``, not ``floor(floor(...)*x)`` nor
    ``2*floor(...)``) and each "Beatty sequence for" in ``name``."""
    found = []
    spans: list[tuple[int, int]] = []
    for start in _FLOOR.finditer(name):
        depth, i = 1, start.end()
        while i < len(name) and depth:
            depth += {"(": 1, ")": -1}.get(name[i], 0)
            i += 1
        if depth:
            continue
        inside = any(low < start.start() < high for low, high in spans)
        spans.append((start.start(), i))
        before, after = name[: start.start()].rstrip(), name[i:].lstrip()
        whole_before = not before or before.endswith(":") or _VALUE.search(before)
        whole_after = not after or after[0] in ".,;" or after[0].isalpha()
        if not inside and whole_before and whole_after:
            found.append((name[start.start() : i], name[start.end() : i - 1]))
    for beatty in _BEATTY.finditer(name):
        found.append((f"floor(n*({beatty[1]}))", f"n*({beatty[1]})"))
    return found


def _definitions(name: str) -> dict[str, str]:
    return {
        symbol: value
        for symbol, value in _WHERE.findall(name)
        if symbol != "n" and not symbol.startswith("a")
    }


def _linear(text: str, symbols: dict[str, str], depth: int = 0) -> tuple[Number, Number]:
    """``(slope, intercept)`` of an expression linear in ``n``."""
    if depth > 4:
        raise Unread("definitions nest too deep")
    written = _BARE_ROOT.sub(r"sqrt(\1)", text.replace("^", "**")).strip()
    tree = ast.parse(written, mode="eval")
    return _evaluate(tree.body, symbols, depth)


def _evaluate(node: ast.expr, symbols: dict[str, str], depth: int) -> tuple[Number, Number]:
    zero = Fraction(0)
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return zero, Fraction(node.value)
    if isinstance(node, ast.Name):
        if node.id == "n":
            return Fraction(1), zero
        if node.id in symbols:
            slope, value = _linear(symbols[node.id], symbols, depth + 1)
            if slope != zero:
                raise Unread(f"{node.id} depends on n")
            return zero, value
        raise Unread(f"unknown symbol {node.id}")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        slope, value = _evaluate(node.operand, symbols, depth)
        negate = Fraction(-1 if isinstance(node.op, ast.USub) else 1)
        return _times(slope, negate), _times(value, negate)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
        if node.func.id != "sqrt":
            raise Unread(f"function {node.func.id}")
        return zero, _sqrt(_constant(node.args[0], symbols, depth))
    if isinstance(node, ast.BinOp):
        left = _evaluate(node.left, symbols, depth)
        right = _evaluate(node.right, symbols, depth)
        if isinstance(node.op, (ast.Add, ast.Sub)):
            plus = Fraction(1 if isinstance(node.op, ast.Add) else -1)
            return _add(left[0], _times(right[0], plus)), _add(left[1], _times(right[1], plus))
        if isinstance(node.op, ast.Mult):
            if _normal(left[0]) == zero:
                left, right = right, left
            if _normal(right[0]) != zero:
                raise Unread("not linear in n")
            return _times(left[0], right[1]), _times(left[1], right[1])
        if isinstance(node.op, ast.Div):
            if _normal(right[0]) != zero:
                raise Unread("n in a denominator")
            inverse = _inverse(right[1])
            return _times(left[0], inverse), _times(left[1], inverse)
        if isinstance(node.op, ast.Pow):
            if _normal(left[0]) != zero or _normal(right[0]) != zero:
                raise Unread("a power of n")
            exponent = _normal(right[1])
            if not isinstance(exponent, Fraction) or exponent.denominator != 1:
                raise Unread("not an integer power")
            power: Number = Fraction(1)
            for _ in range(abs(int(exponent))):
                power = _times(power, left[1])
            return zero, power if exponent >= 0 else _inverse(power)
    raise Unread(ast.dump(node)[:40])


def _constant(node: ast.expr, symbols: dict[str, str], depth: int) -> Number:
    slope, value = _evaluate(node, symbols, depth)
    if _normal(slope) != Fraction(0):
        raise Unread("n under a square root")
    return value


# ----------------------------------------------------------------------------- exact arithmetic


def _normal(x: Number) -> Number:
    if isinstance(x, QuadraticNumber) and x.q == 0:
        return Fraction(x.p, x.e)
    return x


def _lift(x: Number, d: int) -> QuadraticNumber:
    if isinstance(x, QuadraticNumber):
        return x
    return QuadraticNumber(x.numerator, 0, d, x.denominator)


def _add(x: Number, y: Number) -> Number:
    x, y = _normal(x), _normal(y)
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x + y
    d = x.d if isinstance(x, QuadraticNumber) else y.d  # type: ignore[union-attr]
    return _normal(_lift(x, d).plus(_lift(y, d)))


def _sub(x: Number, y: Number) -> Number:
    return _add(x, _times(y, Fraction(-1)))


def _times(x: Number, y: Number) -> Number:
    x, y = _normal(x), _normal(y)
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x * y
    d = x.d if isinstance(x, QuadraticNumber) else y.d  # type: ignore[union-attr]
    a, b = _lift(x, d), _lift(y, d)
    if a.d != b.d:
        raise Unread(f"sqrt({a.d}) and sqrt({b.d}) do not mix")
    return _normal(a.product(b))


def _inverse(x: Number) -> Number:
    x = _normal(x)  # 1 / 0 raises ZeroDivisionError: the caller leaves the text unread
    return 1 / x if isinstance(x, Fraction) else _normal(x.reciprocal())


def _sqrt(x: Number) -> Number:
    x = _normal(x)
    if not isinstance(x, Fraction) or x < 0:
        raise Unread("square root of an irrational or negative number")
    radicand = x.numerator * x.denominator  # sqrt(p/q) = sqrt(p*q)/q
    root = isqrt(radicand)
    if root * root == radicand:
        return Fraction(root, x.denominator)
    return QuadraticNumber(0, 1, radicand, x.denominator)


# ----------------------------------------------------------------------------- ours against theirs


def of_terms(terms: object) -> tuple[Number, Number] | None:
    """``(slope, intercept)`` of a sequence's terms function when it is a Beatty
    sequence (:func:`~wythoff.families.base.beatty_form`), else ``None``."""
    from wythoff.families.base import beatty_form  # the catalog's own forms

    form = beatty_form(terms)  # type: ignore[arg-type]
    return None if form is None else of_form(form)


def of_form(form: BeattyForm) -> tuple[Number, Number] | None:
    """``(slope, intercept)`` of ``a(n) = floor((step*n + shift)*theta) + factor*n +
    constant`` (a Beatty sequence when ``scale`` is 1), or ``None``."""
    if form.scale != 1:
        return None
    theta = form.theta.as_number()
    slope = _add(_times(theta, Fraction(form.step)), Fraction(form.factor))
    intercept = _add(_times(theta, Fraction(form.shift)), Fraction(form.constant))
    return slope, intercept


def proof(
    anumber: str,
    name: str,
    ours: tuple[Number, Number],
    k: int,
    offset: int | None = None,
    names: Callable[[str], str] | None = None,
) -> str | None:
    """Why ``a(n) = A(n + k)`` is a theorem, when the entry's ``name`` defines it as
    ``floor(alpha*m + beta)`` (or as the complement of such an entry, read with
    ``names``; ``offset`` is the entry's) and ours is ``floor(alpha*n + beta +
    k*alpha)``: the reason in words, or ``None``."""
    found = definition(name)
    if found is None and names is not None and offset is not None:
        found = complement(name, offset, names)
    if found is None:
        return None
    slope, intercept = ours
    shifted = _add(found.intercept, _times(found.slope, Fraction(k)))
    if not (same(found.slope, slope) and same(shifted, intercept)):
        return None
    hence = f", hence {found.hence} by Beatty's theorem" if found.hence else ""
    symbols = [
        f"{symbol} = {value.strip()}"
        for symbol, value in _definitions(name).items()
        if re.search(rf"\b{re.escape(symbol)}\b", found.text)
    ]
    where = f", with {', '.join(symbols)} in its name" if symbols else ""
    return (
        f"{anumber} is {found.text} by definition{where}{hence}; "
        f"ours is {describe(slope, intercept)}"
    )
