"""A published site's downloads against the SHA-256 its downloads page states.

The page's table lists each file with its links (several when it is published in
parts: the file is their bytes joined in order), its size and the SHA-256 of the
whole file.  Each part is read from the site's folder or fetched from its address,
as a reader would, and the joined bytes hashed.
"""

from __future__ import annotations

import hashlib
import html
import re
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

from wythoff.audit.report import Difference, Report

DOWNLOADS = "downloads"
PAGE = "downloads/index.html"
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
HREF = re.compile(r"""href=(?:"([^"]+)"|'([^']+)'|([^\s"'=<>`]+))""")  # quoted or not
DIGEST = re.compile(r"\b([0-9a-f]{64})\b")


class SiteError(ValueError):
    """The site or its downloads page cannot be read."""


def listed(page: str) -> list[tuple[str, list[str], str]]:
    """``(label, links, sha256)`` of each row of the downloads page's table."""
    found = []
    for row in ROW.findall(page):
        cells = CELL.findall(row)
        if len(cells) < 3:
            continue
        digest = DIGEST.search(cells[-1])
        links = [html.unescape("".join(link)) for link in HREF.findall(cells[0])]
        if digest and links:
            label = html.unescape(re.sub(r"<[^>]+>", "", cells[0])).strip()
            found.append((label, links, digest[1]))
    return found


def check(report: Report, site: str) -> None:
    """Each download of the site at ``site`` (a folder or an address)."""
    kind = report.kind(DOWNLOADS)
    is_url = "://" in site
    base = site if site.endswith("/") or not is_url else site + "/"
    page_address = urljoin(base, PAGE) if is_url else str(Path(site) / PAGE)
    page = _read(page_address).decode("utf-8", errors="replace")
    rows = listed(page)
    if not rows:
        raise SiteError(f"no downloads with a SHA-256 on {page_address}")
    for label, links, expected in rows:
        digest = hashlib.sha256()
        for link in links:
            if "://" in link:
                address = link
            elif is_url:
                address = urljoin(page_address, link)
            else:
                address = str((Path(page_address).parent / link).resolve())
            try:
                digest.update(_read(address))
            except SiteError as error:
                kind.differs(Difference("downloads", label, link, "listed", str(error)))
                break
        else:
            if digest.hexdigest() == expected:
                kind.passed(label, 1)
            else:
                kind.differs(
                    Difference("downloads", label, "SHA-256", expected, digest.hexdigest())
                )
    kind.reach.append(f"{len(rows)} files listed on the downloads page")


def _read(address: str) -> bytes:
    if "://" not in address:
        path = Path(address)
        if not path.is_file():
            raise SiteError(f"no file {path}")
        return path.read_bytes()
    try:
        with urllib.request.urlopen(address, timeout=60) as response:  # noqa: S310
            data: bytes = response.read()
            return data
    except (OSError, ValueError) as error:
        raise SiteError(f"cannot fetch {address}: {error}") from None
