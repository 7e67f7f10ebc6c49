"""Larsson's restrictions of m-Wythoff Nim (2011): p-complementary Beatty pairs and
the games without a formula.

Everything the package knows about this family lives here: its parameters and
their default ranges, its sequences, the theorems checked on the data, its relations
to other sequences and the words of its pages; the forms of its IDs, its games
(with Larsson's notation) and the sequences of the games without a formula are made
by :mod:`wythoff.families.larsson_games`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import product
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.families import larsson_games, wording
from wythoff.families.base import (
    Beatty,
    CatalogView,
    Family,
    PlusMultiple,
    parameter_range,
    params_of,
)
from wythoff.families.records import FamilyRecord, GameRecord, SequenceRecord

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core import properties
    from wythoff.core.games import sparse
    from wythoff.core.theorems import larsson
    from wythoff.families import evidence, programs
    from wythoff.families.evidence import Check, Relation, Terms
    from wythoff.families.programs import Programs
else:  # imported on first use: a lookup of a few terms loads no numpy
    programs = lazy.module("wythoff.families.programs", globals())
    evidence = lazy.module("wythoff.families.evidence", globals())
    np = lazy.module("numpy", globals())
    larsson = lazy.module("wythoff.core.theorems.larsson", globals())
    properties = lazy.module("wythoff.core.properties", globals())

PAGE = r"""---
title: Larsson's restrictions of m-Wythoff Nim
---

# Larsson's restrictions of m-Wythoff Nim

**m-Wythoff Nim** allows *rook* moves (any number from one pile) and *m-bishop*
moves (\(k\) from one pile and \(l\) from the other, \(k + l > 0\), \(|k - l| < m\)): it is
Fraenkel's a-Wythoff game with \(a = m\). Larsson restricts it in three ways, all
solved by one pair of sequences.

## The p-complementary pair

With \(\varphi_x = \frac{2 - x + \sqrt{x^2+4}}{2}\) and \(m, p \ge 1\),

\[
a_n = \Big\lfloor \frac{n\,\varphi_{mp}}{p} \Big\rfloor, \qquad b_n = a_n + mn \qquad (n \ge 0).
\]

- **Lemma 3.3.** \(a\) and \((b_n)_{n\ge1}\) are *p-complementary*: every non-negative
  integer occurs exactly \(p\) times in the two together; and \(b_n - a_n = mn\).
- **Proposition 3.2.** For each \(0 \le l < p\), \((a_{pi+l})_{i\ge0}\) and
  \((b_{pi-l})_{i\ge1}\) are complementary.
- **Theorem 5.1.** For \(n \ge 1\), \(\phi_n = p\,b_n - n = \frac{a_n + (mp-1)b_n}{m}\) is the
  greatest index with \(a_{\phi_n} = b_n - 1\) (at \(n = 0\) there is none: \(b_0 - 1 = -1\)).
  The paper's \(\phi_n\) is a sequence of indices (the sequences `larsson-m{m}-p{p}-phi`),
  not the number \(\varphi_x\) above.
- **Proposition 5.2.** Three minimal-excludant recurrences produce the same pair.
- Identities: \(p = 1\) gives Fraenkel's \(a = m\); \((m, p) = (1, k)\) gives Connell's
  \(u_{i,n} = a_{kn+i}\); and \(a^{(mp,1)}_n = a^{(m,p)}_{pn}\).

## The games

- \(m\mathrm{WN}^p\) (**blocking**, `larsson-blocking-m{m}-p{p}`): before each move the previous
  player may forbid up to \(p - 1\) of the mover's rook moves that are not also
  m-bishop moves. P-positions: \(\{a_n, b_n\}\).
- \(m\mathrm{WN}^{(l,p)}\) (**modulo**, `larsson-modulo-m{m}-p{p}-l{l}`): m-bishop moves, and rook
  moves whose length is congruent to \(0, \dots, l-1\) modulo \(p\) (\(l = 0\): multiples of
  \(p\), the same moves as \(l = 1\)). Solved by the pair \((m, p)\) if and only if
  \(\gcd(m, p) = 1\) (for \(l \le 1\)), and by the pair \((m, p/m)\) when \(l = m\) divides \(p\).
