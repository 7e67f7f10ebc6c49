"""A sequence's entry in OEIS's internal format (https://oeis.org/eishelp1.html).

Each line is ``%x ID text``: ``%I`` identification, ``%S %T %U`` the first
terms, ``%N`` name, ``%C`` comments, ``%D`` references, ``%H`` links, ``%F``
formulas, ``%o`` programs, ``%Y`` cross-references, ``%K`` keywords, ``%O``
offsets, ``%A`` author; in that order, as OEIS writes them.  The ID slot holds
our stable ID: the entry is ours, and the A-numbers it agrees with are named in
its comments and cross-references, each with what the agreement rests on.

The terms are laid out as in OEIS's entries: ``%S`` and ``%T`` lines of at most
:data:`DATA_WIDTH` characters, terms and commas, each ending with a comma, and a
last ``%U`` line of the same width without one (the shipped ``.seq`` files of
``resources/oeis`` follow this rule for their ``%S`` and ``%T`` lines).

>>> print("\\n".join(data_lines(range(0, 400, 7))))
0,7,14,21,28,35,42,49,56,63,70,77,84,91,98,105,112,119,126,133,140,
147,154,161,168,175,182,189,196,203,210,217,224,231,238,245,252,259,
266,273,280,287,294,301,308,315,322,329,336,343,350,357,364,371,378
>>> offsets(0, [0, 1, 3, 4])
'0,3'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from wythoff import __version__, families
from wythoff.db import vocabulary
from wythoff.families import oeis_keywords, programs_for

DATA_WIDTH = 69
"""Characters in a ``%S``, ``%T`` or ``%U`` line: terms and their commas."""
DATA_TAGS = ("S", "T", "U")
DRAFT_ANUMBER = "A000000"
"""The ID slot of a draft: OEIS gives the A-number when the entry is accepted."""
PROGRAM_LANGUAGES = (("PARI", "pari"), ("Python", "python"))


def data_lines(terms: Iterable[int], width: int = DATA_WIDTH) -> list[str]:
    """The first terms, as the texts of OEIS's ``%S``, ``%T`` and ``%U`` lines.

    A line takes terms while it stays within ``width`` characters counting a comma
    after each term; the last line drops its final comma.  A term too long for any
    line stands alone on one.
    """
    lines: list[str] = []
    line = ""
    for term in terms:
        text = f"{term},"
        if line and len(line) + len(text) > width:
            lines.append(line)
            if len(lines) == len(DATA_TAGS):
                break
            line = ""
        line += text
    else:
        if line:
            lines.append(line)
    if lines:
        lines[-1] = lines[-1].rstrip(",")
    return lines


def offsets(offset: int, terms: Sequence[int]) -> str:
    """OEIS's ``%O`` line: the offset, and the position (1-based, in the listed terms)
    of the first term greater than 1 in absolute value, 1 if there is none."""
    position = next((i + 1 for i, t in enumerate(terms) if abs(t) > 1), 1)
    return f"{offset},{position}"


@dataclass(frozen=True)
class Entry:
    """What an entry says, field by field; :meth:`lines` writes it."""

    identifier: str
    offset: int
    terms: tuple[int, ...]
    name: str
    comments: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    formulas: tuple[str, ...] = ()
    programs: tuple[tuple[str, str], ...] = ()  # (language, code)
    crossrefs: tuple[str, ...] = ()
    local: tuple[str, ...] = ()  # %Y lines naming this database's IDs
    keywords: tuple[str, ...] = ()
    author: str = ""

    def lines(self) -> list[str]:
        shown = data_lines(self.terms)
        count = sum(text.count(",") for text in shown) + 1 if shown else 0
        fields: list[tuple[str, str]] = [("I", "")]
        fields += list(zip(DATA_TAGS, shown, strict=False))
        fields.append(("N", self.name))
        fields += [("C", c) for c in self.comments]
        fields += [("D", d) for d in self.references]
        fields += [("H", h) for h in self.links]
        fields += [("F", f) for f in self.formulas]
        for language, code in self.programs:
            fields += [("o", line) for line in _program_lines(language, code)]
        fields += [("Y", y) for y in (*self.crossrefs, *self.local)]
        fields.append(("K", ",".join(self.keywords)))
        fields.append(("O", offsets(self.offset, self.terms[:count])))
        fields.append(("A", self.author))
        return [f"%{tag} {self.identifier} {_ascii(text)}".rstrip() for tag, text in fields]

    def text(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def draft(self) -> Entry:
        """The entry as OEIS's submission form takes it: :data:`DRAFT_ANUMBER` in the
        ID slot, and none of the lines that name this database's own IDs."""
        return replace(self, identifier=DRAFT_ANUMBER, local=())


def _ascii(text: str) -> str:
    """OEIS's entries are ASCII: accents dropped (``misère`` -> ``misere``).

    >>> _ascii("Misère Wythoff")
    'Misere Wythoff'
    """
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _program_lines(language: str, code: str) -> list[str]:
    """``(PARI) first line`` and the rest verbatim, blank lines left out; a Python
    program starts on the line after ``(Python)``, as in OEIS's entries."""
    body = [line for line in code.splitlines() if line.strip()]
    if language == "Python":
        return ["(Python)", *body]
    return [f"({language}) {body[0]}", *body[1:]]


@dataclass(frozen=True)
class Reference:
    """The paper an entry cites (its ``%D`` line) and credits (its ``%A`` line)."""

    authors: str
    title: str
    venue: str
    year: int

    def line(self) -> str:
        return f"{self.authors}, {self.title}, {self.venue} ({self.year})."


