"""What ``wythoff verify`` checked, how far, and the first difference of each kind."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Difference:
    """A stored fact that is not what its definition gives: where (the table, the
    game or sequence ID, the index) and the two values."""

    table: str
    subject: str
    index: str
    stored: str
    expected: str

    def __str__(self) -> str:
        return (
            f"{self.table}: {self.subject} at {self.index}: stored {self.stored}, "
            f"the definition gives {self.expected}"
        )


@dataclass
class Kind:
    """One kind of check: how many facts it covered, how far, and what differed."""

    name: str
    checked: int = 0
    subjects: set[str] = field(default_factory=set)
    reach: list[str] = field(default_factory=list)
    unchecked: int = 0
    unreached: int = 0
    differences: int = 0
    first: Difference | None = None

    def passed(self, subject: str, count: int, stored: int | None = None) -> None:
        """``count`` facts of ``subject`` checked, of ``stored`` (if more: those past
        what the check reaches, a board's side or the rows it states, are counted)."""
        self.subjects.add(subject)
        self.checked += count
        self.unreached += max(0, (stored or count) - count)

    def differs(self, difference: Difference) -> None:
        self.subjects.add(difference.subject)
        self.differences += 1
        if self.first is None:
            self.first = difference

    def line(self) -> str:
        """``name: N checked in M subjects (how far)``, and what was left."""
        text = f"{self.name}: {self.checked:,} checked, of {len(self.subjects):,}"
        if self.reach:
            text += f" ({'; '.join(self.reach)})"
        if self.unreached:
            text += f"; {self.unreached:,} stored past the checks' reach, not checked"
        if self.unchecked:
            text += f"; {self.unchecked:,} not checked (forms this version does not know)"
        return text


@dataclass
class Report:
    """Every kind of check, in the order they ran."""

    kinds: dict[str, Kind] = field(default_factory=dict)

    def kind(self, name: str) -> Kind:
        return self.kinds.setdefault(name, Kind(name))

    @property
    def differs(self) -> bool:
        return any(kind.differences for kind in self.kinds.values())

    def lines(self) -> list[str]:
        """What was checked, then each kind's first difference with their count."""
        found = [kind.line() for kind in self.kinds.values()]
        for kind in self.kinds.values():
            if kind.first is not None:
                found.append(f"DIFFERS ({kind.differences:,} in {kind.name}): {kind.first}")
        found.append(
            "some stored facts differ from their definitions"
            if self.differs
            else "every fact checked equals its definition"
        )
        return found
