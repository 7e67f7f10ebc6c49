"""Wythoff's game (1907): the lower and upper Wythoff sequences, normal and misère play.

Everything the package knows about this family lives here: its parameters and
their default ranges, the forms of its IDs, its sequences and games, the theorems
checked on the data, its relations to other sequences and the words of its pages.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.families import claims, grundy_lines
from wythoff.families.base import (
    Beatty,
    CatalogView,
    Family,
    FirstTermsReplaced,
    Picture,
    PlusMultiple,
    parameter_range,
)
from wythoff.families.ids import IdForm
from wythoff.families.papers import Paper
from wythoff.families.records import FamilyRecord, GameRecord, SequenceRecord
from wythoff.families.registry import FAMILIES

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core.discrepancy import BeattyForm
    from wythoff.core.games import grundy, grundy_rows
    from wythoff.core.theorems import wythoff
    from wythoff.families import evidence, programs
    from wythoff.families.evidence import Check, Relation, Terms
    from wythoff.families.programs import Programs
else:  # imported on first use: a lookup of a few terms loads no numpy
    programs = lazy.module("wythoff.families.programs", globals())
    evidence = lazy.module("wythoff.families.evidence", globals())
    np = lazy.module("numpy", globals())
    grundy = lazy.module("wythoff.core.games.grundy", globals())
    grundy_rows = lazy.module("wythoff.core.games.grundy_rows", globals())
    wythoff = lazy.module("wythoff.core.theorems.wythoff", globals())

PAGE = r"""---
title: Wythoff's game
---

# Wythoff's game

Two piles of counters; a move takes any number of counters from one pile, or the
same number from both. The player who takes the last counter wins (normal play),
or loses (misère play). On a chessboard it is *Corner the Queen*: a queen moves
left, down or diagonally down-left, and whoever reaches the corner wins.

## The P-positions

Let \(\varphi = (1+\sqrt5)/2\). The lower and upper Wythoff sequences

\[
A_n = \lfloor n\varphi \rfloor, \qquad B_n = \lfloor n\varphi^2 \rfloor = A_n + n \qquad (n \ge 0)
\]

