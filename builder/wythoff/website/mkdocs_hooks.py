"""The hooks MkDocs runs while it builds the site (the generated configuration
names this file): formulas are typeset into the pages' HTML, a page with formulas
links KaTeX's stylesheet, which no other page loads, and every page carries the
browser tools' routes (:func:`.paths.routes`) and its way to the site's root."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

from wythoff.website import paths, typeset

ROUTES = "wythoff-routes"
"""The id of the element holding the routes, which ``routes.js`` reads."""


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """The page's content with its formulas typeset; a formula KaTeX cannot read
    stops the build, naming the page."""
    try:
        return typeset.typeset(html)
    except typeset.TeXError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None


def on_post_page(output: str, page: Any, config: Any) -> str:
    """The whole page, with the routes from its address, and KaTeX's stylesheet
    linked beside the site's own if the page has formulas."""
    output = with_routes(output, get_relative_url(".", page.url) + "/")
    if not typeset.has_formulas(output):
        return output
    href = get_relative_url(typeset.STYLESHEET, page.url)
    return output.replace("</head>", f'<link rel="stylesheet" href="{href}">\n</head>', 1)


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The error page, served at any address, with the routes from the site's root
    as MkDocs links it there: the path of ``site_url``, else the server's root."""
    if template_name != "404.html":
        return output
    return with_routes(output, urlsplit(config.site_url or "/").path)


def with_routes(html: str, root: str) -> str:
    """The page with the routes, the mark of an ID in them, and ``root`` (the site's
    root, relative to the page or absolute) as JSON in its head."""
    carried = json.dumps({"root": root, "id": paths.ID, "routes": paths.routes()}, sort_keys=True)
    safe = carried.replace("<", "\\u003c")  # no "</script>" can end the element early
    element = f'<script type="application/json" id="{ROUTES}">{safe}</script>\n'
    return html.replace("</head>", element + "</head>", 1)
