"""Wythoff's pair: A(n) = floor(n phi), B(n) = A(n) + n, from n = 0; misère play's
pair (Gardner): (0, 1) and (2, 2), then normal play's pairs from n = 2; and the rows
of its Sprague–Grundy function, by the definition: G(x, y) is the least value that
no move (along the row, the column or the diagonal, down to 0) reaches."""

import re
from functools import cache
from math import isqrt

FAMILY = "wythoff"
FAR = ["wythoff-a", "wythoff-b", "wythoff-misere-a", "wythoff-misere-b"]
MISERE_FIRST = {"wythoff-misere-a": (0, 2), "wythoff-misere-b": (1, 2)}


def expected(sequence_id: str, n: int) -> int:
    if row := re.fullmatch(r"wythoff-grundy-row(\d+)", sequence_id):
        return grundy(int(row.group(1)), n)
    if sequence_id == "wythoff-grundy-diagonal":
        return grundy(n, n)
    if sequence_id in MISERE_FIRST and n < 2:
        return MISERE_FIRST[sequence_id][n]
    lower = (n + isqrt(5 * n * n)) // 2  # floor(n*phi), by integer square root
    return lower if sequence_id.endswith("-a") else lower + n


@cache
def grundy(x: int, y: int) -> int:
    """G(x, y) of Wythoff's game, from the values of every move (memoised)."""
    reached = {grundy(x - k, y) for k in range(1, x + 1)}
    reached |= {grundy(x, y - k) for k in range(1, y + 1)}
    reached |= {grundy(x - k, y - k) for k in range(1, min(x, y) + 1)}
    value = 0
    while value in reached:
        value += 1
    return value


def offset(sequence_id: str) -> int:
    return 0
