"""Wythoff's pair: A(n) = floor(n phi), B(n) = A(n) + n, from n = 0."""

from wythoff.core.families import wythoff

FAMILY = "wythoff"
FAR = ["wythoff-a", "wythoff-b"]


def expected(sequence_id: str, n: int) -> int:
    return wythoff.lower(n) if sequence_id == "wythoff-a" else wythoff.upper(n)


def offset(sequence_id: str) -> int:
    return 0
