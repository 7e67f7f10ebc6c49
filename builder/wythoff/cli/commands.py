"""The table of the ``wythoff`` commands: each one's name, where it is defined and
its one-line summary, and the parsers made from them.

A command's module is imported only when the command runs or shows its help:
``wythoff terms`` pays for its own module, not for every command's.  The
summaries are here, not in the modules, so that ``wythoff --help`` lists every
command without importing any of them.
"""

from __future__ import annotations

import importlib

from wythoff import __version__
from wythoff.cli import parser
from wythoff.cli.spec import Option

TYPE_CHECKING = False
if TYPE_CHECKING:
    from wythoff.cli.spec import Command

COMMANDS: dict[str, tuple[str, str]] = {
    "bfile": (
        "wythoff.cli.oeis:bfile",
        "Print a b-file of a sequence in the numbering of an OEIS entry it agrees with.",
    ),
    "build": (
        "wythoff.cli.build:build",
        "Build the database and the CSV files (compute, verify, load, export).",
    ),
    "defaults": (
        "wythoff.cli.build:defaults",
        "Print the default configuration, to copy and edit for 'build --config'.",
    ),
    "grundy": (
        "wythoff.cli.grundy:grundy",
        "Print the Sprague–Grundy value G(X, Y) of a normal-play game.",
    ),
    "identify": (
        "wythoff.cli.identify:identify",
        "Say which stored sequences, Beatty sequences and games some numbers are.",
    ),
    "ids": (
        "wythoff.cli.data:ids",
        "List the forms of the sequences' and games' IDs, family by family.",
    ),
    "oeis": (
        "wythoff.cli.oeis:oeis",
        "Print a sequence's entry in OEIS's internal format (%I, %S, %N, ... %A).",
    ),
    "position": (
        "wythoff.cli.data:position",
        "Say whether (X, Y) is a P-position, and give every winning move if not.",
    ),
    "ppositions": (
        "wythoff.cli.data:ppositions",
        "Print the P-positions with both coordinates at most M, 'x y' a line.",
    ),
    "serve": (
        "wythoff.cli.website:serve",
        "Serve the built site locally, as a static host would (with HTTP Range support).",
    ),
    "site": (
        "wythoff.cli.website:site",
        "Render the pages from the built database and build the static site.",
    ),
    "sql": (
        "wythoff.cli.sql:sql",
        "Run a read-only SQL query on the built database; CSV on stdout.",
    ),
    "terms": (
        "wythoff.cli.data:terms",
        "Print terms of a sequence as 'n value' lines (b-file format).",
    ),
    "verify": (
        "wythoff.cli.verify:verify",
        "Check every fact of a built database (and a site's downloads) from its definition.",
    ),
}
"""``{name: ("module:attribute", summary)}``, in the order ``wythoff --help`` lists them."""

SUMMARY = "The reference database of Wythoff-game sequences."
DESCRIPTION = """\
Sequences and games are named by stable IDs: 'wythoff ids' lists the forms
of each family's IDs, with an example of each.

Examples:
  wythoff terms wythoff-a --count 10
  wythoff position connell-k3 14 48
  wythoff ppositions fraenkel-a2 --max 40"""
"""What ``wythoff --help`` says before its options and the commands."""

VERSION = Option("--version", action="store_true", help="Show the version and exit.")
VERSION_LINE = f"wythoff, version {__version__}"


def load(name: str) -> Command:
    """The command ``name`` of the table, its module imported."""
    module, attribute = COMMANDS[name][0].split(":")
    found: Command = getattr(importlib.import_module(module), attribute)
    return found


def every_command() -> dict[str, Command]:
    """Every command by name, all imported (for the tests, which try every option)."""
    return {name: load(name) for name in COMMANDS}


def parser_for(name: str, command: Command) -> parser.Parser:
    """The parser of the command ``name``."""
    return parser.build(
        f"wythoff {name}",
        " ".join(argument.usage() for argument in command.arguments),
        COMMANDS[name][1],
        command.description(),
        command.arguments,
        command.options,
        command.epilog,
    )


def group_parser() -> parser.Parser:
    """The parser of the words before the command: ``--help`` (which lists the
    commands) and ``--version``."""
    return parser.build(
        "wythoff", "COMMAND [ARGS]...", SUMMARY, DESCRIPTION, [], [VERSION], listing
    )


def listing() -> str:
    """The commands with their summaries, wrapped to the terminal as argparse wraps."""
    import shutil
    import textwrap

    width = max(shutil.get_terminal_size().columns - 2, 40)
    indent = 2 + max(map(len, COMMANDS)) + 2
    lines = ["Commands:"]
    for name, (_, summary) in COMMANDS.items():
        wrapped = textwrap.wrap(summary, width - indent) or [""]
        lines.append(f"  {name:<{indent - 2}}{wrapped[0]}")
        lines += [" " * indent + line for line in wrapped[1:]]
    return "\n".join(lines)
