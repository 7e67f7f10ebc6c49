"""Settings for every tier of the suite: hypothesis runs each property on 60
examples with no deadline (the suite runs on two cores beside other work).

Shared data and helpers are in ``tests/helpers``; each tier's fixtures in its
own ``conftest.py``."""

from __future__ import annotations

import os
import tempfile

from hypothesis import HealthCheck, settings

settings.register_profile(
    "suite",
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("suite")

os.environ["WYTHOFF_CACHE"] = tempfile.mkdtemp(prefix="wythoff-cache-")
"""The rows of Sprague–Grundy tables proven by a test are kept here, never in the
user's cache (a command run by a test inherits it)."""
