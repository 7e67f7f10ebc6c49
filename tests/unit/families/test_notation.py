"""The papers' notation of the games, in TeX beside the plain names: Larsson's
mWN^p, mWN^(l,p), m×pWN_l and m×pWN (Definition 4) and those of his Remark 5,
written as his paper writes the games it names."""

from __future__ import annotations

import re

import pytest
from wythoff import families
from wythoff.families import larsson_games, larsson_remark5, wording

FULL = families.build()
MATH = re.compile(r"\\\((.+?)\\\)")


@pytest.mark.parametrize(
    ("game_id", "plain", "tex"),
    [
        # Larsson, Section 7, Table 3: the P-positions of 2WN^(2) (m = p = 2, l = 0)
        ("larsson-modulo-m2-p2-l0", "2WN^(2)", r"2\mathrm{WN}^{(2)}"),
        # Table 4: 2WN^(2,3), the example of the issue of real notation
        ("larsson-modulo-m2-p3-l2", "2WN^(2,3)", r"2\mathrm{WN}^{(2,3)}"),
        # Example 1 and Example 4: 2WN^2 and 2WN^3, the blocking games
        ("larsson-blocking-m2-p2", "2WN^2", r"2\mathrm{WN}^{2}"),
        ("larsson-blocking-m2-p3", "2WN^3", r"2\mathrm{WN}^{3}"),
        # Example 6: 2×3WN_1 and 2×3WN_0, the shifted games
        ("larsson-shifted-m2-p3-l1", "2x3WN_1", r"2\times 3\mathrm{WN}_{1}"),
        ("larsson-shifted-m2-p3-l0", "2x3WN_0", r"2\times 3\mathrm{WN}_{0}"),
        ("larsson-shifted-m3-p2-l1", "3x2WN_1", r"3\times 2\mathrm{WN}_{1}"),
        # Definition 4 (iiib): m×pWN, the second player choosing l
        ("larsson-choice-m2-p3", "2x3WN", r"2\times 3\mathrm{WN}"),
        # Remark 5: mWN^p_l, blocking with reach l, and m×pWN_{u,v}, any rectangle
        ("larsson-blocking-m2-p3-l0", "2WN^3_0", r"2\mathrm{WN}^{3}_{0}"),
        ("larsson-rectangle-k4-u1-v2", "m x p WN_{1,2}", r"m\times p\mathrm{WN}_{1,2}"),
    ],
)
def test_a_game_named_in_the_paper_carries_its_notation_in_tex(game_id, plain, tex):
    game = families.resolve_game(game_id)
    assert f"({plain}" in game.name  # the plain name, as titles and search show it
    assert MATH.findall(game.name_tex) == [tex]
    assert MATH.sub(plain.replace("\\", "\\\\"), game.name_tex) == game.name


def test_the_notations_of_definition_4_for_one_pair():
    """m = 2, p = 3: the four games of Theorem 2.1, in the paper's typesetting."""
    assert larsson_games.blocking_notation(2, 3) == wording.Notation("2WN^3", r"2\mathrm{WN}^{3}")
    assert larsson_games.modulo_notation(2, 3, 0).tex == r"2\mathrm{WN}^{(3)}"  # l = 0: mWN^(p)
    assert larsson_games.modulo_notation(2, 3, 1).tex == r"2\mathrm{WN}^{(1,3)}"
    assert larsson_games.shifted_notation(2, 3, 2).tex == r"2\times 3\mathrm{WN}_{2}"
    assert larsson_games.shifted_notation(2, 3).tex == r"2\times 3\mathrm{WN}"
    assert larsson_remark5.reach_notation(3, 2, 4).tex == r"3\mathrm{WN}^{2}_{4}"
    assert larsson_remark5.rectangle_notation(2, 3).ascii == "m x p WN_{2,3}"


def test_the_sequences_of_a_game_without_formula_name_it_in_tex():
    """c and d of 2WN^(2,3) (Larsson's c^(l,m,p), d^(l,m,p) with l = 2)."""
    for coordinate in "cd":
        record = families.resolve_sequence(f"larsson-modulo-m2-p3-l2-{coordinate}")
        assert MATH.findall(record.name_tex) == [r"2\mathrm{WN}^{(2,3)}"]
        assert "2WN^(2,3)" in record.name


def test_every_name_with_notation_is_its_plain_name_with_tex_in_place():
    """Outside the math, the TeX name is the plain name letter for letter, and no
    plain name holds TeX (titles, search and IDs stay ASCII)."""
    records = [*FULL.sequences.values(), *FULL.games.values()]
    with_notation = [r for r in records if r.name_tex]
    assert len(with_notation) > 100
    for record in records:
        assert "\\" not in record.name, record.id
        if not record.name_tex:
            continue
        pieces = MATH.split(record.name_tex)
        plain = "(.+?)".join(re.escape(text) for text in pieces[0::2])
        assert re.fullmatch(plain, record.name), record.id


def test_every_game_of_larssons_families_has_a_notation_and_no_other_does():
    for game in FULL.games.values():
        assert bool(game.name_tex) == game.family.startswith("larsson"), game.id


def test_a_notation_must_be_written_once_in_the_name():
    notation = wording.Notation("2WN^3", r"2\mathrm{WN}^{3}")
    with pytest.raises(ValueError, match="not written once"):
        wording.tex_name("2-Wythoff 3-Blocking Nim", notation)
    with pytest.raises(ValueError, match="not written once"):
        wording.tex_name("2WN^3 and 2WN^3", notation)
