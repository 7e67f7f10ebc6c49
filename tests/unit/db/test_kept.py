"""A mapping read when asked keeps the last few values it read: it gives what a
plain dict gives, and reads again exactly what a naive list of the last KEPT keys
asked does not hold."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wythoff.db.kept import ReadWhenAsked

KEYS = {f"s{i}": i for i in range(9)}


class Squares(ReadWhenAsked[int]):
    KEPT = 3

    def __init__(self) -> None:
        super().__init__(KEYS)
        self.reads: list[str] = []

    def read(self, key: str) -> int:
        self.reads.append(key)
        return KEYS[key] ** 2


@given(st.lists(st.sampled_from(sorted(KEYS)), max_size=60))
def test_values_are_read_again_only_once_they_are_no_longer_kept(asked):
    mapping, recent, expected_reads = Squares(), [], []
    for key in asked:
        assert mapping[key] == KEYS[key] ** 2
        if key in recent:
            recent.remove(key)
        else:
            expected_reads.append(key)
        recent = [*recent, key][-Squares.KEPT :]
    assert mapping.reads == expected_reads


def test_membership_length_and_keys_read_nothing():
    mapping = Squares()
    assert "s3" in mapping and "t" not in mapping and 3 not in mapping
    assert len(mapping) == len(KEYS) and list(mapping) == list(KEYS)
    with pytest.raises(KeyError):
        mapping["t"]
    assert mapping.get("t") is None and mapping.reads == []
