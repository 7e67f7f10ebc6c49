"""Decimal text of integers of any size, without changing the process for good.

Python refuses to convert integers of more than 4300 decimal digits to and
from text unless ``sys.set_int_max_str_digits`` lifts the limit, a setting of
the whole process.  The package never changes it on import: the command line
and the build lift it inside :func:`unlimited`, which restores the previous
value on the way out.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def unlimited() -> Iterator[None]:
    """Allow conversions of integers of any length inside the ``with`` block.

    >>> with unlimited():
    ...     len(str(10**5000))
    5001
    >>> sys.get_int_max_str_digits() != 0 or "the caller had lifted it"
    True
    """
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(previous)


def readable(n: int, exact_below: int = 10**12) -> str:
    """A count for a message: ``1,234,567`` below ``exact_below``, else its order of
    magnitude, which needs no decimal text of the whole number (a user may ask for a
    depth of hundreds of digits, and the message must stay one short line).

    >>> readable(1234567), readable(10**400), readable(2**64)
    ('1,234,567', 'about 10^400', 'about 10^19')
    """
    if n < exact_below:
        return f"{n:,}"
    exponent = (n.bit_length() - 1) * 30103 // 100000  # log10(2) to five places
    if 10 ** (exponent + 1) <= n:
        exponent += 1
    return f"about 10^{exponent}"
