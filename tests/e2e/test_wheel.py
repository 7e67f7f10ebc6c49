"""The package as a user gets it: the wheel installed into a fresh virtual
environment, used from an empty directory with no checkout anywhere on the path.

Building the wheel and the environment is the real thing (pip, venv); only the
third-party dependencies are borrowed from the test environment (a ``.pth``
line), so that the test needs no download of numpy and friends.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import textwrap
import venv
from pathlib import Path

import pytest

from tests.helpers.commands import BRIEF_FAMILIES
from tests.helpers.markup import find

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

# A build's every stage on two families, as small as it goes: the wheel's files are the point.
SMALL = (
    """\
terms = 200
max_digits = 40
ppositions_max = 60
solver_board = 80
strategy_board = 16
numeration_max = 100

"""
    + BRIEF_FAMILIES
)

API_EXAMPLE = """\
import wythoff, sys
assert "site-packages" in wythoff.__file__, wythoff.__file__
assert sys.get_int_max_str_digits() != 0
print(wythoff.sequence("wythoff-a")[1:6])
print(wythoff.game("connell-k2").is_p(4, 11))
frame = wythoff.database().p_positions("wythoff")
print(len(frame), frame.x.iloc[2], frame.y.iloc[2])
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh virtual environment with the freshly built wheel installed; its bin/."""
    root = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(root), str(REPO)],
        check=True,
        capture_output=True,
    )
    (wheel,) = root.glob("wythoff_sequences-*.whl")
    environment = root / "venv"
    venv.create(environment)  # pip, run from this environment, installs into it
    python = environment / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    (Path(purelib) / "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"])
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
    )
    return environment / "bin"


def run(bin_dir: Path, cwd: Path, *command: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}:/usr/bin:/bin"
    result = subprocess.run(
        ["sh", "-c", " ".join(command)], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, f"{command} failed:\n{result.stderr}"
    return result


def test_wheel_works_from_an_empty_directory(installed, tmp_path):
    work = tmp_path / "empty"
    work.mkdir()
    (work / "small.toml").write_text(SMALL)
    run(installed, work, "wythoff", "build", "--config", "small.toml", "--quiet")
    assert (work / "data" / "wythoff.sqlite").is_file()
    assert (work / "data" / "wythoff-data.zip").is_file()

    run(installed, work, "wythoff", "site", "--config", "small.toml", "--quiet")
    site = work / "build" / "site"
    assert (site / "index.html").is_file()
    pages = [page.read_text() for page in site.rglob("*.html")]
    typeset = [page for page in pages if find(page, "span", classes="katex")]
    assert typeset, "KaTeX and its engine, shipped with the wheel, typeset the formulas"
    untypeset = (e.text for page in pages for e in find(page, classes="arithmatex"))
    assert not any(text.startswith("\\(") for text in untypeset)
    assert not list(site.rglob("katex.min.js")), "KaTeX's script works at build time only"

    counted = run(installed, work, "wythoff", "sql", "'SELECT count(*) AS c FROM games'")
    assert counted.stdout.splitlines()[0] == "c" and int(counted.stdout.splitlines()[1]) > 0

    first = run(installed, work, "wythoff", "terms", "wythoff-a", "--count", "100000", "| head -1")
    assert first.stdout == "0 0\n" and first.stderr == ""

    (work / "example.py").write_text(textwrap.dedent(API_EXAMPLE))
    printed = run(installed, work, "python", "example.py").stdout.splitlines()
    assert printed[0] == "[1, 3, 4, 6, 8]"
    assert printed[1] == "True"
    count, x, y = printed[2].split()
    assert int(count) > 5 and (x, y) == ("3", "5")
