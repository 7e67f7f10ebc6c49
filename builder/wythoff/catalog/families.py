"""One catalog entry per family: its IDs, names, formulas and generators.

An entry turns parameters into records; it knows the family's ID patterns, so
any ID (not only those in the built ranges) resolves to its record.  Adding a
family means one module in ``wythoff.core.families`` and one entry here.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import product
from math import gcd
from typing import TYPE_CHECKING

from wythoff.core import lazy

from .records import (
    FamilyRecord,
    GameRecord,
    Params,
    SequenceRecord,
    TermsFunction,
    listed_terms,
)

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core.families import connell, fraenkel, larsson, modular, wythoff
    from wythoff.core.games import sparse, unsolved
    from wythoff.core.quadratic import QuadraticIrrational
else:
    # Imported on first use: a lookup of a few terms of one family loads that
    # family's mathematics only, and no numpy.
    np = lazy.module("numpy", globals())
    connell = lazy.module("wythoff.core.families.connell", globals())
    fraenkel = lazy.module("wythoff.core.families.fraenkel", globals())
    larsson = lazy.module("wythoff.core.families.larsson", globals())
    modular = lazy.module("wythoff.core.families.modular", globals())
    wythoff = lazy.module("wythoff.core.families.wythoff", globals())
    unsolved = lazy.module("wythoff.core.games.unsolved", globals())
    sparse = lazy.module("wythoff.core.games.sparse", globals())

NUMBER = r"(0|[1-9][0-9]*)"


def _n(start: int, count: int) -> np.ndarray:
    return np.arange(start, start + count, dtype=np.int64)


@dataclass(frozen=True)
class _Beatty:
    """``n -> floor((scale*n + shift) * slope)``, in bulk and exactly.

    Calling it gives a numpy array (the build's bulk path); ``listed`` gives the
    same terms as Python integers without numpy, for the few terms a command
    line or a notebook asks for."""

    slope: QuadraticIrrational
    scale: int = 1
    shift: int = 0

    def __call__(self, start: int, count: int) -> np.ndarray:
        return self.slope.floors(self.scale * start + self.shift, count, self.scale)

    def listed(self, start: int, count: int) -> list[int]:
        first = self.scale * start + self.shift
        return [self.slope.floor_times(first + i * self.scale) for i in range(count)]


@dataclass(frozen=True)
class _PlusMultiple:
    """``n -> base(n) + factor*n + constant``, exactly."""

    base: TermsFunction
    factor: int
    constant: int = 0

    def __call__(self, start: int, count: int) -> np.ndarray:
        return linear_combination(self.base(start, count), 1, start, self.factor, self.constant)

    def listed(self, start: int, count: int) -> list[int]:
        values = listed_terms(self.base, start, count)
        return [v + self.factor * (start + i) + self.constant for i, v in enumerate(values)]


def linear_combination(
    values: np.ndarray, scale: int, start: int, factor: int, constant: int = 0
) -> np.ndarray:
    """``scale*values[i] + factor*(start + i) + constant`` without wrapping at 2**63:
    in int64 when every term provably fits, else in Python integers."""
    count = len(values)
    largest_n = max(abs(start), abs(start + count))
    fits = count > 0 and values.dtype != object
    largest = int(np.abs(values).max()) if fits else 0
    if fits and abs(scale) * largest + abs(factor) * largest_n + abs(constant) < 2**62:
        return scale * values + factor * _n(start, count) + constant
    out = np.empty(count, dtype=object)
    out[:] = [scale * int(v) + factor * (start + i) + constant for i, v in enumerate(values)]
    return out


@dataclass(frozen=True)
class _Listed:
    """Terms of a sequence given by a function returning its first ``k`` values."""

    values_for: Callable[[int], Iterable[int]]

    def __call__(self, start: int, count: int) -> np.ndarray:
        values = self.listed(start, count)
        out = np.empty(count, dtype=object)
        out[:] = values
        return out if any(v > 2**62 for v in values) else out.astype(np.int64)

    def listed(self, start: int, count: int) -> list[int]:
        return list(self.values_for(start + count))[start:]


class Entry(ABC):
    """A family in the catalog."""

    family: FamilyRecord
    sequence_pattern: str
    game_pattern: str

    @abstractmethod
    def parameter_sets(self, ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
        """The parameter values the build covers, from ``{name: (low, high)}``."""

    @abstractmethod
    def sequences(self, **params: int) -> list[SequenceRecord]:
        """The sequences for one set of parameters (validating them)."""

    @abstractmethod
    def games(self, **params: int) -> list[GameRecord]:
        """The games for one set of parameters."""

    def match_sequence(self, sequence_id: str) -> dict[str, int] | None:
        return _match(self.sequence_pattern, sequence_id)

    def match_game(self, game_id: str) -> dict[str, int] | None:
        return _match(self.game_pattern, game_id)


def _match(pattern: str, text: str) -> dict[str, int] | None:
    found = re.fullmatch(pattern, text)
    if not found:
        return None
    return {k: int(v) for k, v in found.groupdict().items() if v is not None and v.isdigit()}


def _params(**values: int) -> Params:
    return tuple(values.items())


def _range(ranges: Mapping[str, tuple[int, int]], name: str) -> range:
    low, high = ranges[name]
    return range(low, high + 1)


# ----------------------------------------------------------------------------- Wythoff


class WythoffEntry(Entry):
    family = FamilyRecord(
        key="wythoff",
        title="Wythoff's game",
        paper="wythoff",
        summary=(
            "Take any number from one pile or the same number from both. The P-positions "
            "are the pairs of the lower and upper Wythoff sequences, in normal and in "
            "misère play."
        ),
        parameters=(),
    )
    sequence_pattern = r"wythoff-(?P<kind>a|b)"
    game_pattern = r"wythoff(?P<misere>-misere)?"

    def parameter_sets(self, ranges):
        yield {}

    def sequences(self) -> list[SequenceRecord]:
        lower = _Beatty(wythoff.PHI)
        related = ("fraenkel-a1-a", "connell-k1-u0", "larsson-m1-p1-a")
        return [
            SequenceRecord(
                id="wythoff-a",
                family="wythoff",
                name=(
                    "Lower Wythoff sequence: A(n) = floor(n*phi), phi = (1+sqrt(5))/2; "
                    "smaller coordinates of the P-positions of Wythoff's game."
                ),
                offset=0,
                formula="A(n) = floor(n*phi) = floor(n*(1 + sqrt(5))/2) = mex{A(i), B(i) : i < n}",
                paper="wythoff",
                keywords=("beatty", "complementary", "game"),
                params=(),
                terms=lower,
                game="wythoff",
                related=("wythoff-b", *related),
            ),
            SequenceRecord(
                id="wythoff-b",
                family="wythoff",
                name=(
                    "Upper Wythoff sequence: B(n) = floor(n*phi^2) = A(n) + n; larger "
                    "coordinates of the P-positions of Wythoff's game."
                ),
                offset=0,
                formula="B(n) = floor(n*phi^2) = floor(n*(3 + sqrt(5))/2) = A(n) + n",
                paper="wythoff",
                keywords=("beatty", "complementary", "game"),
                params=(),
                terms=_PlusMultiple(lower, 1),
                game="wythoff",
                related=("wythoff-a", "fraenkel-a1-b", "connell-k1-v0", "larsson-m1-p1-b"),
            ),
        ]

    def games(self) -> list[GameRecord]:
        return [
            GameRecord(
                id="wythoff",
                family="wythoff",
                name="Wythoff's game",
                rules=wythoff.rules(),
                paper="wythoff",
                params=(),
                p_positions=(
                    "(A(n), B(n)) and (B(n), A(n)), n >= 0: A(n) = floor(n*phi), B(n) = A(n) + n."
                ),
                strategy=wythoff.strategy,
                sequences=("wythoff-a", "wythoff-b"),
            ),
            GameRecord(
                id="wythoff-misere",
                family="wythoff",
                name="Wythoff's game, misère play",
                rules=wythoff.rules(misere=True),
                paper="misere",
                params=(),
                p_positions=(
                    "(0, 1), (2, 2) and (A(n), B(n)) for n >= 2, with their mirror images: "
                    "normal play's P-positions with (0, 0) and (1, 2) replaced."
                ),
                strategy=wythoff.MisereStrategy,
                sequences=("wythoff-a", "wythoff-b"),
            ),
        ]


# ----------------------------------------------------------------------------- Connell


class ConnellEntry(Entry):
    family = FamilyRecord(
        key="connell",
        title="Connell's k-Wythoff game",
        paper="connell",
        summary=(
            "Take the same number from both piles or a positive multiple of k from one pile. "
            "The P-positions fall into k classes i = (y - x) mod k, each a pair of Beatty "
            "sequences u(i), v(i)."
        ),
        parameters=("k",),
    )
    sequence_pattern = rf"connell-k(?P<k>{NUMBER})-(?P<kind>u|v)(?P<i>{NUMBER})"
    game_pattern = rf"connell-k(?P<k>{NUMBER})"

    def parameter_sets(self, ranges):
        for k in _range(ranges, "k"):
            yield {"k": k}

    def match_sequence(self, sequence_id: str) -> dict[str, int] | None:
        found = _match(self.sequence_pattern, sequence_id)
        if found:
            connell.check(found["k"], found.pop("i"))
        return found

    def sequences(self, k: int) -> list[SequenceRecord]:
        connell.check(k)
        records = []
        slope = connell.lower_slope(k)
        big_a = f"({k} + sqrt({k * k + 4}))/2"
        exact = f"({2 - k} + sqrt({k * k + 4}))/{2 * k}"
        for i in range(k):
            u = _Beatty(slope, k, i)
            partner = f"connell-k{k}-v{(k - i) % k}"
            common = {
                "family": "connell",
                "offset": 0,
                "paper": "connell",
                "params": _params(k=k, i=i),
                "game": f"connell-k{k}",
            }
            records.append(
                SequenceRecord(
                    id=f"connell-k{k}-u{i}",
                    name=(
                        f"Connell's {k}-Wythoff game, class i = {i}: u(n) = floor((n + {i}/{k})"
                        f"*(1 + 1/A)), A = {big_a}; smaller coordinates of the P-positions "
                        f"of class {i}."
                    ),
                    formula=f"u(n) = floor((n + {i}/{k})*(1 + 1/A)) = floor(({k}n + {i})*{exact})",
                    keywords=("beatty", "complementary", "game"),
                    terms=u,
                    related=(f"connell-k{k}-v{i}", partner),
                    **common,
                )
            )
            records.append(
                SequenceRecord(
                    id=f"connell-k{k}-v{i}",
                    name=(
                        f"Connell's {k}-Wythoff game, class i = {i}: v(n) = floor((n + {i}/{k})"
                        f"*(1 + A)) = u(n) + {k}n + {i}; larger coordinates of the P-positions "
                        f"of class {i}."
                    ),
                    formula=f"v(n) = floor((n + {i}/{k})*(1 + A)) = u(n) + {k}*n + {i}",
                    keywords=("beatty", "complementary", "game"),
                    terms=_PlusMultiple(u, k, i),
                    related=(f"connell-k{k}-u{i}", f"connell-k{k}-u{(k - i) % k}"),
                    **common,
                )
            )
        return records

    def games(self, k: int) -> list[GameRecord]:
        connell.check(k)
        classes = ", ".join(f"u{i}, v{i}" for i in range(k))
        return [
            GameRecord(
                id=f"connell-k{k}",
                family="connell",
                name=f"Connell's {k}-Wythoff game",
                rules=connell.rules(k),
                paper="connell",
                params=_params(k=k),
                p_positions=(
                    f"(u(i,n), v(i,n)) for n >= 0 and each class i = 0..{k - 1} "
                    f"(sequences {classes}), with their mirror images."
                ),
                strategy=lambda: connell.Strategy(k),
                sequences=tuple(f"connell-k{k}-{c}{i}" for i in range(k) for c in "uv"),
            )
        ]


# ----------------------------------------------------------------------------- Fraenkel


class FraenkelEntry(Entry):
    family = FamilyRecord(
        key="fraenkel",
        title="Fraenkel's a-Wythoff game",
        paper="fraenkel",
        summary=(
            "Take any number from one pile, or k > 0 and l > 0 from the two piles with "
            "|k - l| < a. The P-positions (A(n), B(n)) have three descriptions: a mex "
            "recursion, Beatty sequences, and the p- and q-systems of numeration."
        ),
        parameters=("a",),
    )
    sequence_pattern = rf"fraenkel-a(?P<a>{NUMBER})-(?P<kind>a|b|p|q)"
    game_pattern = rf"fraenkel-a(?P<a>{NUMBER})"

    def parameter_sets(self, ranges):
        for a in _range(ranges, "a"):
            yield {"a": a}

    def sequences(self, a: int) -> list[SequenceRecord]:
        fraenkel.check_a(a)
        alpha = f"({2 - a} + sqrt({a * a + 4}))/2"
        lower = _Beatty(fraenkel.alpha(a))
        common = {"family": "fraenkel", "offset": 0, "paper": "fraenkel", "params": _params(a=a)}
        game = {"game": f"fraenkel-a{a}"}
        return [
            SequenceRecord(
                id=f"fraenkel-a{a}-a",
                name=(
                    f"Fraenkel's {a}-Wythoff game: A(n) = floor(n*alpha), alpha = {alpha} "
                    f"= [1; {a}, {a}, ...]; smaller coordinates of the P-positions."
                ),
                formula=f"A(n) = floor(n*{alpha}) = mex{{A(i), B(i) : i < n}}",
                keywords=("beatty", "complementary", "game"),
                terms=lower,
                related=(f"fraenkel-a{a}-b", f"larsson-m{a}-p1-a"),
                **common,
                **game,
            ),
            SequenceRecord(
                id=f"fraenkel-a{a}-b",
                name=(
                    f"Fraenkel's {a}-Wythoff game: B(n) = floor(n*beta) = A(n) + {a}n, "
                    f"beta = alpha + {a}; larger coordinates of the P-positions."
                ),
                formula=f"B(n) = floor(n*(alpha + {a})) = A(n) + {a}*n",
                keywords=("beatty", "complementary", "game"),
                terms=_PlusMultiple(lower, a),
                related=(f"fraenkel-a{a}-a", f"larsson-m{a}-p1-b"),
                **common,
                **game,
            ),
            SequenceRecord(
                id=f"fraenkel-a{a}-p",
                name=(
                    f"Numerators p(i) of the convergents of [1; {a}, {a}, ...]: the base of "
                    f"Fraenkel's p-system of numeration for a = {a}."
                ),
                formula=f"p(-1) = 1, p(0) = 1, p(i) = {a}*p(i-1) + p(i-2)",
                keywords=("convergents", "numeration", "easy"),
                terms=_Listed(lambda count, a=a: fraenkel.convergent_numerators(a, count)),
                growth="exponential",
                related=(f"fraenkel-a{a}-q",),
                **common,
            ),
            SequenceRecord(
                id=f"fraenkel-a{a}-q",
                name=(
                    f"Denominators q(i) of the convergents of [1; {a}, {a}, ...]: the base of "
                    f"Fraenkel's q-system of numeration for a = {a}."
                ),
                formula=f"q(-1) = 0, q(0) = 1, q(i) = {a}*q(i-1) + q(i-2)",
                keywords=("convergents", "numeration", "easy"),
                terms=_Listed(lambda count, a=a: fraenkel.convergent_denominators(a, count)),
                growth="exponential",
                related=(f"fraenkel-a{a}-p",),
                **common,
            ),
        ]

    def games(self, a: int) -> list[GameRecord]:
        fraenkel.check_a(a)
        return [
            GameRecord(
                id=f"fraenkel-a{a}",
                family="fraenkel",
                name=f"Fraenkel's {a}-Wythoff game",
                rules=fraenkel.rules(a),
                paper="fraenkel",
                params=_params(a=a),
                p_positions=f"(A(n), B(n)) and mirror images, n >= 0: B(n) - A(n) = {a}n.",
                strategy=lambda: fraenkel.AlgebraicStrategy(a),
                sequences=(f"fraenkel-a{a}-a", f"fraenkel-a{a}-b"),
            )
        ]


# ----------------------------------------------------------------------------- Larsson


TABLE_NOTES = {
    (2, 3, 2): (
        " Larsson's Table 4 lists this game's P-positions; from its row 9 on it prints "
        "(5, 26), but (5, 24) has no move to any P-position, so (5, 24) is the pair the "
        "rules give (a misprint of the table, not of the theory)."
    ),
}
"""What the data show about the paper's printed tables, by (m, p, l)."""


class LarssonEntry(Entry):
    family = FamilyRecord(
        key="larsson",
        title="Larsson's restrictions of m-Wythoff Nim",
        paper="larsson",
        summary=(
            "A p-complementary Beatty pair a(n) = floor(n*phi_{mp}/p), b(n) = a(n) + mn "
            "solves three restrictions of m-Wythoff Nim: a blocking game, rook moves "
            "modulo p, and a board with a rectangle removed. Other modulo games have no "
            "known formula; the solver computes them and tests Larsson's conjecture."
        ),
        parameters=("m", "p"),
    )
    sequence_pattern = (
        rf"larsson-m(?P<m>{NUMBER})-p(?P<p>{NUMBER})-(?P<kind>a|b|phi)"
        rf"|larsson-modulo-m(?P<gm>{NUMBER})-p(?P<gp>{NUMBER})-l(?P<gl>{NUMBER})-(?P<coord>c|d)"
    )
    game_pattern = (
        rf"larsson-(?P<kind>blocking)-m(?P<m>{NUMBER})-p(?P<p>{NUMBER})"
        rf"|larsson-(?P<kind2>modulo|shifted)-m(?P<m2>{NUMBER})-p(?P<p2>{NUMBER})-l(?P<l>{NUMBER})"
    )

    def parameter_sets(self, ranges):
        for m, p in product(_range(ranges, "m"), _range(ranges, "p")):
            yield {"m": m, "p": p}

    def match_sequence(self, sequence_id: str) -> dict[str, int] | None:
        found = _match(self.sequence_pattern, sequence_id)
        if found and "gm" in found:
            return {"m": found["gm"], "p": found["gp"], "l": found["gl"]}
        return found

    def match_game(self, game_id: str) -> dict[str, int] | None:
        found = _match(self.game_pattern, game_id)
        if found and "m2" in found:
            return {"m": found["m2"], "p": found["p2"], "l": found["l"]}
        return found

    def sequences(self, m: int, p: int, l: int | None = None) -> list[SequenceRecord]:  # noqa: E741
        larsson.check(m, p)
        if l is not None:
            game = self._modulo_game(m, p, l)
            if game.solved:
                raise ValueError(
                    f"{game.id} has a formula: its P-positions are the sequences "
                    f"{' and '.join(game.sequences)}"
                )
            return self._unsolved_sequences(game)
        records = self._pair_sequences(m, p)
        for l in range(p):  # noqa: E741
            game = self._modulo_game(m, p, l)
            if not game.solved:
                records.extend(self._unsolved_sequences(game))
        return records

    def _pair_sequences(self, m: int, p: int) -> list[SequenceRecord]:
        t = m * p
        theta = f"({2 - t} + sqrt({t * t + 4}))/{2 * p}"
        lower = _Beatty(larsson.slope(m, p))
        upper = _PlusMultiple(lower, m)
        prefix = f"larsson-m{m}-p{p}"
        common = {"family": "larsson", "paper": "larsson", "params": _params(m=m, p=p)}
        game = {"game": f"larsson-blocking-m{m}-p{p}"}
        pair = f"Larsson's {p}-complementary Beatty pair for m = {m}"

        def phi_terms(start: int, count: int) -> np.ndarray:
            return linear_combination(upper(start, count), p, start, -1)

        keywords = ("beatty", "p-complementary", "game")
        return [
            SequenceRecord(
                id=f"{prefix}-a",
                name=f"{pair}: a(n) = floor(n*phi_{t}/{p}), phi_x = (2 - x + sqrt(x^2 + 4))/2.",
                offset=0,
                formula=f"a(n) = floor(n*{theta})",
                keywords=keywords,
                terms=lower,
                related=(f"{prefix}-b", f"{prefix}-phi"),
                **common,
                **game,
            ),
            SequenceRecord(
                id=f"{prefix}-b",
                name=f"{pair}: b(n) = a(n) + {m}n.",
                offset=0,
                formula=f"b(n) = a(n) + {m}*n = floor(n*({theta} + {m}))",
                keywords=keywords,
                terms=upper,
                related=(f"{prefix}-a", f"{prefix}-phi"),
                **common,
                **game,
            ),
            SequenceRecord(
                id=f"{prefix}-phi",
                name=(
                    f"{pair}: phi(n) = {p}*b(n) - n, the greatest index with a(phi(n)) = "
                    "b(n) - 1 (Theorem 5.1)."
                ),
                offset=1,
                formula=f"phi(n) = {p}*b(n) - n = (a(n) + {t - 1}*b(n))/{m}",
                keywords=("p-complementary", "complementary-equation"),
                terms=phi_terms,
                related=(f"{prefix}-a", f"{prefix}-b"),
                **common,
            ),
        ]

    def _unsolved_sequences(self, game: GameRecord) -> list[SequenceRecord]:
        modulus = game.conjecture_modulus
        m, l = game.param("m"), game.param("l")  # noqa: E741

        def coordinate(index: int) -> TermsFunction:
            def terms(start: int, count: int) -> np.ndarray:
                if sparse.supports(game.rules):  # proven terms, any depth
                    return sparse.solved(game.rules).coordinate(index, start, count)
                found = unsolved.pairs_at_least(game.rules, start + count)
                return np.array([pair[index] for pair in found[start : start + count]], np.int64)

            return terms

        label = f"{m}WN^({l},{modulus})"
        records = []
        for index, coord, words in ((0, "c", "smaller"), (1, "d", "larger")):
            records.append(
                SequenceRecord(
                    id=f"{game.id}-{coord}",
                    family="larsson",
                    name=(
                        f"{words.capitalize()} coordinates {coord}(n) of the P-positions of "
                        f"{label}, a game with no known formula, sorted by (c, d); computed "
                        "by the game solver."
                    ),
                    offset=0,
                    formula="no formula known; computed by the game solver",
                    paper="larsson",
                    keywords=("game", "solver", "conjecture"),
                    params=game.params,
                    terms=coordinate(index),
                    growth="board",
                    game=game.id,
                    related=(f"{game.id}-{'d' if coord == 'c' else 'c'}",),
                )
            )
        return records

    def games(self, m: int, p: int, l: int | None = None) -> list[GameRecord]:  # noqa: E741
        larsson.check(m, p)
        if l is not None:
            return [self._modulo_game(m, p, l), self._shifted_game(m, p, l)]
        pair_sequences = (f"larsson-m{m}-p{p}-a", f"larsson-m{m}-p{p}-b")
        records = [
            GameRecord(
                id=f"larsson-blocking-m{m}-p{p}",
                family="larsson",
                name=f"{m}-Wythoff {p}-Blocking Nim ({m}WN^{p})",
                rules=larsson.blocking_rules(m, p),
                paper="larsson",
                params=_params(m=m, p=p),
                p_positions=f"{{a(n), b(n)}}, n >= 0, for the pair (m, p) = ({m}, {p}).",
                strategy=lambda: larsson.pair_strategy(m, p, larsson.blocking_rules(m, p)),
                sequences=pair_sequences,
            )
        ]
        records += [self._modulo_game(m, p, l) for l in range(p)]  # noqa: E741
        records += [self._shifted_game(m, p, l) for l in range(p)]  # noqa: E741
        return records

    def _modulo_game(self, m: int, p: int, l: int) -> GameRecord:  # noqa: E741
        rules = larsson.modulo_rules(m, p, l)
        pair = larsson.modulo_pair(m, p, l)
        game_id = f"larsson-modulo-m{m}-p{p}-l{l}"
        label = f"{m}WN^({l},{p})" if l else f"{m}WN^({p})"
        common = {
            "id": game_id,
            "family": "larsson",
            "name": f"{m}-Wythoff modulo-{p} {l}-Nim ({label})",
            "rules": rules,
            "paper": "larsson",
            "params": _params(m=m, p=p, l=l),
        }
        if pair is None:
            why = f"gcd(m, p) = {gcd(m, p)} > 1" if l <= 1 else "l > 1, and not l = m with m | p"
            return GameRecord(
                p_positions=(
                    f"No formula known ({why}); the solver computes the pairs {{c(n), d(n)}}. "
                    f"Larsson conjectures that c and d are {p}-complementary."
                    + TABLE_NOTES.get((m, p, l), "")
                ),
                sequences=(f"{game_id}-c", f"{game_id}-d"),
                conjecture_modulus=p,
                **common,
            )
        pm, pp = pair
        return GameRecord(
            p_positions=f"{{a(n), b(n)}}, n >= 0, for the pair (m, p) = ({pm}, {pp}).",
            strategy=lambda: larsson.pair_strategy(pm, pp, rules),
            sequences=(f"larsson-m{pm}-p{pp}-a", f"larsson-m{pm}-p{pp}-b"),
            **common,
        )

    def _shifted_game(self, m: int, p: int, l: int) -> GameRecord:  # noqa: E741
        rules = larsson.shifted_rules(m, p, l)
        w, h = rules.rectangle
        removed = f" off the rectangle x < {w}, y < {h}" if w and h else ""
        return GameRecord(
            id=f"larsson-shifted-m{m}-p{p}-l{l}",
            family="larsson",
            name=f"{l}-Shifted {m}x{p}-Wythoff Nim ({m}x{p}WN_{l}){removed}",
            rules=rules,
            paper="larsson",
            params=_params(m=m, p=p, l=l),
            p_positions=(
                f"(a({p}i + {l}), b({p}i + {l})) for i >= 0 and (b({p}i - {l}), a({p}i - {l})) "
                f"for i >= 1, for the pair (m, p) = ({m}, {p}): ordered pairs."
            ),
            strategy=lambda: larsson.shifted_strategy(m, p, l),
            sequences=(f"larsson-m{m}-p{p}-a", f"larsson-m{m}-p{p}-b"),
        )


# ----------------------------------------------------------------------------- Khovanova-Niu


class ModularEntry(Entry):
    family = FamilyRecord(
        key="modular",
        title="Khovanova and Niu's m-Modular Wythoff game",
        paper="khovanova-niu",
        summary=(
            "Take any number from one pile, or k > 0 and l > 0 from both with k = l (mod m). "
            "There are only 2 a(m) + 1 P-positions, a(m) = floor(m/phi): the first Wythoff "
            "P-positions and their mirror images."
        ),
        parameters=("m",),
    )
    sequence_pattern = r"modular-(?P<kind>a)"
    game_pattern = rf"modular-m(?P<m>{NUMBER})"

    def parameter_sets(self, ranges):
        yield {}  # the sequence a(m) does not depend on the game's m
        for m in _range(ranges, "m"):
            yield {"m": m}

    def sequences(self, m: int | None = None) -> list[SequenceRecord]:
        if m is not None:
            return []
        return [
            SequenceRecord(
                id="modular-a",
                family="modular",
                name=(
                    "a(m) = floor(m/phi): the number of positive lower Wythoff numbers below m; "
                    "the m-Modular Wythoff game has 2*a(m) + 1 P-positions."
                ),
                offset=1,
                formula="a(m) = floor(m/phi) = floor(m*(sqrt(5) - 1)/2)",
                paper="khovanova-niu",
                keywords=("beatty", "game", "finite"),
                params=(),
                terms=_Beatty(modular.INVERSE_PHI),
                related=("wythoff-a",),
            )
        ]

    def games(self, m: int | None = None) -> list[GameRecord]:
        if m is None:
            return []
        modular.check(m)
        return [
            GameRecord(
                id=f"modular-m{m}",
                family="modular",
                name=f"{m}-Modular Wythoff",
                rules=modular.rules(m),
                paper="khovanova-niu",
                params=_params(m=m),
                p_positions=(
                    f"The first a({m}) + 1 = {modular.a(m) + 1} P-positions of Wythoff's game and "
                    f"their mirror images: {2 * modular.a(m) + 1} positions in all."
                ),
                strategy=lambda: modular.Strategy(m),
                sequences=("modular-a", "wythoff-a", "wythoff-b"),
            )
        ]


ENTRIES: dict[str, Entry] = {
    entry.family.key: entry
    for entry in (WythoffEntry(), ConnellEntry(), FraenkelEntry(), LarssonEntry(), ModularEntry())
}
