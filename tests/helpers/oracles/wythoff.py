"""Wythoff's pair: A(n) = floor(n phi), B(n) = A(n) + n, from n = 0; misère play's
pair (Fraenkel 1984; the encyclopedia article): (0, 1) and (2, 2), then normal play's
pairs from n = 2; and the rows
of its Sprague–Grundy function, by the definition: G(x, y) is the least value that
no move (along the row, the column or the diagonal, down to 0) reaches, and the
positions of one value."""

import re
from functools import cache
from math import isqrt

from tests.helpers.mex import row_periods

FAMILY = "wythoff"
FAR = ["wythoff-a", "wythoff-b", "wythoff-misere-a", "wythoff-misere-b"]
MISERE_FIRST = {"wythoff-misere-a": (0, 2), "wythoff-misere-b": (1, 2)}


def expected(sequence_id: str, n: int) -> int:
    if row := re.fullmatch(r"wythoff-grundy-row(\d+)", sequence_id):
        return grundy(int(row.group(1)), n)
    if found := re.fullmatch(r"wythoff-grundy-(preperiod|period)", sequence_id):
        return row_periods(1, n + 1, 4096)[n][found.group(1) == "period"]
    if sequence_id == "wythoff-grundy-diagonal":
        return grundy(n, n)
    if found := re.fullmatch(r"wythoff-grundy-value(\d+)-([ab])", sequence_id):
        return value_pairs(int(found.group(1)), n + 1)[n]["ab".index(found.group(2))]
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


def value_pairs(value: int, count: int) -> list[tuple[int, int]]:
    """The first ``count`` positions (a, b), a <= b, of ``value``, by a: each row x
    not yet a larger coordinate gives the pair (x, y) with the least y >= x of G = value."""
    pairs: list[tuple[int, int]] = []
    larger: set[int] = set()
    x = 0
    while len(pairs) < count:
        if x not in larger:
            y = next(y for y in range(x, 4 * x + 8 * value + 8) if grundy(x, y) == value)
            larger.add(y)
            pairs.append((x, y))
        x += 1
    return pairs


def offset(sequence_id: str) -> int:
    return 0
