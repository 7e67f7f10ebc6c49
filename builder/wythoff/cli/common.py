"""What the ``wythoff`` commands share: the one-line user error, the
configuration and IDs resolved with a clear message, and games of one's own
read and solved."""

from __future__ import annotations

from wythoff.cli.values import parse_integer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from wythoff import config as configuration
    from wythoff import families
    from wythoff.core.games.rules import Rules


class UserError(Exception):
    """A problem with the user's input: one line on stderr, exit status 2."""


def integer(text: str, what: str, minimum: int | None = 0) -> int:
    """Parse an integer of any size, refusing anything else with a clear message."""
    try:
        return parse_integer(text, minimum)
    except ValueError as error:
        raise UserError(f"{what} {error}") from None


def load_config(config_file: str | None, **overrides: object) -> configuration.Config:
    """The configuration: shipped defaults, the user's file, then the command's options."""
    from wythoff import config as configuration

    try:
        return configuration.load(config_file, **overrides)
    except configuration.ConfigError as error:
        raise UserError(f"config: {error}") from None


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
