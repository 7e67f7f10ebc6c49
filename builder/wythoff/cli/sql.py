"""``wythoff sql``: a read-only query on the built database, its rows streamed out."""

from __future__ import annotations

import sys

from wythoff.cli import formats
from wythoff.cli.common import UserError, load_config
from wythoff.cli.options import CONFIG, DATABASE, format_option
from wythoff.cli.spec import Argument, Option, command
from wythoff.cli.values import Range

SQL_MEMORY = 1 << 30  # SQLite's heap for one `wythoff sql` process


@command(
    Argument("query", "QUERY"),
    CONFIG,
    DATABASE,
    format_option(default="csv", text_header=True),
    Option(
        "--time-limit",
        type=Range(float, 0.01, 3600),
        default=10.0,
        show_default=True,
        metavar="SECONDS",
        help="Stop a query that makes you wait longer than this for its next rows.",
    ),
)
def sql(
    query: str, config_file: str | None, database: str | None, form: str, time_limit: float
) -> None:
    """The database is opened read-only: no statement can change it.  Only queries
    are allowed: ATTACH, VACUUM, PRAGMAs that change settings and extensions are
    refused before they touch any file; strings and blobs are capped at 10 MB,
    and a query is stopped after --time-limit seconds without rows.  Results
    stream: any number of rows runs in little memory.

    Examples:
      wythoff sql "SELECT x, y FROM p_positions WHERE game_id = 'connell-k3' ORDER BY x, y"
      wythoff sql "SELECT sequence_id, n FROM terms WHERE value = 1000" --format json
      wythoff sql "SELECT count(*) FROM terms" --db other/wythoff.sqlite
      wythoff sql - < query.sql             # the query from standard input
    """
    from sqlalchemy.exc import SQLAlchemyError

    from wythoff.db import read

    settings = load_config(config_file, database=database)
    url, path = settings.database_url, settings.database_path
    try:
        limits = read.Limits(seconds=time_limit, max_memory=SQL_MEMORY)
        with read.connect(url, path, limits) as connection:
            if query == "-":  # read once the database is known to open: no wait for nothing
                query = sys.stdin.read()
            columns, rows = read.run_query(connection, query)
            formats.write_rows(sys.stdout, columns, rows, form, header=form != "json")
    except (read.QueryError, read.MissingDatabase) as error:
        raise UserError(str(error)) from None
    except (SQLAlchemyError, read.DatabaseUnavailable) as error:  # server or driver missing
        raise UserError(f"database: {str(error).splitlines()[0]}") from None
