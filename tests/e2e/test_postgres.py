"""The database on a server: a build into PostgreSQL equals the SQLite build.

A throwaway PostgreSQL cluster (Debian's binaries, which ``make check``
installs) is started in a temporary directory; the same configuration is built
into it and into SQLite, and the exported files must be byte-identical.
"""

from __future__ import annotations

import hashlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tests.helpers.commands import tiny_config, wythoff

SERVER_BINARIES = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))

# One worker runs this module: its server and its build are made once, not once a worker.
pytestmark = pytest.mark.xdist_group("postgres")


def as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the 'postgres' user then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@pytest.fixture(scope="module")
def postgres_url():
    assert SERVER_BINARIES, "PostgreSQL is not installed: 'make check' installs Debian's postgresql"
    bin_dir = SERVER_BINARIES[-1].parent
    root = Path(tempfile.mkdtemp(prefix="wythoff-pg-"))
    root.chmod(0o777)
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(root, user.pw_uid, user.pw_gid)
    data = root / "data"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    subprocess.run(
        as_server_user([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "wythoff"]),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1"
    subprocess.run(
        as_server_user(
            [
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-w",
                "-l",
                str(root / "log"),
                "start",
            ]
        ),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://wythoff@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


def exported(folder: Path) -> dict[str, str]:
    folder = (folder / "current").resolve()  # the published build's own folder
    files = [p for p in sorted(folder.rglob("*")) if p.is_file()]
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in files
        if p.suffix in (".csv", ".txt")
    }


@pytest.fixture(scope="module")
def server_build(tmp_path_factory, postgres_url) -> Path:
    """A tiny build into the server (its configuration), shared by this module's tests."""
    root = tmp_path_factory.mktemp("server")
    config = tiny_config(root)
    config.write_text(
        config.read_text().replace(
            f'database = "{root}/data/wythoff.sqlite"', f'database = "{postgres_url}"'
        )
    )
    wythoff("build", "--config", str(config), "--quiet")
    return config


def test_a_postgresql_build_exports_the_same_files_as_sqlite(tiny_build, server_build):
    lite = tiny_build.config  # the same configuration, built into SQLite
    server = server_build
    assert not (server.parent / "data" / "wythoff.sqlite").exists()
    files = exported(tiny_build.output)
    assert len(files) > 50
    assert exported(server.parent / "data") == files
    # the server answers the README's kind of query, exactly
    query = "SELECT x, y FROM p_positions WHERE game_id = 'connell-k2' ORDER BY x, y LIMIT 6"
    assert (
        wythoff("sql", query, "--config", str(server)).stdout.splitlines()[1:]
        == wythoff("sql", query, "--config", str(lite)).stdout.splitlines()[1:]
    )


def test_sql_on_postgresql_is_read_only(server_build):
    config = server_build
    result = wythoff("sql", "DELETE FROM terms", "--config", str(config), check=False)
    assert result.returncode == 2
    assert result.stderr == (
        "wythoff: error: refused: only queries (SELECT, WITH, VALUES, TABLE) are allowed\n"
    )
    # a write hidden in a query passes the console's check, and the server refuses it
    hidden = "WITH d AS (DELETE FROM term_values RETURNING 1) SELECT count(*) FROM d"
    result = wythoff("sql", hidden, "--config", str(config), check=False)
    assert result.returncode == 2
    assert "in a read-only transaction" in result.stderr and result.stderr.count("\n") == 1
    count = wythoff("sql", "SELECT count(*) FROM terms", "--config", str(config)).stdout
    assert int(count.splitlines()[1]) > 0
    # hostile statements that apply to a server: stopped by the time limit, refused writes
    for statement in (
        "SELECT pg_sleep(30)",
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r",
    ):
        started = time.monotonic()
        stopped = wythoff(
            "sql", statement, "--config", str(config), "--time-limit", "1", check=False
        )
        assert stopped.returncode == 2 and "time limit" in stopped.stderr
        assert time.monotonic() - started < 15
    for statement in ("CREATE TABLE evil (x int)", "COPY terms TO '/tmp/wythoff-evil.csv'"):
        refused = wythoff("sql", statement, "--config", str(config), check=False)
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert not os.path.exists("/tmp/wythoff-evil.csv")


def test_site_needs_the_sqlite_file(tmp_path, postgres_url):
    config = tiny_config(tmp_path)
    config.write_text(
        config.read_text().replace(
            f'database = "{tmp_path}/data/wythoff.sqlite"', f'database = "{postgres_url}"'
        )
    )
    result = wythoff("site", "--config", str(config), check=False)
    assert result.returncode == 2 and "SQLite" in result.stderr
