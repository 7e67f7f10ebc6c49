"""Wythoff's game (1907): the lower and upper Wythoff sequences, normal and misère play.

Everything the package knows about this family lives here: its parameters and
their default ranges, the forms of its IDs, its sequences and games, the theorems
checked on the data, its relations to other sequences and the words of its pages;
the sequences of its Sprague–Grundy function (rows, diagonal, positions of each
value) are made and checked by :mod:`wythoff.families.wythoff_grundy`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.families import claims, grundy_lines, wythoff_grundy
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
from wythoff.families.records import FamilyRecord, GameRecord, SequenceRecord
from wythoff.families.registry import FAMILIES

if TYPE_CHECKING:
    from wythoff.core.discrepancy import BeattyForm
    from wythoff.core.theorems import wythoff
    from wythoff.families import evidence, programs
    from wythoff.families.evidence import Check, Relation, Terms
    from wythoff.families.programs import Programs
else:  # imported on first use: a lookup of a few terms loads no numpy
    programs = lazy.module("wythoff.families.programs", globals())
    evidence = lazy.module("wythoff.families.evidence", globals())
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
    **wythoff_grundy.SEQUENCE_IDS,  # the Sprague-Grundy function's sequences
}
GAME_IDS = {"normal": IdForm("wythoff"), "misere": IdForm("wythoff-misere")}
LOWER, UPPER = SEQUENCE_IDS["a"](), SEQUENCE_IDS["b"]()
MISERE_LOWER, MISERE_UPPER = SEQUENCE_IDS["misere-a"](), SEQUENCE_IDS["misere-b"]()
GAME, MISERE_GAME = GAME_IDS["normal"](), GAME_IDS["misere"]()
DIAGONAL = wythoff_grundy.DIAGONAL


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
    papers = wythoff_grundy.PAPERS
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
            return [wythoff_grundy.row_record(params["row"])]
        if "value" in params:
            return wythoff_grundy.value_pair_records(params["value"])
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
            wythoff_grundy.diagonal_record(),
            *wythoff_grundy.line_records(),
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
            return wythoff_grundy.value_pair_checks(
                value, [int(v) for v in lower], [int(v) for v in upper]
            )
        if "row" not in params:
            return wythoff_grundy.diagonal_checks(terms[DIAGONAL]) if DIAGONAL in terms else []
        return wythoff_grundy.row_checks(params["row"], terms)

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
        if isinstance(record.terms, wythoff_grundy.GrundyRow):
            return Picture(vocabulary.DIFFERENCE)
        return super().picture(record)

    def programs(self, record: SequenceRecord) -> Programs | None:
        """A(n) = floor(n*phi) = (n + sqrtint(5n^2))/2, and B(n) = A(n) + n; misère
        play's first two terms replaced; the Sprague–Grundy rows and diagonal by the
        definition's mex over a table, the rows' preperiods and periods each proven on
        a strip (Landman's argument)."""
        if record.id == DIAGONAL:
            return programs.wythoff_grundy(None)
        if record.growth == vocabulary.ROWS:
            return grundy_lines.programs(record, 1)
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
