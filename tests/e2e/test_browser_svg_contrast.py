# ruff: noqa: F811  (the fixtures imported below are parameters of the tests)
"""The text of every picture drawn inline (SVG) readable in both colour schemes.

axe-core computes no contrast inside SVG, so this test does it: for each visible
``<text>`` of an inline SVG, its fill against what lies beneath it on the page (the
shapes of the drawing and the boxes of the page under its centre, composited down to
the first opaque one), by WCAG 2's relative luminance, at least 4.5:1.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.helpers.browser import visit

FLOOR = 4.5  # WCAG 2 AA for text of normal size

CONTRASTS = """() => {
    const rgba = (colour) => {
        const found = /rgba?\\(([^)]*)\\)/.exec(colour || "");
        if (!found) return null;
        const parts = found[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
        return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
    };
    const channel = (v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ([r, g, b]) =>
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const over = (top, bottom) =>
        [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
    const alpha = (style) => Number(style.fillOpacity) * Number(style.opacity);
    // The paint of one layer under the text: an SVG shape's fill, a box's background.
    const paint = (element) => {
        const style = getComputedStyle(element);
        if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) {
            if (element.tagName === "image") return "picture";
            const fill = style.fill === "none" ? null : rgba(style.fill);
            if (!fill) return null;
            return [fill[0], fill[1], fill[2], fill[3] * alpha(style)];
        }
        const background = rgba(style.backgroundColor);
        return background && background[3] > 0 ? background : null;
    };
    const results = [];
    for (const text of document.querySelectorAll("svg text")) {
        if (!text.checkVisibility() || !text.textContent.trim()) continue;
        text.scrollIntoView({ block: "center", inline: "center" });
        const box = text.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const stack = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        const at = stack.indexOf(text);
        const beneath = at >= 0 ? stack.slice(at + 1) : stack.filter((e) => e.contains(text));
        const layers = [];
        let ground = null;
        for (const element of beneath) {
            const layer = paint(element);
            if (layer === "picture") { ground = "picture"; break; }
            if (!layer) continue;
            if (layer[3] >= 1) { ground = layer; break; }
            layers.push(layer);
        }
        const style = getComputedStyle(text);
        const words = text.textContent.trim();
        if (ground === "picture") {
            results.push({ words, ratio: null, fill: style.fill, ground });
            continue;
        }
        let background = ground || [255, 255, 255, 1];  // the canvas
        for (const layer of layers.reverse()) background = over(layer, background);
        const fill = rgba(style.fill);
        const under = String(background);
        if (!fill) {
            results.push({ words, ratio: null, fill: style.fill, ground: under });
            continue;
        }
        const ink = over([fill[0], fill[1], fill[2], fill[3] * alpha(style)], background);
        const [light, dark] = [luminance(ink), luminance(background)].sort((a, b) => b - a);
        const ratio = (light + 0.05) / (dark + 0.05);
        results.push({ words, ratio, fill: style.fill, ground: under });
    }
    return results;
}"""


def svg_text_contrasts(page: Page) -> list[dict]:
    """Each visible text of the page's inline SVG: its words, fill, the colour beneath
    it and their contrast ratio (``None`` when its fill is no colour or it lies on a
    picture, where no ratio can be computed)."""
    return page.evaluate(CONTRASTS)


def draw_every_board(page: Page) -> None:
    """Scroll each board of the page into view and wait until it is drawn (a board
    reads its positions when it comes into view)."""
    for board in page.locator(".wy-board").all():
        board.scroll_into_view_if_needed()
        page.wait_for_selector('.wy-board[data-ready="true"] svg text')


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    ("path", "least"),
    [
        ("games/wythoff/", 25),  # the Sprague-Grundy picture and the board
        ("games/larsson-shifted-m2-p3-l1/", 25),  # a board with squares off the board
        ("games/connell-k3/", 10),  # a game with no Sprague-Grundy picture: the board
    ],
)
def test_every_svg_text_has_a_contrast_of_at_least_4_5(page, site_url, path, least, scheme):
    page.emulate_media(color_scheme=scheme)
    watch = visit(page, site_url + path)
    draw_every_board(page)
    contrasts = svg_text_contrasts(page)
    assert len(contrasts) >= least, contrasts
    unreadable = [c for c in contrasts if c["ratio"] is None or c["ratio"] < FLOOR]
    assert unreadable == []
    assert watch.errors == []


@pytest.mark.browser
def test_the_contrast_measure_sees_grey_on_dark(page, site_url):
    """The measure itself: the grey the Sprague-Grundy labels were once drawn in,
    rgb(51, 51, 51), on the dark scheme's page is found below the floor (1.27:1)."""
    page.emulate_media(color_scheme="dark")
    visit(page, site_url + "games/wythoff/")
    page.add_style_tag(content=".wy-grundy-svg { fill: #333 !important; }")
    contrasts = svg_text_contrasts(page)
    grey = [c for c in contrasts if c["fill"] == "rgb(51, 51, 51)"]
    assert len(grey) >= 25
    assert all(1.2 < c["ratio"] < 1.35 for c in grey), grey
