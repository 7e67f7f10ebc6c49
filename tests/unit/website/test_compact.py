"""The pages without their invisible whitespace (wythoff.website.compact): the same
document for the browser, element for element and attribute for attribute, with the
same text once whitespace is collapsed as HTML renders it, and the text of ``pre``,
``code``, ``textarea`` and ``script`` exactly as written."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from wythoff.website import compact

KEPT = {"pre", "code", "kbd", "textarea", "script", "style"}


class Events(HTMLParser):
    """What a browser builds from a page: tags with their attributes, and text, with
    each run of ASCII whitespace one space outside the elements that keep theirs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[tuple[str, ...]] = []
        self.kept = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("svg", "math"):  # in its namespace by its name, whatever xmlns says
            attrs = [(name, value) for name, value in attrs if name != "xmlns"]
        self.events.append(("start", tag, repr(attrs)))
        self.kept += tag in KEPT

    def handle_endtag(self, tag):
        self.events.append(("end", tag))
        self.kept -= tag in KEPT

    def handle_data(self, data):
        text = data if self.kept else re.sub(r"[ \t\r\n]+", " ", data)
        if self.events and self.events[-1][0] == "text":
            text = self.events.pop()[1] + text
            if not self.kept:
                text = re.sub(" +", " ", text)
        self.events.append(("text", text))


def events(html: str) -> list[tuple[str, ...]]:
    parser = Events()
    parser.feed(html)
    parser.close()
    return parser.events


PAGE = """<!doctype html>
<html lang="en">
  <head>
    <style>
      .a  { color: red }
    </style>
    <script>var s = `two
        lines`;</script>
  </head>
  <body>
    <nav class="md-nav">
      <ul>
        <li class="md-nav__item">
          <a href="../x/" class="md-nav__link">
            <span class="md-ellipsis">
              Find
            </span>
          </a>
        </li>
      </ul>
    </nav>


    <a class="md-logo"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path
      d="M12 8a3 3 0 0 0 3-3"/></svg></a>
    <span class="katex"><math aria-label="n" xmlns="http://www.w3.org/1998/Math/MathML"><mi>n</mi></math></span>
    <p>one <em>two</em>
       three&nbsp;\u00a0 four\u2009five   </p>
    <pre><code>def a(n):
    return n
</code></pre>
    <p>inline <code>a  =
      b</code> and <kbd>Ctrl</kbd>
    </p>
    <textarea>
  kept
    </textarea>
    <input id="q"
           type="search"
           value="a   b">
  </body>
</html>
"""


def test_the_browser_reads_the_same_document():
    small = compact.compact(PAGE)
    assert events(small) == events(PAGE)
    assert len(small) < 0.8 * len(PAGE)


def test_no_line_starts_with_whitespace_outside_the_kept_elements():
    small = compact.compact(PAGE)
    outside = compact.KEPT.sub("<kept>", small)
    assert not re.search(r"\n[ \t]", outside) and "\n\n" not in outside
    for kept in ("    return n\n", "a  =\n      b", "\n  kept\n    ", "two\n        lines"):
        assert kept in small
    assert "xmlns" not in small and '<math aria-label="n"><mi>' in small
    assert "\nthree&nbsp;\u00a0 four\u2009five   </p>" in small  # Unicode spaces are text


def test_compacting_twice_changes_nothing():
    once = compact.compact(PAGE)
    assert compact.compact(once) == once
