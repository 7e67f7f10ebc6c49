"""``wythoff site``: the static site, rendered from the built database.

1. stage ``build/docs``: the hand-written sources of ``site/``, the generated
   pages (``wythoff.website``), pictures, downloads read from the exports, data
   files for the browser tools and the database itself, which the SQL console
   reads by HTTP Range requests (the browser libraries, KaTeX and SQLite's
   WebAssembly build, are vendored in ``site/assets/vendor`` with their
   licences, so no Node.js is needed);
2. run ``mkdocs build --strict`` on it with a navigation listing the families
   that were built (every link and anchor checked);
3. move the result over the previous site only when complete.

Everything is local: no CDN, no server; the site works from disk.
"""

from __future__ import annotations

import gzip
import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wythoff import config as configuration
from wythoff import layout, resources
from wythoff.db import read, store, vocabulary
from wythoff.identify import catalog
from wythoff.pipeline import processes, provenance
from wythoff.pipeline.progress import Stages
from wythoff.website import content as site_content
from wythoff.website import (
    data,
    documents,
    grundy_picture,
    hosts,
    mkdocs_hooks,
    pages,
    parts,
    paths,
    pictures,
    render,
    search_index,
)
from wythoff.website.front import Download

if TYPE_CHECKING:
    from collections.abc import Iterator

    from sqlalchemy import Connection
    from tqdm import tqdm

    from wythoff.core.games.rules import Rules
    from wythoff.identify.catalog import CatalogSlope
    from wythoff.website.content import SiteContent


class SiteError(RuntimeError):
    """The site cannot be built (one line saying why and what to do)."""


@dataclass(frozen=True)
class SiteReport:
    directory: Path
    pages: int
    seconds: float
    home_bytes: int
    home_compressed_bytes: int  # as served, text gzip-compressed
    search_index_bytes: int
    size: hosts.SiteSize
    elsewhere: Path | None  # what to upload to data_url or downloads_url, if either is set


def build_site(config: configuration.Config, quiet: bool = False) -> SiteReport:
    started = time.perf_counter()
    database = config.database_path
    if database is None:
        raise SiteError(
            "wythoff site reads an SQLite database (the site gives a copy to the browser): "
            "set database to a file path"
        )
    if not database.exists():
        raise SiteError(f"no database at {config.database}; run 'wythoff build' first")
    refused = hosts.check_name(config.host) or hosts.check_part_size(
        config.host, config.max_file_mib
    )
    if refused:
        raise SiteError(refused)
    build_root = config.site_dir.parent
    staging = build_root / "docs"
    output = build_root / "site.building"
    elsewhere = build_root / "elsewhere"  # files published at data_url, downloads_url
    shutil.rmtree(staging, ignore_errors=True)
    _check_before_rendering(staging, database, config, None)  # the database alone, at once
    # the site's content is let go once staged: MkDocs, which runs next, needs the memory
    pages, mkdocs_config = _stage(config, staging, output, elsewhere, quiet)
    _check_before_rendering(staging, database, config, pages)
    _run_mkdocs(mkdocs_config, build_root, output, quiet)
    _publish_database(database, output, elsewhere, config)
    size = hosts.measure(output)
    refused = hosts.problem(size, config.host)
    if refused:
        shutil.rmtree(output, ignore_errors=True)
        raise SiteError(f"{refused} (the site was not published)")
    _swap(output, config.site_dir)
    site = config.site_dir
    return SiteReport(
        directory=site,
        pages=sum(1 for _ in site.rglob("index.html")),
        seconds=time.perf_counter() - started,
        home_bytes=page_weight(site, site / "index.html"),
        home_compressed_bytes=page_weight(site, site / "index.html", compressed=True),
        search_index_bytes=(site / paths.find_data()).stat().st_size,
        size=size,
        elsewhere=elsewhere if elsewhere.exists() else None,
    )


