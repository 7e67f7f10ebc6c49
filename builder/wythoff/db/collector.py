"""Bulk passes over tens of millions of rows, without the cyclic garbage collector.

Reading or writing the terms table creates a tuple per row; every 700 new
container objects Python's cyclic collector runs, and in a large build (45 M
terms) those runs cost twice the work they interrupt.  Rows of plain integers
and strings form no reference cycles, so a bulk pass pauses the collector and
restores it after; reference counting still frees every row as it goes.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block (left as it was found)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
