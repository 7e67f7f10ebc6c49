"""The scheduler setting: a Dask scheduler's address or nothing, checked in one line,
and never part of what a build records (where it ran is not what it holds); and the
families' ranges, a parameter that numbers optional records left out at will."""

from __future__ import annotations

import json

import pytest
from wythoff import config as configuration


def with_scheduler(address: str) -> configuration.Config:
    return configuration.validate({**configuration.defaults(), "scheduler": address})


@pytest.mark.parametrize(
    "address", ["", "tcp://127.0.0.1:8786", "tls://scheduler.example.org:8786", "tcp://[::1]:8786"]
)
def test_a_scheduler_address_is_accepted(address):
    assert with_scheduler(address).scheduler == address


@pytest.mark.parametrize(
    "address", ["8786", "127.0.0.1:8786", "http://host:8786", "tcp://host", "tcp://a b:1"]
)
def test_anything_else_is_refused_in_one_line(address):
    with pytest.raises(configuration.ConfigError, match="tcp://host:8786") as refused:
        with_scheduler(address)
    assert "\n" not in str(refused.value)


def test_the_default_is_this_machine():
    assert configuration.load().scheduler == ""


def test_the_recorded_configuration_leaves_the_scheduler_out():
    local, remote = with_scheduler(""), with_scheduler("tcp://127.0.0.1:8786")
    assert local.as_json() == remote.as_json()
    assert "scheduler" not in json.loads(local.as_json())


class TestFamilyRanges:
    def validate(self, table):
        return configuration.validate({**configuration.defaults(), "families": table})

    def test_an_optional_parameter_may_be_left_out(self):
        from wythoff import families

        chosen = self.validate({"wythoff": {}}).families
        assert chosen == {"wythoff": {}}
        built = families.build(chosen).sequences
        assert "wythoff-a" in built and not any("-grundy-row" in s for s in built)
        rows = families.build(self.validate({"wythoff": {"row": [1, 3]}}).families).sequences
        assert [s for s in rows if "-grundy-row" in s] == [
            f"wythoff-grundy-row{r}" for r in (1, 2, 3)
        ]

    def test_a_required_parameter_is_refused_in_one_line(self):
        with pytest.raises(configuration.ConfigError, match="families.connell needs a range for k"):
            self.validate({"connell": {}})
