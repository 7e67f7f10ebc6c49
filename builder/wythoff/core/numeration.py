"""Fraenkel's p-system and q-system of numeration.

For ``alpha = [1; a, a, ...]`` with convergents ``p_i / q_i``, every ``N >= 1``
has a unique greedy representation ``N = sum s_i p_i`` with ``0 <= s_i <= a`` and
``s_{i+1} = a  =>  s_i = 0`` (the p-system), and likewise ``N = sum t_i q_i`` with
``t_0 < a`` (the q-system).  For ``a = 1`` the p-system is Zeckendorf's.

Digit lists are most significant first, as printed in the paper.

Examples
--------
>>> p_digits(12, 2), q_digits(12, 2)       # Fraenkel's Table 2, N = 12
([1, 1, 2], [1, 0, 0, 0])
>>> p_interpretation(q_digits(12, 2), 2)   # I_p(R_q(12)) = 17
17
>>> format_digits([1, 10, 0], a=10)          # a >= 10: digits separated by dots
'1.10.0'

References
----------
Fraenkel, *How to beat your Wythoff games' opponent on three fronts* (1982), sections 4-5.
"""

from __future__ import annotations

from collections.abc import Sequence

from wythoff.core.contfrac import convergents_below


def greedy_digits(n: int, base: Sequence[int]) -> list[int]:
    """Digits of ``n`` in the greedy system on the increasing ``base`` (base[0] == 1).

    ``base`` must contain a number larger than ``n``.  Returns ``[]`` for 0.
    """
    if n < 0:
        raise ValueError("n must be non-negative")
    top = next((i for i, b in enumerate(base) if b > n), None)
    if top is None:
        raise ValueError("base does not reach n")
    digits = []
    remainder = n
    for i in range(top - 1, -1, -1):
        digit, remainder = divmod(remainder, base[i])
        digits.append(digit)
    # strip leading zeros (possible when two base values coincide, q_0 = q_1 for a = 1)
    while digits and digits[0] == 0:
        digits.pop(0)
    return digits


def p_digits(n: int, a: int) -> list[int]:
    """The p-representation ``R_p(n)`` of ``n >= 1`` for ``alpha = [1; a, a, ...]``."""
    _check(n, a)
    ps, _ = convergents_below(a, n)
    return greedy_digits(n, ps)


def q_digits(n: int, a: int) -> list[int]:
    """The q-representation ``R_q(n)`` of ``n >= 1`` (its last digit is below ``a``)."""
    _check(n, a)
    _, qs = convergents_below(a, n)
    # For a = 1, q_0 = q_1 = 1: the greedy choice uses q_1 and leaves t_0 = 0 < a.
    return greedy_digits(n, qs)


def p_interpretation(digits: Sequence[int], a: int) -> int:
    """``I_p(R) = sum d_i p_i`` of a digit list (most significant first)."""
    ps, _ = convergents_below(a, 1)
    while len(ps) < len(digits):
        ps, _ = convergents_below(a, ps[-1] * 2)
    return sum(d * ps[i] for i, d in enumerate(reversed(digits)))


def trailing_zeros(digits: Sequence[int]) -> int:
    """Number of zeros at the end of a representation."""
    count = 0
    for d in reversed(digits):
        if d:
            break
        count += 1
    return count


def left_shift(digits: Sequence[int]) -> list[int]:
    """``R'``: every digit one place left and a zero appended."""
    return [*digits, 0]


def right_shift(digits: Sequence[int]) -> list[int]:
    """``R''``: the last digit (a zero) removed."""
    if not digits or digits[-1] != 0:
        raise ValueError("only a representation ending in 0 has a right shift")
    return list(digits[:-1])


def is_valid_p_representation(digits: Sequence[int], a: int) -> bool:
    """Fraenkel's conditions on a p-representation: ``0 <= d_i <= a`` and a digit
    equal to ``a`` is followed (to its right) by a 0."""
    if not digits or digits[0] == 0:
        return False
    for left, right in zip(digits, digits[1:], strict=False):
        if left == a and right != 0:
            return False
    return all(0 <= d <= a for d in digits)


def is_valid_q_representation(digits: Sequence[int], a: int) -> bool:
    """The p-conditions and, in addition, a last digit below ``a``."""
    return is_valid_p_representation(digits, a) and digits[-1] < a


def format_digits(digits: Sequence[int], a: int) -> str:
    """Digits as text, as in the paper (``"1012"``) when ``a <= 9``; separated by
    dots (``"1.10.0"``) when ``a >= 10``, whose digits can exceed 9, so that the
    text is unambiguous and the convention is fixed by ``a`` alone."""
    return ("." if a >= 10 else "").join(str(d) for d in digits)


def parse_digits(text: str, a: int) -> list[int]:
    """Inverse of :func:`format_digits`."""
    if a >= 10:
        return [int(t) for t in text.split(".")]
    return [int(ch) for ch in text]


def _check(n: int, a: int) -> None:
    if not isinstance(n, int) or n < 1:
        raise ValueError("numeration digits are defined for integers N >= 1")
    if not isinstance(a, int) or a < 1:
        raise ValueError("a must be a positive integer")
