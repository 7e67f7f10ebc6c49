"""Which OEIS entries each of our sequences equals, by comparing terms.

OEIS publishes two bulk files (https://oeis.org/stripped.gz and
https://oeis.org/names.gz, CC BY-SA 4.0): ``stripped`` lists every entry's
terms, one line ``A000201 ,1,3,4,6,8,...,`` per entry, and ``names`` its name,
one line ``A000201 Lower Wythoff sequence ...``; lines starting with ``#`` are
comments.  Both may be gzip-compressed.  An excerpt of both (the entries of the
Wythoff-game family and their neighbours) ships with the package, so that a
build without downloads still links the classical sequences; pass the full
files for the whole encyclopedia.

Why the comparison is careful
-----------------------------
``stripped`` carries no offsets, and OEIS often starts a sequence one term
later or earlier than we do (A000201 omits the lower Wythoff sequence's
``a(0) = 0``; A001333 repeats a leading 1 our convergent numerators do not
have).  So a match may *shift* the two lists against each other, by at most
``max_shift`` places; see :class:`Match` for the exact convention.  And many
different sequences share their first terms (A184480 equals A001955 for 42
terms, then differs), so a match must hold on *every* term both lists have.

How it stays fast on the full files (~400,000 entries)
------------------------------------------------------
Each entry with at least :data:`WINDOW` terms is indexed once, by the hash of a
window of :data:`WINDOW` consecutive terms starting at its term number
``anchor`` (``anchor`` = the ``max_shift`` given to :meth:`OeisIndex.load`,
3 by default; earlier for entries too short for that).  A query looks up the
windows its own terms would put there for each shift, a few dozen dictionary
look-ups, and only the entries found are compared term by term.  Terms are kept
as the file's text and parsed only for those candidates.

Examples
--------
>>> from math import isqrt
>>> index = OeisIndex.load()                       # the shipped excerpt
>>> lower = [(n + isqrt(5 * n * n)) // 2 for n in range(100)]   # floor(n phi), n >= 0
>>> {m.anumber: m.shift for m in index.matches(lower)}["A000201"]
1
>>> [m for m in index.matches(lower) if m.anumber == "A000201"][0].relation_text(offset=0)
'a(n) = A000201(n), n >= 1, on the 68 terms listed in the entry'
"""

from __future__ import annotations

import gzip
import operator
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeAlias

from wythoff import resources
from wythoff.oeis.relations import Match, NearMiss

if TYPE_CHECKING:
    import numpy as np

Terms: TypeAlias = "Sequence[int] | np.ndarray"
"""A sequence's terms: integers of any size, or a build's array of them (int64 or
Python integers)."""

__all__ = ["Match", "NearMiss", "OeisIndex", "describe_source", "normalize_anumber"]

RESOURCES = resources.OEIS
DEFAULT_STRIPPED = RESOURCES / "stripped"
"""The shipped excerpt of OEIS's ``stripped`` file (see ``resources/oeis/README.md``)."""
DEFAULT_NAMES = RESOURCES / "names"
"""The shipped excerpt of OEIS's ``names`` file."""
DEFAULT_OFFSETS = RESOURCES / "offsets"
"""The ``%O`` lines of the shipped entries: the index of each entry's first listed term."""

LICENSE = "CC BY-SA 4.0"
MIN_COMMON = 8
"""No match is accepted on fewer common terms than this, whatever ``min_common`` says."""
WINDOW = MIN_COMMON
"""Number of consecutive terms in an index key (equal to :data:`MIN_COMMON`, so every
entry that can match at all is indexed)."""
DEFAULT_MAX_SHIFT = 3
NEAR_MISS_AGREED = 20
"""A near miss agrees on at least this many leading terms before it differs."""

_ANUMBER = re.compile(r"A\d{6,}")
_GZIP_MAGIC = b"\x1f\x8b"

PathLike = str | Path


def describe_source(path: PathLike | None) -> str:
    """One line naming where OEIS data came from, for provenance records.

    ``None`` (or ``""``, the build setting's default, or the shipped file's own
    path) is the excerpt shipped with the package.

    >>> describe_source(None)
    'OEIS excerpt shipped with the package (CC BY-SA 4.0)'
    >>> describe_source("/data/stripped.gz")
    'OEIS stripped file /data/stripped.gz (CC BY-SA 4.0)'
    """
    if _is_default(path, DEFAULT_STRIPPED):
        return f"OEIS excerpt shipped with the package ({LICENSE})"
    return f"OEIS stripped file {path} ({LICENSE})"


