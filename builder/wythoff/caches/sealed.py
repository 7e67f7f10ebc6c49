"""Files that cannot lie: each opens with a line naming its kind, its key (what it
holds, e.g. a game's rules), the code that wrote it and the SHA-256 of the rest, and
is read back only when every one of these agrees; a file that is missing, empty, cut
short, damaged, foreign or written by other code reads as nothing, never as an error.

The code's version is the package's release and a digest of the source of the
mathematics (``wythoff.core``) and of this package: a fix to either makes every file
written before it stale, even between two releases.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder) / "kept"
...     written = write(path, "example", "key", b"content")
...     kept, other = read(path, "example", "key"), read(path, "example", "another key")
...     _ = path.write_bytes(path.read_bytes().replace(b"content", b"contend"))
...     damaged = read(path, "example", "key")
>>> written, kept, other, damaged
(True, b'content', None, None)
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path

from wythoff import __version__

MAGIC = b"wythoff-cache 1\n"
"""The first bytes of every file kept (the number is that of the format)."""


def folder() -> Path:
    """The folder computed rows and tables are kept in: ``grundy-rows/`` under
    ``$WYTHOFF_CACHE``, else ``$XDG_CACHE_HOME/wythoff``, else ``~/.cache/wythoff``."""
    if os.environ.get("WYTHOFF_CACHE"):
        base = Path(os.environ["WYTHOFF_CACHE"])
    elif os.environ.get("XDG_CACHE_HOME"):
        base = Path(os.environ["XDG_CACHE_HOME"]) / "wythoff"
    else:
        base = Path.home() / ".cache" / "wythoff"
    return base / "grundy-rows"


@cache
def code_version() -> str:
    """The release of the package and the :func:`source_digest` of its code."""
    return f"{__version__}+{source_digest(Path(__file__).resolve().parent.parent)}"


def source_digest(package: Path) -> str:
    """A digest of the source of ``core`` and ``caches`` in the folder ``package``
    (every ``.py`` file, by its path inside the package)."""
    digest = hashlib.sha256()
    for part in ("core", "caches"):
        for path in sorted((package / part).rglob("*.py")):
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def _header(kind: str, key: str, version: str, content: bytes | bytearray) -> bytes:
    """The header line of a file of ``content``: its fields, and the SHA-256 of the
    fields and the content together (the content hashed where it lies, not copied)."""
    fields = {"kind": kind, "key": key, "code": version, "size": len(content)}
    named = json.dumps(fields, sort_keys=True)
    checksum = hashlib.sha256(named.encode() + b"\n")
    checksum.update(content)
    return json.dumps({**fields, "sha256": checksum.hexdigest()}, sort_keys=True).encode() + b"\n"


def write(
    path: Path, kind: str, key: str, content: bytes | bytearray, version: str | None = None
) -> bool:
    """Keep ``content`` at ``path`` as a file of ``kind`` holding ``key``, written whole
    under a name of its own then renamed; whether it could be (quietly False if not).
    ``version`` (:func:`code_version` unless given) names the code that wrote it."""
    header = _header(kind, key, code_version() if version is None else version, content)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        with partial.open("wb") as file:
            file.write(MAGIC + header)
            file.write(content)
        partial.replace(path)
    except OSError:
        return False
    return True


def read(path: Path, kind: str, key: str) -> bytes | None:
    """The content kept at ``path`` if it is a whole file of ``kind`` holding ``key``,
    written by this code, its checksum that of its content; else None."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    end = data.find(b"\n", len(MAGIC)) + 1
    if not data.startswith(MAGIC) or end == 0:
        return None
    line, content = data[len(MAGIC) : end], data[end:]
    del data  # one copy of the content at a time: a file of rows is large
    # the header written for this content by this code: equal only if all agrees
    wanted = _header(kind, key, code_version(), content)
    return content if line == wanted else None
