"""``wythoff identify``: which stored sequences, Beatty sequences and games given
numbers are (see :mod:`wythoff.identify`)."""

from __future__ import annotations

import json
import re
import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wythoff.cli import rules_help
from wythoff.cli.common import UserError, rules_file, solve_rules
from wythoff.cli.options import CONFIG, DATABASE, rules_option
from wythoff.cli.spec import Argument, Option, command
from wythoff.cli.values import Range

if TYPE_CHECKING:
    from wythoff.identify import Beatty, Identification

MAX_TERMS = 10_000
_PAIR = re.compile(r"\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?")


@command(
    Argument("numbers", "TERMS", nargs="*"),
    Option(
        "--offset",
        dest="first",
        type=Range(int, 0),
        help="The index of the first term (default: 0 and 1, the answer leading with the "
        "reading whose form is simplest, and saying which).",
    ),
    Option("--pairs", action="store_true", help="Read P-positions: 'x y' lines or '(x, y)' lists."),
    rules_option(
        "Identify a game of one's own: a TOML rules file (its keys: below), solved up to --max."
    ),
    Option(
        "--max",
        dest="limit",
        type=Range(int, 8, 100_000),
        default=200,
        show_default=True,
        help="With --rules: the largest coordinate of the P-positions compared.",
    ),
    DATABASE,
    CONFIG,
    Option(
        "--format",
        dest="form",
        choices=("text", "json"),
        default="text",
        show_default=True,
        help="text (for people) or json (one object: sequences, beatty with its candidates "
        "and the sequence determined, transforms, games).",
    ),
    epilog=rules_help.epilog,
)
def identify(
    numbers: list[str],
    first: int | None,
    pairs: bool,
    rules_path: str | None,
    limit: int,
    database: str | None,
    config_file: str | None,
    form: str,
) -> None:
    """TERMS are integers separated by commas or spaces, or - to read them from
    standard input.  The answer, most certain first: the stored sequences that
    hold them as a run (at any index); whether they are floor(n*alpha + beta),
    and then the exact interval of alpha (fractions), the simplest quadratic
    irrationals in it, the catalog sequences with such a slope and the nearest
    ones it rules out (with their first difference); the same for the
    complement, first differences, partial sums, a(n) - n and a(n)/k; and what
    it could not decide.  The verdict names a stored sequence only when the
    terms determine it (no other catalog slope and no simpler quadratic
    irrational in the interval); otherwise it lists the candidates, each with
    its deciding index.  With --pairs, TERMS are P-positions, and the answer
    also names the games with exactly these P-positions up to their bound.

    Examples:
      wythoff identify 1 3 4 6 8 9 11 12 14 16 17 19 21
      wythoff identify 0,1,3,4,6,8,9 --offset 0 --format json
      wythoff ppositions larsson-blocking-m2-p3 --max 60 | wythoff identify --pairs -
      wythoff identify --rules mine.toml --max 100
    """
    from sqlalchemy.exc import SQLAlchemyError

    from wythoff import config as configuration
    from wythoff import identify as identification
    from wythoff.db import read

    if rules_path is not None and numbers:
        raise UserError("give TERMS or --rules FILE, not both")
    given: list[tuple[int, int]] | None = None
    if rules_path is not None:
        given = solve_rules(rules_file(rules_path), limit)
    text = sys.stdin.read() if numbers == ["-"] else " ".join(numbers)
    if given is None and pairs:
        given = parse_pairs(text)
    terms = parse_terms(text) if given is None else []  # bad input said before any reading
    try:
        settings = configuration.load(config_file, database=database)
    except configuration.ConfigError as error:
        raise UserError(f"config: {error}") from None
    try:
        with read.connect(settings.database_url, settings.database_path) as connection:
            if given is not None:
                bound = limit if rules_path is not None else None  # the rules: all up to --max
                found = identification.identify_pairs(connection, given, bound)
            else:
                firsts = (first,) if first is not None else (0, 1)
                found = identification.identify(connection, terms, firsts)
    except (read.QueryError, read.MissingDatabase) as error:
        raise UserError(str(error)) from None
    except (SQLAlchemyError, read.DatabaseUnavailable) as error:
        raise UserError(f"database: {str(error).splitlines()[0]}") from None
    if form == "json":
        print(json.dumps(as_json(found)))
    else:
        print("\n".join(as_text(found)))


