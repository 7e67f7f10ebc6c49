"""The build: compute -> verify -> load -> export.

1. **compute**: the games (each solved once on the configured board, in
   parallel processes), the terms of every sequence, the numeration tables;
2. **verify**: formula == solver == strategy for every game, the families'
   theorems, cross-references and OEIS matches, each recorded; any failure
   stops the build before anything is written;
3. **load**: one atomic write of the database (the previous one stays intact
   until the new one is complete);
4. **export**: CSV files, b-files and the archive, read back from the database.

Every stage shows a progress bar.  The same configuration always gives the
same content; only the build date differs.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from wythoff import config as configuration
from wythoff import families, layout
from wythoff.core import bigdigits
from wythoff.db import read, store
from wythoff.oeis.evidence import summary
from wythoff.pipeline import compute, export, load, provenance, transaction, verify
from wythoff.pipeline.export.terms import TermsWriter
from wythoff.pipeline.progress import Stages
from wythoff.pipeline.results import BuildReport, Computed

__all__ = ["BuildReport", "build"]


def build(
    config: configuration.Config,
    quiet: bool = False,
    workers: int | None = None,
    wait: bool = False,
) -> BuildReport:
    """Run the whole build; raises ConfigError or VerificationFailed before writing.

    Terms of any length are written as decimal text (the digit limit is lifted
    for the build's duration only).  One build at a time writes to an output (another raises
    ``transaction.OutputBusy``, or is awaited with ``wait``), and its files are
    published together or not at all (see :mod:`wythoff.pipeline.transaction`)."""
    configuration.check_resources(config)
    store.check_reachable(config.database_url, config.database_path)
    with bigdigits.unlimited(), transaction.lock(config.output_dir, wait=wait):
        return _build(config, quiet, workers)


def _build(config: configuration.Config, quiet: bool, workers: int | None) -> BuildReport:
    started = time.perf_counter()
    records = families.build(config.families)
    stages = Stages(quiet)
    computed = Computed()
    compute.compute_games(records, config, computed, stages, workers)
    compute.compute_sequences(records, config, computed, stages)
    compute.compute_numerations(records, config, computed, stages)
    oeis_source, oeis_searched = verify.verify_all(records, config, computed, stages)
    failures = [c for c in computed.checks if not c.passed]
    if failures:
        raise verify.VerificationFailed(failures)
    inside = config.database_path == config.output_dir / layout.DATABASE
    publication = transaction.begin(config.output_dir, database_inside=inside)
    info = {
        **_build_info(config, oeis_source),
        "oeis_searched": oeis_searched,
        "build_id": publication.build_id,
    }
    url, path = _staged_database(config, publication)
    terms = {r.id: (r.offset, computed.terms[r.id]) for r in records.sequences.values()}
    names = {r.id: r.name for r in sorted(records.sequences.values(), key=lambda r: r.id)}
    written = TermsWriter(publication.directory, names, info, terms)  # meanwhile
    try:
        with store.atomic_build(url, path) as connection:
            load.load(connection, records, config, computed, info, stages)
            counts = store.table_counts(connection)
        files = _export(url, path, publication.directory, stages, written)
    finally:
        written.stop()
    transaction.commit(publication)
    seconds = time.perf_counter() - started
    said = [c.evidence for c in computed.crossrefs if c.target.startswith("A")]
    oeis = summary(computed.oeis_extensions, said)
    return BuildReport(config.database, counts, files, seconds, oeis)


def _staged_database(
    config: configuration.Config, publication: transaction.Publication
) -> tuple[str, Path | None]:
    """Where the build writes its database: inside its own folder when the database
    lives in the output (published with the rest), else where configured."""
    if publication.database_inside:
        return f"sqlite:///{publication.database}", publication.database
    return config.database_url, config.database_path


def _build_info(config: configuration.Config, oeis_source: str) -> dict[str, str]:
    return provenance.build_info(config.as_json(), oeis_source, np.__version__)


# ----------------------------------------------------------------------------- export


def _export(
    url: str, path: Path | None, directory: Path, stages: Stages, written: TermsWriter
) -> int:
    with read.connect(url, path) as connection:
        sequences = connection.exec_driver_sql("SELECT count(*) FROM sequences").scalar_one()
        games = connection.exec_driver_sql("SELECT count(*) FROM games").scalar_one()
        with stages.bar("export", sequences + games) as bar:
            return export.export_all(connection, directory, bar.update, path, written)
