"""The Sprague–Grundy function of Wythoff's game: its rows, its diagonal, the positions
of each value, and the preperiods and periods of its rows, as sequences of the family
:mod:`wythoff.families.wythoff` (whose module holds the game and its P-positions).

Here are the forms of these sequences' IDs, their terms, their records, the theorems
checked on them and the papers they come from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.families import grundy_lines
from wythoff.families.ids import IdForm
from wythoff.families.papers import Paper
from wythoff.families.records import SequenceRecord

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core.games import grundy, grundy_rows
    from wythoff.core.theorems import wythoff
    from wythoff.families import evidence
    from wythoff.families.evidence import Check, Terms
else:  # imported on first use: a lookup of a few terms loads no numpy
    evidence = lazy.module("wythoff.families.evidence", globals())
    np = lazy.module("numpy", globals())
    grundy = lazy.module("wythoff.core.games.grundy", globals())
    grundy_rows = lazy.module("wythoff.core.games.grundy_rows", globals())
    wythoff = lazy.module("wythoff.core.theorems.wythoff", globals())

SEQUENCE_IDS = {
    "grundy-row": IdForm("wythoff-grundy-row{row}"),  # G(row, n): Sprague-Grundy values
    "grundy-diagonal": IdForm("wythoff-grundy-diagonal"),  # G(n, n)
    # the positions (a(n), b(n)), a(n) <= b(n), of Sprague-Grundy value `value`
    "grundy-value-a": IdForm("wythoff-grundy-value{value}-a"),
    "grundy-value-b": IdForm("wythoff-grundy-value{value}-b"),
    # the least preperiod and period of each row x
    "grundy-preperiod": IdForm("wythoff-grundy-preperiod"),
    "grundy-period": IdForm("wythoff-grundy-period"),
}
DIAGONAL = SEQUENCE_IDS["grundy-diagonal"]()

PAPERS = (
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
"""The papers of this module's theorems: the rows' additive periodicity, and the
positions of value 1."""


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
    each term needs the whole square table up to it, so its terms are computed together."""

    def __call__(self, start: int, count: int) -> np.ndarray:
        if count <= 0:
            return np.zeros(0, dtype=np.int64)
        found = _FOUND_DIAGONAL.get(DIAGONAL)
        if found is None or len(found) < start + count:
            table = grundy.grundy_table(wythoff.rules(), start + count)
            found = _FOUND_DIAGONAL[DIAGONAL] = np.diagonal(table).astype(np.int64)
        return found[start : start + count].copy()

    def listed(self, start: int, count: int) -> list[int]:
        return [int(v) for v in self(start, count)]


_FOUND_DIAGONAL: dict[str, np.ndarray] = {}
"""The longest diagonal computed so far (a build's single-term checks ask again)."""

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


def row_checks(row: int, terms: Terms) -> list[Check]:
    """The row ``row`` on its stored terms: additively periodic with increment equal to
    the period (Dress, Flammenkamp and Pink), and rows 1 and 2 the tersums n + 1 and
    n + 2 (Winning Ways)."""
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


def row_record(row: int) -> SequenceRecord:
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


def diagonal_record() -> SequenceRecord:
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


def value_pair_records(value: int) -> list[SequenceRecord]:
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


def line_records() -> list[SequenceRecord]:
    """The least preperiod and period of each row (:mod:`wythoff.families.grundy_lines`)."""
    return grundy_lines.sequences(
        (SEQUENCE_IDS["grundy-preperiod"](), SEQUENCE_IDS["grundy-period"]()),
        "wythoff",
        "Wythoff's game",
        wythoff.rules(),
        "dress-flammenkamp-pink",
        (),
    )
