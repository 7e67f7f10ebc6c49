"""The command line as a Unix citizen: output formats, closed pipes, Ctrl-C, help,
and the defaults it prints; each checked on the real console script."""

from __future__ import annotations

import csv
import io
import json
import signal
import subprocess
import sys
import tomllib
from math import isqrt

import pytest
from wythoff import api, config

from tests.helpers.commands import SCRIPT, ok, run


def lower_wythoff(n: int) -> int:
    return (n + isqrt(5 * n * n)) // 2


class TestFormats:
    def test_terms_in_three_formats_agree(self):
        text = [tuple(map(int, line.split())) for line in ok("terms", "wythoff-a", "--count", "7")]
        rows = list(
            csv.reader(
                io.StringIO("\n".join(ok("terms", "wythoff-a", "--count", "7", "--format", "csv")))
            )
        )
        objects = [
            json.loads(line)
            for line in ok("terms", "wythoff-a", "--count", "7", "--format", "json")
        ]
        expected = [(n, lower_wythoff(n)) for n in range(7)]
        assert text == expected
        assert rows[0] == ["n", "value"] and [tuple(map(int, r)) for r in rows[1:]] == expected
        assert [(o["n"], o["value"]) for o in objects] == expected

    def test_json_keeps_huge_integers_exact(self):
        (line,) = ok(
            "terms", "fraenkel-a2-p", "--start", "3000", "--count", "1", "--format", "json"
        )
        assert json.loads(line)["value"] == api.sequence("fraenkel-a2-p")[3000]

    def test_ppositions_csv_and_json(self):
        rows = ok("ppositions", "connell-k2", "--max", "30", "--format", "csv")
        objects = [
            json.loads(x) for x in ok("ppositions", "connell-k2", "--max", "30", "--format", "json")
        ]
        pairs = api.game("connell-k2").p_positions(30)
        assert rows[0] == "x,y" and [tuple(map(int, r.split(","))) for r in rows[1:]] == pairs
        assert [(o["x"], o["y"]) for o in objects] == pairs

    def test_position_formats(self):
        (line,) = ok("position", "connell-k3", "11", "48", "--format", "json")
        assert json.loads(line)["move"] == [11, 3]
        header, row = ok("position", "connell-k3", "11", "48", "--format", "csv")
        assert header == "game,x,y,status,move_x,move_y" and row == "connell-k3,11,48,N,11,3"

    def test_unknown_format_is_one_line(self):
        done = run("terms", "wythoff-a", "--format", "xml")
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
        assert "text" in done.stderr and "json" in done.stderr


def test_closed_pipe_ends_quietly():
    done = subprocess.run(
        f"'{SCRIPT}' terms wythoff-a --count 1000000 | head -1; exit ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "0 0\n", "")


@pytest.mark.parametrize(
    ("arguments", "status", "output"),
    [
        (["position", "wythoff", "3", "5"], 0, "P\n"),  # ends by os._exit
        (["position", "wythoff", "3", "x"], 2, ""),
        (["defaults"], 0, None),  # ends by sys.exit
    ],
)
def test_the_exit_runs_the_exit_handlers_and_keeps_the_status(arguments, status, output):
    """A command that only prints ends without the interpreter's teardown, but after
    its output is flushed and the exit handlers (coverage's, logging's) have run."""
    code = (
        "import atexit, sys; from wythoff.cli import run;"
        "atexit.register(lambda: print('handler ran', file=sys.stderr));"
        f"sys.argv = ['wythoff', *{arguments!r}]; run()"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == status
    assert done.stderr.endswith("handler ran\n") and "Traceback" not in done.stderr
    assert output is None or done.stdout == output


def _as_from_a_terminal() -> None:
    """In the child: SIGINT delivered and handled by default, as for a command typed
    at a terminal, whatever the test runner's process inherited."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _signal_state(pid: int) -> str:
    """The kernel's view of a process's signal masks, for a failure message."""
    with open(f"/proc/{pid}/status") as status:
        return " ".join(line.strip() for line in status if line.startswith(("SigBlk", "SigIgn")))


def test_ctrl_c_is_one_line_and_status_130():
    process = subprocess.Popen(
        [SCRIPT, "terms", "wythoff-a", "--count", "1000000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_as_from_a_terminal,
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "0 0\n"  # streaming: interrupted mid-run
    process.send_signal(signal.SIGINT)
    try:
        _, error = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        state = _signal_state(process.pid)
        process.kill()
        pytest.fail(f"still running 60 s after SIGINT ({state})")
    assert process.returncode == 130
    assert error == "wythoff: interrupted\n"


def test_bare_command_prints_help():
    done = run()
    assert done.returncode == 0 and "Commands:" in done.stdout and done.stderr == ""


def test_defaults_command_prints_the_shipped_defaults():
    printed = "\n".join(ok("defaults"))
    assert tomllib.loads(printed) == config.defaults()
    assert config.validate(config.defaults()).terms == tomllib.loads(printed)["terms"]


def test_importing_the_package_changes_no_process_setting():
    code = "import sys, wythoff, wythoff.api, wythoff.cli; print(sys.get_int_max_str_digits())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == str(sys.get_int_max_str_digits())


@pytest.mark.parametrize("heavy", ["numpy", "sqlalchemy", "pandas", "numba"])
def test_import_wythoff_is_light(heavy):
    code = f"import sys, wythoff; print({heavy!r} in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False"


def test_a_few_terms_need_no_numpy():
    """A lookup of a few terms runs in integer arithmetic: no numpy, no numba."""
    code = (
        "import sys; from wythoff.cli import main;"
        "main(['terms', 'connell-k3-u1', '--count', '5']);"
        "print(sorted(m for m in ('numpy', 'numba', 'sqlalchemy', 'pandas') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    lines = done.stdout.splitlines()
    assert lines[:5] == ["0 0", "1 1", "2 3", "3 4", "4 5"]
    assert lines[5] == "[]"


def test_a_grundy_value_loads_no_database_library():
    """``wythoff grundy`` loads neither SQLAlchemy nor pandas: its progress bars are a
    module of the build's stages, and importing one of them loads that one alone."""
    code = (
        "import sys; from wythoff.cli import main; main(['grundy', 'wythoff', '3', '4']);"
        "print(sorted(m for m in ('sqlalchemy', 'pandas') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.splitlines()[-1] == "[]", done.stderr
