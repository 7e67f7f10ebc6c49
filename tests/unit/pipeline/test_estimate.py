"""What a build would hold and need, from the catalog alone: its counts are the
catalog's, and a build that could not fit this machine is refused in one line."""

from __future__ import annotations

import pytest
from wythoff import config as configuration
from wythoff import families
from wythoff.pipeline import estimate


def small(**changes: object) -> configuration.Config:
    ranges = {"wythoff": {}, "fraenkel": {"a": [1, 3]}}
    return configuration.validate({**configuration.defaults(), "families": ranges, **changes})


def test_the_estimate_counts_the_catalog_s_sequences_games_and_terms():
    config = small(terms=500)
    catalog = families.build(config.families)
    need = estimate.estimate(config)
    assert (need.sequences, need.games) == (len(catalog.sequences), len(catalog.games))
    assert need.term_rows == sum(
        min(config.terms_of_sequence(r), config.max_digits * 5 + 10)
        if r.growth == "exponential"
        else config.terms_of_sequence(r)
        for r in catalog.sequences.values()
    )
    assert need.disk_bytes >= need.term_rows * estimate.BYTES_PER_TERM_ROW
    more = estimate.estimate(small(terms=5000))
    assert more.term_rows > need.term_rows and more.disk_bytes > need.disk_bytes


def test_a_build_too_large_for_the_machine_is_refused_in_one_line():
    with pytest.raises(configuration.ConfigError, match="would need about") as refused:
        estimate.check_resources(small(terms=10**12))
    assert "\n" not in str(refused.value)
    assert estimate.check_resources(small(terms=100)).sequences > 0
