"""Rules of two-pile take-away games, as data.

Every game in the database is a combination of a few kinds of move on a
position ``(x, y)`` (two piles, or a queen on a quarter-plane board):

* **rook** moves: take ``L > 0`` from one pile, where ``L mod rook_modulus`` is one
  of ``rook_residues`` (modulus 1, residue 0: any number, as in Nim);
* **m-bishop** moves (``bishop = m``): take ``k`` from one pile and ``l`` from the
  other, ``k + l > 0`` and ``|k - l| < m`` (``m = 1``: the same number from both);
* **modular** moves (``modular = m``): take ``k > 0`` and ``l > 0`` with
  ``k = l (mod m)``;

with four twists: a **blocking** allowance (before each move the previous player
may forbid up to ``blocking - 1`` of the mover's rook moves that are not also
moves of the ``blocking_reach``-bishop, by default the game's own bishop: rook
moves of ``blocking_reach`` counters or more), a **removed rectangle** (positions
``x < w, y < h`` are not on the board and no move may enter them), a **choice
of rectangle** (before the first move the second player chooses one of
``rectangle_choices``, which is then removed for the whole game), and **misère**
play (a player who cannot move wins).  The solver, the strategies' legality
checks and the site all read these rules; nothing else defines what a move is.

Examples
--------
>>> wythoff = Rules(bishop=1)
>>> wythoff.is_legal((3, 5), (1, 3)), wythoff.is_legal((3, 5), (1, 4))
(True, False)
>>> connell3 = Rules(rook_modulus=3, bishop=1)       # multiples of 3 from one pile
>>> sorted(connell3.moves(0, 7))
[(0, 1), (0, 4)]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import product, repeat

Position = tuple[int, int]


@dataclass(frozen=True)
class Rules:
    """The moves of a two-pile game; see the module docstring."""

    rook_modulus: int = 1
    rook_residues: tuple[int, ...] = (0,)
    bishop: int = 0
    modular: int = 0
    blocking: int = 1
    rectangle: tuple[int, int] = (0, 0)
    misere: bool = False
    blocking_reach: int | None = None
    rectangle_choices: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if self.rook_modulus < 1:
            raise ValueError("rook_modulus must be at least 1")
        residues = tuple(sorted(set(self.rook_residues)))
        if any(not 0 <= r < self.rook_modulus for r in residues):
            raise ValueError("rook residues must lie in 0 .. rook_modulus - 1")
        object.__setattr__(self, "rook_residues", residues)
        if self.bishop < 0 or self.modular < 0:
            raise ValueError("bishop and modular must be non-negative")
        if self.blocking < 1:
            raise ValueError("blocking must be at least 1 (1: no blocking)")
        w, h = self.rectangle
        if w < 0 or h < 0:
            raise ValueError("rectangle sides must be non-negative")
        if self.misere and self.blocking > 1:
            # a blocker could then also win by leaving the mover without moves, a rule
            # no paper here defines
            raise ValueError("misère play with blocking is not supported")
        if self.blocking_reach is not None and self.blocking_reach < 0:
            raise ValueError("blocking_reach must be non-negative")
        choices = tuple((int(cw), int(ch)) for cw, ch in self.rectangle_choices)
        if choices and (self.rectangle != (0, 0) or len(choices) < 2):
            raise ValueError("rectangle_choices: at least two rectangles, and no fixed rectangle")
        if any(cw < 0 or ch < 0 for cw, ch in choices):
            raise ValueError("rectangle sides must be non-negative")
        object.__setattr__(self, "rectangle_choices", choices)

    @property
    def reach(self) -> int:
        """Rook moves shorter than this may not be forbidden (Larsson's l of
        ``mWN^p_l``; by default the bishop's ``m``: a one-pile move of fewer than
        ``m`` counters is also an m-bishop move)."""
        return self.bishop if self.blocking_reach is None else self.blocking_reach

    def variants(self) -> tuple[Rules, ...]:
        """The games the second player may choose between before the first move (the
        game itself when there is no choice).

        >>> [v.rectangle for v in Rules(bishop=6, rectangle_choices=((6, 0), (4, 2))).variants()]
        [(6, 0), (4, 2)]
        """
        return self._variants

    @cached_property
    def _variants(self) -> tuple[Rules, ...]:
        if not self.rectangle_choices:
            return (self,)
        return tuple(
            replace(self, rectangle=choice, rectangle_choices=())
            for choice in self.rectangle_choices
        )

    def within(self, size: int) -> Rules:
        """Rules that act exactly as these on the board ``0 <= x, y < size``, with every
        number cut down to what that board can show: a move there takes fewer than
        ``size`` counters from a pile, and a cell has fewer than ``2 * size`` one-pile
        moves.  A rules file may say ``bishop = 10**20``; a compiled solver needs its
        numbers small (its arithmetic is 64-bit, its arrays sized by them).

        >>> Rules(rook_modulus=10**12, rook_residues=(5, 10**9), bishop=10**20).within(8)
        Rules(rook_modulus=8, rook_residues=(5,), bishop=8, modular=0, blocking=1, \
rectangle=(0, 0), misere=False, blocking_reach=None, rectangle_choices=())
        """
        size = max(size, 1)
        modulus = min(self.rook_modulus, size)  # lengths below size are their own residues
        residues = tuple(r for r in self.rook_residues if r < modulus)
        if modulus < self.rook_modulus:  # and a multiple of the old modulus is none of them
            residues = tuple(r for r in residues if r > 0)
        reach = None if self.blocking_reach is None else min(self.blocking_reach, size)
        return replace(
            self,
            rook_modulus=modulus,
            rook_residues=residues,
            bishop=min(self.bishop, size),  # |k - l| < size always
            modular=min(self.modular, size),  # k = l (mod m >= size) only when k = l
            blocking=min(self.blocking, 2 * size),
            blocking_reach=reach,
            rectangle=_cut(self.rectangle, size),
            rectangle_choices=tuple(_cut(choice, size) for choice in self.rectangle_choices),
        )

    # -- the board -------------------------------------------------------------

    @property
    def symmetric(self) -> bool:
        """Whether ``(x, y)`` and ``(y, x)`` are the same position up to relabelling."""
        if self.rectangle_choices:
            chosen = set(self.rectangle_choices)
            return all((h, w) in chosen or 0 in (w, h) for w, h in chosen)
        return self.rectangle[0] == self.rectangle[1] or 0 in self.rectangle

    def mirrored(self) -> Rules:
        """The rules of the board drawn the other way round, ``(x, y) -> (y, x)``: the
        moves are symmetric, so only the removed rectangles turn.

        >>> Rules(bishop=1, rectangle=(1, 3)).mirrored().rectangle
        (3, 1)
        """
        return replace(
            self,
            rectangle=self.rectangle[::-1],
            rectangle_choices=tuple((h, w) for w, h in self.rectangle_choices),
        )

    def on_board(self, x: int, y: int) -> bool:
        """Whether ``(x, y)`` is a position of the game (of some choice, if there is one)."""
        if self.rectangle_choices:
            outside = any(not (x < cw and y < ch) for cw, ch in self.rectangle_choices)
            return x >= 0 and y >= 0 and outside
        w, h = self.rectangle
        return x >= 0 and y >= 0 and not (x < w and y < h)

    # -- moves ---------------------------------------------------------------

    def rook_length_allowed(self, length: int) -> bool:
        return length > 0 and length % self.rook_modulus in self.rook_residues

    def is_bishop_move(self, k: int, l: int) -> bool:  # noqa: E741 - the papers' letters
        return self.bishop > 0 and k >= 0 and l >= 0 and k + l > 0 and abs(k - l) < self.bishop

    def is_rook_move(self, k: int, l: int) -> bool:  # noqa: E741
        if k < 0 or l < 0 or (k > 0) == (l > 0):
            return False
        return self.rook_length_allowed(k + l)

    def is_modular_move(self, k: int, l: int) -> bool:  # noqa: E741
        return self.modular > 0 and k > 0 and l > 0 and (k - l) % self.modular == 0

    def is_legal(self, start: Position, target: Position) -> bool:
        """Whether one move takes ``start`` to ``target`` (both on the board).

        The definitions of :meth:`is_rook_move`, :meth:`is_bishop_move` and
        :meth:`is_modular_move` written out in one function: strategies are checked
        at millions of positions, and the calls cost more than the arithmetic."""
        if self.rectangle_choices:
            raise ValueError("the moves depend on the rectangle the second player chooses")
        (x, y), (x2, y2) = start, target
        k, l = x - x2, y - y2  # noqa: E741
        # a move takes from the piles, something in all; then start is on the quadrant too
        if k < 0 or l < 0 or k + l == 0 or x2 < 0 or y2 < 0:
            return False
        w, h = self.rectangle
        if (x < w and y < h) or (x2 < w and y2 < h):
            return False
        if (k == 0 or l == 0) and (k + l) % self.rook_modulus in self.rook_residues:
            return True
        if abs(k - l) < self.bishop:
            return True
        return self.modular > 0 and k > 0 and l > 0 and (k - l) % self.modular == 0

    def is_blockable(self, start: Position, target: Position) -> bool:
        """Whether the previous player may forbid this move, in a game with blocking: a
        rook move of at least :attr:`reach` counters (Larsson's *roob*: a rook move that
        is not also a move of the reach's bishop)."""
        if self.blocking <= 1:
            return False
        (x, y), (x2, y2) = start, target
        k, l = x - x2, y - y2  # noqa: E741
        return self.is_rook_move(k, l) and k + l >= self.reach

    def moves(self, x: int, y: int) -> Iterator[Position]:
        """Every position reachable in one move, each once: a plain enumeration of
        the moves of each kind, the independent oracle the solver is checked against.

        Each line of targets is added whole (``zip`` of a column and a range), so that
        the enumeration costs a few steps per line of the board, not one per target."""
        if self.rectangle_choices:
            raise ValueError("the moves depend on the rectangle the second player chooses")
        if not self.on_board(x, y):
            return iter(())
        targets: set[Position] = set()
        lengths = [n for n in range(1, max(x, y) + 1) if self.rook_length_allowed(n)]
        targets.update((x - n, y) for n in lengths if n <= x)
        targets.update((x, y - n) for n in lengths if n <= y)
        if self.bishop:
            for k in range(x + 1):
                low, high = max(0, k - self.bishop + 1), min(y, k + self.bishop - 1)
                targets.update(zip(repeat(x - k), range(y - low, y - high - 1, -1)))
        if self.modular:
            for k in range(1, x + 1):
                first = (k - 1) % self.modular + 1
                targets.update(zip(repeat(x - k), range(y - first, -1, -self.modular)))
        targets.discard((x, y))
        w, h = self.rectangle  # no pile is below zero; some targets may be off the board
        targets.difference_update(product(range(min(w, x + 1)), range(min(h, y + 1))))
        return iter(targets)

    def describe(self) -> str:
        """The rules in words, for pages and help text.

        >>> print(Rules(rook_modulus=3, bishop=1).describe())
        Take a positive multiple of 3 from one pile, or the same number from both piles.
        """
        parts = []
        if self.rook_residues:
            parts.append("take " + self._rook_words() + " from one pile")
        if self.bishop == 1:
            parts.append("the same number from both piles")
        elif self.bishop > 1:
            parts.append(
                f"k from one pile and l from the other with k + l > 0 and |k - l| < {self.bishop}"
            )
        if self.modular:
            parts.append(
                f"k > 0 from one pile and l > 0 from the other with k = l (mod {self.modular})"
            )
        text = ", or ".join(parts)
        text = text[0].upper() + text[1:] + "."
        if self.blocking > 1:
            text += self._blocking_words()
        w, h = self.rectangle
        if w and h:
            text += f" No move may enter the rectangle x < {w}, y < {h}."
        if self.rectangle_choices:
            listed = ", or ".join(
                f"x < {cw}, y < {ch}" if cw and ch else "none" for cw, ch in self.rectangle_choices
            )
            text += (
                " Before the first move the second player chooses the rectangle that no move "
                f"may enter for the rest of the game: {listed}."
            )
        if self.misere:
            text += " The player who takes the last counter loses (misère play)."
        return text

    def _blocking_words(self) -> str:
        forbid = f" Before each move the previous player may forbid up to {self.blocking - 1}"
        if self.blocking_reach is None:
            # Larsson: the blocker may forbid rook moves that are not also m-bishop moves,
            # and a one-pile move of k counters is an m-bishop move exactly when k < m
            which = f" (those that take {self.bishop} or more)" if self.bishop > 1 else ""
            return forbid + (
                f" of the mover's one-pile moves that are not also moves of the second kind{which}."
            )
        if self.reach <= 1:
            return forbid + " of the mover's one-pile moves."
        return forbid + f" of the mover's one-pile moves that take {self.reach} or more."

    def _rook_words(self) -> str:
        m, residues = self.rook_modulus, self.rook_residues
        if m == 1:
            return "any positive number"
        if residues == (0,):
            return f"a positive multiple of {m}"
        listed = ", ".join(str(r) for r in residues)
        return f"a positive number congruent to one of {listed} modulo {m}"


def _cut(rectangle: tuple[int, int], size: int) -> tuple[int, int]:
    """A rectangle's sides cut down to a board of ``size``: it removes the same cells."""
    return min(rectangle[0], size), min(rectangle[1], size)
