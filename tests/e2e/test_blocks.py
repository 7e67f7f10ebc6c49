"""The build streamed in blocks: however small its blocks, a build holds what the same
build in one block holds, table by table and file by file (all but the build's id)."""

from __future__ import annotations

import os

import pytest
from wythoff import config as configuration
from wythoff import families
from wythoff.families import blocks

from tests.helpers.commands import TINY_BUILD_DATE, copy_of_tiny_build, tiny_config, wythoff
from tests.helpers.published import assert_same_build

DATE = {**os.environ, "SOURCE_DATE_EPOCH": TINY_BUILD_DATE}  # the tiny build's date


def test_a_build_in_many_small_blocks_equals_the_build_in_one(tmp_path, tiny_build):
    config = tiny_config(tmp_path)
    text = config.read_text()
    plans = {}
    for size in (100_000, 3):  # the same configuration, but the blocks' size
        config.write_text(text.replace("[families]", f"block_games = {size}\n\n[families]"))
        catalog = families.build(configuration.load(config).families)
        plans[size] = len(list(blocks.plan(catalog, size)))
    # the build in one block: the shared tiny build (its blocks, of the default size, hold
    # every game at once too), on the same date
    assert len(list(blocks.plan(catalog, configuration.Config().block_games))) == 2
    wythoff("build", "--config", str(config), "--quiet", env=DATE)
    assert plans[100_000] == 2  # the games, then the sequences of no game
    assert plans[3] > 10  # the same, three at a time
    moved = (str(tiny_build.root), str(tmp_path))  # the folder its settings name
    assert_same_build((tiny_build.output / "current").resolve(), tmp_path / "data", moved)


def test_a_check_failing_in_the_last_block_publishes_nothing(tmp_path, monkeypatch, tiny_build):
    from wythoff.families.evidence import check
    from wythoff.pipeline import run, verify

    config = copy_of_tiny_build(tiny_build, tmp_path)  # the build published before
    config.write_text(config.read_text().replace("[families]", "block_games = 3\n\n[families]"))
    output = tmp_path / "data"
    published = (output / "current").resolve()
    database = (output / "wythoff.sqlite").read_bytes()
    settings = configuration.load(config)
    last = list(families.build(settings.families).sequences)[-1]
    real = verify.sequence_checks

    def failing(record, values):  # the last sequence's terms are wrong
        found = real(record, values)
        return found + [check(last, "a planted failure", "-", "-", "wrong")] * (record.id == last)

    monkeypatch.setattr(verify, "sequence_checks", failing)
    writers = []  # the process writing the terms' files ends before its folder is removed

    class Watched(run.TermsWriter):
        def __init__(self, *arguments) -> None:
            super().__init__(*arguments)
            writers.append(self)

    remove = run.transaction.abandon

    def abandon(publication, *arguments) -> None:
        assert writers and not any(w.running for w in writers), "a writer outlived its folder"
        remove(publication, *arguments)

    monkeypatch.setattr(run, "TermsWriter", Watched)
    monkeypatch.setattr(run.transaction, "abandon", abandon)
    with pytest.raises(verify.VerificationFailed, match="a planted failure"):
        run.build(settings, quiet=True, workers=1)
    assert (output / "current").resolve() == published
    assert sorted((output / ".builds").iterdir()) == [published]  # the staged folder is gone
    assert (output / "wythoff.sqlite").read_bytes() == database
