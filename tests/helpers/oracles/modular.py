"""The modular Wythoff sequence a(m) = floor(m / phi), from m = 1 (MATH.md 5): with
1/phi = (sqrt 5 - 1) / 2, in integers."""

from math import isqrt

FAMILY = "modular"
FAR = ["modular-a"]


def expected(sequence_id: str, n: int) -> int:
    assert sequence_id == "modular-a", sequence_id
    return (isqrt(5 * n * n) - n) // 2


def offset(sequence_id: str) -> int:
    return 1
