"""Relations with OEIS judged on every stored term: a coincidence on the listed
terms that the entry's own program exposes is a near miss, never a match."""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

from wythoff import families
from wythoff.core.quadratic import QuadraticNumber
from wythoff.db import vocabulary
from wythoff.oeis import beatty, evidence, gp
from wythoff.oeis.index import OeisIndex
from wythoff.oeis.seqfiles import SeqFiles

INDEX = OeisIndex.load()
LIBRARY = SeqFiles()


def judged(terms, offset, form=None):
    comparison = evidence.compare(INDEX, terms, LIBRARY)
    wanted = evidence.requests([(comparison, terms)])
    extensions = evidence.extend_entries(wanted, INDEX, LIBRARY, gp.Limits())
    found = evidence.verdicts(comparison, terms, offset, extensions, form)
    return {v.anumber: v for v in found}


def test_multiples_of_7_that_stop_being_them_are_a_near_miss_by_the_program():
    record = families.resolve_sequence("larsson-modulo-m6-p5-l2-d")
    terms = record.listed(record.offset, 1000)
    assert terms[:61] == [7 * n for n in range(61)] and terms[61] == 428
    verdict = judged(terms, record.offset)["A008589"]
    assert verdict.kind == vocabulary.NEAR_MISS
    assert verdict.evidence == vocabulary.CONTRADICTED
    assert verdict.verified_up_to == 60
    assert "then a(61) = 428 but A008589(61) = 427 by the entry's PARI program" in verdict.text


def test_an_entry_equal_past_its_listing_says_on_which_terms():
    terms = [n + isqrt(2 * n * n) for n in range(1, 2001)]  # floor(n (1 + sqrt 2)), n >= 1
    verdict = judged(terms, 1)["A003151"]
    assert verdict.kind == vocabulary.MATCH and verdict.evidence == vocabulary.COMPARED
    assert verdict.text == (
        "a(n) = A003151(n) for n >= 1, compared on n = 1 .. 2000 (n = 1 .. 60 listed in the "
        "entry, the rest from the entry's PARI program); not proven"
    )
    assert (verdict.fields.listed_from, verdict.fields.listed_to) == (1, 60)
    assert (verdict.fields.compared_to, verdict.fields.index_offset) == (2000, 0)
    assert verdict.verified_up_to == 2000
    stored = verdict.crossref("ours")  # the cross-reference the build stores of it
    assert (stored.sequence_id, stored.target, stored.kind) == ("ours", "A003151", "match")
    assert (stored.relation, stored.note) == (verdict.text, verdict.name)
    assert (stored.shift, stored.verified_up_to) == (verdict.shift, 2000)