- \(m \times p\mathrm{WN}_l\) (**shifted**, `larsson-shifted-m{m}-p{p}-l{l}`): (mp)-Wythoff Nim on a
  board without the rectangle \(x < m(p-l),\ y < ml\). This orientation is the database's,
  the one a brute force confirms with the P-positions below; the paper prints the rectangle
  the other way round, \(x < ml,\ y < m(p - l)\). P-positions
  \((a_{ip+l}, b_{ip+l})\), \(i \ge 0\), and \((b_{ip-l}, a_{ip-l})\), \(i \ge 1\): ordered pairs.
- \(m \times p\mathrm{WN}\) (**choice**, `larsson-choice-m{m}-p{p}`, \(p \ge 2\)): before the
  first move the second player chooses \(l\), and the game is \(m \times p\mathrm{WN}_l\) to the
  end. P-positions \(\{a_n, b_n\}\), both orders (Theorem 2.1 (iii)(b)): for \((a_n, b_n)\) he
  chooses \(l = n \bmod p\), for \((b_n, a_n)\) \(l = -n \bmod p\). From any other position the
  first player wins whatever \(l\) is chosen, with a move that depends on it.

## Games with no known formula

The other modulo games are solved here by brute force: the solver computes their
P-positions \(\{c_n, d_n\}\), listed as the sequences `<game>-c` and `<game>-d`.
Larsson ends his Section 7 (*Questions*) with a belief about them, stated without a
proof: "We also believe that, for arbitrary constants, \((c_i)\) and \((d_i)\) are
p-complementary" (his \(c_i^{(l,m,p)}\), \(d_i^{(l,m,p)}\); p-complementary: every
non-negative integer occurs exactly \(p\) times in the two together).

**Why it cannot hold for \(l \ge 2\).** The P-positions of a line \(x = v\) are the
occurrences of the value \(v\). No move joins two of them, so the distances from the
first to the others are no legal rook length: their residues modulo \(p\) lie in
\(\{l, \dots, p - 1\}\), and they are distinct (two equal residues would make the
distance between those two a multiple of \(p\), a legal length). A line therefore
holds at most \(p - l + 1\) P-positions, fewer than \(p\) when \(l \ge 2\). For
\(l = 0\) and \(l = 1\) the bound is \(p\) itself, and only the data decide.

**What the data show.** A finite board decides every position on it; a line
\(x = v\) is provably complete once the residues of its P-positions, plus the allowed
rook residues, cover \(\mathbb{Z}_p\) (then every later position of the line has a
rook move to one of them). Each such game's page says what its board proves: for
every value below the first incomplete line, how many times it occurs, beside the
bound. In \(1\mathrm{WN}^{(2,3)}\) line 0 holds only \((0,0)\) and \((0,2)\).

## Reference

U. Larsson, *Restrictions of m-Wythoff Nim and p-complementary Beatty sequences*,
Games of No Chance 4, MSRI Publications 63 (2015).
"""
"""The family's page: the definitions and theorems in words (Markdown with TeX)."""

SEQUENCE_IDS = larsson_games.SEQUENCE_IDS
GAME_IDS = larsson_games.GAME_IDS


