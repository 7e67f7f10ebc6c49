"""The catalog: one record per sequence, game and family.

Everything downstream (database, exports, site, command line) reads these
records; none of them invents a name, formula or ID.  ``resolve_sequence`` and
``resolve_game`` accept any valid ID, not only those of a built range;
``build`` lists every record for a set of parameter ranges.

>>> resolve_sequence("connell-k3-u1").terms(0, 6).tolist()
[0, 1, 3, 4, 5, 6]
>>> resolve_game("larsson-modulo-m2-p2-l0").solved
False
>>> resolve_sequence("connell-k3-u3")
Traceback (most recent call last):
...
wythoff.families.CatalogError: connell-k3-u3: i must be an integer with 0 <= i < k = 3 (got 3)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from wythoff.families import keywords
from wythoff.families.base import Family
from wythoff.families.papers import PAPERS as _SHARED_PAPERS
from wythoff.families.papers import Paper
from wythoff.families.records import FamilyRecord, GameRecord, SequenceRecord
from wythoff.families.registry import FAMILIES

if TYPE_CHECKING:
    from wythoff.families.evidence import Relation, Terms
    from wythoff.families.programs import Programs

__all__ = [
    "DEFAULT_RANGES",
    "FAMILIES",
    "PAPERS",
    "Catalog",
    "CatalogError",
    "Family",
    "FamilyRecord",
    "GameRecord",
    "Paper",
    "SequenceRecord",
    "build",
    "examples",
    "numeration_games",
    "oeis_keywords",
    "programs_for",
    "relations",
    "resolve_game",
    "resolve_sequence",
]

Record = TypeVar("Record", SequenceRecord, GameRecord)


DEFAULT_RANGES: dict[str, dict[str, tuple[int, int]]]
"""Every registered family with the parameter ranges its module declares."""

PAPERS: dict[str, Paper]
"""The papers cited: those several families share, and those a family module declares."""


def examples(kind: str) -> list[str]:
    """The first example ID of each family, in the registry's order: ``kind`` is
    ``"sequence"`` or ``"game"`` (each family module declares its own)."""
    if kind not in ("sequence", "game"):
        raise ValueError(f"no IDs of kind {kind!r}")
    shown = (getattr(family, f"{kind}_examples") for family in FAMILIES.values())
    return [listed[0] for listed in shown if listed]


def _default_ranges() -> dict[str, dict[str, tuple[int, int]]]:
    return {key: dict(family.default_ranges) for key, family in FAMILIES.items()}


def __getattr__(name: str) -> object:
    """``DEFAULT_RANGES`` and ``PAPERS``, made on first use: they import every family's
    module, which resolving one ID does not need."""
    if name == "DEFAULT_RANGES":
        value: object = _default_ranges()
    elif name == "PAPERS":
        declared = {paper.key: paper for family in FAMILIES.values() for paper in family.papers}
        value = {**_SHARED_PAPERS, **declared}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


class CatalogError(ValueError):
    """An ID that names nothing, or names something with invalid parameters."""


class Catalog(NamedTuple):
    """Every record for one choice of parameter ranges, in a fixed order."""

    families: dict[str, FamilyRecord]
    sequences: dict[str, SequenceRecord]
    games: dict[str, GameRecord]
    ranges: Mapping[str, Mapping[str, tuple[int, int]]]


def build(ranges: Mapping[str, Mapping[str, tuple[int, int]]] | None = None) -> Catalog:
    """The records of the families named in ``ranges`` (``{family: {param: (low, high)}}``;
    by default :data:`DEFAULT_RANGES`)."""
    if ranges is None:
        ranges = _default_ranges()
    sequences: dict[str, SequenceRecord] = {}
    games: dict[str, GameRecord] = {}
    families = {}
    for key, family_ranges in ranges.items():
        entry = _entry(key)
        families[key] = entry.family
        for params in entry.parameter_sets(family_ranges):
            for sequence in entry.sequences(**params):
                sequences.setdefault(sequence.id, sequence)
            for game in entry.games(**params):
                games.setdefault(game.id, game)
    return Catalog(families, sequences, games, ranges)


def resolve_sequence(sequence_id: str) -> SequenceRecord:
    """The record of any valid sequence ID."""
    lookups = [entry.sequence for entry in FAMILIES.owning(sequence_id)]
    return _resolve(sequence_id, lookups, "sequence")


def resolve_game(game_id: str) -> GameRecord:
    """The record of any valid game ID."""
    lookups = [entry.game for entry in FAMILIES.owning(game_id)]
    return _resolve(game_id, lookups, "game")


def _resolve(
    identifier: str, lookups: Iterable[Callable[[str], Record | None]], kind: str
) -> Record:
    """The first family's answer for ``identifier``; a one-line error for a bad ID."""
    for lookup in lookups:
        try:
            record = lookup(identifier)
        except ValueError as error:
            raise CatalogError(f"{identifier}: {error}") from None
        if record is not None:
            return record
    shown = ", ".join(examples(kind))
    raise CatalogError(f"unknown {kind} ID {identifier!r}; {kind} IDs look like {shown}")


def _entry(key: str) -> Family:
    if key not in FAMILIES:
        raise CatalogError(f"unknown family {key!r}; families are {', '.join(FAMILIES)}")
    return FAMILIES[key]


def relations(catalog: Catalog, terms: Terms) -> list[Relation]:
    """Every relation between built sequences, checked, family by family.

    Every family's module states its relations (:meth:`Family.relations`): the
    complementary partners of its theorems, and its identities with other families
    (Fraenkel's ``a = 1`` and Connell's ``k = 1`` are Wythoff's, Larsson with
    ``p = 1`` is Fraenkel with ``a = m``, ...).  A relation is recorded only when
    both sides are built, with the range it was checked on, and every one of them
    is also a verification of the build."""
    found: list[Relation] = []
    for key in catalog.families:
        found.extend(FAMILIES[key].relations(catalog, terms))
    return found


def numeration_games(catalog: Catalog) -> dict[int, GameRecord]:
    """Each base ``a`` of Fraenkel's numeration systems that a game of ``catalog``
    is described by (:meth:`Family.numeration_base`), with the first such game in
    catalog order: the build tabulates each base once, for that game.

    >>> {a: g.id for a, g in numeration_games(build({"fraenkel": {"a": (1, 2)}})).items()}
    {1: 'fraenkel-a1', 2: 'fraenkel-a2'}
    """
    found: dict[int, GameRecord] = {}
    for game in catalog.games.values():
        a = FAMILIES[game.family].numeration_base(game)
        if a is not None:
            found.setdefault(a, game)
    return dict(sorted(found.items()))


def programs_for(record: SequenceRecord) -> Programs | None:
    """The programs the family module of ``record`` declares for it."""
    return FAMILIES[record.family].programs(record)


def oeis_keywords(record: SequenceRecord, terms: Iterable[int]) -> tuple[str, ...]:
    """The OEIS keywords of ``record``, whose first terms are ``terms``: those its
    catalog keywords imply and those its family module adds (see :mod:`keywords`).

    >>> oeis_keywords(resolve_sequence("wythoff-a"), [0, 1, 3])
    ('nonn', 'easy', 'nice')
    """
    family = FAMILIES.get(record.family)
    extra = family.oeis_keywords(record) if family is not None else ()
    return keywords.oeis_keywords(record, terms, extra)
