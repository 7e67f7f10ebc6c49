"""The registry finds each ID's family from the ID's first word, and imports no
other family's module to do it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from wythoff import families
from wythoff.families import FAMILIES
from wythoff.families.registry import MODULES


@pytest.mark.parametrize("key", list(FAMILIES))
def test_every_id_of_a_family_resolves_to_that_family(key):
    family = FAMILIES[key]
    catalog = families.build({key: family.small_ranges or family.default_ranges})
    ids = [*catalog.sequences, *catalog.games]
    assert ids, key
    for identifier in ids:
        assert family in FAMILIES.owning(identifier), identifier
    for sequence_id in catalog.sequences:
        assert families.resolve_sequence(sequence_id).family == key
    for game_id in catalog.games:
        assert families.resolve_game(game_id).family == key


def test_the_lazy_tables_are_those_of_every_family():
    assert list(families.DEFAULT_RANGES) == list(FAMILIES) == list(MODULES)
    assert {p for f in FAMILIES.values() for p in f.papers} <= set(families.PAPERS.values())


def test_resolving_one_id_imports_only_its_family():
    code = (
        "import sys; from wythoff import families; families.resolve_sequence('wythoff-a');"
        "print(sorted(m for m in sys.modules if m.startswith('wythoff.families.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = eval(done.stdout)  # noqa: S307 - a list of module names printed just above
    for key, (module, _, _) in MODULES.items():
        assert (f"wythoff.families.{module}" in loaded) == (key in ("wythoff", "fraenkel")), key
