"""Khovanova and Niu's m-Modular Wythoff game (2016): finitely many P-positions.

Everything the package knows about this family lives here: its parameters and
their default ranges, the forms of its IDs, its sequences and games, the theorems
checked on the data, its relations to other sequences and the words of its pages.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.families import claims
from wythoff.families.base import (
    Beatty,
    CatalogView,
    Family,
    parameter_range,
    params_of,
)
from wythoff.families.ids import IdForm
from wythoff.families.records import FamilyRecord, GameRecord, SequenceRecord
from wythoff.families.registry import FAMILIES

if TYPE_CHECKING:
    from wythoff.core import properties
    from wythoff.core.games import solver
    from wythoff.core.theorems import modular, wythoff
    from wythoff.families import evidence, programs
    from wythoff.families.evidence import Check, Relation, Terms
    from wythoff.families.programs import Programs
else:  # imported on first use: a lookup of a few terms loads no numpy
    programs = lazy.module("wythoff.families.programs", globals())
    evidence = lazy.module("wythoff.families.evidence", globals())
    modular = lazy.module("wythoff.core.theorems.modular", globals())
    wythoff = lazy.module("wythoff.core.theorems.wythoff", globals())
    properties = lazy.module("wythoff.core.properties", globals())
    solver = lazy.module("wythoff.core.games.solver", globals())

PAGE = r"""---
title: Khovanova and Niu's m-Modular Wythoff game
---

# m-Modular Wythoff

A move takes any number of counters from one pile (*type I*), or \(k > 0\) from one
pile and \(l > 0\) from the other with \(k \equiv l \pmod m\) (*type II*).

## Theorem

