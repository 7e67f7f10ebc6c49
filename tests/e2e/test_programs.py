"""The programs of every sequence run and give the engine's terms.

The PARI/GP programs run in one ``gp`` process (Debian's ``pari-gp``; ``make
servers`` installs it), the Python programs in this interpreter; both are
compared with the engine's exact terms, 1,000 of them, for two sequences of
every kind of every family, and at indices beyond 10**30 where a closed form
exists (a floating-point program fails there).  The rows' preperiods and periods of
a Sprague–Grundy function, each term a proof on a strip, are compared on their first
rows.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import defaultdict

import pytest
from wythoff import families
from wythoff.db import vocabulary
from wythoff.families import programs, programs_for
from wythoff.families.programs import Programs

from tests.helpers.data import SMALL_RANGES, narrowed
from tests.helpers.mex import row_periods
from tests.helpers.tracing import untraced

COUNT = 1000
TABLE_COUNT = 60  # a line of a square table: the definition's programs take about n^3 steps
HUGE = 10**30 + 12345  # far beyond any float's precision
HUGE_COUNT = 5
ROW_COUNTS = {  # the rows' proofs: the strip doubles until each row's state recurs
    "wythoff-grundy-preperiod": 16,
    "wythoff-grundy-period": 16,
    "fraenkel-a2-grundy-period": 12,
    "fraenkel-a3-grundy-preperiod": 12,
}


# a game without a formula whose rook lengths are the multiples of p (the others
# chosen allow two residues), and the positions of a Sprague-Grundy value, which the
# small catalog leaves out
EXTRA = (
    "larsson-modulo-m2-p2-l0-c",
    "larsson-modulo-m2-p2-l0-d",
    "wythoff-grundy-value1-a",
    "wythoff-grundy-value2-b",
)


def representatives() -> list[families.SequenceRecord]:
    """The first and the last sequence of each kind (its ID with numbers blanked) of a
    small catalog of every family, and :data:`EXTRA`."""
    kinds: dict[str, list[families.SequenceRecord]] = defaultdict(list)
    for record in families.build(narrowed(SMALL_RANGES, 3)).sequences.values():
        if record.growth != vocabulary.ROWS:
            kinds[re.sub(r"\d+", "#", record.id)].append(record)
    chosen = {r.id: r for group in kinds.values() for r in (group[0], group[-1])}
    chosen.update((i, families.resolve_sequence(i)) for i in EXTRA)
    return list(chosen.values())


RECORDS = representatives()


def count(record: families.SequenceRecord) -> int:
    return TABLE_COUNT if record.growth == "table" else COUNT


def expected(record: families.SequenceRecord) -> dict[str, list[int]]:
    values = {"first": record.listed(record.offset, count(record))}
    if record.growth == "linear":
        values["huge"] = record.listed(HUGE, HUGE_COUNT)
    return values


def pari_calls(record: families.SequenceRecord, code: Programs) -> dict[str, str]:
    if code.entry == "lista":
        return {"first": f"lista({count(record)})"}
    calls = {"first": f"vector({COUNT}, j, a({record.offset} + j - 1))"}
    if record.growth == "linear":
        calls["huge"] = f"vector({HUGE_COUNT}, j, a({HUGE} + j - 1))"
    return calls


def run_gp(script: str) -> dict[str, list[int]]:
    """Run ``script`` in gp; its ``print("@@key ", vector)`` lines, parsed."""
    gp = shutil.which("gp")
    if gp is None:
        pytest.fail("gp not found: install Debian's pari-gp ('make servers')")
    done = subprocess.run(
        [gp, "-q", "-f", "--default", "parisizemax=1000000000"],
        input=script,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr
    assert "***" not in done.stderr + done.stdout, (done.stderr + done.stdout)[-2000:]
    found = {}
    for line in done.stdout.splitlines():
        if line.startswith("@@"):
            key, _, vector = line[2:].partition(" ")
            found[key] = [int(v) for v in vector.strip().strip("[]").split(",")]
    return found


def test_every_sequence_declares_its_programs():
    for record in families.build(narrowed(SMALL_RANGES, 3)).sequences.values():
        code = programs_for(record)
        assert code is not None, f"{record.family} declares no programs for {record.id}"
        assert code.pari and code.python


def test_the_representatives_cover_every_family_and_kind():
    with_sequences = {k for k, f in families.FAMILIES.items() if f.sequence_forms}
    assert {r.family for r in RECORDS} == with_sequences
    assert {"linear", "exponential", "board"} <= {r.growth for r in RECORDS}


def test_pari_programs_give_the_engine_terms():
    script, wanted = [], {}
    for record in RECORDS:
        code = programs_for(record)
        assert code is not None
        script.append(code.pari)
        for label, call in pari_calls(record, code).items():
            key = f"{record.id}/{label}"
            script.append(f'print("@@{key} ", {call})')
            wanted[key] = expected(record)[label]
    found = run_gp("\n".join(script) + "\n")
    assert set(found) == set(wanted)
    for key, values in wanted.items():
        assert found[key] == values, key


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.id)
def test_python_programs_give_the_engine_terms(record):
    code = programs_for(record)
    assert code is not None
    values = expected(record)
    with untraced():  # the entry's program, not the package's
        given = python_terms(code, record, huge="huge" in values)
    assert given == {label: values[label] for label in given}


def python_terms(code: Programs, record: families.SequenceRecord, *, huge: bool) -> dict:
    """What the Python program gives, labelled as :func:`expected` labels the terms (a
    ``lista`` program its first terms alone)."""
    namespace: dict = {}
    exec(code.python, namespace)
    if code.entry == "lista":
        return {"first": namespace["lista"](count(record))}
    a = namespace["a"]
    given = {"first": [a(n) for n in range(record.offset, record.offset + COUNT)]}
    if huge:
        given["huge"] = [a(n) for n in range(HUGE, HUGE + HUGE_COUNT)]
    return given


def test_a_program_that_rounds_is_caught():
    # the comparison must be able to fail: floor(n*phi) in floating point goes wrong
    namespace: dict = {}
    exec("def a(n):\n    return int(n * (1 + 5 ** 0.5) / 2)", namespace)
    record = families.resolve_sequence("wythoff-a")
    assert [namespace["a"](n) for n in range(HUGE, HUGE + HUGE_COUNT)] != expected(record)["huge"]


def test_programs_read_simply():
    phi = families.resolve_sequence("wythoff-b")
    assert programs_for(phi) == programs.beatty(
        families.resolve_sequence("fraenkel-a1-a").terms.slope,  # type: ignore[attr-defined]
        factor=1,
    )
    code = programs_for(families.resolve_sequence("connell-k3-v1"))
    assert code is not None
    assert code.pari == "a(n) = my(N = 3*n+1); (-N + sqrtint(13*N^2))\\6 + 3*n + 1"


def test_the_rows_programs_give_the_proven_terms():
    """Each row's preperiod or period as the build proves it, from the PARI program
    (in one gp run) and the Python program alike."""
    records = {i: families.resolve_sequence(i) for i in ROW_COUNTS}
    assert {r.growth for r in records.values()} == {vocabulary.ROWS}
    script, wanted = [], {}
    for sequence_id, record in records.items():
        code = programs_for(record)
        assert code is not None and code.entry == "lista"
        wanted[sequence_id] = record.listed(0, ROW_COUNTS[sequence_id])
        namespace: dict = {}
        exec(code.python, namespace)
        assert namespace["lista"](ROW_COUNTS[sequence_id]) == wanted[sequence_id], sequence_id
        script += [code.pari, f'print("@@{sequence_id} ", lista({ROW_COUNTS[sequence_id]}))']
    assert run_gp("\n".join(script) + "\n") == wanted
    rows = zip(wanted["wythoff-grundy-preperiod"], wanted["wythoff-grundy-period"], strict=True)
    assert tuple(rows) == row_periods(1, 16, 8192)  # the tests' plain mex, far past each row
