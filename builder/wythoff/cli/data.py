"""The data commands: ``terms``, ``position`` and ``ppositions``, answered from
the engine (formulas, or a solver for games without one), and ``ids``, from the
catalog; no database needed."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from wythoff.cli import formats, rules_help
from wythoff.cli.common import (
    UserError,
    game_record,
    integer,
    rules_file,
    sequence_record,
    solve_rules,
)
from wythoff.cli.options import FORMAT, format_option, rules_option
from wythoff.cli.spec import Argument, Option, command
from wythoff.cli.values import Integer
from wythoff.db import vocabulary

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np

    from wythoff import families
    from wythoff.core.games.rules import Rules
    from wythoff.core.games.strategy import Strategy

TERMS_CHUNK = 100_000
SMALL_COUNT = 1000
MAX_EXPONENTIAL_TERMS = 100_000


# ----------------------------------------------------------------------------- terms


@command(
    Argument("sequence_id", "ID"),
    Option("--start", type=Integer(None), help="First index n (default: the offset)."),
    Option("--count", type=Integer(0), default=20, show_default=True, help="Number of terms."),
    FORMAT,
)
def terms(sequence_id: str, start: int | None, count: int, form: str) -> None:
    """Terms are computed exactly by the engine, for any index, without the
    database, and streamed: any count runs in little memory.

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
    if record.growth == vocabulary.EXPONENTIAL and first + count > MAX_EXPONENTIAL_TERMS:
        raise UserError(
            f"{record.id} grows exponentially and is computed from its first term: ask for "
            f"indices below {MAX_EXPONENTIAL_TERMS} (--start + --count)"
        )
    if record.growth == vocabulary.TABLE:
        _check_table_terms(record, first + count)
    if record.growth == vocabulary.BOARD:
        _check_game_terms(record, first + count)
    out = sys.stdout
    if form == "csv":
        out.write("n,value\n")
    for chunk_start in range(first, first + count, TERMS_CHUNK):
        chunk = min(TERMS_CHUNK, first + count - chunk_start)
        # A few terms in pure integer arithmetic (no numpy to import); many in bulk.
        small = chunk <= SMALL_COUNT
        try:
            values: Sequence[int] | np.ndarray = (
                record.listed(chunk_start, chunk) if small else record.terms(chunk_start, chunk)
            )
        except ValueError as error:  # terms read off a table this machine cannot hold
            raise UserError(f"{record.id}: {error}") from None
        if form == "json":
            rows = ((chunk_start + i, int(v)) for i, v in enumerate(values))
            formats.write_rows(out, ("n", "value"), rows, "json")
        else:
            separator = "," if form == "csv" else " "
            out.write(
                "".join(f"{chunk_start + i}{separator}{int(v)}\n" for i, v in enumerate(values))
            )


def _check_table_terms(record: families.SequenceRecord, needed: int) -> None:
    """A line of a square table of Sprague-Grundy values needs the whole table up to
    the last index: refuse one larger than the command's tables, in one line."""
    from wythoff.core.games.grundy import TABLE_LIMIT

    if needed > TABLE_LIMIT:
        raise UserError(
            f"{record.id} is read off a square table of Sprague-Grundy values, whose side "
            f"grows with the index: ask for indices below {TABLE_LIMIT} (--start + --count)"
        )


def _check_game_terms(record: families.SequenceRecord, needed: int) -> None:
    """A game without formula computes its terms from its settled pairs: refuse a count
    that needs more memory than this machine has, in one line."""
    from wythoff import families
    from wythoff.core.games import engine, solver, sparse

    assert record.game is not None, "a board sequence belongs to a game"
    try:
        engine.check_terms(families.resolve_game(record.game), needed)
    except sparse.TooDeep as error:
        raise UserError(f"{record.id} is computed by the sparse solver: {error}") from None
    except solver.BoardTooLarge as error:
        raise UserError(f"{record.id} is computed by the solver and {error}") from None


# ----------------------------------------------------------------------------- position


