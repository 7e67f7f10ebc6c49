"""What each key of a rules file means, for ``--help`` and the README.

The meaning of every key is written once, in the example of
:mod:`wythoff.core.games.rules_file`'s docstring (one ``key = value  # meaning``
line per key); this module lifts that example out for the commands that read a
rules file, and the tests check that it names every key the reader accepts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

HEADING = "A rules file (TOML; keys left out take the default: no such move, no twist)"


def example() -> str:
    """The documented example of a rules file: every key, each with its meaning."""
    from wythoff.core.games import rules_file

    doc = rules_file.__doc__ or ""
    block = doc.split("::\n", 1)[1].split("\n\n", 1)[0]
    lines = block.splitlines()
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return "\n".join(line[indent:] for line in lines if line.strip())


class RulesCommand(click.Command):
    """A command with ``--rules FILE``: its help ends with the keys of a rules file
    (read only when the help is shown, so running the command does not pay for it)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        formatter.write_paragraph()
        formatter.write_text(HEADING + ":")
        with formatter.indentation():
            for line in example().splitlines():
                formatter.write(f"{'':>{formatter.current_indent}}{line}\n")


def rules_option(help_text: str) -> Callable[[F], F]:
    """The ``--rules FILE`` option (``rules_path``) of a command that reads a game of
    one's own; ``help_text`` says what the file replaces there."""
    return click.option("--rules", "rules_path", type=click.Path(dir_okay=False), help=help_text)