def parse_terms(text: str) -> list[int]:
    """Integers separated by commas or white space; one clear error otherwise."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if len(words) < 3:
        raise UserError(f"give at least 3 terms (got {len(words)})")
    if len(words) > MAX_TERMS:
        raise UserError(f"give at most {MAX_TERMS:,} terms (got {len(words):,})")
    bad = next((w for w in words if not re.fullmatch(r"-?\d+", w)), None)
    if bad is not None:
        raise UserError(f"not an integer: {bad[:40]!r}")
    return [int(w) for w in words]


def parse_pairs(text: str) -> list[tuple[int, int]]:
    """P-positions as 'x y' lines or '(x, y)' lists (a header line 'x y' is skipped)."""
    body = re.sub(r"^\s*x[\s,]+y\s*$", "", text, flags=re.MULTILINE | re.IGNORECASE)
    found = [(int(x), int(y)) for x, y in _PAIR.findall(body)]
    rest = _PAIR.sub("", body).replace(",", "").strip()
    if rest:
        raise UserError(f"not a pair of integers: {rest.split()[0][:40]!r}")
    if len(found) < 3:
        raise UserError(f"give at least 3 P-positions (got {len(found)})")
    if any(x < 0 or y < 0 for x, y in found):
        raise UserError("P-positions have non-negative coordinates")
    return found


def fraction(value: Fraction) -> str:
    """``p/q`` always, as INTERFACE.md promises the JSON's fractions."""
    return f"{value.numerator}/{value.denominator}"


def shown(value: Fraction) -> str:
    """In lowest terms, an integer without ``/1``, for people."""
    return str(value)


def as_json(found: Identification) -> dict[str, Any]:
    """The answer as one JSON object; fractions as exact "p/q" strings."""
    first = next(iter(found.beatty), None)
    beatty = None if first is None else _beatty_json(found.beatty[first], first)
    return {
        "terms": len(found.terms),
        "verdict": found.verdict,
        "sequences": [{"id": s.id, "shift": s.shift, "agrees": s.agrees} for s in found.sequences],
        "beatty": beatty,
        "beatty_by_offset": {str(k): _beatty_json(b, k) for k, b in found.beatty.items()},
        "transforms": [
            {
                "transform": t.name,
                "sequences": [
                    {"id": s.id, "shift": s.shift, "agrees": s.agrees} for s in t.sequences
                ],
                "beatty": None if t.beatty is None else _beatty_json(t.beatty, t.beatty.fit.first),
            }
            for t in found.transforms
        ],
        "games": [{"id": game, "bound": bound} for game, bound in found.games],
        "undecided": found.undecided,
    }


def _beatty_json(beatty: Beatty, first: int) -> dict[str, Any]:
    fit = beatty.fit
    return {
        "offset": first,
        "alpha": [fraction(fit.alpha_low), fraction(fit.alpha_high)],
        "beta": [fraction(fit.beta_low), fraction(fit.beta_high)],
        "simplest_rational": fraction(beatty.simplest_rational),
        "irrationals": list(beatty.irrationals),
        "holds": list(beatty.holds),
        "ruled_out": [
            {"id": r.id, "alpha": r.slope, "n": r.n, "ours": r.ours, "theirs": r.theirs}
            for r in beatty.ruled_out
        ],
        "partner": None if beatty.partner is None else [fraction(v) for v in beatty.partner],
        **_candidates_json(beatty),
    }


