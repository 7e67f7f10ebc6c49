"""Where a built site's bytes go, against another build of it: per kind of file, and
within the HTML pages per part of the page (the theme's head, header, navigation,
table of contents and footer; the article's tables, inline SVG, formulas and the
rest), each with its ratio to the baseline.

Build both sites from the same database (``wythoff site --db DB --output DIR``, at
each revision), then run: ``python bench/site_weight.py BASELINE_SITE SITE``.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

THEME = {  # a part of every page: where it starts (its element's end ends it)
    "head": (r"<head>", "head"),
    "header": (r"<header\b", "header"),
    "navigation": (r'<div class="md-sidebar md-sidebar--primary"', "div"),
    "contents": (r'<div class="md-sidebar md-sidebar--secondary"', "div"),
    "footer": (r"<footer\b", "footer"),
}
ARTICLE = {  # a part of the article
    "tables": (r"<table\b", "table"),
    "svg": (r"<svg\b", "svg"),
    "formulas": (r'<span class="katex">', "span"),
}


def end_of(html: str, start: int, tag: str) -> int:
    """Where the element opened at ``start`` ends (elements of its name nest)."""
    depth = 0
    for mark in re.finditer(rf"<(/?){tag}\b", html[start:]):
        depth += -1 if mark.group(1) else 1
        if depth == 0:
            return html.index(">", start + mark.end()) + 1
    return len(html)


def parts_of(html: str, parts: dict[str, tuple[str, str]]) -> Counter[str]:
    """The bytes of each part of ``html`` (outermost elements only)."""
    found: Counter[str] = Counter()
    for name, (opening, tag) in parts.items():
        end = 0
        for match in re.finditer(opening, html):
            if match.start() >= end:
                end = end_of(html, match.start(), tag)
                found[name] += len(html[match.start() : end].encode())
    return found


def weigh(site: Path) -> tuple[Counter[str], Counter[str]]:
    """Bytes per kind of file, and the HTML's bytes per part of the page."""
    kinds: Counter[str] = Counter()
    parts: Counter[str] = Counter()
    for path in site.rglob("*"):
        if not path.is_file():
            continue
        folder = path.relative_to(site).parts[0] if len(path.relative_to(site).parts) > 1 else ""
        suffix = ".NNN (parts)" if path.suffix[1:].isdigit() else path.suffix
        kind = f"{folder}/*{suffix}" if folder in ("assets", "downloads") else suffix
        kinds[kind or path.name] += path.stat().st_size
        if path.suffix != ".html":
            continue
        html = path.read_text(encoding="utf-8")
        theme = parts_of(html, THEME)
        parts.update({f"theme: {name}": size for name, size in theme.items()})
        start, end = html.find("<article"), html.find("</article>")
        article = html[start:end] if start >= 0 else ""
        inside = parts_of(article, ARTICLE)
        parts.update({f"article: {name}": size for name, size in inside.items()})
        parts["article: the rest"] += len(article.encode()) - sum(inside.values())
        parts["the rest of the page"] += (
            len(html.encode()) - sum(theme.values()) - len(article.encode())
        )
    return kinds, parts


def table(title: str, before: Counter[str], after: Counter[str]) -> None:
    print(f"\n{title:38} {'baseline':>13} {'this site':>13} {'ratio':>7}")
    for key in sorted(before.keys() | after.keys(), key=lambda k: -before[k]):
        ratio = f"{after[key] / before[key]:.3f}" if before[key] else "new"
        print(f"{key:38} {before[key]:>13,} {after[key]:>13,} {ratio:>7}")
    total, now = sum(before.values()), sum(after.values())
    print(f"{'total':38} {total:>13,} {now:>13,} {now / total:>7.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("baseline", type=Path, help="the site built at the baseline")
    parser.add_argument("site", type=Path, help="the site to weigh against it")
    arguments = parser.parse_args()
    kinds_before, parts_before = weigh(arguments.baseline)
    kinds_after, parts_after = weigh(arguments.site)
    table("files by kind", kinds_before, kinds_after)
    table("HTML by part of the page", parts_before, parts_after)


if __name__ == "__main__":
    main()
