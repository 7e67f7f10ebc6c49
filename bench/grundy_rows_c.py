"""The rows' prover against a plain C strip, in one run: Wythoff's rows 0..255 proven
(:func:`wythoff.core.games.grundy_rows.proving`, each row printed as it is proven and
let go, as ``wythoff grundy GAME --periods`` does) against rows 0..127 of a plain C
strip over 2^21 columns (``gcc -O2``, one core, each cell's value by a mex over its
options in the rows below, O(a x) a cell, column by column, the whole strip in memory
at 32 bits a cell).  ``--a`` takes Fraenkel's a-Wythoff game instead (a = 1 is
Wythoff's): its rows' proofs need longer strips, so the C strip, whose memory grows
with its columns, checks fewer rows (``--c-rows 0``: the prover alone).

The C program prints each row's least period and preperiod found on its strip (the
period over the strip's second half, the preperiod from which it holds); they must
equal the prover's, for every row whose preperiod and two periods lie in the strip's
first half (all of Wythoff's rows 0..127 on 2^21 columns; Fraenkel's rows need longer
strips), before the ratio is printed.  Each side runs in a
process of its own, whose wall-clock and processor time and peak resident memory the
run reports (the prover's process
runs once beforehand, on a few rows, so that numba's compiled kernels are on disk).

Run: ``python bench/grundy_rows_c.py [--a 1] [--rows 256] [--c-rows 128] [--columns 2097152]``;
e.g. ``--a 2 --c-rows 64 --columns 1048576`` for Fraenkel's a = 2, rows 0..255.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STRIP = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
/* rows 0..R-1 of G of Fraenkel's a-Wythoff game (a = 1: Wythoff's) over N columns,
   column by column (a column's cells side by side): a cell's value is the least one that
   its row has not taken before it (a bitset a row) and that no cell below it holds in
   its column or at (x - j, y - l), l > 0, |j - l| < a. */
int main(int argc, char **argv) {
  int rows = atoi(argv[1]); long n = atol(argv[2]); int a = argc > 3 ? atoi(argv[3]) : 1;
  long top = n + 4 * (long)rows * a + 64, words = top / 64 + 1;
  int32_t *t = malloc((size_t)rows * n * 4);
  int32_t *seen = calloc(top, 4);
  uint64_t *taken = calloc((size_t)rows * words, 8);
  long *least = calloc(rows, 8);
  int32_t stamp = 0;
  for (long y = 0; y < n; y++) {
    int32_t *col = t + (size_t)y * rows;
    for (int x = 0; x < rows; x++) {
      uint64_t *mine = taken + (size_t)x * words;
      stamp++;
      for (int j = 1; j <= x; j++) {
        seen[col[x - j]] = stamp;
        for (long l = j - a + 1 > 1 ? j - a + 1 : 1; l < j + a && l <= y; l++)
          seen[t[(size_t)(y - l) * rows + x - j]] = stamp;
      }
      long g = least[x];
      while ((mine[g >> 6] >> (g & 63)) & 1 || seen[g] == stamp) g++;
      col[x] = (int32_t)g;
      mine[g >> 6] |= 1ULL << (g & 63);
      while ((mine[least[x] >> 6] >> (least[x] & 63)) & 1) least[x]++;
    }
  }
  /* each row's least period over the second half, then the preperiod from which it holds */
  for (int x = 0; x < rows; x++) {
#define G(y) ((long)t[(size_t)(y) * rows + x])
    long half = n / 2, p = 1;
    for (;; p++) {
      long y = half;
      while (y + p < n && G(y + p) - G(y) == p) y++;
      if (y + p >= n) break;
    }
    long s = n - p;
    while (s > 0 && G(s - 1 + p) - G(s - 1) == p) s--;
    printf("%d %ld %ld\n", x, s, p);
  }
  return 0;
}
"""

PROVER = """
import sys
from wythoff.core.games import grundy_rows
from wythoff.core.games.rules import Rules
for r in grundy_rows.proving(Rules(bishop=int(sys.argv[2])), int(sys.argv[1])):
    print(r.x, r.preperiod, r.period, flush=True)  # each row as proven, then let go
"""


def timed(command: list[str]) -> tuple[float, float, int, str]:
    """Seconds (wall clock, and of the processor: user plus system), peak resident MiB
    and output of ``command`` run alone."""
    with tempfile.TemporaryFile("w+") as out:
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=out)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            sys.exit(f"{command[0]} failed")
        out.seek(0)
        cpu = usage.ru_utime + usage.ru_stime
        return seconds, cpu, usage.ru_maxrss // 1024, out.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", type=int, default=1, help="Fraenkel's a (1: Wythoff's game)")
    parser.add_argument("--rows", type=int, default=256)
    parser.add_argument("--c-rows", type=int, default=128)
    parser.add_argument("--columns", type=int, default=1 << 21)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "strip.c"
        source.write_text(STRIP, encoding="utf-8")
        program = Path(folder) / "strip"
        subprocess.run(["gcc", "-O2", "-o", str(program), str(source)], check=True)
        python = [sys.executable, "-c", PROVER]
        timed([*python, "8", str(args.a)])  # numba compiles the kernels once, kept on disk
        ours, our_cpu, our_peak, our_rows = timed([*python, str(args.rows), str(args.a)])
        print(
            f"prover, rows 0..{args.rows - 1} (a = {args.a}): {ours:.1f} s ({our_cpu:.1f} s "
            f"of processor), peak {our_peak} MiB"
        )
        if not args.c_rows:
            return
        c_run = [str(program), str(args.c_rows), str(args.columns), str(args.a)]
        theirs, their_cpu, their_peak, their_rows = timed(c_run)
    found = [line.split() for line in our_rows.splitlines()]
    strip = [line.split() for line in their_rows.splitlines()]
    # the rows whose period the C strip shows: preperiod and two periods in its first half
    shown = [
        row for row in found[: len(strip)] if int(row[1]) + 2 * int(row[2]) <= args.columns // 2
    ]
    if shown != strip[: len(shown)]:
        sys.exit("the prover's rows differ from the C strip's")
    print(f"rows 0..{len(shown) - 1} equal on both (their periods lie within the C strip)")
    print(
        f"C strip, rows 0..{args.c_rows - 1} x {args.columns}: {theirs:.1f} s "
        f"({their_cpu:.1f} s of processor), peak {their_peak} MiB"
    )
    print(
        f"time ratio (prover / C strip): {ours / theirs:.2f} wall clock, "
        f"{our_cpu / their_cpu:.2f} processor (the fairer on a busy machine)"
    )


if __name__ == "__main__":
    main()
