"""Fraenkel's a-Wythoff pairs and the convergents of their numeration, from n = 0,
restated from the paper (MATH.md 3): A_n = floor(n alpha) with alpha = (2 - a +
sqrt(a^2 + 4)) / 2, B_n = A_n + a n; p_n = a p_{n-1} + p_{n-2} from p_{-1} = p_0 = 1,
q_n likewise from q_{-1} = 0, q_0 = 1; the preperiods and periods of the rows of
its Sprague–Grundy function, read off the definition's values (tests/helpers/mex.py)."""

import re
from math import isqrt

from tests.helpers.mex import row_periods

FAMILY = "fraenkel"
FAR = ["fraenkel-a2-a", "fraenkel-a2-b"]


def expected(sequence_id: str, n: int) -> int:
    if found := re.fullmatch(r"fraenkel-a(\d+)-grundy-(preperiod|period)", sequence_id):
        # the rows' periods, on a strip several periods past the preperiods of rows < 12;
        # the rows 0 .. 15 at once (a row's values need only the rows below it)
        rows = max(16, 1 << n.bit_length())
        return row_periods(int(found[1]), rows, 16384)[n][found[2] == "period"]
    found = re.fullmatch(r"fraenkel-a(\d+)-(a|b|p|q)", sequence_id)
    assert found, sequence_id
    a, kind = int(found[1]), found[2]
    lower = (n * (2 - a) + isqrt(n * n * (a * a + 4))) // 2
    if kind == "a":
        return lower
    if kind == "b":
        return lower + a * n
    before, now = (1, 1) if kind == "p" else (0, 1)  # the (-1)-th and 0-th convergents
    for _ in range(n):
        before, now = now, a * now + before
    return now


def offset(sequence_id: str) -> int:
    return 0
