"""The options several commands share, each declared once here."""

from __future__ import annotations

from wythoff.cli.formats import FORMATS
from wythoff.cli.spec import Option
from wythoff.cli.values import File

CONFIG_HELP = "A TOML file overriding the defaults (the keys of 'wythoff defaults')."


def config_option(help: str = CONFIG_HELP) -> Option:
    """``--config FILE`` (``config_file``); ``help`` names the keys that matter to the
    command when they are few."""
    return Option("--config", dest="config_file", type=File(), help=help)


CONFIG = config_option()

DATABASE = Option(
    "--db",
    "--database",
    dest="database",
    metavar="PATH|URL",
    help="A SQLite file or SQLAlchemy URL (default: ./data/wythoff.sqlite, or the configured one).",
)
"""The built database a reading command opens."""

QUIET = Option(
    "--quiet",
    action="store_true",
    help="No progress bars (they show only on a terminal anyway).",
)


def format_option(default: str = "text", text_header: bool = False) -> Option:
    """The data commands' ``--format`` (``form``); ``sql`` prints CSV unless told."""
    text = "with a header" if text_header else "no header"
    return Option(
        "--format",
        dest="form",
        choices=FORMATS,
        default=default,
        show_default=True,
        help=f"text (space-separated, {text}), csv (with a header) or json (JSON Lines).",
    )


FORMAT = format_option()


def rules_option(help: str) -> Option:
    """``--rules FILE`` (``rules_path``) of a command that reads a game of one's own;
    ``help`` says what the file replaces there.  Such a command's help ends with the
    keys of a rules file (:func:`wythoff.cli.rules_help.epilog`)."""
    return Option("--rules", dest="rules_path", type=File(), help=help)
