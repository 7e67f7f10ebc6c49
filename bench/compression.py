"""How to compress the database for download: gzip, xz and zstd on the same file.

Each compressor reads the same SQLite file in one run (the build's own choice,
:data:`wythoff.pipeline.export.archive.ZSTD_LEVEL` on all cores, among them) and is timed
compressing and decompressing it; the decompressed bytes are checked against
the original.  Prints size, ratio to the original, and seconds, with the ratio
of each time to gzip -6 (the baseline every user can open).

Run: ``python bench/compression.py [DATABASE] [--quick]``; ``--quick`` skips the
slow high levels (xz -9, zstd -19).
"""

from __future__ import annotations

import argparse
import gzip
import lzma
import time
from collections.abc import Callable
from pathlib import Path

import zstandard
from wythoff.pipeline.export.archive import ZSTD_LEVEL

Codec = tuple[Callable[[bytes], bytes], Callable[[bytes], bytes]]


def zstd(level: int) -> Codec:
    compressor = zstandard.ZstdCompressor(level=level, threads=-1)
    return compressor.compress, zstandard.ZstdDecompressor().decompress


def codecs(quick: bool) -> dict[str, Codec]:
    chosen = {
        "gzip -6 (baseline)": (lambda b: gzip.compress(b, 6, mtime=0), gzip.decompress),
        "gzip -9": (lambda b: gzip.compress(b, 9, mtime=0), gzip.decompress),
        "xz -6": (lambda b: lzma.compress(b, preset=6), lzma.decompress),
        f"zstd -{ZSTD_LEVEL} (the build's)": zstd(ZSTD_LEVEL),
        "zstd -12": zstd(12),
    }
    if not quick:
        chosen["xz -9"] = (lambda b: lzma.compress(b, preset=9), lzma.decompress)
        chosen["zstd -19"] = zstd(19)
    return chosen


def timed(function: Callable[[bytes], bytes], data: bytes) -> tuple[bytes, float]:
    started = time.perf_counter()
    result = function(data)
    return result, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", nargs="?", default="data/wythoff.sqlite", type=Path)
    parser.add_argument("--quick", action="store_true", help="skip xz -9 and zstd -19")
    options = parser.parse_args()
    original = options.database.read_bytes()
    print(f"{options.database}: {len(original):,} bytes")
    header = ("codec", "bytes", "ratio", "compress s", "x gzip", "restore s")
    print("{:24} {:>14} {:>6} {:>11} {:>7} {:>10}".format(*header))
    baseline = None
    for name, (compress, decompress) in codecs(options.quick).items():
        packed, seconds = timed(compress, original)
        restored, back = timed(decompress, packed)
        assert restored == original, f"{name} did not restore the file"
        baseline = baseline or seconds
        print(
            f"{name:24} {len(packed):>14,} {len(packed) / len(original):>6.3f} "
            f"{seconds:>11.1f} {seconds / baseline:>7.2f} {back:>10.1f}"
        )


if __name__ == "__main__":
    main()
