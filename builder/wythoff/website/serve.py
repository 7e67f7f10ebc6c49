"""``wythoff serve``: the built site on a local HTTP server, as a static host serves it.

Static hosts answer HTTP Range requests (``Range: bytes=START-END``), which
the site's tools use to read parts of the database; Python's own
``http.server`` does not.  This server adds them to the standard library's
handler, with RFC 9110's semantics, and nothing else:

* ``206 Partial Content`` with ``Content-Range`` for one satisfiable range;
  ``416 Range Not Satisfiable`` for a range that starts beyond the file (or
  asks for its last 0 bytes); the whole file (``200``) for a header that is
  not a valid range, asks for another unit or for several ranges (a server may
  ignore Range; the site never asks for several);
* ``400 Bad Request``, with its status line, for a request line that is not
  ``METHOD TARGET HTTP/x.y`` (the standard handler answers some of them as
  HTTP/0.9, a body with no status line) and for a path that names no file name
  (a NUL byte, bytes that are no text in the file system's encoding);
* the site's own ``404.html`` with status ``404`` for a page that does not exist
  (and for a folder without an ``index.html``: a static host lists no folder);
* nothing outside the site: paths are decoded and normalised by the standard
  handler, and a file whose real path (symbolic links resolved) leaves the
  site's folder is refused with 404;
* one thread per connection, so that concurrent range requests are served
  independently;
* text (HTML, CSS, JavaScript, JSON, SVG, XML) gzip-compressed for a browser that
  accepts it, as static hosts send it, so that pages weigh here what they weigh
  published (never a range: those are of the file's own bytes).
"""

from __future__ import annotations

import contextlib
import gzip
import http.server
import io
import os
import re
import shutil
import subprocess
import sys
import urllib.parse
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