def test_an_entry_defined_as_our_beatty_sequence_is_proven():
    terms = [(n + isqrt(5 * n * n)) // 2 for n in range(500)]  # lower Wythoff, from n = 0
    phi = QuadraticNumber(1, 1, 5, 2)
    found = judged(terms, 0, (phi, Fraction(0)))
    verdict = found["A000201"]
    assert verdict.evidence == vocabulary.PROVEN and verdict.verified_up_to == 499
    assert verdict.text == (
        "a(n) = A000201(n) for n >= 1, proven (A000201 is floor(n*phi) by definition"
        ", with phi = (1+sqrt(5))/2 in its name; ours is "
        "floor(n*((1 + sqrt(5))/2))) and compared on n = 1 .. 499 (n = 1 .. 68 listed in the "
        "entry, the rest from the entry's Python program)"
    )
    # A090908 lists the same terms, and its name does not define it as floor(n*phi)
    assert found["A090908"].evidence != vocabulary.PROVEN
    # the same terms from n = 1: a(n) = A000201(n + 1) would need floor(n*phi + phi)
    shifted = judged(terms[1:], 0, (phi, Fraction(0)))["A000201"]
    assert shifted.evidence == vocabulary.COMPARED


def test_the_shipped_entries_are_judged_alike_with_or_without_gp(monkeypatch, tmp_path):
    terms = [7 * n for n in range(300)]
    wythoff = [(n + isqrt(5 * n * n)) // 2 for n in range(300)]
    with_gp = (judged(terms, 0), judged(wythoff, 0))
    monkeypatch.setenv("PATH", str(tmp_path))  # no gp, nor anything else
    monkeypatch.setattr(gp, "_run_gp", _never_run)
    assert not gp.available()
    assert (judged(terms, 0), judged(wythoff, 0)) == with_gp


def _never_run(*_args, **_kwargs):
    raise AssertionError("a shipped entry ran its program at build time")


def test_a_users_entry_without_gp_says_what_to_install(monkeypatch, tmp_path):
    folder = tmp_path / "seq" / "A008"
    folder.mkdir(parents=True)
    (folder / "A008589.seq").write_text("%I A008589\n%o A008589 (PARI) a(n)=7*n\n%O A008589 0,2\n")
    monkeypatch.setenv("PATH", str(tmp_path))
    found = evidence.extend_entry(
        "A008589", evidence.Request(100, 700), INDEX, SeqFiles(tmp_path), gp.Limits()
    )
    assert found.failure == gp.NOT_RUN
    assert "install PARI/GP (gp) to run their programs" in evidence.summary({"A008589": found})


def test_a_failed_extension_is_named_in_the_relation():
    terms = [(n + isqrt(5 * n * n)) // 2 for n in range(500)]
    comparison = evidence.compare(INDEX, terms, LIBRARY)
    failed = {"A000201": gp.Extension("a(n)=...", failure="stopped after 60 s")}
    verdict = {v.anumber: v for v in evidence.verdicts(comparison, terms, 0, failed)}["A000201"]
    assert verdict.evidence == vocabulary.LISTED
    assert verdict.text.endswith(
        "n = 1 .. 68, the terms the entry lists; not compared past them (extending it failed: "
        "stopped after 60 s)"
    )


def test_a_b_file_extends_an_entry_without_running_anything(tmp_path):
    folder = tmp_path / "seq" / "A008"
    folder.mkdir(parents=True)
    (folder / "A008589.seq").write_text("%I A008589\n%O A008589 0,2\n")
    (folder / "b008589.txt").write_text("".join(f"{n} {7 * n}\n" for n in range(200)))
    library = SeqFiles(tmp_path)
    found = evidence.extend_entry("A008589", evidence.Request(100, 0), INDEX, library, gp.Limits())
    assert found.source == gp.BFILE and found.terms == tuple(7 * n for n in range(200))


def test_each_entry_is_extended_as_far_as_its_longest_match_needs():
    short, long = [7 * n for n in range(100)], [7 * n for n in range(300)]
    compared = [(evidence.compare(INDEX, t, LIBRARY), t) for t in (short, long)]
    assert evidence.requests(compared)["A008589"] == evidence.Request(300, 7 * 299)


def test_an_entry_whose_name_defines_it_is_extended_by_its_name():
    record = families.resolve_sequence("connell-k10-u0")
    terms = record.listed(record.offset, 500)
    verdict = judged(terms, record.offset)["A160542"]  # "Not divisible by 11"
    assert (verdict.kind, verdict.evidence) == (vocabulary.NEAR_MISS, vocabulary.CONTRADICTED)
    assert terms[verdict.verified_up_to + 1] % 11 == 0  # ours is a multiple of 11 there
    assert verdict.text.endswith("by the entry's name")


def test_fraenkel_a3_b_is_a001956_by_definition_compared_on_the_listed_terms():
    """An entry with no program past its listing, proven by its own definition: one
    sentence says both, and nothing of "nothing known" or of a shift."""
    record = families.resolve_sequence("fraenkel-a3-b")
    terms = record.listed(record.offset, 400)
    verdict = judged(terms, record.offset, beatty.of_terms(record.terms))["A001956"]
    assert verdict.evidence == vocabulary.PROVEN
    assert verdict.text == (
        "a(n) = A001956(n) for n >= 1, proven (A001956 is floor(n*((5+sqrt(13))/2)) by "
        "definition; ours is floor(n*((5 + sqrt(13))/2))) and compared on n = 1 .. 58, the "
        "terms the entry lists"
    )
    assert (verdict.fields.index_offset, verdict.fields.index_from) == (0, 1)
