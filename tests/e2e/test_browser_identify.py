# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The Identify page gives the same answers as ``wythoff identify``, in the browser.

The first 40 terms of floor(n*sqrt(3)) are identified on the small build's site
and by the real command on the same database: the page's lines are the command's
text output, line for line (spaces collapsed) (the JSON's alpha interval, stored sequences and
catalog slopes held are checked by name too); a malformed input gives one
message; axe-core finds nothing on the page with an answer shown.
"""

from __future__ import annotations

import json
from math import isqrt

import pytest
from playwright.sync_api import Page

from tests.helpers.browser import axe_violations, open_tool
from tests.helpers.commands import wythoff

SQRT3 = [isqrt(3 * n * n) for n in range(1, 41)]


def identify_on_page(page: Page, url: str, terms: str, offset: str) -> list[str]:
    """Type the terms, choose the first index, press Identify: the answer's lines."""
    page.fill("#identify-input", terms)
    page.select_option("#identify-offset", offset)
    page.evaluate("() => document.getElementById('identify-results').replaceChildren()")
    page.click("#identify-button")
    page.wait_for_selector("#identify-results > *:not(.tool-message)")
    return words(page.locator("#identify-results li").all_inner_texts())


def words(lines: list[str]) -> list[str]:
    """Lines with their spaces collapsed: the command indents with spaces, the page
    with a margin."""
    return [" ".join(line.split()) for line in lines]


@pytest.mark.browser
def test_the_page_gives_the_answers_of_the_command(page, site_url, small_build):
    terms = " ".join(map(str, SQRT3))
    command = ["identify", "--config", str(small_build.config), *terms.split(), "--offset", "1"]
    text = wythoff(*command).stdout.splitlines()
    answer = json.loads(wythoff(*command, "--format", "json").stdout)
    watch = open_tool(page, site_url + "search/identify/", "identify-tool")

    lines = identify_on_page(page, site_url, terms, "1")

    assert lines == words(text)
    beatty = answer["beatty_by_offset"]["1"]
    low, high = beatty["alpha"]
    assert f"alpha is in ({low}, {high})" in "\n".join(lines)
    assert "sqrt(3)" in beatty["irrationals"]
    links = page.locator("#identify-results li a").all_inner_texts()
    assert {s["id"] for s in answer["sequences"]} <= set(links)
    assert beatty["holds"] and set(beatty["holds"]) <= set(links)
    assert watch.errors == []


@pytest.mark.browser
def test_the_default_offsets_and_transforms_match_the_command(page, site_url, small_build):
    terms = "0 1 3 4 6 8 9 11 12 14 16 17 19 21 22 24"  # floor(n*phi) from n = 0
    text = wythoff("identify", "--config", str(small_build.config), *terms.split()).stdout
    open_tool(page, site_url + "search/identify/", "identify-tool")

    lines = identify_on_page(page, site_url, terms, "both")

    assert lines == words(text.splitlines())


@pytest.mark.browser
def test_the_simplest_first_index_and_the_ruled_out_terms_match_the_command(
    page, site_url, small_build
):
    """floor(n*(1 + sqrt(3))/2), n = 1 .. 200, the first index left open: the page and
    the command both read it from 1, where its form is simplest, and word a ruled-out
    slope and every fraction alike."""
    terms = " ".join(str((n + isqrt(3 * n * n)) // 2) for n in range(1, 201))
    text = wythoff("identify", "--config", str(small_build.config), *terms.split()).stdout
    assert "read with the first index 1" in text.splitlines()[1]
    open_tool(page, site_url + "search/identify/", "identify-tool")

    lines = identify_on_page(page, site_url, terms, "both")

    assert lines == words(text.splitlines())


@pytest.mark.browser
def test_a_malformed_input_gives_one_clear_message(page, site_url):
    open_tool(page, site_url + "search/identify/", "identify-tool")
    page.fill("#identify-input", "1, 3, x5, 6")
    page.click("#identify-button")
    error = page.locator("#identify-results .tool-error")
    error.wait_for()
    assert error.count() == 1
    assert error.inner_text() == (
        'Not an integer: "x5". Terms are whole numbers separated by commas or spaces.'
    )
    assert page.locator("#identify-results li").count() == 0


@pytest.mark.browser
def test_the_page_with_an_answer_passes_axe_and_says_its_cost(page, site_url):
    open_tool(page, site_url + "search/identify/", "identify-tool")
    identify_on_page(page, site_url, " ".join(map(str, SQRT3)), "1")
    cost = page.locator("#identify-results .identify-cost")
    assert float(cost.get_attribute("data-computing")) >= 0
    assert int(cost.get_attribute("data-bytes")) >= 0
    page.mouse.move(0, 0)  # the theme's hover colour is not the page's
    page.evaluate("() => document.activeElement?.blur()")
    assert axe_violations(page) == []
