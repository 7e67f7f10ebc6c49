"""Settings for every tier of the suite: hypothesis runs each property on 60
examples with no deadline (the suite runs on two cores beside other work).

Shared data and helpers are in ``tests/helpers``; each tier's fixtures in its
own ``conftest.py``."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import coverage
import pytest
from hypothesis import HealthCheck, settings

from tests.helpers.commands import unmeasured

settings.register_profile(
    "suite",
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("suite")

RUN_CACHE_MADE_HERE = "WYTHOFF_RUN_CACHE" not in os.environ
"""Whether this process made the run's cache folder: pytest itself, before it starts
its workers (which inherit the folder's name), and so removes it at the end."""
if RUN_CACHE_MADE_HERE:
    os.environ["WYTHOFF_RUN_CACHE"] = tempfile.mkdtemp(prefix="wythoff-cache-")
os.environ["WYTHOFF_CACHE"] = os.environ["WYTHOFF_RUN_CACHE"]
"""The rows and small tables of Sprague–Grundy values that ``wythoff grundy`` keeps
(:mod:`wythoff.caches`) are kept here, never in the user's cache: one folder for the
run, which its xdist workers and the commands they run inherit, so that a row proven
once is read by every command after it (the cache writes each file whole, under a
name of its own, then renames it).  A build reads none of it.  The process that
made it removes it when the run ends (:func:`pytest_unconfigure`)."""


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's cache folder, from the process that made it (a worker ends
    before the run does)."""
    if RUN_CACHE_MADE_HERE:
        shutil.rmtree(os.environ["WYTHOFF_RUN_CACHE"], ignore_errors=True)


BOUNDS_TIER = (
    "tests/unit/core/games/test_rules_space.py",
    "tests/unit/core/games/test_sparse.py",
    "tests/unit/core/games/test_solver.py",
    "tests/unit/core/games/test_grundy.py",
    "tests/unit/core/games/test_grundy_rows.py",
    "tests/unit/core/test_quadratic.py",
)
"""The tests ``make check`` runs with numba's bounds checks on (``--tier bounds``): the
solvers', the Sprague-Grundy sweep's, the strip's and its rows' proofs', the exact
floors' bulk kernels, and one chunk of the random rules files.  The full run
(``--tier rest``) runs every other test, so that each test runs once in ``make check``;
without ``--tier`` every test runs."""


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


SWEEP_CASES = 40
MEASURED_EVERY = 10
"""A parametrized test of more than :data:`SWEEP_CASES` cases sweeps a space (every
sequence of the catalog, every game on a board, family by family): one case in
:data:`MEASURED_EVERY`, from the first, runs with line coverage (``make check``'s
full tier measures it), the others unmeasured, in process and in the commands they
start.  The cases measured, spread over the sweep, run the lines of each kind of case
it holds, which the others run again at two to four times the cost when traced.  A
shorter list of cases, such as one bad input for each refusal, is measured whole:
each case may be the only one to reach its branch, unless it is listed in
:data:`SWEEPS`."""

SWEEPS = (
    "tests/unit/core/games/test_rules_space.py::test_every_rules_file_has_the_enumerations_p_positions",
    "tests/unit/core/games/test_strategies.py::TestFraenkelStrategies::test_agree_on_the_board",
    "tests/unit/core/test_numeration.py::TestRepresentations::test_uniqueness",
    "tests/unit/core/test_numeration.py::TestRepresentations::test_valid_and_round_trip",
    "tests/unit/core/theorems/test_fraenkel.py::TestStrategies::test_three_strategies_and_beatty_pair_agree_with_solver",
    "tests/unit/core/theorems/test_larsson.py::TestClosedForm::test_p_complementary",
    "tests/unit/families/test_wythoff_grundy.py::TestValuePositions::test_they_are_the_definitions",
    "tests/unit/oeis/test_index.py::TestEveryCommonTerm::test_index_agrees_with_brute_force",
)
"""Sweeps of fewer cases than :data:`SWEEP_CASES`, each case a heavy one running the
same lines as the others on other data (a chunk of random rules files, one value of a
parameter): measured as the long sweeps are, one case in :data:`MEASURED_EVERY`."""


def measure_sweeps_sparsely(items: list[pytest.Item]) -> None:
    """Mark the cases of each sweep that :data:`MEASURED_EVERY` leaves out ``no_cover``
    (pytest-cov's marker; :func:`pytest_runtest_call` extends it to the commands the
    case starts).  The cases counted are those of the tier run (the first case of a
    sweep may run in the bounds-checked tier, which measures nothing)."""
    functions = [item.nodeid.partition("[")[0] for item in items]
    sizes = Counter(f for item, f in zip(items, functions, strict=True) if is_case(item))
    seen: Counter[str] = Counter()
    for item, function in zip(items, functions, strict=True):
        if not is_case(item) or (sizes[function] <= SWEEP_CASES and function not in SWEEPS):
            continue
        if seen[function] % MEASURED_EVERY:
            item.add_marker(pytest.mark.no_cover)
        seen[function] += 1


def is_case(item: pytest.Item) -> bool:
    """Whether ``item`` is one case of a parametrized test."""
    return getattr(item, "callspec", None) is not None


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """A worker of a measured run keeps one coverage running, pytest-cov's, started
    last.  The worker had started two before it: coverage's own for a subprocess (the
    ``patch`` of the configuration), and pytest-cov's for a run without workers, before
    it knew it was one.  Each waited beneath pytest-cov's and traced every ``no_cover``
    test while pytest-cov's paused: the sparse sweeps ran as slowly as if measured."""
    if not hasattr(session.config, "workerinput"):
        return
    running = []
    while (started := coverage.Coverage.current()) is not None:
        started.stop()
        running.append(started)
    if running:
        running[0].start()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A ``no_cover`` test's commands run unmeasured too: coverage starts in a
    subprocess from the ``COVERAGE_PROCESS_*`` variables, left out while it runs."""
    if item.get_closest_marker("no_cover") is None:
        return (yield)
    measured = {k: os.environ.pop(k) for k in os.environ.keys() - unmeasured().keys()}
    try:
        return (yield)
    finally:
        os.environ.update(measured)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    tier = config.getoption("--tier")
    if tier is not None:
        chosen = {item: in_bounds_tier(item) == (tier == "bounds") for item in items}
        config.hook.pytest_deselected(items=[item for item, keep in chosen.items() if not keep])
        items[:] = [item for item, keep in chosen.items() if keep]
    measure_sweeps_sparsely(items)
