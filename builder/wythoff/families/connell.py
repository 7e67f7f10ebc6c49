"""Connell's k-Wythoff game (1959): k classes of Beatty pairs u(i), v(i).

Everything the package knows about this family lives here: its parameters and
their default ranges, the forms of its IDs, its sequences and games, the theorems
checked on the data, its relations to other sequences and the words of its pages.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from collections.abc import Sequence as SequenceABC
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, overload

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.families import claims, wording
from wythoff.families.base import (
    Beatty,
    CatalogView,
    Family,
    PlusMultiple,
    parameter_range,
    params_of,
)
from wythoff.families.ids import IdForm
from wythoff.families.records import FamilyRecord, GameRecord, SequenceRecord
from wythoff.families.registry import FAMILIES

if TYPE_CHECKING:
    from wythoff.core import properties
    from wythoff.core.theorems import connell
    from wythoff.families import evidence, programs
    from wythoff.families.evidence import Check, Relation, Terms
    from wythoff.families.programs import Programs
else:  # imported on first use: a lookup of a few terms loads no numpy
    programs = lazy.module("wythoff.families.programs", globals())
    evidence = lazy.module("wythoff.families.evidence", globals())
    connell = lazy.module("wythoff.core.theorems.connell", globals())
    properties = lazy.module("wythoff.core.properties", globals())

PAGE = r"""---
title: Connell's k-Wythoff game
---

# Connell's k-Wythoff game

A move takes the same number of counters from both piles, or a positive
**multiple of \(k\)** from one pile. The case \(k = 1\) is Wythoff's game.

## Theorems

Let \(A = \frac{k + \sqrt{k^2+4}}{2} = [k; k, k, \dots]\) and, for
\(i = 0, 1, \dots, k-1\) and \(n \ge 0\),

\[
u_{i,n} = \Big\lfloor \big(n + \tfrac{i}{k}\big)\big(1 + \tfrac1A\big) \Big\rfloor, \qquad
v_{i,n} = \Big\lfloor \big(n + \tfrac{i}{k}\big)(1 + A) \Big\rfloor = u_{i,n} + nk + i .
\]

**Theorem 1.** For each \(i\), the sequences \((u_{i,n})_{n \ge 1}\) and
\((v_{k-i,n-1})_{n\ge1}\) are complementary, where \(v_{k,n-1} := v_{0,n}\).

**Theorem 2.** The P-positions of the k-Wythoff game are the \(k\) families
\((u_{i,n}, v_{i,n})\), \(n \ge 0\), \(i = 0, \dots, k-1\), and their mirror images.
A P-position of class \(i\) has \(y - x \equiv i \pmod k\).

The proof of Theorem 2 is constructive (*property (a)*): from any other position
there is an explicit move to a P-position; every game page shows it at work.

**Exactly.** \(u_{i,n} = \big((nk+i)(2-k) + \lfloor\sqrt{(nk+i)^2(k^2+4)}\rfloor\big) \,/\!/\, 2k\).
Writing \(N = nk + i\), the P-positions are \((\lfloor N\theta\rfloor, \lfloor N\theta\rfloor + N)\)
with \(\theta = \frac{2 - k + \sqrt{k^2+4}}{2k}\): Larsson's pair for \((m, p) = (1, k)\), so
\(u_{i,n} = a_{kn+i}\), an identity the database checks on every stored term.

## Reference

I. G. Connell, *A generalization of Wythoff's game*, Canadian Mathematical Bulletin 2
(1959), 181-190.
"""
"""The family's page: the definitions and theorems in words (Markdown with TeX)."""

U, V = IdForm("connell-k{k}-u{i}"), IdForm("connell-k{k}-v{i}")  # class i's pair
GAME = IdForm("connell-k{k}")
SEQUENCE_IDS = {"u": U, "v": V}
GAME_IDS = {"game": GAME}


