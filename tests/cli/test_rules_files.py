"""The commands that read a rules file (``ppositions``, ``position``, ``identify``) given
whatever a user may write in one: malformed TOML, wrong types, numbers far beyond 64
bits, no move at all, boards too large.  Each ends with status 0 or 2 and one line,
never a traceback, never a signal (in process, a compiled kernel's crash would take the
test's worker down and fail the run); valid rules give the enumeration's answers."""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

import pytest
from wythoff.cli import main
from wythoff.core.games import naive, solver
from wythoff.core.games.rules_file import read_rules

from tests.helpers.commands import run
from tests.helpers.rules_space import HUGE, broken_rules_file, rules_file

PILES = ("0", "3", "17", "1000000", HUGE[0], HUGE[4])


def in_process(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def commands(path: Path, rng: random.Random) -> list[list[str]]:
    """The three commands that read ``path``, with piles and bounds small or huge."""
    x, y = rng.choice(PILES), rng.choice(PILES)
    limit = rng.choice(("0", "12", "40", "1000000", HUGE[2]))
    return [
        ["ppositions", "--rules", str(path), "--max", limit],
        ["position", "--rules", str(path), x, y, "--json"],
        ["identify", "--rules", str(path), "--max", limit, "--db", str(path.with_suffix(".db"))],
    ]


def assert_clean(argv: list[str], status: int, err: str, text: str) -> None:
    said = f"{argv} on the rules file:\n{text}\nsaid: {err!r}"
    assert status in (0, 2), said
    assert "Traceback" not in err, said
    if status == 2:
        assert err.startswith("wythoff: error: ") and err.count("\n") == 1, said


@pytest.mark.parametrize("chunk", range(4))
def test_every_rules_file_ends_cleanly(tmp_path, chunk):
    """Broken files and valid ones, 600 files in all, each given to all three commands."""
    path = tmp_path / "rules.toml"
    for seed in range(chunk * 150, (chunk + 1) * 150):
        rng = random.Random(seed)
        text = broken_rules_file(rng) if seed % 3 else rules_file(rng)[0]
        path.write_text(text, encoding="utf-8")
        for argv in commands(path, rng):
            status, _, err = in_process(argv)
            assert_clean(argv, status, err, text)


@pytest.mark.parametrize(
    "text",
    [
        "rook_modulus = 4\nrook_residues = [3]\nbishop = 2\n",
        "rook_modulus = 3\nrook_residues = [1, 2]\nbishop = 1\n",
        f"bishop = {HUGE[0]}\n",
        f"bishop = 1\nblocking = {HUGE[0]}\n",
    ],
)
def test_the_rules_that_crashed_the_compiled_kernels_are_answered(tmp_path, text):
    """The installed command, in its own process: the P-positions of the enumeration,
    a position's answer, and identify's one line (there is no database here)."""
    path = tmp_path / "rules.toml"
    path.write_text(text)
    rules = read_rules(text)
    want = solver.p_positions(naive.solve_naive(rules, 31), rules.symmetric)
    done = run("ppositions", "--rules", str(path), "--max", "30", "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert [tuple(map(int, line.split(","))) for line in done.stdout.split()[1:]] == want
    done = run("position", "--rules", str(path), "7", "9")
    assert done.returncode == 0 and done.stdout.split()[0] == ("P" if (7, 9) in want else "N")
    done = run("identify", "--rules", str(path), "--max", "30", "--db", str(tmp_path / "no.db"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "no database" in done.stderr
