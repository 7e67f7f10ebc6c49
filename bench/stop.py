"""How fast a large build stops when interrupted while it sorts its terms' value index.

A small build (Larsson m, p <= 2) is made first into an output folder; then the
build of Larsson m, p <= ``--largest`` (16: about 45 M terms) into the same folder
is started on a pseudo-terminal, so that it draws its progress bars, and is sent
SIGINT (Ctrl-C) ``--after`` seconds after its "checks" stage begins: the stage in
which SQLite sorts the index of the terms' values while the checks read the terms
back (:func:`wythoff.db.store.meanwhile`).  Printed: the seconds from the signal to
the process's end, its exit status, how long the stopped build's folder took to go
(removed by a process of its own after the stop), and whether the small build's files
are then still there byte for byte with no temporary file left beside them.

Run: ``python bench/stop.py [--largest 16] [--after 1.0 2.5 5.0]``.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

STAGE = b"checks"


def configure(root: Path, largest: int) -> Path:
    """A configuration building Larsson m, p <= ``largest`` into ``root/data``."""
    config = root / f"larsson-{largest}.toml"
    config.write_text(
        f'output = "{root / "data"}"\n'
        f"[families]\nlarsson = {{ m = [1, {largest}], p = [1, {largest}] }}\n"
    )
    return config


def digest(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (hidden ones too), by its path, with its SHA-256."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def build(config: Path) -> None:
    command = [sys.executable, "-m", "wythoff", "build", "--config", str(config), "--quiet"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def _interruptible() -> None:
    """Ctrl-C's default in the build: a shell ignores SIGINT in the commands it runs in
    the background, and the build would inherit that (and not stop)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted(config: Path, after: float) -> tuple[float, int, float]:
    """The build of ``config`` interrupted ``after`` seconds into its checks stage:
    seconds from the signal to its end, its exit status, and when the stage began
    (seconds from the start)."""
    leader, follower = pty.openpty()
    # a terminal of 200 columns: on one of none, the bars would be drawn empty
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    command = [sys.executable, "-m", "wythoff", "build", "--config", str(config)]
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=follower,
        preexec_fn=_interruptible,
    )
    os.close(follower)
    shown = b""
    stage_began = None
    try:
        while stage_began is None:
            ready, _, _ = select.select([leader], [], [], 1.0)
            if ready:
                try:
                    shown = (shown + os.read(leader, 65536))[-4096:]
                except OSError:  # the build ended
                    break
            if STAGE in shown:
                stage_began = time.perf_counter() - started
            if process.poll() is not None:
                raise SystemExit(f"the build ended before its {STAGE.decode()} stage")
        time.sleep(after)
        signalled = time.perf_counter()
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=600)
        if status == 0:
            raise SystemExit("the build was not stopped: it ended normally")
        return time.perf_counter() - signalled, status, stage_began or 0.0
    finally:
        os.close(leader)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--largest", type=int, default=16)
    parser.add_argument("--after", type=float, nargs="+", default=[1.0, 3.0])
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="stop-") as folder:
        root = Path(folder)
        build(configure(root, 2))
        before = digest(root / "data")
        print(f"previous build: Larsson m, p <= 2, {len(before)} files")
        for after in arguments.after:
            builds = set((root / "data" / ".builds").iterdir())
            seconds, status, began = interrupted(configure(root, arguments.largest), after)
            tidied = time.perf_counter()
            while set((root / "data" / ".builds").iterdir()) != builds:
                if time.perf_counter() - tidied > 600:
                    raise SystemExit("the stopped build's folder is still there after 600 s")
                time.sleep(0.1)
            tidied = time.perf_counter() - tidied
            kept = digest(root / "data") == before
            print(
                f"Larsson m, p <= {arguments.largest}: checks stage at {began:.1f} s, "
                f"SIGINT {after:.1f} s into it: ended in {seconds:.2f} s, exit status "
                f"{status}; its folder removed {tidied:.1f} s later; previous build intact: "
                f"{'yes' if kept else 'NO'}"
            )


if __name__ == "__main__":
    main()
