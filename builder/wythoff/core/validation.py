"""Parameter checks shared by the family modules: one message for one mistake."""

from __future__ import annotations


def positive_integer(name: str, value: object) -> None:
    """Refuse anything but an integer >= 1 (``True`` and ``2.0`` included).

    >>> positive_integer("k", 0)
    Traceback (most recent call last):
    ...
    ValueError: k must be an integer >= 1 (got 0)
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{name} must be an integer >= 1 (got {value!r})")
