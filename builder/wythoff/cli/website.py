"""``wythoff site`` and ``wythoff serve``: the static site rendered from a built
database, and served locally as a static host would serve it."""

from __future__ import annotations

import sys

from wythoff.cli.common import UserError, load_config
from wythoff.cli.options import CONFIG, QUIET
from wythoff.cli.spec import Option, command
from wythoff.cli.values import Range


@command(
    CONFIG,
    Option("--output", metavar="DIR", help="Where the site goes (default: ./build/site)."),
    Option(
        "--db",
        dest="database",
        metavar="PATH",
        help="The SQLite database to read (default: ./data/wythoff.sqlite).",
    ),
    QUIET,
)
def site(config_file: str | None, output: str | None, database: str | None, quiet: bool) -> None:
    """Needs 'wythoff build' first.  The result (build/site by default) is static
    files with every asset local: publish them on any static host, or serve the
    folder locally (the browser tools fetch data files, which file:// forbids).

    Examples:
      wythoff site
      wythoff site --db /tmp/wythoff/wythoff.sqlite --output /tmp/site
    """
    from pathlib import Path

    from wythoff import layout
    from wythoff.website import SiteError, hosts, sitebuild

    exports = None
    if database and "://" not in database and (Path(database).parent / layout.CSV).is_dir():
        exports = str(Path(database).parent)  # the exports published with that database
    settings = load_config(config_file, site=output, database=database, output=exports)
    try:
        report = sitebuild.build_site(settings, quiet=quiet)
    except SiteError as error:
        raise UserError(str(error)) from None
    print(
        f"built {report.pages:,} pages in {report.directory} in {report.seconds:.1f} s: "
        f"home page {report.home_bytes / 1e3:.0f} kB ({report.home_compressed_bytes / 1e3:.0f} kB "
        "compressed, as served), search index "
        f"{report.search_index_bytes / 1e6:.2f} MB; {report.size.describe()}"
    )
    print(f"the site {hosts.fits(report.size)}")
    if report.elsewhere is not None:
        print(
            f"upload {report.elsewhere}/data/* to data_url and {report.elsewhere}/downloads/* "
            "to downloads_url (the pages link them there)"
        )
    if not settings.site_url:
        print(
            "site_url is not set, so the pages name no address of their own (no canonical link, "
            'an empty sitemap): before publishing, set site_url = "https://.../" in the '
            "configuration (wythoff defaults > my.toml; wythoff site --config my.toml)"
        )


@command(
    CONFIG,
    Option(
        "--site", dest="site_dir", metavar="DIR", help="The built site (default: ./build/site)."
    ),
    Option(
        "--port",
        type=Range(int, 0, 65535),
        default=8000,
        show_default=True,
        help="The port (0: any free one).",
    ),
    Option(
        "--host",
        default="127.0.0.1",
        show_default=True,
        help="The address to listen on (127.0.0.1: this machine only).",
    ),
    Option("--log", action="store_true", help="Print one line per request on stderr."),
)
def serve(config_file: str | None, site_dir: str | None, port: int, host: str, log: bool) -> None:
    """The site's tools fetch data files, which browsers refuse from file://, so
    open the site through this server.  It serves nothing outside the site's
    folder.  Stop it with Ctrl-C.

    Examples:
      wythoff serve                      # then open http://127.0.0.1:8000/
      wythoff serve --site /tmp/site --port 9000
    """
    from wythoff.website import serve as serving

    settings = load_config(config_file, site=site_dir)
    try:
        server = serving.make_server(settings.site_dir, host, port, quiet=not log)
    except FileNotFoundError as error:
        raise UserError(str(error)) from None
    except OSError as error:
        raise UserError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    address, bound = str(server.server_address[0]), int(server.server_address[1])
    print(
        f"serving {settings.site_dir} at http://{address}:{bound}/ (Ctrl-C stops)", file=sys.stderr
    )
    with server:
        server.serve_forever()
