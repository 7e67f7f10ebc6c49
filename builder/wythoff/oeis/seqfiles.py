"""OEIS entries in their internal format: each entry's offset, PARI programs and b-file.

OEIS keeps every entry as a text file of ``%x A-number text`` lines
(https://oeis.org/eishelp1.html), laid out in its ``oeisdata`` repository as
``seq/A123/A123456.seq``, with the b-file ``b123456.txt`` (lines ``n a(n)``)
beside it where one was supplied.  A :class:`SeqFiles` reads such a tree: the
one at the ``oeis_dir`` setting (a checkout of ``oeisdata``), or by default the
excerpt shipped with the package (the ``%I``, ``%o`` and ``%O`` lines of the
shipped entries, unmodified; CC BY-SA 4.0, see ``resources/oeis/README.md``).

A program is the text after ``(PARI)`` on an ``%o`` line and the lines that
follow it, up to the next line that starts another language's program
(``(Python)``, ``(Magma)``, ...).

>>> library = SeqFiles()
>>> library.offset("A008589"), library.pari_programs("A008589")
(0, ['a(n)=7*n \\\\\\\\ _Charles R Greathouse IV_, Jul 10 2016'])
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from wythoff import resources

SHIPPED = resources.OEIS / "seq"
"""The shipped excerpt, laid out as ``oeisdata``'s ``seq`` folder."""

_LANGUAGE = re.compile(r"\((?P<language>[A-Za-z][\w .+#/-]*)\)\s?(?P<rest>.*)")


class SeqFiles:
    """The entries of one ``seq`` tree (``None``: the shipped excerpt)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = SHIPPED if root is None else _seq_folder(root)

    @property
    def shipped(self) -> bool:
        """Whether these are the entries shipped with the package."""
        return self.root == SHIPPED

    def describe(self) -> str:
        """Where the programs come from, for provenance and messages."""
        if self.shipped:
            return "the OEIS entries shipped with the package"
        return f"the OEIS entries under {self.root}"

    def path(self, anumber: str) -> Path:
        """``seq/A123/A123456.seq`` for ``A123456``."""
        return self.root / anumber[:4] / f"{anumber}.seq"

    def lines(self, anumber: str) -> list[str]:
        """The entry's lines, ``[]`` when this tree does not have it."""
        return _read_lines(self.path(anumber))

    def offset(self, anumber: str) -> int | None:
        """The entry's offset, from its ``%O`` line."""
        for line in self.lines(anumber):
            if line.startswith("%O "):
                return int(line.split(" ", 2)[2].split(",")[0])
        return None

    def pari_programs(self, anumber: str) -> list[str]:
        """The entry's PARI/GP programs, in the entry's order."""
        programs: list[list[str]] = []
        current: list[str] | None = None
        for line in self.lines(anumber):
            if not line.startswith("%o "):
                current = None
                continue
            text = line.split(" ", 2)[2] if line.count(" ") >= 2 else ""
            started = _LANGUAGE.match(text)
            if started is not None:
                current = [] if started["language"] == "PARI" else None
                if current is not None:
                    programs.append(current)
                    if started["rest"].strip():
                        current.append(started["rest"])
            elif current is not None:
                current.append(text)
        return ["\n".join(program) for program in programs if program]

    def bfile(self, anumber: str) -> dict[int, int]:
        """The entry's b-file beside its ``.seq`` file, ``{n: a(n)}`` (``{}`` if none).

        Comment lines (``#``) and blank lines are skipped; the file ends at the
        first line that is not ``n a(n)`` (OEIS's readers do the same)."""
        path = self.path(anumber).with_name(f"b{anumber[1:]}.txt")
        values: dict[int, int] = {}
        for line in _read_lines(path):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = line.split()
            if len(parts) < 2 or not all(re.fullmatch(r"-?\d+", p) for p in parts[:2]):
                break
            values[int(parts[0])] = int(parts[1])
        return values


def _seq_folder(root: Path) -> Path:
    """An ``oeisdata`` checkout's ``seq`` folder, or ``root`` itself when it is one."""
    return root / "seq" if (root / "seq").is_dir() else root


@lru_cache(maxsize=4096)
def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace").splitlines()
    except FileNotFoundError:
        return []
