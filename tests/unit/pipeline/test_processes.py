"""A pool left by an exception ends its workers at once, even busy ones with work
queued behind them; a pool left normally waits for its work."""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time

import pytest
from wythoff.pipeline import processes

HANG_DEADLINE_S = 30  # a deadline for a hang only: the stop itself takes milliseconds
BUSY_S = 600


def _busy(seconds: float) -> float:
    """A task that would hold a worker for ``seconds``."""
    time.sleep(seconds)
    return seconds


def _alive(workers: list) -> list:
    """The workers not yet ended, waiting for each up to the hang deadline.  The pool's
    end and this test wait for the same worker from two threads: the one that does not
    reap it returns from ``join`` while the other has yet to record its exit code, and
    ``is_alive`` says yes for that moment (seen once in 6 runs of the unit tier, loaded)."""
    deadline = time.monotonic() + HANG_DEADLINE_S
    for worker in workers:
        worker.join(HANG_DEADLINE_S)
        while worker.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
    return [w for w in workers if w.is_alive()]


@pytest.mark.parametrize("start_method", ["spawn", None])
def test_a_pool_left_by_an_exception_ends_its_busy_workers_now(start_method):
    ended = threading.Event()
    workers: list = []

    def stopped_build() -> None:
        with pytest.raises(KeyboardInterrupt), processes.pool(2, start_method) as pool:
            futures = [pool.submit(_busy, BUSY_S) for _ in range(6)]
            while sum(f.running() for f in futures) < 2:  # both workers have a task
                time.sleep(0.01)
            workers.extend(pool._processes.values())
            raise KeyboardInterrupt
        ended.set()

    thread = threading.Thread(target=stopped_build, daemon=True)
    thread.start()
    assert ended.wait(HANG_DEADLINE_S), "the pool waited for its busy workers"
    assert len(workers) == 2
    assert not _alive(workers)  # ended, not left to finish their tasks
    assert all(w.exitcode in (-signal.SIGTERM, -signal.SIGKILL) for w in workers)


def test_a_pool_left_normally_gives_every_result():
    with processes.pool(2, start_method=None) as pool:
        futures = [pool.submit(_busy, 0.01 * k) for k in range(5)]
    assert [f.result() for f in futures] == [0.01 * k for k in range(5)]


def _deaf(ready) -> None:
    """A process that holds SIGTERM off, as a worker still starting up was seen to."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    ready.set()
    time.sleep(BUSY_S)


def test_a_process_that_holds_sigterm_off_is_killed():
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    deaf = context.Process(target=_deaf, args=(ready,), daemon=True)
    deaf.start()
    assert ready.wait(HANG_DEADLINE_S)
    ended = threading.Event()
    thread = threading.Thread(target=lambda: (processes.end([deaf]), ended.set()), daemon=True)
    thread.start()
    assert ended.wait(HANG_DEADLINE_S), "end waited for a process that ignores SIGTERM"
    assert deaf.exitcode == -signal.SIGKILL
