"""Connell's classes u(i, n), v(i, n), from n = 0, restated from the paper (MATH.md 2):
u_{i,n} = floor((n + i/k)(1 + 1/A)) with A = (k + sqrt(k^2 + 4)) / 2, in integers, and
v_{i,n} = u_{i,n} + nk + i."""

import re
from math import isqrt

FAMILY = "connell"
FAR = ["connell-k3-u1", "connell-k3-v1"]


def expected(sequence_id: str, n: int) -> int:
    found = re.fullmatch(r"connell-k(\d+)-(u|v)(\d+)", sequence_id)
    assert found, sequence_id
    k, kind, i = int(found[1]), found[2], int(found[3])
    t = n * k + i  # (n + i/k)(1 + 1/A) = t (2 - k + sqrt(k^2 + 4)) / (2k)
    u = (t * (2 - k) + isqrt(t * t * (k * k + 4))) // (2 * k)
    return u if kind == "u" else u + t


def offset(sequence_id: str) -> int:
    return 0
