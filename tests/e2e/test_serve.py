"""``wythoff serve``: byte ranges as a static host serves them, nothing outside the
site, and many concurrent range requests answered correctly."""

from __future__ import annotations

import http.client
import random
import re
import shutil
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wythoff.website.serve import in_background
from wythoff.website.sitebuild import page_weight

from tests.helpers.markup import find

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def served(small_build, tmp_path_factory):
    """A copy of the built site with a symbolic link pointing out of it, served."""
    site = tmp_path_factory.mktemp("served") / "site"
    shutil.copytree(small_build.site, site)
    secret = site.parent / "secret.txt"
    secret.write_text("outside the site\n")
    (site / "escape.txt").symlink_to(secret)
    with in_background(site) as url:
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        yield site, host, int(port)


def request(served, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    _, host, port = served
    connection = http.client.HTTPConnection(host, port, timeout=30)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def a_data_file(site: Path) -> tuple[str, bytes]:
    largest = max(
        (p for p in site.rglob("*") if p.is_file() and not p.is_symlink()),
        key=lambda p: p.stat().st_size,
    )
    return "/" + largest.relative_to(site).as_posix(), largest.read_bytes()


def test_whole_files_and_their_ranges(served):
    path, data = a_data_file(served[0])
    status, headers, body = request(served, path)
    assert status == 200 and body == data and headers["Accept-Ranges"] == "bytes"
    status, headers, body = request(served, path, {"Range": "bytes=10-109"})
    assert status == 206 and body == data[10:110]
    assert headers["Content-Range"] == f"bytes 10-109/{len(data)}"
    assert request(served, path, {"Range": "bytes=-50"})[2] == data[-50:]
    assert request(served, path, {"Range": f"bytes={len(data) - 7}-"})[2] == data[-7:]
    assert request(served, path, {"Range": f"bytes=0-{10 * len(data)}"})[2] == data


@pytest.mark.parametrize("header", ["bytes=-0", "bytes=99999999999-", "bytes=" + "9" * 5000 + "-"])
def test_unsatisfiable_ranges_get_416(served, header):
    path, data = a_data_file(served[0])
    status, headers, body = request(served, path, {"Range": header})
    assert status == 416 and body == b""
    assert headers["Content-Range"] == f"bytes */{len(data)}"


@pytest.mark.parametrize(
    "header", ["bytes=abc", "bytes=5-2", "items=0-1", "bytes=0-1,5-6", "bytes=-", "", "bytes=1-2-3"]
)
def test_invalid_or_several_ranges_are_ignored_and_the_whole_file_sent(served, header):
    """RFC 9110, 14.2: a server may ignore Range; a header it cannot read as one range
    of bytes gets the whole file, as a request without one."""
    path, data = a_data_file(served[0])
    status, headers, body = request(served, path, {"Range": header})
    assert status == 200 and body == data and "Content-Range" not in headers


@pytest.mark.parametrize("path", ["/index.html%00", "/%00/../x", "/%ED%A0%80", "/a%00b?x=1"])
def test_paths_that_name_no_file_get_400(served, path):
    status, _, _ = request(served, path)
    assert status == 400


@pytest.mark.parametrize(
    "path",
    [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
        "/escape.txt",
        "/assets/../../secret.txt",
        "//etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    ],
)
def test_nothing_outside_the_site_is_served(served, path):
    status, _, body = request(served, path)
    assert status == 404 and b"outside the site" not in body and b"root:" not in body
    status, _, body = request(served, path, {"Range": "bytes=0-10"})
    assert status == 404 and b"outside" not in body


def test_a_hundred_concurrent_range_requests(served):
    path, data = a_data_file(served[0])
    spans = []
    generator = random.Random(7)
    for _ in range(100):
        start = generator.randrange(len(data))
        spans.append((start, min(len(data) - 1, start + generator.randrange(1, 50_000))))

    def fetch(span):
        return span, request(served, path, {"Range": f"bytes={span[0]}-{span[1]}"})

    with ThreadPoolExecutor(max_workers=25) as pool:
        for (start, end), (status, _, body) in pool.map(fetch, spans):
            assert status == 206 and body == data[start : end + 1]


def test_serve_without_a_site_is_one_line(tmp_path):
    from tests.helpers.commands import wythoff

    result = wythoff("serve", "--site", str(tmp_path / "nothing"), check=False)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "wythoff site" in result.stderr


def test_text_is_gzipped_when_accepted_and_ranges_are_of_the_files_bytes(served):
    import gzip

    site = served[0]
    page = (site / "index.html").read_bytes()
    status, headers, body = request(served, "/", {"Accept-Encoding": "gzip, br"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == page and len(body) < len(page) / 2
    status, headers, body = request(served, "/")  # no Accept-Encoding: as is
    assert status == 200 and "Content-Encoding" not in headers and body == page
    status, headers, body = request(
        served, "/index.html", {"Accept-Encoding": "gzip", "Range": "bytes=0-99"}
    )
    assert status == 206 and "Content-Encoding" not in headers and body == page[:100]
    png = next(site.rglob("*.png")).relative_to(site).as_posix()
    status, headers, _ = request(served, f"/{png}", {"Accept-Encoding": "gzip"})
    assert status == 200 and "Content-Encoding" not in headers  # compressed already


def test_the_reported_home_page_weight_is_what_the_server_sends(served):
    """``wythoff site`` reports the home page's weight as served: the HTML and the
    stylesheets, scripts and images it references, text gzip-compressed."""
    site = served[0]
    html = (site / "index.html").read_text()
    pointed = {e.attrs.get(name, "") for e in find(html) for name in ("src", "href")}
    references = {
        r
        for r in pointed
        if re.fullmatch(r"[^#?]+\.(?:css|js|png|svg|ico)", r)
        and "://" not in r
        and (site / r).exists()
    }
    sent = len(request(served, "/", {"Accept-Encoding": "gzip"})[2])
    for reference in references:
        sent += len(request(served, "/" + reference, {"Accept-Encoding": "gzip"})[2])
    assert page_weight(site, site / "index.html", compressed=True) == sent
    assert sent < page_weight(site, site / "index.html") / 2


# ----------------------------------------------------------------------------- fuzzing


@pytest.fixture(scope="module")
def watched(served, tmp_path_factory):
    """Another ``wythoff serve`` of the same site, its stderr kept in a file to read."""
    site = served[0]
    log = tmp_path_factory.mktemp("serve-log") / "stderr.txt"
    with open(log, "w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "wythoff", "serve", "--site", str(site), "--port", "0"],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    try:
        for _ in range(200):
            found = re.search(r"http://([0-9.]+):([0-9]+)/", log.read_text())
            if found:
                break
            time.sleep(0.05)
        assert found, log.read_text()
        yield site, found.group(1), int(found.group(2)), log
    finally:
        process.terminate()
        process.wait(timeout=10)


def raw_request(host: str, port: int, target: str, headers: list[tuple[str, str]]) -> bytes:
    """The whole answer to a GET request sent as bytes, whatever they are (no client
    library refuses them first)."""
    lines = [f"GET {target} HTTP/1.1", f"Host: {host}", *(f"{k}: {v}" for k, v in headers)]
    message = ("\r\n".join([*lines, "Connection: close", "", ""])).encode("utf-8", "surrogatepass")
    return raw_exchange(host, port, message)


MOST_READS = 10_000  # 640 MiB at most: beyond any file of the site


def raw_exchange(host: str, port: int, message: bytes) -> bytes:
    """The whole answer to ``message``, sent as it is over a connection to this
    machine (read until the server closes it, in at most ``MOST_READS`` reads)."""
    with socket.create_connection((host, port), timeout=30) as connection:
        connection.sendall(message)
        connection.shutdown(socket.SHUT_WR)  # nothing more: a server waiting for more stops
        chunks = []
        for _ in range(MOST_READS):
            chunk = connection.recv(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


STATUS_LINE = re.compile(rb"HTTP/1\.[01] ([1-5][0-9][0-9]) [^\r\n]*\r\n")


def status_of(answer: bytes) -> int:
    """The status of an answer that begins with a status line (fails on any other)."""
    found = STATUS_LINE.match(answer)
    assert found, answer[:200]
    return int(found.group(1))


SEGMENTS = st.one_of(
    st.sampled_from(
        [
            ".",
            "..",
            "%2e%2e",
            "%2f",
            "%00",
            "%ED%A0%80",
            "%C3%A9",
            "%",
            "%zz",
            "assets",
            "data",
            "index.html",
            "escape.txt",
            "secret.txt",
            "?q=1",
            "#x",
        ]
        + [""]
    ),
    st.text(st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)), max_size=8),
)
RANGES = st.one_of(
    st.from_regex(r"bytes=[0-9]{0,25}-[0-9]{0,25}(,[0-9]{0,3}-[0-9]{0,3})?", fullmatch=True),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30),
)


@given(
    segments=st.lists(SEGMENTS, max_size=6),
    range_header=st.none() | RANGES,
    encoding=st.sampled_from([None, "gzip", "gzip, br", "identity", "*"]),
)
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
def test_random_paths_and_headers_get_an_answer_and_nothing_outside(
    watched, segments, range_header, encoding
):
    site, host, port, log = watched
    headers = [("Range", range_header)] if range_header is not None else []
    headers += [("Accept-Encoding", encoding)] if encoding is not None else []
    answer = raw_request(host, port, "/" + "/".join(segments), headers)
    status = status_of(answer)
    assert status in (200, 206, 301, 400, 404, 416), answer[:200]
    assert b"outside the site" not in answer
    assert "Traceback" not in log.read_text()


METHODS = st.one_of(
    st.sampled_from(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE", "get", "G(T"]),
    st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=8),
)
VERSIONS = st.sampled_from(
    ["HTTP/1.1", "HTTP/1.0", "HTTP/0.9", "HTTP/2.0", "HTTP/1", "FTP/1.0", ""]
)
TARGETS = st.one_of(
    st.lists(SEGMENTS, max_size=4).map(lambda segments: "/" + "/".join(segments)),
    st.sampled_from(["*", "index.html", "http://localhost/index.html", ""]),
)
HEADERS = st.lists(
    st.tuples(
        st.sampled_from(["Range", "Accept-Encoding", "Host", "Connection", "X-Any", "Bad Name"]),
        st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=20),
    ),
    max_size=4,
)


@given(method=METHODS, target=TARGETS, version=VERSIONS, headers=HEADERS, blank=st.booleans())
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
def test_random_request_lines_are_answered_with_a_status_line(
    watched, method, target, version, headers, blank
):
    """Whatever the method, target, version and headers, the answer begins with a
    status line (never an HTTP/0.9 body alone); a line that is not ``METHOD TARGET
    HTTP/x.y`` gets 400, and nothing is served from outside the site."""
    _, host, port, log = watched
    line = " ".join(word for word in (method, target, version) if word)
    fields = [f"{name}: {value}" for name, value in headers]
    message = "\r\n".join([*([""] if blank else []), line, *fields, "", ""]).encode()
    status = status_of(raw_exchange(host, port, message))
    if not target or target == "index.html" or method == "G(T" or "." not in version:
        assert status == 400
    elif version == "HTTP/0.9" and status != 400:
        assert status == 505
    assert status in (200, 206, 301, 400, 404, 416, 501, 505)
    assert "Traceback" not in log.read_text()


@pytest.mark.parametrize(
    "line",
    [
        b"/index.html HTTP/1.1",
        b"/",
        b"GET /",
        b"GET",
        b"GET / HTTP/1.1 more",
        b"G(T / HTTP/1.1",
        b"GET index.html HTTP/1.1",
        b"GET / FTP/1.0",
        b"GET / HTTP/1",
        b"GET / HTTP/12.3",
        b"\xff\xfe / HTTP/1.1",
        b"",
    ],
)
def test_malformed_request_lines_get_400_with_a_status_line(watched, line):
    _, host, port, _ = watched
    answer = raw_exchange(host, port, line + b"\r\n\r\n")
    assert status_of(answer) == 400
    assert b"Content-Length: " in answer.split(b"\r\n\r\n", 1)[0]


@pytest.mark.parametrize("version", [b"HTTP/2.0", b"HTTP/0.9"])
def test_other_versions_of_http_are_refused_with_505(watched, version):
    _, host, port, _ = watched
    assert status_of(raw_exchange(host, port, b"GET / " + version + b"\r\n\r\n")) == 505


@pytest.mark.parametrize(
    "path", ["/no-such-page/", "/sequences/nothing/", "/missing.css", "/assets/"]
)
def test_a_missing_page_gets_the_sites_own_404_page(served, path):
    import gzip

    page = (served[0] / "404.html").read_bytes()
    status, headers, body = request(served, path)
    assert status == 404 and body == page and headers["Content-Type"].startswith("text/html")
    status, headers, body = request(served, path, {"Accept-Encoding": "gzip"})
    assert status == 404 and gzip.decompress(body) == page
    _, host, port = served
    answer = raw_exchange(host, port, f"HEAD {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert status_of(answer) == 404 and answer.endswith(b"\r\n\r\n")
    assert f"Content-Length: {len(page)}".encode() in answer
