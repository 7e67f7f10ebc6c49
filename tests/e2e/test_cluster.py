"""The build on a Dask cluster: real ``dask scheduler`` and ``dask worker`` processes.

A cluster build equals the local build of the same configuration, table by table
and file by file (all but the build's id); a worker killed in the middle of a build
has its units run again on the other and the build still equals the local one; a
scheduler lost stops the build in one line, status 2, and the published build stays
as it was; without a scheduler, Dask is never imported.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers import cluster
from tests.helpers.commands import WYTHOFF, tiny_config, wythoff
from tests.helpers.published import assert_same_build, exported, public_rows

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("cluster")]

DATE = {"SOURCE_DATE_EPOCH": "1700000000"}  # the same build date in every build here


@dataclass(frozen=True)
class Reference:
    """A tiny configuration, what its local build published, the modules it imported,
    and its peak memory (MB)."""

    config: Path
    published: Path
    imports: str
    peak: float


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Reference:
    root = tmp_path_factory.mktemp("cluster-build")
    config = tiny_config(root)
    command = [sys.executable, "-X", "importtime", "-m", "wythoff", "build", "--config"]
    command += [str(config), "--quiet", "--workers", "1"]
    status, _, err, peak = measured(command, root)
    assert status == 0, err[-2000:]
    copy = root / "local"
    shutil.copytree((root / "data" / "current").resolve(), copy)
    return Reference(config, copy, err, peak)


def measured(command: list[str], folder: Path) -> tuple[int, str, str, float]:
    """Run ``command`` to its end: its status, output, errors, and peak resident memory
    in MB (the kernel's, through ``wait4``: the largest of the process and the
    processes it waited for)."""
    out, err = folder / "out.txt", folder / "err.txt"
    with open(out, "w") as stdout, open(err, "w") as stderr:
        process = subprocess.Popen(command, stdout=stdout, stderr=stderr, env=environment())
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, out.read_text(), err.read_text(), usage.ru_maxrss / 1024


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory) -> Iterator[cluster.Cluster]:
    """Two workers, shared by the tests of this module (the worker test kills one)."""
    with cluster.running(tmp_path_factory.mktemp("dask"), workers=2) as running:
        yield running


def environment() -> dict[str, str]:
    """The package importable as here, and the same build date in every build here."""
    return {**cluster.environment(), **DATE}


def build(config: Path, address: str) -> subprocess.Popen:
    command = [WYTHOFF, "build", "--config", str(config), "--quiet", "--scheduler", address]
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(),
    )


def busy_worker(address: str, process: subprocess.Popen) -> tuple[str, str]:
    """The name and address of a worker running a unit of the build, once one does."""
    from distributed import Client

    with Client(address, set_as_default=False) as client:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert process.poll() is None, "the build ended before it sent its units"
            workers = client.scheduler_info()["workers"]
            for worker, tasks in client.processing().items():
                if tasks and worker in workers:
                    return str(workers[worker]["name"]), worker
            time.sleep(0.02)
    raise AssertionError("no worker ever ran a unit of the build")


def units_lost_with(address: str, worker: str) -> set[str]:
    """The units the scheduler had to run again when ``worker`` was lost: those it was
    running, and those it held computed."""
    from distributed import Client

    with Client(address, set_as_default=False) as client:
        events = [event for _, event in client.get_events(worker)]
    [removed] = [event for event in events if event.get("action") == "remove-worker"]
    lost_computed = removed.get("lost-computed-tasks", ())  # listed since Dask 2024.x
    return {*removed["processing-tasks"], *lost_computed}


def test_a_local_build_never_imports_dask(reference):
    imported = [line.rpartition("|")[2].strip() for line in reference.imports.splitlines()]
    assert "wythoff.pipeline.compute" in imported  # the build ran, and the log shows it
    assert not [name for name in imported if name.split(".")[0] in ("dask", "distributed")]


def test_a_cluster_build_equals_the_local_build(reference, dask_cluster, tmp_path):
    command = [WYTHOFF, "build", "--config", str(reference.config), "--quiet"]
    status, _, err, peak = measured([*command, "--scheduler", dask_cluster.address], tmp_path)
    assert status == 0, err
    assert_same_build(reference.published, reference.config.parent / "data")
    # the driver takes the results a block at a time, as they arrive, and solves no game:
    # it needs no more than the local build, which solves every game (Dask's client aside)
    assert peak < reference.peak + DASK_CLIENT_MB, (peak, reference.peak)


DASK_CLIENT_MB = 120
"""What importing and running Dask's client adds to a process."""


def test_a_worker_killed_midway_has_its_units_run_again(reference, dask_cluster):
    running = build(reference.config, dask_cluster.address)
    victim, worker = busy_worker(dask_cluster.address, running)
    cluster.kill(dask_cluster.workers[victim])
    out, err = running.communicate(timeout=120)
    assert running.returncode == 0, err
    assert units_lost_with(dask_cluster.address, worker)  # and run again on the other
    assert_same_build(reference.published, reference.config.parent / "data")


def test_a_lost_scheduler_stops_the_build_in_one_line(reference, tmp_path):
    output = reference.config.parent / "data"
    before = (output / "current").resolve()
    snapshot = exported(before), public_rows(before / "wythoff.sqlite")
    slower = tmp_path / "slower.toml"  # the same output, games long enough to lose
    slower.write_text(
        reference.config.read_text().replace("solver_board = 60", "solver_board = 300")
    )
    with cluster.running(tmp_path / "dask", workers=1) as alone:
        running = build(slower, alone.address)
        busy_worker(alone.address, running)
        cluster.kill(alone.scheduler)
        out, err = running.communicate(timeout=120)
    assert running.returncode == 2
    assert err.count("\n") == 1 and "lost the scheduler" in err, err
    assert "nothing was replaced" in err and "Traceback" not in err
    assert (output / "current").resolve() == before
    assert (exported(before), public_rows(before / "wythoff.sqlite")) == snapshot


def test_workers_of_another_version_are_refused_in_one_line(tmp_path):
    other = tmp_path / "other"
    package = other / "wythoff"
    shutil.copytree(
        cluster.SOURCE / "wythoff", package, ignore=shutil.ignore_patterns("__pycache__")
    )
    init = package / "__init__.py"
    init.write_text(re.sub(r'__version__ = ".*"', '__version__ = "0.0.0"', init.read_text()))
    config = tiny_config(tmp_path)
    with cluster.running(tmp_path / "dask", workers=1, source=other) as elsewhere:
        done = wythoff(
            "build", "--config", str(config), "--scheduler", elsewhere.address, check=False
        )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "run wythoff 0.0.0" in done.stderr, done.stderr
    assert "install the same version on every worker" in done.stderr
    assert not (tmp_path / "data" / "current").exists()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_no_scheduler_listening_is_one_line_quickly(tmp_path):
    config = tiny_config(tmp_path)
    address = f"tcp://127.0.0.1:{free_port()}"
    started = time.monotonic()
    done = wythoff("build", "--config", str(config), "--scheduler", address, check=False)
    assert done.returncode == 2
    assert (
        done.stderr.count("\n") == 1 and f"cannot reach the scheduler at {address}" in done.stderr
    )
    assert time.monotonic() - started < 30
    assert not (tmp_path / "data" / "current").exists()


def test_a_bad_scheduler_address_is_one_line(tmp_path):
    config = tiny_config(tmp_path)
    done = wythoff("build", "--config", str(config), "--scheduler", "8786", check=False)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "tcp://host:8786" in done.stderr
