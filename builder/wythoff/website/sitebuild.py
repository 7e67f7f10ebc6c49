"""``wythoff site``: the static site, rendered from the built database.

1. stage ``build/docs``: the hand-written sources of ``site/``, the generated
   pages (``wythoff.website``), pictures (``figures``), downloads read from the
   exports (``downloads``), data files for the browser tools and the database
   itself, which the SQL console reads by HTTP Range requests (the browser
   libraries, KaTeX and SQLite's WebAssembly build, are vendored in
   ``site/assets/vendor`` with their licences, so no Node.js is needed);
2. run ``mkdocs build --strict`` on it with a navigation listing the families
   that were built (every link and anchor checked);
3. move the result over the previous site only when complete.

Everything is local: no CDN, no server; the site works from disk.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wythoff import config as configuration
from wythoff import resources
from wythoff.db import read, store
from wythoff.identify import catalog
from wythoff.pipeline import provenance
from wythoff.pipeline.progress import Stages
from wythoff.website import (
    SiteError,
    data,
    documents,
    downloads,
    figures,
    game_pages,
    hosts,
    kept_tables,
    mkdocs_hooks,
    pages,
    parts,
    paths,
    pictures,
    search_index,
    sequence_pages,
)
from wythoff.website import content as site_content
from wythoff.website.front import Download

if TYPE_CHECKING:
    from sqlalchemy import Connection
    from tqdm import tqdm

    from wythoff.identify.catalog import CatalogSlope
    from wythoff.website.content import SiteContent


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
    downloads.publish_database(database, output, elsewhere, config)
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
        downloads.write_positions(connection, content, staging)
        shutil.rmtree(elsewhere, ignore_errors=True)
        downloads.check_exports(config.output_dir)
        published = downloads.publish(config, staging, elsewhere)
        _write_data(content, slopes, staging)
        entries = len(content.sequences) + len(content.games)
        bar = Stages(quiet).bar("pages", entries)
        with bar:
            _write_pages(content, counts, staging, config, bar, published)
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
    published: list[Download],
) -> None:
    def write(page: str, text: str) -> None:
        target = staging / page
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)

    inputs = pages.Inputs(content, counts, published, config.max_file_mib)
    for page in pages.table(content):
        if page.write is not None:
            write(page.path, page.write(inputs))
    once = figures.Once(staging)
    pairs: dict[str, tuple[str, pictures.Figure]] = {}  # a game page's c, d picture: file
    for sequence_id, figure in figures.sequence_figures(content, bar):
        picture = None
        if figure is not None:
            plot = once.write(paths.sequence_plot(sequence_id), figure.text.encode())
            picture = (plot, figure)
            if figure.kind == "pair":
                pairs[sequence_id] = (plot, replace(figure, text=""))  # the file is written
        text = sequence_pages.sequence_page(content, sequence_id, picture)
        write(paths.sequence(sequence_id), text)
        data.write_json(
            documents.sequence_document(content, sequence_id),
            staging / paths.sequence_json(sequence_id),
        )
        (staging / paths.sequence_oeis(sequence_id)).write_text(
            documents.sequence_oeis_text(content, sequence_id, config.site_url)
        )
    values: dict[str, tuple[str, int, bool]] = {}  # Grundy pictures: file, largest, mirrored
    for game_id, drawing in figures.grundy_pictures(content):
        file = once.write(paths.game_grundy(game_id), drawing.png)
        values[game_id] = (file, drawing.largest, drawing.mirrored)
    for game_id in content.games:
        data.write_json(
            documents.game_document(content, game_id), staging / paths.game_json(game_id)
        )
        lines = figures.lines_figure(content, game_id)
        if lines is not None:
            write(paths.game_lines(game_id), lines.text)
        gap = figures.gap_figure(content, pairs, game_id)
        periods = figures.periods_figure(content, game_id)
        if periods is not None:
            write(paths.game_periods(game_id), periods.text)
        text = game_pages.game_page(content, game_id, lines, gap, values.get(game_id), periods)
        write(paths.game(game_id), text)
        bar.update(1)


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
            f"hooks: {json.dumps([kept_tables.__file__, mkdocs_hooks.__file__])}",
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
    for reference in _references(html.decode()):
        if "://" in reference:
            continue
        asset = (page.parent / reference).resolve()
        if asset.exists():
            total += size(asset.read_bytes(), asset.name)
    return total


ASSET = re.compile(r"[^#?]+\.(?:css|js|png|svg|ico)")


class _Links(HTMLParser):
    """The ``src`` and ``href`` values of a page's tags, read as HTML (quoted or not)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.update(v for k, v in attrs if k in ("src", "href") and v)


def _references(html: str) -> set[str]:
    """The stylesheets, scripts and images that a page's tags reference."""
    links = _Links()
    links.feed(html)
    links.close()
    return {link for link in links.found if ASSET.fullmatch(link)}
