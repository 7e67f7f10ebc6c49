"""Files the package ships: default configuration, OEIS excerpt, the site's sources.

An installed wheel carries everything under this folder, the site's
hand-written sources and ``mkdocs.yml`` included (the wheel build copies them
here).  In a checkout the site's sources stay where developers edit them, at
the top of the repository; :func:`find` looks in the package first and falls
back to the checkout, so both work with one copy of every file.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parents[2]
"""The repository root when running from a checkout (``builder/wythoff/resources``)."""

DEFAULTS = PACKAGE / "defaults.toml"
OEIS = PACKAGE / "oeis"
"""The shipped excerpt of OEIS (its licence notice beside it)."""


def find(name: str) -> Path:
    """The shipped file or folder ``name`` (``site``, ``mkdocs.yml``, ``README.md``).

    >>> find("mkdocs.yml").name
    'mkdocs.yml'
    """
    for place in (PACKAGE / name, CHECKOUT / name):
        if place.exists():
            return place
    raise FileNotFoundError(f"{name} is not in the package ({PACKAGE}) nor in a checkout")


def site_sources() -> Path:
    """The MkDocs sources written by hand (``site/`` of the repository)."""
    return find("site")


def mkdocs_config() -> Path:
    """The MkDocs configuration the generated one inherits from."""
    return find("mkdocs.yml")


def readme() -> Path:
    """The README, whose example queries the SQL page offers."""
    return find("README.md")


def citation_file() -> Path:
    """``CITATION.cff``: who to cite and how, which the pages' BibTeX entries give."""
    return find("CITATION.cff")


def changelog() -> Path:
    """``CHANGELOG.md``, published on the site as it is."""
    return find("CHANGELOG.md")
