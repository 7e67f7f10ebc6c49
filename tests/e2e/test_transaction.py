"""Builds published whole: one build at a time per output, and a build killed at
any moment leaves the previous one complete and consistent."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import time
import zipfile
from pathlib import Path

import pytest

from tests.helpers.commands import WYTHOFF, brief_config, tiny_config, unmeasured, wythoff
from tests.helpers.sampling import sample_rng

pytestmark = pytest.mark.slow

KILLS = 6
"""Builds killed per run, one at a random moment of each sixth of a build's time
(another moment each run: the runs cover the whole build)."""


def published_build_ids(output: Path) -> dict[str, str]:
    """The build id each published output carries, read the way a user reads it."""
    with sqlite3.connect(output / "wythoff.sqlite") as connection:
        database = connection.execute("SELECT value FROM build_info WHERE key = 'build_id'")
        (database_id,) = database.fetchone()
        (integrity,) = connection.execute("PRAGMA integrity_check").fetchone()
    assert integrity == "ok"
    with zipfile.ZipFile(output / "wythoff-data.zip") as archive:
        assert archive.testzip() is None
        zipped = json.loads(archive.read("metadata.json"))["build_id"]
    return {
        "folder": (output / "current").resolve().name,
        "database": database_id,
        "metadata": json.loads((output / "metadata.json").read_text())["build_id"],
        "archive": zipped,
        "csv": (output / "csv").resolve().parent.name,
        "bfiles": (output / "bfiles").resolve().parent.name,
    }


def wait_for_lock(lock: Path, pid: int) -> None:
    """Wait until the process ``pid`` holds the output's lock (it writes its PID there)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if lock.exists() and lock.read_text().strip() == str(pid):
            return
        time.sleep(0.02)
    raise AssertionError(f"process {pid} never took the lock {lock}")


def test_a_second_build_on_the_same_output_is_refused_in_one_line(tmp_path):
    config = tiny_config(tmp_path, terms=300_000)
    first = subprocess.Popen(
        [WYTHOFF, "build", "--config", str(config), "--quiet"], env=unmeasured()
    )
    wait_for_lock(tmp_path / "data" / ".lock", first.pid)
    second = wythoff("build", "--config", str(config), "--quiet", check=False)
    first.send_signal(signal.SIGKILL)
    first.wait()
    assert second.returncode == 2
    assert second.stderr.count("\n") == 1 and f"process {first.pid}" in second.stderr
    assert "--wait" in second.stderr and "Traceback" not in second.stderr


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            lines = status.read_text().splitlines()
        except OSError:  # ended meanwhile
            continue
        if f"PPid:\t{pid}" in lines:
            found.add(int(status.parent.name))
    return found


def test_a_killed_build_takes_its_workers_with_it(tmp_path):
    """kill -9 (or the out-of-memory killer) ends a build without closing its pool;
    the workers notice that their parent is gone and exit, not wait forever."""
    config = tiny_config(tmp_path, terms=300_000)
    build = subprocess.Popen(
        [WYTHOFF, "build", "--config", str(config), "--quiet", "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=unmeasured(),
    )
    deadline = time.monotonic() + 120
    while len(workers := children(build.pid)) < 2 and time.monotonic() < deadline:
        assert build.poll() is None, "the build ended before its workers started"
        time.sleep(0.05)
    assert len(workers) >= 2, "no pool started"
    build.send_signal(signal.SIGKILL)
    build.wait()
    deadline = time.monotonic() + 10
    while (alive := {p for p in workers if Path(f"/proc/{p}").exists()}) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.1)
    assert not alive, f"workers {alive} outlived the build"


def test_wait_lets_a_second_build_follow_the_first(tmp_path):
    config = brief_config(tmp_path)
    first = subprocess.Popen(  # a plain build, measured elsewhere; the point is the second
        [WYTHOFF, "build", "--config", str(config), "--quiet"], env=unmeasured()
    )
    wait_for_lock(tmp_path / "data" / ".lock", first.pid)
    second = wythoff("build", "--config", str(config), "--quiet", "--wait")
    assert first.wait() == 0 and second.returncode == 0
    ids = published_build_ids(tmp_path / "data")
    assert len(set(ids.values())) == 1


def test_a_build_killed_at_any_moment_leaves_one_consistent_build(tmp_path):
    config = brief_config(tmp_path)
    output = tmp_path / "data"
    started = time.monotonic()  # timed as the builds killed below run: unmeasured
    wythoff("build", "--config", str(config), "--quiet", "--workers", "1", env=unmeasured())
    duration = time.monotonic() - started
    previous = published_build_ids(output)
    rng, note = sample_rng("kill moments")
    moments = [duration * (kill + rng.random()) / KILLS for kill in range(KILLS)]
    for moment in moments:
        process = subprocess.Popen(
            [WYTHOFF, "build", "--config", str(config), "--quiet", "--workers", "1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=unmeasured(),
        )
        time.sleep(moment)  # the moment to kill at, not a wait for an event
        process.send_signal(signal.SIGKILL)
        process.wait()
        ids = published_build_ids(output)
        assert len(set(ids.values())) == 1, f"kill at {moment:.2f} s: mixed outputs {ids}; {note}"
        assert ids["folder"] in (previous["folder"], *_folders(output)), (ids, note)
        previous = ids
    wythoff("build", "--config", str(config), "--quiet")
    assert len(set(published_build_ids(output).values())) == 1
    assert [p.name for p in (output / ".builds").iterdir()] == [
        published_build_ids(output)["folder"]
    ]
    assert not list(output.rglob("*.building"))


def _folders(output: Path) -> list[str]:
    return [p.name for p in (output / ".builds").iterdir()]
