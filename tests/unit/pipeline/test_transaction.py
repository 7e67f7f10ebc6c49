"""A stopped build's folder is removed without holding the stop: at once when it is
small, by a process of its own past the time allowed, and in either case completely,
the published build untouched."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from wythoff.pipeline import transaction

HANG_DEADLINE_S = 60  # a deadline for a hang only


def _stopped_build(output: Path, files: int) -> transaction.Publication:
    """A published build (``current``) and a stopped one of ``files`` files, some in
    folders, with a symbolic link like those the build writes."""
    kept = output / transaction.BUILDS / "published"
    kept.mkdir(parents=True)
    (kept / "wythoff.sqlite").write_bytes(b"the published build")
    (output / transaction.CURRENT).symlink_to(kept)
    publication = transaction.begin(output, database_inside=True)
    for k in range(files):
        folder = publication.directory / "sequences" / f"s{k % 50}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"b{k}.txt").write_text(f"{k} {k * k}\n")
    (publication.directory / "csv").symlink_to(publication.directory / "sequences")
    return publication


@pytest.mark.parametrize(("files", "seconds"), [(40, 5.0), (3000, 0.0)])
def test_a_stopped_build_s_folder_is_removed_whatever_its_size(tmp_path, files, seconds):
    publication = _stopped_build(tmp_path, files)
    started = time.monotonic()
    transaction.abandon(publication, seconds=seconds)
    returned = time.monotonic() - started
    assert returned < HANG_DEADLINE_S
    if seconds:  # small: gone before abandon returns
        assert not publication.directory.exists()
    deadline = time.monotonic() + HANG_DEADLINE_S
    while publication.directory.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not publication.directory.exists()
    assert (tmp_path / transaction.CURRENT / "wythoff.sqlite").read_bytes() == (
        b"the published build"
    )
