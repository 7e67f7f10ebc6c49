"""The suite's own scheduling: `make` runs the tests on two workers with
``--dist loadgroup``, and the tests that share an expensive fixture (a PostgreSQL
server and its build, a Dask cluster, one game's board) are marked with one
``xdist_group`` so that one worker makes it once.  A pytest and pytest-xdist pair
that ignores the mark runs every test still, only slower, so nothing else would
notice: this test does."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

from tests.helpers.commands import unmeasured

REPO = Path(__file__).parents[2]
SUITE_COVERAGE = (
    "-c",
    "/dev/null",
    f"--cov-config={REPO / 'pyproject.toml'}",
    "--cov-fail-under=0",
)
"""A tiny suite's options: no pytest settings of the project's, its coverage settings
(the core that measures, as in ``make check``)."""


def test_tests_of_one_group_run_on_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(
        textwrap.dedent(
            """
            import pytest

            @pytest.mark.xdist_group("shared")
            @pytest.mark.parametrize("i", range(8))
            def test_grouped(i):
                pass

            @pytest.mark.parametrize("i", range(8))
            def test_free(i):
                pass
            """
        )
    )
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2"]
    command += ["--dist", "loadgroup", "-v", "--no-cov", "-c", "/dev/null", "test_grouped.py"]
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    ran = re.findall(r"^\[(gw\d+)\] .*PASSED \S*::test_grouped\[", result.stdout, re.MULTILINE)
    grouped = Counter(ran)
    assert sum(grouped.values()) == 8, result.stdout
    assert len(grouped) == 1, f"one group ran on several workers: {dict(grouped)}"


def test_a_no_cover_test_runs_untraced_on_a_worker_of_a_measured_run(tmp_path):
    """The sparse sweeps of ``tests/conftest.py`` save their time only if nothing traces
    a ``no_cover`` test: on a worker, coverage started twice more before pytest-cov's
    own (the conftest's ``pytest_sessionstart`` stops them)."""
    (tmp_path / "test_traced.py").write_text(
        textwrap.dedent(
            """
            import pytest

            from tests.helpers.tracing import measuring

            @pytest.mark.no_cover
            def test_unmeasured():
                assert not measuring()

            def test_measured():
                assert measuring()
            """
        )
    )
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "tests.conftest"]
    command += ["-n", "1", "--cov", "--cov-report=", *SUITE_COVERAGE, "test_traced.py"]
    environment = {**unmeasured(), "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_an_oracle_runs_untraced_and_the_test_traced_again(tmp_path):
    """:func:`tests.helpers.tracing.untraced` stops the run's coverage for its block
    alone, in a measured run with workers or without."""
    (tmp_path / "test_oracle.py").write_text(
        textwrap.dedent(
            """
            from tests.helpers.tracing import measuring, run_untraced, untraced

            @run_untraced
            def oracle():
                return measuring()

            def test_oracle():
                assert measuring()
                with untraced():
                    assert not measuring()
                assert measuring() and not oracle()
                assert measuring()
            """
        )
    )
    for workers in ("0", "1"):
        command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "tests.conftest"]
        command += ["-n", workers, "--cov", "--cov-report=", *SUITE_COVERAGE, "test_oracle.py"]
        environment = {**unmeasured(), "PYTHONPATH": str(REPO)}
        result = subprocess.run(
            command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120
        )
        assert result.returncode == 0, result.stdout + result.stderr