def _stage(
    config: configuration.Config, staging: Path, output: Path, elsewhere: Path, quiet: bool
) -> tuple[int, str]:
    """Write MkDocs's sources into ``staging`` (and what is published at ``data_url``
    or ``downloads_url`` into ``elsewhere``) from the database: the number of entry
    pages, and the generated MkDocs configuration that renders them into ``output``."""
    shutil.copytree(resources.site_sources(), staging)
    # open while the pages are written: they read each entry's rows as they need them
    with read.connect(config.database_url, config.database_path) as connection:
        _check_schema(connection)
        content = site_content.load(connection)
        content.site_url, content.issues_url = config.site_url, config.issues_url
        counts = store.table_counts(connection)
        slopes = catalog.slopes(connection)
        _write_positions(connection, content, staging)
        shutil.rmtree(elsewhere, ignore_errors=True)
        _check_exports(config.output_dir)
        downloads = _publish_downloads(config, staging, elsewhere)
        _write_data(content, slopes, staging)
        entries = len(content.sequences) + len(content.games)
        bar = Stages(quiet).bar("pages", entries)
        with bar:
            _write_pages(content, counts, staging, config, bar, downloads)
        return entries, _generated_config(content, staging, output, config.site_url)


def _check_before_rendering(
    staging: Path, database: Path, config: configuration.Config, pages: int | None
) -> None:
    """Refuse, before MkDocs renders the pages (the longest step), a site that
    ``config.host`` would refuse whatever its pages weigh (:func:`size_before_rendering`).
    ``pages``: how many entry pages were staged; ``None`` before anything is staged,
    when the database published with the site may already be too much."""
    if config.host not in hosts.HOSTS:
        return
    bound, sizes = size_before_rendering(staging, database, config, pages or 0)
    elsewhere = bool(config.data_url and config.downloads_url)
    refused = hosts.problem(bound, config.host, at_least=True, data_elsewhere=elsewhere)
    if refused:
        when = (
            "found before any page is written; the heaviest folders"
            if pages is None
            else f"found before its {pages:,} pages are rendered; the heaviest folders beside them"
        )
        raise SiteError(f"{refused} ({when}: {_heaviest_folders(sizes)})")


def size_before_rendering(
    staging: Path, database: Path, config: configuration.Config, pages: int
) -> tuple[hosts.SiteSize, dict[str, int]]:
    """A lower bound of the built site's size, known before MkDocs runs: the files
    written beside the pages (pictures, positions, downloads), the database's
    parts when they are published with the site, and one file a page, counted empty;
    and the size of each file it counts (path in the site -> bytes)."""
    sources = resources.site_sources()
    sizes = {
        path.relative_to(staging).as_posix(): path.stat().st_size
        for path in staging.rglob("*")
        if path.is_file()
        and path.suffix != ".md"
        and not (sources / path.relative_to(staging)).exists()
    }
    if not config.data_url:
        size, part_bytes = database.stat().st_size, config.max_file_mib * parts.MIB
        folder = Path(paths.database_manifest()).parent.as_posix()
        for index, name in enumerate(parts.part_names(database.name, size, part_bytes)):
            sizes[f"{folder}/{name}"] = min(part_bytes, size - index * part_bytes)
    largest_bytes, largest = max(((b, name) for name, b in sizes.items()), default=(0, ""))
    bound = hosts.SiteSize(largest, largest_bytes, len(sizes) + pages, sum(sizes.values()))
    return bound, sizes


def _heaviest_folders(sizes: dict[str, int], shown: int = 3) -> str:
    """The folders that weigh most among ``sizes`` (path -> bytes), by their first name.

    >>> _heaviest_folders({"games/a/x.png": 3 * 10**6, "games/b/x.png": 10**6, "s/y": 10})
    'games/ 4.0 MB, s/ 0.0 MB'
    """
    folders: dict[str, int] = {}
    for path, size in sizes.items():
        top = path.split("/", 1)[0] + "/"
        folders[top] = folders.get(top, 0) + size
    heaviest = sorted(folders.items(), key=lambda item: -item[1])[:shown]
    return ", ".join(f"{folder} {size / 1e6:,.1f} MB" for folder, size in heaviest)


