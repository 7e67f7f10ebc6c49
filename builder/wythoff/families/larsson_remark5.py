"""Larsson's Remark 5 (2011): blocking games with any reach, and (k)-Wythoff Nim with
any rectangle removed; games without a formula, solved from their rules.

Everything the package knows about these games lives here: their parameters and
default ranges, their IDs, the games, what the build checks about them beyond the
solver's own checks, and the words of their pages.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import product
from typing import TYPE_CHECKING

from wythoff.core import lazy
from wythoff.core.games.rules import Rules
from wythoff.families import wording
from wythoff.families.base import Family, parameter_range, params_of
from wythoff.families.ids import IdForm
from wythoff.families.records import FamilyRecord, GameRecord, SequenceRecord
from wythoff.families.registry import FAMILIES

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core.games import solver
    from wythoff.families import evidence
    from wythoff.families.evidence import Check
else:  # imported on first use
    evidence = lazy.module("wythoff.families.evidence", globals())
    np = lazy.module("numpy", globals())
    solver = lazy.module("wythoff.core.games.solver", globals())

PAGE = r"""---
title: "Larsson's Remark 5: any reach, any rectangle"
---

# Larsson's Remark 5: any reach, any rectangle

Larsson closes his paper on restrictions of m-Wythoff Nim (Remark 5) with two
generalizations of his games and asks what their P-positions are. No formula is
known for them, but for one case (the rectangle \(u = v = 1\), below); the solver
decides every position of a finite board from the rules alone, and the build checks
it against an enumeration of every move.

## Blocking with any reach: \(m\mathrm{WN}^p_l\) { #blocking-with-any-reach-mwnp_l }

