"""The hooks MkDocs runs while it builds the site (the generated configuration
names this file): formulas are typeset into the pages' HTML, a page with formulas
links KaTeX's stylesheet, which no other page loads, and every page carries the
browser tools' routes (:func:`.paths.routes`) and its way to the site's root.

MkDocs converts every page before it writes the first, so it would hold the HTML of
all pages at once, in proportion to the build's entries. The entry pages
(:func:`.paths.entry_page`) are therefore kept on disk between the two passes, and each
is in memory only while it is written."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.utils import get_relative_url

from wythoff.website import compact, paths, typeset

ROUTES = "wythoff-routes"
"""The id of the element holding the routes, which ``routes.js`` reads."""


SET_ASIDE = "wythoff-pages-"
"""The name's start of the folder, beside the built site, holding the entry pages'
HTML between MkDocs's two passes (removed when the build ends, however it ends)."""


class _Aside:
    """The folder of the pages set aside, and each set-aside page's file there."""

    folder: Path | None = None
    files: dict[str, Path] = {}  # noqa: RUF012 (one build at a time in a process)


def on_pre_build(config: Any) -> None:
    """A new folder for the pages set aside, beside the site being built (same disk)."""
    _remove_aside()
    parent = Path(config.site_dir).parent
    parent.mkdir(parents=True, exist_ok=True)
    _Aside.folder = Path(tempfile.mkdtemp(prefix=SET_ASIDE, dir=parent))


def on_post_build(config: Any) -> None:
    _remove_aside()


def on_build_error(error: Exception) -> None:
    _remove_aside()


def _remove_aside() -> None:
    if _Aside.folder is not None:
        shutil.rmtree(_Aside.folder, ignore_errors=True)
    _Aside.folder = None
    _Aside.files = {}


@event_priority(-100)  # last: what is set aside is the content every plugin has seen
def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """The page's content with its formulas typeset (a formula KaTeX cannot read stops
    the build, naming the page); an entry page's is set aside on disk until the page
    is written, and its Markdown is let go (its title is kept)."""
    try:
        html = typeset.typeset(html)
    except typeset.TeXError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None
    if _Aside.folder is None or not paths.entry_page(page.file.src_uri):
        return html
    kept = _Aside.folder / f"{len(_Aside.files)}.html"
    kept.write_text(html, encoding="utf-8")
    _Aside.files[page.file.src_uri] = kept
    page.markdown = ""  # not None: MkDocs reads None as a page not yet read
    return ""


@event_priority(100)  # first: every plugin and the template see the page's content
def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """An entry page's content, back from disk to be written."""
    kept = _Aside.files.get(page.file.src_uri)
    if kept is not None:
        page.content = kept.read_text(encoding="utf-8")
    return context


@event_priority(-100)  # last: the content is let go once every plugin has seen the page
def on_post_page(output: str, page: Any, config: Any) -> str:
    """The whole page, with the routes from its address, and KaTeX's stylesheet
    linked beside the site's own if the page has formulas, without the whitespace
    and cell alignments that no reader sees, minified (:mod:`.compact`); an entry
    page's content, written, is let go."""
    kept = _Aside.files.pop(page.file.src_uri, None)
    if kept is not None:
        kept.unlink()
        page.content = None
    output = with_routes(compact.aligned(output), get_relative_url(".", page.url) + "/")
    if typeset.has_formulas(output):
        href = get_relative_url(typeset.STYLESHEET, page.url)
        output = output.replace("</head>", f'<link rel="stylesheet" href="{href}">\n</head>', 1)
    return compact.compact(output)


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The error page, served at any address, with the routes from the site's root
    as MkDocs links it there: the path of ``site_url``, else the server's root."""
    if template_name != "404.html":
        return output
    return compact.compact(with_routes(output, urlsplit(config.site_url or "/").path))


def with_routes(html: str, root: str) -> str:
    """The page with the routes, the mark of an ID in them, and ``root`` (the site's
    root, relative to the page or absolute) as JSON in its head."""
    carried = json.dumps({"root": root, "id": paths.ID, "routes": paths.routes()}, sort_keys=True)
    safe = carried.replace("<", "\\u003c")  # no "</script>" can end the element early
    element = f'<script type="application/json" id="{ROUTES}">{safe}</script>\n'
    return html.replace("</head>", element + "</head>", 1)
