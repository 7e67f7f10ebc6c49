"""The data commands: ``terms``, ``position`` and ``ppositions``, answered from
the engine (formulas, or a solver for games without one), no database needed."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

from wythoff import output
from wythoff.cli_common import (
    FORMAT_OPTION,
    BigInt,
    UserError,
    game_record,
    sequence_record,
)

if TYPE_CHECKING:
    from wythoff import catalog
    from wythoff.core.games.strategy import Strategy

TERMS_CHUNK = 100_000
SMALL_COUNT = 1000
MAX_EXPONENTIAL_TERMS = 100_000


# ----------------------------------------------------------------------------- terms


@click.command()
@click.argument("sequence_id", metavar="ID")
@click.option("--start", type=BigInt(None), help="First index n (default: the offset).")
@click.option("--count", type=BigInt(0), default=20, show_default=True, help="Number of terms.")
@FORMAT_OPTION
def terms(sequence_id: str, start: int | None, count: int, form: str) -> None:
    """Print terms of a sequence as 'n value' lines (b-file format).

    Terms are computed exactly by the engine, for any index, without the
    database, and streamed: any count runs in little memory.

    \b
    Examples:
      wythoff terms wythoff-a --count 5
      wythoff terms connell-k3-u1 --start 1000000000000 --count 3
      wythoff terms larsson-modulo-m2-p2-l0-c --count 16
      wythoff terms fraenkel-a2-a --count 3 --format json
    """
    record = sequence_record(sequence_id)
    first = record.offset if start is None else start
    if first < record.offset:
        raise UserError(
            f"--start must be at least the offset of {record.id}, which is {record.offset}"
        )
    if record.growth == "exponential" and first + count > MAX_EXPONENTIAL_TERMS:
        raise UserError(
            f"{record.id} grows exponentially and is computed from its first term: ask for "
            f"indices below {MAX_EXPONENTIAL_TERMS} (--start + --count)"
        )
    if record.growth == "board" and _sparse_game(record.game):
        _check_sparse_terms(record, first + count)
    elif record.growth == "board":
        _check_board_terms(record, first + count)
    out = sys.stdout
    if form == "csv":
        out.write("n,value\n")
    for chunk_start in range(first, first + count, TERMS_CHUNK):
        chunk = min(TERMS_CHUNK, first + count - chunk_start)
        # A few terms in pure integer arithmetic (no numpy to import); many in bulk.
        small = chunk <= SMALL_COUNT
        values = record.listed(chunk_start, chunk) if small else record.terms(chunk_start, chunk)
        if form == "json":
            rows = ((chunk_start + i, int(v)) for i, v in enumerate(values))
            output.write_rows(out, ("n", "value"), rows, "json")
        else:
            separator = "," if form == "csv" else " "
            out.write(
                "".join(f"{chunk_start + i}{separator}{int(v)}\n" for i, v in enumerate(values))
            )


def _check_sparse_terms(record: catalog.SequenceRecord, needed: int) -> None:
    """Games without a formula keep their settled pairs in memory (about 40 bytes each)."""
    from wythoff.core.games import sparse

    try:
        sparse.check_depth(needed, sparse.memory_budget())
    except sparse.TooDeep as error:
        raise UserError(f"{record.id} is computed by the sparse solver: {error}") from None


def _check_board_terms(record: catalog.SequenceRecord, needed: int) -> None:
    """Solver sequences need a board roughly proportional to the number of terms."""
    from wythoff import catalog
    from wythoff.core.games import solver

    assert record.game is not None, "a board sequence belongs to a game"
    game = catalog.resolve_game(record.game)
    size = 64
    while size < 4 * needed + 64:
        size *= 2
    try:
        solver.check_board_size(size, game.rules)
    except solver.BoardTooLarge as error:
        raise UserError(f"{record.id} is computed by the solver and {error}") from None


# ----------------------------------------------------------------------------- position


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("game_id", metavar="GAME")
@click.argument("x", type=BigInt(0))
@click.argument("y", type=BigInt(0))
@click.option("--json", "as_json", is_flag=True, help="The same as --format json.")
@FORMAT_OPTION
def position(game_id: str, x: int, y: int, as_json: bool, form: str) -> None:
    """Say whether (X, Y) is a P-position, and give a winning move if not.

    Prints 'P', or 'N X2 Y2' (a move to a P-position).  Formula games answer
    at once for piles of any size; games without a formula are solved line
    by line up to the smaller pile (10^6 in under a second).  In a game with
    blocking, where the opponent may forbid some moves, --json lists every
    move the winner may need.  In Larsson's m x p WN (larsson-choice-...),
    where the second player chooses a rectangle before the first move, the
    line gives the move for the first choice and --json gives one for each
    ("responses").

    \b
    Examples:
      wythoff position connell-k3 14 48
      wythoff position wythoff 1000000000000000 1618033988749894
      wythoff position larsson-blocking-m2-p3 0 9 --format json
    """
    from wythoff.core.games.strategy import ChoiceStrategy

    game = game_record(game_id)
    strategy = _strategy(game, max(x, y) + 1)
    try:
        is_p = strategy.is_p(x, y)
        moves = strategy.winning_moves(x, y)
    except ValueError as error:
        raise UserError(str(error)) from None
    status = "P" if is_p else "N"
    if form == "csv":
        move = moves[0] if moves else ("", "")
        columns = ("game", "x", "y", "status", "move_x", "move_y")
        output.write_rows(sys.stdout, columns, [(game.id, x, y, status, *move)], "csv")
    elif as_json or form == "json":
        import json

        answer = {
            "game": game.id,
            "x": x,
            "y": y,
            "status": status,
            "move": list(moves[0]) if moves else None,
            "moves": [list(m) for m in moves],
            "method": "formula" if game.solved else "solver",
        }
        if isinstance(strategy, ChoiceStrategy):
            answer["responses"] = [
                {"rectangle": list(rules.rectangle), "move": list(move)}
                for rules, move in strategy.responses(x, y)
            ]
        print(json.dumps(answer))
    elif moves:
        from wythoff.core.bigint import format_int

        print(f"N {format_int(moves[0][0])} {format_int(moves[0][1])}")
    else:
        print(status)  # "N" alone: misère play, no move left, the player to move has won


def _sparse_game(game_id: str | None) -> bool:
    """Whether a game without a formula is solved by the sparse solver (any depth)."""
    from wythoff import catalog
    from wythoff.core.games import sparse

    return game_id is not None and sparse.supports(catalog.resolve_game(game_id).rules)


def _strategy(game: catalog.GameRecord, size: int) -> Strategy:
    from wythoff.core.games import solver, sparse
    from wythoff.core.games.strategy import BoardStrategy

    if game.solved:
        return game.formula()
    if sparse.supports(game.rules):
        return sparse.SparseStrategy(game.rules)
    try:
        return BoardStrategy(game.rules, solver.solve(game.rules, size))
    except solver.BoardTooLarge as error:
        raise UserError(f"{game.id} has no formula and {error}") from None


# ----------------------------------------------------------------------------- ppositions


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("--max", "limit", type=BigInt(0), required=True, help="Largest coordinate M.")
@click.option("--solver", "use_solver", is_flag=True, help="Brute force, not the formula.")
@FORMAT_OPTION
def ppositions(game_id: str, limit: int, use_solver: bool, form: str) -> None:
    """Print the P-positions with both coordinates at most M, 'x y' a line.

    Only x <= y is listed when the board is symmetric; otherwise (a board with
    a rectangle removed) every ordered pair.  --solver computes them from the
    rules alone with the game solver instead of the formula; games without a
    formula always use the solver.

    \b
    Examples:
      wythoff ppositions wythoff --max 20
      wythoff ppositions larsson-shifted-m2-p3-l1 --max 30 --solver
      wythoff ppositions connell-k2 --max 30 --format csv
    """
    from wythoff.core.games import solver

    game = game_record(game_id)
    if not use_solver and not game.solved and _sparse_game(game.id):
        from wythoff.core.games import sparse

        try:
            sparse.check_depth(limit + 1, sparse.memory_budget())
        except sparse.TooDeep as error:
            raise UserError(f"{game.id} is solved by the sparse solver: {error}") from None
        pairs: Iterator[tuple[int, int]] = sparse.SparseStrategy(game.rules).p_positions(limit)
    elif use_solver or not game.solved:
        try:
            board = solver.solve(game.rules, limit + 1)
        except solver.BoardTooLarge as error:
            raise UserError(str(error)) from None
        pairs = iter(solver.p_positions(board, game.rules.symmetric))
    else:
        pairs = game.formula().p_positions(limit)
    output.write_rows(sys.stdout, ("x", "y"), pairs, form)
