"""The games of Larsson's family (2011): m-Wythoff p-Blocking Nim, the modulo games
mWN^(l,p), the l-shifted games and the game where the second player chooses l, with
the forms of the family's IDs, Larsson's notation, and the sequences and
observations of the modulo games without a formula.

The family itself, its page, the p-complementary pair's sequences and the theorems
checked on them are :mod:`wythoff.families.larsson`, which makes its games here.
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING, Any

from wythoff.core import lazy
from wythoff.db import vocabulary
from wythoff.families import wording
from wythoff.families.base import params_of
from wythoff.families.ids import IdForm
from wythoff.families.records import GameRecord, SequenceRecord, TermsFunction

if TYPE_CHECKING:
    import json

    import numpy as np

    from wythoff.core.games import engine, sparse
    from wythoff.core.games import observations as observing
    from wythoff.core.theorems import larsson
else:  # imported on first use: a lookup of a few terms loads no numpy
    json = lazy.module("json", globals())
    engine = lazy.module("wythoff.core.games.engine", globals())
    larsson = lazy.module("wythoff.core.theorems.larsson", globals())
    observing = lazy.module("wythoff.core.games.observations", globals())

SEQUENCE_IDS = {
    "a": IdForm("larsson-m{m}-p{p}-a"),  # the p-complementary Beatty pair
    "b": IdForm("larsson-m{m}-p{p}-b"),
    "phi": IdForm("larsson-m{m}-p{p}-phi"),
    "c": IdForm("larsson-modulo-m{m}-p{p}-l{l}-c"),  # a modulo game without formula
    "d": IdForm("larsson-modulo-m{m}-p{p}-l{l}-d"),
}
GAME_IDS = {
    "blocking": IdForm("larsson-blocking-m{m}-p{p}"),
    "modulo": IdForm("larsson-modulo-m{m}-p{p}-l{l}"),
    "shifted": IdForm("larsson-shifted-m{m}-p{p}-l{l}"),
    "choice": IdForm("larsson-choice-m{m}-p{p}"),
}


def pair_ids(m: int, p: int) -> tuple[str, str]:
    """The IDs of the pair a, b for (m, p)."""
    return SEQUENCE_IDS["a"](m=m, p=p), SEQUENCE_IDS["b"](m=m, p=p)


BELIEF = (
    'Larsson, Section 7 (Questions): "We also believe that, for arbitrary constants, '
    '(c_i) and (d_i) are p-complementary" (every non-negative integer exactly p times '
    "in c and d together)."
)
"""Larsson's belief about the modulo games without a formula, quoted with its section."""

TABLE_NOTES = {
    (2, 3, 2): (
        " Larsson's Table 4 lists this game's P-positions; from its row 9 on it prints "
        "(5, 26), but (5, 24) has no move to any P-position, so (5, 24) is the pair the "
        "rules give (a misprint of the table, not of the theory)."
    ),
}
"""What the data show about the paper's printed tables, by (m, p, l)."""


def blocking_notation(m: int, p: int) -> wording.Notation:
    r"""m-Wythoff p-Blocking Nim, Larsson's mWN^p (Definition 4 (i)).

    >>> print(blocking_notation(2, 3).ascii, blocking_notation(2, 3).tex)
    2WN^3 2\mathrm{WN}^{3}
    """
    return wording.Notation(f"{m}WN^{p}", rf"{m}\mathrm{{WN}}^{{{p}}}")


def modulo_notation(m: int, p: int, l: int) -> wording.Notation:  # noqa: E741
    r"""m-Wythoff modulo-p l-Nim, Larsson's mWN^(l,p); mWN^(p) for l = 0, as he
    writes it (Definition 4 (ii)).

    >>> print(modulo_notation(2, 3, 2).tex, modulo_notation(2, 2, 0).tex)
    2\mathrm{WN}^{(2,3)} 2\mathrm{WN}^{(2)}
    """
    superscript = f"({l},{p})" if l else f"({p})"
    return wording.Notation(f"{m}WN^{superscript}", rf"{m}\mathrm{{WN}}^{{{superscript}}}")