def _check_schema(connection: Connection) -> None:
    """Refuse a database built by another version of the schema, with the remedy."""
    from sqlalchemy import inspect

    from wythoff.db.models import Base

    inspector = inspect(connection)
    for table in Base.metadata.sorted_tables:
        if not inspector.has_table(table.name):
            raise SiteError(f"the database has no table {table.name}; run 'wythoff build' again")
        found = {c["name"] for c in inspector.get_columns(table.name)}
        missing = {c.name for c in table.columns} - found
        if missing:
            raise SiteError(
                f"the database lacks {table.name}.{sorted(missing)[0]}: it was built by another "
                "version; run 'wythoff build' again"
            )


# ----------------------------------------------------------------------------- pages


def _write_pages(
    content: SiteContent,
    counts: dict[str, int],
    staging: Path,
    config: configuration.Config,
    bar: tqdm[Any],
    downloads: list[Download],
) -> None:
    def write(page: str, text: str) -> None:
        target = staging / page
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)

    inputs = pages.Inputs(content, counts, downloads, config.max_file_mib)
    for page in pages.table(content):
        if page.write is not None:
            write(page.path, page.write(inputs))
    once = _Once(staging)
    pairs: dict[str, tuple[str, pictures.Figure]] = {}  # a game page's c, d picture: file
    for sequence_id, figure in _sequence_figures(content, bar):
        picture = None
        if figure is not None:
            plot = once.write(paths.sequence_plot(sequence_id), figure.text.encode())
            picture = (plot, figure)
            if figure.kind == "pair":
                pairs[sequence_id] = (plot, replace(figure, text=""))  # the file is written
        text = render.sequence_page(content, sequence_id, picture)
        write(paths.sequence(sequence_id), text)
        data.write_json(
            documents.sequence_document(content, sequence_id),
            staging / paths.sequence_json(sequence_id),
        )
        (staging / paths.sequence_oeis(sequence_id)).write_text(
            documents.sequence_oeis_text(content, sequence_id, config.site_url)
        )
    values: dict[str, tuple[str, int, bool]] = {}  # Grundy pictures: file, largest, mirrored
    for game_id, drawing in _grundy_pictures(content):
        file = once.write(paths.game_grundy(game_id), drawing.png)
        values[game_id] = (file, drawing.largest, drawing.mirrored)
    for game_id in content.games:
        data.write_json(
            documents.game_document(content, game_id), staging / paths.game_json(game_id)
        )
        lines = _lines_figure(content, game_id)
        if lines is not None:
            write(paths.game_lines(game_id), lines.text)
        gap = _gap_figure(content, pairs, game_id)
        periods = _periods_figure(content, game_id)
        if periods is not None:
            write(paths.game_periods(game_id), periods.text)
        text = render.game_page(content, game_id, lines, gap, values.get(game_id), periods)
        write(paths.game(game_id), text)
        bar.update(1)


class _Once:
    """The pictures, each written once: one identical to a picture already written is
    not written again, and its page links the first (a game's c and d sequences draw
    the same pair, games with equal values the same Sprague–Grundy picture)."""

    def __init__(self, staging: Path) -> None:
        self.staging = staging
        self.first: dict[bytes, str] = {}  # a file's SHA-256: the first file of its bytes

    def write(self, path: str, data: bytes) -> str:
        """The site path of ``data``: ``path``, written now, or the file already
        holding the same bytes."""
        first = self.first.setdefault(hashlib.sha256(data).digest(), path)
        if first == path:
            (self.staging / path).parent.mkdir(parents=True, exist_ok=True)
            (self.staging / path).write_bytes(data)
        return first


FIGURE_BATCH = 512
"""Sequences whose pictures are computed at a time: the terms they are drawn from are
in memory for one batch only (for every sequence at once they were 5 GB of a large
build's site)."""


def _sequence_figures(
    content: SiteContent, bar: tqdm[Any]
) -> Iterator[tuple[str, pictures.Figure | None]]:
    """Every sequence's picture, as the build stored it, computed in a few processes
    (the discrepancies are exact), :data:`FIGURE_BATCH` sequences at a time: each is
    given as soon as its batch is drawn, so the pictures are not all held at once."""
    listed = list(content.sequences)
    workers = min(os.cpu_count() or 1, 4)
    with processes.pool(workers, start_method=None) as pool:
        for start in range(0, len(listed), FIGURE_BATCH):
            batch = listed[start : start + FIGURE_BATCH]
            jobs = [_figure_job(content, sequence_id) for sequence_id in batch]
            drawn = pool.map(_sequence_figure, jobs, chunksize=16)
            for sequence_id, figure in zip(batch, drawn, strict=True):
                yield sequence_id, figure
                bar.update(1)