are complementary (every positive integer occurs in exactly one of them, for
\(n \ge 1\): Beatty's theorem, since \(1/\varphi + 1/\varphi^2 = 1\)), and the
P-positions of Wythoff's game are the pairs \((A_n, B_n)\) and their mirror
images: \((0,0), (1,2), (3,5), (4,7), (6,10), (8,13), \dots\) Equivalently
\(A_n = \operatorname{mex}\{A_i, B_i : i < n\}\).

In **misère play** the P-positions are \((0,1)\), \((2,2)\) and every
\((A_n, B_n)\) with \(n \ge 2\) (and mirror images): only the two smallest pairs
change.

Wythoff's game is the case \(a = 1\) of [Fraenkel's a-Wythoff game](../fraenkel/index.md)
and \(k = 1\) of [Connell's k-Wythoff game](../connell/index.md), and its pair is
Larsson's pair for \((m, p) = (1, 1)\): the cross-references on each sequence page
record these identities, checked term by term.

## Sprague–Grundy values

The value \(G(x, y)\) of a position is the least value no move from it reaches
(the P-positions are those of value 0); a sum of games is lost by the player to
move when the XOR of its parts' values is 0. Dress, Flammenkamp and Pink proved that
every row is additively periodic: for each \(x\) there are \(p\) and \(s\) with
\(G(x, y + p) = G(x, y) + p\) for every \(y \ge s\). Rows 1 to 6 are sequences of
this catalog (`wythoff-grundy-row1` to `wythoff-grundy-row6`), each checked periodic on
its stored terms; rows 1 and 2 are \(n\) plus 1 and 2 in base 3 without carries
(Winning Ways). The positions of value 1, \((a(n), b(n))\) with \(a(n) \le b(n)\),
are the sequences `wythoff-grundy-value1-a` and `wythoff-grundy-value1-b`: as for the
P-positions, \(a(n)\) is the least number not yet a coordinate, since every row holds
each value once (Blass and Fraenkel studied them; Nivasch proved that the positions of
each value lie within a bounded distance of the P-positions). The game's page gives
the periods of rows 0 to 24, and the table `grundy_positions` where each value 1 to 15
lies.

**Exactness.** \(A_n\) is computed as \((n + \lfloor\sqrt{5n^2}\rfloor) \,/\!/\, 2\),
never with floating point: the float64 product \(n\varphi\) is already wrong at
\(n = 102\,334\,155\) (a Fibonacci number).

## Reference

W. A. Wythoff, *A modification of the game of Nim*, Nieuw Archief voor Wiskunde 7
(1907), 199-202. Misère play: A. S. Fraenkel, *Wythoff games, continued fractions,
cedar trees and Fibonacci searches*, Theoretical Computer Science 29 (1984), 49-73; and
the encyclopedia article *Wythoff's game*.
"""
"""The family's page: the definitions and theorems in words (Markdown with TeX)."""

SEQUENCE_IDS = {
    "a": IdForm("wythoff-a"),
    "b": IdForm("wythoff-b"),
    "misere-a": IdForm("wythoff-misere-a"),
    "misere-b": IdForm("wythoff-misere-b"),
    "grundy-row": IdForm("wythoff-grundy-row{row}"),  # G(row, n): Sprague-Grundy values
    "grundy-diagonal": IdForm("wythoff-grundy-diagonal"),  # G(n, n)
    # the positions (a(n), b(n)), a(n) <= b(n), of Sprague-Grundy value `value`
    "grundy-value-a": IdForm("wythoff-grundy-value{value}-a"),
    "grundy-value-b": IdForm("wythoff-grundy-value{value}-b"),
    # the least preperiod and period of each row x
    "grundy-preperiod": IdForm("wythoff-grundy-preperiod"),
    "grundy-period": IdForm("wythoff-grundy-period"),
}
GAME_IDS = {"normal": IdForm("wythoff"), "misere": IdForm("wythoff-misere")}
LOWER, UPPER = SEQUENCE_IDS["a"](), SEQUENCE_IDS["b"]()
MISERE_LOWER, MISERE_UPPER = SEQUENCE_IDS["misere-a"](), SEQUENCE_IDS["misere-b"]()
GAME, MISERE_GAME = GAME_IDS["normal"](), GAME_IDS["misere"]()
DIAGONAL = SEQUENCE_IDS["grundy-diagonal"]()


class GrundyRow(NamedTuple):
    """``n -> G(row, n)``, the row ``row`` of the Sprague–Grundy function of Wythoff's
    game, exactly: read from a strip of the table (the rows up to ``row``), which the
    bitset sweep fills in a few milliseconds for ten thousand columns."""

    row: int

    def __call__(self, start: int, count: int) -> np.ndarray:
        if count <= 0:
            return np.zeros(0, dtype=np.int64)
        table = grundy.grundy_table(wythoff.rules(), start + count, rows=self.row + 1)
        return table[self.row, start:].astype(np.int64)

    def listed(self, start: int, count: int) -> list[int]:
        return [int(v) for v in self(start, count)]

    def proven(self) -> grundy_rows.Row:
        """The row with its additive period proven on a strip of the rows up to it
        (Landman's argument)."""
        return grundy_rows.prove(wythoff.rules(), self.row + 1)[self.row]


class GrundyDiagonal:
    """``n -> G(n, n)``, the diagonal of the Sprague–Grundy function of Wythoff's game:
    each term needs the whole square table up to it (about 0.3 s for 2048 terms)."""

    def __call__(self, start: int, count: int) -> np.ndarray:
        if count <= 0:
            return np.zeros(0, dtype=np.int64)
        found = _FOUND_DIAGONAL.get(GAME)
        if found is None or len(found) < start + count:
            table = grundy.grundy_table(wythoff.rules(), start + count)
            found = _FOUND_DIAGONAL[GAME] = np.diagonal(table).astype(np.int64)
        return found[start : start + count].copy()

    def listed(self, start: int, count: int) -> list[int]:
        return [int(v) for v in self(start, count)]


_FOUND_DIAGONAL: dict[str, np.ndarray] = {}
"""The longest diagonal computed so far, by game (a build's single-term checks ask again)."""

_FOUND_PAIRS: dict[int, list[tuple[int, int]]] = {}
"""The positions of each value found so far (a build asks for single terms again and
again to check its bulk terms: each would cost a table of side about 3n)."""


def first_value_pairs(value: int, count: int) -> list[tuple[int, int]]:
    """At least the first ``count`` positions of ``value`` (:func:`value_pairs`), from
    a square table of side about ``3 count`` (the positions of a value lie a bounded
    distance from the P-positions (Nivasch), whose larger pile is about ``2.62 n``),
    doubled until it holds them; kept for the next call."""
    found = _FOUND_PAIRS.get(value, [])
    side = 3 * count + 8 * value + 64
    while len(found) < count:
        found = value_pairs(grundy.grundy_table(wythoff.rules(), side), value)
        side *= 2
    _FOUND_PAIRS[value] = found
    return found


def value_pairs(table: np.ndarray, value: int) -> list[tuple[int, int]]:
    """The positions ``(a, b)``, ``a <= b``, of ``table`` (a square table of Wythoff's
    G) holding ``value``, by ``a``: each row holds ``value`` exactly once (Wythoff's
    rows are permutations), so ``a(n)`` is the first row not yet met, and ``b(n)``
    where ``value`` lies in it.  The list ends before the first row whose ``value``
    lies beyond the table."""
    side = len(table)
    met = np.zeros(side, dtype=bool)
    pairs = []
    for x in range(side):
        if met[x]:
            continue
        found = np.flatnonzero(table[x, x:] == value)
        if found.size == 0:
            break
        y = x + int(found[0])
        met[y] = True
        pairs.append((x, y))
    return pairs


class GrundyValuePairs(NamedTuple):
    """``n -> a(n)`` (``coordinate`` 0) or ``b(n)`` (1), the ``n``-th position of value
    ``value`` of Wythoff's game (:func:`first_value_pairs`)."""

    value: int
    coordinate: int

    def __call__(self, start: int, count: int) -> np.ndarray:
        if count <= 0:
            return np.zeros(0, dtype=np.int64)
        pairs = first_value_pairs(self.value, start + count)
        return np.array([p[self.coordinate] for p in pairs[start : start + count]], dtype=np.int64)

    def listed(self, start: int, count: int) -> list[int]:
        return [int(v) for v in self(start, count)]


def value_pair_checks(value: int, lower: list[int], upper: list[int]) -> list[Check]:
    """No two positions of one value share a column or a diagonal (a rook or a bishop
    move would join them): the ``b(n)`` are distinct, and so are the ``b(n) - a(n)``.
    (They share no row by their construction, :func:`value_pairs`.)"""
    subject = SEQUENCE_IDS["grundy-value-b"](value=value)
    gaps = [b - a for a, b in zip(lower, upper, strict=True)]
    return [
        evidence.check(
            subject,
            f"{what} distinct: one position of value {value} {where}",
            "every stored term",
            f"n < {len(lower)}",
            first_repeat(values),
        )
        for what, where, values in (
            ("b(n)", "in each column", upper),
            ("b(n) - a(n)", "on each diagonal", gaps),
        )
    ]


def first_repeat(values: list[int]) -> str | None:
    """Where a value first comes back (``None``: no value twice)."""
    seen: dict[int, int] = {}
    for n, v in enumerate(values):
        if v in seen:
            return f"{v} at n = {seen[v]} and n = {n}"
        seen[v] = n
    return None


def diagonal_checks(values: np.ndarray) -> list[Check]:
    """Landman's facts on the diagonal G(n, n), on its stored terms: n/2 <= a(n) <= 2n,
    no value twice, and every value g among the first 2g + 1 terms (so it is a
    permutation of the non-negative integers)."""
    terms = [int(v) for v in values]
    count = len(terms)
    outside = next((n for n, v in enumerate(terms) if not (n <= 2 * v <= 4 * n)), None)
    twice = first_repeat(terms)
    first_at: dict[int, int] = {}
    for n, v in enumerate(terms):
        first_at.setdefault(v, n)
    late = next((g for g in range((count - 1) // 2 + 1) if first_at.get(g, count) > 2 * g), None)
    subject, up_to = DIAGONAL, f"n < {count}"
    return [
        evidence.check(
            subject,
            "n/2 <= G(n, n) <= 2n (Landman)",
            "every stored term",
            up_to,
            None if outside is None else f"fails at n = {outside}",
        ),
        evidence.check(subject, "no value twice (Landman)", "every stored term", up_to, twice),
        evidence.check(
            subject,
            "every value g appears among the first 2g + 1 terms (Landman)",
            "every g with 2g < the stored terms",
            up_to,
            None if late is None else f"{late} does not",
        ),
    ]


def _normal_p_set(params: Mapping[str, int], limit: int) -> set[tuple[int, int]]:
    return claims.beatty_pairs(wythoff.lower, wythoff.upper, limit)


def _misere_p_set(params: Mapping[str, int], limit: int) -> set[tuple[int, int]]:
    kept = claims.beatty_pairs(wythoff.lower, wythoff.upper, limit, first=2)
    return kept | {pair for pair in wythoff.MISERE_EXCEPTIONS if max(pair) < limit}


SUMMARY_CLAIMS = (
    claims.PSetClaim(
        "In normal play the P-positions are the pairs (A(n), B(n)), n >= 0, of the lower "
        "and upper Wythoff sequences A(n) = floor(n*phi), B(n) = A(n) + n, "
        "phi = (1 + sqrt(5))/2, and their mirror images.",
        ("normal",),
        _normal_p_set,
    ),
    claims.PSetClaim(
        "In misère play (0, 1) and (2, 2) replace (0, 0) and (1, 2); the other pairs stay.",
        ("misere",),
        _misere_p_set,
    ),
)
_SUMMARY_WORDS = tuple(claim.words for claim in SUMMARY_CLAIMS)


class WythoffFamily(Family):
    family = FamilyRecord(
        key="wythoff",
        title="Wythoff's game",
        paper="wythoff",
        summary=" ".join(
            ("Take any number from one pile or the same number from both.", *_SUMMARY_WORDS)
        ),
        parameters=("row", "value"),
        page=PAGE,
    )
    # the rows of the Sprague-Grundy function stored as sequences (OEIS has rows 1 to 6),
    # and the positions of value 1 (Blass and Fraenkel)
    default_ranges = {"row": (1, 6), "value": (1, 1)}
    optional_parameters = ("row", "value")  # "wythoff = {}": the game's own sequences alone
    papers = (
        Paper(
            "dress-flammenkamp-pink",
            "A. Dress, A. Flammenkamp and N. Pink",
            "Additive periodicity of the Sprague-Grundy function of certain Nim games",
            "Advances in Applied Mathematics 22, 249-270",
            1999,
        ),
        Paper(
            "blass-fraenkel",
            "U. Blass and A. S. Fraenkel",
            "The Sprague-Grundy function for Wythoff's game",
            "Theoretical Computer Science 75, 311-333",
            1990,
        ),
    )
    sequence_ids = SEQUENCE_IDS
    game_ids = GAME_IDS
    summary_claims = SUMMARY_CLAIMS
    sequence_examples = (
        LOWER,
        UPPER,
        MISERE_LOWER,
        MISERE_UPPER,
        SEQUENCE_IDS["grundy-row"](row=3),
        DIAGONAL,
        SEQUENCE_IDS["grundy-value-a"](value=1),
        SEQUENCE_IDS["grundy-value-b"](value=1),
        SEQUENCE_IDS["grundy-preperiod"](),
        SEQUENCE_IDS["grundy-period"](),
    )
    game_examples = (GAME, MISERE_GAME)

    def parameter_sets(self, ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
        yield {}
        for name in self.optional_parameters:
            if name in ranges:
                for number in parameter_range(ranges, name):
                    yield {name: number}

    def sequences(self, **params: int) -> list[SequenceRecord]:
        if "row" in params:
            return [self._grundy_row(params["row"])]
        if "value" in params:
            return self._grundy_value_pairs(params["value"])
        lower = Beatty(wythoff.PHI)
        # the same pair in the families that contain Wythoff's game
        fraenkel, connell, larsson = (FAMILIES[key] for key in ("fraenkel", "connell", "larsson"))
        lower_elsewhere = (
            fraenkel.sequence_id("a", a=1),
            connell.sequence_id("u", k=1, i=0),
            larsson.sequence_id("a", m=1, p=1),
        )
        upper_elsewhere = (
            fraenkel.sequence_id("b", a=1),
            connell.sequence_id("v", k=1, i=0),
            larsson.sequence_id("b", m=1, p=1),
        )
        return [
            SequenceRecord(
                id=LOWER,
                family="wythoff",
                name=(
                    "Lower Wythoff sequence: A(n) = floor(n*phi), phi = (1+sqrt(5))/2; "
                    "smaller coordinates of the P-positions of Wythoff's game."
                ),
                offset=0,
                formula=(
                    "A(n) = floor(n*phi) = floor(n*(1 + sqrt(5))/2) = mex{A(i), B(i) : i < n}, "
                    "B(i) = A(i) + i"
                ),
                paper="wythoff",
                keywords=("beatty", "complementary", "game"),
                params=(),
                terms=lower,
                game=GAME,
                related=(UPPER, *lower_elsewhere),
            ),
            SequenceRecord(
                id=UPPER,
                family="wythoff",
                name=(
                    "Upper Wythoff sequence: B(n) = floor(n*phi^2) = A(n) + n, "
                    "A(n) = floor(n*phi), phi = (1+sqrt(5))/2; larger coordinates of the "
                    "P-positions of Wythoff's game."
                ),
                offset=0,
                formula="B(n) = floor(n*phi^2) = floor(n*(3 + sqrt(5))/2) = A(n) + n",
                paper="wythoff",
                keywords=("beatty", "complementary", "game"),
                params=(),
                terms=PlusMultiple(lower, 1),
                game=GAME,
                related=(LOWER, *upper_elsewhere),
            ),
            *self._misere_sequences(lower),
            self._grundy_diagonal(),
            *grundy_lines.sequences(
                (SEQUENCE_IDS["grundy-preperiod"](), SEQUENCE_IDS["grundy-period"]()),
                "wythoff",
                "Wythoff's game",
                wythoff.rules(),
                "dress-flammenkamp-pink",
                (),
            ),
        ]

    def _misere_sequences(self, lower: Beatty) -> list[SequenceRecord]:
        """The coordinates of misère play's P-positions: normal play's from n = 2 on,
        with (0, 1) and (2, 2) at n = 0 and 1."""
        common: dict[str, Any] = {
            "family": "wythoff",
            "offset": 0,
            "paper": "misere",
            "keywords": ("game",),
            "params": (),
            "game": MISERE_GAME,
        }
        (x0, y0), (x1, y1) = wythoff.MISERE_EXCEPTIONS
        return [
            SequenceRecord(
                id=MISERE_LOWER,
                name=(
                    f"Misère Wythoff: a(0) = {x0}, a(1) = {x1}, a(n) = floor(n*phi) for n >= 2, "
                    "phi = (1+sqrt(5))/2; smaller coordinates of the P-positions of Wythoff's "
                    "game in misère play."
                ),
                formula=f"a(n) = floor(n*phi) for n >= 2; a(0) = {x0}, a(1) = {x1}",
                terms=FirstTermsReplaced(lower, (x0, x1)),
                related=(MISERE_UPPER, LOWER),
                **common,
            ),
            SequenceRecord(
                id=MISERE_UPPER,
                name=(
                    f"Misère Wythoff: b(0) = {y0}, b(1) = {y1}, b(n) = floor(n*phi^2) for "
                    "n >= 2, phi = (1+sqrt(5))/2; larger coordinates of the P-positions of "
                    "Wythoff's game in misère play."
                ),
                formula=(
                    f"b(n) = floor(n*phi^2) = floor(n*phi) + n for n >= 2; b(0) = {y0}, b(1) = {y1}"
                ),
                terms=FirstTermsReplaced(PlusMultiple(lower, 1), (y0, y1)),
                related=(MISERE_LOWER, UPPER),
                **common,
            ),
        ]

    def _grundy_row(self, row: int) -> SequenceRecord:
        """Row ``row`` of the Sprague–Grundy function: the values G(row, n), n >= 0."""
        if row < 0:
            raise ValueError(f"row must be a non-negative integer (got {row})")
        return SequenceRecord(
            id=SEQUENCE_IDS["grundy-row"](row=row),
            family="wythoff",
            name=(
                f"Row {row} of the Sprague-Grundy function G of Wythoff's game: a(n) = "
                f"G({row}, n), the least value that no move from ({row}, n) reaches."
            ),
            offset=0,
            formula=(
                f"a(n) = G({row}, n) = mex({{G({row}, k) : k < n}} union {{G(j, n) : j < {row}}} "
                f"union {{G({row} - i, n - i) : 1 <= i <= min({row}, n)}}); additively periodic: "
                f"a(n + p) = a(n) + p from some n on (Dress, Flammenkamp and Pink)"
            ),
            paper="dress-flammenkamp-pink",
            keywords=("game", "sprague-grundy"),
            params=(("row", row),),
            terms=GrundyRow(row),
        )

    def _grundy_diagonal(self) -> SequenceRecord:
        """The diagonal G(n, n) of the Sprague–Grundy function: a permutation of the
        non-negative integers (Landman and Ferguson)."""
        return SequenceRecord(
            id=DIAGONAL,
            family="wythoff",
            name=(
                "Diagonal of the Sprague-Grundy function G of Wythoff's game: a(n) = "
                "G(n, n), the least value that no move from (n, n) reaches."
            ),
            offset=0,
            formula=(
                "a(n) = G(n, n) = mex({G(n, k), G(k, n) : k < n} union {G(k, k) : k < n}); "
                "n/2 <= a(n) <= 2n, and every value appears once (Landman)"
            ),
            paper="dress-flammenkamp-pink",
            keywords=("game", "sprague-grundy"),
            params=(),
            terms=GrundyDiagonal(),
            growth=vocabulary.TABLE,
        )

    def _grundy_value_pairs(self, value: int) -> list[SequenceRecord]:
        """The positions ``(a(n), b(n))``, ``a(n) <= b(n)``, of Sprague–Grundy value
        ``value``: the P-positions' pair for the value 0, Blass and Fraenkel's for 1."""
        if value < 0:
            raise ValueError(f"value must be a non-negative integer (got {value})")
        a_id, b_id = (SEQUENCE_IDS[f"grundy-value-{c}"](value=value) for c in "ab")
        common: dict[str, Any] = {
            "family": "wythoff",
            "offset": 0,
            "paper": "blass-fraenkel",
            "keywords": ("game", "sprague-grundy"),
            "params": (("value", value),),
            "growth": vocabulary.TABLE,
        }
        where = f"the positions of Sprague-Grundy value {value} of Wythoff's game"
        mex = "a(n) = mex{a(i), b(i) : i < n}"
        return [
            SequenceRecord(
                id=a_id,
                name=f"Smaller coordinates a(n) <= b(n) of {where}, in increasing order.",
                formula=f"{mex}; b(n) = the y >= a(n) with G(a(n), y) = {value}",
                terms=GrundyValuePairs(value, 0),
                related=(b_id,),
                **common,
            ),
            SequenceRecord(
                id=b_id,
                name=f"Larger coordinates b(n) >= a(n) of {where}, by the smaller a(n).",
                formula=f"G(a(n), b(n)) = {value}, b(n) >= a(n), {mex}",
                terms=GrundyValuePairs(value, 1),
                related=(a_id,),
                **common,
            ),
        ]

    def games(self, **params: int) -> list[GameRecord]:
        if params:  # a row's or a value's sequences belong to no game of their own
            return []
        return [
            GameRecord(
                id=GAME,
                family="wythoff",
                name="Wythoff's game",
                rules=wythoff.rules(),
                paper="wythoff",
                params=(),
                p_positions=(
                    "(A(n), B(n)) and (B(n), A(n)), n >= 0: A(n) = floor(n*phi), B(n) = A(n) + n, "
                    "phi = (1 + sqrt(5))/2."
                ),
                strategy=wythoff.strategy,
                sequences=(LOWER, UPPER),
            ),
            GameRecord(
                id=MISERE_GAME,
                family="wythoff",
                name="Wythoff's game, misère play",
                rules=wythoff.rules(misere=True),
                paper="misere",
                params=(),
                p_positions=(
                    "(0, 1), (2, 2) and (A(n), B(n)) for n >= 2, A(n) = floor(n*phi), "
                    "B(n) = A(n) + n, phi = (1 + sqrt(5))/2, with their mirror images: "
                    "normal play's P-positions with (0, 0) and (1, 2) replaced."
                ),
                strategy=wythoff.MisereStrategy,
                sequences=(MISERE_LOWER, MISERE_UPPER),
            ),
        ]

    def checks(self, terms: Terms, **params: int) -> list[Check]:
        """The rows of the Sprague–Grundy function on their stored terms: additively
        periodic with increment equal to the period (Dress, Flammenkamp and Pink), and
        rows 1 and 2 the tersums n + 1 and n + 2 (Winning Ways)."""
        if "value" in params:
            value = params["value"]
            lower, upper = (terms[SEQUENCE_IDS[f"grundy-value-{c}"](value=value)] for c in "ab")
            return value_pair_checks(value, [int(v) for v in lower], [int(v) for v in upper])
        if "row" not in params:
            return diagonal_checks(terms[DIAGONAL]) if DIAGONAL in terms else []
        row = params["row"]
        sequence_id = SEQUENCE_IDS["grundy-row"](row=row)
        values = terms[sequence_id]
        found = grundy.line_period(np.asarray(values))
        if found is None:
            problem: str | None = f"no period repeats four times within {len(values)} terms"
        elif found.increment != found.period:
            problem = f"period {found.period} with increment {found.increment}"
        else:
            problem = None
        shown = "" if found is None else f": period {found.period} from n = {found.preperiod}"
        checks = [
            evidence.check(
                sequence_id,
                f"additively periodic, a(n + p) = a(n) + p (Dress, Flammenkamp, Pink){shown}",
                "least period and preperiod found on the stored terms, repeated four times",
                f"n < {len(values)}",
                problem,
            )
        ]
        if row in (1, 2):
            tersums = [wythoff.tersum(n, row) for n in range(len(values))]
            pairs = enumerate(zip(values, tersums, strict=True))
            wrong = next((n for n, (v, t) in pairs if v != t), None)
            checks.append(
                evidence.check(
                    sequence_id,
                    f"a(n) = n tersum {row}: base 3 without carries (Winning Ways)",
                    "every stored term",
                    f"n < {len(values)}",
                    None if wrong is None else f"fails at n = {wrong}",
                )
            )
        return checks

    def relations(self, catalog: CatalogView, terms: Terms) -> list[Relation]:
        if not evidence.has(terms, LOWER, UPPER):
            return []
        return [evidence.complement_pair(LOWER, UPPER, terms, "Beatty's theorem")]

    def index_rule(self, game: GameRecord) -> claims.BeattyIndexRule | None:
        return None if game.rules.misere else claims.BeattyIndexRule(1)

    def strategy_text(self, game: GameRecord) -> str:
        rule = self.index_rule(game)
        if rule is not None:
            return rule.words()
        return (
            "Play as in normal play while both piles are large: every normal-play P-position "
            "(A(n), B(n)) with n >= 2 is also a P-position here. Near the end, (0, 1) and "
            "(2, 2) replace (0, 0) and (1, 2): aim for them instead, so that the opponent "
            "must take the last counter."
        )

    # -- programs and OEIS keywords --------------------------------------------

    def picture(self, record: SequenceRecord) -> Picture[BeattyForm]:
        """A Sprague–Grundy row's page draws ``a(n) - n``, which repeats with the row's
        additive period (``a(n)`` itself is close to the line ``a(n) = n``)."""
        if isinstance(record.terms, GrundyRow):
            return Picture(vocabulary.DIFFERENCE)
        return super().picture(record)

    def programs(self, record: SequenceRecord) -> Programs | None:
        """A(n) = floor(n*phi) = (n + sqrtint(5n^2))/2, and B(n) = A(n) + n; misère
        play's first two terms replaced; the Sprague–Grundy rows and diagonal by the
        definition's mex over a table."""
        if record.id == DIAGONAL:
            return programs.wythoff_grundy(None)
        if record.growth == vocabulary.ROWS:
            return None  # a strip and a proof for each term: no short program
        if "value" in dict(record.params):
            return programs.wythoff_grundy_positions(record.param("value"), record.id[-1] == "b")
        if "row" in dict(record.params):
            return programs.wythoff_grundy(record.param("row"))
        upper = record.id in (UPPER, MISERE_UPPER)
        normal = programs.beatty(wythoff.PHI, factor=1 if upper else 0)
        if record.game != MISERE_GAME:
            return normal
        first = tuple(pair[1 if upper else 0] for pair in wythoff.MISERE_EXCEPTIONS)
        return programs.first_terms_replaced(normal, first)

    def oeis_keywords(self, record: SequenceRecord) -> tuple[str, ...]:
        """The lower and upper Wythoff sequences are among OEIS's "nice" ones."""
        return ("nice",) if record.game == GAME else ()
