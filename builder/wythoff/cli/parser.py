"""The words of a command line, parsed by argparse, every mistake said in one line.

Left to itself, argparse takes the word after an option that needs a value as
that value even when it is an option (``wythoff site --output --no-such-flag``
would build into a folder of that name), guesses whether a word starting with a
dash is an option or a negative number, prints its usage and the error on two
lines and ends the process.  So the words are read once first, against the
command's declared options (:func:`arrange`): an option it does not have is named,
with the close matches; an option where a value belongs is refused; a word is an
option when it starts with a dash that no digit follows (``--start -5`` gives
-5); ``--`` ends the options.  argparse then gets the words with no guess left to
make, each value joined to its option by ``=`` and the arguments after ``--``,
and does the rest: types, ranges, choices, counts, ``--help``.  Its errors are
raised as :class:`UsageError` and its exits as :class:`Exit`, for
:func:`wythoff.cli.main` to end with.
"""

from __future__ import annotations

import argparse

from wythoff.cli.common import UserError
from wythoff.cli.spec import Option

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import NoReturn

    from wythoff.cli.spec import Argument

HELP = Option("-h", "--help", action="help", help="Show this message and exit.")


class UsageError(UserError):
    """Words the command cannot take: one line, naming the help to read."""

    def __init__(self, message: str, prog: str) -> None:
        super().__init__(f"{message} (see '{prog} --help')")


class Exit(Exception):
    """argparse is done (``--help`` printed): end with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _unshown(prog: str) -> argparse.HelpFormatter:
    """The formatter argparse makes for each argument added, to check it: its text
    is never shown, so its width needs no look at the terminal (which would import
    shutil at every start)."""
    return argparse.RawDescriptionHelpFormatter(prog, width=80)


class Parser(argparse.ArgumentParser):
    """argparse's parser, raising instead of printing and exiting; the description
    and epilog keep their line breaks, and the epilog is made when first shown."""

    def __init__(
        self, prog: str, usage: str, description: str, epilog: Callable[[], str] | None
    ) -> None:
        super().__init__(
            prog=prog,
            usage=usage,
            description=description,
            formatter_class=_unshown,
            add_help=False,
            allow_abbrev=False,
        )
        self.make_epilog = epilog

    def error(self, message: str) -> NoReturn:
        raise UsageError(message, self.prog)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise Exit(status)

    def format_help(self) -> str:
        self.formatter_class = argparse.RawDescriptionHelpFormatter  # the terminal's width
        if self.make_epilog is not None:
            self.epilog, self.make_epilog = self.make_epilog(), None
        return super().format_help()


def build(
    prog: str,
    usage: str,
    summary: str,
    description: str,
    arguments: Sequence[Argument],
    options: Sequence[Option],
    epilog: Callable[[], str] | None = None,
) -> Parser:
    """The parser of a command, or of ``wythoff`` itself: ``usage`` is what its usage
    line shows after ``[OPTIONS]``, and its help shows the summary, the description
    and every option, ``-h/--help`` last."""
    parser = Parser(
        prog, f"%(prog)s [OPTIONS] {usage}".rstrip(), f"{summary}\n\n{description}", epilog
    )
    for argument in arguments:  # described in the text, not listed
        parser.add_argument(
            argument.dest, metavar=argument.metavar, nargs=argument.nargs, help=argparse.SUPPRESS
        )
    listed = parser.add_argument_group("Options")
    for option in (*options, HELP):
        listed.add_argument(*option.names, **option.settings())
    return parser


def is_option(word: str) -> bool:
    """Whether ``word`` reads as an option: a dash, not alone, not a number's sign."""
    return word.startswith("-") and word != "-" and not word[1:2].isdigit()


def arrange(
    words: Iterable[str], options: Sequence[Option], prog: str, arguments: bool = True
) -> list[str]:
    """The words checked against ``options`` (``-h/--help`` besides), for argparse:
    the options first, each value joined to its option, then ``--`` and the arguments
    (refused here if the command takes none: ``arguments`` false).

    >>> start = Option("--start", help="First index.")
    >>> arrange(["wythoff-a", "--start", "-5", "--help"], [start], "wythoff terms")
    ['--start=-5', '--help', '--', 'wythoff-a']
    >>> try:
    ...     arrange(["--start", "--count"], [start], "wythoff terms")
    ... except UsageError as error:
    ...     print(error)
    option --start needs a value, not the option '--count' (see 'wythoff terms --help')
    """
    known = {name: option for option in (*options, HELP) for name in option.names}
    given: list[str] = []
    positional: list[str] = []
    remaining = iter(words)
    for word in remaining:
        if word == "--":  # what follows are arguments, whatever they look like
            positional.extend(remaining)
            break
        if not is_option(word):
            positional.append(word)
            continue
        name, inline, value = word.partition("=")
        option = known.get(name)
        if option is None:
            raise UsageError(no_such(name, known, "option"), prog)
        if option.flag:
            if inline:
                raise UsageError(f"Option '{name}' does not take a value.", prog)
            given.append(name)
            continue
        if not inline:
            following = next(remaining, None)
            if following is None:
                raise UsageError(f"Option '{name}' requires an argument.", prog)
            if is_option(following):
                message = f"option {name} needs a value, not the option {following!r}"
                raise UsageError(message, prog)
            value = following
        given.append(f"{name}={value}")
    if positional and not arguments:
        raise UsageError(f"unrecognized arguments: {' '.join(positional)}", prog)
    return given + (["--", *positional] if positional else [])


def no_such(name: str, known: Iterable[str], kind: str) -> str:
    """``No such option '--coun'. Did you mean '--count'?``: the close matches, if any."""
    import difflib  # only for the error

    close = sorted(difflib.get_close_matches(name, sorted(known)))
    message = f"No such {kind} {name!r}."
    if len(close) == 1:
        return f"{message} Did you mean {close[0]!r}?"
    if close:
        return f"{message} (Did you mean one of: {', '.join(map(repr, close))}?)"
    return message
