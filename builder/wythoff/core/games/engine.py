"""How a game is answered: the one place that chooses its formula, the sparse solver
or the board solver.

* **formula**: a game with a closed form answers at once for piles of any size;
* **sparse**: a game without one, whose rules satisfy the sparse solver's predicate
  (:func:`~wythoff.core.games.sparse.supports`: the rules for which its invariants are
  proven), is solved line by line up to the smaller pile, keeping only its P-positions;
* **board**: any other rules are solved on a board just large enough (memory grows
  with the square of the piles, so a board has a size limit); the board solver holds
  for every rules the format can say.

The command line, the Python API and the build all ask this module, so a game is
answered the same way wherever it is asked.

>>> from wythoff.families import resolve_game
>>> [method(resolve_game(g)) for g in ("wythoff", "larsson-modulo-m2-p3-l2", "wythoff-misere")]
[<Method.FORMULA: 'formula'>, <Method.SPARSE: 'sparse'>, <Method.FORMULA: 'formula'>]
>>> list(p_positions(resolve_game("larsson-modulo-m2-p2-l0"), 6))
[(0, 0), (0, 3), (1, 6)]
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

    from wythoff.core.games.rules import Rules
    from wythoff.core.games.strategy import Strategy


class GameRecord(Protocol):
    """What the engine reads of a game (a catalog record is one)."""

    @property
    def solved(self) -> bool: ...

    @property
    def rules(self) -> Rules: ...

    def formula(self) -> Strategy: ...


class Method(enum.Enum):
    """What answers a game's positions."""

    FORMULA = "formula"
    SPARSE = "sparse"
    BOARD = "board"


def method(game: GameRecord) -> Method:
    """The method that answers ``game``: its formula if it has one, else the sparse
    solver where it handles the rules, else the board solver."""
    return Method.FORMULA if game.solved else solver_for(game.rules)


def solver_for(rules: Rules) -> Method:
    """The solver for rules without a formula: sparse where it handles them, else board."""
    from wythoff.core.games import sparse  # numpy and numba: only for games without formula

    return Method.SPARSE if sparse.supports(rules) else Method.BOARD


def strategy(game: GameRecord, size: int) -> Strategy:
    """The strategy that answers positions of ``game`` with both piles below ``size``
    (the formula's and the sparse solver's answer beyond it too).

    Raises ``solver.BoardTooLarge`` when the board method would need more memory
    than this machine has."""
    if method(game) is Method.FORMULA:
        return game.formula()
    return solved_strategy(game.rules, size)


def solved_strategy(rules: Rules, size: int) -> Strategy:
    """The solver's strategy for any rules (a game of one's own, say): the sparse
    solver's where it handles them, else the board's for piles below ``size``."""
    from wythoff.core.games import solver, sparse
    from wythoff.core.games.strategy import BoardStrategy

    if solver_for(rules) is Method.SPARSE:
        return sparse.SparseStrategy(rules)
    return BoardStrategy(rules, solver.solve(rules, size))


def p_positions(
    game: GameRecord, limit: int, brute_force: bool = False
) -> Iterator[tuple[int, int]]:
    """The P-positions of ``game`` with both coordinates at most ``limit`` (x <= y on
    a symmetric board, every ordered pair otherwise); ``brute_force``: from the rules
    alone, by the board solver, whatever the game's method.

    Raises ``solver.BoardTooLarge`` or ``sparse.TooDeep`` when the solver would need
    more memory than this machine has."""
    chosen = Method.BOARD if brute_force else method(game)
    if chosen is Method.FORMULA:
        return game.formula().p_positions(limit)
    return solved_p_positions(game.rules, limit, chosen)


def solved_p_positions(
    rules: Rules, limit: int, chosen: Method | None = None
) -> Iterator[tuple[int, int]]:
    """The P-positions of any rules (a game of one's own, say) with both coordinates
    at most ``limit``, by the sparse solver where it handles them, else the board
    (or by ``chosen``).  Raises as :func:`p_positions` does."""
    from wythoff.core.games import solver, sparse

    chosen = solver_for(rules) if chosen is None else chosen
    if chosen is Method.SPARSE:
        sparse.check_depth(limit + 1, sparse.memory_budget())
        return sparse.SparseStrategy(rules).p_positions(limit)
    board = solver.solve(rules, limit + 1)
    return iter(solver.p_positions(board, rules.symmetric))


def board_size_for(terms: int) -> int:
    """The board a game's board method needs to prove its first ``terms`` pairs: a
    power of two at least four times as large (the pairs' larger coordinate grows
    about twice as fast as their index)."""
    size = 64
    while size < 4 * terms + 64:
        size *= 2
    return size


def check_terms(game: GameRecord, terms: int) -> None:
    """Raise ``sparse.TooDeep`` or ``solver.BoardTooLarge`` if the first ``terms``
    pairs of ``game`` (a game without formula) need more memory than this machine has."""
    from wythoff.core.games import solver, sparse

    if method(game) is Method.SPARSE:
        sparse.check_depth(terms, sparse.memory_budget())
    else:
        solver.check_board_size(board_size_for(terms), game.rules)


def coordinate_terms(rules: Rules, index: int, start: int, count: int) -> np.ndarray:
    """Coordinate ``index`` (0: the smaller, 1: the larger) of the pairs ``start`` ..
    ``start + count - 1`` of a game without formula, its P-positions sorted by (c, d):
    proven pairs from the sparse solver at any depth, or from a board large enough."""
    import numpy as np

    from wythoff.core.games import sparse, unsolved

    if solver_for(rules) is Method.SPARSE:
        return sparse.solved(rules).coordinate(index, start, count)
    found = unsolved.pairs_at_least(rules, start + count)
    return np.array([pair[index] for pair in found[start : start + count]], np.int64)
