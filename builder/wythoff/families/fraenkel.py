"""Fraenkel's a-Wythoff game (1982): the pair A, B and the p- and q-systems.

Everything the package knows about this family lives here: its parameters and
their default ranges, the forms of its IDs, its sequences and games, the theorems
checked on the data, its relations to other sequences and the words of its pages.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.families import claims, grundy_lines, wording
from wythoff.families.base import (
    Beatty,
    CatalogView,
    Family,
    Listed,
    PlusMultiple,
    parameter_range,
    params_of,
)
from wythoff.families.ids import IdForm
from wythoff.families.records import FamilyRecord, GameRecord, SequenceRecord
from wythoff.families.registry import FAMILIES

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core import contfrac, properties
    from wythoff.core import numeration as core_numeration
    from wythoff.core.theorems import fraenkel
    from wythoff.families import evidence, programs
    from wythoff.families.evidence import Check, Relation, Terms
    from wythoff.families.programs import Programs
else:  # imported on first use: a lookup of a few terms loads no numpy
    programs = lazy.module("wythoff.families.programs", globals())
    evidence = lazy.module("wythoff.families.evidence", globals())
    np = lazy.module("numpy", globals())
    fraenkel = lazy.module("wythoff.core.theorems.fraenkel", globals())
    properties = lazy.module("wythoff.core.properties", globals())
    contfrac = lazy.module("wythoff.core.contfrac", globals())
    core_numeration = lazy.module("wythoff.core.numeration", globals())

PAGE = r"""---
title: Fraenkel's a-Wythoff game
---

# Fraenkel's a-Wythoff game

A move takes any number of counters from one pile, or \(k > 0\) from one pile and
\(l > 0\) from the other with \(|k - l| < a\). The case \(a = 1\) is Wythoff's game.

## Three descriptions of the P-positions

**Recursive (Theorem 1).** The P-positions are \((A_n, B_n)\) and mirror images, with
\(A_n = \operatorname{mex}\{A_i, B_i : 0 \le i < n\}\) and \(B_n = A_n + an\).

**Algebraic (Theorem 2).** With
\(\alpha = \frac{2 - a + \sqrt{a^2+4}}{2}\) and \(\beta = \alpha + a\)
(so that \(1/\alpha + 1/\beta = 1\)),
\(A_n = \lfloor n\alpha\rfloor\) and \(B_n = \lfloor n\beta\rfloor\).

