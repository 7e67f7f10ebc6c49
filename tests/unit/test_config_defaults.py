"""Each configuration key is declared once (a field of ``Config``): the shipped
``defaults.toml`` is that declaration written out, and the defaults, the checks and
``wythoff defaults`` all come from it."""

from __future__ import annotations

import difflib
import tomllib

import pytest
from wythoff import config as configuration
from wythoff import resources

REGENERATE = (
    "python -c 'import sys; from wythoff import config; "
    "sys.stdout.write(config.defaults_toml())' > builder/wythoff/resources/defaults.toml"
)


def test_the_shipped_defaults_are_the_declaration_written_out():
    shipped = resources.DEFAULTS.read_text(encoding="utf-8")
    declared = configuration.defaults_toml()
    diff = "".join(
        difflib.unified_diff(
            shipped.splitlines(keepends=True),
            declared.splitlines(keepends=True),
            "defaults.toml",
            "declared",
        )
    )
    assert shipped == declared, f"defaults.toml is not Config's; regenerate:\n{REGENERATE}\n{diff}"


def test_the_shipped_file_reads_back_as_the_declared_defaults():
    read = tomllib.loads(resources.DEFAULTS.read_text(encoding="utf-8"))
    declared = configuration.defaults()
    assert "families" not in read
    assert read == {key: value for key, value in declared.items() if key != "families"}
    assert list(read) == [key for key in configuration.ALLOWED_KEYS if key != "families"]


def test_every_key_has_a_default_of_its_type_and_a_meaning():
    checked = configuration.validate(configuration.defaults())
    for key in configuration.TOP_LEVEL:
        assert type(key.default) in (str, int, tuple), key.name
        assert key.metadata["meaning"].strip(), key.name
        default = tuple(sorted(key.default)) if type(key.default) is tuple else key.default
        assert getattr(checked, key.name) == default  # game lists are kept sorted
    assert checked.families == {
        name: dict(ranges) for name, ranges in configuration.families.DEFAULT_RANGES.items()
    }


@pytest.mark.parametrize("key", [key.name for key in configuration._of_type(int)])
def test_an_integer_key_is_refused_with_its_meaning(key):
    meaning = configuration.Config.__dataclass_fields__[key].metadata["meaning"]
    with pytest.raises(configuration.ConfigError) as refused:
        configuration.validate({**configuration.defaults(), key: 0})
    assert str(refused.value) == f"{key} ({meaning}) must be a positive integer (got 0)"


def test_the_messages_users_know_are_kept():
    def refusal(**changes):
        with pytest.raises(configuration.ConfigError) as refused:
            configuration.validate({**configuration.defaults(), **changes})
        return str(refused.value)

    assert refusal(terms="many") == (
        "terms (terms per sequence) must be a positive integer (got 'many')"
    )
    assert refusal(output=3) == "output must be a string (got 3)"
    assert refusal(data_url="ftp://x/") == (
        "data_url must be an address, http(s)://... ending in /, or \"\" for none (got 'ftp://x/')"
    )
    for address in ("github.com/o/r/issues", "https://x/new issue", "mailto:a@b"):
        assert refusal(issues_url=address) == (
            f'issues_url must be an address, http(s)://..., or "" for none (got {address!r})'
        )
    tracker = "https://github.com/OWNER/REPO/issues/new"  # no final "/": a page, not a folder
    assert configuration.validate({**configuration.defaults(), "issues_url": tracker})
    assert refusal(termz=1).startswith("unknown key 'termz'; did you mean 'terms'? (allowed: ")
    settings = configuration.defaults()
    del settings["deep"], settings["oeis_seconds"]
    with pytest.raises(configuration.ConfigError, match="^missing keys: deep, oeis_seconds$"):
        configuration.validate(settings)
