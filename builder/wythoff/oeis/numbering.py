"""A sequence's b-file in the numbering of an OEIS entry it agrees with.

Our offset and OEIS's often differ (the lower Wythoff sequence starts at a(0) = 0
here, A000201 at A000201(1) = 1).  ``wythoff bfile ID --as ANUMBER`` writes the
entry's numbering from the engine's terms, and a sequence page makes the same bytes
in the browser from the published database: both take the comment line that opens
the file, and the first index, from here.
"""

from __future__ import annotations

MOST_TERMS = 100_000
"""The most terms such a b-file holds (``wythoff bfile --count``'s bound)."""


def plus(name: str, k: int) -> str:
    """``name`` plus ``k``, as an index is written.

    >>> plus("n", 0), plus("n", 2), plus("n", -1)
    ('n', 'n+2', 'n-1')
    """
    return name if k == 0 else f"{name}+{k}" if k > 0 else f"{name}-{-k}"


def first_index(oeis_offset: int, our_offset: int, delta: int) -> int:
    """The first index of the entry's numbering, where ``A(n) = a(n + delta)``: the
    entry's offset, or later where our terms begin later.

    >>> first_index(1, 0, 0), first_index(0, 1, 0), first_index(1, 0, -1)
    (1, 1, 1)
    """
    return max(oeis_offset, our_offset - delta)


def header(sequence_id: str, anumber: str, delta: int, first: int, common: int) -> str:
    """The comment line (with its newline) that opens the b-file: the index map, and
    the terms listed in the entry it was found to agree on.

    >>> header("wythoff-b", "A001950", 0, 1, 60)  # doctest: +NORMALIZE_WHITESPACE
    '# wythoff-b in the numbering of A001950: A001950(n) = a(n), n >= 1;
      agrees with the 60 terms listed in A001950\\n'
    """
    return (
        f"# {sequence_id} in the numbering of {anumber}: {anumber}(n) = a({plus('n', delta)}), "
        f"n >= {first}; agrees with the {common} terms listed in {anumber}\n"
    )


def file_name(anumber: str) -> str:
    """OEIS's name of an entry's b-file.

    >>> file_name("A001950")
    'b001950.txt'
    """
    return f"b{anumber[1:]}.txt"
