"""Fraenkel's a-Wythoff pairs and the convergents of their numeration, from n = 0."""

import re

from wythoff.core.families import fraenkel

FAMILY = "fraenkel"
FAR = ["fraenkel-a2-a", "fraenkel-a2-b"]


def expected(sequence_id: str, n: int) -> int:
    found = re.fullmatch(r"fraenkel-a(\d+)-(a|b|p|q)", sequence_id)
    assert found, sequence_id
    a, kind = int(found[1]), found[2]
    if kind == "a":
        return fraenkel.lower(a, n)
    if kind == "b":
        return fraenkel.upper(a, n)
    if kind == "p":
        return fraenkel.convergent_numerators(a, n + 1)[n]
    return fraenkel.convergent_denominators(a, n + 1)[n]


def offset(sequence_id: str) -> int:
    return 0