def excerpt_date() -> str:
    """The date of the shipped excerpt, from the comment line at the top of its ``stripped``."""
    with DEFAULT_STRIPPED.open(encoding="utf-8") as handle:
        found = re.search(r"excerpt of (\d{4}-\d{2}-\d{2})", handle.readline())
    return found[1] if found else "unknown date"


def normalize_anumber(anumber: str | int) -> str:
    """``'A000201'`` from ``'A000201'``, ``'a201'`` or ``201``; ValueError otherwise.

    >>> normalize_anumber(201), normalize_anumber("a1950")
    ('A000201', 'A001950')
    """
    if isinstance(anumber, int) and not isinstance(anumber, bool):
        number = anumber
    elif isinstance(anumber, str) and re.fullmatch(r"[Aa]\d+", anumber.strip()):
        number = int(anumber.strip()[1:])
    else:
        raise ValueError(f"not an OEIS A-number: {anumber!r}")
    if number <= 0:
        raise ValueError(f"not an OEIS A-number: {anumber!r}")
    return f"A{number:06d}"


class OeisIndex:
    """OEIS entries' terms and names, indexed for matching; build with :meth:`load`.

    ``len(index)`` is the number of entries in ``stripped``; ``"A000201" in index``,
    :meth:`terms`, :meth:`name` and :meth:`anumbers` read them.  Loading the full
    files takes seconds, so load once and reuse the index for every sequence.
    """

    def __init__(self) -> None:
        self.stripped_path: Path | None = None
        self.names_path: Path | None = None
        self.anchor = DEFAULT_MAX_SHIFT
        self._ids: list[str] = []
        self._data: list[str] = []
        self._rows: dict[str, int] = {}
        self._names: dict[str, str] = {}
        self._offsets: dict[str, int] = {}
        self._longest = 0  # the most terms an entry lists
        # _buckets[p]: window hash -> row (or list of rows) of the entries keyed at term p
        self._buckets: list[dict[int, int | list[int]]] = []

    # -- loading ------------------------------------------------------------------

    @classmethod
    def load(
        cls,
        stripped: PathLike | None = None,
        names: PathLike | None = None,
        *,
        max_shift: int = DEFAULT_MAX_SHIFT,
    ) -> OeisIndex:
        """Read a ``stripped`` and a ``names`` file (plain, or gzip: ``.gz`` or sniffed).

        ``None`` (or ``""``) means the excerpt shipped with the package, for each
        file separately; names missing from ``names`` read as ``""``.
        ``max_shift`` is the largest shift the window index serves directly
        (:meth:`matches` falls back to a full scan beyond it).

        A missing file raises FileNotFoundError; a file that is not in OEIS's
        format (or a ``.gz`` that is not gzip) raises ValueError naming the path.
        """
        if max_shift < 0:
            raise ValueError("max_shift must be >= 0")
        index = cls()
        index.anchor = max_shift
        index._buckets = [{} for _ in range(max_shift + 1)]
        stripped_path = (
            Path(stripped)
            if stripped is not None and not _is_default(stripped, None)
            else DEFAULT_STRIPPED
        )
        names_path = (
            Path(names) if names is not None and not _is_default(names, None) else DEFAULT_NAMES
        )
        index.stripped_path = None if _is_default(stripped, DEFAULT_STRIPPED) else stripped_path
        index.names_path = None if _is_default(names, DEFAULT_NAMES) else names_path
        with _open_text(stripped_path) as handle:
            index._read_stripped(handle, stripped_path)
        with _open_text(names_path) as handle:
            index._read_names(handle, names_path)
        if index.stripped_path is None:  # the shipped excerpt: its entries' offsets too
            index._read_offsets(DEFAULT_OFFSETS.read_text().splitlines())
        return index

    def _read_offsets(self, lines: Iterable[str]) -> None:
        for line in lines:
            if line.startswith("%O "):
                _, anumber, numbers = line.split(" ", 2)
                self._offsets[anumber] = int(numbers.split(",")[0])

    def _read_stripped(self, lines: Iterable[str], path: Path) -> None:
        anchor = self.anchor
        try:
            for lineno, line in enumerate(lines, 1):
                if line.startswith("#") or not line.strip():
                    continue
                anumber, _, data = line.strip().partition(" ")
                data = data.strip()
                if not _ANUMBER.fullmatch(anumber) or not data.startswith(","):
                    raise ValueError(
                        f"{path}, line {lineno}: not an OEIS 'stripped' line "
                        f"('A000201 ,1,3,4,...,'): {line.strip()[:60]!r}"
                    )
                if anumber in self._rows:
                    raise ValueError(f"{path}, line {lineno}: {anumber} listed twice")
                data = data.strip(",")
                row = len(self._ids)
                self._ids.append(anumber)
                self._data.append(data)
                self._rows[anumber] = row
                length = data.count(",") + 1 if data else 0
                self._longest = max(self._longest, length)
                if length < WINDOW:
                    continue  # too short to ever match
                start = min(anchor, length - WINDOW)
                window = data.split(",", start + WINDOW)[start : start + WINDOW]
                try:
                    key = hash(tuple(int(term) for term in window))
                except ValueError:
                    raise ValueError(
                        f"{path}, line {lineno}: {anumber} has a term that is not an integer"
                    ) from None
                _add(self._buckets[start], key, row)
        except (OSError, EOFError, UnicodeDecodeError) as error:
            if isinstance(error, FileNotFoundError):
                raise
            raise ValueError(f"{path}: cannot be read as an OEIS file ({error})") from error
        if not self._ids:
            raise ValueError(f"{path}: no OEIS entries (expected lines like 'A000201 ,1,3,4,...,')")

    def _read_names(self, lines: Iterable[str], path: Path) -> None:
        try:
            for lineno, line in enumerate(lines, 1):
                if line.startswith("#") or not line.strip():
                    continue
                anumber, _, name = line.strip().partition(" ")
                name = name.strip()
                if not _ANUMBER.fullmatch(anumber) or name.startswith(","):
                    raise ValueError(
                        f"{path}, line {lineno}: not an OEIS 'names' line "
                        f"('A000201 Lower Wythoff sequence ...'): {line.strip()[:60]!r}"
                    )
                row = self._rows.get(anumber)
                # share the A-number string with the stripped rows when there is one
                self._names[self._ids[row] if row is not None else anumber] = name
        except (OSError, EOFError, UnicodeDecodeError) as error:
            if isinstance(error, FileNotFoundError):
                raise
            raise ValueError(f"{path}: cannot be read as an OEIS file ({error})") from error
        if not self._names:
            raise ValueError(f"{path}: no OEIS names (expected lines like 'A000201 Lower ...')")

    # -- reading ------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, anumber: object) -> bool:
        try:
            return normalize_anumber(anumber) in self._rows  # type: ignore[arg-type]
        except ValueError:
            return False

    def __repr__(self) -> str:
        return f"<OeisIndex {len(self)} entries from {describe_source(self.stripped_path)}>"

    def anumbers(self) -> Iterator[str]:
        """The A-numbers of ``stripped``, in file order."""
        return iter(self._ids)

    def terms(self, anumber: str | int) -> list[int]:
        """The terms OEIS lists for ``anumber`` (KeyError if it is not in ``stripped``).

        >>> OeisIndex.load().terms("A001333")[:6]
        [1, 1, 3, 7, 17, 41]
        """
        return _parse(self._data[self._row(anumber)])

    def name(self, anumber: str | int) -> str:
        """The entry's name from ``names`` ("" if ``names`` lacks it).

        >>> OeisIndex.load().name("A005206")
        'Hofstadter G-sequence: a(0) = 0; a(n) = n - a(a(n-1)) for n > 0.'
        """
        return self._names.get(normalize_anumber(anumber), "")

    def offset(self, anumber: str | int) -> int | None:
        """The entry's offset (its ``%O`` line), known for the shipped excerpt only.

        >>> OeisIndex.load().offset("A000201")
        1
        """
        return self._offsets.get(normalize_anumber(anumber))

    def describe(self) -> str:
        """:func:`describe_source` of the ``stripped`` file this index was read from."""
        return describe_source(self.stripped_path)

    def searched(self) -> str:
        """What a search in this index looks at, for "no match among ...".

        >>> OeisIndex.load().searched()  # doctest: +ELLIPSIS
        'the 137 entries of the OEIS excerpt of 20...'
        """
        if self.stripped_path is None:
            return f"the {len(self):,} entries of the OEIS excerpt of {excerpt_date()}"
        return f"the {len(self):,} entries of the OEIS file {self.stripped_path}"

    def _row(self, anumber: str | int) -> int:
        key = normalize_anumber(anumber)
        try:
            return self._rows[key]
        except KeyError:
            raise KeyError(f"{key} is not in {describe_source(self.stripped_path)}") from None

    # -- matching -----------------------------------------------------------------

    def terms_looked_at(self, max_shift: int = DEFAULT_MAX_SHIFT) -> int:
        """How many leading terms of a sequence :meth:`matches` and :meth:`near_misses`
        read at most: an entry's terms compared at the largest shift, or the windows
        of the index.  The others cannot change their answer, and are never converted
        (a build passes 10,000 terms and more a sequence)."""
        return max(self._longest, self.anchor + WINDOW) + max_shift

    def matches(
        self, terms: Terms, min_common: int = 20, max_shift: int = DEFAULT_MAX_SHIFT
    ) -> list[Match]:
        """The OEIS entries whose listed terms equal ``terms`` up to a shift.

        ``terms`` are our ``a(offset), a(offset + 1), ...`` (integers of any size).
        An entry matches with shift ``s`` (``|s| <= max_shift``; see :class:`Match`)
        when its ``j``-th term equals ``terms[j + s]`` on *every* index both lists
        have, and these common terms number at least ``min(min_common, L)``, where
        ``L`` is the entry's number of terms that fall at ``terms`` index >= 0 (its
        length, less ``-s`` leading terms when ``s < 0``), and at least
        :data:`MIN_COMMON` in any case.  So a long OEIS list must agree on
        ``min_common`` terms, a short one on all of its terms.

        An entry matching with several shifts (a constant sequence, say) is
        reported once, with the smallest ``|s|`` (then the most common terms, then
        ``s > 0``).  Matches are sorted by ``(abs(shift), anumber)``.
        """
        if min_common < 0 or max_shift < 0:
            raise ValueError("min_common and max_shift must be >= 0")
        ours = [operator.index(term) for term in terms[: self.terms_looked_at(max_shift)]]
        if len(ours) < MIN_COMMON:
            return []
        shifts = range(-max_shift, max_shift + 1)
        best: dict[int, tuple[tuple[int, int, int], Match]] = {}
        for row, candidate_shifts in self._candidates(ours, shifts).items():
            oeis = _parse(self._data[row])
            for shift in candidate_shifts:
                common = _agreement(oeis, ours, shift, min_common)
                if common is None:
                    continue
                rank = (abs(shift), -common, -shift)
                if row not in best or rank < best[row][0]:
                    anumber = self._ids[row]
                    dropped = tuple(ours[:shift]) if shift > 0 else ()
                    name = self._names.get(anumber, "")
                    first = self._offsets.get(anumber)
                    match = Match(anumber, name, shift, common, dropped, first)
                    best[row] = (rank, match)
        return sorted((m for _, m in best.values()), key=lambda m: (abs(m.shift), m.anumber))

    def near_misses(
        self,
        terms: Terms,
        min_agreed: int = NEAR_MISS_AGREED,
        max_shift: int = DEFAULT_MAX_SHIFT,
    ) -> list[NearMiss]:
        """The OEIS entries that agree with ``terms`` on at least ``min_agreed`` leading
        common terms (up to a shift, as in :meth:`matches`) and then differ within the
        terms both list; one per entry, the longest agreement first found."""
        ours = [operator.index(term) for term in terms[: self.terms_looked_at(max_shift)]]
        if len(ours) < MIN_COMMON:
            return []
        best: dict[int, NearMiss] = {}
        shifts = range(-max_shift, max_shift + 1)
        for row, candidate_shifts in self._candidates(ours, shifts).items():
            oeis = _parse(self._data[row])
            for shift in sorted(candidate_shifts, key=abs):
                found = _first_difference(oeis, ours, shift)
                if found is None or found[1] < min_agreed:
                    continue
                difference, agreed = found
                if row in best and best[row].agreed >= agreed:
                    continue
                anumber = self._ids[row]
                best[row] = NearMiss(
                    anumber,
                    self._names.get(anumber, ""),
                    shift,
                    agreed,
                    difference,
                    ours[difference + shift],
                    oeis[difference],
                    self._offsets.get(anumber),
                )
        return sorted(best.values(), key=lambda m: m.anumber)

    def _candidates(self, ours: list[int], shifts: range) -> Mapping[int, set[int] | range]:
        """Rows (and shifts) worth comparing term by term.

        An entry keyed at its term ``p`` can match with shift ``s`` only if its
        window lands on ``ours[p + s : p + s + WINDOW]``; when that slice may fall
        outside ``ours`` (a query shorter than ``anchor + max_shift + WINDOW``, or
        ``max_shift`` beyond the index's ``anchor``), every entry is a candidate.
        """
        max_shift = shifts.stop - 1
        if max_shift > self.anchor or len(ours) < self.anchor + max_shift + WINDOW:
            return {row: shifts for row in range(len(self._ids))}
        found: dict[int, set[int]] = {}
        for start, buckets in enumerate(self._buckets):
            if not buckets:
                continue
            for shift in shifts:
                first = start + shift
                if first < 0:
                    # keyed early because it is short: too short to match with this shift
                    continue
                hit = buckets.get(hash(tuple(ours[first : first + WINDOW])))
                if hit is None:
                    continue
                for row in hit if isinstance(hit, list) else (hit,):
                    found.setdefault(row, set()).add(shift)
        return found


