"""Samples of a space too large to run whole in every run, where each point tests the
same thing (a moment to kill a build at, a host to run a query on): each run draws
another sample, so that the runs cover the whole space, from a seed that the test
prints and puts in its failure messages.  ``WYTHOFF_TEST_SEED=<seed>`` replays it.

Every pytest-xdist worker of a run draws from the same seed (the run's id), so a
sample split between workers' tests (a share of the queries per host) still covers
the space in each run."""

from __future__ import annotations

import os
import random
import secrets
import zlib


def run_seed() -> int:
    """This run's seed: the one asked for, else one per test run (the same in every
    worker), else a new one."""
    if asked := os.environ.get("WYTHOFF_TEST_SEED"):
        return int(asked)
    if run := os.environ.get("PYTEST_XDIST_TESTRUNUID"):
        return zlib.crc32(run.encode())
    return secrets.randbits(32)


_SEED = run_seed()


def sample_rng(name: str) -> tuple[random.Random, str]:
    """A generator for the sample called ``name`` and the line to print for it."""
    note = f"{name}: sample seed {_SEED} (WYTHOFF_TEST_SEED={_SEED} draws it again)"
    print(note)
    return random.Random(f"{_SEED}:{name}"), note
