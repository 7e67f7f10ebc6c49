"""``wythoff grundy``: the Sprague–Grundy value of a position of a normal-play game,
from a table of the game's values or, past it, the period of the position's row."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from wythoff.cli import formats, rules_help
from wythoff.cli.common import UserError, game_record, integer, rules_file
from wythoff.cli.options import FORMAT, rules_option
from wythoff.cli.spec import Argument, Option, command

if TYPE_CHECKING:
    from wythoff.core.games.grundy_value import Answer
    from wythoff.core.games.rules import Rules


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
    Option(
        "--y",
        metavar="FROM-TO",
        help="Instead of one value, those of row X for each y of FROM..TO (give GAME X).",
    ),
    FORMAT,
    epilog=rules_help.epilog,
)
def grundy(
    arguments: list[str], rules_path: str | None, periods: str | None, y: str | None, form: str
) -> None:
    """G is 0 exactly at the P-positions; a sum of games is a P-position when the
    XOR of its parts' values is 0.  Positions with both piles below 8192 are read
    in a table of the game's values; past it, the value follows the additive
    period of the row through the smaller pile, G(x, y + p) = G(x, y) + i after
    a preperiod: proven for every y where Landman's argument applies (every rook
    move, bounded moves into lower rows: Wythoff's and Fraenkel's games), else
    found and verified on a table (--format json says which, in "method").
    Blocking, choice and misère games have no such values.

    --y FROM-TO prints the values of row X for y = FROM..TO, each exact as
    above (text: one value a line).

    --periods A-B prints (under a line naming the columns), for each row x of A..B,
    its preperiod s, period p and
    increment i (G(x, y + p) = G(x, y) + i for every y >= s, least p and s) and
    the proof: the row's state at proof_start recurs proof_period later.  Proven
    rows are kept in the user's cache folder ($WYTHOFF_CACHE, else
    $XDG_CACHE_HOME/wythoff or ~/.cache/wythoff), each as soon as it is proven,
    so asking again is instant and a proof cut short keeps its rows.  A proof
    holds at most 512 MiB (or half the machine's memory if less): past it, the
    highest rows waiting are proven by a later sweep of the strip.

    Examples:
      wythoff grundy wythoff 3 5
      wythoff grundy fraenkel-a2 4 1000000000000 --format json
      wythoff grundy --rules mine.toml 10 20
      wythoff grundy wythoff 5 --y 0-20
      wythoff grundy wythoff --periods 0-127 --format csv
    """
    from wythoff import caches
    from wythoff.core.games import grundy

    with_rules = rules_path is not None
    if periods is not None:
        _periods(arguments, rules_path, periods, form)
        return
    if y is not None:
        _row(arguments, rules_path, y, form)
        return
    wanted = 2 if with_rules else 3
    if len(arguments) != wanted:
        shape = "X Y (with --rules)" if with_rules else "GAME X Y"
        raise UserError(f"give {shape}: {len(arguments)} arguments given")
    x, pile = (integer(word, "a pile") for word in arguments[-2:])
    name, rules = _game(arguments, rules_path)
    try:
        with proving_progress(x + 1) as progress:
            answer = caches.grundy_value(rules, x, pile, progress=progress)
    except grundy.GrundyUndefined as error:
        raise UserError(f"{name} has {error}") from None
    except ValueError as error:  # too large, off the board, or no period found
        raise UserError(f"{name} at ({x}, {pile}): {error}") from None
    _write(name, x, [(pile, answer)], form)


VALUE_COLUMNS = ("game", "x", "y", "value", "method")


def _game(arguments: list[str], rules_path: str | None) -> tuple[str, Rules]:
    """The name and rules of GAME (the first argument) or of the ``--rules`` file."""
    if rules_path is not None:
        return f"rules of {rules_path}", rules_file(rules_path)
    game = game_record(arguments[0])
    return game.id, game.rules


def _write(name: str, x: int, answers: Iterable[tuple[int, Answer]], form: str) -> None:
    """The values, one a line (text), or with the game, the position and the method."""
    if form == "text":
        for _, answer in answers:
            print(answer.value)
        return
    lines = ((name, x, y, answer.value, answer.method) for y, answer in answers)
    formats.write_rows(sys.stdout, VALUE_COLUMNS, lines, form)


def _span(text: str, option: str) -> tuple[int, int]:
    """``A-B`` (or ``A``) as ``(A, B)``, both at least 0, ``A <= B``."""
    first, _, last = text.partition("-")
    low = integer(first, f"{option}: the first")
    high = integer(last, f"{option}: the last") if last else low
    if high < low:
        raise UserError(f"{option} {text}: the last comes before the first")
    return low, high


def _row(arguments: list[str], rules_path: str | None, span: str, form: str) -> None:
    """The values of row X over ``--y FROM-TO``."""
    from wythoff import caches
    from wythoff.core.games import grundy

    wanted = 1 if rules_path is not None else 2
    if len(arguments) != wanted:
        shape = "X (with --rules)" if rules_path is not None else "GAME X"
        raise UserError(f"with --y give {shape}: {len(arguments)} arguments given")
    x = integer(arguments[-1], "X")
    low, high = _span(span, "--y")
    name, rules = _game(arguments, rules_path)
    try:
        with proving_progress(x + 1) as progress:
            found = list(caches.grundy_values(rules, x, low, high, progress=progress))
    except grundy.GrundyUndefined as error:
        raise UserError(f"{name} has {error}") from None
    except ValueError as error:  # too large, off the board, or no period found
        raise UserError(f"{name}, row {x}: {error}") from None
    _write(name, x, found, form)


ROW_COLUMNS = ("game", "row", "preperiod", "period", "increment", "proof_start", "proof_period")


def _periods(arguments: list[str], rules_path: str | None, periods: str, form: str) -> None:
    """The rows ``A..B`` of ``--periods A-B``, proven, one line each."""
    from wythoff.caches import rows as kept_rows
    from wythoff.core.games import certificate, grundy, grundy_rows

    wanted = 0 if rules_path is not None else 1
    if len(arguments) != wanted:
        shape = "no GAME (with --rules)" if wanted == 0 else "GAME"
        raise UserError(f"with --periods give {shape}: {len(arguments)} arguments given")
    low, high = _span(periods, "--periods")
    name, rules = _game(arguments, rules_path)
    reason = grundy.undefined_reason(rules)
    if reason is not None:
        raise UserError(f"no Sprague–Grundy values are computed for {name} ({reason})")
    if not certificate.applies(rules):
        raise UserError(
            f"{name}: the rows' proof needs every rook move and bounded moves into lower "
            "rows (no rook restriction, modular move or removed rectangle)"
        )
    try:
        with proving_progress(high + 1) as progress:
            rows = kept_rows.rows(rules, high + 1, progress=progress)
    except grundy_rows.StripTooLarge as error:
        raise UserError(f"{name}: {error}") from None
    formats.write_rows(
        sys.stdout,
        ROW_COLUMNS,
        ((name, *rows[x].numbers()) for x in range(low, high + 1)),  # a row at a time
        form,
        header=True,  # text too: seven numbers a line need their names
    )


@contextmanager
def proving_progress(rows: int) -> Iterator[Callable[[int, int], None]]:
    """A callback for the rows' prover that shows, on a terminal's stderr and once the
    work has taken a second, the rows proven of ``rows`` and the columns swept (and
    which sweep, when the rows waiting outgrew the memory and a sweep began again)."""
    from wythoff.pipeline.progress import Stages

    with Stages(quiet=False).bar("rows", total=rows, delay=1.0) as bar:
        sweep = [1, 0]  # the sweep, its columns so far

        def tell(proven: int, columns: int) -> None:
            if columns < sweep[1]:
                sweep[0] += 1
            sweep[1] = columns
            which = f"sweep {sweep[0]}: " if sweep[0] > 1 else ""
            bar.set_postfix_str(f"{which}{columns:,} columns swept", refresh=False)
            bar.update(proven - bar.n)

        yield tell
