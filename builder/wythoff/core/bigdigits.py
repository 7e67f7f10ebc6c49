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
