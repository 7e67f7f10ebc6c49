"""The package's numba kernels compiled once, before the full tier: numba caches each
kernel on disk beside its module, but a fresh clone has none, and the tier's workers
and the builds its tests start would each compile the kernels they need first, several
at a time.  A tiny build in one process, without line coverage, and ``wythoff
verify`` of it compile and cache them; ``make check`` runs it beside the lint, on the
core the lint leaves idle (``make warm``).

``python -m tests.helpers.kernels``
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from tests.helpers.commands import tiny_config, unmeasured, wythoff


def compile_kernels() -> float:
    """Make a tiny build in a throwaway folder; the seconds it took."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="wythoff-kernels-") as folder:
        root = Path(folder)
        environment = {**unmeasured(), "WYTHOFF_CACHE": str(root / "cache")}
        config = tiny_config(root)
        wythoff("build", "--config", str(config), "--quiet", "--workers", "1", env=environment)
        # and the verifier's own kernels (wythoff.audit), on what the build wrote
        wythoff("verify", "--config", str(config), "--quiet", "--board", "20", env=environment)
    return time.monotonic() - started


if __name__ == "__main__":
    seconds = compile_kernels()
    cache = os.environ.get("NUMBA_CACHE_DIR", "beside the modules")
    print(f"the kernels are compiled and cached ({cache}): a tiny build in {seconds:.1f} s")
