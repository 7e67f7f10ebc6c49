"""A game of one's own: ``wythoff.game(rules=...)`` answers as ``--rules FILE`` does,
and ``--help`` documents every key a rules file may have."""

from __future__ import annotations

from pathlib import Path

import pytest
import wythoff
from wythoff.cli import main
from wythoff.cli.commands import COMMANDS
from wythoff.cli.rules_help import example
from wythoff.core.games.rules_file import KEYS, read_rules

RULES = [
    "bishop = 2\n",
    "rook_modulus = 2\nrook_residues = [0, 1]\nbishop = 1\nmisere = true\n",
    "bishop = 2\nblocking = 3\nblocking_reach = 1\n",
    "bishop = 1\nmodular = 3\nrectangle = [2, 3]\n",
    "rook_modulus = 3\nrook_residues = [0]\nmodular = 2\n",
]
LIMIT = 24


def command(capsys, *argv: str) -> list[str]:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("text", RULES)
@pytest.mark.parametrize("given", [str, Path, read_rules])
def test_the_api_answers_as_the_command_line(text, given, tmp_path, capsys):
    path = tmp_path / "mine.toml"
    path.write_text(text)
    mine = wythoff.game(rules=given(path) if given is Path else given(text))
    listed = command(capsys, "ppositions", "--rules", str(path), "--max", str(LIMIT))
    assert mine.p_positions(LIMIT) == [tuple(map(int, line.split())) for line in listed]
    for x, y in [(2, 3), (4, 6), (3, 5), (7, 11), (LIMIT, LIMIT - 3)]:
        lines = command(capsys, "position", "--rules", str(path), str(x), str(y))
        moves = mine.winning_moves(x, y)
        assert mine.is_p(x, y) == (lines == ["P"])
        expected = [f"N {a} {b}" for a, b in moves] or ["P" if mine.is_p(x, y) else "N"]
        assert lines == expected
        first = mine.winning_move(x, y)
        assert lines[0] == ("P" if mine.is_p(x, y) else " ".join(map(str, ("N", *(first or ())))))


def test_one_game_or_rules():
    with pytest.raises(ValueError, match="one of the two"):
        wythoff.game()
    with pytest.raises(ValueError, match="one of the two"):
        wythoff.game("wythoff", rules="bishop = 1\n")
    with pytest.raises(ValueError, match="no move"):
        wythoff.game(rules="misere = true\n")


def test_the_example_names_every_key_with_its_meaning():
    lines = example().splitlines()
    keys = [line.split("=")[0].strip() for line in lines if not line.startswith("#")]
    assert sorted(keys) == sorted(KEYS)
    read_rules(example().replace("rectangle_choices", "# rectangle_choices"))  # valid TOML


@pytest.mark.parametrize("name", ["position", "ppositions", "identify"])
def test_help_shows_every_key(name, capsys):
    command(capsys, name, "--help")  # only the return status
    assert main([name, "--help"]) == 0
    shown = capsys.readouterr().out
    for line in example().splitlines():
        assert line in shown, (name, line)
    assert name in COMMANDS


def test_the_readme_shows_every_key():
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"```toml\n{example()}\n```" in readme
