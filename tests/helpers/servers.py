"""Real web servers serving a built site as the hosts people publish to do: Debian's
nginx in three configurations, and Python's ``http.server``, which ignores Range.

Each runs as a child process on a free port of 127.0.0.1 while a ``with`` block
runs; nginx gets a configuration file written into a temporary prefix.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# nginx's workers run as this user (root's would otherwise be nobody, who cannot
# read a test's temporary folders)
USER = pwd.getpwuid(os.geteuid()).pw_name

# What the hosts do, in nginx's words.  (A browser asks for a range with
# Accept-Encoding: identity, so even nginx, which ignores Range on an answer it
# compresses, serves the tools' ranges.)
GZIP_ALL = "gzip on; gzip_types *; gzip_min_length 1; gzip_proxied any; gzip_vary on;"
NGINX_VARIANTS = {
    # GitHub Pages since mid-2025: every type compressed, HEAD answered compressed
    # (without the file's length)
    "nginx-gzip": GZIP_ALL,
    # Cloudflare: compressed answers carry no Content-Length, not even chunked
    # framing here (the body ends when the connection closes)
    "nginx-no-length": GZIP_ALL + " chunked_transfer_encoding off;",
    # a plain static server
    "nginx-plain": "",
}

NGINX_CONFIG = """
user {user};
worker_processes 1;
pid {prefix}/nginx.pid;
events {{ worker_connections 64; }}
http {{
    include /etc/nginx/mime.types;
    types {{ application/wasm wasm; text/javascript js; }}
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path {prefix}/tmp; proxy_temp_path {prefix}/tmp;
    fastcgi_temp_path {prefix}/tmp; uwsgi_temp_path {prefix}/tmp; scgi_temp_path {prefix}/tmp;
    server {{
        listen 127.0.0.1:{port};
        root {site};
        location / {{ {variant} }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int, process: subprocess.Popen[bytes], log: Path | None = None) -> None:
    """Return once ``port`` accepts connections; fail with the server's log if it ended."""
    for _ in range(200):
        if process.poll() is not None:
            detail = log.read_text() if log is not None and log.exists() else ""
            raise RuntimeError(f"the server ended with status {process.returncode}: {detail}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"nothing answers on port {port}")


@contextlib.contextmanager
def running(command: list[str], port: int, log: Path | None = None) -> Iterator[str]:
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(port, process, log)
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextlib.contextmanager
def nginx(site: Path, variant: str, port: int | None = None, extra: str = "") -> Iterator[str]:
    """Debian's nginx serving ``site`` as ``variant`` says, with ``extra`` directives,
    on ``port`` (a free one if ``None``), and its URL."""
    with tempfile.TemporaryDirectory(prefix="nginx-") as folder:
        prefix = Path(folder)
        (prefix / "tmp").mkdir()
        port = port or free_port()
        config = prefix / "nginx.conf"
        settings = NGINX_VARIANTS[variant] + " " + extra
        config.write_text(
            NGINX_CONFIG.format(
                user=USER, prefix=prefix, port=port, site=site.resolve(), variant=settings
            )
        )
        log = prefix / "error.log"
        command = [NGINX, "-p", str(prefix), "-c", str(config), "-e", str(log), "-g", "daemon off;"]
        with running(command, port, log) as url:
            yield url


@contextlib.contextmanager
def ignoring_range(site: Path) -> Iterator[str]:
    """Python's ``http.server``: every file whole (200), whatever Range asks."""
    port = free_port()
    command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site), str(port)]
    with running(command, port) as url:
        yield url
