"""A build published whole, as one transaction on its output folder: one build at a
time per output, all files switched at once.

A build writes every output (the SQLite database when it lives in the output
folder, the CSV files, b-files, metadata, data package and archive) into its
own folder ``OUTPUT/.builds/<build id>/``.  Only when everything is written
does one atomic rename point ``OUTPUT/current`` at it; the documented paths
(``OUTPUT/wythoff.sqlite``, ``OUTPUT/csv`` ...) are symbolic links through
``current``.  A reader therefore sees the previous build or the new one, never
a mixture, and a build killed at any moment leaves the previous one in place.

A lock on ``OUTPUT/.lock`` (``fcntl.flock``, released by the kernel when the
process dies) lets one build at a time write to an output; the next build
removes whatever a killed build left in ``.builds``.
"""

from __future__ import annotations

import errno
import fcntl
import os
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from wythoff import layout

BUILDS = ".builds"
CURRENT = "current"
LOCK = ".lock"


class OutputBusy(RuntimeError):
    """Another build holds the output (one line naming its process)."""


@dataclass(frozen=True)
class Publication:
    """A build being written: its id and its private folder."""

    output: Path
    build_id: str
    directory: Path
    database_inside: bool

    @property
    def database(self) -> Path:
        """Where the build writes its SQLite database when it lives in the output."""
        return self.directory / layout.DATABASE


def new_build_id() -> str:
    """A build id: the UTC time and a random suffix (sortable, never reused)."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ") + "-" + secrets.token_hex(3)


@contextmanager
def lock(output: Path, wait: bool = False) -> Iterator[None]:
    """Hold the output's lock; another holder is refused (``OutputBusy``) or awaited."""
    output.mkdir(parents=True, exist_ok=True)
    path = output / LOCK
    with open(path, "a+") as handle:
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as error:
                if error.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                if not wait:
                    handle.seek(0)
                    holder = handle.read().strip() or "another process"
                    raise OutputBusy(
                        f"another build is writing to {output} (process {holder}); "
                        "wait for it, or run this one with --wait"
                    ) from None
                time.sleep(0.2)
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        try:
            yield
        finally:
            handle.seek(0)
            handle.truncate()
            handle.flush()
            fcntl.flock(handle, fcntl.LOCK_UN)


def begin(output: Path, database_inside: bool) -> Publication:
    """Start a build (under the lock): remove what killed builds left, make its folder."""
    builds = output / BUILDS
    builds.mkdir(parents=True, exist_ok=True)
    remove_stale(output)
    build_id = new_build_id()
    directory = builds / build_id
    directory.mkdir()
    return Publication(output, build_id, directory, database_inside)


def abandon(publication: Publication, seconds: float = 0.25) -> None:
    """Remove the folder of a build that stopped (a failed check, an error, Ctrl-C):
    the published build stays as it is.  A large build's folder holds tens of
    thousands of files, which take long to remove: what is left after
    ``seconds`` is removed by a process of its own, so that the stop is not held
    (and, should that process die too, by the next build: :func:`remove_stale`)."""
    deadline = time.monotonic() + seconds
    try:
        if _removed_by(publication.directory, deadline):
            return
    except OSError:  # whatever stands in the way, the stop goes on
        pass
    _remove_detached(publication.directory)


def _removed_by(folder: Path, deadline: float) -> bool:
    """Remove ``folder`` and everything in it unless ``deadline`` (a monotonic time)
    comes first; whether it is gone."""
    for parent, folders, files in os.walk(folder, topdown=False):
        for name in files:
            Path(parent, name).unlink(missing_ok=True)
            if time.monotonic() > deadline:
                return False
        for name in folders:
            path = Path(parent, name)
            if path.is_symlink():
                path.unlink()
            else:
                path.rmdir()
    shutil.rmtree(folder, ignore_errors=True)
    return not folder.exists()


REMOVE = "import shutil, sys; shutil.rmtree(sys.argv[1], ignore_errors=True)"


def _remove_detached(folder: Path) -> None:
    """Remove ``folder`` in a process of its own session, which outlives this one and
    a Ctrl-C sent to its terminal."""
    subprocess.Popen(
        [sys.executable, "-c", REMOVE, str(folder)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def remove_stale(output: Path) -> list[Path]:
    """Remove every build folder that ``current`` does not point at; returns them."""
    keep = current_directory(output)
    removed = []
    for folder in sorted((output / BUILDS).glob("*")):
        if folder.resolve() != keep:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def current_directory(output: Path) -> Path | None:
    """The folder of the published build, or ``None`` before the first one."""
    link = output / CURRENT
    return link.resolve() if link.is_symlink() else None


def commit(publication: Publication) -> None:
    """Publish the build: one atomic switch of ``current``, then tidy up.

    Everything the build wrote is flushed to disk first, so that a crash right
    after the switch cannot publish a half-written file."""
    os.sync()
    output = publication.output
    # the export items, each published as OUTPUT/<item> -> current/<item>; the
    # compressed database too when the build wrote it (SQLite builds)
    items = layout.PUBLISHED + ((layout.DATABASE,) if publication.database_inside else ())
    if (publication.directory / layout.COMPRESSED_DATABASE).is_file():
        items += (layout.COMPRESSED_DATABASE,)
    for item in items:
        _ensure_link(output / item, Path(CURRENT) / item)
    temporary = output / f".{CURRENT}.{os.getpid()}"
    temporary.unlink(missing_ok=True)
    temporary.symlink_to(Path(BUILDS) / publication.build_id)
    os.replace(temporary, output / CURRENT)
    _sync_directory(output)
    remove_stale(output)


def _ensure_link(path: Path, target: Path) -> None:
    """Make ``path`` the stable link ``-> current/<item>`` (once; replaces a file or
    folder left by an older layout)."""
    if path.is_symlink() and Path(os.readlink(path)) == target:
        return
    temporary = path.with_name(f".{path.name}.link.{os.getpid()}")
    temporary.unlink(missing_ok=True)
    temporary.symlink_to(target)
    if path.is_dir() and not path.is_symlink():
        retired = path.with_name(f".{path.name}.old.{os.getpid()}")
        os.replace(path, retired)
        os.replace(temporary, path)
        shutil.rmtree(retired, ignore_errors=True)
    else:
        os.replace(temporary, path)


def _sync_directory(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
