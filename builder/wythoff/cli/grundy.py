"""``wythoff grundy``: the Sprague–Grundy value of a position of a normal-play game,
from a table of the game's values or, past it, the period of the position's row."""

from __future__ import annotations

import sys

from wythoff.cli import formats, rules_help
from wythoff.cli.common import UserError, game_record, integer, rules_file
from wythoff.cli.options import FORMAT, rules_option
from wythoff.cli.spec import Argument, Option, command


@command(
    Argument("arguments", "GAME X Y", nargs="*"),
    rules_option(
        "A TOML file of one's own rules instead of GAME (then only X Y are given; its keys: below)."
    ),
    Option(
        "--periods",
        metavar="A-B",
        help="Instead of a value, rows A..B of the table, each proven additively periodic "
        "(Wythoff's, Fraenkel's, every rook move with bounded moves into lower rows).",
    ),
    FORMAT,
    epilog=rules_help.epilog,
)
def grundy(arguments: list[str], rules_path: str | None, periods: str | None, form: str) -> None:
    """G is 0 exactly at the P-positions; a sum of games is a P-position when the
    XOR of its parts' values is 0.  Positions with both piles below 8192 are read
    in a table of the game's values; past it, the value follows the additive
    period of the row through the smaller pile, G(x, y + p) = G(x, y) + i after
    a preperiod: proven for every y where Landman's argument applies (every rook
    move, bounded moves into lower rows: Wythoff's and Fraenkel's games), else
    found and verified on a table (--format json says which, in "method").
    Blocking, choice and misère games have no such values.

    --periods A-B prints (under a line naming the columns), for each row x of A..B,
    its preperiod s, period p and
    increment i (G(x, y + p) = G(x, y) + i for every y >= s, least p and s) and
    the proof: the row's state at proof_start recurs proof_period later.  Proven
    rows are kept in the user's cache folder ($WYTHOFF_CACHE, else
    $XDG_CACHE_HOME/wythoff or ~/.cache/wythoff), so asking again is instant.

    Examples:
      wythoff grundy wythoff 3 5
      wythoff grundy fraenkel-a2 4 1000000000000 --format json
      wythoff grundy --rules mine.toml 10 20
      wythoff grundy wythoff --periods 0-127 --format csv
    """
    from wythoff import caches
    from wythoff.core.games import grundy

    with_rules = rules_path is not None
    if periods is not None:
        _periods(arguments, rules_path, periods, form)
        return
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
        answer = caches.grundy_value(rules, x, y)
    except grundy.GrundyUndefined as error:
        raise UserError(f"{name} has {error}") from None
    except ValueError as error:  # too large, off the board, or no period found
        raise UserError(f"{name} at ({x}, {y}): {error}") from None
    if form == "text":
        print(answer.value)
        return
    columns = ("game", "x", "y", "value", "method")
    formats.write_rows(sys.stdout, columns, [(name, x, y, answer.value, answer.method)], form)


ROW_COLUMNS = ("game", "row", "preperiod", "period", "increment", "proof_start", "proof_period")


def _periods(arguments: list[str], rules_path: str | None, periods: str, form: str) -> None:
    """The rows ``A..B`` of ``--periods A-B``, proven, one line each."""
    from wythoff.caches import rows as kept_rows
    from wythoff.core.games import certificate, grundy, grundy_rows

    wanted = 0 if rules_path is not None else 1
    if len(arguments) != wanted:
        shape = "no GAME (with --rules)" if wanted == 0 else "GAME"
        raise UserError(f"with --periods give {shape}: {len(arguments)} arguments given")
    first, _, last = periods.partition("-")
    low = integer(first, "--periods: the first row")
    high = integer(last, "--periods: the last row") if last else low
    if high < low:
        raise UserError(f"--periods {periods}: the last row comes before the first")
    if rules_path is not None:
        name, rules = f"rules of {rules_path}", rules_file(rules_path)
    else:
        game = game_record(arguments[0])
        name, rules = game.id, game.rules
    reason = grundy.undefined_reason(rules)
    if reason is not None:
        raise UserError(f"no Sprague–Grundy values are computed for {name} ({reason})")
    if not certificate.applies(rules):
        raise UserError(
            f"{name}: the rows' proof needs every rook move and bounded moves into lower "
            "rows (no rook restriction, modular move or removed rectangle)"
        )
    try:
        rows = kept_rows.rows(rules, high + 1)
    except grundy_rows.StripTooLarge as error:
        raise UserError(f"{name}: {error}") from None
    formats.write_rows(
        sys.stdout,
        ROW_COLUMNS,
        (
            (name, r.x, r.preperiod, r.period, r.increment, r.proof_start, r.proof_period)
            for r in rows[low:]
        ),
        form,
        header=True,  # text too: seven numbers a line need their names
    )
