"""The values options take: integers of any size, numbers in a range, a file's path.

Each is a callable for argparse's ``type=``: it returns the value, or raises
``argparse.ArgumentTypeError`` saying what is wrong (argparse puts the option's
name in front).  Each also carries what ``--help`` shows of it: its ``metavar``
and, for a range, its ``bounds``.
"""

from __future__ import annotations

from argparse import ArgumentTypeError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


def parse_integer(text: str, minimum: int | None = 0) -> int:
    """An integer of any size in decimal (a sign, underscores and blanks around
    allowed), at least ``minimum`` unless that is ``None``; ``ValueError`` says
    what is wrong, to follow the value's name.

    >>> parse_integer(" -1_000 ", None)
    -1000
    >>> parse_integer("1e5")
    Traceback (most recent call last):
    ...
    ValueError: must be an integer, not '1e5'
    """
    from wythoff.core import bigint

    try:
        value = bigint.parse(text.strip().replace("_", ""))
    except ValueError:
        raise ValueError(f"must be an integer, not {text!r}") from None
    if minimum is not None and value < minimum:
        raise ValueError(f"must be at least {minimum} (got {value})")
    return value


class Integer:
    """An integer of any size, at least ``minimum`` (``None``: any)."""

    metavar = "INTEGER"
    bounds = ""

    def __init__(self, minimum: int | None = 0) -> None:
        self.minimum = minimum

    def __call__(self, text: str) -> int:
        try:
            return parse_integer(text, self.minimum)
        except ValueError as error:
            raise ArgumentTypeError(str(error)) from None


class Range:
    """A number read by ``kind`` (``int`` or ``float``) from ``low`` up to ``high``
    (``None``: no upper bound).

    >>> Range(int, 1, 64)("8"), Range(int, 1, 64).bounds, Range(float, 0.5).bounds
    (8, '1<=x<=64', 'x>=0.5')
    >>> Range(int, 1, 64)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 0 is not in the range 1<=x<=64
    """

    def __init__(self, kind: Callable[[str], float], low: float, high: float | None = None) -> None:
        self.kind, self.low, self.high = kind, low, high
        self.name = "integer" if kind is int else "number"
        self.metavar = "INTEGER RANGE" if kind is int else "FLOAT RANGE"
        self.bounds = f"x>={low}" if high is None else f"{low}<=x<={high}"

    def __call__(self, text: str) -> float:
        try:
            value = self.kind(text)
        except ValueError:
            raise ArgumentTypeError(f"{text!r} is not a valid {self.name}") from None
        if not (self.low <= value and (self.high is None or value <= self.high)):
            raise ArgumentTypeError(f"{value} is not in the range {self.bounds}")
        return value


class File:
    """The path of a file to read: one that names a directory is refused here (one
    that does not exist, by the command, which says what it is for)."""

    metavar = "FILE"
    bounds = ""

    def __call__(self, text: str) -> str:
        import os

        if os.path.isdir(text):
            raise ArgumentTypeError(f"File {text!r} is a directory.")
        return text
