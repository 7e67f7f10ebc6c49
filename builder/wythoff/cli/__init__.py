"""The ``wythoff`` command: a thin layer over the catalog, the engine and the database.

Every command has ``--help`` with an example.  Bad input is reported as one line
on stderr (what is wrong and what is allowed) with exit status 2.

The standard library's argparse parses the words (it is quick to import:
``bench/startup.py`` times the start-up), from declarations of plain data: the
table of commands (:mod:`wythoff.cli.commands`), each command's parameters beside
its function (:mod:`wythoff.cli.spec`) and the options commands share
(:mod:`wythoff.cli.options`); :mod:`wythoff.cli.parser` checks the words first.
Each command imports only what it uses, inside its function: the start-up of
``wythoff terms`` or ``wythoff --help`` does not pay for the database layer,
pandas or numba.
"""

from __future__ import annotations

import atexit
import os
import signal
import sys

from wythoff.cli import commands
from wythoff.cli.common import UserError
from wythoff.cli.parser import Exit, UsageError, arrange, is_option, no_such


def main(argv: list[str] | None = None) -> int:
    """Run the command line; every failure of the user's input is one line and status 2.

    Integers of any length are printed and parsed here (the only place where the
    process-wide limit on integer digits is lifted, for the command's duration).
    """
    from wythoff.core import bigdigits

    try:
        with bigdigits.unlimited():
            dispatch(_arguments(argv))
    except Exit as done:
        return done.status
    except UserError as error:
        message = str(error).replace("\n", " ")
        print(f"wythoff: error: {message}", file=sys.stderr)
        return 2
    except Terminated:
        print("wythoff: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    except KeyboardInterrupt:
        print("wythoff: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _silence_stdout()  # the reader went away (e.g. `| head`): not an error
        return 0
    return 0


def dispatch(words: list[str]) -> None:
    """``wythoff [OPTIONS] COMMAND [ARGS]...``: the options before the command are
    the group's (``--help``, ``--version``); the command's own words are parsed by
    its parser, and its function is called with their values.  ``wythoff`` alone
    prints the help."""
    group = commands.group_parser()
    split = next((i for i, w in enumerate(words) if w == "--" or not is_option(w)), len(words))
    before, after = words[:split], words[split:]
    if after[:1] == ["--"]:  # `wythoff -- terms ...`: the command follows
        after = after[1:]
    if group.parse_args(arrange(before, [commands.VERSION], "wythoff", False)).version:
        print(commands.VERSION_LINE)
        return
    if not after:
        group.print_help()
        return
    name, rest = after[0], after[1:]
    if name not in commands.COMMANDS:
        raise UsageError(no_such(name, commands.COMMANDS, "command"), "wythoff")
    command = commands.load(name)
    parser = commands.parser_for(name, command)
    arranged = arrange(rest, command.options, parser.prog, bool(command.arguments))
    values = parser.parse_args(arranged)
    command.function(**vars(values))


QUICK_EXIT = frozenset({"position", "terms", "ppositions", "bfile", "oeis", "grundy"})
"""Commands that only print an answer: once it is out, the process ends without
tearing the interpreter down, which is slow once the compiled solver is loaded
(numba's code and types are freed one object at a time) and frees nothing the
system would not (``bench/startup.py`` times the commands)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (a service manager, ``kill``, a CI runner's time limit), raised in the
    main thread as Ctrl-C raises KeyboardInterrupt: the same clean-up runs, so a
    build stopped either way leaves the previous build as it was and no work behind."""


def _terminated(_signal: int, _frame: object) -> None:
    raise Terminated


def run() -> None:
    """The ``wythoff`` command: :func:`main`, then the exit.

    SIGTERM stops it as Ctrl-C does (:class:`Terminated`).  After a command of
    :data:`QUICK_EXIT` the output is flushed and the exit handlers run (coverage,
    logging), then ``os._exit`` skips the teardown."""
    signal.signal(signal.SIGTERM, _terminated)
    status = main()
    command = next(iter(_arguments(None)), "")
    if command not in QUICK_EXIT:
        sys.exit(status)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
    sys.stderr.flush()
    atexit._run_exitfuncs()
    os._exit(status)


def _arguments(argv: list[str] | None) -> list[str]:
    return list(sys.argv[1:] if argv is None else argv)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    run()