`larsson-blocking-m{m}-p{p}-l{l}`: the moves of m-Wythoff Nim (rook: any number from
one pile; m-bishop: \(k\) from one pile and \(l'\) from the other, \(k + l' > 0\),
\(|k - l'| < m\)); before each move the previous player may forbid up to \(p - 1\) of
the mover's *l-roob* moves: one-pile moves that are not moves of the l-bishop, that
is, that take \(l\) counters or more.

- \(l = m\) is Larsson's \(m\mathrm{WN}^p\) (`larsson-blocking-m{m}-p{p}`), solved by his
  p-complementary pair, so it is not repeated here.
- \(l = 0\) and \(l = 1\) are the same game (every one-pile move takes at least one
  counter): the previous player may forbid any \(p - 1\) one-pile moves. It is listed
  as \(l = 0\); Larsson's example writes it with \(l = 1\).
- \(l > m\) protects the short one-pile moves that the m-bishop does not make.

The build covers \(l = 0\) and \(2 \le l \le m + 1\), \(l \ne m\) (for \(m = 1\), \(l = 0\)
is Larsson's own game, so only \(l = 2\)).

## Any rectangle: \(m \times p\mathrm{WN}_{u,v}\) { #any-rectangle-m-times-pwn_uv }

`larsson-rectangle-k{k}-u{u}-v{v}`: k-Wythoff Nim (\(k = mp\): the rook and the
k-bishop) on a board without the rectangle \(x < u,\ y < v\); no move may enter it,
so \((u, 0)\) and \((0, v)\) are the final positions. The game depends on \(m\) and
\(p\) only through \(k = mp\). The orientation (\(u\) along \(x\), \(v\) along \(y\)) is
this database's: it is the one in which \(u + v = k\) gives the shifted games below, as
a brute force confirms; the paper prints its rectangles the other way round.

- \(u + v = k\) gives Larsson's shifted games (\(m = 1\), \(p = k\), \(l = v\):
  `larsson-shifted-m1-p{k}-l{v}`), solved by his pair, so they are not repeated here.
- \(u = v = 1\): the P-positions are those of misère k-Wythoff Nim (a player who
  cannot move wins), as Remark 5 notes after Fraenkel (1984), who describes them: a
  formula is known, although the database computes these games with the solver; the
  build checks the coincidence on every board.
- \((u, v)\) and \((v, u)\) are mirror images; the build covers \(1 \le u \le v \le k + 1\).

## What the pages give

Each game's page lists its P-positions as far as the board decides them (every
position with both piles below the board's size is decided exactly), draws the
board, and its rows are in the `p_positions` table of the database.

## Reference

U. Larsson, *Restrictions of m-Wythoff Nim and p-complementary Beatty sequences*,
Games of No Chance 4, MSRI Publications 63 (2015), Remark 5.
"""
"""The family's page: the definitions in words (Markdown with TeX)."""


def reach_notation(m: int, p: int, l: int) -> wording.Notation:  # noqa: E741
    r"""m-Wythoff p-Blocking Nim with reach l, Larsson's mWN^p_l (Remark 5).

    >>> print(reach_notation(2, 3, 0).ascii, reach_notation(2, 3, 0).tex)
    2WN^3_0 2\mathrm{WN}^{3}_{0}
    """
    return wording.Notation(f"{m}WN^{p}_{l}", rf"{m}\mathrm{{WN}}^{{{p}}}_{{{l}}}")


def rectangle_notation(u: int, v: int) -> wording.Notation:
    r"""(mp)-Wythoff Nim off the rectangle u by v, Larsson's m×pWN_{u,v} (Remark 5):
    the game depends on m and p only through their product, so they stay letters.

    >>> print(rectangle_notation(1, 2).ascii, rectangle_notation(1, 2).tex, sep="; ")
    m x p WN_{1,2}; m\times p\mathrm{WN}_{1,2}
    """
    return wording.Notation(f"m x p WN_{{{u},{v}}}", rf"m\times p\mathrm{{WN}}_{{{u},{v}}}")


GAME_IDS = {
    "reach": IdForm("larsson-blocking-m{m}-p{p}-l{l}"),
    "rectangle": IdForm("larsson-rectangle-k{k}-u{u}-v{v}"),
}


def _larsson() -> Family:
    """Larsson's family, whose games these generalize (to name them)."""
    return FAMILIES["larsson"]


class LarssonRemark5Family(Family):
    family = FamilyRecord(
        key="larsson-remark5",
        title="Larsson's Remark 5: any reach, any rectangle",
        paper="larsson",
        summary=(
            "Two generalizations Larsson proposes in his Remark 5: blocking games in which "
            "the one-pile moves of l counters or more may be forbidden (mWN^p_l), and "
            "k-Wythoff Nim with any rectangle removed (m x p WN_{u,v}). No formula is "
            "known; the solver decides them from the rules."
        ),
        parameters=("m", "p", "k"),
        page=PAGE,
    )
    default_ranges = {"m": (1, 4), "p": (2, 4), "k": (1, 4)}
    small_ranges = {"m": (1, 3), "p": (2, 3), "k": (1, 3)}
    game_ids = GAME_IDS  # the family has games only
    game_examples = (GAME_IDS["reach"](m=3, p=2, l=2), GAME_IDS["rectangle"](k=2, u=1, v=2))

    def parameter_sets(self, ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
        for m, p in product(parameter_range(ranges, "m"), parameter_range(ranges, "p")):
            yield {"m": m, "p": p}
        for k in parameter_range(ranges, "k"):
            yield {"k": k}

    def sequences(self, **params: int) -> list[SequenceRecord]:
        return []

    def games(self, **params: int) -> list[GameRecord]:
        if "k" in params:
            k = _positive(params["k"], "k")
            if "u" in params:
                return [self._rectangle_game(k, params["u"], params["v"])]
            return [
                self._rectangle_game(k, u, v)
                for u in range(1, k + 2)
                for v in range(u, k + 2)
                if u + v != k
            ]
        m, p = _positive(params["m"], "m"), _positive(params["p"], "p")
        if p < 2:
            raise ValueError("p must be at least 2: with p = 1 nothing may be forbidden")
        if "l" in params:
            return [self._blocking_game(m, p, params["l"])]
        return [self._blocking_game(m, p, l) for l in reaches(m)]  # noqa: E741

    def _blocking_game(self, m: int, p: int, l: int) -> GameRecord:  # noqa: E741
        if l not in reaches(m):
            raise ValueError(
                f"l must be 0 or 2 .. {m + 1} other than m = {m} (l = 1 is the game l = 0, "
                f"l = m is {_larsson().game_id('blocking', m=m, p=p)})"
            )
        notation = reach_notation(m, p, l)
        name = f"{m}-Wythoff {p}-Blocking Nim with reach {l} ({notation})"
        return GameRecord(
            id=GAME_IDS["reach"](m=m, p=p, l=l),
            family=self.family.key,
            name=name,
            name_tex=wording.tex_name(name, notation),
            rules=blocking_rules(m, p, l),
            paper="larsson",
            params=params_of(m=m, p=p, l=l),
            p_positions=(
                "No formula known (Larsson, Remark 5); the solver computes the P-positions "
                f"from the rules. With l = m = {m} this is "
                f"{_larsson().game_id('blocking', m=m, p=p)}."
            ),
        )

    def _rectangle_game(self, k: int, u: int, v: int) -> GameRecord:
        if not (1 <= u <= v and u + v != k):
            raise ValueError(
                f"u and v must satisfy 1 <= u <= v and u + v != k = {k} (u + v = k is "
                f"{_larsson().game_id('shifted', m=1, p=k, l=v)}; (v, u) is the mirror image "
                "of (u, v))"
            )
        misere = (
            f" Its P-positions are those of misère {k}-Wythoff Nim (checked on the board), "
            "which Fraenkel (1984) describes: a formula is known for them, although the "
            "database computes them with the solver."
            if u == v == 1
            else ""
        )
        notation = rectangle_notation(u, v)
        name = f"{k}-Wythoff Nim off the rectangle x < {u}, y < {v} ({notation}, mp = {k})"
        return GameRecord(
            id=GAME_IDS["rectangle"](k=k, u=u, v=v),
            family=self.family.key,
            name=name,
            name_tex=wording.tex_name(name, notation),
            rules=rectangle_rules(k, u, v),
            paper="larsson",
            params=params_of(k=k, u=u, v=v),
            p_positions=(
                "No formula known (Larsson, Remark 5)"
                if not misere
                else "Computed by the solver, not from a formula (Larsson, Remark 5)"
            )
            + "; the solver computes the P-positions from the rules: ordered pairs, the "
            f"board being symmetric only when u = v.{misere}",
        )

    def strategy_text(self, game: GameRecord) -> str:
        rules = game.rules
        if rules.blocking <= 1:
            return super().strategy_text(game)
        p, l = rules.blocking, rules.reach  # noqa: E741
        safe = "a two-pile move"
        forbidden = "one-pile moves"
        if l > 1:
            safe += f" or a one-pile move of fewer than {l} counters"
            forbidden += f" of {l} or more counters"
        return (
            "No formula is known; the solver decides every position of the board from the "
            "rules alone. A position is N when it has a P-option by a move that cannot be "
            f"forbidden ({safe}), or at least {p} P-options by {forbidden}: the opponent "
            f"forbids at most {p - 1}, so the winner plays whichever is left. The position "
            "checker lists the moves the winner needs."
        )

    # -- evidence ------------------------------------------------------------

    def game_checks(self, game: GameRecord, board: np.ndarray) -> list[Check]:
        """Remark 5's identity: without the 1 x 1 corner, k-Wythoff Nim has the
        P-positions of misère k-Wythoff Nim."""
        if GAME_IDS["rectangle"].match(game.id) is None or game.rules.rectangle != (1, 1):
            return []
        size = board.shape[0]
        misere = solver.solve(Rules(bishop=game.rules.bishop, misere=True), size)
        differ = np.argwhere((board == 1) != (misere == 1))
        problem = None if len(differ) == 0 else f"they differ at {tuple(differ[0].tolist())}"
        return [
            evidence.check(
                game.id,
                f"P-positions equal those of misère {game.rules.bishop}-Wythoff Nim",
                "both games solved from their rules on the same board",
                f"{size} x {size} board",
                problem,
            )
        ]


def reaches(m: int) -> list[int]:
    """The reaches ``l`` of ``mWN^p_l`` the family lists: 0 (the same game as 1) and
    ``2 .. m + 1`` except ``m`` (Larsson's own game)."""
    return [l for l in [0, *range(2, m + 2)] if l != m and not (m == 1 and l == 0)]  # noqa: E741


def blocking_rules(m: int, p: int, l: int) -> Rules:  # noqa: E741
    """``mWN^p_l``: m-Wythoff Nim; the previous player may forbid up to ``p - 1`` of the
    mover's one-pile moves of ``l`` counters or more."""
    return Rules(bishop=m, blocking=p, blocking_reach=l)


def rectangle_rules(k: int, u: int, v: int) -> Rules:
    """``m x p WN_{u,v}`` with ``mp = k``: k-Wythoff Nim off the rectangle ``x < u, y < v``."""
    return Rules(bishop=k, rectangle=(u, v))


def _positive(value: int, name: str) -> int:
    if not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive integer (got {value!r})")
    return value