@command(
    Argument("arguments", "GAME X Y", nargs="*"),
    Option("--json", dest="as_json", action="store_true", help="The same as --format json."),
    rules_option(
        "A TOML file of one's own rules instead of GAME (then only X Y are given; its keys: below)."
    ),
    FORMAT,
    epilog=rules_help.epilog,
)
def position(arguments: list[str], as_json: bool, rules_path: str | None, form: str) -> None:
    """Prints 'P', or 'N X2 Y2' for each winning move (a move to a P-position),
    one a line: the first line is the answer's first move ('move' in JSON), and
    'head -n 1' keeps one.  The moves are sorted largest first, comparing first
    the pile that is the smaller in (X, Y): (Y, X) gets the mirror images of the
    moves of (X, Y), in the same order.  Formula games answer at once for piles
    of any size; games without a formula are solved line by line up to the
    smaller pile, in a time that grows with it.  In a game with blocking, where the
    opponent may forbid some moves, the mover plays whichever winning move is
    left allowed.  In Larsson's m x p WN (larsson-choice-...), where the second
    player chooses a rectangle before the first move, the moves are those that
    win for some choice, and --json gives the moves for each ("responses").

    Examples:
      wythoff position connell-k3 14 48
      wythoff position wythoff 1234567 1997546
      wythoff position wythoff 1000000000000000 1618033988749894 | head -n 1
      wythoff position larsson-blocking-m2-p3 0 9 --format json
      wythoff position --rules mine.toml 3 5
    """
    from wythoff.core.games.strategy import ChoiceStrategy

    game_id, x, y = _position_arguments(arguments, rules_path is not None)
    if rules_path is not None:
        name = f"rules of {rules_path}"
        strategy = _rules_strategy(rules_file(rules_path), max(x, y) + 1)
        solved = False
    else:
        game = game_record(game_id)
        name, solved = game.id, game.solved
        strategy = _strategy(game, max(x, y) + 1)
    try:
        is_p = strategy.is_p(x, y)
        moves = strategy.every_winning_move(x, y)
    except ValueError as error:
        raise UserError(str(error)) from None
    status = "P" if is_p else "N"
    if form == "csv":
        columns = ("game", "x", "y", "status", "move_x", "move_y")
        cells: list[tuple[object, object]] = [*moves] or [("", "")]  # a P-position: no move
        rows = [(name, x, y, status, *move) for move in cells]
        formats.write_rows(sys.stdout, columns, rows, "csv")
    elif as_json or form == "json":
        import json

        answer = {
            "game": name,
            "x": x,
            "y": y,
            "status": status,
            "move": list(moves[0]) if moves else None,
            "moves": [list(m) for m in moves],
            "method": "formula" if solved else "solver",
        }
        if isinstance(strategy, ChoiceStrategy):
            answer["responses"] = [
                {
                    "rectangle": list(rules.rectangle),
                    "move": list(won[0]) if won else None,
                    "moves": [list(m) for m in won],
                }
                for rules, won in strategy.every_response(x, y)
            ]
        print(json.dumps(answer))
    elif moves:
        from wythoff.core.bigint import format_int

        print("".join(f"N {format_int(a)} {format_int(b)}\n" for a, b in moves), end="")
    else:
        print(status)  # "N" alone: misère play, no move left, the player to move has won


def _position_arguments(arguments: Sequence[str], with_rules: bool) -> tuple[str, int, int]:
    """``GAME X Y``, or ``X Y`` with --rules: the game's ID and the two piles."""
    wanted = 2 if with_rules else 3
    if len(arguments) != wanted:
        shape = "X Y (with --rules)" if with_rules else "GAME X Y"
        raise UserError(f"give {shape}: {len(arguments)} arguments given")
    x, y = (integer(word, "a pile") for word in arguments[-2:])
    return ("" if with_rules else arguments[0]), x, y


def _rules_strategy(rules: Rules, size: int) -> Strategy:
    from wythoff.core.games import engine, solver

    try:
        return engine.solved_strategy(rules, size)
    except solver.BoardTooLarge as error:
        raise UserError(f"these rules have no formula here and {error}") from None


def _strategy(game: families.GameRecord, size: int) -> Strategy:
    from wythoff.core.games import engine, solver

    try:
        return engine.strategy(game, size)
    except solver.BoardTooLarge as error:
        raise UserError(f"{game.id} has no formula and {error}") from None


# ----------------------------------------------------------------------------- ppositions


@command(
    Argument("game_id", "GAME", nargs="?"),
    Option("--max", dest="limit", type=Integer(0), required=True, help="Largest coordinate M."),
    Option(
        "--solver", dest="use_solver", action="store_true", help="Brute force, not the formula."
    ),
    rules_option("A TOML file of one's own rules, instead of GAME (its keys: below)."),
    FORMAT,
    epilog=rules_help.epilog,
)
def ppositions(
    game_id: str | None, limit: int, use_solver: bool, rules_path: str | None, form: str
) -> None:
    """Only x <= y is listed when the board is symmetric; otherwise (a board with
    a rectangle removed) every ordered pair.  --solver computes them from the
    rules alone with the game solver instead of the formula; games without a
    formula always use the solver, and so do --rules: a game of one's own.

    Examples:
      wythoff ppositions wythoff --max 20
      wythoff ppositions larsson-shifted-m2-p3-l1 --max 30 --solver
      wythoff ppositions connell-k2 --max 30 --format csv
      wythoff ppositions --rules mine.toml --max 100
    """
    from wythoff.core.games import engine, solver, sparse

    if (game_id is None) == (rules_path is None):
        raise UserError("give a GAME or --rules FILE (one of the two)")
    if rules_path is not None:
        formats.write_rows(sys.stdout, ("x", "y"), solve_rules(rules_file(rules_path), limit), form)
        return
    assert game_id is not None
    game = game_record(game_id)
    try:
        pairs = engine.p_positions(game, limit, brute_force=use_solver)
    except sparse.TooDeep as error:
        raise UserError(f"{game.id} is solved by the sparse solver: {error}") from None
    except solver.BoardTooLarge as error:
        raise UserError(str(error)) from None
    formats.write_rows(sys.stdout, ("x", "y"), pairs, form)


# ----------------------------------------------------------------------------- ids


@command(format_option(text_header=True))
def ids(form: str) -> None:
    """Each form's parameters in braces are non-negative integers; any values the
    family's theorems allow make an ID, not only those of a build.

    Examples:
      wythoff ids
      wythoff ids --format csv
    """
    from wythoff import families

    rows = []
    for key, family in families.FAMILIES.items():
        for kind in ("sequence", "game"):
            shown = getattr(family, f"{kind}_examples")
            for id_form in getattr(family, f"{kind}_ids").values():
                example = next((e for e in shown if id_form.match(e) is not None), "")
                rows.append((key, kind, id_form.form, example))
    columns = ["family", "kind", "form", "example"]
    formats.write_rows(sys.stdout, columns, rows, form, header=form != "json")
