"""Arithmetic on huge integers, faster with gmpy2 and exact without it.

Three operations dominate a query on piles of many thousand digits: the integer
square root behind every exact floor, and the conversions between decimal text
and integers.  Python's own ``math.isqrt``, ``int(str)`` and ``str(int)`` are
exact but their time grows quadratically with the digits; GMP's quasi-linearly.
When gmpy2 is installed (the ``fast`` extra: ``pip install wythoff[fast]``) the
functions here use it above a size where it pays; otherwise they fall back to
the standard library.  Either way the
results are the same Python integers and strings.

>>> floor_root_of_square_times(12, 2)          # 12 * 1.41421... = 16.97...
16
>>> parse("-0042"), format_int(-42)
(-42, '-42')
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from types import ModuleType

# Below this many bits the standard library is as fast as a round trip through GMP.
_GMP_FROM_BITS = 4000
# Below this many characters int() and str() are fast enough.
_GMP_FROM_DIGITS = 1200


@cache
def _load_gmpy2() -> ModuleType | None:
    """gmpy2, imported on the first huge number (an import that a command answering
    for small piles does not pay), or ``None`` when it is not installed."""
    try:
        import gmpy2
    except ImportError:
        return None
    module: ModuleType = gmpy2
    return module


_python_only = False


def _gmp() -> ModuleType | None:
    return None if _python_only else _load_gmpy2()


def backend() -> str:
    """``"gmpy2"`` when huge integers go through GMP, else ``"python"``."""
    return "gmpy2" if _gmp() is not None else "python"


@contextmanager
def python_only() -> Iterator[None]:
    """Use the standard library only inside the ``with`` block (for comparisons).

    >>> with python_only():
    ...     backend()
    'python'
    """
    global _python_only
    saved = _python_only
    _python_only = True
    try:
        yield
    finally:
        _python_only = saved


def isqrt(n: int) -> int:
    """``floor(sqrt(n))`` for an integer ``n >= 0``.

    >>> isqrt(10**100 + 1) == 10**50
    True
    """
    if n.bit_length() > _GMP_FROM_BITS and (gmp := _gmp()) is not None:
        return int(gmp.isqrt(gmp.mpz(n)))
    return math.isqrt(n)


def floor_root_of_square_times(n: int, d: int) -> int:
    """``floor(|n| * sqrt(d))`` for integers ``n`` and ``d >= 0``, i.e. ``isqrt(n*n*d)``.

    With GMP the square and the product are formed there too, so a huge ``n``
    never pays Python's multiplication.
    """
    if n.bit_length() > _GMP_FROM_BITS // 2 and (gmp := _gmp()) is not None:
        big = gmp.mpz(n)
        return int(gmp.isqrt(big * big * d))
    return math.isqrt(n * n * d)


def parse(text: str) -> int:
    """The integer written in decimal in ``text`` (sign and leading zeros allowed).

    Raises ``ValueError`` as ``int()`` does.  Callers lift Python's limit on
    digits (:func:`wythoff.core.bigdigits.unlimited`) for the fallback.
    """
    stripped = text.strip()
    if len(stripped) > _GMP_FROM_DIGITS and (gmp := _gmp()) is not None:
        digits = stripped[1:] if stripped[:1] in ("+", "-") else stripped
        if digits.isascii() and digits.isdigit():  # else int() decides, and explains
            return int(gmp.mpz(stripped))
    return int(stripped)


def format_int(n: int) -> str:
    """The decimal text of ``n``."""
    if n.bit_length() > _GMP_FROM_DIGITS * 3 and (gmp := _gmp()) is not None:
        return str(gmp.mpz(n))
    return str(n)
