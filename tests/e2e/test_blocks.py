"""The build streamed in blocks: however small its blocks, a build holds what the same
build in one block holds, table by table and file by file (all but the build's id)."""

from __future__ import annotations

import os
import shutil

import pytest
from wythoff import config as configuration
from wythoff import families
from wythoff.families import blocks

from tests.helpers.commands import tiny_config, unmeasured, wythoff
from tests.helpers.published import assert_same_build

DATE = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}  # one build date for both
ONE = {**unmeasured(), "SOURCE_DATE_EPOCH": "1700000000"}


def test_a_build_in_many_small_blocks_equals_the_build_in_one(tmp_path):
    config = tiny_config(tmp_path)
    text = config.read_text()
    plans = {}
    for size in (100_000, 3):  # the same configuration and output, but the blocks' size
        config.write_text(text.replace("[families]", f"block_games = {size}\n\n[families]"))
        catalog = families.build(configuration.load(config).families)
        plans[size] = len(list(blocks.plan(catalog, size)))
        if size == 3:
            reference = tmp_path / "in-one-block"
            shutil.copytree((tmp_path / "data" / "current").resolve(), reference)
        # the build in one block runs no line that other builds do not: unmeasured
        wythoff("build", "--config", str(config), "--quiet", env=DATE if size == 3 else ONE)
    assert plans[100_000] == 2  # the games, then the sequences of no game
    assert plans[3] > 10  # the same, three at a time
    assert_same_build(reference, tmp_path / "data")


def test_a_check_failing_in_the_last_block_publishes_nothing(tmp_path, monkeypatch):
    from wythoff import pipeline
    from wythoff.families.evidence import check
    from wythoff.pipeline import verify

    config = tiny_config(tmp_path)
    config.write_text(config.read_text().replace("[families]", "block_games = 3\n\n[families]"))
    wythoff("build", "--config", str(config), "--quiet", env=unmeasured())  # measured above
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
    with pytest.raises(verify.VerificationFailed, match="a planted failure"):
        pipeline.build(settings, quiet=True, workers=1)
    assert (output / "current").resolve() == published
    assert sorted((output / ".builds").iterdir()) == [published]  # the staged folder is gone
    assert (output / "wythoff.sqlite").read_bytes() == database
