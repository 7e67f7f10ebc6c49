"""Running the real ``wythoff`` command: the installed console script (or
``python -m wythoff``) in a subprocess, and small real builds made with it.

``run``/``ok`` for a command's result and output lines; ``wythoff`` runs the
command found on the ``PATH``, as a user would; ``write_config``, ``tiny_config``
and ``brief_config`` write configuration files for builds small enough to test.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from tests.helpers.data import SMALL_RANGES, families_toml, narrowed

SCRIPT = shutil.which("wythoff", path=str(Path(sys.executable).parent)) or shutil.which("wythoff")


def run(*args: str, module: bool = False) -> subprocess.CompletedProcess:
    assert SCRIPT is not None, "the console script 'wythoff' is not installed"
    command = [sys.executable, "-m", "wythoff", *args] if module else [SCRIPT, *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def ok(*args: str, module: bool = False) -> list[str]:
    """Run a command that must succeed; its stdout lines."""
    done = run(*args, module=module)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout.splitlines()


WYTHOFF = shutil.which("wythoff") or str(Path(sys.executable).parent / "wythoff")


def unmeasured(environment: Mapping[str, str] = os.environ) -> dict[str, str]:
    """``environment`` (this process's by default) without the line coverage that
    ``make check`` gives every subprocess (the ``COVERAGE_PROCESS_*`` variables): for a
    command the test kills with SIGKILL, which never writes its coverage data, or whose
    lines other tests run already, since measuring it slows it."""
    return {k: v for k, v in environment.items() if not k.startswith("COVERAGE_PROCESS_")}


SMALL_CONFIG = """\
database = "{root}/data/wythoff.sqlite"
output = "{root}/data"
site = "{root}/build/site"
terms = 400
max_digits = 60
ppositions_max = 100
solver_board = 120
strategy_board = 24
numeration_max = 300
grundy_positions_max = 40
grundy_deep = ["wythoff"]  # its rows 0 .. 63 proven and stored with their values (a second)
grundy_period_rows = 63  # the rows' periods as far as their values (the unit tier: 128)

"""
# Every family of the registry, at its first three values of each parameter.
SMALL_CONFIG += families_toml(narrowed(SMALL_RANGES, 3)).replace("{", "{{").replace("}", "}}")


@dataclass(frozen=True)
class Build:
    root: Path
    config: Path
    database: Path
    output: Path
    site: Path

    @classmethod
    def at(cls, root: Path) -> Build:
        """The build that :func:`write_config`'s configuration in ``root`` describes."""
        data = root / "data"
        return cls(
            root, root / "config.toml", data / "wythoff.sqlite", data, root / "build" / "site"
        )


def wythoff(*args: str, check: bool = True, **options) -> subprocess.CompletedProcess:
    """Run the real ``wythoff`` command."""
    result = subprocess.run([WYTHOFF, *args], capture_output=True, text=True, **options)
    if check and result.returncode != 0:
        raise AssertionError(f"wythoff {' '.join(args)} failed:\n{result.stderr}")
    return result


def in_process(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """The same command run in this interpreter (``wythoff.cli.main``), for a test
    that reads a build through the command but whose point is not the process: it
    saves a Python start-up (importing SQLAlchemy among others) per call.
    The tests of the command itself run it as a subprocess (:func:`wythoff`)."""
    from wythoff.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    result = subprocess.CompletedProcess(["wythoff", *args], status, out.getvalue(), err.getvalue())
    if check and status != 0:
        raise AssertionError(f"wythoff {' '.join(args)} failed:\n{result.stderr}")
    return result


def write_config(root: Path, families: str | None = None, **overrides: object) -> Path:
    """``root/config.toml``: the small build's settings with ``overrides``, and the
    ``families`` table (from ``[families]`` on) in place of its own if given."""
    text = SMALL_CONFIG.format(root=root)
    if families is not None:
        text = text.split("[families]")[0] + families
    for key, value in overrides.items():
        text = "\n".join(
            f"{key} = {value}" if line.startswith(f"{key} =") else line for line in text.split("\n")
        )
    path = root / "config.toml"
    root.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


TINY_BUILD_DATE = "1700000000"
"""The build date (``SOURCE_DATE_EPOCH``) of the end-to-end tier's shared tiny build: a
test that builds the same again at that date compares every file with it."""

# Every family of the registry, at the first two values of each parameter.
TINY_FAMILIES = families_toml(narrowed(SMALL_RANGES, 2))


def tiny_config(root: Path, terms: int = 200, families: str = TINY_FAMILIES) -> Path:
    """A build small enough to run several times in a test."""
    return write_config(root, families, terms=terms, solver_board=60, ppositions_max=50)


# Wythoff's family and one of Larsson's: ten games.
BRIEF_FAMILIES = "[families]\nwythoff = {}\nlarsson = { m = [2, 2], p = [3, 3] }\n"


def copy_of_tiny_build(tiny_build: Build, root: Path) -> Path:
    """A :func:`tiny_config` build (the end-to-end tier's shared ``tiny_build``) copied
    into ``root`` as if built there, its links kept (relative, as the build made them):
    the configuration for ``root``.  For a test that builds again over a build."""
    shutil.copytree(tiny_build.output, root / "data", symlinks=True)
    return tiny_config(root)


def brief_config(root: Path) -> Path:
    """A build of two families: every stage of a build in a few seconds, for a test
    that runs or kills one build after another."""
    return tiny_config(root, families=BRIEF_FAMILIES)


def build_and_site(
    root: Path, families: str | None = None, *, measured: bool = True, **overrides: object
) -> Build:
    """A real build and its site in ``root``, made with the command (``write_config``'s
    arguments); without line coverage (:func:`unmeasured`) unless ``measured``, for a
    build whose lines the small build runs already, larger only in its numbers."""
    config = write_config(root, families, **overrides)
    env = None if measured else unmeasured()
    wythoff("build", "--config", str(config), "--quiet", env=env)
    wythoff("site", "--config", str(config), "--quiet", env=env)
    return Build.at(root)


def render(build: Build, root: Path, *settings: str, measured: bool = True) -> tuple[Path, str]:
    """The site of ``build`` rendered again with these settings into ``root/site``: its
    folder, and what ``wythoff site`` printed; without line coverage unless ``measured``
    (as :func:`build_and_site`)."""
    config = write_config(root)
    config.write_text("\n".join(settings) + "\n" + config.read_text())
    site = root / "site"
    env = None if measured else unmeasured()
    done = wythoff("site", "--config", str(config), "--db", str(build.database),
                   "--output", str(site), "--quiet", env=env)  # fmt: skip
    return site, done.stdout


SUB_PATH_URL = "https://example.org/wythoff/"
"""An address under a sub-path, for a site rendered to be published there."""
RELEASES = "https://example.org/releases/v1/"
"""A release's address, for a site whose downloads are published there."""
ISSUES = "https://example.org/tracker/issues/new"
"""An issue tracker's page for a new issue, where a published site's readers report errors."""


def made_once(shared: Path, name: str, make: Callable[[Path], object]) -> Path:
    """The folder ``shared/name``, made by ``make`` once however many pytest-xdist
    workers ask for it: the first to ask makes it under a file lock, the others wait
    for it there and then read it."""
    root = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / "done").exists():
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir(parents=True)
            make(root)
            (root / "done").touch()
    return root