LANDMAN = (
    "H. Landman, A simple FSM-based proof of the additive periodicity of the Sprague-Grundy "
    "function of Wythoff's game, in More Games of No Chance, MSRI Publications 42 (2002)."
)
"""The reference of the proofs of the rows' additive periods."""


@dataclass(frozen=True)
class SequenceFacts:
    """What an entry says of a sequence beyond its terms and the entries it agrees
    with: from a catalog record (:meth:`from_record`, for ``wythoff oeis``) or from a
    built database's rows (the site, :mod:`wythoff.website.documents`), so that the
    two write the same entry for the same build.

    ``game`` is the name and the P-positions in words of the game the sequence
    belongs to; ``programs`` are ``(language, code)`` in :data:`PROGRAM_LANGUAGES`'
    order; ``keywords`` are OEIS's; ``version`` is the package's that built it.
    """

    id: str
    name: str
    offset: int
    formula: str
    growth: str
    summary: str  # the family's
    paper: Reference
    game: tuple[str, str] | None = None
    programs: tuple[tuple[str, str], ...] = ()
    keywords: tuple[str, ...] = ()
    version: str = __version__
    period: str = ""  # a Sprague-Grundy row's additive period in words, with its evidence
    period_reference: str = ""  # the paper the period's proof rests on

    def with_period(
        self, preperiod: int, period: int, increment: int, sentence: str, proven: bool
    ) -> SequenceFacts:
        """These facts and a Sprague-Grundy row's additive period: a formula line
        saying it and what it rests on (``sentence``), and Landman's paper among the
        references when it is proven."""
        line = f"a(n+{period}) = a(n) + {increment} for n >= {preperiod}: {sentence}."
        return replace(self, period=line, period_reference=LANDMAN if proven else "")

    @classmethod
    def from_record(cls, record: families.SequenceRecord, terms: Sequence[int]) -> SequenceFacts:
        """The facts of the catalog's ``record``, whose first terms are ``terms``."""
        paper = families.PAPERS[record.paper]
        game = None
        if record.game is not None:
            found = families.resolve_game(record.game)
            game = (found.name, found.p_positions)
        code = programs_for(record)
        return cls(
            id=record.id,
            name=record.name,
            offset=record.offset,
            formula=record.formula,
            growth=record.growth,
            summary=families.FAMILIES[record.family].family.summary,
            paper=Reference(paper.authors, paper.title, paper.venue, paper.year),
            game=game,
            programs=tuple(
                (language, getattr(code, attribute)) for language, attribute in PROGRAM_LANGUAGES
            )
            if code is not None
            else (),
            keywords=oeis_keywords(record, terms),
            version=__version__,
        )


def sequence_entry(
    facts: SequenceFacts,
    terms: Sequence[int],
    agreements: Sequence[tuple[str, str]],
    related: Mapping[str, Sequence[str]],
    page_url: str | None,
    bfile_url: str | None,
    last_index: int | None = None,
) -> Entry:
    """The entry of the sequence ``facts`` describe, whose first terms are ``terms``.

    ``agreements`` are ``(A-number, what was checked)`` for the OEIS entries the
    sequence agrees with; ``related`` maps each related sequence of the database to
    the A-numbers it agrees with; ``page_url`` and ``bfile_url`` are where the
    site publishes its page and its b-file (``None`` before the site has an address:
    no link then), and ``last_index`` the last index of the b-file, when known.
    """
    paper = facts.paper
    comments = [facts.summary]
    if facts.game is not None:
        name, p_positions = facts.game
        comments.append(f"The P-positions of {name}: {p_positions}")
    comments += [f"Compared with {anumber}: {text}." for anumber, text in sorted(agreements)]
    table = (
        f"Table of n, a(n) for n = {facts.offset}..{last_index}"
        if last_index is not None
        else "Table of n, a(n)"
    )
    return Entry(
        identifier=facts.id,
        offset=facts.offset,
        terms=tuple(int(t) for t in terms),
        name=facts.name,
        comments=tuple(comments),
        references=(paper.line(), *((facts.period_reference,) if facts.period_reference else ())),
        links=tuple(
            f'Wythoff sequences, <a href="{url}">{text}</a>'
            for url, text in ((bfile_url, table), (page_url, facts.id))
            if url is not None
        ),
        formulas=((facts.formula,) if facts.growth != vocabulary.BOARD else ())
        + ((facts.period,) if facts.period else ()),
        programs=facts.programs,
        crossrefs=_crossrefs(agreements, related),
        local=_local_crossrefs(related),
        keywords=facts.keywords,
        author=(
            f"Wythoff sequences, version {facts.version}, after {paper.authors} ({paper.year})"
        ),
    )


def _crossrefs(
    agreements: Sequence[tuple[str, str]], related: Mapping[str, Sequence[str]]
) -> tuple[str, ...]:
    """``Cf.`` the A-numbers of the sequence and of its relatives, each once."""
    anumbers = sorted({a for a, _ in agreements} | {a for found in related.values() for a in found})
    return (f"Cf. {', '.join(anumbers)}.",) if anumbers else ()


def _local_crossrefs(related: Mapping[str, Sequence[str]]) -> tuple[str, ...]:
    """The relatives by their IDs in this database (their A-numbers are in ``Cf.``)."""
    return (f"In this database: {', '.join(related)}.",) if related else ()
