"""``wythoff oeis`` and ``wythoff bfile``: a sequence's entry in OEIS's internal
format, and its b-file in an OEIS entry's numbering, from the catalog.

The engine computes the terms and the excerpt of OEIS shipped with the package
(or the files the configuration names) gives the A-numbers the sequence and its
relatives agree with; no database is needed.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from wythoff.cli.common import UserError, sequence_record
from wythoff.cli.options import config_option
from wythoff.cli.spec import Argument, Option, command
from wythoff.cli.values import Range
from wythoff.db import vocabulary
from wythoff.oeis.numbering import MOST_TERMS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from wythoff.config import Config
    from wythoff.families import SequenceRecord
    from wythoff.oeis.entry import Entry, SequenceFacts
    from wythoff.oeis.evidence import Verdict
    from wythoff.oeis.index import OeisIndex
    from wythoff.oeis.seqfiles import SeqFiles

MATCH_TERMS = 300
"""Terms compared with OEIS's entries (more than any entry of the excerpt lists)."""
MAX_BFILE_TERMS = MOST_TERMS


@command(
    Argument("sequence_id", "ID"),
    config_option(
        "A TOML file overriding the defaults (site_url, terms, oeis_stripped, oeis_names, "
        "oeis_dir, oeis_seconds)."
    ),
    Option(
        "--draft",
        action="store_true",
        help="Write a draft for OEIS's submission form: A000000 in the ID slot and no "
        "line that only makes sense here (this database's IDs, local links).",
    ),
)
def oeis(sequence_id: str, config_file: str | None, draft: bool) -> None:
    """The first terms in OEIS's layout, the name, comments, references, links to
    the site, formulas, PARI/GP and Python programs, cross-references, OEIS
    keywords and offsets.  The A-numbers the sequence agrees with are found by
    comparing terms, and each says on which terms it was checked: the entry's
    listed terms, and past them as many terms as a build stores: those shipped with
    the package (from the entry's b-file, PARI program, the Python program of the
    oeissequences package (Chai Wah Wu's OEIS programs, on PyPI) or name), or for
    an oeis_dir entry its own PARI program (PARI/GP's gp, in its
    secure mode, with the oeis_seconds time limit); a difference found there makes it
    a near miss, and an entry defined as the same Beatty sequence proves it.

    Examples:
      wythoff oeis wythoff-a
      wythoff oeis connell-k3-u1 > connell-k3-u1.txt
      wythoff oeis larsson-modulo-m6-p5-l2-d --draft > draft.txt
    """
    record = sequence_record(sequence_id)
    settings, index = _settings_and_index(config_file)
    entry = catalog_entry(record, settings, index)
    sys.stdout.write((entry.draft() if draft else entry).text())


@command(
    Argument("sequence_id", "ID"),
    Option(
        "--as",
        dest="anumber",
        metavar="ANUMBER",
        required=True,
        help="The OEIS entry whose numbering the b-file follows (the sequence must agree with it).",
    ),
    Option(
        "--count",
        type=Range(int, 1, MAX_BFILE_TERMS),
        default=1000,
        show_default=True,
        help="Number of terms.",
    ),
    config_option("A TOML file overriding the defaults (oeis_stripped, oeis_names)."),
)
def bfile(sequence_id: str, anumber: str, count: int, config_file: str | None) -> None:
    """Our offset and OEIS's often differ (the lower Wythoff sequence starts at
    a(0) = 0 here, A000201 at A000201(1) = 1): the lines 'n value' are numbered
    as the A-number's entry numbers its terms, by the index map of the match,
    and a comment line at the top states the map and what it was checked on.

    Examples:
      wythoff bfile wythoff-a --as A000201 --count 10000 > b000201.txt
      wythoff bfile connell-k1-v0 --as A001950
    """
    from wythoff.oeis import index as oeis_files
    from wythoff.oeis import numbering

    record = sequence_record(sequence_id)
    try:
        wanted = oeis_files.normalize_anumber(anumber)
    except ValueError as error:
        raise UserError(str(error)) from None
    settings, index = _settings_and_index(config_file)
    terms = _matched_terms(record, settings)
    match = next((m for m in index.matches(terms) if m.anumber == wanted), None)
    if match is None:
        raise UserError(f"{record.id} does not agree with {wanted} on the terms OEIS lists")
    if match.oeis_offset is None:
        raise UserError(f"the offset of {wanted} is not known: no %O line for it")
    # OEIS's j-th listed term, A(oeis_offset + j), is our a(offset + j + shift)
    delta = record.offset + match.shift - match.oeis_offset
    first = numbering.first_index(match.oeis_offset, record.offset, delta)
    values = record.listed(first + delta, count)
    out = sys.stdout
    out.write(numbering.header(record.id, wanted, delta, first, match.common))
    out.write("".join(f"{first + i} {value}\n" for i, value in enumerate(values)))


