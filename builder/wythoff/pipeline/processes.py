"""Worker processes that end with the command that started them.

A pool's workers wait for work on a pipe that they hold open themselves, so when
the command dies without closing its pool (``kill -9``, the out-of-memory killer)
they would wait, and hold their memory, forever.  Each worker watches its parent
and exits when it is gone.  And when the command stops (a failed check, Ctrl-C,
SIGTERM) while the pool still has work, its workers are ended at once rather than
waited for: a large build's queued games would otherwise hold the stop for minutes.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.process import BaseProcess

PARENT_CHECK_SECONDS = 0.5


@contextmanager
def pool(workers: int, start_method: str | None = "spawn") -> Iterator[ProcessPoolExecutor]:
    """A process pool whose workers exit with their parent (``spawn``: fresh interpreters;
    ``None``: the platform's default way to start them).  Left normally, it waits for
    its work; left by an exception (or a generator's close), it ends its workers now."""
    context = multiprocessing.get_context(start_method)
    executor = ProcessPoolExecutor(
        workers, mp_context=context, initializer=exit_with_parent, initargs=(os.getpid(),)
    )
    try:
        yield executor
    except BaseException:
        end_now(executor)
        raise
    executor.shutdown()


def end_now(executor: ProcessPoolExecutor) -> None:
    """Cancel the pool's queued work and end its workers without waiting for their
    current task (``ProcessPoolExecutor`` has no public way to do so: its workers are
    in ``_processes``)."""
    workers = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    end(workers)


def end(processes: Iterable[BaseProcess]) -> None:
    """End each process now: SIGTERM, then SIGKILL for one still alive
    :data:`END_SECONDS` later; never waits longer than that twice over."""
    running = [process for process in processes if process.is_alive()]
    for process in running:
        process.terminate()
    for process in running:
        process.join(timeout=END_SECONDS)
        if process.is_alive():  # SIGTERM held off (seen in a worker still starting up)
            process.kill()
            process.join(timeout=END_SECONDS)


END_SECONDS = 1.0
"""How long a terminated process is waited for before it is killed (SIGTERM ends an
idle or busy worker at once; one still starting up has been seen to hold it off)."""


def exit_with_parent(parent: int) -> None:
    """Start a thread that ends this process once ``parent`` is no longer its parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
