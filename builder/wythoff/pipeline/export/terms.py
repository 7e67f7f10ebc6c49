"""The terms' files: each sequence's CSV file and b-file, the terms' Parquet file and
the archive's share of them, written in one pass over the arrays the build loads,
as it loads them, by a process of their own."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import threading
import zipfile
from collections.abc import Iterator, Mapping
from multiprocessing.connection import Connection as PipeEnd
from pathlib import Path

import numpy as np

from wythoff import layout
from wythoff.core import bigdigits
from wythoff.db import collector
from wythoff.pipeline import processes, provenance
from wythoff.pipeline.export import archive, parquet


def _sequence_files(
    root: Path,
    names: Mapping[str, str],
    info: Mapping[str, str],
    terms: parquet.TermPairs,
    bundle: zipfile.ZipFile | None = None,
) -> Iterator[tuple[str, tuple[int, np.ndarray]]]:
    """Write the CSV file and b-file of each sequence of ``terms`` as it passes (and the
    CSV file into the zip archive ``bundle``, if given), and pass it on (the Parquet
    file is written from the same pass); raises KeyError at the end if a sequence of
    ``names`` (ID -> name) had no terms."""
    (root / layout.SEQUENCES_CSV).mkdir(parents=True)
    (root / layout.BFILES).mkdir()
    written: set[str] = set()
    for sequence_id, (offset, values) in terms:
        lines = term_lines(offset, values)
        header = provenance.bfile_header(sequence_id, names[sequence_id], info)
        csv = _write_sequence(root, sequence_id, header, lines)
        if bundle is not None:
            archive.add_entry(bundle, layout.sequence_csv(sequence_id), csv.encode())
        written.add(sequence_id)
        yield sequence_id, (offset, values)
    missing = sorted(names.keys() - written)
    if missing:
        raise KeyError(f"no terms were given for {missing[0]}")


def write_terms(
    root: Path, names: Mapping[str, str], info: Mapping[str, str], terms: parquet.TermPairs
) -> None:
    """Every file of the terms that needs no database, in one pass over ``terms`` (every
    sequence of ``names``, in the build's order: a block's after the block before):
    the sequences' CSV files and b-files, ``parquet/terms.parquet``, and the zip
    archive with the CSV files so far (the others are added by
    :func:`archive.write_archive`).  ``info``: the build's ``build_info``."""
    with (
        bigdigits.unlimited(),  # a fresh process: digits limited
        collector.collector_paused(),
        archive.open_archive(root / layout.ARCHIVE, "w") as bundle,
    ):
        name = "terms"
        passing = _sequence_files(root, names, info, terms, bundle=bundle)
        parquet.write_file(root, name, parquet.TABLES[name][1], parquet.array_columns(passing))


class TermsWriter:
    """:func:`write_terms` in another process, started before the database is loaded
    and awaited by :func:`export_all`: the build's two longest single-threaded steps
    (loading tens of millions of terms, writing their files) then share the cores.

    The build gives it each sequence's terms as they are loaded (:meth:`send`, then
    :meth:`close`); a thread of this process passes them through a pipe, at most
    :data:`QUEUED` sequences waiting, so neither process holds a second copy of
    every term.  A fresh interpreter (``spawn``), not a fork: the build's process has
    threads (progress bars, the solver's and Arrow's pools) that a fork would copy
    stopped."""

    def __init__(self, root: Path, names: Mapping[str, str], info: Mapping[str, str]) -> None:
        context = multiprocessing.get_context("spawn")
        receiving, sending = context.Pipe(duplex=False)
        arguments = (os.getpid(), root, dict(names), dict(info), receiving)
        self.count = len(names)
        self._process = context.Process(target=_write_terms_for, args=arguments, daemon=True)
        self._process.start()
        receiving.close()  # the writer's end; this process keeps the sending one
        self._queue: queue.Queue[tuple[str, int, np.ndarray] | None] = queue.Queue(QUEUED)
        self._feeder = threading.Thread(
            target=_send_terms, args=(sending, self._queue), name="terms-to-writer", daemon=True
        )
        self._feeder.start()

    def send(self, sequence_id: str, offset: int, values: np.ndarray) -> None:
        """One sequence's terms (waits while :data:`QUEUED` are waiting already); a
        writer that has gone is reported by :meth:`join`."""
        while self._feeder.is_alive():
            try:
                self._queue.put((sequence_id, offset, values), timeout=0.5)
                return
            except queue.Full:
                continue

    def close(self) -> None:
        """No more terms: the writer goes on to the files in ID order."""
        if self._feeder.is_alive():
            self._queue.put(None)

    def join(self) -> None:
        """Wait for the files; raises if the process failed (its error is on stderr)."""
        self.close()
        self._process.join()
        self._feeder.join()
        if self._process.exitcode != 0:
            raise RuntimeError(f"writing the terms' files failed (exit {self._process.exitcode})")

    def stop(self) -> None:
        """End the process if it still runs (the build failed meanwhile), at once
        (:func:`~wythoff.pipeline.processes.end`: killed if SIGTERM is held off)."""
        processes.end([self._process])
        with contextlib.suppress(queue.Full):  # a full queue: the feeder meets the closed pipe
            self._queue.put_nowait(None)
        self._feeder.join()

    @property
    def running(self) -> bool:
        """Whether the writer process or the thread feeding it is still at work."""
        return self._process.is_alive() or self._feeder.is_alive()


QUEUED = 64
"""Sequences waiting for the writer at most (:meth:`TermsWriter.send`)."""


def _send_terms(sending: PipeEnd, waiting: queue.Queue[tuple[str, int, np.ndarray] | None]) -> None:
    """Each sequence's ``(ID, offset, values)`` as it is queued, then ``None``; stops
    quietly where the writer has gone (it failed or was stopped: :meth:`TermsWriter.join`
    says)."""
    try:
        with sending:
            while (item := waiting.get()) is not None:
                sending.send(item)
            sending.send(None)
    except OSError:  # BrokenPipeError and the like
        return


def _received(receiving: PipeEnd) -> Iterator[tuple[str, tuple[int, np.ndarray]]]:
    with receiving:
        while (item := receiving.recv()) is not None:
            sequence_id, offset, values = item
            yield sequence_id, (offset, values)


def _write_terms_for(
    parent: int,
    root: Path,
    names: Mapping[str, str],
    info: Mapping[str, str],
    receiving: PipeEnd,
) -> None:
    """:func:`write_terms` in the writer process, which ends if the build is killed."""
    processes.exit_with_parent(parent)
    write_terms(root, names, info, _received(receiving))


def term_lines(offset: int, values: np.ndarray) -> str:
    """``n,value`` lines of a sequence's terms, as the database's ``terms`` view gives
    them (``value_text``: the exact decimal integer)."""
    numbers = values.tolist() if values.dtype != object else [int(v) for v in values]
    return "".join([f"{n},{value}\n" for n, value in enumerate(numbers, start=offset)])


def _write_sequence(root: Path, sequence_id: str, header: str, lines: str) -> str:
    """A sequence's CSV file (``n,value`` lines given) and b-file (``header``'s comment
    lines, then ``n value``); returns the CSV file's text."""
    csv = f"n,value\n{lines}"
    with open(root / layout.sequence_csv(sequence_id), "w", newline="\n") as handle:
        handle.write(csv)
    with open(root / layout.bfile(sequence_id), "w", newline="\n") as handle:
        handle.write(header)
        handle.write(lines.replace(",", " "))  # the same lines; terms are digits only
    return csv
