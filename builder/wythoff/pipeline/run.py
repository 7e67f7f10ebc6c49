"""The build run: a block at a time compute -> verify -> load, then what needs every
block, then export.

1. **blocks** (:mod:`wythoff.families.blocks`): runs of games with their sequences,
   one at a time, so that the build's memory is that of one block however large
   the catalog:
   - **compute**: each game solved once on the configured board (in parallel
     processes, or on a Dask cluster), the terms of its sequences;
   - **verify**: formula == solver == strategy for every game, every sequence's
     bulk terms, each recorded; the terms compared with OEIS;
   - **load**: the block's rows into the staged database, its terms to the
     process writing their files;
2. **what needs every block**, from compact summaries or the staged database: the
   families' theorems, the relations between sequences, the OEIS verdicts, the
   classes of coinciding games; any failed check stops the build here, before
   anything is published.  Meanwhile SQLite sorts the terms by value for their index
   (:func:`wythoff.db.store.meanwhile`: the two share the cores);
3. **export**: CSV files, b-files and the archive, read back from the database while
   SQLite gathers its statistics, then the compressed database.

The staged database and files are published together only when everything has
passed (:mod:`.transaction`): the previous build stays as it is until then, and
whatever stops this one.  Every stage shows a progress bar.  The same
configuration always gives the same content, whatever the size of the blocks;
only the build date differs.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from sqlalchemy import Connection

from wythoff import config as configuration
from wythoff import families, layout
from wythoff.core import bigdigits
from wythoff.db import models, store
from wythoff.families import blocks
from wythoff.families.evidence import Check
from wythoff.oeis.evidence import summary
from wythoff.pipeline import (
    coincidences,
    compute,
    estimate,
    export,
    load,
    provenance,
    transaction,
    verify,
)
from wythoff.pipeline.export.terms import TermsWriter
from wythoff.pipeline.progress import Stages
from wythoff.pipeline.results import BuildReport
from wythoff.pipeline.staged import StagedTerms


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
    estimate.check_resources(config)
    store.check_reachable(config.database_url, config.database_path)
    with bigdigits.unlimited(), transaction.lock(config.output_dir, wait=wait):
        return _build(config, quiet, workers)


def _build(config: configuration.Config, quiet: bool, workers: int | None) -> BuildReport:
    started = time.perf_counter()
    records = families.build(config.families)
    stages = Stages(quiet)
    oeis = verify.OeisMatching(config)
    inside = config.database_path == config.output_dir / layout.DATABASE
    publication = transaction.begin(config.output_dir, database_inside=inside)
    info = {
        **_build_info(config, oeis.source),
        "oeis_searched": oeis.index.searched(),
        "build_id": publication.build_id,
    }
    url, path = _staged_database(config, publication)
    names = {r.id: r.name for r in sorted(records.sequences.values(), key=lambda r: r.id)}
    written = TermsWriter(publication.directory, names, info)  # meanwhile
    try:
        with store.atomic_build(url, path) as connection:
            ended = _load(connection, records, config, stages, workers, oeis, written, info)
            counts = store.table_counts(connection)
            # the exports read the database while SQLite gathers its statistics
            with store.analyzed_meanwhile(connection) as reading:
                files = _export(reading, publication.directory, stages, written)
        if path is not None:  # the file as published: statistics gathered, moved in place
            files += export.compress_database(path, publication.directory)
    except BaseException:
        written.stop()  # first: a writer still at work would meet its folder gone
        transaction.abandon(publication)
        raise
    written.stop()
    transaction.commit(publication)
    seconds = time.perf_counter() - started
    return BuildReport(config.database, counts, files, seconds, ended)


def _load(
    connection: Connection,
    records: families.Catalog,
    config: configuration.Config,
    stages: Stages,
    workers: int | None,
    oeis: verify.OeisMatching,
    written: TermsWriter,
    info: dict[str, str],
) -> str:
    """Compute, check and load the build a block at a time (the catalog's blocks:
    :mod:`wythoff.families.blocks`), then what needs every block; raises
    VerificationFailed if a check failed, before anything is published.  Returns how
    the matched OEIS entries were extended, in one line."""
    keys = load.Keys.of(records)
    load.load_catalog(connection, records)
    failures: list[Check] = []  # the checks themselves are loaded as they are made
    stored: dict[str, coincidences.Stored] = {}
    jobs = compute.game_jobs(records, config)
    results = compute.game_results(jobs, config.scheduler, workers, config.block_games)
    late = store.LateIndexes(connection, models.TermValue)
    try:
        with stages.bar("blocks", len(records.games) + len(records.sequences)) as bar:
            for block in blocks.plan(records, config.block_games):
                games = {game_id: next(results) for game_id in block.games}
                terms = compute.block_terms(records, block.sequences, config, games)
                checks = verify.block_checks(records, terms, games.values())
                failures += [c for c in checks if not c.passed]
                oeis.compare(terms)
                load.load_block(connection, records, keys, games, terms)
                load.load_checks(connection, checks)
                for sequence_id, values in terms.items():
                    written.send(sequence_id, records.sequences[sequence_id].offset, values)
                stored.update((game_id, coincidences.stored(r)) for game_id, r in games.items())
                bar.update(len(games) + len(terms))
    finally:  # every game is taken: the workers end now, not when the generator is collected
        results.close()
    with stages.bar("checks", 3) as bar:
        # the terms' value index is sorted while the checks read the terms back
        with late.built_meanwhile() as reading:
            staged = StagedTerms(reading, keys.sequences)
            numerations = compute.numerations(records, config)
            found, crossrefs = verify.catalog_checks(records, staged, numerations)
            failures += [c for c in found if not c.passed]
            bar.update(1)
            matched, extensions = oeis.judge(records, staged)
            bar.update(1)
            if failures:
                raise verify.VerificationFailed(failures)
            classes = coincidences.coincidences(records, stored)
        load.load_checks(connection, found)
        links = crossrefs + matched
        load.load_end(connection, records, classes, numerations, links, extensions, info)
        bar.update(1)
    said = [c.fields.evidence for c in links if c.fields.target.startswith("A")]
    return summary(extensions, said)


def _staged_database(
    config: configuration.Config, publication: transaction.Publication
) -> tuple[str, Path | None]:
    """Where the build writes its database: inside its own folder when the database
    lives in the output (published with the rest), else where configured."""
    if publication.database_inside:
        return f"sqlite:///{publication.database}", publication.database
    return config.database_url, config.database_path


def _build_info(config: configuration.Config, oeis_source: str) -> dict[str, str]:
    read = provenance.inputs(config.oeis_stripped, config.oeis_names, config.oeis_dir)
    return provenance.build_info(config.as_json(), oeis_source, np.__version__, read)


# ----------------------------------------------------------------------------- export


def _export(connection: Connection, directory: Path, stages: Stages, written: TermsWriter) -> int:
    sequences = connection.exec_driver_sql("SELECT count(*) FROM sequences").scalar_one()
    games = connection.exec_driver_sql("SELECT count(*) FROM games").scalar_one()
    with stages.bar("export", sequences + games) as bar:
        return export.export_all(connection, directory, bar.update, written)
