"""floor(n sqrt d) and floor(n sqrt(d)/(sqrt(d) - 1)) in integers, from n = 1."""

import re
from math import isqrt

FAMILY = "beatty-sqrt"
FAR = ["beatty-sqrt2-a", "beatty-sqrt2-b", "beatty-sqrt30-b"]


def expected(sequence_id: str, n: int) -> int:
    found = re.fullmatch(r"beatty-sqrt(\d+)-(a|b)", sequence_id)
    assert found, sequence_id
    d, root = int(found[1]), isqrt(int(found[1]) * n * n)
    return root if found[2] == "a" else (d * n + root) // (d - 1)


def offset(sequence_id: str) -> int:
    return 1