def catalog_entry(record: SequenceRecord, settings: Config, index: OeisIndex) -> Entry:
    """The entry of a catalog sequence, as a build with ``settings`` would store it:
    its stored terms, its OEIS relations judged on all of them (the matched entries
    extended by their b-files or PARI programs), its relatives' A-numbers and, once
    the site has an address, links to its page and b-file."""
    from wythoff import families
    from wythoff.oeis import entry as oeis_entry
    from wythoff.website import paths

    terms = _stored_terms(record, settings)
    library = _library(settings)
    agreements = [(v.anumber, v.text) for v in _verdicts(index, library, settings, terms, record)]
    related = {}
    for other_id in record.related:
        other = families.resolve_sequence(other_id)
        found = index.matches(_matched_terms(other, settings))
        related[other_id] = [match.anumber for match in found]
    page = paths.published(settings.site_url, paths.sequence(record.id))
    bfile_url = paths.published_bfile(settings.site_url, record.id)
    facts = _with_proven_period(record, oeis_entry.SequenceFacts.from_record(record, terms))
    return oeis_entry.sequence_entry(
        facts, terms, agreements, related, page, bfile_url, record.offset + len(terms) - 1
    )


def _with_proven_period(record: SequenceRecord, facts: SequenceFacts) -> SequenceFacts:
    """The facts and, for a Sprague-Grundy row whose period Landman's argument proves,
    that period and its proof (as the build stores them)."""
    from wythoff.db.evidence import period_sentence

    proven = getattr(record.terms, "proven", None)
    if proven is None:
        return facts
    row = proven()
    end = row.proof_start + row.proof_period
    said = period_sentence(
        row.preperiod, row.period, vocabulary.PROVEN, row.proof_start, row.proof_period, end
    )
    return facts.with_period(row.preperiod, row.period, row.increment, said, proven=True)


def _matched_terms(record: SequenceRecord, settings: Config) -> list[int]:
    """The first terms compared with OEIS's entries: :data:`MATCH_TERMS`, or fewer where
    the build stores fewer (a row's preperiod: a proof a term)."""
    return record.listed(record.offset, min(MATCH_TERMS, settings.terms_of_sequence(record)))


def _stored_terms(record: SequenceRecord, settings: Config) -> Sequence[int]:
    """The terms a build with these settings stores of ``record``."""
    from wythoff.pipeline import compute

    if record.growth == vocabulary.BOARD and record.game is not None:
        return record.listed(record.offset, settings.terms_of(record.growth, record.game))
    return [int(t) for t in compute.formula_terms(record, settings)]


def _library(settings: Config) -> SeqFiles:
    from pathlib import Path

    from wythoff.oeis.seqfiles import SeqFiles

    return SeqFiles(Path(settings.oeis_dir) if settings.oeis_dir else None)


def _verdicts(
    index: OeisIndex,
    library: SeqFiles,
    settings: Config,
    terms: Sequence[int],
    record: SequenceRecord,
) -> list[Verdict]:
    """What is known of each OEIS entry the terms were compared with, the matches
    extended as a build extends them."""
    from wythoff.oeis import beatty, evidence, gp

    limits = gp.Limits(seconds=settings.oeis_seconds)
    sequences = {record.id: (terms, record.offset)}
    form = beatty.of_terms(record.terms)
    forms = {record.id: form} if form is not None else {}
    judged, _ = evidence.judge_all(sequences, index, library, limits, 2, forms)
    return judged[record.id]


def _settings_and_index(config_file: str | None) -> tuple[Config, OeisIndex]:
    """The configuration and the OEIS entries it names (the shipped excerpt by
    default), or one line saying which of the two could not be read."""
    from wythoff import config as configuration
    from wythoff.oeis import index as oeis_files

    try:
        settings = configuration.load(config_file)
        index = oeis_files.OeisIndex.load(
            settings.oeis_stripped or None, settings.oeis_names or None
        )
    except configuration.ConfigError as error:
        raise UserError(f"config: {error}") from None
    except (OSError, ValueError) as error:
        raise UserError(f"OEIS files: {error}") from None
    return settings, index
