"""The README's tables of families, IDs and commands say what the package has."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from wythoff import families
from wythoff.cli.commands import COMMANDS, every_command
from wythoff.families import FAMILIES, docs

README_PATH = Path(__file__).parents[2] / "README.md"
README = README_PATH.read_text()
REMEDY = "regenerate it: python -m wythoff.families.docs README.md"


def test_the_families_table_is_the_catalogs():
    assert docs.families_table() in README, REMEDY


def test_the_ids_table_is_the_catalogs():
    assert docs.ids_table() in README, REMEDY


def test_update_puts_back_a_table_that_drifted():
    drifted = README.replace(docs.families_table(), "| family | paper |\n|---|---|\n| old |\n")
    assert drifted != README
    assert docs.update(drifted) == README


def examples(form: str, family: families.Family) -> list[str]:
    """IDs of ``form`` over the family's small ranges (a class or a shift from 0 to 3)."""
    names = re.findall(r"\{(\w+)\}", form)
    values = [
        range(family.small_ranges[n][0], family.small_ranges[n][1] + 1)
        if n in family.small_ranges
        else range(4)
        for n in names
    ]
    return [
        form.format(**dict(zip(names, chosen, strict=True)))
        for chosen in itertools.product(*values)
    ]


def resolves(identifier: str, resolve) -> bool:
    try:
        resolve(identifier)
    except families.CatalogError:
        return False
    return True


@pytest.mark.parametrize("key", list(FAMILIES))
def test_every_documented_form_resolves(key):
    family = FAMILIES[key]
    assert family.sequence_forms or family.game_forms, key
    for forms, resolve in (
        (family.sequence_forms, families.resolve_sequence),
        (family.game_forms, families.resolve_game),
    ):
        for form in forms:
            assert any(resolves(i, resolve) for i in examples(form, family)), form
    # and a form that is not the family's does not
    assert not any(resolves(i, families.resolve_sequence) for i in examples(key + "-x{n}", family))


def command_rows() -> dict[str, str]:
    """``{command: row}`` of the README's table of commands."""
    rows = re.findall(r"^\| `wythoff (\w+)(.*?)` \|", README, re.M)
    return {name: rest for name, rest in rows}


def test_the_commands_table_lists_every_command():
    assert sorted(command_rows()) == sorted(COMMANDS)


def test_every_documented_option_exists():
    commands = every_command()
    for name, synopsis in command_rows().items():
        options = {o for option in commands[name].options for o in option.names}
        for option in re.findall(r"--[a-z-]+", synopsis):
            assert option in options, f"wythoff {name} has no {option}"


def test_the_command_rewrites_a_file_and_refuses_bad_use(tmp_path, capsys):
    copy = tmp_path / "README.md"
    copy.write_text(README.replace(docs.ids_table(), "| family |\n"))
    assert docs.main([str(copy)]) == 0
    assert copy.read_text() == README
    assert docs.main([]) == 2 and "usage" in capsys.readouterr().err
    unmarked = tmp_path / "plain.md"
    unmarked.write_text("no tables here\n")
    with pytest.raises(ValueError, match="markers"):
        docs.main([str(unmarked)])


def readme_tables() -> list[str]:
    """The tables the README documents, in its table of tables."""
    section = README.split("<!-- tables -->")[1].split("<!-- /tables -->")[0]
    return re.findall(r"^\| `(\w+)` \|", section, flags=re.M)


def test_the_tables_table_is_the_models():
    from wythoff.db import schema

    assert schema.readme_table() in README, REMEDY


def test_the_tables_table_says_what_a_row_is_in_one_short_line():
    """One line a table, what a row is; the columns are described where the database
    and the site describe them (``schema_columns``), not again here."""
    from wythoff.db import schema

    section = README.split("<!-- tables -->")[1].split("<!-- /tables -->")[0]
    lines = section.strip().splitlines()[2:]
    assert len(lines) == len(readme_tables())
    assert max(len(line) for line in lines) <= 200
    for line in lines:
        table = re.match(r"\| `(\w+)` \|", line)[1]
        assert schema.summary(table).startswith(schema.headline(table).rstrip("."))
        assert not any(f"`{c.name}`:" in line for c in schema.columns(table)), line
    assert "schema_columns" in README.split("<!-- tables -->")[0]


FROM_AN_INDEX = re.compile(r"pip install '?wythoff-sequences\b")
"""An install command that takes the package from a package index, which has it not."""


def test_the_readme_installs_what_exists():
    """No package index has the package yet: the README says what works today."""
    assert not FROM_AN_INDEX.search(README)
    assert "pip install ." in README and "site/guide/publish.md" in README


@pytest.mark.parametrize(
    "page",
    sorted(p for p in (README_PATH.parent / "site").rglob("*.md") if p.name != "publish.md"),
    ids=lambda p: p.relative_to(README_PATH.parent).as_posix(),
)
def test_no_page_installs_from_an_index(page):
    """Every page says what works today (from a checkout); the publishing guide alone
    names the index, as the step a release would take."""
    assert not FROM_AN_INDEX.search(page.read_text()), page


def test_the_apis_tables_are_the_readmes():
    from wythoff import api
    from wythoff.db import PUBLIC_TABLES

    assert readme_tables() == list(PUBLIC_TABLES)
    assert api.TABLES == PUBLIC_TABLES


def test_every_public_table_is_in_the_schema():
    from wythoff.db import PUBLIC_TABLES, models

    schema = set(models.Base.metadata.tables) | set(models.VIEWS)
    assert set(PUBLIC_TABLES) <= schema
    storage = {table for tables in models.STORED_AS.values() for table in tables}
    assert schema - set(PUBLIC_TABLES) == storage  # storage of views


def test_the_readme_is_short_and_links_the_rest():
    """A reference read in minutes: at most 250 lines, the long reference in the site's
    pages, each linked from it by its source under site/ (a link that resolves)."""
    assert len(README.splitlines()) <= 250
    root = Path(__file__).parents[2]
    links = re.findall(r"\]\((site/[^)#]+)\)", README)
    assert {"site/guide/build.md", "site/guide/publish.md", "site/reliability.md"} <= set(links)
    assert all((root / link).is_file() for link in links), links
    assert "make check" in README and "\nmake " in README
