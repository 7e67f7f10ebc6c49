"""The shipped entries' extensions are package data: one record for every shipped
entry, made by the programs the entries ship, and read back as written."""

from __future__ import annotations

import hashlib

from wythoff.oeis import gp, stored
from wythoff.oeis.index import OeisIndex
from wythoff.oeis.seqfiles import SeqFiles

INDEX = OeisIndex.load()
LIBRARY = SeqFiles()
STORED = stored.load()


def test_every_shipped_entry_was_refreshed_with_its_current_programs():
    assert set(STORED) == set(INDEX.anumbers())
    for anumber, extensions in STORED.items():
        for extension in extensions:
            if extension.source == gp.PROGRAM and extension.program:
                programs = LIBRARY.pari_programs(anumber)
                assert extension.program in programs, f"{anumber}: refresh the extensions"


def test_stored_terms_begin_with_the_listed_terms():
    extended = 0
    for anumber, extensions in STORED.items():
        listed = INDEX.terms(anumber)
        for extension in extensions:
            if extension.terms:
                assert extension.terms[: len(listed)] == tuple(listed), anumber
                extended += 1
    assert extended >= 70


def test_known_extensions():
    sevens = stored.combine("A008589", STORED["A008589"])
    assert sevens.source == gp.PROGRAM and sevens.terms[:10100] == tuple(range(0, 70700, 7))
    lower = stored.combine("A000201", STORED["A000201"])
    assert lower.source == gp.PYTHON and len(lower.terms) == 10100
    assert lower.terms[9999] == 16180  # floor(10000 phi)


def test_saved_extensions_read_back(tmp_path):
    path = tmp_path / "extensions.json.gz"
    written = {
        "A1": (gp.Extension("a(n)=n^2", (0, 1, 4, 9)), gp.Extension("", failure=gp.NO_PROGRAM)),
        "A2": (gp.Extension("def A2(n): ...", (5, 3, -2), source=gp.PYTHON),),
    }
    stored.save(written, path)
    assert stored.load(path) == written
    assert written["A1"][0].sha256 == hashlib.sha256(b"a(n)=n^2").hexdigest()
