"""The hooks MkDocs runs while it builds the site (the generated configuration
names this file): formulas are typeset into the pages' HTML, and a page with
formulas links KaTeX's stylesheet, which no other page loads."""

from __future__ import annotations

from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

from wythoff.website import typeset


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """The page's content with its formulas typeset; a formula KaTeX cannot read
    stops the build, naming the page."""
    try:
        return typeset.typeset(html)
    except typeset.TeXError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None


def on_post_page(output: str, page: Any, config: Any) -> str:
    """The whole page, with KaTeX's stylesheet linked beside the site's own if the
    page has formulas."""
    if not typeset.has_formulas(output):
        return output
    href = get_relative_url(typeset.STYLESHEET, page.url)
    return output.replace("</head>", f'<link rel="stylesheet" href="{href}">\n</head>', 1)
