"""What a relation with an OEIS entry rests on, past the few terms the entry lists.

:class:`~wythoff.oeis.index.OeisIndex` finds the entries whose listed terms equal
ours (a :class:`Match`) or agree for a while and then differ (a :class:`NearMiss`).
A match on 55 listed terms says nothing of the 10,000 terms we store, so each
matched entry is extended, once, by its b-file or its own PARI program
(:mod:`wythoff.oeis.gp`), and compared with every term we have.  A
:class:`Verdict` then says exactly what is known, and never more:

* equal on every term compared: "a(n) = A008589(n) for n >= 0, compared on n = 0 .. 9999
  (n = 0 .. 54 listed in the entry, the rest from the entry's PARI program); not proven"
  (evidence ``compared``);
* different past the listing: "near miss: a(n) = A008589(n) for n = 0 .. 60, then
  a(61) = 428 but A008589(61) = 427 by the entry's PARI program" (kind ``near miss``,
  evidence ``contradicted``);
* no way to extend it: "..., compared on n = 0 .. 54, the terms the entry lists; not
  compared past them (the entry has no PARI program)" (evidence ``listed``);
* the entry's own definition is our formula: "..., proven (A000201 is floor(n*phi) by
  definition; ours is ...) and compared on ..." (evidence ``proven``).

Each verdict holds its evidence as fields (:class:`~wythoff.db.evidence.Evidence`), and
its sentence is theirs (:func:`~wythoff.db.evidence.sentence`).

:func:`judge_all` runs the whole comparison: :func:`compare` (the index's matches
and near misses of one sequence), :func:`requests` and :func:`extend_entries` (each
entry extended once, as far as the sequences that match it need, in parallel),
then :func:`verdicts`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import TypeVar

from wythoff.db import vocabulary
from wythoff.db.evidence import Evidence, sentence
from wythoff.db.rows import Crossref
from wythoff.oeis import beatty, gp, stored
from wythoff.oeis.index import OeisIndex, Terms
from wythoff.oeis.relations import Match, NearMiss
from wythoff.oeis.seqfiles import SeqFiles

Form = tuple[beatty.Number, beatty.Number]
"""A Beatty sequence ``floor(slope*n + intercept)``: ``(slope, intercept)``."""


@dataclass(frozen=True)
class Verdict:
    """A relation with an OEIS entry as stored: ``kind`` (match or near miss), the
    evidence as fields (:class:`~wythoff.db.evidence.Evidence`, whose
    :func:`~wythoff.db.evidence.sentence` is ``text``), the shift of the two lists and
    our last index compared."""

    anumber: str
    name: str
    kind: str
    fields: Evidence
    shift: int
    verified_up_to: int

    @property
    def evidence(self) -> str:
        return self.fields.evidence

    @property
    def text(self) -> str:
        return sentence(self.fields)

    def crossref(self, sequence_id: str) -> Crossref:
        """The verdict as the cross-reference of our sequence ``sequence_id`` that the
        build stores (the entry's name as its note)."""
        return Crossref(
            sequence_id, self.kind, self.fields, self.shift, self.verified_up_to, self.name
        )


@dataclass(frozen=True)
class Comparison:
    """One sequence against the index: the entries it matches and those it nearly does."""

    matches: tuple[Match, ...]
    near_misses: tuple[NearMiss, ...]


@dataclass(frozen=True)
class Request:
    """How far an entry must be extended: ``count`` terms from its first, and the
    largest value a membership program is asked about."""

    count: int
    bound: int

    def covering(self, other: Request) -> Request:
        return Request(max(self.count, other.count), max(self.bound, other.bound))


def compare(index: OeisIndex, terms: Terms, library: SeqFiles | None = None) -> Comparison:
    """The entries ``terms`` match and nearly match (a near miss only where no shift
    matches); entries' offsets unknown to the index are taken from ``library``."""
    matches = index.matches(terms)
    matched = {m.anumber for m in matches}
    misses = [m for m in index.near_misses(terms) if m.anumber not in matched]
    if library is not None:
        matches = [_with_offset(m, library) for m in matches]
        misses = [_with_offset(m, library) for m in misses]
    return Comparison(tuple(matches), tuple(misses))


_Found = TypeVar("_Found", Match, NearMiss)


def _with_offset(found: _Found, library: SeqFiles) -> _Found:
    if found.oeis_offset is not None:
        return found
    return replace(found, oeis_offset=library.offset(found.anumber))


def requests(
    comparisons: Iterable[tuple[Comparison, Terms]], wanted: dict[str, Request] | None = None
) -> dict[str, Request]:
    """Each matched entry's extension, covering every sequence that matches it (added
    to the requests ``wanted`` of other sequences, if given: a build compares its
    sequences a block at a time)."""
    wanted = {} if wanted is None else wanted
    for comparison, terms in comparisons:
        for match in comparison.matches:
            ours = terms[max(match.shift, 0) :]
            need = Request(len(terms) - match.shift, int(max(ours)) if len(ours) else 0)
            present = wanted.get(match.anumber)
            wanted[match.anumber] = need if present is None else present.covering(need)
    return wanted


def extend_entries(
    wanted: Mapping[str, Request],
    index: OeisIndex,
    library: SeqFiles,
    limits: gp.Limits,
    workers: int = 2,
) -> dict[str, gp.Extension]:
    """Each entry of ``wanted`` extended once, by its b-file or its PARI program;
    programs run ``workers`` at a time (each in its own ``gp`` process)."""
    with ThreadPoolExecutor(max(workers, 1)) as pool:
        done = pool.map(
            lambda anumber: extend_entry(anumber, wanted[anumber], index, library, limits),
            sorted(wanted),
        )
        return dict(zip(sorted(wanted), done, strict=True))


def extend_entry(
    anumber: str, request: Request, index: OeisIndex, library: SeqFiles, limits: gp.Limits
) -> gp.Extension:
    """The entry's terms past its listing.  A shipped entry's are data of the package
    (:mod:`wythoff.oeis.stored`), the same on every machine; an entry of a user's
    ``oeis_dir`` is extended by its b-file when it has one that reproduces the
    listing, else by its PARI program; or why there are none."""
    if library.shipped:
        return stored.combine(anumber, stored.load().get(anumber, ()))
    listed = index.terms(anumber)
    offset = library.offset(anumber)
    if offset is None:
        offset = index.offset(anumber)
    if offset is None:
        return gp.Extension("", failure=f"no %O line for {anumber} in {library.describe()}")
    if (bfile := from_bfile(anumber, listed, offset, library)) is not None:
        return bfile
    programs = library.pari_programs(anumber)
    if programs and not gp.available():
        return gp.Extension("", failure=gp.NOT_RUN)
    return gp.extend(programs, listed, offset, request.count, request.bound, limits)


def from_bfile(
    anumber: str, listed: Sequence[int], offset: int, library: SeqFiles
) -> gp.Extension | None:
    """The entry's terms from its b-file, when it has one that reproduces the listing
    and goes past it."""
    bfile = library.bfile(anumber)
    if not bfile:
        return None
    values = [bfile[n] for n in range(offset, offset + len(bfile)) if n in bfile]
    aligned = gp.align(values, listed)
    if aligned is not None and len(aligned) > len(listed):
        return gp.Extension("", aligned, source=gp.BFILE)
    return None


def judge_all(
    sequences: Mapping[str, tuple[Terms, int]],
    index: OeisIndex,
    library: SeqFiles,
    limits: gp.Limits,
    workers: int = 2,
    forms: Mapping[str, Form] | None = None,
) -> tuple[dict[str, list[Verdict]], dict[str, gp.Extension]]:
    """Every sequence (``id -> (terms, offset)``) against OEIS: its matches and near
    misses, the matched entries extended once each as far as any sequence needs,
    and the verdicts by sequence; with the extensions, failures included.  ``forms``
    gives the Beatty form ``floor(slope*n + intercept)`` of the sequences that have one,
    to prove the matches an entry's own definition makes identities."""
    compared = {i: compare(index, terms, library) for i, (terms, _) in sequences.items()}
    wanted = requests((compared[i], terms) for i, (terms, _) in sequences.items())
    extensions = extend_entries(wanted, index, library, limits, workers)
    judged = {
        i: verdicts(compared[i], terms, offset, extensions, (forms or {}).get(i), index.name)
        for i, (terms, offset) in sequences.items()
    }
    return judged, extensions


def verdicts(
    comparison: Comparison,
    terms: Terms,
    offset: int,
    extensions: Mapping[str, gp.Extension],
    form: Form | None = None,
    names: Callable[[str], str] | None = None,
) -> list[Verdict]:
    """What is known of each entry ``terms`` (our ``a(offset)``, ...) was compared with:
    matches judged on their extension (and proven where the entry's definition and
    our ``form`` make them one), then the near misses of the listed terms."""
    ours = [operator.index(t) for t in terms]
    judged = [
        proven(judge(m, ours, offset, extensions.get(m.anumber)), m, len(ours), offset, form, names)
        for m in comparison.matches
    ]
    judged += [_listed_near_miss(miss, offset) for miss in comparison.near_misses]
    return judged


def judge(
    match: Match, ours: Sequence[int], offset: int, extension: gp.Extension | None
) -> Verdict:
    """A match on the listed terms, judged on every term the extension reaches."""
    if extension is None or extension.failure is not None or not extension.terms:
        return _listed_only(match, offset, extension)
    theirs = extension.terms
    first = max(0, -match.shift)
    stop = min(len(theirs), len(ours) - match.shift)
    source = _source(extension)
    listed = _listed_fields(match, offset)
    for j in range(first, stop):
        if theirs[j] != ours[j + match.shift]:
            n = offset + j + match.shift
            fields = replace(
                listed,
                evidence=vocabulary.CONTRADICTED,
                compared_by=source,
                differs_at=n,
                differs_ours=str(ours[j + match.shift]),
                differs_theirs=str(theirs[j]),
            )
            return Verdict(
                match.anumber, match.name, vocabulary.NEAR_MISS, fields, match.shift, n - 1
            )
    high = offset + stop - 1 + match.shift
    fields = replace(listed, evidence=vocabulary.COMPARED, compared_to=high, compared_by=source)
    return Verdict(match.anumber, match.name, vocabulary.MATCH, fields, match.shift, high)


def _listed_fields(match: Match, offset: int) -> Evidence:
    """The evidence of the entry's listed terms equal to ours: our indices they cover,
    and the index relation when the entry's offset is known."""
    low = offset + max(match.shift, 0)
    k = None if match.oeis_offset is None else match.oeis_offset - offset - match.shift
    return Evidence(
        vocabulary.LISTED,
        match.anumber,
        index_offset=k,
        index_from=low,
        listed_from=low,
        listed_to=low + match.common - 1,
    )


def proven(
    verdict: Verdict,
    match: Match,
    count: int,
    offset: int,
    form: Form | None,
    names: Callable[[str], str] | None = None,
) -> Verdict:
    """The verdict on a match made ``proven`` when the entry's name defines it as
    ``floor(alpha*n + beta)`` (or as the complement of an entry so defined, whose name
    ``names`` gives) and our ``form`` is the same Beatty sequence, in the indices of the
    match; unchanged otherwise (and always when terms contradict it)."""
    if form is None or match.oeis_offset is None or verdict.evidence == vocabulary.CONTRADICTED:
        return verdict
    k = match.oeis_offset - offset - match.shift
    reason = beatty.proof(match.anumber, match.name, form, k, match.oeis_offset, names)
    if reason is None:
        return verdict
    return replace(
        verdict,
        fields=replace(verdict.fields, evidence=vocabulary.PROVEN, proof=reason),
        verified_up_to=offset + count - 1,
    )


def _listed_only(match: Match, offset: int, extension: gp.Extension | None) -> Verdict:
    if extension is None:
        reason = "nothing beyond them was asked of the entry"
    elif extension.failure in (gp.NO_PROGRAM, stored.NO_SOURCE):
        reason = str(extension.failure)
    else:
        reason = f"extending it failed: {extension.failure}"
    fields = replace(_listed_fields(match, offset), not_extended=reason)
    return Verdict(
        match.anumber,
        match.name,
        vocabulary.MATCH,
        fields,
        match.shift,
        offset + match.shift + match.common - 1,
    )


def _listed_near_miss(miss: NearMiss, offset: int) -> Verdict:
    n = offset + miss.difference + miss.shift  # our first index that differs
    k = None if miss.oeis_offset is None else miss.oeis_offset - offset - miss.shift
    fields = Evidence(
        vocabulary.CONTRADICTED,
        miss.anumber,
        index_offset=k,
        listed_from=n - miss.agreed,
        listed_to=n - 1,
        differs_at=n,
        differs_ours=str(miss.ours),
        differs_theirs=str(miss.theirs),
    )
    return Verdict(
        miss.anumber,
        miss.name,
        vocabulary.NEAR_MISS,
        fields,
        miss.shift,
        offset + miss.last_agreeing,
    )


def summary(extensions: Mapping[str, gp.Extension], evidence: Iterable[str] = ()) -> str:
    """One line on the OEIS relations (how many of each kind of ``evidence``) and on
    how the matched entries were extended: by which source, and what failed.

    >>> line = summary({"A1": gp.Extension("a(n)=n", (0, 1, 2)),
    ...                 "A2": gp.Extension("", failure="x"),
    ...                 "A3": gp.Extension("", failure=gp.NO_PROGRAM),
    ...                 "A4": gp.Extension("", (0, 1), source=gp.PYTHON, note="... differ at ...")},
    ...                ["proven", "listed", "listed"])
    >>> for part in line.split("; "):
    ...     print(part)
    OEIS: 3 relations (1 proven, 0 compared, 0 contradicted, 2 listed)
    4 matched entries, 2 extended (1 by PARI program, 1 by Python program), up to 3 terms
    1 with no program
    1 whose sources disagree (see the table oeis_extensions)
    1 whose programs gave no terms (see the table oeis_extensions)
    """
    said = list(evidence)
    counts = ", ".join(f"{said.count(word)} {word}" for word in _EVIDENCE_ORDER)
    done = [e for e in extensions.values() if e.failure is None]
    sources: dict[str, int] = {}
    for extension in done:
        sources[extension.source] = sources.get(extension.source, 0) + 1
    by = ", ".join(f"{n} by {source}" for source, n in sorted(sources.items()))
    without = sum(e.failure in (gp.NO_PROGRAM, stored.NO_SOURCE) for e in extensions.values())
    not_run = sum(e.failure == gp.NOT_RUN for e in extensions.values())
    failed = len(extensions) - len(done) - without - not_run
    disagree = sum(" differ at " in e.note for e in done)
    longest = max((len(e.terms) for e in done), default=0)
    parts = [
        f"OEIS: {len(said)} relations ({counts})",
        f"{len(extensions)} matched entries, {len(done)} extended ({by or 'none'}), "
        f"up to {longest:,} terms",
        f"{without} with no program",
    ]
    if disagree:
        parts.append(f"{disagree} whose sources disagree (see the table oeis_extensions)")
    if not_run:
        parts.append(f"{not_run} not extended: install PARI/GP (gp) to run their programs")
    if failed:
        parts.append(f"{failed} whose programs gave no terms (see the table oeis_extensions)")
    return "; ".join(parts)


_EVIDENCE_ORDER = (
    vocabulary.PROVEN,
    vocabulary.COMPARED,
    vocabulary.CONTRADICTED,
    vocabulary.LISTED,
)


def _source(extension: gp.Extension) -> str:
    return f"the entry's {extension.source}"
