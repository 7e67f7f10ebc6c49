"""Fuzzing the command line and the configuration: whatever a user types, the
command ends with status 0 or 2, says what is wrong in one line, never shows a
traceback, and writes no file outside the output it was given."""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wythoff import config as configuration
from wythoff.cli import main
from wythoff.families import FAMILIES
from wythoff.pipeline import estimate

pytestmark = pytest.mark.slow

SEQUENCES = [
    "wythoff-a",
    "connell-k3-u1",
    "fraenkel-a2-p",
    "larsson-m2-p3-phi",
    "modular-a",
    "larsson-modulo-m2-p3-l2-c",
    "beatty-sqrt2-a",
]
GAMES = [
    "wythoff",
    "wythoff-misere",
    "connell-k3",
    "fraenkel-a2",
    "larsson-blocking-m2-p3",
    "larsson-modulo-m2-p3-l2",
    "larsson-shifted-m2-p3-l1",
    "modular-m5",
]
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))

identifiers = st.one_of(
    st.sampled_from(SEQUENCES + GAMES),
    st.sampled_from(SEQUENCES + GAMES).map(lambda s: s.replace("-", "_")),
    st.sampled_from(
        [
            "connell-k0-u0",
            "connell-k3-u3",
            "fraenkel-a0-a",
            "larsson-m0-p1-a",
            "modular-m0",
            "larsson-modulo-m2-p3-l9",
            "connell-k99999999999999999-u1",
        ]
    ),
    st.text(max_size=30),
)
numbers = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.integers(0, 10**400).map(str),
    st.sampled_from(
        [
            "",
            " ",
            "1e5",
            "0x10",
            "1_000",
            "--1",
            "٣",
            "1.5",
            "nan",
            "-0",
            "+7",
            "9" * 5000,
            "\x00",
            "1 2",
        ]
    ),
    st.text(max_size=8),
)
small = st.one_of(st.integers(-5, 300).map(str), st.sampled_from(["", "x", "1e3", "-1"]))
formats = st.sampled_from(["text", "csv", "json", "xml", ""])


@st.composite
def argvs(draw) -> list[str]:
    command = draw(
        st.sampled_from(
            [
                "terms",
                "position",
                "ppositions",
                "sql",
                "defaults",
                "oops",
                "--version",
                "--help",
                "build",
                "site",
            ]
        )
    )
    argv = [command]
    if command == "terms":
        argv += [draw(identifiers)]
        if draw(st.booleans()):
            argv += ["--start", draw(numbers)]
        argv += ["--count", draw(small)]
    elif command == "position":
        argv += [draw(identifiers), draw(numbers), draw(numbers)]
    elif command == "ppositions":
        argv += [draw(identifiers), "--max", draw(small)]
        if draw(st.booleans()):
            argv.append("--solver")
    elif command == "sql":
        argv += [
            draw(st.text(max_size=60)),
            "--db",
            draw(
                st.sampled_from(["nowhere.sqlite", "postgresql+nodriver://x/y", "", "sqlite:///"])
            ),
        ]
    elif command in ("build", "site"):
        argv += ["--config", draw(st.sampled_from(["missing.toml", "", "/", "."]))]
    if command in ("terms", "position", "ppositions", "sql") and draw(st.booleans()):
        argv += ["--format", draw(formats)]
    if draw(st.booleans()):
        argv.append(draw(st.sampled_from(["--bogus", "-x", "--count", "extra", "--", "-5"])))
    return argv


@contextlib.contextmanager
def in_empty_directory() -> Iterator[Path]:
    previous = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            yield Path(folder)
        finally:
            os.chdir(previous)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def assert_clean(status: int, err: str) -> None:
    assert status in (0, 2), (status, err)
    assert "Traceback" not in err
    if status == 2:
        assert err.startswith("wythoff: error: ") and err.count("\n") == 1, err


@FUZZ
@given(argvs())
def test_every_command_line_ends_cleanly_and_writes_nothing(argv):
    with in_empty_directory() as folder:
        status, _, err = run(argv)
        assert_clean(status, err)
        assert list(folder.iterdir()) == [], argv


settings_keys = st.sampled_from([*configuration.ALLOWED_KEYS, "term", "Families", "site_url"])
values = st.one_of(
    st.integers(-(10**20), 10**20),
    st.text(max_size=10),
    st.booleans(),
    st.floats(),
    st.lists(st.integers(-5, 10**12), max_size=3),
    st.just({}),
)
ranges = st.one_of(
    st.lists(st.integers(-3, 10**9), min_size=0, max_size=3),
    st.text(max_size=5),
    st.integers(),
    st.just([2, 1]),
    st.just([True, 3]),
)
PARAMETER_NAMES = sorted({p for f in FAMILIES.values() for p in f.family.parameters} | {"q"})
families = st.dictionaries(
    st.sampled_from([*FAMILIES, "beatty", "conell"]),
    st.one_of(
        st.dictionaries(st.sampled_from(PARAMETER_NAMES), ranges, max_size=3),
        st.integers(),
        st.text(max_size=3),
    ),
    max_size=3,
)


def toml_text(table: dict) -> str:
    lines = []
    for key, value in table.items():
        if key == "families":
            continue
        lines.append(f"{key} = {toml_value(value)}")
    if "families" in table and isinstance(table["families"], dict):
        lines.append("[families]")
        for name, params in table["families"].items():
            lines.append(f"{name} = {toml_value(params)}")
    return "\n".join(lines) + "\n"


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.encode("unicode_escape").decode().replace('"', '\\"') + '"'
    if isinstance(value, float):
        return (
            "nan"
            if value != value
            else (
                "inf"
                if value == float("inf")
                else "-inf"
                if value == float("-inf")
                else repr(value)
            )
        )
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return str(value)


@FUZZ
@given(st.dictionaries(settings_keys, values, max_size=4), families)
def test_every_configuration_is_validated_in_one_line(overrides, family_table):
    table = {**overrides, "families": family_table}
    text = toml_text(table)
    with in_empty_directory() as folder:
        path = folder / "fuzz.toml"
        path.write_text(text)
        try:
            settings_ = configuration.load(path)
            estimate.check_resources(settings_)
            valid = True
        except configuration.ConfigError as error:
            assert "\n" not in str(error)
            valid = False
        if not valid:  # the command says the same in one line, and writes nothing
            status, _, err = run(["build", "--config", str(path)])
            assert status == 2 and err.startswith("wythoff: error: config: ")
            assert err.count("\n") == 1
            assert sorted(p.name for p in folder.iterdir()) == ["fuzz.toml"]
