"""The ``wythoff`` command: a thin layer over the catalog, the engine and the database.

Every command has ``--help`` with an example.  Bad input is reported as one line
on stderr (what is wrong and what is allowed) with exit status 2.

Each command imports only what it uses, inside its function: the start-up of
``wythoff terms`` or ``wythoff --help`` does not pay for the database layer,
pandas or numba.
"""

from __future__ import annotations

import atexit
import os
import sys
from typing import TYPE_CHECKING

import click

from wythoff import __version__, layout
from wythoff.cli import formats
from wythoff.cli.common import (
    CONFIG_OPTION,
    DATABASE_OPTION,
    UserError,
    format_option,
)
from wythoff.cli.group import LazyGroup
from wythoff.core import bigdigits

if TYPE_CHECKING:
    from wythoff import config as configuration

SQL_MEMORY = 1 << 30  # SQLite's heap for one `wythoff sql` process


ELSEWHERE = {
    "terms": "wythoff.cli.data:terms",
    "position": "wythoff.cli.data:position",
    "ppositions": "wythoff.cli.data:ppositions",
    "identify": "wythoff.cli.identify:identify",
    "oeis": "wythoff.cli.oeis:oeis",
    "bfile": "wythoff.cli.oeis:bfile",
    "grundy": "wythoff.cli.grundy:grundy",
}
"""The commands defined in modules of their own, imported when first used."""


@click.group(
    cls=LazyGroup, lazy=ELSEWHERE, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(__version__, prog_name="wythoff")
def cli() -> None:
    """The reference database of Wythoff-game sequences.

    Sequences and games are named by stable IDs: 'wythoff ids' lists the forms
    of each family's IDs, with an example of each.

    \b
    Examples:
      wythoff terms wythoff-a --count 10
      wythoff position connell-k3 14 48
      wythoff ppositions fraenkel-a2 --max 40
    """


# ----------------------------------------------------------------------------- build


QUIET_OPTION = click.option(
    "--quiet", is_flag=True, help="No progress bars (they show only on a terminal anyway)."
)


@cli.command()
@CONFIG_OPTION
@click.option(
    "--output",
    metavar="DIR",
    help="Where the database and the exports go (default: ./data).",
)
@QUIET_OPTION
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    help="Processes for the games (default: all cores; a cluster has its own workers).",
)
@click.option(
    "--wait", is_flag=True, help="If another build is writing to the output, wait for it."
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Solve the games on the Dask cluster of this scheduler, like tcp://host:8786, "
    "instead of this machine's cores (pip install 'wythoff-sequences[cluster]'; the "
    "workers need the same version installed).  Default: the configuration's scheduler.",
)
@click.option(
    "--deep",
    "deep",
    metavar="GAME",
    multiple=True,
    help="A game without a formula whose c and d sequences get deep_terms terms "
    "(10^6 by default); repeat for several.",
)
def build(
    config_file: str | None,
    output: str | None,
    quiet: bool,
    workers: int | None,
    wait: bool,
    scheduler: str | None,
    deep: tuple[str, ...],
) -> None:
    """Build the database and the CSV files (compute, verify, load, export).

    Every sequence is computed exactly, every game solved by the solver and
    checked against its formula and strategy, every theorem checked on the
    data; a failed check stops the build and nothing is replaced.  All outputs
    (database, CSV files, b-files, metadata, archive) are written into a folder
    of their own and published together by one atomic switch, only when
    complete; one build at a time writes to an output.

    \b
    Examples:
      wythoff build
      wythoff build --config small.toml     # with e.g. terms = 1000
      wythoff build --output /tmp/wythoff   # the database and exports go there
      wythoff build --deep larsson-modulo-m2-p3-l2    # 10^6 terms of its c and d
      wythoff build --scheduler tcp://10.0.0.5:8786   # the games on a Dask cluster

    \b
    A cluster gives the same database and files as this machine.  Start it with
      dask scheduler                          # prints its address, tcp://...:8786
      dask worker tcp://10.0.0.5:8786         # on each machine, wythoff installed
    """
    from sqlalchemy.exc import SQLAlchemyError

    from wythoff import config as configuration
    from wythoff import pipeline
    from wythoff.db.read import DatabaseUnavailable
    from wythoff.pipeline import cluster, transaction
    from wythoff.pipeline.verify import VerificationFailed

    settings = _config(
        config_file, output=output, scheduler=scheduler, deep=list(deep) if deep else None
    )
    try:
        need = configuration.check_resources(settings)
        if not quiet and sys.stderr.isatty():  # with the progress bars, on a terminal
            click.echo(need.announce(), err=True)
        report = pipeline.build(settings, quiet=quiet, workers=workers, wait=wait)
    except cluster.ClusterError as error:
        raise UserError(f"cluster: {error}; nothing was replaced") from None
    except transaction.OutputBusy as error:
        raise UserError(str(error)) from None
    except configuration.ConfigError as error:
        raise UserError(f"config: {error}") from None
    except (SQLAlchemyError, DatabaseUnavailable) as error:  # server or driver missing
        raise UserError(f"database: {str(error).splitlines()[0]}") from None
    except VerificationFailed as failed:
        for check in failed.failures:
            click.echo(f"FAILED {check.subject}: {check.check}: {check.detail}", err=True)
        message = f"{len(failed.failures)} checks failed; nothing was replaced"
        raise click.ClickException(message) from None
    counts = report.counts
    click.echo(
        f"built {settings.database_path or settings.database} in {report.seconds:.1f} s: "
        f"{counts['sequences']} sequences, "
        f"{counts['terms']:,} terms, {counts['games']} games, {counts['p_positions']:,} "
        f"P-positions, {counts['verifications']} checks passed; {report.files} files in "
        f"{settings.output_dir}"
    )
    if not quiet:
        click.echo(report.oeis)


