"""What a comparison with an OEIS entry found, in OEIS's words.

A :class:`Match` is an entry whose listed terms all equal ours (up to a shift of
the two lists); a :class:`NearMiss` one that agrees for a while and then differs.
Each states the relation by index, with both offsets, and what it rests on:
"a(n) = A000201(n), n >= 1, on the 68 terms listed in the entry", or "near miss:
..., then a(43) = 56 but A001955(43) = 55".  :mod:`wythoff.oeis.index` finds them.
"""

from __future__ import annotations

from dataclasses import dataclass

from wythoff.db.vocabulary import NEAR_MISS  # a near miss's relation begins with its kind


@dataclass(frozen=True)
class Match:
    """One OEIS entry whose listed terms equal ours, up to a shift.

    Shift convention: OEIS's ``j``-th listed term (0-based, in the order of the
    ``stripped`` file) equals our ``terms[j + shift]``, for every ``j`` for which
    both exist.  ``terms[0]`` is our ``a(offset)``.

    * ``shift = 0``: the lists start together.
    * ``shift = 1``: OEIS omits our first term (our lower Wythoff sequence
      0, 1, 3, 4, 6, ... against A000201 = 1, 3, 4, 6, ...: a dropped leading 0).
    * ``shift = -1``: OEIS has one extra leading term we do not have (our
      convergent numerators 1, 3, 7, 17, ... against A001333 = 1, 1, 3, 7, 17, ...).

    ``common`` is the number of terms compared (all of the overlap), and
    ``dropped`` our first ``shift`` terms when ``shift > 0`` (the terms OEIS does
    not list; empty otherwise), kept so :meth:`relation_text` can name them.
    """

    anumber: str
    name: str
    shift: int
    common: int
    dropped: tuple[int, ...] = ()
    oeis_offset: int | None = None  # the entry's own offset (its %O line), when known

    def index_map(self, offset: int) -> str | None:
        """Our terms in the entry's indices, OEIS-style: ``a(n) = A000201(n), n >= 1``;
        ``None`` when the entry's offset is not known.

        OEIS's ``j``-th listed term is ``A(oeis_offset + j)`` and equals our
        ``a(offset + j + shift)``, so ``a(n) = A(n + oeis_offset - offset - shift)``
        wherever both are listed.

        >>> Match("A000201", "Lower Wythoff", 1, 68, (0,), oeis_offset=1).index_map(0)
        'a(n) = A000201(n), n >= 1'
        >>> Match("A001333", "Numerators", -1, 31, oeis_offset=0).index_map(0)
        'a(n) = A001333(n+1), n >= 0'
        """
        if self.oeis_offset is None:
            return None
        k = self.oeis_offset - offset - self.shift
        argument = "n" if k == 0 else f"n+{k}" if k > 0 else f"n-{-k}"
        first = offset + max(self.shift, 0)
        return f"a(n) = {self.anumber}({argument}), n >= {first}"

    def relation_text(self, offset: int) -> str:
        """A short sentence for our site and database; ``offset`` is our first index.

        A match proves agreement on the terms the entry lists, nothing more: the
        sentence says so, and states the relation by index when the entry's offset
        is known.

        >>> Match("A000201", "Lower Wythoff", 1, 68, (0,), oeis_offset=1).relation_text(0)
        'a(n) = A000201(n), n >= 1, on the 68 terms listed in the entry'
        >>> Match("A000201", "Lower Wythoff sequence", 1, 68, (0,)).relation_text(0)
        'agrees with the 68 terms listed in A000201, with our a(0) = 0 dropped'
        >>> Match("A001333", "Numerators", -1, 31).relation_text(0)
        'agrees with the 31 terms listed in A001333, after its first term'
        """
        if (by_index := self.index_map(offset)) is not None:
            return f"{by_index}, on the {self.common} terms listed in the entry"
        text = f"agrees with the {self.common} terms listed in {self.anumber}"
        if self.shift > 0:
            if len(self.dropped) == self.shift:
                ours = [f"a({offset + k}) = {value}" for k, value in enumerate(self.dropped)]
            else:
                ours = [f"a({offset + k})" for k in range(self.shift)]
            listed = ours[0] if len(ours) == 1 else ", ".join(ours[:-1]) + " and " + ours[-1]
            return f"{text}, with our {listed} dropped"
        if self.shift < 0:
            extra = "its first term" if self.shift == -1 else f"its first {-self.shift} terms"
            return f"{text}, after {extra}"
        return text


@dataclass(frozen=True)
class NearMiss:
    """An OEIS entry that agrees with our terms for a while, then differs.

    Same shift convention as :class:`Match`: the entry's ``j``-th listed term is
    compared with our ``terms[j + shift]``.  ``agreed`` terms agree from the first
    common one; then our ``terms[difference + shift] = ours`` where the entry lists
    ``theirs`` (``difference`` is the entry's 0-based position).  Recorded so that
    nobody takes the entry for ours on the strength of its first terms.
    """

    anumber: str
    name: str
    shift: int
    agreed: int
    difference: int
    ours: int
    theirs: int
    oeis_offset: int | None = None

    def relation_text(self, offset: int) -> str:
        """The near miss in words, with the first index where the two differ.

        >>> NearMiss("A001955", "Beatty", 1, 42, 42, 56, 55, 1).relation_text(0)
        'near miss: a(n) = A001955(n), n = 1 .. 42, then a(43) = 56 but A001955(43) = 55'
        >>> for part in NearMiss("A001955", "", 1, 42, 42, 56, 55).relation_text(0).split(", "):
        ...     print(part)
        near miss: agrees with the first 42 terms listed in A001955
        then our a(43) = 56 where the entry lists 55
        """
        ours_index = offset + self.difference + self.shift
        if self.oeis_offset is None:
            return (
                f"{NEAR_MISS}: agrees with the first {self.agreed} terms listed in "
                f"{self.anumber}, then our a({ours_index}) = {self.ours} where the entry "
                f"lists {self.theirs}"
            )
        k = self.oeis_offset - offset - self.shift
        argument = "n" if k == 0 else f"n+{k}" if k > 0 else f"n-{-k}"
        first = ours_index - self.agreed
        return (
            f"{NEAR_MISS}: a(n) = {self.anumber}({argument}), n = {first} .. {ours_index - 1}, "
            f"then a({ours_index}) = {self.ours} but "
            f"{self.anumber}({self.oeis_offset + self.difference}) = {self.theirs}"
        )

    @property
    def last_agreeing(self) -> int:
        """Our last index (from 0) on which the two agree."""
        return self.difference + self.shift - 1