def _figure_job(
    content: SiteContent, sequence_id: str
) -> tuple[str, pictures.Picture, dict[str, list[tuple[int, int]]]]:
    """What a worker draws a sequence's picture from: its stored picture and the terms
    of the sequences it shows."""
    picture = content.sequences[sequence_id].picture
    needed = (sequence_id, *(picture.pair or ()))
    return sequence_id, picture, {key: _int_terms(content, key) for key in needed}


def _grundy_pictures(content: SiteContent) -> Iterator[tuple[str, grundy_picture.Drawing]]:
    """The picture of the Sprague–Grundy values of every game that has them, computed
    from the stored rules in a few processes."""
    jobs = [(game_id, game.moves) for game_id, game in content.games.items()]
    workers = min(os.cpu_count() or 1, 4)
    with processes.pool(workers, start_method=None) as pool:
        for (game_id, _), image in zip(
            jobs, pool.map(_grundy_picture, jobs, chunksize=16), strict=True
        ):
            if image is not None:
                yield game_id, image


def _grundy_picture(job: tuple[str, Rules]) -> grundy_picture.Drawing | None:
    return grundy_picture.picture(job[1])


def _sequence_figure(
    job: tuple[str, pictures.Picture, dict[str, list[tuple[int, int]]]],
) -> pictures.Figure | None:
    sequence_id, picture, terms = job
    return pictures.sequence_figure(sequence_id, picture, lambda key: terms.get(key, []))


def _int_terms(content: SiteContent, sequence_id: str) -> list[tuple[int, int]]:
    return [(n, int(v)) for n, v in content.terms.get(sequence_id, [])[: site_content.PLOT_TERMS]]


def _gap_figure(
    content: SiteContent, pairs: dict[str, tuple[str, pictures.Figure]], game_id: str
) -> tuple[str, pictures.Figure] | None:
    """For a game without a formula, the gap and ratio picture of its c and d
    sequences (their pages' file and the figure), to show on the game's page too;
    ``pairs`` holds the sequences' pair pictures, by sequence."""
    if content.games[game_id].solved:
        return None
    for sequence_id in content.game_sequences.get(game_id, []):
        if sequence_id in pairs:
            return pairs[sequence_id]
    return None


def _periods_figure(content: SiteContent, game_id: str) -> pictures.Figure | None:
    """The preperiods and periods of a game's rows, for a game whose rows are stored with
    their values (``grundy_values``)."""
    if game_id not in content.grundy_values:
        return None
    rows = [
        (p.row, p.preperiod, p.period)
        for p in content.grundy_periods.get(game_id, [])
        if p.axis == vocabulary.ROW and p.preperiod is not None and p.period is not None
    ]
    return pictures.row_periods(game_id, rows)


def _lines_figure(content: SiteContent, game_id: str) -> pictures.Figure | None:
    """Larsson's conjecture, line by line, for a game the build observed (one without
    a formula): from its c and d terms."""
    seen = content.observations.get(game_id)
    modulus = content.games[game_id].conjecture_modulus
    coordinates = site_content.coordinates(content, game_id)
    if seen is None or modulus is None or coordinates is None:
        return None
    c_id, d_id = coordinates
    c_values = [v for _, v in _int_terms(content, c_id)]
    d_values = [v for _, v in _int_terms(content, d_id)]
    return pictures.line_counts(game_id, c_values, d_values, modulus, seen.bound)


# ----------------------------------------------------------------------------- files


DATABASE_DOWNLOAD = "The whole database (SQLite)"
"""The downloads page's label of the database: the very parts the browser tools read
(published once, whole when it fits in one part), or, when ``downloads_url`` is set,
its zstd-compressed copy there (``zstd -d``)."""
DOWNLOADS = (
    (
        "Every CSV file, with a Frictionless data package and the build's metadata (zip)",
        layout.ARCHIVE,
    ),
    ("Terms: sequence_id, n, value, value_text (Parquet)", layout.parquet("terms")),
    ("P-positions: game_id, x, y, n, class (Parquet)", layout.parquet("p_positions")),
)
"""The downloads page's other files: (label, path in the exports); each is published once."""


