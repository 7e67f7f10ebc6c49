"""``wythoff grundy``: the Sprague–Grundy value of a position of a normal-play game,
from a table of the game's values or, past it, the period of the position's row."""

from __future__ import annotations

import sys

import click

from wythoff.cli import formats
from wythoff.cli.common import FORMAT_OPTION, UserError, game_record, integer, rules_file
from wythoff.cli.rules_help import RulesCommand, rules_option


@click.command(cls=RulesCommand, context_settings={"ignore_unknown_options": True})
@click.argument("arguments", nargs=-1, metavar="GAME X Y")
@rules_option(
    "A TOML file of one's own rules instead of GAME (then only X Y are given; its keys: below)."
)
@FORMAT_OPTION
def grundy(arguments: tuple[str, ...], rules_path: str | None, form: str) -> None:
    """Print the Sprague–Grundy value G(X, Y) of a normal-play game.

    G is 0 exactly at the P-positions; a sum of games is a P-position when the
    XOR of its parts' values is 0.  Positions with both piles below 8192 are read
    in a table of the game's values; past it, the value follows the additive
    period of the row through the smaller pile, G(x, y + p) = G(x, y) + i after
    a preperiod, found on a table and verified on it (--format json says which,
    in "method").  Blocking, choice and misère games have no such values.

    \b
    Examples:
      wythoff grundy wythoff 3 5
      wythoff grundy fraenkel-a2 4 1000000000000 --format json
      wythoff grundy --rules mine.toml 10 20
    """
    from wythoff.core.games import grundy as values

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
        answer = values.value(rules, x, y)
    except values.GrundyUndefined as error:
        raise UserError(f"{name} has {error}") from None
    except ValueError as error:  # too large, off the board, or no period found
        raise UserError(f"{name} at ({x}, {y}): {error}") from None
    if form == "text":
        print(answer.value)
        return
    columns = ("game", "x", "y", "value", "method")
    formats.write_rows(sys.stdout, columns, [(name, x, y, answer.value, answer.method)], form)
