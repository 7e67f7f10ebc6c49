"""An OEIS entry's terms past those it lists, computed by the entry's own PARI/GP program.

An entry lists a few dozen terms; this database stores thousands.  To know
whether an entry that agrees on its listed terms still agrees later, the entry
is extended by its own program from its ``%o`` lines, run by PARI/GP (``gp``).

The programs come in a few shapes, and each is driven so that it yields a
known number of terms (never "until the time runs out", so that a build's
content does not depend on the machine's speed):

* ``a(n) = ...`` (or ``A123456(n)``): ``a(n)`` for ``n`` = offset, offset + 1, ...;
* ``is(n) = ...`` (``isok``, ``is_A123456``): the ``n`` it accepts, from the first
  listed term up to a bound (the largest of our terms it is compared with);
* ``first(n)``, ``lista(n)``, ``list(n)``: called with the number of terms wanted;
* a power series cut at ``O(x^30)``, ``vector(30, n, ...)`` or a loop
  ``for(n = 1, 50, print1(...))``: the number is raised to the terms wanted.

Whatever the shape, the terms the program gives must reproduce the entry's
listed terms (up to a few leading terms a power series drops), or the run
counts as a failure: that is the check that the program was understood.

Safety: the programs are other people's code.  ``gp`` runs in its ``secure``
mode (no ``system``, ``extern`` or ``install``), in a scratch directory that is
deleted afterwards, with no standard input, limits on its time, memory and file
sizes, and programs that name a function reading or writing files are not run
at all.  Every failure is returned with its reason, never hidden.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

GP = "gp"
MARKER = "@@terms@@"
REAL_PRECISION = 120
"""Decimal digits of ``gp``'s real numbers: programs that take a floor of ``n*sqrt(2)``
stay exact far beyond the terms compared."""
SPARE = 10
"""Terms asked of a series, a vector or a loop beyond those wanted (a series may
drop leading zero terms)."""
MAX_ALIGNMENT = 3
"""Leading terms a program's output may lack, or have in excess, against the listing."""

_DENIED = re.compile(
    r"\b(write1?|writebin|writetex|system|externstr|extern|install|fileopen|fileextern|"
    r"filewrite1?|fileread|filereadstr|readstr|readvec|read|getenv|gpextern)\s*\("
    r"|^\s*\\[rwlx]",
    re.MULTILINE,
)
_NAME = r"(?<![\w.])"
_TERM_FUNCTION = re.compile(_NAME + r"(a|A\d{6})\s*\(\s*(\w+)\s*\)\s*=(?!=)")
_MEMBERSHIP = re.compile(_NAME + r"(is|isok|is_?A\d{6})\s*\(\s*(\w+)\s*\)\s*=(?!=)")
_FIRST_TERMS = re.compile(_NAME + r"(first|lista|list)\s*\(\s*(\w+)\s*\)\s*=(?!=)")
_SERIES_PRECISION = re.compile(r"(O\(\s*'?x\s*\^\s*)(\d+)(\s*\))")
_VECTOR_LENGTH = re.compile(r"(vector\(\s*)(\d+)(\s*,)")
_LOOP_BOUND = re.compile(r"(for\(\s*\w+\s*=\s*(-?\d+)\s*,\s*)(\d+)(\s*,)")


@dataclass(frozen=True)
class Limits:
    """What one program run may take: seconds, bytes of memory, bytes of files."""

    seconds: float = 60.0
    memory: int = 2 << 30
    file_size: int = 1 << 20


PROGRAM = "PARI program"
NO_PROGRAM = "the entry has no PARI program"
BFILE = "b-file"
PYTHON = "Python program"
NOT_RUN = "its PARI program was not run: install PARI/GP (gp) to run it"


