"""``wythoff oeis``: a sequence's entry in OEIS's internal format, from the catalog.

The engine computes the terms and the excerpt of OEIS shipped with the package
(or the files the configuration names) gives the A-numbers the sequence and its
relatives agree with; no database is needed.
"""

from __future__ import annotations

import sys

import click

from wythoff.cli_common import UserError, sequence_record

MATCH_TERMS = 300
"""Terms compared with OEIS's entries (more than any entry of the excerpt lists)."""


@click.command()
@click.argument("sequence_id", metavar="ID")
@click.option(
    "--config",
    "config_file",
    type=click.Path(dir_okay=False),
    help="A TOML file overriding the defaults (site_url, oeis_stripped, oeis_names).",
)
def oeis(sequence_id: str, config_file: str | None) -> None:
    """Print a sequence's entry in OEIS's internal format (%I, %S, %N, ... %A).

    The first terms in OEIS's layout, the name, comments, references, links to
    the site, formulas, PARI/GP and Python programs, cross-references, OEIS
    keywords and offsets.  The A-numbers the sequence agrees with are found by
    comparing terms, and each says on which terms it was checked.

    \b
    Examples:
      wythoff oeis wythoff-a
      wythoff oeis connell-k3-u1 > connell-k3-u1.txt
    """
    from wythoff import catalog, oeis_entry
    from wythoff import config as configuration
    from wythoff import oeis as oeis_files

    record = sequence_record(sequence_id)
    try:
        settings = configuration.load(config_file)
        index = oeis_files.OeisIndex.load(
            settings.oeis_stripped or None, settings.oeis_names or None
        )
    except configuration.ConfigError as error:
        raise UserError(f"config: {error}") from None
    except (OSError, ValueError) as error:
        raise UserError(f"OEIS files: {error}") from None
    terms = record.listed(record.offset, MATCH_TERMS)
    agreements = [
        (match.anumber, match.relation_text(record.offset)) for match in index.matches(terms)
    ]
    related = {}
    for other_id in record.related:
        other = catalog.resolve_sequence(other_id)
        found = index.matches(other.listed(other.offset, MATCH_TERMS))
        related[other_id] = [match.anumber for match in found]
    entry = oeis_entry.sequence_entry(record, terms, agreements, related, settings.site_url)
    sys.stdout.write(entry.text())
