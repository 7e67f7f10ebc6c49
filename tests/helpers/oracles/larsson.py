"""Larsson's p-complementary pairs (a, b, phi from n = 0, 1) and the P-positions of
the games without a formula (c, d, from a brute-force walk of the rules)."""

import re

from wythoff import families
from wythoff.core.families import larsson
from wythoff.core.games import unsolved

FAMILY = "larsson"
FAR = ["larsson-m2-p3-a", "larsson-m2-p3-b", "larsson-m2-p3-phi"]


def expected(sequence_id: str, n: int) -> int:
    if found := re.fullmatch(r"larsson-m(\d+)-p(\d+)-(a|b|phi)", sequence_id):
        m, p, kind = int(found[1]), int(found[2]), found[3]
        return {"a": larsson.a, "b": larsson.b, "phi": larsson.phi}[kind](m, p, n)
    found = re.fullmatch(r"(larsson-modulo-m\d+-p\d+-l\d+)-(c|d)", sequence_id)
    assert found, sequence_id
    rules = families.resolve_game(found[1]).rules
    return unsolved.pairs_at_least(rules, n + 1)[n][0 if found[2] == "c" else 1]


def offset(sequence_id: str) -> int:
    return 1 if sequence_id.endswith("-phi") else 0