class LarssonFamily(Family):
    family = FamilyRecord(
        key="larsson",
        title="Larsson's restrictions of m-Wythoff Nim",
        paper="larsson",
        summary=(
            "A p-complementary Beatty pair a(n) = floor(n*phi_{mp}/p), b(n) = a(n) + mn "
            "solves three restrictions of m-Wythoff Nim: a blocking game, rook moves "
            "modulo p, and a board with a rectangle removed. Other modulo games have no "
            "known formula; the solver computes them and tests Larsson's belief that they are "
            "p-complementary."
        ),
        parameters=("m", "p"),
        page=PAGE,
    )
    default_ranges = {"m": (1, 8), "p": (1, 8)}
    small_ranges = {"m": (1, 4), "p": (1, 4)}
    sequence_ids = SEQUENCE_IDS
    game_ids = GAME_IDS
    sequence_examples = (
        *(SEQUENCE_IDS[kind](m=2, p=3) for kind in ("phi", "a", "b")),
        *(SEQUENCE_IDS[coordinate](m=2, p=2, l=0) for coordinate in ("c", "d")),
    )
    game_examples = (
        GAME_IDS["blocking"](m=2, p=3),
        GAME_IDS["modulo"](m=2, p=2, l=0),
        GAME_IDS["shifted"](m=2, p=3, l=1),
        GAME_IDS["choice"](m=2, p=3),
    )

    def parameter_sets(self, ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
        for m, p in product(parameter_range(ranges, "m"), parameter_range(ranges, "p")):
            yield {"m": m, "p": p}

    def match_game(self, game_id: str) -> dict[str, int] | None:
        found = GAME_IDS["choice"].match(game_id)
        if found is not None and found["p"] == 1:
            shifted = GAME_IDS["shifted"](m=found["m"], p=1, l=0)
            raise ValueError(
                f"with p = 1 the second player has no choice (l = 0 only): the game is {shifted}"
            )
        return super().match_game(game_id)

    def sequences(self, **params: int) -> list[SequenceRecord]:
        m, p, l = params["m"], params["p"], params.get("l")  # noqa: E741
        larsson.check(m, p)
        if l is not None:
            game = larsson_games.modulo_game(m, p, l)
            if game.solved:
                raise ValueError(
                    f"{game.id} has a formula: its P-positions are the sequences "
                    f"{' and '.join(game.sequences)}"
                )
            return larsson_games.unsolved_sequences(game)
        records = self._pair_sequences(m, p)
        for l in range(p):  # noqa: E741
            game = larsson_games.modulo_game(m, p, l)
            if not game.solved:
                records.extend(larsson_games.unsolved_sequences(game))
        return records

    def _pair_sequences(self, m: int, p: int) -> list[SequenceRecord]:
        t = m * p
        theta = wording.surd(2 - t, t * t + 4, 2 * p)
        phi_t = f"phi_{t}" if p == 1 else f"phi_{t}/{p}"
        b_minus_a = wording.affine(m, "n")
        phi = wording.combination([(p, "b(n)"), (-1, "n")])
        phi_ab = wording.divided(wording.combination([(1, "a(n)"), (t - 1, "b(n)")]), m)
        lower = Beatty(larsson.slope(m, p))
        upper = PlusMultiple(lower, m)
        a_id, b_id, phi_id = (SEQUENCE_IDS[kind](m=m, p=p) for kind in ("a", "b", "phi"))
        common: dict[str, Any] = {
            "family": "larsson",
            "paper": "larsson",
            "params": params_of(m=m, p=p),
        }
        game: dict[str, Any] = {"game": GAME_IDS["blocking"](m=m, p=p)}
        pair = f"Larsson's {p}-complementary Beatty pair for m = {m}"

        keywords = ("beatty", "p-complementary", "game")
        return [
            SequenceRecord(
                id=a_id,
                name=f"{pair}: a(n) = floor(n*{phi_t}), phi_x = (2 - x + sqrt(x^2 + 4))/2.",
                offset=0,
                formula=f"a(n) = floor(n*{theta})",
                keywords=keywords,
                terms=lower,
                related=(b_id, phi_id),
                **common,
                **game,
            ),
            SequenceRecord(
                id=b_id,
                name=(
                    f"{pair}: b(n) = floor(n*{phi_t}) + {b_minus_a}, "
                    "phi_x = (2 - x + sqrt(x^2 + 4))/2."
                ),
                offset=0,
                formula=(
                    f"b(n) = floor(n*({theta} + {m})) = floor(n*{theta}) + "
                    f"{wording.affine(m, 'n', 0, '*')}"
                ),
                keywords=keywords,
                terms=upper,
                related=(a_id, phi_id),
                **common,
                **game,
            ),
            SequenceRecord(
                id=phi_id,
                name=(
                    f"{pair}: phi(n) = {phi}, the greatest index with a(phi(n)) = "
                    f"b(n) - 1 (Theorem 5.1), where a(n) = floor(n*{phi_t}) and "
                    f"b(n) = a(n) + {b_minus_a} are the pair, "
                    "phi_x = (2 - x + sqrt(x^2 + 4))/2."
                ),
                offset=1,
                formula=f"phi(n) = {phi} = {phi_ab}",
                keywords=("p-complementary", "complementary-equation"),
                terms=PlusMultiple(upper, -1, scale=p),
                related=(a_id, b_id),
                **common,
            ),
        ]

    def games(self, **params: int) -> list[GameRecord]:
        m, p, l = params["m"], params["p"], params.get("l")  # noqa: E741
        larsson.check(m, p)
        if l is not None:
            return [larsson_games.modulo_game(m, p, l), larsson_games.shifted_game(m, p, l)]
        records = [larsson_games.blocking_game(m, p)]
        records += [larsson_games.modulo_game(m, p, l) for l in range(p)]  # noqa: E741
        records += [larsson_games.shifted_game(m, p, l) for l in range(p)]  # noqa: E741
        if p > 1:
            records.append(larsson_games.choice_game(m, p))
        return records

    def checks(self, terms: Terms, **params: int) -> list[Check]:
        m, p = params["m"], params["p"]
        key = GAME_IDS["blocking"](m=m, p=p)  # the game the pair solves
        a, b, phi = (terms[SEQUENCE_IDS[kind](m=m, p=p)] for kind in ("a", "b", "phi"))
        count = len(a)
        linear = None if np.array_equal(b - a, m * np.arange(count)) else "b - a != m n"
        checks = [
            evidence.check(
                key, "Lemma 3.3: b(n) - a(n) = m n", "every computed n", f"n < {count}", linear
            )
        ]
        problem = None
        for l in range(p):  # noqa: E741
            first = a[l::p]
            second = b[p - l :: p] if l else b[p::p]
            bound = int(min(first[-1], second[-1])) - 1
            problem = problem or properties.p_complementary(first, second, 1, bound)
        checks.append(
            evidence.check(
                key,
                "Proposition 3.2: (a_{pi+l}) and (b_{pi-l}) complementary",
                "for every 0 <= l < p, every value counted",
                f"n < {count}",
                problem,
            )
        )
        checks.append(
            evidence.check(
                key,
                "Theorem 5.1: a(phi_n) = b_n - 1 < a(phi_n + 1)",
                "every n whose phi_n is within the computed terms",
                f"phi_n < {count}",
                _theorem_5_1_problem(a, b, phi),
            )
        )
        recurrence_count = min(evidence.RECURSION_TERMS, count)
        closed = list(
            zip(a[:recurrence_count].tolist(), b[:recurrence_count].tolist(), strict=True)
        )
        for name, recurrence in (
            (
                "(i) mex^p of the multiset (the least value it holds fewer than p times)",
                larsson.recurrence_multiset,
            ),
            ("(ii) mex over congruence classes", larsson.recurrence_congruence),
            ("(iii) interleaved mex", larsson.recurrence_interleaved),
        ):
            built = recurrence(m, p, recurrence_count)
            differs = None if built == closed else "the recurrence and the closed form differ"
            checks.append(
                evidence.check(
                    key,
                    f"Proposition 5.2 {name} equals the closed form",
                    "recurrence",
                    f"n < {recurrence_count}",
                    differs,
                )
            )
        return checks

    def relations(self, catalog: CatalogView, terms: Terms) -> list[Relation]:
        found: list[Relation | None] = []
        for record in catalog.sequences.values():
            if record.family != "larsson" or SEQUENCE_IDS["a"].match(record.id) is None:
                continue
            m, p = record.param("m"), record.param("p")
            found.append(_p_complement(record.id, SEQUENCE_IDS["b"](m=m, p=p), p, terms))
            if p > 1:
                found.append(
                    evidence.every(
                        SEQUENCE_IDS["a"](m=m * p, p=1),
                        record.id,
                        p,
                        0,
                        terms,
                        f"a^({m * p},1)(n) = a^({m},{p})({p}n) (Larsson, Remark 2)",
                        "Remark 2: a^(mp,1)(n) = a^(m,p)(pn)",
                    )
                )
        return [r for r in found if r is not None]

    def strategy_text(self, game: GameRecord) -> str:
        rules = game.rules
        if rules.rectangle_choices:
            m, p = game.param("m"), game.param("p")
            return (
                f"From a P-position the second player chooses l so that the position is a "
                f"P-position of {m}x{p}WN_l: l = n mod {p} for (a(n), b(n)) and l = -n mod {p} "
                f"for (b(n), a(n)). From any other position the first player wins whatever l "
                f"is chosen: the move depends on l, and is the winning move of the game "
                f"{GAME_IDS['shifted'].form.format(m=m, p=p, l='{l}')}, found from the pair a, b "
                "in a handful of "
                "exact floors (the position checker lists one for each l)."
            )
        if not game.solved or rules.blocking <= 1:
            return super().strategy_text(game)
        p, m = rules.blocking, rules.bishop
        return (
            f"A position is N when it has a P-option by an {m}-bishop move (which cannot be "
            f"forbidden) or at least {p} P-options by rook moves of length at least {m} "
            f"(the opponent forbids at most {p - 1} of them). The P-options lie where the "
            f"pair a, b puts them: on the two lines through the position (the indices n with "
            f"a(n) or b(n) equal to a pile, found exactly) and on the diagonals within {m - 1} "
            f"of the position's own."
        )

    def observations(
        self, game: GameRecord, deep: sparse.SparseSolver, pairs: int
    ) -> dict[str, object] | None:
        """Larsson's questions on the proven pairs of a game without a formula
        (:func:`wythoff.families.larsson_games.observations`)."""
        return larsson_games.observations(game, deep, pairs)

    def board_notes(self, game: GameRecord) -> tuple[str, ...]:
        if GAME_IDS["shifted"].match(game.id) and not game.rules.symmetric:
            return ("(a, b) pairs and (b, a) pairs in two shades",)
        return ()

    # -- programs --------------------------------------------------------------

    def programs(self, record: SequenceRecord) -> Programs:
        """a(n) = floor(n*phi_mp/p), b(n) = a(n) + mn, phi(n) = p*b(n) - n; the games
        without a formula by a brute-force solver of their rules."""
        m, p = record.param("m"), record.param("p")
        if record.coordinate is not None:
            rules = larsson.modulo_rules(m, p, record.param("l"))
            return programs.line_solver(m, p, rules.rook_residues, record.coordinate)
        slope = larsson.slope(m, p)
        if record.id == SEQUENCE_IDS["phi"](m=m, p=p):
            return programs.beatty(slope, factor=p * m - 1, multiplier=p)
        return programs.beatty(slope, factor=m if record.id == SEQUENCE_IDS["b"](m=m, p=p) else 0)


def _p_complement(a_id: str, b_id: str, p: int, terms: Terms) -> Relation:
    a, b = terms[a_id], terms[b_id][1:]
    limit = int(a[-1]) - 1
    problem = properties.p_complementary(a, b, p, limit)
    text = f"{p}-complementary: a(n), n >= 0, and b(n), n >= 1, hold every value {p} times"
    return evidence.both_ways(
        a_id,
        b_id,
        vocabulary.P_COMPLEMENTARY,
        text,
        None,
        len(a) - 1,
        problem,
        "Larsson, Lemma 3.3",
        f"values <= {limit}",
        "Lemma 3.3: a and b are p-complementary",
    )


def _theorem_5_1_problem(a: np.ndarray, b: np.ndarray, phi: np.ndarray) -> str | None:
    for n in range(1, len(phi) + 1):
        index = int(phi[n - 1])  # phi has offset 1
        if index + 1 >= len(a):
            break
        if not (a[index] == b[n] - 1 and a[index + 1] > b[n] - 1):
            return f"fails at n = {n}"
    return None
