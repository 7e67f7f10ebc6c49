"""Every file a build writes, named once: the layout of the output folder.

The build writes these files, the site copies them, the command line and the
downloads page point at them; each of those reads the names from here, so a
renamed file cannot leave a stale link behind.

::

    wythoff.sqlite                the database (unless configured elsewhere)
    wythoff.sqlite.zst            the SQLite database, zstd-compressed
    csv/<table>.csv               sequences, games, crossrefs, verifications, ...
    csv/sequences/<id>.csv        n,value for each sequence
    csv/games/<id>.csv            n,x,y,class for each game
    csv/numerations/<game>.csv    Fraenkel's numeration tables
    bfiles/<id>.txt               OEIS-style b-files
    parquet/<table>.parquet       terms and P-positions, exact
    metadata.json                 source, version, commit, date, configuration, licence
    datapackage.json              a Frictionless Data Package describing every CSV file
    wythoff-data.zip              the CSV files, metadata.json and datapackage.json

>>> sequence_csv("wythoff-a"), bfile("wythoff-a"), parquet("terms")
('csv/sequences/wythoff-a.csv', 'bfiles/wythoff-a.txt', 'parquet/terms.parquet')
"""

from __future__ import annotations

DATABASE = "wythoff.sqlite"
COMPRESSED_DATABASE = f"{DATABASE}.zst"
ARCHIVE = "wythoff-data.zip"
METADATA = "metadata.json"
DATAPACKAGE = "datapackage.json"
CSV = "csv"
SEQUENCES_CSV = f"{CSV}/sequences"
GAMES_CSV = f"{CSV}/games"
NUMERATIONS_CSV = f"{CSV}/numerations"
BFILES = "bfiles"
PARQUET = "parquet"

PUBLISHED = (CSV, BFILES, PARQUET, METADATA, DATAPACKAGE, ARCHIVE)
"""What a build publishes together beside the database (see :mod:`wythoff.pipeline.transaction`)."""


def table_csv(table: str) -> str:
    """A whole table as CSV."""
    return f"{CSV}/{table}.csv"


def sequence_csv(sequence_id: str) -> str:
    """One sequence's terms as ``n,value`` CSV."""
    return f"{SEQUENCES_CSV}/{sequence_id}.csv"


def game_csv(game_id: str) -> str:
    """One game's stored P-positions as CSV."""
    return f"{GAMES_CSV}/{game_id}.csv"


def numeration_csv(game_id: str) -> str:
    """The numeration tables of one of Fraenkel's games as CSV."""
    return f"{NUMERATIONS_CSV}/{game_id}.csv"


def bfile(sequence_id: str) -> str:
    """One sequence's terms as an OEIS-style b-file."""
    return f"{BFILES}/{sequence_id}.txt"


def parquet(table: str) -> str:
    """A table of exact terms or P-positions as Parquet."""
    return f"{PARQUET}/{table}.parquet"
