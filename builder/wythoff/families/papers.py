"""The papers the database is built from, cited by author, title and year."""

from __future__ import annotations

from typing import NamedTuple


class Paper(NamedTuple):
    key: str
    authors: str
    title: str
    venue: str
    year: int

    def citation(self) -> str:
        """``Authors, *Title*, Venue (Year).``"""
        return f"{self.authors}, *{self.title}*, {self.venue} ({self.year})."


PAPERS = {
    p.key: p
    for p in (
        Paper(
            "wythoff",
            "W. A. Wythoff",
            "A modification of the game of Nim",
            "Nieuw Archief voor Wiskunde 7, 199-202",
            1907,
        ),
        Paper(
            "connell",
            "I. G. Connell",
            "A generalization of Wythoff's game",
            "Canadian Mathematical Bulletin 2, 181-190",
            1959,
        ),
        Paper(
            "fraenkel",
            "A. S. Fraenkel",
            "How to beat your Wythoff games' opponent on three fronts",
            "American Mathematical Monthly 89, 353-361",
            1982,
        ),
        Paper(
            "larsson",
            "U. Larsson",
            "Restrictions of m-Wythoff Nim and p-complementary Beatty sequences",
            "Games of No Chance 4, MSRI Publications 63",
            2015,
        ),
        Paper(
            "khovanova-niu",
            "T. Khovanova and S. Niu",
            "m-Modular Wythoff",
            "preprint, MIT PRIMES",
            2016,
        ),
        Paper(
            "misere",
            "A. S. Fraenkel",
            "Wythoff games, continued fractions, cedar trees and Fibonacci searches",
            "Theoretical Computer Science 29, 49-73 (misère play of the a-Wythoff games)",
            1984,
        ),
    )
}
