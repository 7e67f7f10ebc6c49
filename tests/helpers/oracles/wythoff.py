"""Wythoff's pair: A(n) = floor(n phi), B(n) = A(n) + n, from n = 0; misère play's
pair (Gardner): (0, 1) and (2, 2), then normal play's pairs from n = 2."""

from math import isqrt

FAMILY = "wythoff"
FAR = ["wythoff-a", "wythoff-b", "wythoff-misere-a", "wythoff-misere-b"]
MISERE_FIRST = {"wythoff-misere-a": (0, 2), "wythoff-misere-b": (1, 2)}


def expected(sequence_id: str, n: int) -> int:
    if sequence_id in MISERE_FIRST and n < 2:
        return MISERE_FIRST[sequence_id][n]
    lower = (n + isqrt(5 * n * n)) // 2  # floor(n*phi), by integer square root
    return lower if sequence_id.endswith("-a") else lower + n


def offset(sequence_id: str) -> int:
    return 0
