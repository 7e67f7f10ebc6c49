"""``wythoff grundy``: the Sprague–Grundy value of a position of a normal-play game,
from a table of the game's values or, past it, the period of the position's row."""

from __future__ import annotations

import sys

from wythoff.cli import formats, rules_help
from wythoff.cli.common import UserError, game_record, integer, rules_file
from wythoff.cli.options import FORMAT, rules_option
from wythoff.cli.spec import Argument, command


@command(
    Argument("arguments", "GAME X Y", nargs="*"),
    rules_option(
        "A TOML file of one's own rules instead of GAME (then only X Y are given; its keys: below)."
    ),
    FORMAT,
    epilog=rules_help.epilog,
)
def grundy(arguments: list[str], rules_path: str | None, form: str) -> None:
    """G is 0 exactly at the P-positions; a sum of games is a P-position when the
    XOR of its parts' values is 0.  Positions with both piles below 8192 are read
    in a table of the game's values; past it, the value follows the additive
    period of the row through the smaller pile, G(x, y + p) = G(x, y) + i after
    a preperiod: proven for every y where Landman's argument applies (every rook
    move, bounded moves into lower rows: Wythoff's and Fraenkel's games), else
    found and verified on a table (--format json says which, in "method").
    Blocking, choice and misère games have no such values.

    Examples:
      wythoff grundy wythoff 3 5
      wythoff grundy fraenkel-a2 4 1000000000000 --format json
      wythoff grundy --rules mine.toml 10 20
    """
    from wythoff.core.games import grundy, grundy_value

    with_rules = rules_path is not None
    wanted = 2 if with_rules else 3
    if len(arguments) != wanted:
        shape = "X Y (with --rules)" if with_rules else "GAME X Y"
        raise UserError(f"give {shape}: {len(arguments)} arguments given")
    x, y = (integer(word, "a pile") for word in arguments[-2:])
    if rules_path is not None:
        name, rules = f"rules of {rules_path}", rules_file(rules_path)
    else:
        game = game_record(arguments[0])
        name, rules = game.id, game.rules
    try:
        answer = grundy_value.value(rules, x, y)
    except grundy.GrundyUndefined as error:
        raise UserError(f"{name} has {error}") from None
    except ValueError as error:  # too large, off the board, or no period found
        raise UserError(f"{name} at ({x}, {y}): {error}") from None
    if form == "text":
        print(answer.value)
        return
    columns = ("game", "x", "y", "value", "method")
    formats.write_rows(sys.stdout, columns, [(name, x, y, answer.value, answer.method)], form)
