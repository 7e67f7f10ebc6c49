"""Licences, citation and provenance: the files a user or a data portal reads
to know what a build is, who made it and under which terms."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import zipfile
from pathlib import Path

import frictionless
import jsonschema
import pytest
import wythoff
import yaml
from wythoff.pipeline import provenance

REPO = Path(__file__).resolve().parents[2]


def test_citation_is_valid_cff_and_names_this_version():
    citation = yaml.safe_load((REPO / "CITATION.cff").read_text())
    schema = json.loads((REPO / "tests" / "reference" / "cff-schema-1.2.0.json").read_text())
    jsonschema.validate(citation, schema)
    assert citation["version"] == wythoff.__version__
    assert citation["license"] == provenance.LICENCE


def test_an_invalid_citation_is_refused_by_the_schema():
    schema = json.loads((REPO / "tests" / "reference" / "cff-schema-1.2.0.json").read_text())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"cff-version": "1.2.0", "title": "x"}, schema)  # no authors


def test_licences_and_changelog_are_there():
    assert "MIT License" in (REPO / "LICENSE").read_text()
    data = (REPO / "LICENSE-DATA.md").read_text()
    assert "CC BY 4.0" in data and "CC BY-SA 4.0" in data
    changelog = (REPO / "CHANGELOG.md").read_text()
    assert "## [Unreleased]" in changelog and "## [0.1.0]" in changelog


@pytest.mark.slow
def test_build_info_records_version_commit_licence_and_citation(small_build):
    with sqlite3.connect(small_build.database) as connection:
        info = dict(connection.execute("SELECT key, value FROM build_info"))
    head = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    assert info["version"] == wythoff.__version__
    assert info["git_commit"].removesuffix("+dirty") == head
    assert info["licence"].startswith("CC-BY-4.0") and info["citation"] == provenance.citation()
    read = json.loads(info["inputs"])  # the shipped OEIS excerpt, and no cache
    assert read["oeis_stripped"] == read["oeis_entries"] == "the excerpt shipped with the package"
    assert read["cache"] == provenance.NO_CACHE
    metadata = json.loads((small_build.output / "metadata.json").read_text())
    assert metadata["git_commit"] == info["git_commit"] and metadata["citation"] == info["citation"]


@pytest.mark.slow
def test_bfiles_open_with_source_licence_and_citation(small_build):
    lines = (small_build.output / "bfiles" / "wythoff-a.txt").read_text().splitlines()
    assert lines[0].startswith("# wythoff-a: ")
    assert lines[1].startswith(f"# Source: wythoff-sequences {wythoff.__version__}")
    assert "creativecommons.org/licenses/by/4.0" in lines[2]
    assert lines[3] == f"# Cite as: {provenance.citation()}"
    assert lines[4] == "0 0"


@pytest.mark.slow
def test_datapackage_validates_and_describes_every_csv(small_build):
    package_path = small_build.output / "datapackage.json"
    report = frictionless.validate(str(package_path))
    assert report.valid, report.flatten(["resourcePath", "rowNumber", "fieldName", "type"])[:5]
    package = json.loads(package_path.read_text())
    described = {resource["path"] for resource in package["resources"]}
    output = small_build.output / "current"  # the published build's own folder
    on_disk = {path.relative_to(output).as_posix() for path in output.rglob("*.csv")}
    assert described == on_disk
    with zipfile.ZipFile(small_build.output / "wythoff-data.zip") as archive:
        assert "datapackage.json" in archive.namelist()


@pytest.mark.slow
def test_datapackage_catches_a_broken_file(small_build, tmp_path):
    """The description is strict enough to fail: a text value in an integer column."""
    import shutil

    copy = tmp_path / "export"
    shutil.copytree(small_build.output / "csv", copy / "csv")
    shutil.copy(small_build.output / "datapackage.json", copy)
    target = copy / "csv" / "sequences" / "wythoff-a.csv"
    target.write_text(target.read_text().replace("\n3,4\n", "\n3,four\n"))
    assert not frictionless.validate(str(copy / "datapackage.json")).valid
