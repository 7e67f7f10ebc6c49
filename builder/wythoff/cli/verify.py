"""``wythoff verify``: a built database, and a published site's downloads, checked
again by code independent of the code that built them (:mod:`wythoff.audit`)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from wythoff.cli.common import UserError, load_config
from wythoff.cli.options import CONFIG, DATABASE, QUIET
from wythoff.cli.parser import Exit
from wythoff.cli.spec import Option, command
from wythoff.cli.values import Range

if TYPE_CHECKING:
    from wythoff.audit import run
    from wythoff.audit.report import Report

T = TypeVar("T")


@command(
    CONFIG,
    DATABASE,
    Option(
        "--site",
        metavar="DIR|URL",
        help="Also check every download of this site (its folder or its address) against "
        "the SHA-256 its downloads page lists.",
    ),
    Option(
        "--board",
        type=Range(int, 1, 100_000),
        metavar="SIDE",
        help="Solve each game on a board of at most this side (default: every stored "
        "P-position, the game's ppositions_max + 1).",
    ),
    QUIET,
)
def verify(
    config_file: str | None, database: str | None, site: str | None, board: int | None, quiet: bool
) -> None:
    """Every stored fact is computed again from its definition by code that shares
    nothing with the code that built the database: each game's P-positions by a
    plain solver of the moves its row of 'games' states, on a board; each stored
    Sprague-Grundy value by the least value no move reaches, each row's proof
    (y1, P) by Landman's argument and each period on those values; each term of
    a closed form by its floor brackets in integers, the others by their
    recurrence, the board or the values; each relation between stored sequences
    by the terms it cites.  It prints what it checked and how far, how many
    stored terms lie past what the checks reach (a game's pairs beyond the
    board, a row's period that grundy_periods does not state), then the first
    difference of each kind (the table, the game or sequence ID, the index).
    Exit status 0 when everything checked equals its definition, 1 when
    something differs, 2 for bad input.

    Examples:
      wythoff verify                                   # ./data/wythoff.sqlite
      wythoff verify --db ~/Downloads/wythoff.sqlite   # a downloaded database
      wythoff verify --db https://example.org/wythoff.sqlite
      wythoff verify --site build/site                 # and every download's SHA-256
      wythoff verify --board 200                       # quicker: games on 200 x 200
    """
    from wythoff.audit import site as sites
    from wythoff.pipeline.progress import Stages

    stages = Stages(quiet)

    def progress(items: Iterable[T], description: str, total: int) -> Iterator[T]:
        with stages.bar(description, total) as bar:
            for item in items:
                yield item
                bar.update(1)

    with tempfile.TemporaryDirectory(prefix="wythoff-verify-") as scratch:
        report = _database_report(config_file, database, board, Path(scratch), progress)
        if site is not None:
            try:
                sites.check(report, site)
            except sites.SiteError as error:
                raise UserError(f"--site: {error}") from None
    for line in report.lines():
        print(line)
    if report.differs:
        raise Exit(1)


def _database_report(
    config_file: str | None,
    database: str | None,
    board: int | None,
    scratch: Path,
    progress: run.Progress[Any],
) -> Report:
    """The checks of the database that ``--db`` (or the configuration) names; an
    address is fetched into ``scratch`` first."""
    from sqlalchemy.exc import SQLAlchemyError

    from wythoff.audit import run  # noqa: F811 - at run time, not only for types
    from wythoff.db import read

    if database is not None and database.startswith(("http://", "https://")):
        database = str(_download(database, scratch / "wythoff.sqlite"))
    settings = load_config(config_file, database=database)
    try:
        with read.connect(settings.database_url, settings.database_path) as connection:
            return run.verify(connection, board, progress)
    except read.MissingDatabase as error:
        raise UserError(str(error)) from None
    except (SQLAlchemyError, read.DatabaseUnavailable) as error:
        raise UserError(f"database: {str(error).splitlines()[0]}") from None


def _download(url: str, target: Path) -> Path:
    """The database at ``url``, fetched whole into ``target``."""
    import shutil
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=60) as response, open(target, "wb") as out:  # noqa: S310
            shutil.copyfileobj(response, out)
    except (OSError, ValueError) as error:
        raise UserError(f"--db: cannot fetch {url}: {error}") from None
    return target