def shifted_notation(m: int, p: int, l: int | None = None) -> wording.Notation:  # noqa: E741
    r"""l-Shifted mxp-Wythoff Nim, Larsson's m×pWN_l (Definition 4 (iiia)); without
    ``l``, mxp-Wythoff Nim, m×pWN, where the second player chooses l (iiib).

    >>> print(shifted_notation(3, 2, 1).tex, shifted_notation(2, 3).tex, sep="; ")
    3\times 2\mathrm{WN}_{1}; 2\times 3\mathrm{WN}
    """
    ascii_, tex = f"{m}x{p}WN", rf"{m}\times {p}\mathrm{{WN}}"
    if l is None:
        return wording.Notation(ascii_, tex)
    return wording.Notation(f"{ascii_}_{l}", rf"{tex}_{{{l}}}")


def blocking_game(m: int, p: int) -> GameRecord:
    """m-Wythoff p-Blocking Nim, mWN^p: the game the pair (m, p) solves."""
    blocking = blocking_notation(m, p)
    name = f"{m}-Wythoff {p}-Blocking Nim ({blocking})"
    return GameRecord(
        id=GAME_IDS["blocking"](m=m, p=p),
        family="larsson",
        name=name,
        name_tex=wording.tex_name(name, blocking),
        rules=larsson.blocking_rules(m, p),
        paper="larsson",
        params=params_of(m=m, p=p),
        p_positions=f"{{a(n), b(n)}}, n >= 0, for the pair (m, p) = ({m}, {p}).",
        strategy=lambda: larsson.pair_strategy(m, p, larsson.blocking_rules(m, p)),
        sequences=pair_ids(m, p),
    )


def choice_game(m: int, p: int) -> GameRecord:
    notation = shifted_notation(m, p)
    name = f"{m}x{p}-Wythoff Nim ({notation}), the second player choosing l"
    return GameRecord(
        id=GAME_IDS["choice"](m=m, p=p),
        family="larsson",
        name=name,
        name_tex=wording.tex_name(name, notation),
        rules=larsson.choice_rules(m, p),
        paper="larsson",
        params=params_of(m=m, p=p),
        p_positions=(
            f"{{a(n), b(n)}}, n >= 0, for the pair (m, p) = ({m}, {p}), both orders "
            f"(Theorem 2.1 (iii)(b)): for (a(n), b(n)) the second player chooses l = n mod "
            f"{p}, for (b(n), a(n)) l = -n mod {p}."
        ),
        strategy=lambda: larsson.choice_strategy(m, p),
        sequences=pair_ids(m, p),
    )


def modulo_game(m: int, p: int, l: int) -> GameRecord:  # noqa: E741
    rules = larsson.modulo_rules(m, p, l)
    pair = larsson.modulo_pair(m, p, l)
    game_id = GAME_IDS["modulo"](m=m, p=p, l=l)
    label = modulo_notation(m, p, l)
    name = f"{m}-Wythoff modulo-{p} {l}-Nim ({label})"
    common: dict[str, Any] = {
        "id": game_id,
        "family": "larsson",
        "name": name,
        "name_tex": wording.tex_name(name, label),
        "rules": rules,
        "paper": "larsson",
        "params": params_of(m=m, p=p, l=l),
    }
    if pair is None:
        why = f"gcd(m, p) = {gcd(m, p)} > 1" if l <= 1 else "l > 1, and not l = m with m | p"
        return GameRecord(
            p_positions=(
                f"No formula known ({why}); the solver computes the pairs {{c(n), d(n)}}. "
                f"{BELIEF} Here p = {p}." + TABLE_NOTES.get((m, p, l), "")
            ),
            sequences=(SEQUENCE_IDS["c"](m=m, p=p, l=l), SEQUENCE_IDS["d"](m=m, p=p, l=l)),
            conjecture_modulus=p,
            **common,
        )
    pm, pp = pair
    return GameRecord(
        p_positions=f"{{a(n), b(n)}}, n >= 0, for the pair (m, p) = ({pm}, {pp}).",
        strategy=lambda: larsson.pair_strategy(pm, pp, rules),
        sequences=pair_ids(pm, pp),
        **common,
    )


