"""Every sequence's name stands alone: each symbol it uses, a Greek letter (spelt
out or not) or a capital function such as A(n), is defined in the name itself
("phi = (1+sqrt(5))/2", "A(n) = floor(n*phi)", "the function G"), as the page and
the OEIS draft show the name without its family's prose around it."""

from __future__ import annotations

import re

from wythoff import families

from tests.helpers.data import SMALL_RANGES, narrowed

GREEK = re.compile(
    r"\b(alpha|beta|gamma|delta|epsilon|zeta|eta|theta|iota|kappa|lambda|mu|nu|xi|pi|rho|"
    r"sigma|tau|upsilon|phi|chi|psi|omega)\b|([\u0370-\u03ff])"
)
CAPITAL_FUNCTION = re.compile(r"\b([A-Z])\(")


def undefined(name: str) -> set[str]:
    """The symbols ``name`` uses without defining them."""
    used = {m[1] or m[2] for m in GREEK.finditer(name)} | set(CAPITAL_FUNCTION.findall(name))
    return {
        symbol
        for symbol in used
        if not re.search(rf"(?<![\w(]){re.escape(symbol)}(\([^)]*\))?\s*=(?!=)", name)
        and not re.search(rf"\bfunction {re.escape(symbol)}\b", name)
    }


def test_the_rule_finds_what_a_reader_would_miss():
    assert undefined("B(n) = floor(n*beta) = A(n) + 3n, beta = alpha + 3") == {"A", "alpha"}
    assert undefined("A(n) = floor(n*phi), phi = (1+sqrt(5))/2") == set()
    assert undefined("a(n) = G(n, n), the least value no move from (n, n) reaches") == {"G"}
    assert undefined("the Sprague-Grundy function G: a(n) = G(n, n)") == set()
    assert undefined("floor(n*\u03c6)") == {"\u03c6"}


def test_every_sequence_name_defines_every_symbol_it_uses():
    ranges = {**narrowed(SMALL_RANGES, 3), "wythoff": {"row": (1, 3), "value": (0, 2)}}
    catalog = families.build(ranges)
    found = {
        record.id: undefined(record.name)
        for record in catalog.sequences.values()
        if undefined(record.name)
    }
    assert len(catalog.sequences) > 50
    assert found == {}
