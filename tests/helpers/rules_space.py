"""Rules files drawn from everything the format accepts, and broken ones.

A game of one's own reaches every combination of moves the rules file can say, far
beyond the few hundred the catalog holds: residue sets with and without 0, moduli up to
8, bishops 0-4, modular moves, blocking with any reach, rectangles, choices of
rectangle, misère play.  :func:`rules_file` writes such a file as a user would (TOML
text, keys in any order, defaults left out at random) together with the fields it
means, written here from the format's documentation, not read back by the package.
:func:`broken_rules_file` writes what a user may get wrong: malformed TOML, wrong
types, numbers far beyond 64 bits, unknown keys, no move at all.
"""

from __future__ import annotations

import random

MODULI = range(1, 9)
BISHOPS = range(0, 5)
MODULAR = (0, 0, 0, 1, 2, 3, 5)
SIDES = range(0, 7)


def rules_file(rng: random.Random) -> tuple[str, dict]:
    """A valid rules file and the fields of the rules it means (``Rules(**fields)``)."""
    while True:
        fields: dict = {}
        modulus = rng.choice(MODULI)
        if modulus > 1 or rng.random() < 0.5:
            fields["rook_modulus"] = modulus
        residues = rng.sample(range(modulus), rng.randint(0, modulus))
        if residues != [0] or rng.random() < 0.3:
            fields["rook_residues"] = residues
        if bishop := rng.choice(BISHOPS):
            fields["bishop"] = bishop
        if modular := rng.choice(MODULAR):
            fields["modular"] = modular
        if "rook_modulus" in fields or "bishop" in fields or "modular" in fields:
            break  # the format asks for at least one kind of move
    if rng.random() < 0.3:
        fields["blocking"] = rng.randint(2, 4)
        if rng.random() < 0.6:
            fields["blocking_reach"] = rng.randint(0, 6)
    shape = rng.random()
    if shape < 0.3:
        fields["rectangle"] = [rng.choice(SIDES), rng.choice(SIDES)]
    elif shape < 0.4:
        count = rng.randint(2, 3)
        fields["rectangle_choices"] = [[rng.choice(SIDES), rng.choice(SIDES)] for _ in range(count)]
    if "blocking" not in fields and rng.random() < 0.2:
        fields["misere"] = True
    keys = list(fields)
    rng.shuffle(keys)
    text = "".join(f"{key} = {_toml(fields[key])}\n" for key in keys)
    return text, _as_rules_fields(fields)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)  # integers and lists of them (of pairs) are TOML as Python prints them


def _as_rules_fields(fields: dict) -> dict:
    """The file's keys as ``Rules``' fields: lists become tuples."""
    converted = dict(fields)
    if "rook_residues" in converted:
        converted["rook_residues"] = tuple(converted["rook_residues"])
    if "rectangle" in converted:
        converted["rectangle"] = tuple(converted["rectangle"])
    if "rectangle_choices" in converted:
        converted["rectangle_choices"] = tuple(tuple(c) for c in converted["rectangle_choices"])
    return converted


HUGE = ("9223372036854775807", "9223372036854775808", str(10**30), str(2**64 + 3), "1" + "0" * 400)
"""Numbers at and beyond the 64-bit bounds of compiled code."""

KEYS = (
    "rook_modulus",
    "rook_residues",
    "bishop",
    "modular",
    "blocking",
    "blocking_reach",
    "rectangle",
    "misere",
    "rectangle_choices",
)

VALUES = (
    *HUGE,
    "-1",
    "0",
    "-9223372036854775809",
    "[]",
    "[0, 0, 0]",
    "[-1, 3]",
    f"[{HUGE[0]}, 3]",
    f"[{HUGE[2]}, {HUGE[2]}]",
    f"[[{HUGE[1]}, 1], [1, 2]]",
    "[[1, 2]]",
    "[[1, 2], [3]]",
    "true",
    "1.5",
    "nan",
    '"2"',
    "{ a = 1 }",
    "1979-05-27",
)


def broken_rules_file(rng: random.Random) -> str:
    """A rules file a user may get wrong, or right with numbers far beyond 64 bits: some
    keys (known or not) with values of any type or size, or a valid file cut short."""
    kind = rng.random()
    if kind < 0.15:
        text, _ = rules_file(rng)
        return text[: rng.randint(0, len(text))] + rng.choice(["", "=", "[", '"', "\x00", "é"])
    keys = rng.sample(KEYS, rng.randint(0, 4))
    if kind < 0.25:
        keys.append(rng.choice(["bishops", "Bishop", "rook", "rectangle_choice", "=", "[table]"]))
    lines = []
    for key in keys:
        value = rng.choice(VALUES) if rng.random() < 0.7 else str(rng.randint(0, 8))
        lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"
