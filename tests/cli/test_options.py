"""Every option that takes a value refuses an option in its place, and every
command refuses an option it does not have: one line, status 2, nothing written.

The commands and options come from the command tree itself, so a new one is
tested without a line here."""

from __future__ import annotations

import pytest
from wythoff import __version__
from wythoff.cli import main
from wythoff.cli.commands import every_command

COMMANDS = every_command()
WITH_VALUES = [
    (name, option.names[0])
    for name, command in COMMANDS.items()
    for option in command.options
    if not option.flag
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


def test_an_unknown_option_suggests_the_close_ones(tmp_path, monkeypatch, capsys):
    line = refused(["terms", "wythoff-a", "--coun", "3"], tmp_path, monkeypatch, capsys)
    assert "No such option '--coun'. Did you mean '--count'?" in line
    line = refused(["term", "wythoff-a"], tmp_path, monkeypatch, capsys)
    assert "No such command 'term'. Did you mean 'terms'?" in line


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["terms"], "required: ID"),
        (["terms", "wythoff-a", "wythoff-b"], "unrecognized arguments: wythoff-b"),
        (["ids", "extra"], "unrecognized arguments: extra"),
        (["ppositions", "wythoff"], "required: --max"),
        (["terms", "wythoff-a", "--count"], "'--count' requires an argument"),
        (["ppositions", "wythoff", "--max", "3", "--solver=yes"], "does not take a value"),
        (["terms", "wythoff-a", "--count", "-5"], "--count: must be at least 0 (got -5)"),
        (["terms", "wythoff-a", "--start", "1e5"], "--start: must be an integer, not '1e5'"),
        (["terms", "wythoff-a", "--format", "xml"], "--format: invalid choice: 'xml'"),
        (["build", "--workers", "0"], "--workers: 0 is not in the range 1<=x<=64"),
        (["serve", "--port", "x"], "--port: 'x' is not a valid integer"),
        (["sql", "SELECT 1", "--time-limit", "nan"], "not in the range 0.01<=x<=3600"),
        (["build", "--config", "."], "--config: File '.' is a directory."),
        (["--bogus"], "No such option '--bogus'. (see 'wythoff --help')"),
    ],
)
def test_bad_words_are_one_line(argv, said, tmp_path, monkeypatch, capsys):
    assert said in refused(argv, tmp_path, monkeypatch, capsys)


def test_a_value_may_follow_an_equals_sign_and_look_like_anything(capsys):
    assert main(["position", "wythoff", "--format=csv", "--", "3", "5"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "wythoff,3,5,P,,"
    assert main(["ids", "--format=json"]) == 0  # a command without arguments
    assert capsys.readouterr().out.startswith('{"family": "wythoff"')


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_shows_every_option_and_writes_nothing_else(name, capsys):
    assert main([name, "--help"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith(f"usage: wythoff {name} [OPTIONS]")
    listed = out.split("\nOptions:\n")[1]
    for option in COMMANDS[name].options:
        assert all(f"  {n}" in listed or f", {n}" in listed for n in option.names), option.names
    assert "-h, --help" in listed


def test_version_and_help_before_the_command(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"wythoff, version {__version__}\n"
    assert main(["-h"]) == main([]) == 0
    first, bare = capsys.readouterr().out.split("usage: wythoff [OPTIONS]")[1:]
    assert first == bare and "Commands:" in bare
    assert main(["--", "terms", "wythoff-a", "--count", "1"]) == 0
    assert capsys.readouterr().out == "0 0\n"