@dataclass(frozen=True)
class ClassSequenceIds(SequenceABC[str]):
    """The IDs u0, v0, u1, v1, ... of a game's 2k sequences, listed on demand."""

    k: int

    def __len__(self) -> int:
        return 2 * self.k

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> SequenceABC[str]: ...
    def __getitem__(self, index: int | slice) -> str | SequenceABC[str]:
        if isinstance(index, slice):
            return [self[j] for j in range(*index.indices(len(self)))]
        if not -len(self) <= index < len(self):
            raise IndexError(index)
        index %= len(self)
        return SEQUENCE_IDS["uv"[index % 2]](k=self.k, i=index // 2)


def _p_set(params: Mapping[str, int], limit: int) -> set[tuple[int, int]]:
    k = params["k"]
    found: set[tuple[int, int]] = set()
    for i in range(k):
        found |= claims.beatty_pairs(partial(connell.u, k, i), partial(connell.v, k, i), limit)
    return found


SUMMARY_CLAIMS = (
    claims.PSetClaim(
        "The P-positions fall into k classes i = (y - x) mod k, i = 0, ..., k - 1: class i "
        "is the pairs (u(i, n), v(i, n)), n >= 0, of Connell's Beatty sequences "
        "u(i, n) = floor((n + i/k)(1 + 1/A)) and v(i, n) = u(i, n) + kn + i, "
        "A = (k + sqrt(k^2 + 4))/2, and their mirror images.",
        ("game",),
        _p_set,
    ),
)


class ConnellFamily(Family):
    family = FamilyRecord(
        key="connell",
        title="Connell's k-Wythoff game",
        paper="connell",
        summary=" ".join(
            (
                "Take the same number from both piles or a positive multiple of k from one pile.",
                *(claim.words for claim in SUMMARY_CLAIMS),
            )
        ),
        parameters=("k",),
        page=PAGE,
    )
    default_ranges = {"k": (1, 12)}
    small_ranges = {"k": (1, 4)}
    sequence_ids = SEQUENCE_IDS
    game_ids = GAME_IDS
    summary_claims = SUMMARY_CLAIMS
    sequence_examples = (U(k=3, i=1), V(k=3, i=1))
    game_examples = (GAME(k=3),)

    def parameter_sets(self, ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
        for k in parameter_range(ranges, "k"):
            yield {"k": k}

    def sequences(self, **params: int) -> list[SequenceRecord]:
        k = params["k"]
        connell.check(k)
        return [record for i in range(k) for record in self.class_sequences(k, i)]

    def sequence(self, sequence_id: str) -> SequenceRecord | None:
        """One class only: a lookup in the game with k = 10**17 builds two records, not 2k."""
        found = self.match_sequence(sequence_id)
        if found is None:
            return None
        return next(r for r in self.class_sequences(found["k"], found["i"]) if r.id == sequence_id)

    def class_sequences(self, k: int, i: int) -> list[SequenceRecord]:
        """u(i, n) and v(i, n): the two sequences of class ``i``."""
        connell.check(k, i)
        records = []
        slope = connell.lower_slope(k)
        big_a = wording.surd(k, k * k + 4, 2)
        exact = wording.surd(2 - k, k * k + 4, 2 * k)
        shifted = wording.grouped(wording.plus_fraction("n", i, k))
        index = wording.grouped(wording.affine(k, "n", i))
        u = Beatty(slope, k, i)
        partner = V(k=k, i=(k - i) % k)
        common: dict[str, Any] = {
            "family": "connell",
            "offset": 0,
            "paper": "connell",
            "params": params_of(k=k, i=i),
            "game": GAME(k=k),
        }
        records.append(
            SequenceRecord(
                id=U(k=k, i=i),
                name=(
                    f"Connell's {k}-Wythoff game, class i = {i}: u(n) = floor({shifted}"
                    f"*(1 + 1/A)), A = {big_a}; smaller coordinates of the P-positions "
                    f"of class {i}."
                ),
                formula=f"u(n) = floor({shifted}*(1 + 1/A)) = floor({index}*{exact})",
                keywords=("beatty", "complementary", "game"),
                terms=u,
                related=(V(k=k, i=i), partner),
                **common,
            )
        )
        records.append(
            SequenceRecord(
                id=V(k=k, i=i),
                name=(
                    f"Connell's {k}-Wythoff game, class i = {i}: v(n) = floor({shifted}"
                    f"*(1 + A)), A = {big_a}; larger coordinates of the P-positions "
                    f"of class {i}."
                ),
                formula=(
                    f"v(n) = floor({shifted}*(1 + A)) = floor({shifted}*(1 + 1/A)) + "
                    f"{wording.affine(k, 'n', i, '*')}"
                ),
                keywords=("beatty", "complementary", "game"),
                terms=PlusMultiple(u, k, i),
                related=(U(k=k, i=i), U(k=k, i=(k - i) % k)),
                **common,
            )
        )
        return records

    def games(self, **params: int) -> list[GameRecord]:
        k = params["k"]
        connell.check(k)
        classes = (
            ", ".join(f"u{i}, v{i}" for i in range(k))
            if k <= 6
            else f"u0, v0, ..., u{k - 1}, v{k - 1}"
        )
        return [
            GameRecord(
                id=GAME(k=k),
                family="connell",
                name=f"Connell's {k}-Wythoff game",
                rules=connell.rules(k),
                paper="connell",
                params=params_of(k=k),
                p_positions=(
                    f"(u(i,n), v(i,n)) for n >= 0 and each class i = 0..{k - 1} "
                    f"(sequences {classes}), with their mirror images."
                ),
                strategy=lambda: connell.Strategy(k),
                sequences=ClassSequenceIds(k),
            )
        ]

    def checks(self, terms: Terms, **params: int) -> list[Check]:
        k = params["k"]
        count = min(evidence.RECURSION_TERMS, len(terms[U(k=k, i=0)]))
        built = connell.mex_construction(k, count)
        problem = None
        for i in range(k):
            u = terms[U(k=k, i=i)][:count]
            v = terms[V(k=k, i=i)][:count]
            problem = problem or properties.equal([p[0] for p in built[i]], u)
            problem = problem or properties.equal([p[1] for p in built[i]], v)
        name = "closed form equals the construction of Theorem 1"
        return [
            evidence.check(GAME(k=k), name, "mex construction", f"n < {count}", problem),
            _closing_remark(k, terms),
        ]

    def relations(self, catalog: CatalogView, terms: Terms) -> list[Relation]:
        wythoff, fraenkel, larsson = (FAMILIES[key] for key in ("wythoff", "fraenkel", "larsson"))
        found: list[Relation | None] = [
            evidence.equal(wythoff.sequence_id("a"), U(k=1, i=0), terms),
            evidence.equal(wythoff.sequence_id("b"), V(k=1, i=0), terms),
        ]
        for record in catalog.sequences.values():
            if record.family != "connell":
                continue
            k, i = record.param("k"), record.param("i")
            if record.id != U(k=k, i=i):
                continue
            if i == 0:  # the class i = 0 is Fraenkel's a-Wythoff pair with a = k
                found.append(evidence.equal(record.id, fraenkel.sequence_id("a", a=k), terms))
                found.append(evidence.equal(V(k=k, i=0), fraenkel.sequence_id("b", a=k), terms))
            found.append(_complement(k, i, terms))
            found.append(
                evidence.every(
                    record.id,
                    larsson.sequence_id("a", m=1, p=k),
                    k,
                    i,
                    terms,
                    f"u({i}, n) = a({wording.affine(k, 'n', i)}) of Larsson's pair "
                    f"(m, p) = (1, {k})",
                    "Connell's u(i, n) = a(kn + i) of Larsson's pair (1, k)",
                )
            )
        return [r for r in found if r is not None]

    def strategy_text(self, game: GameRecord) -> str:
        k = game.param("k")
        return (
            f"Connell's proof of property (a) is an algorithm. With x <= y write "
            f"y = x + i + {k}r, 0 <= i < {k}. By Theorem 1, x = 0, or x = u(i, n), or "
            f"x = v({k} - i, n - 1). If x = 0 move to (0, i). If x = u(i, n) and y > v(i, n), "
            f"take a multiple of {k} from y to reach v(i, n); if y < v(i, n), then r < n and "
            f"taking x - u(i, r) from both piles reaches (u(i, r), v(i, r)). If "
            f"x = v({k} - i, n - 1), reduce y by (n + r){k} to its partner u({k} - i, n - 1)."
        )

    def board_notes(self, game: GameRecord) -> tuple[str, ...]:
        return ("each class i = (y - x) mod k has its own shade",)

    # -- programs --------------------------------------------------------------

    def programs(self, record: SequenceRecord) -> Programs:
        """u(i, n) = floor((kn + i)*theta), theta = (2 - k + sqrt(k^2 + 4))/(2k), and
        v(i, n) = u(i, n) + kn + i."""
        k, i = record.param("k"), record.param("i")
        upper = record.id == V(k=k, i=i)
        return programs.beatty(
            connell.lower_slope(k), k, i, factor=k if upper else 0, constant=i if upper else 0
        )


def _closing_remark(k: int, terms: Terms) -> Check:
    """Connell's closing remark, u(0, v(0, n)) = u(0, n) + v(0, n), on every n where
    v(0, n) is a stored index of u(0, .) (for k = 1, Wythoff's A(B_n) = A_n + B_n)."""
    u = [int(value) for value in terms[U(k=k, i=0)]]
    v = [int(value) for value in terms[V(k=k, i=0)]]
    indices = [n for n in range(min(len(u), len(v))) if v[n] < len(u)]
    wrong = [n for n in indices if u[v[n]] != u[n] + v[n]]
    problem = f"fails at n = {wrong[0]}" if wrong else None
    if not indices:
        problem = "no index to check"
    return evidence.check(
        GAME(k=k),
        "u(0, v(0, n)) = u(0, n) + v(0, n) (Connell's closing remark)",
        "on the stored terms",
        f"n <= {indices[-1] if indices else 0}",
        problem,
    )


def _complement(k: int, i: int, terms: Terms) -> Relation:
    """Theorem 1 pairs u(i, n), n >= 1, with v(k - i, n - 1), where v(k, n - 1) := v(0, n)."""
    u_id = U(k=k, i=i)
    partner = 0 if i == 0 else k - i
    v_id = V(k=k, i=partner)
    u = terms[u_id][1:]
    v = terms[v_id][1:] if i == 0 else terms[v_id][:-1]
    limit = int(min(u[-1], v[-1]))
    problem = properties.complementary(u, v, limit)
    shift = "v(0, n), n >= 1" if i == 0 else f"v({partner}, n - 1), n >= 1"
    text = f"complementary (Connell, Theorem 1): u({i}, n), n >= 1, and {shift}"
    return evidence.both_ways(
        u_id,
        v_id,
        vocabulary.COMPLEMENTARY,
        text,
        None,
        len(u),
        problem,
        "Connell, Theorem 1",
        f"values <= {limit}",
        "Theorem 1: u(i, n) and v(k - i, n - 1) complementary",
    )
