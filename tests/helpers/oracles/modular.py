"""The modular Wythoff sequence a(m), from m = 1."""

from wythoff.core.families import modular

FAMILY = "modular"
FAR = ["modular-a"]


def expected(sequence_id: str, n: int) -> int:
    assert sequence_id == "modular-a", sequence_id
    return modular.a(n)


def offset(sequence_id: str) -> int:
    return 1
