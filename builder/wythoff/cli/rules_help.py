"""What each key of a rules file means, for ``--help`` and the README.

The meaning of every key is written once, in the example of
:mod:`wythoff.core.games.rules_file`'s docstring (one ``key = value  # meaning``
line per key); this module lifts that example out for the commands that read a
rules file, and the tests check that it names every key the reader accepts.
"""

from __future__ import annotations

HEADING = "A rules file (TOML; keys left out take the default: no such move, no twist)"


def example() -> str:
    """The documented example of a rules file: every key, each with its meaning."""
    from wythoff.core.games import rules_file

    doc = rules_file.__doc__ or ""
    block = doc.split("::\n", 1)[1].split("\n\n", 1)[0]
    lines = block.splitlines()
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return "\n".join(line[indent:] for line in lines if line.strip())


def epilog() -> str:
    """The end of the ``--help`` of a command with ``--rules FILE``: the keys of a
    rules file (made only when the help is shown: running the command does not
    import the reader of rules files for it)."""
    return HEADING + ":\n" + "\n".join("  " + line for line in example().splitlines())