def _check_exports(exports: Path) -> None:
    """Refuse, in one line, a site whose build has written no exports (the downloads
    page publishes them).  The site carries no b-file: each sequence page makes its own
    from the published database, where its terms are already (``bfile.js``)."""
    if not (exports / layout.SEQUENCES_CSV).is_dir():
        raise SiteError(f"no exports in {exports}; run 'wythoff build' first")


def _write_positions(connection: Connection, content: SiteContent, staging: Path) -> None:
    """Each game's stored P-positions beside its page, the page's download (which the
    board draws too): the rows ``wythoff ppositions GAME --max M --format csv`` prints,
    in its order, with the database's other columns after them."""
    from sqlalchemy import text

    query = 'SELECT game_id, x, y, n, "class" FROM p_positions ORDER BY game_id, x, y'
    rows = connection.execute(text(query))
    by_game = itertools.groupby(rows, key=lambda row: row[0])
    found = {game_id: [tuple(row[1:]) for row in listed] for game_id, listed in by_game}
    for game_id in content.games:
        target = staging / paths.game_csv(game_id)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(data.positions_csv(found.get(game_id, [])))


def _publish_downloads(
    config: configuration.Config, staging: Path, elsewhere: Path
) -> list[Download]:
    """The downloads: the database (:func:`_database_download`), then the other files
    whole in the site, or in parts of at most ``max_file_mib``, or whole in
    ``elsewhere`` to upload to ``downloads_url`` (release assets)."""
    part_bytes = config.max_file_mib * parts.MIB
    published = _database_download(config, elsewhere)
    for label, name in DOWNLOADS:
        source = (config.output_dir / name).resolve()
        size, digest = source.stat().st_size, _sha256(source)
        if config.downloads_url:
            _link(source, elsewhere / "downloads" / source.name)
            links = [config.downloads_url + source.name]
        elif size <= part_bytes:
            _link(source, staging / "downloads" / source.name)
            links = [f"downloads/{source.name}"]
        else:
            names = parts.split(source, staging / "downloads", part_bytes)
            links = [f"downloads/{part}" for part in names]
        published.append(Download(label, source.name, links, size, digest))
    return published