**Arithmetic (Theorems 4 and 5).** Let \(p_i/q_i\) be the convergents of
\(\alpha = [1; a, a, \dots]\): \(p_{-1} = 1, p_0 = 1, p_n = a p_{n-1} + p_{n-2}\) and
\(q_{-1} = 0, q_0 = 1, q_n = a q_{n-1} + q_{n-2}\). Every \(N \ge 1\) is written greedily as
\(N = \sum s_i p_i\) with \(0 \le s_i \le a\) and \(s_{i+1} = a \Rightarrow s_i = 0\)
(the **p-system**; for \(a = 1\), Zeckendorf's), and likewise in the \(q_i\) with
\(t_0 < a\) (the **q-system**). Write \(R_p(N)\) and \(R_q(N)\) for the digits of \(N\) in
the two systems (most significant first), and call \(I_p(d) = \sum d_i p_i\) the
*p-interpretation* of a string of digits \(d\). Then

- *Property 1*: \(R_p(A_n)\) ends in an even number of zeros, \(R_p(B_n)\) in an odd number;
- *Property 2*: \(R_p(B_n)\) is \(R_p(A_n)\) shifted left;
- *Property 3*: the p-interpretation \(I_p(R_q(n))\) is \(A_n\) or \(A_n + 1\), by the parity of
  the trailing zeros of \(R_q(n)\).

Each description gives a strategy (P or N, and a winning move); the arithmetic one
runs in \(O(\log x)\) steps. The [numeration tables](../../numeration/index.md) show the
three properties digit by digit.

## Reference

A. S. Fraenkel, *How to beat your Wythoff games' opponent on three fronts*, American
Mathematical Monthly 89 (1982), 353-361.
"""
"""The family's page: the definitions and theorems in words (Markdown with TeX)."""


SEQUENCE_IDS = {
    "a": IdForm("fraenkel-a{a}-a"),  # the pair A, B
    "b": IdForm("fraenkel-a{a}-b"),
    "p": IdForm("fraenkel-a{a}-p"),  # the bases of the numeration systems
    "q": IdForm("fraenkel-a{a}-q"),
    # the least preperiod and period of each row x (the games of GRUNDY_ROWS_TABULATED)
    "grundy-preperiod": IdForm("fraenkel-a{a}-grundy-preperiod"),
    "grundy-period": IdForm("fraenkel-a{a}-grundy-period"),
}
GAME_IDS = {"game": IdForm("fraenkel-a{a}")}


GRUNDY_ROWS_TABULATED = (2, 3)
"""The a whose game's Sprague–Grundy rows have their preperiods and periods as
sequences: those the default build proves and stores (``grundy_deep``; a = 1 is
Wythoff's game, whose family has them)."""


def game_id(a: int) -> str:
    """The ID of the a-Wythoff game."""
    return GAME_IDS["game"](a=a)


def sequence_id(a: int, kind: str) -> str:
    """The ID of sequence ``kind`` (a key of :data:`SEQUENCE_IDS`) of the a-Wythoff game."""
    if kind not in SEQUENCE_IDS:
        raise ValueError(f"no Fraenkel sequence of kind {kind!r}")
    return SEQUENCE_IDS[kind](a=a)


def _larsson_pair(a: int, side: str) -> str:
    """Side ``a`` or ``b`` of Larsson's pair with m = a and p = 1, which is this pair."""
    return FAMILIES["larsson"].sequence_id(side, m=a, p=1)


def _p_set(params: Mapping[str, int], limit: int) -> set[tuple[int, int]]:
    a = params["a"]
    return claims.beatty_pairs(partial(fraenkel.lower, a), partial(fraenkel.upper, a), limit)


SUMMARY_CLAIMS = (
    claims.PSetClaim(
        "The P-positions are the pairs (A(n), B(n)), n >= 0, and their mirror images: "
        "A(n) = floor(n*alpha), B(n) = A(n) + an, alpha = (2 - a + sqrt(a^2 + 4))/2.",
        ("game",),
        _p_set,
    ),
)


class FraenkelFamily(Family):
    family = FamilyRecord(
        key="fraenkel",
        title="Fraenkel's a-Wythoff game",
        paper="fraenkel",
        summary=" ".join(
            (
                "Take any number from one pile, or k > 0 and l > 0 from the two piles with "
                "|k - l| < a.",
                *(claim.words for claim in SUMMARY_CLAIMS),
                "A and B have three descriptions: a mex recursion, Beatty sequences, and "
                "the p- and q-systems of numeration.",
            )
        ),
        parameters=("a",),
        page=PAGE,
    )
    default_ranges = {"a": (1, 12)}
    small_ranges = {"a": (1, 4)}
    sequence_ids = SEQUENCE_IDS
    game_ids = GAME_IDS
    summary_claims = SUMMARY_CLAIMS
    sequence_examples = tuple(
        sequence_id(2, kind) for kind in ("p", "a", "b", "q", "grundy-preperiod", "grundy-period")
    )
    game_examples = (game_id(2),)

    def parameter_sets(self, ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
        for a in parameter_range(ranges, "a"):
            yield {"a": a}

    def sequences(self, **params: int) -> list[SequenceRecord]:
        a = params["a"]
        fraenkel.check_a(a)
        alpha = wording.surd(2 - a, a * a + 4, 2)
        lower = Beatty(fraenkel.alpha(a))
        common: dict[str, Any] = {
            "family": "fraenkel",
            "offset": 0,
            "paper": "fraenkel",
            "params": params_of(a=a),
        }
        game: dict[str, Any] = {"game": game_id(a)}
        return [
            SequenceRecord(
                id=sequence_id(a, "a"),
                name=(
                    f"Fraenkel's {a}-Wythoff game: A(n) = floor(n*alpha), alpha = {alpha} "
                    f"= [1; {a}, {a}, ...]; smaller coordinates of the P-positions."
                ),
                formula=(
                    f"A(n) = floor(n*{alpha}) = mex{{A(i), B(i) : i < n}}, "
                    f"B(i) = A(i) + {wording.affine(a, 'i')}"
                ),
                keywords=("beatty", "complementary", "game"),
                terms=lower,
                related=(sequence_id(a, "b"), _larsson_pair(a, "a")),
                **common,
                **game,
            ),
            SequenceRecord(
                id=sequence_id(a, "b"),
                name=(
                    f"Fraenkel's {a}-Wythoff game: B(n) = floor(n*beta) = "
                    f"A(n) + {wording.affine(a, 'n')}, beta = alpha + {a}, "
                    f"A(n) = floor(n*alpha), alpha = {alpha}; larger coordinates of the "
                    "P-positions."
                ),
                formula=f"B(n) = floor(n*(alpha + {a})) = A(n) + {wording.affine(a, 'n', 0, '*')}",
                keywords=("beatty", "complementary", "game"),
                terms=PlusMultiple(lower, a),
                related=(sequence_id(a, "a"), _larsson_pair(a, "b")),
                **common,
                **game,
            ),
            SequenceRecord(
                id=sequence_id(a, "p"),
                name=(
                    f"Numerators p(i) of the convergents of [1; {a}, {a}, ...]: the base of "
                    f"Fraenkel's p-system of numeration for a = {a}."
                ),
                formula=(
                    f"p(-1) = 1, p(0) = 1, "
                    f"p(i) = {wording.combination([(a, 'p(i-1)'), (1, 'p(i-2)')])}"
                ),
                keywords=("convergents", "numeration", "easy"),
                terms=Listed(partial(fraenkel.convergent_numerators, a)),
                growth=vocabulary.EXPONENTIAL,
                related=(sequence_id(a, "q"),),
                **common,
            ),
            SequenceRecord(
                id=sequence_id(a, "q"),
                name=(
                    f"Denominators q(i) of the convergents of [1; {a}, {a}, ...]: the base of "
                    f"Fraenkel's q-system of numeration for a = {a}."
                ),
                formula=(
                    f"q(-1) = 0, q(0) = 1, "
                    f"q(i) = {wording.combination([(a, 'q(i-1)'), (1, 'q(i-2)')])}"
                ),
                keywords=("convergents", "numeration", "easy"),
                terms=Listed(partial(fraenkel.convergent_denominators, a)),
                growth=vocabulary.EXPONENTIAL,
                related=(sequence_id(a, "p"),),
                **common,
            ),
            *(
                grundy_lines.sequences(
                    (sequence_id(a, "grundy-preperiod"), sequence_id(a, "grundy-period")),
                    "fraenkel",
                    f"Fraenkel's {a}-Wythoff game",
                    fraenkel.rules(a),
                    "dress-flammenkamp-pink",
                    params_of(a=a),
                )
                if a in GRUNDY_ROWS_TABULATED
                else ()
            ),
        ]

    def games(self, **params: int) -> list[GameRecord]:
        a = params["a"]
        fraenkel.check_a(a)
        return [
            GameRecord(
                id=game_id(a),
                family="fraenkel",
                name=f"Fraenkel's {a}-Wythoff game",
                rules=fraenkel.rules(a),
                paper="fraenkel",
                params=params_of(a=a),
                p_positions=(
                    "(A(n), B(n)) and mirror images, n >= 0: "
                    f"B(n) - A(n) = {wording.affine(a, 'n')}."
                ),
                strategy=lambda: fraenkel.AlgebraicStrategy(a),
                sequences=(sequence_id(a, "a"), sequence_id(a, "b")),
            )
        ]

    def checks(self, terms: Terms, **params: int) -> list[Check]:
        a = params["a"]
        lower, upper = terms[sequence_id(a, "a")], terms[sequence_id(a, "b")]
        count = min(evidence.RECURSION_TERMS * 5, len(lower))
        pairs = fraenkel.mex_pairs(a, count)
        problem = properties.equal([p[0] for p in pairs], lower[:count])
        problem = problem or properties.equal([p[1] for p in pairs], upper[:count])
        ps, qs = terms[sequence_id(a, "p")], terms[sequence_id(a, "q")]
        return [
            evidence.check(
                game_id(a),
                "Theorem 1: closed form equals A_n = mex{A_i, B_i : i < n}, B_i = A_i + ai",
                "mex recursion",
                f"n < {count}",
                problem,
            ),
            evidence.check(
                sequence_id(a, "p"),
                "convergents p_i/q_i of alpha = [1; a, a, ...]",
                "p_i q_{i-1} - p_{i-1} q_i = (-1)^(i-1), and p_i/q_i alternately "
                "below and above alpha (exact comparison)",
                f"i < {min(len(ps), len(qs))}",
                _convergent_problem(a, ps, qs),
            ),
        ]

    def relations(self, catalog: CatalogView, terms: Terms) -> list[Relation]:
        wythoff = FAMILIES["wythoff"]
        found: list[Relation | None] = [
            evidence.equal(wythoff.sequence_id(side), sequence_id(1, side), terms)
            for side in ("a", "b")
        ]
        for record in catalog.sequences.values():
            if record.family != "fraenkel":
                continue
            a = record.param("a")
            for side in ("a", "b"):
                if record.id != sequence_id(a, side):
                    continue
                if side == "a":
                    partner = sequence_id(a, "b")
                    found.append(
                        evidence.complement_pair(record.id, partner, terms, "Fraenkel, Lemma 1")
                    )
                found.append(evidence.equal(record.id, _larsson_pair(a, side), terms))
        return [r for r in found if r is not None]

    def numeration_base(self, game: GameRecord) -> int | None:
        """Every a-Wythoff game is described by the p- and q-systems of base a."""
        return game.param("a")

    def numeration_sequences(self, game: GameRecord) -> dict[str, str]:
        """The pair A, B the systems describe, and the bases p(i) and q(i)."""
        a = game.param("a")
        roles = (("lower", "a"), ("upper", "b"), ("p", "p"), ("q", "q"))
        return {role: sequence_id(a, kind) for role, kind in roles}

    def numeration_checks(
        self, game: GameRecord, rows_p: list[list[int]], rows_q: list[list[int]], terms: Terms
    ) -> list[Check]:
        """Fraenkel's Theorem 3 and Properties 1-3 on the tabulated systems."""
        return numeration_checks(game.param("a"), rows_p, rows_q, terms)

    def index_rule(self, game: GameRecord) -> claims.BeattyIndexRule:
        return claims.BeattyIndexRule(game.param("a"))

    def strategy_text(self, game: GameRecord) -> str:
        return self.index_rule(game).words()

    # -- programs --------------------------------------------------------------

    def programs(self, record: SequenceRecord) -> Programs | None:
        """A(n) = floor(n*alpha), B(n) = A(n) + an; p and q from the recurrence of the
        convergents (p(-1) = 1, p(0) = 1; q(-1) = 0, q(0) = 1); the rows' preperiods
        and periods each proven on a strip (Landman's argument)."""
        if record.growth == vocabulary.ROWS:
            return grundy_lines.programs(record, record.param("a"))
        a, kind = record.param("a"), record.id[-1]
        if kind == "p":
            return programs.convergents(a, 1, 1)
        if kind == "q":
            return programs.convergents(a, 1, 0)
        return programs.beatty(fraenkel.alpha(a), factor=a if kind == "b" else 0)


def _convergent_problem(a: int, ps: np.ndarray, qs: np.ndarray) -> str | None:
    alpha = fraenkel.alpha(a)
    reference_p, reference_q = contfrac.fraenkel_convergents(a, min(len(ps), len(qs)))
    for i in range(min(len(ps), len(qs))):
        p, q = int(ps[i]), int(qs[i])
        if (p, q) != (reference_p[i], reference_q[i]):
            return f"p_{i}/q_{i} = {p}/{q} differs from the recurrence"
        side = alpha.compare_with(p, q)
        if side != (1 if i % 2 == 0 else -1):
            return f"p_{i}/q_{i} lies on the wrong side of alpha"
        if i and p * int(qs[i - 1]) - int(ps[i - 1]) * q != (-1) ** (i - 1):
            return f"p_{i} q_{i - 1} - p_{i - 1} q_{i} is not (-1)^{i - 1}"
    return None


# ----------------------------------------------------------------------------- numeration


def numeration_checks(
    a: int, rows_p: list[list[int]], rows_q: list[list[int]], terms: Terms
) -> list[Check]:
    """Validity and round trip of the digits of the p- and q-systems of base ``a``
    (``rows_p``, ``rows_q``: the digits of 1, 2, ...), and Fraenkel's Properties 1-3
    on the pair A, B of ``terms``; for a = 1, Zeckendorf's numeration."""
    subject = game_id(a)
    count = len(rows_p)
    problem = None
    for n in range(1, count + 1):
        dp, dq = rows_p[n - 1], rows_q[n - 1]
        if not core_numeration.is_valid_p_representation(dp, a):
            problem = f"R_p({n}) = {dp} breaks the digit conditions"
        elif not core_numeration.is_valid_q_representation(dq, a):
            problem = f"R_q({n}) = {dq} breaks the digit conditions"
        elif core_numeration.p_interpretation(dp, a) != n:
            problem = f"R_p({n}) does not add up to {n}"
        if problem:
            break
    checks = [
        evidence.check(
            subject,
            "p- and q-representations valid and unique (round trip)",
            "digit conditions of Theorem 3 and interpretation",
            f"N <= {count}",
            problem,
        )
    ]
    lower, upper = terms[sequence_id(a, "a")], terms[sequence_id(a, "b")]
    p1 = p2 = p3 = None
    for n in range(1, len(lower)):
        if int(upper[n]) > count:
            break
        ra, rb = rows_p[int(lower[n]) - 1], rows_p[int(upper[n]) - 1]
        if p1 is None and not fraenkel.property_1(ra, rb):
            p1 = f"fails at n = {n}"
        if p2 is None and not fraenkel.property_2(ra, rb):
            p2 = f"fails at n = {n}"
        if p3 is None and n <= count and not fraenkel.property_3(a, rows_q[n - 1], int(lower[n])):
            p3 = f"fails at n = {n}"
    checks += [
        evidence.check(
            subject,
            "Property 1: R_p(A_n) ends in an even, R_p(B_n) in an odd number of zeros",
            "stored p-representations",
            f"B_n <= {count}",
            p1,
        ),
        evidence.check(
            subject,
            "Property 2: R_p(B_n) is the left shift of R_p(A_n)",
            "stored p-representations",
            f"B_n <= {count}",
            p2,
        ),
        evidence.check(
            subject,
            "Property 3: the p-interpretation I_p(R_q(n)) (the digits R_q(n) of n in the "
            "q-system read in the p-system) is A_n or A_n + 1 by the parity of trailing zeros",
            "stored q-representations",
            f"B_n <= {count}",
            p3,
        ),
    ]
    if a == 1:
        checks.append(_zeckendorf_check(subject, rows_p))
    return checks


def _zeckendorf_check(subject: str, rows_p: list[list[int]]) -> Check:
    """For a = 1 the p-system is Zeckendorf's (OEIS A014417 writes these digits):
    compared with the greedy representation over the Fibonacci numbers 1, 2, 3, 5, ..."""
    problem = None
    for n, digits in enumerate(rows_p, start=1):
        if digits != zeckendorf(n):
            problem = f"R_p({n}) = {digits}, Zeckendorf's is {zeckendorf(n)}"
            break
    return evidence.check(
        subject,
        "for a = 1, R_p(N) is the Zeckendorf representation of N (A014417)",
        "greedy sum of non-consecutive Fibonacci numbers",
        f"N <= {len(rows_p)}",
        problem,
    )


def zeckendorf(n: int) -> list[int]:
    """The digits of ``n`` in Zeckendorf's numeration, most significant first
    (Fibonacci numbers 1, 2, 3, 5, ...; greedy, so no two consecutive 1s)."""
    fibonacci = [1, 2]
    while fibonacci[-1] <= n:
        fibonacci.append(fibonacci[-1] + fibonacci[-2])
    digits = []
    for value in reversed(fibonacci[:-1]):
        digits.append(1 if value <= n else 0)
        n -= value if value <= n else 0
    while len(digits) > 1 and digits[0] == 0:
        digits.pop(0)
    return digits
