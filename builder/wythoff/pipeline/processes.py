"""Worker processes that end with the command that started them.

A pool's workers wait for work on a pipe that they hold open themselves, so when
the command dies without closing its pool (``kill -9``, the out-of-memory killer)
they would wait, and hold their memory, forever.  Each worker watches its parent
and exits when it is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

PARENT_CHECK_SECONDS = 0.5


def pool(workers: int, start_method: str | None = "spawn") -> ProcessPoolExecutor:
    """A process pool whose workers exit with their parent (``spawn``: fresh interpreters;
    ``None``: the platform's default way to start them)."""
    context = multiprocessing.get_context(start_method)
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=exit_with_parent, initargs=(os.getpid(),)
    )


def exit_with_parent(parent: int) -> None:
    """Start a thread that ends this process once ``parent`` is no longer its parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
