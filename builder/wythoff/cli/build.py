"""``wythoff build`` and ``wythoff defaults``: the database and its exports made
from a configuration, and the configuration's defaults to start one from."""

from __future__ import annotations

import sys

from wythoff.cli.common import UserError, load_config
from wythoff.cli.options import CONFIG, QUIET
from wythoff.cli.spec import Option, command
from wythoff.cli.values import Range


@command(
    CONFIG,
    Option(
        "--output", metavar="DIR", help="Where the database and the exports go (default: ./data)."
    ),
    QUIET,
    Option(
        "--workers",
        type=Range(int, 1, 64),
        help="Processes for the games (default: all cores; a cluster has its own workers).",
    ),
    Option(
        "--wait",
        action="store_true",
        help="If another build is writing to the output, wait for it.",
    ),
    Option(
        "--scheduler",
        metavar="ADDRESS",
        help="Solve the games on the Dask cluster of this scheduler, like tcp://host:8786, "
        "instead of this machine's cores (pip install 'wythoff-sequences[cluster]'; the "
        "workers need the same version installed).  Default: the configuration's scheduler.",
    ),
    Option(
        "--deep",
        action="append",
        metavar="GAME",
        help="A game without a formula whose c and d sequences get deep_terms terms "
        "(10^6 by default); repeat for several.",
    ),
)
def build(
    config_file: str | None,
    output: str | None,
    quiet: bool,
    workers: int | None,
    wait: bool,
    scheduler: str | None,
    deep: list[str] | None,
) -> None:
    """Every sequence is computed exactly, every game solved by the solver and
    checked against its formula and strategy, every theorem checked on the
    data; a failed check stops the build and nothing is replaced.  All outputs
    (database, CSV files, b-files, metadata, archive) are written into a folder
    of their own and published together by one atomic switch, only when
    complete; one build at a time writes to an output.

    Examples:
      wythoff build
      wythoff build --config small.toml     # with e.g. terms = 1000
      wythoff build --output /tmp/wythoff   # the database and exports go there
      wythoff build --deep larsson-modulo-m2-p3-l2    # 10^6 terms of its c and d
      wythoff build --scheduler tcp://10.0.0.5:8786   # the games on a Dask cluster

    A cluster gives the same database and files as this machine.  Start it with
      dask scheduler                          # prints its address, tcp://...:8786
      dask worker tcp://10.0.0.5:8786         # on each machine, wythoff installed
    """
    from sqlalchemy.exc import SQLAlchemyError

    from wythoff import config as configuration
    from wythoff.db.read import DatabaseUnavailable
    from wythoff.pipeline import cluster, estimate, run, transaction
    from wythoff.pipeline.verify import VerificationFailed

    settings = load_config(config_file, output=output, scheduler=scheduler, deep=deep or None)
    try:
        need = estimate.check_resources(settings)
        if not quiet and sys.stderr.isatty():  # with the progress bars, on a terminal
            print(need.announce(), file=sys.stderr)
        report = run.build(settings, quiet=quiet, workers=workers, wait=wait)
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
            print(f"FAILED {check.subject}: {check.check}: {check.detail}", file=sys.stderr)
        raise UserError(f"{len(failed.failures)} checks failed; nothing was replaced") from None
    counts = report.counts
    print(
        f"built {settings.database_path or settings.database} in {report.seconds:.1f} s: "
        f"{counts['sequences']} sequences, "
        f"{counts['terms']:,} terms, {counts['games']} games, {counts['p_positions']:,} "
        f"P-positions, {counts['verifications']} checks passed; {report.files} files in "
        f"{settings.output_dir}"
    )
    if not quiet:
        print(report.oeis)


@command()
def defaults() -> None:
    """Every key of the configuration, with its default and what it means; a file
    given to --config needs only the keys it changes.

    Examples:
      wythoff defaults > my.toml      # edit, then: wythoff build --config my.toml
    """
    from wythoff import config as configuration

    sys.stdout.write(configuration.defaults_text())
