"""The static hosts people publish the site to, their limits, and the site's size
against them: ``wythoff site`` reports the size and refuses a site that a host
named by ``host`` in the configuration would refuse.

Limits as the hosts publish them (2026): Cloudflare Pages refuses a file over
25 MiB and a site of more than 20,000 files (free plan); GitHub Pages and GitLab
Pages (gitlab.com) refuse a site over 1 GB; Netlify states no limit that a
static site of this kind reaches.  Whatever the host, the database and the
downloads over ``max_file_mib`` (20 MiB by default) are published in parts of at
most that size (:mod:`.parts`); the other files, whole, are held against the host's
own file limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from wythoff.website.parts import MIB


@dataclass(frozen=True)
class Host:
    """What a host accepts; ``None``: no limit stated."""

    name: str
    max_file: int | None = None
    max_files: int | None = None
    max_total: int | None = None


HOSTS = {
    "github": Host("GitHub Pages", max_total=10**9),
    "gitlab": Host("GitLab Pages", max_total=10**9),
    "cloudflare": Host("Cloudflare Pages", max_file=25 * MIB, max_files=20_000),
    "netlify": Host("Netlify"),
}


@dataclass(frozen=True)
class SiteSize:
    """The largest file (its path in the site and size), the number of files and the
    total size of a built site."""

    largest: str
    largest_bytes: int
    files: int
    total: int

    def describe(self) -> str:
        """One line for people.

        >>> SiteSize("assets/data/wythoff.sqlite.000", 20 * MIB, 7040, 645 * 10**6).describe()
        '7,040 files, 645.0 MB in all, the largest 20.0 MiB (assets/data/wythoff.sqlite.000)'
        """
        return (
            f"{self.files:,} files, {self.total / 1e6:.1f} MB in all, the largest "
            f"{self.largest_bytes / MIB:.1f} MiB ({self.largest})"
        )


def measure(site: Path) -> SiteSize:
    """The size of the site in ``site``, each file counted once as a host stores it."""
    files = [(p.stat().st_size, p.relative_to(site).as_posix()) for p in _files(site)]
    largest_bytes, largest = max(files, default=(0, ""))
    return SiteSize(largest, largest_bytes, len(files), sum(size for size, _ in files))


def problem(
    size: SiteSize, host: str, at_least: bool = False, data_elsewhere: bool = False
) -> str | None:
    """Why ``host`` (a key of :data:`HOSTS`, or ``""`` for none in particular) would
    refuse a site of ``size``, in one line; ``None`` if it fits.  ``at_least``: ``size``
    is a lower bound (the site before its pages are rendered), and the line says so.
    ``data_elsewhere``: the database and the downloads are published elsewhere already,
    so the way out the line suggests is a smaller build.

    >>> big = SiteSize("downloads/wythoff-data.zip", 44 * MIB, 7023, 645 * 10**6)
    >>> problem(big, "cloudflare")
    'downloads/wythoff-data.zip is 44.0 MiB: Cloudflare Pages accepts files up to 25.0 MiB'
    >>> problem(SiteSize("a", MIB, 10, 2 * 10**9), "github")  # doctest: +ELLIPSIS
    'the site is 2000.0 MB: GitHub Pages accepts sites up to 1000.0 MB; publish the database...'
    >>> huge = SiteSize("a", MIB, 10, 3 * 10**9)
    >>> print(problem(huge, "github", at_least=True, data_elsewhere=True))  # doctest: +ELLIPSIS
    the site is at least 3000.0 MB: GitHub Pages accepts sites up to 1000.0 MB; build fewer...
    >>> problem(big, "") is None
    True
    """
    limits = HOSTS.get(host)
    if limits is None:
        return None
    has, weighs = ("has at least", "is at least") if at_least else ("has", "is")
    if limits.max_file is not None and size.largest_bytes > limits.max_file:
        return (
            f"{size.largest} is {size.largest_bytes / MIB:.1f} MiB: {limits.name} accepts files "
            f"up to {limits.max_file / MIB:.1f} MiB"
        )
    if limits.max_files is not None and size.files > limits.max_files:
        return (
            f"the site {has} {size.files:,} files: {limits.name} accepts up to {limits.max_files:,}"
        )
    if limits.max_total is not None and size.total > limits.max_total:
        return (
            f"the site {weighs} {size.total / 1e6:.1f} MB: {limits.name} accepts sites up to "
            f"{limits.max_total / 1e6:.1f} MB; "
            + (
                "build fewer games and sequences (the families' ranges), or publish it on "
                "another host"
                if data_elsewhere
                else "publish the database and the downloads elsewhere (data_url, downloads_url)"
            )
        )
    return None


def fits(size: SiteSize) -> str:
    """Which hosts of :data:`HOSTS` accept a site of ``size`` and which refuse it, and
    why, in one line.

    >>> print(fits(SiteSize("a", MIB, 7755, 708 * 10**6)))
    fits GitHub Pages, GitLab Pages, Cloudflare Pages, Netlify
    >>> print(fits(SiteSize("a", 30 * MIB, 25_000, 2 * 10**9)))  # doctest: +ELLIPSIS
    fits Netlify; not GitHub Pages (the site is 2000.0 MB: ...), not Cloudflare Pages (a is ...)
    """
    refused = {key: problem(size, key) for key in HOSTS}
    fitting = [HOSTS[key].name for key, why in refused.items() if why is None]
    notes = [f"not {HOSTS[key].name} ({why.split(';')[0]})" for key, why in refused.items() if why]
    taken = "fits " + ", ".join(fitting) if fitting else "fits no host listed"
    return "; ".join([taken, ", ".join(notes)]) if notes else taken


def check_name(host: str) -> str | None:
    """Why ``host`` is not a host this module knows, in one line; ``None`` if it is.

    >>> check_name("cloudflare") is None, check_name("") is None
    (True, True)
    >>> print(check_name("pages"))
    host must be one of github, gitlab, cloudflare, netlify, or "" for none (got 'pages')
    """
    if host == "" or host in HOSTS:
        return None
    return f'host must be one of {", ".join(HOSTS)}, or "" for none (got {host!r})'


def check_part_size(host: str, max_file_mib: int) -> str | None:
    """Why parts of ``max_file_mib`` MiB would be refused by ``host``; ``None`` if not.

    >>> check_part_size("cloudflare", 20) is None
    True
    >>> print(check_part_size("cloudflare", 30))
    max_file_mib = 30 is over what Cloudflare Pages accepts, 25 MiB a file
    """
    limit = HOSTS[host].max_file if host in HOSTS else None
    if limit is None or max_file_mib * MIB <= limit:
        return None
    name = HOSTS[host].name
    return f"max_file_mib = {max_file_mib} is over what {name} accepts, {limit // MIB} MiB a file"


def _files(site: Path) -> list[Path]:
    return [p for p in sorted(site.rglob("*")) if p.is_file()]
