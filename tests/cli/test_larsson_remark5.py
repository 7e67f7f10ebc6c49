"""``wythoff position`` on Larsson's Remark 5 games: answers as the board solver
gives them, refusals in one line, and answers far beyond any board."""

from __future__ import annotations

import json

import pytest
from wythoff import families
from wythoff.core.games import solver
from wythoff.core.games.strategy import BoardStrategy
from wythoff.families import larsson_remark5

from tests.helpers.commands import in_process
from tests.helpers.commands import run as run_command


def run(*args: str):
    """``python -m wythoff ARGS``, its result whatever its exit status."""
    return run_command(*args, module=True)


def test_command_line_answers_and_refuses_in_one_line():
    done = run("position", "larsson-rectangle-k2-u1-v3", "5", "5")
    board = solver.solve(larsson_remark5.rectangle_rules(2, 1, 3), 6)
    assert done.returncode == 0 and done.stdout.startswith("N")
    for line in done.stdout.splitlines():  # every winning move, one a line
        x2, y2 = map(int, line.split()[1:])
        assert board[x2, y2] == 1
    # 2WN^3_0: (0, 1) is P, though (0, 0) is one move away: that move may be forbidden
    assert solver.solve(larsson_remark5.blocking_rules(2, 3, 0), 4)[0, 1] == 1
    assert run("position", "larsson-blocking-m2-p3-l0", "0", "1").stdout.strip() == "P"
    for game in (
        "larsson-blocking-m2-p3-l1",
        "larsson-blocking-m2-p3-l2",
        "larsson-rectangle-k2-u1-v1",
    ):
        refused = run("position", game, "3", "9")
        assert refused.returncode == 2 and refused.stdout == ""
        assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    inside = run("position", "larsson-rectangle-k3-u2-v4", "1", "3")
    assert inside.returncode == 2 and "removed rectangle" in inside.stderr


@pytest.mark.parametrize(
    ("game_id", "x", "y"),
    [("larsson-rectangle-k3-u1-v4", 1500, 1200), ("larsson-blocking-m2-p3-l3", 1100, 1600)],
)
def test_command_line_answers_far_out_as_the_board_does(game_id, x, y):
    """Beyond the board of the build, the position checker answers from the sparse
    solver; on a board this large the two agree, move for move (every winning move)."""
    game = families.resolve_game(game_id)
    board = BoardStrategy(game.rules, solver.solve(game.rules, max(x, y) + 1))
    for px, py in ((x, y), (y, x), *board.p_options(x, y)[:1]):  # in this process: answers
        done = in_process("position", game_id, str(px), str(py), "--json")
        answer = json.loads(done.stdout)
        assert done.returncode == 0 and answer["method"] == "solver"
        assert answer["status"] == ("P" if board.is_p(px, py) else "N")
        assert [tuple(m) for m in answer["moves"]] == board.every_winning_move(px, py)


def test_command_line_answers_at_a_million_where_no_board_fits():
    """A 10^6 board would need 931 GiB; the sparse solver settles 10^6 lines."""
    rules = larsson_remark5.rectangle_rules(4, 1, 5)
    done = run("position", "larsson-rectangle-k4-u1-v5", "1000000", "999999")
    assert done.returncode == 0 and done.stdout.startswith("N "), done.stderr
    x2, y2 = map(int, done.stdout.splitlines()[0].split()[1:])  # the first winning move
    assert rules.is_legal((1000000, 999999), (x2, y2))
    assert run("position", "larsson-rectangle-k4-u1-v5", str(x2), str(y2)).stdout == "P\n"
