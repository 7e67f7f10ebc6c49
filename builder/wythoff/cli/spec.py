"""How a command is declared: its arguments and options, as plain data.

A command is a function with its parameters declared beside it::

    @command(
        Argument("sequence_id", "ID"),
        Option("--count", type=Integer(0), default=20, show_default=True, help="Terms."),
    )
    def terms(sequence_id: str, count: int) -> None:
        '''What ``--help`` says after the command's one-line summary.'''

The words mean what they mean to :mod:`argparse` (``dest``, ``action``, ``type``,
``metavar``...), which parses them (:mod:`wythoff.cli.parser`); the table of
commands (:mod:`wythoff.cli.commands`) gives each its name and summary.  Being
data, the declarations are also what the tests read to try every option.

Nothing here imports more than the standard library's cheapest modules: the
start-up of every command goes through this module.
"""

from __future__ import annotations

# typing.TYPE_CHECKING without importing typing (a cost of every start): type checkers
# read any constant of this name as true.  The modules every start imports do the same.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any


class Argument:
    """A positional argument: the function's parameter ``dest`` and its name in the
    usage line; ``nargs`` is ``"?"`` for an optional one, ``"*"`` for any number."""

    def __init__(self, dest: str, metavar: str, nargs: str | None = None) -> None:
        self.dest, self.metavar, self.nargs = dest, metavar, nargs

    def usage(self) -> str:
        return f"[{self.metavar}]" if self.nargs == "?" else self.metavar


class Option:
    """An option: its names (``--db``, ``--database``), the function's parameter it
    fills (``dest``, by default the first name without dashes) and argparse's
    ``action``: ``store`` (a value), ``store_true`` (a flag), ``append`` (a value,
    repeatable) or ``help``.

    ``type`` converts the value (see :mod:`wythoff.cli.values`, whose types also
    give the ``metavar`` and the range ``--help`` shows); ``show_default`` adds the
    default to the help text, as ``[default: 20]``.
    """

    def __init__(
        self,
        *names: str,
        help: str,
        dest: str | None = None,
        action: str = "store",
        type: Callable[[str], object] | None = None,
        default: object = None,
        choices: Sequence[str] | None = None,
        metavar: str | None = None,
        required: bool = False,
        show_default: bool = False,
    ) -> None:
        self.names = names
        self.help = help
        self.dest = dest or names[0].lstrip("-").replace("-", "_")
        self.action, self.type, self.default = action, type, default
        self.choices, self.metavar, self.required = choices, metavar, required
        self.show_default = show_default

    @property
    def flag(self) -> bool:
        """Whether the option stands alone, without a value."""
        return self.action in ("store_true", "help")

    def shown_metavar(self) -> str:
        """The value's name in ``--help``: the given one, the type's, or the choices."""
        if self.metavar is not None:
            return self.metavar
        if self.choices is not None:
            return "[" + "|".join(self.choices) + "]"
        return str(getattr(self.type, "metavar", "TEXT"))

    def help_text(self) -> str:
        """The help, with the default and the allowed range as ``--help`` shows them
        (``%`` doubled: argparse formats help texts with it)."""
        notes = [f"default: {self.default}"] if self.show_default else []
        bounds = getattr(self.type, "bounds", "")
        notes += [bounds] if bounds else []
        text = self.help + (f"  [{'; '.join(notes)}]" if notes else "")
        return text.replace("%", "%%")

    def settings(self) -> dict[str, Any]:
        """The keyword arguments of ``ArgumentParser.add_argument`` for this option."""
        if self.action == "help":
            return {"action": "help", "help": self.help_text()}
        settings: dict[str, Any] = {
            "dest": self.dest,
            "action": self.action,
            "help": self.help_text(),
        }
        if not self.flag:
            settings.update(
                type=self.type,
                default=self.default,
                choices=self.choices,
                metavar=self.shown_metavar(),
                required=self.required,
            )
        return settings


class Command:
    """A command's function and its declared parameters; see the module's docstring.

    ``epilog``, if given, returns text for the end of ``--help``, made only when
    the help is shown (it may import what running the command does not need)."""

    def __init__(
        self,
        function: Callable[..., None],
        params: Sequence[Argument | Option],
        epilog: Callable[[], str] | None = None,
    ) -> None:
        self.function = function
        self.arguments = [p for p in params if isinstance(p, Argument)]
        self.options = [p for p in params if isinstance(p, Option)]
        self.epilog = epilog

    def description(self) -> str:
        """The function's docstring, its indentation removed (``--help`` keeps its
        line breaks: the examples are laid out by hand)."""
        lines = (self.function.__doc__ or "").strip().splitlines()
        indents = [len(line) - len(line.lstrip()) for line in lines[1:] if line.strip()]
        cut = min(indents, default=0)
        return "\n".join([*lines[:1], *(line[cut:] for line in lines[1:])])


def command(
    *params: Argument | Option, epilog: Callable[[], str] | None = None
) -> Callable[[Callable[..., None]], Command]:
    """Declare the decorated function a command with these parameters."""

    def declare(function: Callable[..., None]) -> Command:
        return Command(function, params, epilog)

    return declare
