"""One small real build (database, exports, site), shared by the end-to-end tests.

Built once per test run through the real command line (``wythoff build`` and
``wythoff site``), even with several pytest-xdist workers (a file lock), and
served over HTTP on localhost for the browser tests.
"""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from wythoff.website.serve import in_background

from tests.conftest import SMALL_RANGES, families_toml, narrowed

WYTHOFF = shutil.which("wythoff") or str(Path(sys.executable).parent / "wythoff")

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


def wythoff(*args: str, check: bool = True, **options) -> subprocess.CompletedProcess:
    """Run the real ``wythoff`` command."""
    result = subprocess.run([WYTHOFF, *args], capture_output=True, text=True, **options)
    if check and result.returncode != 0:
        raise AssertionError(f"wythoff {' '.join(args)} failed:\n{result.stderr}")
    return result


def write_config(root: Path, **overrides: object) -> Path:
    text = SMALL_CONFIG.format(root=root)
    for key, value in overrides.items():
        text = "\n".join(
            f"{key} = {value}" if line.startswith(f"{key} =") else line for line in text.split("\n")
        )
    path = root / "config.toml"
    root.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _run_directory(tmp_path_factory) -> Path:
    """This test run's temporary directory, shared by its xdist workers (whose own
    directories sit one level below it) and never by an earlier run."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if base.name.startswith("popen-gw") else base


@pytest.fixture(scope="session")
def small_build(tmp_path_factory) -> Build:
    shared = _run_directory(tmp_path_factory)
    root = shared / "small-build"
    with open(shared / "small-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / "done").exists():
            shutil.rmtree(root, ignore_errors=True)
            config = write_config(root)
            wythoff("build", "--config", str(config), "--quiet")
            wythoff("site", "--config", str(config), "--quiet")
            (root / "done").touch()
    return Build(
        root=root,
        config=root / "config.toml",
        database=root / "data" / "wythoff.sqlite",
        output=root / "data",
        site=root / "build" / "site",
    )


@pytest.fixture(scope="session")
def site_url(small_build) -> Iterator[str]:
    """The built site, served by ``wythoff serve`` (as any static host would)."""
    with in_background(small_build.site) as url:
        yield url
