"""A real Dask cluster on this machine: ``dask scheduler`` and ``dask worker``
processes, as a user starts them, each in its own process group so that a test can
kill one (the worker's nanny with its worker) and everything ends with the test.

The workers import the package from where this process imports it (``PYTHONPATH``),
so that they run the same version as the build.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import wythoff

from tests.helpers.commands import unmeasured

DASK = Path(sys.executable).parent / "dask"
START_SECONDS = 60


@dataclass
class Cluster:
    """A running scheduler and its workers, by name (``worker-1`` ...)."""

    address: str
    scheduler: subprocess.Popen
    workers: dict[str, subprocess.Popen] = field(default_factory=dict)


SOURCE = Path(wythoff.__file__).parents[1]
"""The folder this process imports the package from."""


def environment(source: Path = SOURCE) -> dict[str, str]:
    """This environment, with the package importable from ``source``."""
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(source), path) if p)}


def start(command: list[str], log: Path, source: Path = SOURCE) -> subprocess.Popen:
    """A process in a session of its own, its output in ``log``, the package from ``source``.

    Without line coverage: a scheduler or a worker ends killed (:func:`kill`), which
    never writes its coverage data, so measuring it would only slow it down."""
    with log.open("wb") as out:
        return subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=unmeasured(environment(source)),
            start_new_session=True,
        )


def kill(process: subprocess.Popen) -> None:
    """End ``process`` and its children (its process group) at once."""
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def scheduler_address(file: Path, process: subprocess.Popen) -> str:
    """The address the scheduler writes to its file once it listens."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        assert process.poll() is None, "the scheduler exited at start"
        if file.exists() and file.stat().st_size:
            try:
                return str(json.loads(file.read_text())["address"])
            except json.JSONDecodeError:  # being written
                pass
        time.sleep(0.05)
    raise AssertionError(f"the scheduler wrote no address to {file}")


def wait_for_workers(address: str, count: int) -> None:
    """Return once ``count`` workers have joined the scheduler."""
    from distributed import Client

    with Client(address, set_as_default=False, timeout=START_SECONDS) as client:
        client.wait_for_workers(count, timeout=START_SECONDS)


@contextmanager
def running(folder: Path, workers: int, source: Path = SOURCE) -> Iterator[Cluster]:
    """A scheduler on a free port with ``workers`` workers of one thread each (the
    package imported from ``source``), all killed on the way out, whatever happened."""
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / "scheduler.json"
    file.unlink(missing_ok=True)
    command = [str(DASK), "scheduler", "--port", "0", "--no-dashboard"]
    scheduler = start([*command, "--scheduler-file", str(file)], folder / "scheduler.log")
    cluster = Cluster("", scheduler)
    try:
        cluster.address = scheduler_address(file, scheduler)
        for number in range(1, workers + 1):
            name = f"worker-{number}"
            worker = [str(DASK), "worker", cluster.address, "--name", name, "--nthreads", "1"]
            worker += ["--nworkers", "1", "--no-dashboard", "--local-directory", str(folder)]
            cluster.workers[name] = start(worker, folder / f"{name}.log", source)
        wait_for_workers(cluster.address, workers)
        yield cluster
    finally:
        for process in [*cluster.workers.values(), scheduler]:
            kill(process)
