"""Where a build comes from, under what licence, and how to cite it.

Every export carries these facts (``build_info``, ``metadata.json``, b-file
headers, ``datapackage.json``), so that a file found on its own still says what
made it.  The git commit is recorded when the package runs from a checkout;
an installed wheel has none, and says so.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from wythoff import __version__, resources

NAME = "wythoff-sequences"
TITLE = "Wythoff sequences: the reference database of Wythoff-game sequences"
LICENCE = "CC-BY-4.0"
LICENCE_TITLE = "Creative Commons Attribution 4.0 International"
LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/"
OEIS_LICENCE = "CC BY-SA 4.0 (The On-Line Encyclopedia of Integer Sequences, https://oeis.org)"


def citation(version: str = __version__) -> str:
    """How to cite the data, in one line (the same facts as ``CITATION.cff``).

    >>> citation("1.2.3").endswith("Wythoff-game sequences, version 1.2.3 (CC BY 4.0).")
    True
    """
    return f"The Wythoff sequences maintainers, {TITLE}, version {version} (CC BY 4.0)."


@cache
def git_commit() -> str:
    """The commit of the checkout the package runs from (``+dirty`` when its files
    differ from it), or ``""`` from an installed wheel or without git."""
    if not (resources.CHECKOUT / ".git").exists():
        return ""
    try:
        head = _git("rev-parse", "HEAD")
        dirty = _git("status", "--porcelain", "--untracked-files=no", "--", "builder")
    except (OSError, subprocess.CalledProcessError):
        return ""
    return head + ("+dirty" if dirty else "")


def _git(*arguments: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(resources.CHECKOUT), *arguments],
        check=True,
        capture_output=True,
        text=True,
        timeout=10,
    )
    return done.stdout.strip()


def build_date() -> str:
    """Now in UTC, or ``SOURCE_DATE_EPOCH`` when set (reproducible builds)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = datetime.fromtimestamp(int(epoch), UTC) if epoch else datetime.now(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


NO_CACHE = "none: every value is computed by the build, Sprague–Grundy rows included"
"""What a build reads of a user's cache (:mod:`wythoff.caches`, which it cannot import)."""


def inputs(oeis_stripped: str, oeis_names: str, oeis_dir: str) -> str:
    """Every input a build reads besides the package (its code and the data it ships)
    and the configuration recorded beside it, as a JSON object: the OEIS files a
    configuration names, each with its SHA-256, and the cache, read by no build.

    >>> json.loads(inputs("", "", ""))["oeis_names"]
    'the excerpt shipped with the package'
    """
    shipped = "the excerpt shipped with the package"
    return json.dumps(
        {
            "oeis_stripped": _file(oeis_stripped) if oeis_stripped else shipped,
            "oeis_names": _file(oeis_names) if oeis_names else shipped,
            "oeis_entries": f"the folder {oeis_dir}" if oeis_dir else shipped,
            "cache": NO_CACHE,
        }
    )


def _file(path: str) -> str:
    """The file at ``path`` named with the SHA-256 of its bytes."""
    digest = hashlib.sha256()
    with Path(path).open("rb") as read:
        while chunk := read.read(1 << 20):
            digest.update(chunk)
    return f"{path} (SHA-256 {digest.hexdigest()})"


def build_info(
    configuration_json: str, oeis_source: str, numpy_version: str, read: str
) -> dict[str, str]:
    """The rows of the ``build_info`` table: what made this build, what it read
    (:func:`inputs`), and its terms of use."""
    return {
        "version": __version__,
        "git_commit": git_commit(),
        "date": build_date(),
        "configuration": configuration_json,
        "inputs": read,
        "oeis_source": oeis_source,
        "python": sys.version.split()[0],
        "numpy": numpy_version,
        "licence": f"{LICENCE} ({LICENCE_URL}); OEIS excerpts {OEIS_LICENCE}",
        "citation": citation(),
    }


def file_header(version: str, commit: str) -> list[str]:
    """Comment lines that open every b-file: source, version, licence, citation.

    Nothing in them changes between two builds of the same commit, so that
    rebuilding gives byte-identical files.

    >>> file_header("1.0", "")[0]
    '# Source: wythoff-sequences 1.0, computed exactly and verified.'
    """
    short = commit[:12] + ("+dirty" if commit.endswith("+dirty") else "")
    source = f"{NAME} {version}" + (f" (commit {short})" if commit else "")
    return [
        f"# Source: {source}, computed exactly and verified.",
        f"# Licence: {LICENCE_TITLE} ({LICENCE_URL}).",
        f"# Cite as: {citation(version)}",
    ]


def bfile_header(sequence_id: str, name: str, info: Mapping[str, str]) -> str:
    """The comment lines that open a sequence's b-file, each ending with a newline: its
    ID and name, then :func:`file_header` of the build whose ``build_info`` rows are
    ``info``.  The build's b-files and those the site's pages make in the browser from
    the published database open with these very lines.

    >>> header = bfile_header("wythoff-a", "Lower Wythoff", {"version": "1.0"}).splitlines()
    >>> header[0], header[1].startswith("# Source: wythoff-sequences 1.0,")
    ('# wythoff-a: Lower Wythoff', True)
    """
    lines = [f"# {sequence_id}: {name}"]
    lines += file_header(info.get("version", ""), info.get("git_commit", ""))
    return "".join(f"{line}\n" for line in lines)
