"""Units of work on a Dask distributed cluster, their results in the build's order.

The same work as the local process pool (:mod:`wythoff.pipeline.processes`), sent to
the scheduler at a ``tcp://`` or ``tls://`` address instead: each run of units is one
task, keyed by what it computes, and the results come back in the order the units
were given, each as soon as it and those before it have arrived.  The tasks are pure
(the same units give the same results), so when a worker is lost the scheduler runs
its tasks again on another and the build's content does not change.

Dask is an optional dependency (``pip install wythoff-sequences[cluster]``), imported
only here and only when a build names a scheduler.  The workers need the same
version of the package installed (``wythoff`` importable); it is checked when the
build connects.  Whatever goes wrong with the cluster (no scheduler, scheduler lost,
workers of another version) is a :class:`ClusterError` of one line, raised before
anything is published.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

import wythoff

if TYPE_CHECKING:
    from distributed import Client, Future

Unit = TypeVar("Unit")
Result = TypeVar("Result")

CONNECT_SECONDS = 5
"""How long to try to reach the scheduler before giving up."""

WORKERS_SECONDS = 60
"""How long to wait for a first worker to join the scheduler."""


class ClusterError(RuntimeError):
    """The cluster cannot run the build (one line naming the problem)."""


def ordered_results(
    address: str,
    function: Callable[[Unit], Result],
    units: Sequence[Unit],
    per_task: int,
    ahead: int = 0,
) -> Iterator[Result]:
    """``function`` of every unit, in the units' order, computed on the cluster at
    ``address``: runs of ``per_task`` consecutive units make one task (like the
    local pool's chunks, so a worker reuses what the unit before computed).

    Tasks are submitted about ``ahead`` units, and at least :data:`TASKS_AHEAD` tasks a
    worker thread, ahead of the one whose results are taken, so that the workers,
    like this process, hold the results of a bounded number of tasks however many
    there are."""
    _require_dask()
    runs = [list(units[start : start + per_task]) for start in range(0, len(units), per_task)]
    with _reported(address), _client(address) as client:
        threads = max(1, sum(client.nthreads().values()))
        tasks_ahead = max(TASKS_AHEAD * threads, ahead // per_task + threads)
        pending: deque[Future[list[Result]]] = deque()
        for index, run in enumerate(runs):
            key = _key(function, index, run)
            pending.append(client.submit(run_all, function, run, key=key))
            if len(pending) > tasks_ahead:
                yield from _taken(pending.popleft())
        while pending:
            yield from _taken(pending.popleft())


TASKS_AHEAD = 2
"""Tasks a worker thread has waiting or done before the build takes their results."""


def _taken(future: Future[list[Result]]) -> list[Result]:
    """A task's results, released from the cluster."""
    results: list[Result] = future.result()
    future.release()
    return results


def _require_dask() -> None:
    """Dask's distributed scheduler is installed, or a :class:`ClusterError` says how to."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterError(
            "a build on a cluster needs Dask: pip install 'wythoff-sequences[cluster]'"
        ) from None


def run_all(function: Callable[[Unit], Result], units: list[Unit]) -> list[Result]:
    """One task: ``function`` of each unit, in order."""
    return [function(unit) for unit in units]


def _key(function: Callable[..., object], index: int, units: object) -> str:
    """A task's name on the scheduler: what it computes (the same units give the same key
    in every build, so a task run twice is recognised as one)."""
    from dask.base import tokenize

    name = function.__qualname__.strip("_").replace("_", "-")
    return f"wythoff-{name}-{index}-{tokenize(wythoff.__version__, function, units)}"


@contextmanager
def _client(address: str) -> Iterator[Client]:
    """A client of the scheduler at ``address`` with at least one worker, every worker
    running this version of the package."""
    from distributed import Client

    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError) as error:
        raise ClusterError(
            f"cannot reach the scheduler at {address}: {_first_line(error)}"
        ) from None
    try:
        try:
            client.wait_for_workers(1, timeout=WORKERS_SECONDS)
        except TimeoutError:
            raise ClusterError(
                f"no worker joined the scheduler at {address} in {WORKERS_SECONDS} s"
            ) from None
        _check_versions(client)
        yield client
    finally:
        client.close(timeout=CONNECT_SECONDS)


def _check_versions(client: Client) -> None:
    """Refuse workers that run another version of the package (or cannot import it)."""
    try:
        versions: dict[str, str] = client.run(worker_version)
    except (ImportError, AttributeError) as error:
        raise ClusterError(f"a worker cannot run wythoff {wythoff.__version__}: {error}") from None
    other = {w: v for w, v in versions.items() if v != wythoff.__version__}
    if other:
        worker, version = sorted(other.items())[0]
        raise ClusterError(
            f"{len(other)} of {len(versions)} workers run wythoff {version} (e.g. {worker}), "
            f"this build {wythoff.__version__}: install the same version on every worker"
        )


def worker_version() -> str:
    """The version of the package a worker runs."""
    return wythoff.__version__


@contextmanager
def _reported(address: str) -> Iterator[None]:
    """Dask's failures as one :class:`ClusterError`; the client's own log, which would
    say the same over many lines, is kept quiet meanwhile."""
    from distributed.scheduler import KilledWorker

    try:
        with _quiet("distributed"):
            yield
    except KilledWorker as error:
        raise ClusterError(f"a unit of work killed every worker it ran on: {error}") from None
    except CancelledError:
        raise ClusterError(f"lost the scheduler at {address}: its tasks were cancelled") from None
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"lost the scheduler at {address}: {_first_line(error)}") from None


@contextmanager
def _quiet(name: str) -> Iterator[None]:
    """The handlers of the logger ``name`` (Dask prints its log through its own) print
    nothing below CRITICAL meanwhile."""
    handlers = logging.getLogger(name).handlers
    levels = [handler.level for handler in handlers]
    for handler in handlers:
        handler.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for handler, level in zip(handlers, levels, strict=True):
            handler.setLevel(level)


def _first_line(error: BaseException) -> str:
    """What an error says, in one line (its type when it says nothing)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
