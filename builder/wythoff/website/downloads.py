"""The files the site publishes beside its pages: the downloads page's files (the
database and the exports, whole, in parts, or in a folder to upload elsewhere), each
game's P-positions as CSV, and the database in parts for the browser tools.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import shutil
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from wythoff import layout
from wythoff.website import SiteError, data, parts, paths
from wythoff.website.front import Download

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from wythoff import config as configuration
    from wythoff.website.content import SiteContent


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


def check_exports(exports: Path) -> None:
    """Refuse, in one line, a site whose build has written no exports (the downloads
    page publishes them).  The site carries no b-file: each sequence page makes its own
    from the published database, where its terms are already (``bfile.js``)."""
    if not (exports / layout.SEQUENCES_CSV).is_dir():
        raise SiteError(f"no exports in {exports}; run 'wythoff build' first")


def write_positions(connection: Connection, content: SiteContent, staging: Path) -> None:
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


def publish(config: configuration.Config, staging: Path, elsewhere: Path) -> list[Download]:
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
    """The database's download: the parts that :func:`publish_database` publishes
    for the browser tools (in the site, or at ``data_url``), so that the site does not
    carry the same bytes twice (a compressed copy beside the parts would add its own
    weight to the site's);
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


def publish_database(
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