REFUSED = ".outside-the-site/refused"
RANGE = re.compile(r"bytes=(\d*)-(\d*)")
UNSATISFIABLE = (-1, -1)  # a valid range that the file cannot satisfy: 416
LARGEST = 10**18  # beyond any file: longer numbers are read as this
CHUNK = 1 << 16
COMPRESSED_TYPES = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt")
NOT_FOUND_PAGE = "404.html"
METHOD = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # RFC 9110's token
VERSION = re.compile(r"HTTP/[0-9]\.[0-9]")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files of one folder, with single byte ranges and no way out of it."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".json": "application/json",
        ".sqlite": "application/vnd.sqlite3",
    }

    default_request_version = "HTTP/1.0"  # every answer has a status line, even to a bad request

    def __init__(self, *args: Any, directory: str, quiet: bool = True, **kwargs: Any) -> None:
        self.quiet = quiet
        super().__init__(*args, directory=directory, **kwargs)

    def parse_request(self) -> bool:
        """The standard parsing of a request whose first line is ``METHOD TARGET
        HTTP/x.y`` (after at most one empty line, which RFC 9112 asks a server to
        ignore); ``400`` with a status line for any other, ``505`` for HTTP/0.9."""
        line: bytes = self.raw_requestline  # type: ignore[has-type]  # the base's, untyped
        if not line.strip():
            line = self.rfile.readline(65537)
            self.raw_requestline = line
        words = str(line, "iso-8859-1").rstrip("\r\n").split()
        if _is_request_line(words) and words[2].startswith("HTTP/0."):
            self._refuse(505, "HTTP/0.9 is not supported")
            return False
        if _is_request_line(words):
            parsed = bool(super().parse_request())
            if parsed and "://" in self.path:  # the absolute form: its path and query
                address = urllib.parse.urlsplit(self.path)
                self.path = (
                    "/" + address.path.lstrip("/") + (f"?{address.query}" if address.query else "")
                )
            return parsed
        self._refuse(400, "Bad request line")
        return False

    def _refuse(self, code: int, message: str) -> None:
        """An error answered to a request line the standard handler must not read."""
        self.command, self.requestline, self.close_connection = "", "", True
        self.request_version = self.default_request_version
        self.send_error(code, message)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard error page, except ``404``: the site's own page, with that status."""
        page = Path(self.directory) / NOT_FOUND_PAGE
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        self.log_error("code %d, message %s", code, message)
        body = page.read_bytes()
        compressed = self.command in ("GET", "HEAD") and self._accepts_gzip()
        if compressed:
            body = gzip.compress(body, compresslevel=6, mtime=0)
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        if compressed:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        """No listing of a folder without ``index.html``, as a static host: ``404``."""
        self.send_error(404, "File not found")

    def translate_path(self, path: str) -> str:
        """The standard translation, refused (a path that does not exist) when the real
        file lies outside the site, through ``..`` or a symbolic link."""
        translated = super().translate_path(path)
        root = Path(self.directory).resolve()
        real = Path(translated).resolve()
        if real != root and root not in real.parents:
            return str(root / REFUSED)  # a folder that does not exist: 404
        return translated

    def send_head(self):  # type: ignore[no-untyped-def]
        self._remaining = None
        if not _is_file_path(self.path):
            self.send_error(400, "Bad request path")
            return None
        header = self._range_header()
        if header is None and self.command in ("GET", "HEAD") and self._accepts_gzip():
            compressed = self._send_gzipped()
            if compressed is not None:
                return compressed
        if header is None or self.command not in ("GET", "HEAD"):
            return super().send_head()
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            index = path / "index.html"
            if not index.is_file():
                return super().send_head()
            path = index
        if not path.is_file():
            self.send_error(404, "File not found")
            return None
        size = path.stat().st_size
        span = _parse_range(header, size)
        if span is None:  # not a range this server takes: the whole file, as without one
            return super().send_head()
        if span == UNSATISFIABLE:
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        start, end = span
        handle = open(path, "rb")  # noqa: SIM115 - closed by copyfile below
        handle.seek(start)
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(end - start + 1))
        self.end_headers()
        self._remaining = end - start + 1
        return handle

    def _range_header(self) -> str | None:
        """The request's Range header, or ``None`` when it has none or only an empty one
        (or the request was refused before its headers were read)."""
        headers = getattr(self, "headers", None)
        header = headers.get("Range") if headers is not None else None
        return header if header and header.strip() else None

    def _accepts_gzip(self) -> bool:
        headers = getattr(self, "headers", None)
        return headers is not None and "gzip" in headers.get("Accept-Encoding", "")

    def _send_gzipped(self) -> io.BytesIO | None:
        """The file gzip-compressed (a text file that exists), or ``None``: served as is."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return None  # the standard redirect to the folder's URL
            path = path / "index.html"
        if path.suffix not in COMPRESSED_TYPES or not path.is_file():
            return None
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        remaining = getattr(self, "_remaining", None)
        if remaining is None:
            shutil.copyfileobj(source, outputfile)
            return
        with source:
            while remaining > 0:
                block = source.read(min(CHUNK, remaining))
                if not block:
                    break
                outputfile.write(block)
                remaining -= len(block)
        self._remaining = None

    def end_headers(self) -> None:
        if self._range_header() is None:
            self.send_header("Accept-Ranges", "bytes")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        if not self.quiet:
            super().log_message(format, *args)


def _parse_range(header: str, size: int) -> tuple[int, int] | None:
    """The inclusive byte span of a single ``bytes=`` range; ``UNSATISFIABLE`` (416)
    for a valid one the file cannot satisfy; ``None`` for anything else, which
    RFC 9110 lets a server ignore (several ranges, another unit, bad syntax).

    >>> _parse_range("bytes=0-99", 1000), _parse_range("bytes=-100", 1000)
    ((0, 99), (900, 999))
    >>> _parse_range("bytes=990-", 1000), _parse_range("bytes=5-2", 1000)
    ((990, 999), None)
    >>> _parse_range("bytes=1000-", 1000), _parse_range("bytes=-0", 1000)
    ((-1, -1), (-1, -1))
    >>> _parse_range("items=1-2", 1000), _parse_range("bytes=0-1,5-6", 1000)
    (None, None)
    """
    found = RANGE.fullmatch(header.strip())
    if found is None:
        return None
    first, last = found.groups()
    if not first and not last:
        return None
    if not first:  # the last N bytes
        length = _number(last)
        if length == 0 or size == 0:
            return UNSATISFIABLE
        return max(0, size - length), size - 1
    start = _number(first)
    end = _number(last) if last else LARGEST
    if end < start:
        return None
    if start >= size:
        return UNSATISFIABLE
    return start, min(end, size - 1)


def _number(digits: str) -> int:
    """A position of a Range header; any beyond ``LARGEST`` as ``LARGEST`` (Python
    refuses to read integers of thousands of digits).

    >>> _number("42"), _number("9" * 5000) == LARGEST
    (42, True)
    """
    return int(digits) if len(digits) <= len(str(LARGEST)) else LARGEST


def _is_request_line(words: list[str]) -> bool:
    """Whether a request line's words are ``METHOD TARGET HTTP/x.y``, its target a
    path (``/...``), an absolute URL or ``*``; the version's number is the standard
    handler's to judge (``505`` for HTTP/2 and later).

    >>> _is_request_line(["GET", "/", "HTTP/1.1"]), _is_request_line(["/", "HTTP/1.1"])
    (True, False)
    >>> _is_request_line(["GET", "/"]), _is_request_line(["G(T", "/", "HTTP/1.1"])
    (False, False)
    >>> _is_request_line(["GET", "x", "HTTP/1.1"]), _is_request_line(["GET", "/", "HTTP/11"])
    (False, False)
    """
    if len(words) != 3:
        return False
    method, target, version = words
    path_like = target.startswith("/") or target == "*" or "://" in target
    return bool(METHOD.fullmatch(method) and path_like and VERSION.fullmatch(version))


def _is_file_path(target: str) -> bool:
    """Whether a request's path can name a file: decoded, no NUL byte and nothing
    the file system cannot encode (the standard handler would fail on either).

    >>> _is_file_path("/assets/data/wythoff.sqlite.000?x=1"), _is_file_path("/a%00b")
    (True, False)
    >>> _is_file_path("/%ED%A0%80"), _is_file_path("/caf%C3%A9/")
    (False, True)
    """
    path = urllib.parse.unquote(target.split("?", 1)[0].split("#", 1)[0], errors="surrogatepass")
    if "\x00" in path:
        return False
    try:
        os.fsencode(path)
    except UnicodeError:
        return False
    return True


def make_server(
    site: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = True
) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server for ``site`` (not started); port 0 picks a free one."""
    if not (site / "index.html").is_file():
        raise FileNotFoundError(f"no site at {site}; build it with 'wythoff site'")
    handler = partial(SiteHandler, directory=os.fspath(site.resolve()), quiet=quiet)
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


@contextlib.contextmanager
def in_background(site: Path) -> Iterator[str]:
    """``wythoff serve`` for ``site`` in a child process on a free port, and its URL
    while the block runs (the tests and benchmarks open the site through it)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "wythoff", "serve", "--site", str(site), "--port", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()  # "serving SITE at http://127.0.0.1:PORT/ ..."
        found = re.search(r"http://[0-9.]+:[0-9]+/", line)
        if not found:
            raise RuntimeError(f"wythoff serve did not start: {line.strip()}")
        yield found.group(0)
    finally:
        process.terminate()
        process.wait(timeout=10)
