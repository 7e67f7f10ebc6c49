"""The ``wythoff`` command, end to end: the installed console script and
``python -m wythoff`` run in a subprocess, their output checked against the engine."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from math import isqrt

import pytest
from wythoff import families
from wythoff.cli.commands import COMMANDS
from wythoff.core.bigdigits import unlimited
from wythoff.core.games import solver
from wythoff.core.theorems import connell, fraenkel

from tests.helpers.commands import SCRIPT, in_process, ok, run
from tests.helpers.data import reference_pairs


def term_lines(lines: list[str]) -> list[tuple[int, int]]:
    pairs = []
    for line in lines:
        n, value = line.split(" ")
        pairs.append((int(n), int(value)))
    return pairs


def lower_wythoff(n: int) -> int:
    return (n + isqrt(5 * n * n)) // 2


# -- ids -----------------------------------------------------------------------------------


def test_ids_lists_every_form_with_an_id_that_the_commands_accept():
    rows = [json.loads(line) for line in ok("ids", "--format", "json")]
    forms = {(f.family.key, f.sequence_forms, f.game_forms) for f in families.FAMILIES.values()}
    listed = {
        (key, kind): tuple(r["form"] for r in rows if (r["family"], r["kind"]) == (key, kind))
        for key in families.FAMILIES
        for kind in ("sequence", "game")
    }
    assert {(k, listed[k, "sequence"], listed[k, "game"]) for k, _, _ in forms} == forms
    for row in rows:  # in this process: `terms` and `ppositions` run as commands below
        assert row["example"], row
        if row["kind"] == "sequence":
            assert len(in_process("terms", row["example"], "--count", "2").stdout.splitlines()) == 2
        else:
            assert in_process("ppositions", row["example"], "--max", "3").stdout.splitlines()


# -- terms ---------------------------------------------------------------------------------


class TestTerms:
    def test_wythoff_a(self):
        lines = ok("terms", "wythoff-a", "--count", "10")
        assert term_lines(lines) == [(n, lower_wythoff(n)) for n in range(10)]

    def test_connell(self):
        assert term_lines(ok("terms", "connell-k3-u1", "--count", "6")) == list(
            enumerate([0, 1, 3, 4, 5, 6])
        )

    def test_fraenkel(self):
        assert term_lines(ok("terms", "fraenkel-a2-a", "--count", "6")) == list(
            enumerate([0, 1, 2, 4, 5, 7])
        )

    def test_huge_start(self):
        start = 10**12
        lines = ok("terms", "wythoff-a", "--start", str(start), "--count", "3")
        assert term_lines(lines) == [(n, lower_wythoff(n)) for n in range(start, start + 3)]
        lines = ok("terms", "connell-k3-u1", "--start", str(start), "--count", "2")
        assert term_lines(lines) == [(n, connell.u(3, 1, n)) for n in range(start, start + 2)]

    def test_huge_parameter_builds_one_class(self):
        # k = 10**17 has 2k sequences: a lookup must build the one asked for, not all of them
        k = 10**17
        lines = ok("terms", f"connell-k{k}-v5", "--start", "3", "--count", "2")
        assert term_lines(lines) == [(n, connell.v(k, 5, n)) for n in (3, 4)]
        [answer] = ok("position", f"connell-k{k}", "1", "2")
        assert answer.startswith("N ")

    def test_values_beyond_int64(self):
        # B_n = A_n + n passes 2**63 near n = 3.5e18; the output must stay exact
        for start in (4 * 10**18, 10**30):
            lines = ok("terms", "wythoff-b", "--start", str(start), "--count", "2")
            expected = [(n, lower_wythoff(n) + n) for n in range(start, start + 2)]
            assert term_lines(lines) == expected

    def test_exponential_sequence_at_a_huge_start_is_refused_not_attempted(self):
        # p_i for i = 10**12 has about 4 * 10**11 digits: one line on stderr, status 2
        try:
            done = subprocess.run(
                [SCRIPT, "terms", "fraenkel-a2-p", "--start", str(10**12), "--count", "1"],
                capture_output=True,
                text=True,
                timeout=15,
            )
        except subprocess.TimeoutExpired:
            pytest.fail("'wythoff terms fraenkel-a2-p --start 10**12' still runs after 15 s")
        assert done.returncode == 2
        assert done.stderr.startswith("wythoff: error:")

    def test_float64_regression(self):
        lines = ok("terms", "wythoff-a", "--start", "102334155", "--count", "1")
        assert lines == ["102334155 165580140"]

    def test_default_start_is_the_offset(self):
        assert term_lines(ok("terms", "modular-a", "--count", "4")) == [
            (1, 0), (2, 1), (3, 1), (4, 2),
        ]  # fmt: skip

    def test_solver_sequence(self):
        table = reference_pairs("larsson_2WN2_ppositions.csv", "c", "d")
        lines = ok("terms", "larsson-modulo-m2-p2-l0-d", "--count", str(len(table)))
        assert [v for _, v in term_lines(lines)] == [d for _, d in table]

    def test_python_m_wythoff(self):
        assert ok("terms", "wythoff-b", "--count", "7", module=True) == ok(
            "terms", "wythoff-b", "--count", "7"
        )


# -- position ----------------------------------------------------------------------------


def check_winning_line(game_id: str, x: int, y: int, line: str) -> tuple[int, int]:
    """An 'N X2 Y2' line: a legal move to a P-position (by the formula strategy)."""
    status, x2, y2 = line.split(" ")
    assert status == "N"
    target = (int(x2), int(y2))
    game = families.resolve_game(game_id)
    assert game.rules.is_legal((x, y), target)
    assert game.strategy().is_p(*target)
    return target


class TestPosition:
    def test_paper_p_position(self):
        assert ok("position", "connell-k3", "14", "48") == ["P"]

    def test_paper_n_position(self):
        [line] = ok("position", "connell-k3", "11", "48")  # the only winning move
        target = check_winning_line("connell-k3", 11, 48, line)
        assert solver.solve(connell.rules(3), 50)[target] == 1

    def test_json(self):
        [line] = ok("position", "connell-k3", "11", "48", "--json")
        data = json.loads(line)
        assert data["game"] == "connell-k3" and data["x"] == 11 and data["y"] == 48
        assert data["status"] == "N"
        assert data["moves"][0] == data["move"]
        check_winning_line("connell-k3", 11, 48, "N {} {}".format(*data["move"]))
        data = json.loads(ok("position", "connell-k3", "14", "48", "--json")[0])
        assert data["status"] == "P" and data["move"] is None and data["moves"] == []

    def test_blocking_json_lists_every_winning_move(self):
        rules = families.resolve_game("larsson-blocking-m2-p3").rules
        board = solver.solve(rules, 20)
        for x, y in [(0, 9), (0, 1), (5, 5), (3, 17)]:  # in this process: the answers
            data = json.loads(
                in_process("position", "larsson-blocking-m2-p3", str(x), str(y), "--json").stdout
            )
            assert data["status"] == ("P" if board[x, y] == 1 else "N")
            every = {t for t in rules.moves(x, y) if board[t] == 1}
            assert {tuple(m) for m in data["moves"]} == (set() if board[x, y] else every)
        done = in_process("position", "larsson-blocking-m2-p3", "0", "9", "--json")
        data = json.loads(done.stdout)
        assert data["moves"] == [[0, 4], [0, 2], [0, 0]] and data["move"] == [0, 4]

    def test_every_winning_move_at_large_piles(self):
        """Three moves win from (1234567, 1997546): each reaches (A_n, B_n) of Wythoff's
        pairs (checked here with isqrt), and no other P-position is one move away."""
        data = json.loads(ok("position", "wythoff", "1234567", "1997546", "--format", "json")[0])
        moves = [(1234567, 763004), (1234551, 1997546), (1234525, 1997504)]
        assert [tuple(m) for m in data["moves"]] == moves and tuple(data["move"]) == moves[0]
        assert moves == wythoff_p_options(1234567, 1997546)
        assert ok("position", "wythoff", "1234567", "1997546") == [
            "N 1234567 763004",
            "N 1234551 1997546",
            "N 1234525 1997504",
        ]
        mirrored = ok("position", "wythoff", "1997546", "1234567", "--format", "csv")
        assert mirrored == [
            "game,x,y,status,move_x,move_y",
            "wythoff,1997546,1234567,N,763004,1234567",
            "wythoff,1997546,1234567,N,1997546,1234551",
            "wythoff,1997546,1234567,N,1997504,1234525",
        ]

    def test_thousand_digit_piles(self):
        rng = random.Random(2024)
        n = rng.randrange(10**999, 10**1000)
        x, y = fraenkel.lower(1, n), fraenkel.upper(1, n)
        assert len(str(x)) >= 1000
        assert ok("position", "wythoff", str(x), str(y)) == ["P"]
        assert ok("position", "wythoff", str(y), str(x)) == ["P"]
        lines = ok("position", "wythoff", str(x), str(y + 12345))
        targets = [check_winning_line("wythoff", x, y + 12345, line) for line in lines]
        assert (x, y) in targets
        big = rng.randrange(10**999, 10**1000)
        for line in ok("position", "fraenkel-a3", str(big), str(big + 7)):
            check_winning_line("fraenkel-a3", big, big + 7, line)

    def test_hundred_thousand_digit_piles(self):
        rng = random.Random(2025)
        with unlimited():
            n = rng.randrange(10**99_999, 10**100_000)
            x, y = fraenkel.lower(1, n), fraenkel.upper(1, n)
            assert ok("position", "wythoff", str(x), str(y)) == ["P"]
            lines = ok("position", "wythoff", str(x), str(y + 1))
            assert (x, y) in [check_winning_line("wythoff", x, y + 1, line) for line in lines]

    def test_game_without_formula(self):
        game = families.resolve_game("larsson-modulo-m2-p2-l0")
        board = solver.solve(game.rules, 40)
        for x, y in [(1, 6), (4, 22), (5, 20), (13, 13)]:  # in this process: the answers
            out = json.loads(in_process("position", game.id, str(x), str(y), "--json").stdout)
            assert out["method"] == "solver"
            assert out["status"] == ("P" if board[x, y] == 1 else "N")
            if out["move"]:
                assert game.rules.is_legal((x, y), tuple(out["move"]))
                assert board[tuple(out["move"])] == 1

    def test_misere_terminal_position(self):
        # (0, 0) in misère play: the player to move has already won; N, no move.
        lines = ok("position", "wythoff-misere", "0", "0")
        assert lines[0].split()[0] == "N"
        assert ok("position", "wythoff-misere", "2", "2") == ["P"]


def wythoff_p_options(x: int, y: int) -> list[tuple[int, int]]:
    """Every P-position of Wythoff's game one move from (x, y), by brute force over
    the pairs (A_n, B_n) = (floor(n phi), A_n + n), A_n = (n + isqrt(5 n^2)) // 2,
    both orientations, sorted largest first (the smaller pile of (x, y) compared first)."""
    found = []
    for n in range(max(x, y) + 1):
        a = (n + isqrt(5 * n * n)) // 2
        if a > max(x, y):
            break
        for x2, y2 in {(a, a + n), (a + n, a)}:
            k, l = x - x2, y - y2  # noqa: E741
            if k >= 0 and l >= 0 and k + l > 0 and (k == 0 or l == 0 or k == l):
                found.append((x2, y2))
    key = (lambda t: t) if x <= y else (lambda t: (t[1], t[0]))
    return sorted(found, key=key, reverse=True)


# -- ppositions --------------------------------------------------------------------------


PPOSITION_GAMES = [
    "wythoff",
    "wythoff-misere",
    "connell-k3",
    "fraenkel-a2",
    "larsson-blocking-m2-p3",
    "larsson-modulo-m2-p3-l0",
    "larsson-modulo-m1-p4-l1",
    "larsson-shifted-m2-p3-l1",
    "modular-m5",
]


def position_lines(lines: list[str]) -> list[tuple[int, int]]:
    return [tuple(int(v) for v in line.split(" ")) for line in lines]


class TestPPositions:
    @pytest.mark.parametrize("game_id", PPOSITION_GAMES)
    def test_formula_and_solver(self, game_id):
        game = families.resolve_game(game_id)
        expected = list(game.strategy().p_positions(45))
        for solver_flag in ([], ["--solver"]):  # in this process: the process is run below
            done = in_process("ppositions", game_id, "--max", "45", *solver_flag)
            assert position_lines(done.stdout.splitlines()) == expected

    def test_cold_positions(self):
        table = reference_pairs("wythoff_cold_positions.csv", "x", "y")
        assert position_lines(ok("ppositions", "wythoff", "--max", "26")) == table

    def test_asymmetric_board_lists_both_orders(self):
        # 2x3WN_1: (a_{3i+1}, b_{3i+1}), i >= 0, and (b_{3i-1}, a_{3i-1}), i >= 1
        pairs = position_lines(ok("ppositions", "larsson-shifted-m2-p3-l1", "--max", "20"))
        assert pairs == [(0, 2), (1, 9), (2, 16), (4, 0), (11, 1), (19, 3)]

    def test_game_without_formula_uses_the_solver(self):
        game = families.resolve_game("larsson-modulo-m2-p2-l0")
        board = solver.solve(game.rules, 41)
        expected = solver.p_positions(board, symmetric=True)
        assert position_lines(ok("ppositions", game.id, "--max", "40")) == expected


# -- bad input ---------------------------------------------------------------------------


BAD_INPUT = [
    ["terms", "no-such-sequence"],
    ["terms", "connell-k0-u0"],
    ["terms", "connell-k3-u3"],
    ["terms", "larsson-modulo-m1-p3-l0-c"],
    ["terms", "wythoff-a", "--start", "-1"],
    ["terms", "modular-a", "--start", "0"],
    ["terms", "wythoff-a", "--count", "abc"],
    ["terms", "wythoff-a", "--count", "-5"],
    ["terms", "wythoff-a", "--start", "1e5"],
    ["terms", "fraenkel-a2-p", "--count", "10000000"],
    ["terms", "larsson-modulo-m2-p2-l0-c", "--count", "1000000000"],
    ["terms", "wythoff-a", "--bogus"],
    ["terms"],
    ["position", "connell-k0", "1", "2"],
    ["position", "no-such-game", "1", "2"],
    ["position", "wythoff", "-1", "2"],
    ["position", "wythoff", "1.5", "2"],
    ["position", "wythoff", "3", "x"],
    ["position", "wythoff", "3"],
    ["position", "larsson-shifted-m2-p3-l1", "1", "1"],
    ["position", "larsson-modulo-m2-p2-l0", "100000000000000", "100000000000000"],
    ["position", "larsson-rectangle-k2-u1-v3", "100000000000000", "100000000000000"],
    ["position", "larsson-blocking-m2-p3-l3", "100000000000000", "100000000000000"],
    ["build", "--deep", "wythoff"],
    ["build", "--deep", "larsson-blocking-m1-p2-l2"],
    ["build", "--scheduler", "localhost:8786"],
    ["ppositions", "wythoff"],
    ["ppositions", "wythoff", "--max", "100000000", "--solver"],
    ["ppositions", "larsson-modulo-m2-p2-l0", "--max", "100000000000000"],
    ["ppositions", "fraenkel-a0", "--max", "10"],
    ["ppositions", "wythoff", "--max", "-3"],
    ["frobnicate"],
]


@pytest.mark.parametrize("argv", BAD_INPUT, ids=" ".join)
def test_bad_input(argv):
    done = run(*argv)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("wythoff: error:")
    assert done.stdout == ""


def test_bad_input_through_python_m_builder():
    done = run("terms", "connell-k3-u3", module=True)
    assert done.returncode == 2
    assert done.stderr.startswith("wythoff: error:") and len(done.stderr.splitlines()) == 1


# -- help ----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], *([name] for name in sorted(COMMANDS))])
def test_help_has_an_example(command):
    done = run(*command, "--help")
    assert done.returncode == 0
    assert "Example" in done.stdout, f"'wythoff {' '.join(command)} --help' shows no example"


def test_every_documented_command_exists():
    # INTERFACE.md: terms, position, ppositions (the math engine's commands)
    assert {"terms", "position", "ppositions"} <= set(COMMANDS)


def test_help_lists_every_command_without_importing_any():
    """The summaries are in the table of commands: listing them loads no command's
    module (each is imported when its command runs)."""
    code = (
        "import sys; from wythoff.cli import main; main(['--help']);"
        "print(sorted(m for m in sys.modules if m.startswith('wythoff.')), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    listing = " ".join(done.stdout.split("Commands:")[1].split())  # summaries wrapped
    for name, (where, summary) in COMMANDS.items():
        assert f"{name} {summary}" in listing
        assert where.split(":")[0] not in done.stderr, name
