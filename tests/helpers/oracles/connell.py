"""Connell's classes u(i, n), v(i, n), from n = 0."""

import re

from wythoff.core.families import connell

FAMILY = "connell"
FAR = ["connell-k3-u1", "connell-k3-v1"]


def expected(sequence_id: str, n: int) -> int:
    found = re.fullmatch(r"connell-k(\d+)-(u|v)(\d+)", sequence_id)
    assert found, sequence_id
    k, kind, i = int(found[1]), found[2], int(found[3])
    return connell.u(k, i, n) if kind == "u" else connell.v(k, i, n)


def offset(sequence_id: str) -> int:
    return 0