def _candidates_json(beatty: Beatty) -> dict[str, Any]:
    """The candidates of a Beatty reading, each with its deciding index, and the catalog
    sequence the terms determine (null when they do not)."""
    settled = beatty.candidates
    if settled is None:
        return {}
    return {
        "determined": settled.determined,
        "differs_at": settled.differs_at,
        "horizon": settled.horizon,
        "candidates": [
            {
                "label": c.label,
                "kind": c.kind,
                "alpha": c.alpha,
                "beta": c.beta,
                "height": c.height,
                "also": list(c.also),
                "deciding": c.deciding,
                "differs_at": c.differs_at,
                "differs_from": c.differs_from,
                "value": c.value,
                "other": c.other,
            }
            for c in settled.listed
        ],
    }


def as_text(found: Identification) -> list[str]:
    """The answer for people, most certain first."""
    lines = [
        f"{len(found.terms)} terms: {', '.join(map(str, found.terms[:12]))}"
        + (", ..." if len(found.terms) > 12 else ""),
        f"verdict: {found.verdict}",
    ]
    for game, bound in found.games:
        lines.append(f"game: {game}, exactly these P-positions with coordinates <= {bound}")
    for s in found.sequences:
        lines.append(f"sequence: {s.id}, from a({s.shift}), agrees on {s.agrees} terms")
    for first, beatty in found.beatty.items():
        lines += _beatty_text(beatty, first, "")
    for t in found.transforms:
        for s in t.sequences:
            lines.append(f"{t.name}: {s.id}, from a({s.shift}), agrees on {s.agrees} terms")
        if t.beatty is not None:
            lines += _beatty_text(t.beatty, t.beatty.fit.first, f"{t.name}: ")[:2]
    lines += [f"undecided: {text}" for text in found.undecided]
    return lines


def _beatty_text(beatty: Beatty, first: int, prefix: str) -> list[str]:
    fit = beatty.fit
    low, high = float(fit.alpha_low), float(fit.alpha_high)
    lines = [
        f"{prefix}Beatty: floor(n*alpha + beta) for n >= {first} exactly when alpha is in "
        f"({shown(fit.alpha_low)}, {shown(fit.alpha_high)}) = ({low:.6f}, {high:.6f}) "
        f"and beta in [{shown(fit.beta_low)}, {shown(fit.beta_high)}]",
        f"{prefix}  simplest: {shown(beatty.simplest_rational)}"
        + (f"; quadratic: {', '.join(beatty.irrationals)}" if beatty.irrationals else ""),
    ]
    if beatty.holds:
        lines.append(f"{prefix}  the interval holds the slope of {', '.join(beatty.holds)}")
    for r in beatty.ruled_out:
        lines.append(
            f"{prefix}  rules out {r.id} (alpha = {r.slope}): its term at n = {r.n} is "
            f"{r.theirs}, the given term is {r.ours}"
        )
    if beatty.candidates is not None:
        lines += [f"{prefix}  {line}" for line in _candidates_text(beatty)]
    if beatty.partner is not None:
        a, b = beatty.partner
        lines.append(
            f"{prefix}  Beatty partner (1/alpha + 1/alpha' = 1): alpha' in ({shown(a)}, {shown(b)})"
        )
    return lines


def _candidates_text(beatty: Beatty) -> list[str]:
    """One line per candidate: what it is, where it first leaves another, and its
    deciding index; first, whether the terms determine one."""
    settled = beatty.candidates
    if settled is None:
        return []
    if settled.determined is not None:
        lines = [f"determined: {settled.determined}: no other catalog slope and no simpler "
                 "quadratic irrational lies in the interval"]  # fmt: skip
    else:
        lines = ["not determined by these terms; the candidates:"]
    for c in settled.listed:
        what = f"alpha = {c.alpha}" + ("" if c.height is None else f", height {c.height}")
        also = f" (= {', '.join(c.also)})" if c.also else ""
        if c.differs_at is None:
            parts = f"agrees with every other candidate up to n = {settled.horizon}"
        else:
            told = (
                f"n = {c.deciding} tells it from every other"
                if c.deciding is not None
                else f"one other agrees with it up to n = {settled.horizon}"
            )
            parts = (
                f"first differs from {c.differs_from} at n = {c.differs_at} "
                f"({c.value}, not {c.other}); {told}"
            )
        lines.append(f"  {c.kind} {c.label}{also} ({what}): {parts}")
    return lines
