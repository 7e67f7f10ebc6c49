"""A long index continues on pages of its own: every row on exactly one page, in the
catalog's order, and every page linking every other."""

import re
from types import SimpleNamespace

import pytest
from wythoff.website import indexes, pages, paths


def content(games: int, sequences: int) -> SimpleNamespace:
    """Games and sequences with what the index pages read of them (no OEIS match)."""
    family = SimpleNamespace(title="Larsson", rank=0)
    common = dict(name_tex="", params={"m": 1}, family="larsson")
    return SimpleNamespace(
        families={"larsson": family},
        numerations={},
        numeration_systems={},
        games={
            f"g-{i}": SimpleNamespace(name=f"G{i}", solved=True, ppositions_max=10, **common)
            for i in range(games)
        },
        sequences={
            f"s-{i}": SimpleNamespace(
                name=f"S{i}", offset=0, terms_count=5, data="1, 2", game_id=None, **common
            )
            for i in range(sequences)
        },
        crossrefs={},
        info={},
    )


def listed_ids(text: str, prefix: str) -> list[str]:
    return re.findall(rf"<code>({prefix}-\d+)</code>", text)


@pytest.mark.parametrize("count", [0, 1, 3, 4, 7, 9])
def test_every_row_on_one_page_in_order(monkeypatch, count):
    monkeypatch.setattr(indexes, "INDEX_ROWS", 3)
    site = content(games=count, sequences=count)
    table = pages.table(site)
    for first, prefix, kinds in (
        (paths.games_index(), "g", site.games),
        (paths.sequences_index(), "s", site.sequences),
        (paths.not_in_oeis(), "s", site.sequences),
    ):
        written = [p for p in table if p.path == first or p.path.startswith(first[:-3] + "-")]
        assert [p.path for p in written] == [
            paths.index_part(first, n) for n in range(1, max(1, -(-count // 3)) + 1)
        ]
        assert [p.listed for p in written] == [True] + [False] * (len(written) - 1)
        inputs = pages.Inputs(site, {}, [], 20)
        texts = [p.write(inputs) for p in written if p.write]
        assert [i for text in texts for i in listed_ids(text, prefix)] == list(kinds)
        for page, text in zip(written, texts, strict=True):
            links = re.findall(r"\]\(([^)]+\.md)\)", text)
            others = [paths.index_part(first, n) for n in range(1, len(written) + 1)]
            others.remove(page.path)
            assert sorted(links) == sorted(paths.link(page.path, o) for o in others)


def test_one_page_says_nothing_of_pages():
    text = indexes.games_index(content(games=2, sequences=0))
    assert "Pages:" not in text and "Every game of this build." in text