Let \(a_m = \lfloor m/\varphi \rfloor\), the number of positive lower Wythoff numbers below
\(m\), \(\varphi = (1 + \sqrt5)/2\) (OEIS A005206, shifted: \(a_m = h(m-1)\) for
Hofstadter's G-sequence \(h(0) = 0\), \(h(n) = n - h(h(n-1))\)). The P-positions of
m-Modular Wythoff are the first \(a_m + 1\) P-positions of Wythoff's game,
\((A_n, B_n)\) for \(n \le a_m\) (\(A_n = \lfloor n\varphi \rfloor\), \(B_n = A_n + n\)), and
their mirror images (**Theorem 4**): a finite set of
\(2a_m + 1\) positions (**Corollary 5**). Every other position has a move into it.

## Reference

T. Khovanova and S. Niu, *m-Modular Wythoff*, preprint, MIT PRIMES (2016).
"""
"""The family's page: the definitions and theorems in words (Markdown with TeX)."""

SEQUENCE_FORM = IdForm("modular-a")  # a(m), shared by every m
SEQUENCE = SEQUENCE_FORM()
GAME = IdForm("modular-m{m}")


def _wythoff() -> Family:
    """Wythoff's family, whose first P-positions these games keep (to name them)."""
    return FAMILIES["wythoff"]


def _p_set(params: Mapping[str, int], limit: int) -> set[tuple[int, int]]:
    return {(x, y) for x, y in modular.p_set(params["m"]) if x <= y < limit}


SUMMARY_CLAIMS = (
    claims.PSetClaim(
        "There are only 2 a(m) + 1 P-positions, a(m) = floor(m/phi), "
        "phi = (1 + sqrt(5))/2: the first a(m) + 1 pairs (A(n), B(n)), n = 0, ..., a(m), of "
        "the lower and upper Wythoff sequences A(n) = floor(n*phi), B(n) = A(n) + n, and "
        "their mirror images.",
        ("game",),
        _p_set,
    ),
)


class ModularFamily(Family):
    family = FamilyRecord(
        key="modular",
        title="Khovanova and Niu's m-Modular Wythoff game",
        paper="khovanova-niu",
        summary=" ".join(
            (
                "Take any number from one pile, or k > 0 and l > 0 from both with k = l (mod m).",
                *(claim.words for claim in SUMMARY_CLAIMS),
            )
        ),
        parameters=("m",),
        page=PAGE,
    )
    default_ranges = {"m": (1, 12)}
    small_ranges = {"m": (1, 6)}
    sequence_ids = {"a": SEQUENCE_FORM}
    game_ids = {"game": GAME}
    summary_claims = SUMMARY_CLAIMS
    sequence_examples = (SEQUENCE,)
    game_examples = (GAME(m=5),)

    def parameter_sets(self, ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
        yield {}  # the sequence a(m) does not depend on the game's m
        for m in parameter_range(ranges, "m"):
            yield {"m": m}

    def sequences(self, **params: int) -> list[SequenceRecord]:
        m = params.get("m")
        if m is not None:
            return []
        return [
            SequenceRecord(
                id=SEQUENCE,
                family="modular",
                name=(
                    "a(m) = floor(m/phi), phi = (1+sqrt(5))/2: the number of positive lower "
                    "Wythoff numbers below m; "
                    "the m-Modular Wythoff game has 2*a(m) + 1 P-positions."
                ),
                offset=1,
                formula="a(m) = floor(m/phi) = floor(m*(sqrt(5) - 1)/2)",
                paper="khovanova-niu",
                keywords=("beatty", "game", "finite"),
                params=(),
                terms=Beatty(modular.INVERSE_PHI),
                related=(_wythoff().sequence_id("a"),),
            )
        ]

    def games(self, **params: int) -> list[GameRecord]:
        m = params.get("m")
        if m is None:
            return []
        modular.check(m)
        return [
            GameRecord(
                id=GAME(m=m),
                family="modular",
                name=f"{m}-Modular Wythoff",
                rules=modular.rules(m),
                paper="khovanova-niu",
                params=params_of(m=m),
                p_positions=(
                    f"The first a({m}) + 1 = {modular.a(m) + 1} P-positions of Wythoff's game and "
                    f"their mirror images: {2 * modular.a(m) + 1} positions in all."
                ),
                strategy=lambda: modular.Strategy(m),
                sequences=(SEQUENCE, _wythoff().sequence_id("a"), _wythoff().sequence_id("b")),
            )
        ]

    def board_lesson(self, game: GameRecord) -> str:
        m = game.param("m")
        return (
            f"only {2 * modular.a(m) + 1} P-positions, all near the corner: the first "
            "P-positions of Wythoff's game and their mirror images (Theorem 4); every other "
            "square has a move into them."
        )

    def checks(self, terms: Terms, **params: int) -> list[Check]:
        if "m" not in params:
            values = terms[SEQUENCE]
            g = _hofstadter_g(len(values))
            problem = properties.equal(values, g)  # a(m) = G(m - 1), as G(n) = floor((n+1)/phi)
            return [
                evidence.check(
                    SEQUENCE,
                    "a(m) = A005206(m - 1) (Hofstadter G, shifted)",
                    "G(0) = 0, G(n) = n - G(G(n-1))",
                    f"m <= {len(values)}",
                    problem,
                )
            ]
        m = params["m"]
        board = solver.solve(modular.rules(m), 2 * m + 2)
        found = len(solver.p_positions(board, symmetric=False))
        expected = 2 * modular.a(m) + 1
        return [
            evidence.check(
                GAME(m=m),
                "Corollary 5: 2 a(m) + 1 P-positions",
                f"the solver finds {expected} on a board containing every candidate "
                "(coordinates < 2m)",
                f"{2 * m + 2} x {2 * m + 2} board",
                None if found == expected else f"the solver finds {found}",
            )
        ]

    def relations(self, catalog: CatalogView, terms: Terms) -> list[Relation]:
        games = [g for g in catalog.games.values() if g.family == "modular"]
        if SEQUENCE not in terms or not games:
            return []
        problem = None
        for game in games:
            m = game.param("m")
            expected = {(wythoff.lower(n), wythoff.upper(n)) for n in range(modular.a(m) + 1)}
            strategy = game.formula() if game.solved else None
            found = set(strategy.p_positions(2 * m)) if strategy else set()
            if found != expected:
                problem = f"{GAME(m=m)} differs from the first a(m) + 1 Wythoff P-positions"
                break
        largest = max(g.param("m") for g in games)
        text = (
            f"the P-positions of {GAME.form.format(m='m')} are the first a(m) + 1 "
            "P-positions of Wythoff's game and their mirror images"
        )
        row = evidence.theorem(
            SEQUENCE,
            _wythoff().game_id("normal"),
            vocabulary.P_POSITIONS,
            text,
            "Khovanova and Niu, Theorem 4",
            f"m <= {largest}",
            None,
            largest,
        )
        proof = evidence.check(
            SEQUENCE,
            "Theorem 4: the P-set is the first a(m) + 1 Wythoff P-positions",
            "P-sets compared with Wythoff's",
            f"m <= {largest}",
            problem,
        )
        return [evidence.Relation((row,), proof)]

    def strategy_text(self, game: GameRecord) -> str:
        return (
            "There are only finitely many P-positions, all listed above. From any other "
            "position a legal move reaches one of them (Khovanova and Niu, Theorem 4): a "
            "one-pile move to the partner of a pile, or a two-pile move keeping the "
            "difference of the piles modulo m."
        )

    # -- programs --------------------------------------------------------------

    def programs(self, record: SequenceRecord) -> Programs:
        """a(m) = floor(m/phi) = floor(m*(sqrt(5) - 1)/2), exactly."""
        return programs.beatty(modular.INVERSE_PHI)


def _hofstadter_g(count: int) -> list[int]:
    g = [0]
    for n in range(1, count):
        g.append(n - g[g[n - 1]])
    return g
