"""The words some columns hold, each with its meaning: the kinds of cross-reference
(``crossrefs.kind``), what each rests on (``crossrefs.evidence``), the kinds of
picture (``sequences.picture``) and of strategy (``games.strategy``'s ``kind``).

The build writes them, the site and the readers of the database test them; a
sentence such as a relation's text is for people, never tested.  Plain strings,
importable without SQLAlchemy (the catalog's records use them too).
"""

from __future__ import annotations

MATCH = "match"
NEAR_MISS = "near miss"
EQUAL = "equal"
SUBSEQUENCE = "subsequence"
COMPLEMENTARY = "complementary"
P_COMPLEMENTARY = "p-complementary"
P_POSITIONS = "p-positions"

CROSSREF_KINDS: dict[str, str] = {
    MATCH: "an OEIS entry whose listed terms all equal ours, a(n) = A(n + k) for some k",
    NEAR_MISS: "an OEIS entry that agrees with ours on its first terms, then differs: no match",
    EQUAL: "a sequence of another family, equal term by term",
    SUBSEQUENCE: "a sequence whose every step-th term, from some index, is the other's",
    COMPLEMENTARY: "a sequence with which the terms partition the positive integers",
    P_COMPLEMENTARY: "a sequence with which the terms hold every value p times",
    P_POSITIONS: "a game whose P-positions the sequence describes",
}
"""``crossrefs.kind``: what links a sequence to its target."""

PROVEN = "proven"
COMPARED = "compared"
CONTRADICTED = "contradicted"
LISTED = "listed"

EVIDENCE_KINDS: dict[str, str] = {
    PROVEN: "an identity: of the families, proven in the papers, or of an OEIS entry whose own "
    "definition is our formula (the same Beatty sequence, compared exactly); checked on every "
    "stored term it covers",
    COMPARED: "an OEIS entry equal to ours on every term compared, past the terms it lists "
    "when its b-file, its own PARI program, a Python program or its name gives more",
    CONTRADICTED: "an OEIS entry that differs from ours at a term it lists or its program "
    "gives: a near miss",
    LISTED: "an OEIS entry equal to ours on the terms it lists, not compared past them",
}
"""``crossrefs.evidence``: what a relation rests on, strongest first (the order in which
the site lists relations)."""

DISCREPANCY = "discrepancy"
LOGARITHMIC = "logarithmic"
PAIR = "pair"
DIFFERENCE = "difference"
VALUES = "values"

PICTURE_KINDS: dict[str, str] = {
    DISCREPANCY: "a(n) - n*alpha in its band, from the closed form in sequences.picture_form",
    LOGARITHMIC: "log10 a(n) against n: geometric growth is a straight line",
    PAIR: "d(n) - c(n) and d(n) / c(n) of the game's coordinates in sequences.picture_pair",
    DIFFERENCE: "a(n) - n against n: a Sprague-Grundy row, a(n + p) = a(n) + p, repeats with "
    "its period",
    VALUES: "a(n) against n",
}
"""``sequences.picture``: what a sequence's page draws."""

PROVEN = "proven"
VERIFIED = "verified"
NONE_WITHIN = "none within"

GRUNDY_EVIDENCE: dict[str, str] = {
    PROVEN: "proven for every y: the row's state recurs (proof_from, proof_period; Landman's "
    "argument, the rows below proven first) and the table shows the period up to there",
    VERIFIED: "the period repeats on the table it was found on, up to verified_to",
    NONE_WITHIN: "no period repeats within the table: preperiod, period and increment NULL",
}
"""``grundy_periods.evidence``: what a row's period rests on."""

LINEAR = "linear"
EXPONENTIAL = "exponential"
BOARD = "board"
TABLE = "table"
ROWS = "rows"

GROWTH_KINDS: dict[str, str] = {
    LINEAR: "about c*n (Beatty-type): the build stores `terms` of them",
    EXPONENTIAL: "geometric (convergents): the build stores those below 10^max_digits",
    BOARD: "a coordinate of a game's P-positions, read off its solver: as many as the game's "
    "settled pairs",
    TABLE: "a line of a square table of Sprague–Grundy values, whose n-th term needs the whole "
    "n x n table: the build stores grundy_size of them",
    ROWS: "a property of each row of a game's Sprague–Grundy table, each row proven on a strip: "
    "the build stores grundy_deep_rows + 1 of them, grundy_period_rows + 1 of Wythoff's game",
}
"""``sequences.growth``: how a sequence's terms grow, which says how many the build stores."""

GRUNDY_VALUES_STORED = 15
"""The largest Sprague–Grundy value whose positions the build stores (``grundy_positions``)."""

ROW = "row"
COLUMN = "column"

GRUNDY_AXES: dict[str, str] = {
    ROW: "the values G(x, y), y = 0, 1, 2, ... of one x",
    COLUMN: "the values G(x, y), x = 0, 1, 2, ... of one y (stored where the board is not "
    "symmetric)",
}
"""``grundy_periods.axis``: which line of a game's Sprague–Grundy function a row describes."""

BEATTY_PAIR = "beatty-pair"
MISERE = "misere"
FINITE = "finite"
CHOICE = "choice"

STRATEGY_KINDS: dict[str, str] = {
    BEATTY_PAIR: "P-positions (a_j, a_j + gap*j) with a_j = floor(j*theta), and their mirror "
    "images, or one of the two as the orientation (p, l) says: theta, gap, orientation",
    MISERE: "misère play: normal play's P-positions (pair, a beatty-pair) from n = 2, and "
    "the exceptions",
    FINITE: "finitely many P-positions, every one listed: positions",
    CHOICE: "the second player chooses the removed rectangle before the first move: each "
    "variant's rectangle and strategy",
}
"""``games.strategy`` (JSON): its ``kind``, the formula a game is played by.  The
browser plays each (``makeStrategy`` of ``site/assets/javascripts/games.js``), and no
other; the mathematics (``wythoff.core``, which imports nothing else of the package)
writes them in its strategies' ``describe``, held to this list by the tests."""
