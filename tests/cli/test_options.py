"""Every option that takes a value refuses an option in its place, and every
command refuses an option it does not have: one line, status 2, nothing written.

The commands and options come from the command tree itself, so a new one is
tested without a line here."""

from __future__ import annotations

import click
import pytest
from wythoff.cli import cli, main

COMMANDS = cli.every_command()
WITH_VALUES = [
    (name, option.opts[0])
    for name, command in COMMANDS.items()
    for option in command.params
    if isinstance(option, click.Option) and not option.is_flag and not option.count
]
# What each command needs besides the option under test, so that only the option is wrong.
ARGUMENTS = {
    "terms": ["wythoff-a"],
    "position": ["wythoff", "3", "5"],
    "ppositions": ["wythoff"],
    "identify": ["1", "3", "4"],
    "oeis": ["wythoff-a"],
    "bfile": ["wythoff-a"],
    "sql": ["SELECT 1"],
}


def refused(argv: list[str], tmp_path, monkeypatch, capsys) -> str:
    """Run ``wythoff argv`` in an empty folder; the one line it printed on stderr."""
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    [line] = err.splitlines()
    assert line.startswith("wythoff: error:")
    assert list(tmp_path.iterdir()) == [], "the command wrote something"
    return line


def test_every_command_with_options_is_covered():
    assert {name for name, _ in WITH_VALUES} >= {"build", "site", "terms", "ppositions", "sql"}
    assert set(ARGUMENTS) <= set(COMMANDS)


@pytest.mark.parametrize(("name", "option"), WITH_VALUES, ids="{0[0]} {0[1]}".format)
def test_an_option_as_a_value_is_refused(name, option, tmp_path, monkeypatch, capsys):
    argv = [name, *ARGUMENTS.get(name, []), option, "--no-such-flag"]
    line = refused(argv, tmp_path, monkeypatch, capsys)
    assert f"option {option} needs a value, not the option '--no-such-flag'" in line


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_an_unknown_option_is_named(name, tmp_path, monkeypatch, capsys):
    line = refused(
        [name, *ARGUMENTS.get(name, []), "--db-file", "x"], tmp_path, monkeypatch, capsys
    )
    assert "No such option '--db-file'" in line


def test_the_variadic_position_names_an_unknown_option(tmp_path, monkeypatch, capsys):
    line = refused(["position", "wythoff", "3", "5", "--db", "x"], tmp_path, monkeypatch, capsys)
    assert "No such option '--db'" in line


def test_a_negative_number_is_a_value_not_an_option(capsys):
    # --start accepts any integer: a negative one reaches the command, which says why not
    assert main(["terms", "wythoff-a", "--start", "-3"]) == 2
    assert "--start must be at least the offset" in capsys.readouterr().err
    assert main(["terms", "wythoff-a", "--start=1", "--count", "2"]) == 0
    assert capsys.readouterr().out == "1 1\n2 3\n"


def test_after_a_double_dash_words_are_arguments(capsys):
    assert main(["position", "wythoff", "--", "3", "5"]) == 0
    assert capsys.readouterr().out == "P\n"
