"""An OEIS entry's terms from its name, where the name is a plain definition.

Some entries have no program, but their name says exactly what they are:
A160542 is "Not divisible by 11", A168186 "Positive numbers that are not multiples
of 12".  Such a name is the entry's own definition, and gives as many terms as
asked; :mod:`wythoff.oeis.refresh` stores them as one more source (``source``
:data:`NAME`), so that a coincidence on the listed terms is exposed like any other.
Only the shapes below are read; any other name gives nothing.

>>> extend("Not divisible by 3.", [1, 2, 4, 5, 7, 8, 10, 11], 1, 12).terms
(1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17)
>>> extend("Positive numbers that are not multiples of 12.", [1, 2], 1, 3).terms
(1, 2, 3)
>>> extend("Tersum n + 1 (answer recorded in base 10).", [1, 2, 0], 0, 7).terms
(1, 2, 0, 4, 5, 3, 7)
>>> extend("Xenodromes: all digits in base 11 are different.", [0], 0, 5).failure
'its name is no definition read here'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import count, islice

from wythoff.core.theorems.wythoff import tersum
from wythoff.oeis.gp import Extension, align

NAME = "name"
"""The source of terms read from the entry's name ("the entry's name")."""
UNREAD = "its name is no definition read here"

_NOT_MULTIPLES = re.compile(
    r"^(?:Positive )?(?:numbers|integers)?(?: that are)?\s*not (?:divisible by|multiples of) "
    r"(\d+)\.?$",
    re.IGNORECASE,
)
_TERSUM = re.compile(r"^Tersum n \+ (\d+)\b")  # n + k in base 3 without carries


def extend(name: str, listed: Sequence[int], offset: int, wanted: int) -> Extension:
    """The first ``wanted`` terms the entry's ``name`` defines, aligned with its listing."""
    terms = _defined(name.strip(), offset, wanted)
    if terms is None:
        return Extension("", failure=UNREAD, source=NAME)
    aligned = align(terms, listed)
    if aligned is None:
        return Extension(name, failure="its name does not give the listed terms", source=NAME)
    return Extension(name, aligned[:wanted], source=NAME)


def _defined(name: str, offset: int, wanted: int) -> list[int] | None:
    """The terms from ``offset`` on that a name of one of the shapes read here defines."""
    if (found := _NOT_MULTIPLES.match(name)) is not None and int(found[1]) >= 2:
        k = int(found[1])
        return list(islice((n for n in count(1) if n % k), wanted))
    if (found := _TERSUM.match(name)) is not None:
        k = int(found[1])
        return [tersum(n, k) for n in range(offset, offset + wanted)]
    return None
