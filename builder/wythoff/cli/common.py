"""What the ``wythoff`` commands share: the one-line user error, integers of any
size on the command line, the ``--format`` option, and IDs resolved with a clear
message."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from wythoff.cli import formats

if TYPE_CHECKING:
    from wythoff import families
    from wythoff.core.games.rules import Rules


class UserError(click.ClickException):
    """A problem with the user's input: one line, exit status 2."""

    exit_code = 2


def integer(text: str, what: str, minimum: int | None = 0) -> int:
    """Parse an integer of any size, refusing anything else with a clear message."""
    from wythoff.core import bigint

    try:
        value = bigint.parse(text.strip().replace("_", ""))
    except ValueError:
        raise UserError(f"{what} must be an integer, not {text!r}") from None
    if minimum is not None and value < minimum:
        raise UserError(f"{what} must be at least {minimum} (got {value})")
    return value


F = TypeVar("F", bound=Callable[..., Any])
if TYPE_CHECKING:  # generic from click 8.2 on; the running code needs no parameters
    _IntegerParam = click.ParamType[int, Any]
else:
    _IntegerParam = click.ParamType


def format_option(default: str = "text", text_header: bool = False) -> Callable[[F], F]:
    """The data commands' ``--format`` option (``sql`` prints CSV unless told)."""
    text = (
        "text (space-separated, with a header)"
        if text_header
        else ("text (space-separated, no header)")
    )
    return click.option(
        "--format",
        "form",
        type=click.Choice(formats.FORMATS),
        default=default,
        show_default=True,
        help=f"{text}, csv (with a header) or json (JSON Lines).",
    )


FORMAT_OPTION = format_option()

DATABASE_OPTION = click.option(
    "--db",
    "--database",
    "database",
    metavar="PATH|URL",
    help="A SQLite file or SQLAlchemy URL (default: ./data/wythoff.sqlite, or the configured one).",
)
"""The built database a reading command opens."""

CONFIG_OPTION = click.option(
    "--config",
    "config_file",
    type=click.Path(dir_okay=False),
    help="A TOML file overriding the defaults (the keys of 'wythoff defaults').",
)


class BigInt(_IntegerParam):
    """An integer of any size (click's INT is fine too, but say what is wrong the same way)."""

    name = "integer"

    def __init__(self, minimum: int | None = 0) -> None:
        self.minimum = minimum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        label = param.human_readable_name if param else "value"
        return integer(value, label, self.minimum)


def sequence_record(sequence_id: str) -> families.SequenceRecord:
    from wythoff import families

    try:
        return families.resolve_sequence(sequence_id)
    except families.CatalogError as error:
        raise UserError(str(error)) from None


def game_record(game_id: str) -> families.GameRecord:
    from wythoff import families

    try:
        return families.resolve_game(game_id)
    except families.CatalogError as error:
        raise UserError(str(error)) from None


def rules_file(path: str) -> Rules:
    """The rules a TOML file describes (see :mod:`wythoff.core.games.rules_file`), or
    one line saying what is wrong with it."""
    from pathlib import Path

    from wythoff.core.games.rules_file import RulesError, read_rules

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise UserError(f"rules file {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UserError(f"rules file {path}: not UTF-8 text") from None
    try:
        return read_rules(text)
    except RulesError as error:
        raise UserError(f"rules file {path}: {error}") from None


def solve_rules(rules: Rules, limit: int) -> list[tuple[int, int]]:
    """The P-positions of one's own rules up to ``limit``, or one line saying why the
    solvers cannot give them (too large a board for this machine, with its size)."""
    from wythoff.core.games import engine, solver, sparse

    try:
        return list(engine.solved_p_positions(rules, limit))
    except (sparse.TooDeep, solver.BoardTooLarge) as error:
        raise UserError(f"these rules up to {limit}: {error}") from None
