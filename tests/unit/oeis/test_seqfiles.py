"""Entries in OEIS's internal format: offsets, PARI programs and b-files, from the
shipped excerpt or from an oeisdata-like tree."""

from __future__ import annotations

from wythoff.oeis.seqfiles import SeqFiles


def test_the_shipped_excerpt_has_the_entries_programs():
    library = SeqFiles()
    assert library.offset("A003151") == 1
    assert library.pari_programs("A003151") == [
        'for(n=1,50, print1(floor(n*(1 + sqrt(2))), ", ")) \\\\ _G. C. Greubel_, Jul 02 2017'
    ]
    assert len(library.pari_programs("A001076")) == 3  # three (PARI) lines, no others
    assert library.pari_programs("A999999") == [] and library.offset("A999999") is None


def oeisdata(root):
    folder = root / "seq" / "A123"
    folder.mkdir(parents=True)
    (folder / "A123456.seq").write_text(
        "%I A123456 #1\n"
        "%o A123456 (Python)\n"
        "%o A123456 def a(n): return n\n"
        "%o A123456 (PARI) a(n) = {\n"
        "%o A123456   n + 1 }\n"
        "%o A123456 (Magma) [n+1: n in [0..9]];\n"
        "%O A123456 0,2\n"
    )
    (folder / "b123456.txt").write_text("# a comment\n0 1\n1 2\n2 3\n\n")
    return root


def test_an_oeisdata_checkout_gives_multi_line_programs_and_b_files(tmp_path):
    library = SeqFiles(oeisdata(tmp_path))
    assert library.root == tmp_path / "seq"
    assert library.pari_programs("A123456") == ["a(n) = {\n  n + 1 }"]
    assert library.offset("A123456") == 0
    assert library.bfile("A123456") == {0: 1, 1: 2, 2: 3}
    assert "under" in library.describe()