def _agreement(oeis: list[int], ours: list[int], shift: int, min_common: int) -> int | None:
    """Number of common terms if ``oeis[j] == ours[j + shift]`` wherever both exist
    and there are enough of them (see :meth:`OeisIndex.matches`), else None."""
    first = max(0, -shift)
    stop = min(len(oeis), len(ours) - shift)
    common = stop - first
    if common < max(MIN_COMMON, min(min_common, len(oeis) - first)):
        return None
    if oeis[first:stop] != ours[first + shift : stop + shift]:
        return None
    return common


def _first_difference(oeis: list[int], ours: list[int], shift: int) -> tuple[int, int] | None:
    """``(j, agreed)``: the entry's first position ``j`` where ``oeis[j] != ours[j + shift]``
    and the number of common terms before it; None when they agree wherever both exist."""
    first = max(0, -shift)
    stop = min(len(oeis), len(ours) - shift)
    for j in range(first, stop):
        if oeis[j] != ours[j + shift]:
            return j, j - first
    return None


def _parse(data: str) -> list[int]:
    return [int(term) for term in data.split(",")] if data else []


def _add(buckets: dict[int, int | list[int]], key: int, row: int) -> None:
    """Append ``row`` under ``key``, storing a lone row as a bare int to save memory."""
    present = buckets.get(key)
    if present is None:
        buckets[key] = row
    elif isinstance(present, list):
        present.append(row)
    else:
        buckets[key] = [present, row]


def _is_default(path: PathLike | None, default: Path | None) -> bool:
    """True for None, "" and (if given) the path of the shipped ``default`` file."""
    if path is None or (isinstance(path, str) and not path.strip()):
        return True
    if default is None:
        return False
    try:
        return Path(path).resolve() == default.resolve()
    except OSError:
        return False


def _open_text(path: Path) -> TextIO:
    """``path`` opened as UTF-8 text, through gzip if it ends in ``.gz`` or starts
    with gzip's magic bytes.  FileNotFoundError for a missing file (its message
    names the path); ValueError for a ``.gz`` that is not gzip."""
    with open(path, "rb") as probe:
        magic = probe.read(2)
    if path.suffix == ".gz" or magic == _GZIP_MAGIC:
        if magic != _GZIP_MAGIC:
            raise ValueError(f"{path}: named .gz but not gzip-compressed")
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")  # noqa: SIM115 - returned to a with-block