def _database_download(config: configuration.Config, elsewhere: Path) -> list[Download]:
    """The database's download: the parts that :func:`_publish_database` publishes
    for the browser tools (in the site, or at ``data_url``), so that the site does not
    carry the same bytes twice (a compressed copy weighed 30 % of the database more);
    with ``downloads_url``, the zstd-compressed copy there instead (release assets,
    outside the site).  None for a database that is not an SQLite file."""
    database = config.database_path
    if database is None or not database.is_file():
        return []
    if config.downloads_url:
        source = (config.output_dir / layout.COMPRESSED_DATABASE).resolve()
        if not source.is_file():
            return []
        _link(source, elsewhere / "downloads" / source.name)
        label = f"{DATABASE_DOWNLOAD}, zstd-compressed: zstd -d"
        links = [config.downloads_url + source.name]
        return [Download(label, source.name, links, source.stat().st_size, _sha256(source))]
    size, part_bytes = database.stat().st_size, config.max_file_mib * parts.MIB
    names = parts.part_names(database.name, size, part_bytes)
    if config.data_url:
        links = [config.data_url + name for name in names]
    else:
        folder = Path(paths.database_manifest()).parent.as_posix()
        links = [f"{folder}/{name}" for name in names]
    download = Download(DATABASE_DOWNLOAD, database.name, links, size, _sha256(database))
    return [replace(download, unchecked=not config.data_url)]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _link(source: Path, target: Path) -> None:
    """Hard-link (or copy) an export into the staged site (the file itself, not the
    published link through ``current``)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    source = source.resolve()
    if not source.is_file():
        raise SiteError(
            f"{source.name} is missing from the exports in {source.parents[1]}: they belong to "
            "another build than the database; build again, or give the build's output"
        )
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _publish_database(
    database: Path, output: Path, elsewhere: Path, config: configuration.Config
) -> None:
    """The database, read by the browser tools with range requests, in parts of at most
    ``max_file_mib`` (a host's file limit) with their manifest, written straight into
    the built site (mkdocs would copy them), or into ``elsewhere`` to upload to
    ``data_url``."""
    part_bytes = config.max_file_mib * parts.MIB
    folder = elsewhere / "data" if config.data_url else (output / paths.database_manifest()).parent
    names = parts.split(database, folder, part_bytes)
    manifest = parts.manifest(database, names, part_bytes, config.data_url)
    data.write_json(manifest, output / paths.database_manifest())


def _write_data(content: SiteContent, slopes: list[CatalogSlope], staging: Path) -> None:
    data.write_json(data.games_index(content), staging / paths.games_data())
    data.write_json(data.slopes_index(slopes), staging / paths.slopes_data())
    data.write_json(search_index.find_index(content), staging / paths.find_data())
    data.write_json(data.readme_queries(resources.readme()), staging / paths.queries_data())


# ----------------------------------------------------------------------------- mkdocs


def _run_mkdocs(mkdocs_config: str, build_root: Path, output: Path, quiet: bool) -> None:
    """Render the staged sources into ``output`` with ``mkdocs build --strict``."""
    shutil.rmtree(output, ignore_errors=True)
    config_file = build_root / "mkdocs.generated.yml"
    config_file.write_text(mkdocs_config)
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config_file)]
    if quiet:
        command.append("--quiet")
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        problems = [
            line for line in result.stderr.splitlines() if "WARNING" in line or "ERROR" in line
        ]
        detail = "; ".join(problems[:5]) or result.stderr.strip().splitlines()[-1:]
        raise SiteError(f"mkdocs build --strict failed: {detail}")


def _footer(content: SiteContent) -> str:
    """Every page's footer: the licence and how to cite this version."""
    info = content.info
    cite = info.get("citation") or provenance.citation(info["version"])
    return (
        f'Data: <a href="{provenance.LICENCE_URL}">CC BY 4.0</a>; OEIS excerpts CC BY-SA 4.0. '
        f"Cite as: {cite} Build {info.get('build_id', '')}, {info['date'][:10]}."
    )


def _generated_config(content: SiteContent, staging: Path, output: Path, site_url: str) -> str:
    return "\n".join(
        [
            f"INHERIT: {resources.mkdocs_config()}",
            f"hooks: [{json.dumps(mkdocs_hooks.__file__)}]",
            f"docs_dir: {staging}",
            f"site_dir: {output}",
            # absolute URLs of the sitemap and 404 page, once the site has an address
            *([f"site_url: {json.dumps(site_url)}"] if site_url else []),
            f"copyright: {json.dumps(_footer(content))}",
            *pages.navigation(pages.table(content)),
            "",
        ]
    )


def _swap(output: Path, site: Path) -> None:
    retired = site.with_name(site.name + ".old")
    shutil.rmtree(retired, ignore_errors=True)
    if site.exists():
        os.replace(site, retired)
    os.replace(output, site)
    shutil.rmtree(retired, ignore_errors=True)


# ----------------------------------------------------------------------------- measures


def page_weight(site: Path, page: Path, compressed: bool = False) -> int:
    """Bytes a visitor downloads for ``page``: the HTML and the local stylesheets,
    scripts and images it references (fonts only load where formulas appear); with
    ``compressed``, each file gzip-compressed as ``wythoff serve`` and static hosts
    send text (PNG and ICO files as they are)."""

    def size(data: bytes, name: str) -> int:
        text = compressed and not name.endswith((".png", ".ico"))
        return len(gzip.compress(data, compresslevel=6, mtime=0)) if text else len(data)

    html = page.read_bytes()
    total = size(html, page.name)
    references = re.findall(r'(?:src|href)="([^"#?]+\.(?:css|js|png|svg|ico))"', html.decode())
    for reference in set(references):
        if "://" in reference:
            continue
        asset = (page.parent / reference).resolve()
        if asset.exists():
            total += size(asset.read_bytes(), asset.name)
    return total
