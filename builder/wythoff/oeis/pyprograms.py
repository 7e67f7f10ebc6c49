"""An OEIS entry's terms from the Python programs of the ``oeissequences`` package.

``oeissequences`` (Chai Wah Wu, Apache License 2.0, https://pypi.org/project/oeissequences/)
gives thousands of OEIS entries as Python functions: ``A000201(n)`` for the
``n``-th term, ``A000201_gen()`` for a generator of the terms from the entry's
offset.  It is a second source, written independently of the entries' PARI
programs, used by :mod:`wythoff.oeis.refresh` only (the optional extra ``refresh``):
a build reads the stored result and never imports it.

Each entry runs in its own Python process, with limits on its time and memory,
and its terms must reproduce the entry's listed terms, as for a PARI program.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from wythoff.oeis.gp import PYTHON, Extension, Limits, align

MODULE = "oeis_sequences.OEISsequences"
NO_PROGRAM = "oeissequences has no program for the entry"
UNLIKE_LISTING = "its output does not reproduce the listed terms"

_RUN = """
import resource, sys
from itertools import islice
resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
sys.set_int_max_str_digits(0)
from oeis_sequences import OEISsequences as O
name, offset, count, digits = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
gen = getattr(O, name + "_gen", None)
term = getattr(O, name, None)
values = islice(gen(), count) if gen else (term(n) for n in range(offset, offset + count))
for value in values:
    text = str(int(value))
    if len(text) > digits:
        break
    print(text, flush=True)
"""


@cache
def _source() -> str:
    """The package's text, read without importing it (the import takes seconds)."""
    spec = importlib.util.find_spec(MODULE) if importlib.util.find_spec("oeis_sequences") else None
    if spec is None or spec.origin is None:
        return ""
    return Path(spec.origin).read_text(encoding="utf-8")


def available() -> bool:
    return bool(_source())


def version() -> str:
    from importlib.metadata import version as installed

    return installed("oeissequences")


def program(anumber: str) -> str:
    """The text of the entry's functions in the package (``""`` when it has none):
    the generator, else the term function, with what they call left out."""
    source = _source()
    for name in (f"{anumber}_gen", anumber):
        found = re.search(rf"^def {name}\(.*?(?=^\S)", source, re.MULTILINE | re.DOTALL)
        if found is not None:
            return found.group(0).rstrip()
    return ""


def extend(
    anumber: str, listed: Sequence[int], offset: int, count: int, digits: int, limits: Limits
) -> Extension:
    """The entry's first ``count`` terms (fewer past ``digits`` decimal digits) by the
    package's program, aligned with its ``listed`` terms; or why there are none."""
    text = program(anumber)
    if not text:
        return Extension("", failure=NO_PROGRAM, source=PYTHON)
    stored = f"# oeissequences {version()}\n{text}"
    script = _RUN.format(memory=limits.memory)
    command = [sys.executable, "-c", script, anumber, str(offset), str(count), str(digits)]
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=limits.seconds,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:  # never "what came in time": the same terms anywhere
        return Extension(stored, failure=f"stopped after {limits.seconds:g} s", source=PYTHON)
    if done.returncode:
        return Extension(stored, failure=_error(done.stderr), source=PYTHON)
    values = [int(line) for line in done.stdout.splitlines() if re.fullmatch(r"-?\d+", line)]
    terms = align(values, listed)
    if terms is None:
        return Extension(stored, failure=UNLIKE_LISTING, source=PYTHON)
    return Extension(stored, terms, source=PYTHON)


def _error(stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    return "python: " + (lines[-1][:200] if lines else "ended with an error")