def _config(config_file: str | None, **overrides: object) -> configuration.Config:
    """The configuration: shipped defaults, the user's file, then the command's options."""
    from wythoff import config as configuration

    try:
        return configuration.load(config_file, **overrides)
    except configuration.ConfigError as error:
        raise UserError(f"config: {error}") from None


@cli.command()
def defaults() -> None:
    """Print the default configuration, to copy and edit for 'build --config'.

    \b
    Examples:
      wythoff defaults > my.toml      # edit, then: wythoff build --config my.toml
    """
    from wythoff import config as configuration

    sys.stdout.write(configuration.defaults_text())


@cli.command()
@format_option(text_header=True)
def ids(form: str) -> None:
    """List the forms of the sequences' and games' IDs, family by family.

    Each form's parameters in braces are non-negative integers; any values the
    family's theorems allow make an ID, not only those of a build.

    \b
    Examples:
      wythoff ids
      wythoff ids --format csv
    """
    from wythoff import families

    rows = []
    for key, family in families.FAMILIES.items():
        for kind in ("sequence", "game"):
            shown = getattr(family, f"{kind}_examples")
            for id_form in getattr(family, f"{kind}_ids").values():
                example = next((e for e in shown if id_form.match(e) is not None), "")
                rows.append((key, kind, id_form.form, example))
    columns = ["family", "kind", "form", "example"]
    formats.write_rows(sys.stdout, columns, rows, form, header=form != "json")


# ----------------------------------------------------------------------------- site


@cli.command()
@CONFIG_OPTION
@click.option("--output", metavar="DIR", help="Where the site goes (default: ./build/site).")
@click.option(
    "--db",
    "database",
    metavar="PATH",
    help="The SQLite database to read (default: ./data/wythoff.sqlite).",
)
@QUIET_OPTION
def site(config_file: str | None, output: str | None, database: str | None, quiet: bool) -> None:
    """Render the pages from the built database and build the static site.

    Needs 'wythoff build' first.  The result (build/site by default) is static
    files with every asset local: publish them on any static host, or serve the
    folder locally (the browser tools fetch data files, which file:// forbids).

    \b
    Examples:
      wythoff site
      wythoff site --db /tmp/wythoff/wythoff.sqlite --output /tmp/site
    """
    from pathlib import Path

    from wythoff.website import sitebuild

    exports = None
    if database and "://" not in database and (Path(database).parent / layout.CSV).is_dir():
        exports = str(Path(database).parent)  # the exports published with that database
    settings = _config(config_file, site=output, database=database, output=exports)
    try:
        report = sitebuild.build_site(settings, quiet=quiet)
    except sitebuild.SiteError as error:
        raise UserError(str(error)) from None
    click.echo(
        f"built {report.pages:,} pages in {report.directory} in {report.seconds:.1f} s: "
        f"home page {report.home_bytes / 1e3:.0f} kB ({report.home_compressed_bytes / 1e3:.0f} kB "
        "compressed, as served), search index "
        f"{report.search_index_bytes / 1e6:.2f} MB; {report.size.describe()}"
    )
    if report.elsewhere is not None:
        click.echo(
            f"upload {report.elsewhere}/data/* to data_url and {report.elsewhere}/downloads/* "
            "to downloads_url (the pages link them there)"
        )
    if not settings.site_url:
        click.echo(
            "site_url is not set, so the pages name no address of their own (no canonical link, "
            'an empty sitemap): before publishing, set site_url = "https://.../" in the '
            "configuration (wythoff defaults > my.toml; wythoff site --config my.toml)"
        )


