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


def families_loaded(sequence_id: str) -> set[str]:
    """The family modules a fresh interpreter has loaded once it resolved ``sequence_id``."""
    code = (
        f"import sys; from wythoff import families; families.resolve_sequence({sequence_id!r});"
        "print(sorted(m for m in sys.modules if m.startswith('wythoff.families.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = eval(done.stdout)  # noqa: S307 - a list of module names printed just above
    return {key for key, (name, _, _) in MODULES.items() if f"wythoff.families.{name}" in loaded}


@pytest.mark.parametrize(
    ("sequence_id", "expected"),
    [
        # its own family, the one whose strategy it shares, and those its record names
        ("wythoff-a", {"wythoff", "fraenkel", "connell", "larsson"}),
        ("beatty-sqrt7-a", {"beatty-sqrt"}),
        ("larsson-m2-p3-a", {"larsson", "larsson-remark5"}),  # IDs of one first word
    ],
)
def test_resolving_one_id_imports_only_the_families_it_names(sequence_id, expected):
    assert families_loaded(sequence_id) == expected
    record = families.resolve_sequence(sequence_id)
    named = {families.resolve_sequence(other).family for other in record.related}
    assert named | {record.family} <= expected


def test_a_family_names_another_family_s_ids_with_that_family_s_forms():
    fraenkel, larsson = FAMILIES["fraenkel"], FAMILIES["larsson"]
    assert fraenkel.sequence_id("a", a=2) == "fraenkel-a2-a"
    assert larsson.game_id("modulo", m=2, p=3, l=1) == "larsson-modulo-m2-p3-l1"
    assert families.resolve_sequence("fraenkel-a3-a").related[1] == larsson.sequence_id(
        "a", m=3, p=1
    )
    with pytest.raises(TypeError, match="takes a"):
        fraenkel.sequence_id("a", k=2)


@pytest.mark.parametrize("kind", ["sequence", "game"])
def test_every_example_id_resolves_to_the_family_that_shows_it(kind):
    resolve = families.resolve_sequence if kind == "sequence" else families.resolve_game
    shown = families.examples(kind)
    assert len(shown) >= len([f for f in FAMILIES.values() if getattr(f, f"{kind}_ids")])
    for key, family in FAMILIES.items():
        listed = getattr(family, f"{kind}_examples")
        for example in listed:
            assert resolve(example).family == key, example
        for form in getattr(family, f"{kind}_ids").values():  # an example of every form
            assert any(form.match(example) is not None for example in listed), form
    with pytest.raises(families.CatalogError, match=shown[0]):
        resolve("no-such-family-x1")
