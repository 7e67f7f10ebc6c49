"""A small MkDocs site built in process, for the tests of the hooks the site's build
gives MkDocs: each test says the pages' sources and the configuration beyond the
folders."""

from __future__ import annotations

from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config


def build_site(root: Path, sources: dict[str, str], settings: str) -> dict[str, bytes]:
    """``sources`` (a path under the docs folder: its Markdown) built by MkDocs, strict,
    with ``settings`` (YAML lines) into ``root/site``: each written HTML page's bytes
    and the search index's, if any, by their path in the site."""
    docs = root / "docs"
    for name, text in sources.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text)
    config_file = root / "mkdocs.yml"
    config_file.write_text(f"site_name: t\ndocs_dir: {docs}\nsite_dir: {root / 'site'}\n{settings}")
    build(load_config(str(config_file), strict=True))
    site = root / "site"
    written = [*site.rglob("*.html"), *site.glob("search/search_index.json")]
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(written)}
