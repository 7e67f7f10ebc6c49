"""The collector pause of bulk passes (wythoff.db.collector)."""

from __future__ import annotations

import gc

import pytest
from wythoff.db import collector


@pytest.fixture
def collector_restored():
    enabled = gc.isenabled()
    yield
    if enabled:
        gc.enable()
    else:
        gc.disable()


def test_paused_inside_and_enabled_again_after(collector_restored):
    gc.enable()
    with collector.collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_enabled_again_after_an_error(collector_restored):
    gc.enable()
    with pytest.raises(KeyError), collector.collector_paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused(collector_restored):
    gc.disable()
    with collector.collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()
