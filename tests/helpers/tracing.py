"""Code of the tests' own run untraced in a measured run: an oracle written in a test, a
program an entry publishes.  Line coverage counts the package's lines alone, yet
tracing slows every line the interpreter runs, the test's own as much as the
package's: an oracle that loops over a board in Python takes two to four times as long
traced, for lines no report counts."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

import coverage

P = ParamSpec("P")
R = TypeVar("R")


def measuring() -> bool:
    """Whether line coverage measures this thread now: coverage's tracer (``sys.settrace``)
    on Python 3.11, its ``sys.monitoring`` tool (the ``sysmon`` core the configuration
    asks for, where the interpreter has it) on 3.12 and later."""
    if sys.gettrace() is not None:
        return True
    monitoring = getattr(sys, "monitoring", None)
    return monitoring is not None and monitoring.get_tool(monitoring.COVERAGE_ID) is not None


@contextmanager
def untraced() -> Iterator[None]:
    """The run's coverage, if one runs, stopped while the block runs and started again
    after it.  A package's line that the block calls (``Rules.moves`` in a definition)
    is not counted there: the tests of the package count it."""
    running = coverage.Coverage.current()
    if running is None:
        yield
        return
    running.stop()
    try:
        yield
    finally:
        running.start()


def run_untraced(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` run :func:`untraced`."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with untraced():
            return function(*args, **kwargs)

    return wrapper
