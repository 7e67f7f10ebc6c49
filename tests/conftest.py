"""Settings for every tier of the suite: hypothesis runs each property on 60
examples with no deadline (the suite runs on two cores beside other work).

Shared data and helpers are in ``tests/helpers``; each tier's fixtures in its
own ``conftest.py``."""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "suite",
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("suite")

if "WYTHOFF_RUN_CACHE" not in os.environ:  # pytest itself, before it starts its workers
    os.environ["WYTHOFF_RUN_CACHE"] = tempfile.mkdtemp(prefix="wythoff-cache-")
os.environ["WYTHOFF_CACHE"] = os.environ["WYTHOFF_RUN_CACHE"]
"""The rows of Sprague–Grundy tables proven by a test are kept here, never in the
user's cache: one folder for the run, which its xdist workers and the commands they
run inherit, so that a row proven once is read by every test after it (the cache
writes each file whole, under a name of its own, then renames it)."""

BOUNDS_TIER = (
    "tests/unit/core/games/test_rules_space.py",
    "tests/unit/core/games/test_sparse.py",
    "tests/unit/core/games/test_solver.py",
    "tests/unit/core/games/test_grundy.py",
    "tests/unit/core/test_quadratic.py",
)
"""The tests ``make check`` runs with numba's bounds checks on (``--tier bounds``): the
solvers', the Sprague-Grundy sweep's, the exact floors' bulk kernels, and one chunk of
the random rules files.  The full run (``--tier rest``) runs every other test, so that
each test runs once in ``make check``; without ``--tier`` every test runs."""


def in_bounds_tier(item: pytest.Item) -> bool:
    path = item.path.relative_to(Path(__file__).parents[1]).as_posix()
    if path not in BOUNDS_TIER:
        return False
    return "every_rules_file" not in item.name or "[chunk0]" in item.name


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--tier",
        choices=("bounds", "rest"),
        help="bounds: only the tests run with numba's bounds checks; rest: all the others",
    )


MEASURED_CASES = 3
"""How many cases of a parametrized test run with line coverage (``make check``'s full
tier measures it); the others run unmeasured, in process and in the commands they
start.  A sweep's later cases run the lines its first cases ran (and the builds of
every family run the rest), at two to four times the cost when traced."""


def measure_first_cases(items: list[pytest.Item]) -> None:
    """Mark each parametrized test's cases past its first :data:`MEASURED_CASES`
    ``no_cover`` (pytest-cov's marker; :func:`pytest_runtest_call` extends it to the
    commands the case starts)."""
    cases: Counter[str] = Counter()
    for item in items:
        if getattr(item, "callspec", None) is None:
            continue
        function = item.nodeid.partition("[")[0]
        cases[function] += 1
        if cases[function] > MEASURED_CASES:
            item.add_marker(pytest.mark.no_cover)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A ``no_cover`` test's commands run unmeasured too: coverage starts in a
    subprocess from the ``COVERAGE_PROCESS_*`` variables, left out while it runs."""
    if item.get_closest_marker("no_cover") is None:
        return (yield)
    measured = {k: os.environ.pop(k) for k in list(os.environ) if k.startswith("COVERAGE_PROCESS_")}
    try:
        return (yield)
    finally:
        os.environ.update(measured)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    measure_first_cases(items)
    tier = config.getoption("--tier")
    if tier is None:
        return
    chosen = {item: in_bounds_tier(item) == (tier == "bounds") for item in items}
    config.hook.pytest_deselected(items=[item for item, keep in chosen.items() if not keep])
    items[:] = [item for item, keep in chosen.items() if keep]