@cli.command()
@CONFIG_OPTION
@click.option("--site", "site_dir", metavar="DIR", help="The built site (default: ./build/site).")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="The port (0: any free one).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on (127.0.0.1: this machine only).",
)
@click.option("--log", is_flag=True, help="Print one line per request on stderr.")
def serve(config_file: str | None, site_dir: str | None, port: int, host: str, log: bool) -> None:
    """Serve the built site locally, as a static host would (with HTTP Range support).

    The site's tools fetch data files, which browsers refuse from file://, so
    open the site through this server.  It serves nothing outside the site's
    folder.  Stop it with Ctrl-C.

    \b
    Examples:
      wythoff serve                      # then open http://127.0.0.1:8000/
      wythoff serve --site /tmp/site --port 9000
    """
    from wythoff.website import serve as serving

    settings = _config(config_file, site=site_dir)
    try:
        server = serving.make_server(settings.site_dir, host, port, quiet=not log)
    except FileNotFoundError as error:
        raise UserError(str(error)) from None
    except OSError as error:
        raise UserError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    address, bound = str(server.server_address[0]), int(server.server_address[1])
    click.echo(f"serving {settings.site_dir} at http://{address}:{bound}/ (Ctrl-C stops)", err=True)
    with server:
        server.serve_forever()


# ----------------------------------------------------------------------------- sql


@cli.command()
@click.argument("query")
@CONFIG_OPTION
@DATABASE_OPTION
@format_option(default="csv", text_header=True)
@click.option(
    "--time-limit",
    type=click.FloatRange(0.01, 3600),
    default=10.0,
    show_default=True,
    metavar="SECONDS",
    help="Stop a query that makes you wait longer than this for its next rows.",
)
def sql(
    query: str, config_file: str | None, database: str | None, form: str, time_limit: float
) -> None:
    """Run a read-only SQL query on the built database; CSV on stdout.

    The database is opened read-only: no statement can change it.  Only queries
    are allowed: ATTACH, VACUUM, PRAGMAs that change settings and extensions are
    refused before they touch any file; strings and blobs are capped at 10 MB,
    and a query is stopped after --time-limit seconds without rows.  Results
    stream: any number of rows runs in little memory.

    \b
    Examples:
      wythoff sql "SELECT x, y FROM p_positions WHERE game_id = 'connell-k3' ORDER BY x, y"
      wythoff sql "SELECT sequence_id, n FROM terms WHERE value = 1000" --format json
      wythoff sql "SELECT count(*) FROM terms" --db other/wythoff.sqlite
      wythoff sql - < query.sql             # the query from standard input
    """
    from sqlalchemy.exc import SQLAlchemyError

    from wythoff.db import read

    settings = _config(config_file, database=database)
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


def main(argv: list[str] | None = None) -> int:
    """Run the command line; every failure of the user's input is one line and status 2.

    Integers of any length are printed and parsed here (the only place where the
    process-wide limit on integer digits is lifted, for the command's duration).
    """
    try:
        with bigdigits.unlimited(), cli.make_context("wythoff", _arguments(argv)) as context:
            cli.invoke(context)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.exceptions.NoArgsIsHelpError as bare:  # `wythoff` alone: the help, no error
        assert bare.ctx is not None
        click.echo(bare.ctx.get_help())
        return 0
    except click.ClickException as error:
        message = error.format_message().replace("\n", " ")
        if isinstance(error, click.UsageError) and error.ctx is not None:
            message += f" (see '{error.ctx.command_path} --help')"
        click.echo(f"wythoff: error: {message}", err=True)
        return 2
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("wythoff: interrupted", err=True)
        return 130
    except BrokenPipeError:
        _silence_stdout()  # the reader went away (e.g. `| head`): not an error
        return 0
    return 0


QUICK_EXIT = frozenset({"position", "terms", "ppositions", "bfile", "oeis", "grundy"})
"""Commands that only print an answer: once it is out, the process ends without
tearing the interpreter down, which takes 0.1 to 0.3 s after the compiled solver
was loaded (numba's code and types are freed one object at a time) and frees
nothing the system would not."""


def run() -> None:
    """The ``wythoff`` command: :func:`main`, then the exit.

    After a command of :data:`QUICK_EXIT` the output is flushed and the exit
    handlers run (coverage, logging), then ``os._exit`` skips the teardown."""
    status = main()
    command = next(iter(_arguments(None)), "")
    if command not in QUICK_EXIT:
        sys.exit(status)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
    sys.stderr.flush()
    atexit._run_exitfuncs()
    os._exit(status)


def _arguments(argv: list[str] | None) -> list[str]:
    return list(sys.argv[1:] if argv is None else argv)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    run()
