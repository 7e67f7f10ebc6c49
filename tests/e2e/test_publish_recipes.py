"""The deploy recipes: the GitHub Pages workflow is valid for GitHub (its workflow
schema, checked offline by check-jsonschema) and builds the site as the README
says; the headers file for Cloudflare Pages and Netlify is published at the
site's root and names the database's parts as they are published."""

from __future__ import annotations

import fnmatch
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WORKFLOW = REPO / ".github" / "workflows" / "pages.yml"
CHECK = shutil.which("check-jsonschema") or str(Path(sys.executable).with_name("check-jsonschema"))


def test_the_pages_workflow_is_valid_for_github():
    done = subprocess.run(
        [CHECK, "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_pages_workflow_builds_the_site_with_its_address_and_uploads_it():
    text = WORKFLOW.read_text()
    assert "site_url = " in text and 'host = "github"' in text
    assert "wythoff build --config publish.toml" in text
    assert "wythoff site --config publish.toml" in text
    assert "path: build/site" in text and "actions/deploy-pages@" in text


def test_the_headers_file_names_the_published_parts(small_build):
    headers = (small_build.site / "_headers").read_text().splitlines()
    patterns = [line for line in headers if line.startswith("/")]
    parts = [p for p in (small_build.site / "assets" / "data").iterdir() if ".sqlite.0" in p.name]
    assert parts
    for part in parts:
        path = "/" + part.relative_to(small_build.site).as_posix()
        rules = [p for p in patterns if fnmatch.fnmatch(path, p)]
        assert rules, path
        rule = headers[headers.index(rules[0]) + 1 :]
        assert "no-transform" in rule[0]
