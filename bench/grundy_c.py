"""The Sprague–Grundy sweeps against plain C compiled with ``gcc -O2``, in one run.

* the 8192 x 8192 table of Wythoff's game (:func:`wythoff.core.games.grundy.grundy_table`)
  against a plain C bitset sweep (a bitset along the row, per column and per diagonal,
  each with its count of leading full words);
* the strip of Wythoff's rows 0..63 over 2^20 columns
  (:func:`wythoff.core.games.strip.strip_offsets`) against the same ring sweep in C.

The C sources are written to a temporary folder, compiled and run; each writes its
values to a file, which must equal ours before a ratio is printed (the C programs'
times include that write).  Each
time is the best of ``--repeat`` runs (ours after one run that compiles the kernel).

Run: ``python bench/grundy_c.py [--size 8192] [--rows 64] [--columns 1048576]``.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np
from wythoff.core.games import grundy, strip
from wythoff.core.games.rules import Rules

SQUARE = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  int words = (4 * n) / 64 + 1;
  uint16_t *t = malloc((size_t)n * n * 2);
  uint64_t *row = calloc(words, 8), *col = calloc((size_t)n * words, 8),
           *dia = calloc((size_t)(2 * n) * words, 8);
  int rowf, *colf = calloc(n, 4), *diaf = calloc(2 * n, 4);
  for (int x = 0; x < n; x++) {
    for (int k = 0; k < words; k++) row[k] = 0;
    rowf = 0;
    for (int y = 0; y < n; y++) {
      uint64_t *c = col + (size_t)y * words, *d = dia + (size_t)(x - y + n) * words;
      int k = rowf;
      if (colf[y] > k) k = colf[y];
      if (diaf[x - y + n] > k) k = diaf[x - y + n];
      uint64_t s;
      for (;; k++) { s = row[k] | c[k] | d[k]; if (~s) break; }
      int g = k * 64 + __builtin_ctzll(~s);
      t[(size_t)x * n + y] = g;
      uint64_t m = 1ULL << (g & 63); int w = g >> 6;
      row[w] |= m; c[w] |= m; d[w] |= m;
      while (row[rowf] == ~0ULL) rowf++;
      while (c[colf[y]] == ~0ULL) colf[y]++;
      while (d[diaf[x - y + n]] == ~0ULL) diaf[x - y + n]++;
    }
  }
  FILE *f = fopen(argv[2], "wb");
  fwrite(t, 2, (size_t)n * n, f);
  fclose(f);
  return 0;
}
"""

STRIP = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
/* rows 0..R-1 of Wythoff's G over N columns, column by column: rings of W bits by
   value mod W for each row (values above its least missing one), the column and
   each diagonal crossing it; values stored as G - y */
int main(int argc, char **argv) {
  int rows = atoi(argv[1]); long n = atol(argv[2]);
  int bound = 64 + 6 * rows, window = 64, ring = 1;
  while (window <= rows + 1 + 2 * bound + 64) window *= 2;
  while (ring < rows + 1) ring *= 2;
  int words = window / 64; long wm = window - 1;
  int16_t *out = malloc((size_t)rows * n * 2);
  uint64_t *rb = calloc((size_t)rows * words, 8), *dg = calloc((size_t)ring * words, 8),
           *col = calloc(words, 8);
  long *least = calloc(rows, 8);
  for (long y = 0; y < n; y++) {
    for (int x = 0; x < rows; x++) {
      uint64_t *d = dg + (size_t)((y - x) & (ring - 1)) * words, *r = rb + (size_t)x * words;
      if (x == 0 || y == 0) for (int k = 0; k < words; k++) d[k] = 0;
      long m = least[x];
      int first = (m & wm) >> 6; long g = -1;
      for (int step = 0; step < words; step++) {
        int k = (first + step) & (words - 1);
        uint64_t s = r[k] | d[k] | col[k];
        if (step == 0) s |= (1ULL << (m & 63)) - 1;
        if (~s) { g = m - (m & 63) + step * 64 + __builtin_ctzll(~s); break; }
      }
      if (g < 0 || g - y >= bound || y - g >= bound) { fprintf(stderr, "wide\n"); return 1; }
      out[(size_t)x * n + y] = (int16_t)(g - y);
      int w = (g & wm) >> 6; uint64_t mask = 1ULL << (g & 63);
      col[w] |= mask; d[w] |= mask;
      if (g == m) {
        m++;
        while (r[(m & wm) >> 6] & (1ULL << (m & 63))) {
          r[(m & wm) >> 6] &= ~(1ULL << (m & 63));
          m++;
        }
        least[x] = m;
      } else r[w] |= mask;
    }
    for (int x = 0; x < rows; x++) { long v = out[(size_t)x * n + y] + y; col[(v & wm) >> 6] = 0; }
  }
  FILE *f = fopen(argv[3], "wb");
  fwrite(out, 2, (size_t)rows * n, f);
  fclose(f);
  return 0;
}
"""


def best(repeat: int, work) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return min(times), result


def compiled(folder: Path, name: str, source: str) -> Path:
    (folder / f"{name}.c").write_text(source, encoding="utf-8")
    program = folder / name
    subprocess.run(["gcc", "-O2", "-o", str(program), str(folder / f"{name}.c")], check=True)
    return program


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=8192)
    parser.add_argument("--rows", type=int, default=64)
    parser.add_argument("--columns", type=int, default=1 << 20)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    rules = Rules(bishop=1)
    with tempfile.TemporaryDirectory() as folder:
        square = compiled(Path(folder), "square", SQUARE)
        stripped = compiled(Path(folder), "strip", STRIP)

        output = Path(folder) / "values"

        def run(*command: object) -> None:
            subprocess.run([*(str(c) for c in command), str(output)], check=True)

        grundy.grundy_table(rules, 64)  # compile
        c_time, _ = best(args.repeat, lambda: run(square, args.size))
        ours, table = best(args.repeat, lambda: grundy.grundy_table(rules, args.size))
        assert (np.fromfile(output, np.uint16).reshape(table.shape) == table).all()
        print(f"square {args.size}: C {c_time:.2f} s, ours {ours:.2f} s: {ours / c_time:.2f}x")
        del table

        strip.strip_offsets(rules, 4, 64)  # compile
        c_time, _ = best(args.repeat, lambda: run(stripped, args.rows, args.columns))
        ours, offsets = best(
            args.repeat, lambda: strip.strip_offsets(rules, args.rows, args.columns)
        )
        assert (np.fromfile(output, np.int16).reshape(offsets.shape) == offsets).all()
        print(
            f"strip {args.rows} x {args.columns}: C {c_time:.2f} s, ours {ours:.2f} s: "
            f"{ours / c_time:.2f}x"
        )


if __name__ == "__main__":
    main()