@dataclass(frozen=True)
class Extension:
    """An entry's terms past its listing: ``terms[j]`` is the entry's ``j``-th term
    (counted from 0, listed ones included), given by its ``source`` (:data:`PROGRAM`
    or :data:`PYTHON`, whose text is ``program``, or :data:`BFILE`); or the ``failure``
    that left none.  ``note`` says what a second source of the same entry showed."""

    program: str
    terms: tuple[int, ...] = ()
    failure: str | None = None
    source: str = PROGRAM
    note: str = ""

    @property
    def sha256(self) -> str:
        """The program text's SHA-256 (hex), so that a stored extension names its program."""
        return hashlib.sha256(self.program.encode()).hexdigest() if self.program else ""


def available() -> bool:
    """Whether PARI/GP's ``gp`` is installed."""
    return shutil.which(GP) is not None


def extend(
    programs: Sequence[str],
    listed: Sequence[int],
    offset: int,
    count: int,
    bound: int,
    limits: Limits = Limits(),
) -> Extension:
    """The entry's first ``count`` terms (at least), by the first of its ``programs``
    that runs and reproduces its ``listed`` terms; ``offset`` is the entry's, and
    ``bound`` the largest value a membership test (``is(n)``) is asked about.

    Programs are tried in the entry's order, those defining ``a(n)`` first; the
    failure returned, when none works, is the first program's."""
    if not programs:
        return Extension("", failure=NO_PROGRAM)
    failures: list[Extension] = []
    for program in sorted(programs, key=_preference):
        found = _run_one(program, listed, offset, count, bound, limits)
        if found.failure is None:
            return found
        failures.append(found)
    return failures[0]


def _preference(program: str) -> int:
    shapes = (_TERM_FUNCTION, _MEMBERSHIP, _FIRST_TERMS)
    return next((rank for rank, shape in enumerate(shapes) if shape.search(program)), 3)


def _run_one(
    program: str, listed: Sequence[int], offset: int, count: int, bound: int, limits: Limits
) -> Extension:
    if (denied := _DENIED.search(program)) is not None:
        return Extension(program, failure=f"not run: it calls {denied.group(0).strip()}")
    driven = driver(program, listed, offset, count, bound)
    if driven is None:
        return Extension(program, failure="not run: no a(n), is(n), list or series to drive")
    source, drive = driven
    output = _run_gp(source, drive, limits)
    if isinstance(output, str):
        return Extension(program, failure=output)
    terms = align(output, listed)
    if terms is None:
        return Extension(program, failure=_unlike_listing(output, listed, offset))
    return Extension(program, terms)


def _unlike_listing(output: Sequence[int], listed: Sequence[int], offset: int) -> str:
    """Why a program's output is not the entry's: its first term unlike the listing's."""
    said = "its output does not reproduce the listed terms"
    for j, (ours, theirs) in enumerate(zip(output, listed, strict=False)):
        if ours != theirs:
            return f"{said}: it gives {ours} for a({offset + j}), the entry lists {theirs}"
    return said


def driver(
    program: str, listed: Sequence[int], offset: int, count: int, bound: int
) -> tuple[str, str] | None:
    """``(program as run, the lines that make it print its terms)``, or ``None`` for a
    shape this module does not know.

    >>> driver("a(n)=7*n \\\\\\\\ note", [0, 7], 0, 3, 14)[1]
    'read("program.gp");\\nprint("@@terms@@");\\nfor(n=0, 2, print(a(n)))'
    >>> driver("x='x+O('x^30); Vec(1/(1-x))", [1, 1], 0, 5, 1)
    ("x='x+O('x^15); Vec(1/(1-x))", 'print("@@terms@@");\\nprint(read("program.gp"))')
    """
    read = 'read("program.gp")'
    start = f'print("{MARKER}")'
    if found := _TERM_FUNCTION.search(program):
        loop = f"for(n={offset}, {offset + count - 1}, print({found[1]}(n)))"
        return program, f"{read};\n{start};\n{loop}"
    if found := _MEMBERSHIP.search(program):
        first = listed[0] if listed else offset
        loop = f"for(n={first}, {bound}, if({found[1]}(n), print(n)))"
        return program, f"{read};\n{start};\n{loop}"
    if found := _FIRST_TERMS.search(program):
        return program, f"{read};\n{start};\nprint({found[1]}({count}))"
    wanted = str(count + SPARE)
    for shape in (_SERIES_PRECISION, _VECTOR_LENGTH):
        if shape.search(program):
            raised = shape.sub(lambda m: m[1] + wanted + m[3], program)
            return raised, f"{start};\nprint({read})"
    if found := _LOOP_BOUND.search(program):
        last = str(int(found[2]) + count + SPARE)
        raised = _LOOP_BOUND.sub(lambda m: m[1] + last + m[4], program, count=1)
        return raised, f"{start};\n{read};"
    return None