def shifted_game(m: int, p: int, l: int) -> GameRecord:  # noqa: E741
    rules = larsson.shifted_rules(m, p, l)
    w, h = rules.rectangle
    removed = f" off the rectangle x < {w}, y < {h}" if w and h else ""
    up, down = wording.affine(p, "i", l), wording.affine(p, "i", -l)
    notation = shifted_notation(m, p, l)
    name = f"{l}-Shifted {m}x{p}-Wythoff Nim ({notation}){removed}"
    return GameRecord(
        id=GAME_IDS["shifted"](m=m, p=p, l=l),
        family="larsson",
        name=name,
        name_tex=wording.tex_name(name, notation),
        rules=rules,
        paper="larsson",
        params=params_of(m=m, p=p, l=l),
        p_positions=(
            f"(a({up}), b({up})) for i >= 0 and (b({down}), a({down})) "
            f"for i >= 1, for the pair (m, p) = ({m}, {p}): ordered pairs."
        ),
        strategy=lambda: larsson.shifted_strategy(m, p, l),
        sequences=pair_ids(m, p),
    )


def unsolved_sequences(game: GameRecord) -> list[SequenceRecord]:
    """The coordinates c(n) and d(n) of the P-positions of a modulo game without a
    formula, computed by the game solver."""
    modulus = game.conjecture_modulus
    m, p, l = game.param("m"), game.param("p"), game.param("l")  # noqa: E741
    c_id, d_id = (SEQUENCE_IDS[coordinate](m=m, p=p, l=l) for coordinate in ("c", "d"))

    def coordinate(index: int) -> TermsFunction:
        def terms(start: int, count: int) -> np.ndarray:
            return engine.coordinate_terms(game.rules, index, start, count)

        return terms

    # the general form mWN^(l,p) even for l = 0, beside c^(l,m,p) (Larsson, Section 7)
    label = wording.Notation(f"{m}WN^({l},{modulus})", rf"{m}\mathrm{{WN}}^{{({l},{modulus})}}")
    records = []
    for index, coord, words, own, other in (
        (0, "c", "smaller", c_id, d_id),
        (1, "d", "larger", d_id, c_id),
    ):
        name = (
            f"{words.capitalize()} coordinates {coord}(n) of the P-positions of "
            f"{label}, a game with no known formula, sorted by (c, d); computed "
            "by the game solver."
        )
        records.append(
            SequenceRecord(
                id=own,
                family="larsson",
                name=name,
                name_tex=wording.tex_name(name, label),
                offset=0,
                formula="no formula known; computed by the game solver",
                paper="larsson",
                keywords=("game", "solver", "conjecture"),
                params=game.params,
                terms=coordinate(index),
                growth=vocabulary.BOARD,
                game=game.id,
                related=(other,),
                coordinate=index,
            )
        )
    return records


def observations(
    game: GameRecord, deep: sparse.SparseSolver, pairs: int
) -> dict[str, object] | None:
    """Larsson's questions on the proven pairs of a game without a formula (is
    d/c near a constant? do the pairs stay near two lines? how many P-positions
    share a line?), as a row of the ``observations`` table."""
    rules = game.rules
    lengths = game.param("l") if "l" in dict(game.params) else len(rules.rook_residues)
    seen = observing.observe(deep, pairs, rules.rook_modulus, lengths)
    return {
        "game_id": game.id,
        "pairs": seen.pairs,
        "settled": seen.settled,
        "ratio_last": seen.ratio_last,
        "ratio_low": seen.ratio_low,
        "ratio_high": seen.ratio_high,
        "slope_c": seen.slope_c,
        "slope_d": seen.slope_d,
        "distance_c_first": seen.distance_c[0],
        "distance_c_second": seen.distance_c[1],
        "distance_d_first": seen.distance_d[0],
        "distance_d_second": seen.distance_d[1],
        "difference_period": seen.difference_period,
        "line_counts": json.dumps(seen.line_counts),
        "bound": seen.bound,
        "first_exception": seen.first_exception,
        "summary": seen.summary(rules.rook_modulus),
    }
