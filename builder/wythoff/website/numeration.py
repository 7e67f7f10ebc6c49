"""The pages of Fraenkel's p- and q-systems of numeration: the index and one page per a."""

from __future__ import annotations

import json

from wythoff.core.numeration import p_interpretation, parse_digits
from wythoff.website import paths
from wythoff.website.content import SiteContent
from wythoff.website.markdown import table, unsearched
from wythoff.website.records import Digits


def numeration_index(content: SiteContent) -> str:
    page = paths.numeration_index()
    values = sorted(content.numerations)
    links = " · ".join(f"[a = {a}]({paths.link(page, page_of(content, a))})" for a in values)
    return (
        "# Numeration systems\n\n"
        "Fraenkel's p-system and q-system write every N >= 1 greedily in the numerators "
        "p(i) and denominators q(i) of the convergents of alpha = [1; a, a, ...]: "
        "N = sum s(i) p(i) with 0 <= s(i) <= a, and a digit a is always followed by a 0. "
        "For a = 1 the p-system is Zeckendorf's. The P-positions of the a-Wythoff game "
        "can be read off these digits (Fraenkel, Properties 1-3), which gives a strategy "
        "in O(log x) steps.\n\n"
        f"Tables: {links}.\n\n"
        "Every table of the database holds N = 1 .. "
        f"{_numeration_max(content)} ([SQL]({paths.link(page, paths.sql_console())}), "
        f"table `numerations`).\n"
    )


def _numeration_max(content: SiteContent) -> str:
    return str(json.loads(content.info["configuration"])["numeration_max"])


def page_of(content: SiteContent, a: int) -> str:
    """The page of the systems of base ``a``, at the address of the game they describe."""
    return paths.numeration(content.numeration_systems[a].game_id)


def numeration_page(content: SiteContent, a: int) -> str:
    page = page_of(content, a)
    tables = content.numerations[a]
    p_rows, q_rows = tables["p"], tables["q"]
    system = content.numeration_systems[a]
    lower = [int(v) for _, v in content.terms.get(system.lower_id, [])]
    upper = [int(v) for _, v in content.terms.get(system.upper_id, [])]
    p_of = {r.n: r for r in p_rows}
    game, base_p, base_q = system.game_id, system.p_id, system.q_id
    parts = [
        f"# Numeration for a = {a}\n\n",
        f"alpha = [1; {a}, {a}, ...] = (2 - a + sqrt(a^2 + 4))/2 with a = {a}; game: "
        f"[{game}]({paths.link(page, paths.game(game))}), whose P-positions are "
        "(A(n), B(n)) with A(n) = floor(n*alpha) and "
        f"B(n) = A(n) + an; "
        f"bases: p(i) ([{base_p}]({paths.link(page, paths.sequence(base_p))})) and "
        f"q(i) ([{base_q}]({paths.link(page, paths.sequence(base_q))})), the numerators "
        "and denominators of the convergents of alpha. "
        "R_p(N) is the greedy representation of N in the p-system (digits s(i) with "
        "N = sum of s(i) p(i), most significant first), R_q(N) the same in the q-system, "
        "and I_p(d), the p-interpretation of a string of digits d, is the sum of "
        "d(i) p(i). Trailing zeros are highlighted.\n\n",
        "## Property 1 and 2: the P-positions in the p-system\n\n",
        "R_p(A(n)) ends in an even number of zeros, R_p(B(n)) in an odd number, and "
        "R_p(B(n)) is R_p(A(n)) shifted left (a zero appended).\n\n",
    ]
    rows = []
    for n in range(1, len(lower)):
        if upper[n] not in p_of:
            break
        ra, rb = p_of[lower[n]], p_of[upper[n]]
        rows.append((n, lower[n], _digits(ra), upper[n], _digits(rb)))
        if len(rows) == 30:
            break
    parts.append(unsearched(table(["n", "A(n)", "R_p(A(n))", "B(n)", "R_p(B(n))"], rows, "rrrrr")))
    parts.append(
        "\n## Property 3: the q-system gives A(n)\n\n"
        "The p-interpretation I_p(R_q(n)) is A(n) when R_q(n) ends in an even number of "
        "zeros, and A(n) + 1 when odd.\n\n"
    )
    checked: list[tuple[object, ...]] = []
    for r in q_rows[:40]:
        n = r.n
        if n >= len(lower):
            break
        value = p_interpretation(parse_digits(r.digits, a), a)
        checked.append(
            (n, _digits(r), value, lower[n], "even" if r.trailing_zeros % 2 == 0 else "odd")
        )
    parts.append(
        unsearched(table(["n", "R_q(n)", "I_p(R_q(n))", "A(n)", "zeros"], checked, "rrrrl"))
    )
    parts.append("\n## Both systems, N = 1 .. 100\n\n")
    both = [
        (p.n, _digits(q), _digits(p), "A" if p.trailing_zeros % 2 == 0 else "B")
        for p, q in zip(p_rows[:100], q_rows[:100], strict=True)
    ]
    parts.append(unsearched(table(["N", "R_q(N)", "R_p(N)", "N is an"], both, "rrrc")))
    return "".join(parts)


def _digits(row: Digits) -> str:
    digits, zeros = row.digits, row.trailing_zeros
    separator = "." if "." in digits else ""
    if not zeros:
        return f"`{digits}`"
    parts = digits.split(".") if separator else list(digits)
    head, tail = parts[: len(parts) - zeros], parts[len(parts) - zeros :]
    return (
        f"`{separator.join(head)}`"
        f'<span class="wy-zeros">{separator if head and separator else ""}'
        f"{separator.join(tail)}</span>"
    )


# ----------------------------------------------------------------------------- home