def _run_gp(source: str, drive: str, limits: Limits) -> list[int] | str:
    """The integers ``gp`` printed after the marker, or the reason it gave none."""
    with tempfile.TemporaryDirectory(prefix="wythoff-gp-") as scratch:
        Path(scratch, "program.gp").write_text(source + "\n")
        script = (
            f"default(realprecision, {REAL_PRECISION});\n"
            f"default(parisizemax, {limits.memory // 2});\n"
            "default(secure, 1);\n"
            f"{drive}\n"
            "quit\n"
        )
        try:
            done = subprocess.run(
                ["sh", "-c", _limited(limits) + f" && exec {GP} -q -f -D colors=no"],
                input=script,
                capture_output=True,
                text=True,
                cwd=scratch,
                timeout=limits.seconds,
                start_new_session=True,
                env={"PATH": os.environ.get("PATH", ""), "HOME": scratch, "LC_ALL": "C"},
            )
        except subprocess.TimeoutExpired:
            return f"stopped after {limits.seconds:g} s"
        except OSError as error:
            return f"gp could not start ({error.strerror})"
    errors = [
        line.strip()
        for line in done.stderr.splitlines()
        if "***" in line and "Warning:" not in line  # a growing stack is no error
    ]
    if errors:
        return "gp: " + " ".join(errors)[:200]
    _, marked, printed = done.stdout.partition(MARKER)
    if not marked:
        return f"gp ended before its terms (status {done.returncode})"
    return [int(number) for number in re.findall(r"-?\d+", printed)]


def _limited(limits: Limits) -> str:
    """The shell's caps on ``gp``'s memory (KiB) and on any file it writes (512-byte
    blocks), set in the child's shell: no Python code runs between fork and exec."""
    return f"ulimit -v {limits.memory // 1024} && ulimit -f {max(limits.file_size // 512, 1)}"


def align(produced: Sequence[int], listed: Sequence[int]) -> tuple[int, ...] | None:
    """The entry's terms from its first, given what a program printed and what the
    entry lists; ``None`` when the two disagree on a term both have.

    A program may print a few leading terms fewer (``Vec`` of a power series drops
    leading zeros) or more than the entry lists; the first alignment that agrees
    on every common term, and on at least as many as the shorter list has (8 at
    most), wins, the plain one first.

    >>> align([1, 3, 4, 6, 8, 9, 11, 12, 14, 16], [0, 1, 3, 4, 6, 8, 9, 11])
    (0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16)
    >>> align([5, 6, 7], [1, 2, 3]) is None
    True
    """
    for k in sorted(range(-MAX_ALIGNMENT, MAX_ALIGNMENT + 1), key=lambda k: (abs(k), -k)):
        first = max(0, -k)  # produced[i] is the entry's term i + k
        common = min(len(produced) - first, len(listed) - (first + k))
        if common < min(len(listed) - max(k, 0), len(produced) - first, 8) or common <= 0:
            continue
        if all(produced[first + i] == listed[first + k + i] for i in range(common)):
            return tuple(listed[: max(k, 0)]) + tuple(produced[first:])
    return None
