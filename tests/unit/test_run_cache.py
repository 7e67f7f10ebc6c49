"""The run's cache folder (``WYTHOFF_RUN_CACHE``, tests/conftest.py) is one for the
run, shared by its workers, and removed when the run ends: none is left behind."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_run_s_cache_folder_is_shared_by_its_workers_and_removed_at_the_end(tmp_path):
    seen = tmp_path / "seen"
    seen.mkdir()
    (tmp_path / "test_cache.py").write_text(
        textwrap.dedent(
            f"""
            import os
            import pytest

            @pytest.mark.parametrize("i", range(4))
            def test_cache(i):
                folder = os.environ["WYTHOFF_CACHE"]
                assert os.path.isdir(folder) and folder == os.environ["WYTHOFF_RUN_CACHE"]
                open(os.path.join({str(seen)!r}, str(i)), "w").write(folder)
            """
        )
    )
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    environment = {k: v for k, v in os.environ.items() if not k.startswith("WYTHOFF_")}
    environment |= {"TMPDIR": str(temporary), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "tests.conftest"]
    command += ["-n", "2", "--no-cov", "-c", "/dev/null", "--rootdir", str(tmp_path)]
    command += [str(tmp_path / "test_cache.py")]
    result = subprocess.run(
        command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    folders = {path.read_text() for path in seen.iterdir()}
    assert len(folders) == 1 and folders.pop().startswith(str(temporary / "wythoff-cache-"))
    assert not list(temporary.glob("wythoff-cache-*"))  # removed at the end of the run
