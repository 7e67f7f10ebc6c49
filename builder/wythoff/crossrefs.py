"""Cross-references between sequences, each computed and checked on the built terms.

Relations come from the papers' theorems and identities:

* complementary partners (Beatty, Connell's Theorem 1, Fraenkel's Lemma 1) and
  p-complementary partners (Larsson's Lemma 3.3);
* identities across families: Fraenkel's ``a = 1`` and Connell's ``k = 1`` are
  Wythoff's; Larsson with ``p = 1`` is Fraenkel with ``a = m``; Connell's
  ``u_{i,n} = a_{kn+i}`` for Larsson's ``(m, p) = (1, k)``;
  ``a^{(mp,1)}_n = a^{(m,p)}_{pn}``;
* the finite P-set of m-Modular Wythoff inside Wythoff's.

A relation is recorded only when both sides are built, with the range it was
checked on, and every one of them is also a verification of the build.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from wythoff.catalog import Catalog
from wythoff.core import properties
from wythoff.core.families import modular, wythoff
from wythoff.verify import Check

Terms = Mapping[str, np.ndarray]


@dataclass(frozen=True)
class Crossref:
    sequence_id: str
    target: str
    relation: str
    shift: int | None
    verified_up_to: int
    note: str = ""


@dataclass(frozen=True)
class Relation:
    """One checked relation, possibly recorded on both sequences."""

    rows: tuple[Crossref, ...]
    check: Check


def relations(catalog: Catalog, terms: Terms) -> list[Relation]:
    """Every relation between built sequences, checked."""
    found: list[Relation] = []
    for builder in (_complements, _identities, _subsequences, _modular_inside_wythoff):
        found.extend(builder(catalog, terms))
    return found


def _has(terms: Terms, *ids: str) -> bool:
    return all(i in terms for i in ids)


# ----------------------------------------------------------------------------- complements


def _complements(catalog: Catalog, terms: Terms) -> list[Relation]:
    out = []
    if _has(terms, "wythoff-a", "wythoff-b"):
        out.append(_complement_pair("wythoff-a", "wythoff-b", terms, "Beatty's theorem"))
    for key, record in catalog.sequences.items():
        params = dict(record.params)
        if record.family == "fraenkel" and key.endswith("-a"):
            partner = key[:-1] + "b"
            out.append(_complement_pair(key, partner, terms, "Fraenkel, Lemma 1"))
        elif record.family == "connell" and "-u" in key:
            k, i = params["k"], params["i"]
            out.append(_connell_complement(k, i, terms))
        elif record.family == "larsson" and key.endswith("-a") and "modulo" not in key:
            out.append(_p_complement(key, key[:-1] + "b", params["p"], terms))
    return out


def _complement_pair(first: str, second: str, terms: Terms, source: str) -> Relation:
    a, b = terms[first][1:], terms[second][1:]
    limit = int(min(a[-1], b[-1]))
    problem = properties.complementary(a, b, limit)
    text = (
        "complementary: the terms with n >= 1 of the two sequences partition the positive integers"
    )
    return _both_ways(
        first,
        second,
        text,
        None,
        len(a),
        problem,
        source,
        f"values <= {limit}",
        "complementary partners (Beatty's theorem)",
    )


def _connell_complement(k: int, i: int, terms: Terms) -> Relation:
    u_id = f"connell-k{k}-u{i}"
    partner = 0 if i == 0 else k - i
    v_id = f"connell-k{k}-v{partner}"
    u = terms[u_id][1:]
    # Theorem 1 pairs u(i,n), n >= 1, with v(k-i, n-1), where v(k, n-1) := v(0, n)
    v = terms[v_id][1:] if i == 0 else terms[v_id][:-1]
    limit = int(min(u[-1], v[-1]))
    problem = properties.complementary(u, v, limit)
    shift = "v(0, n), n >= 1" if i == 0 else f"v({partner}, n - 1), n >= 1"
    text = f"complementary (Connell, Theorem 1): u({i}, n), n >= 1, and {shift}"
    return _both_ways(
        u_id,
        v_id,
        text,
        None,
        len(u),
        problem,
        "Connell, Theorem 1",
        f"values <= {limit}",
        "Theorem 1: u(i, n) and v(k - i, n - 1) complementary",
    )


def _p_complement(a_id: str, b_id: str, p: int, terms: Terms) -> Relation:
    a, b = terms[a_id], terms[b_id][1:]
    limit = int(a[-1]) - 1
    problem = properties.p_complementary(a, b, p, limit)
    text = f"{p}-complementary: a(n), n >= 0, and b(n), n >= 1, hold every value {p} times"
    return _both_ways(
        a_id,
        b_id,
        text,
        None,
        len(a) - 1,
        problem,
        "Larsson, Lemma 3.3",
        f"values <= {limit}",
        "Lemma 3.3: a and b are p-complementary",
    )


def _both_ways(
    first: str,
    second: str,
    text: str,
    shift: int | None,
    up_to: int,
    problem: str | None,
    source: str,
    range_text: str,
    name: str,
) -> Relation:
    """A relation recorded on both sequences; its check is named by the theorem
    (``name``, the same for every parameter) and says which pair in ``method``."""
    rows = (
        Crossref(first, second, text, shift, up_to, source),
        Crossref(second, first, text, shift, up_to, source),
    )
    method = f"{source}: {first} and {second}, {text}"
    check = Check(first, name, method, range_text, problem is None, problem or "")
    return Relation(rows, check)


# ----------------------------------------------------------------------------- identities


def _identities(catalog: Catalog, terms: Terms) -> list[Relation]:
    """Sequences of different families that are equal term by term."""
    pairs = [
        ("wythoff-a", "fraenkel-a1-a"),
        ("wythoff-b", "fraenkel-a1-b"),
        ("wythoff-a", "connell-k1-u0"),
        ("wythoff-b", "connell-k1-v0"),
    ]
    for record in catalog.sequences.values():
        if record.family == "fraenkel" and record.id[-2:] in ("-a", "-b"):
            a = record.param("a")
            pairs.append((record.id, f"larsson-m{a}-p1-{record.id[-1]}"))
    out = []
    for first, second in pairs:
        if _has(terms, first, second):
            x, y = terms[first], terms[second]
            count = min(len(x), len(y))
            problem = properties.equal(x[:count], y[:count])
            out.append(
                _both_ways(
                    first,
                    second,
                    "equal term by term",
                    0,
                    count - 1,
                    problem,
                    "identity of the families",
                    f"n < {count}",
                    "equal to a sequence of another family",
                )
            )
    return out


def _subsequences(catalog: Catalog, terms: Terms) -> list[Relation]:
    """``u_{i,n} = a^{(1,k)}_{kn+i}`` and ``a^{(mp,1)}_n = a^{(m,p)}_{pn}``."""
    out = []
    for record in catalog.sequences.values():
        params = dict(record.params)
        if record.family == "connell" and "-u" in record.id:
            k, i = params["k"], params["i"]
            target = f"larsson-m1-p{k}-a"
            out.append(
                _every(
                    record.id,
                    target,
                    k,
                    i,
                    terms,
                    f"u({i}, n) = a({k}n + {i}) of Larsson's pair (m, p) = (1, {k})",
                    "Connell's u(i, n) = a(kn + i) of Larsson's pair (1, k)",
                )
            )
        if record.family == "larsson" and record.id.endswith("-a") and "modulo" not in record.id:
            m, p = params["m"], params["p"]
            if p > 1:
                coarse = f"larsson-m{m * p}-p1-a"
                out.append(
                    _every(
                        coarse,
                        record.id,
                        p,
                        0,
                        terms,
                        f"a^({m * p},1)(n) = a^({m},{p})({p}n) (Larsson, Remark 2)",
                        "Remark 2: a^(mp,1)(n) = a^(m,p)(pn)",
                    )
                )
    return [r for r in out if r is not None]


def _every(
    short_id: str, long_id: str, step: int, start: int, terms: Terms, text: str, name: str
) -> Relation | None:
    """``short(n) = long(step*n + start)``, checked on every index both have."""
    if not _has(terms, short_id, long_id):
        return None
    short, long = terms[short_id], terms[long_id][start::step]
    count = min(len(short), len(long))
    problem = properties.equal(short[:count], long[:count])
    return _both_ways(
        short_id,
        long_id,
        text,
        None,
        count - 1,
        problem,
        "identity of the families",
        f"n < {count}",
        name,
    )


def _modular_inside_wythoff(catalog: Catalog, terms: Terms) -> list[Relation]:
    games = [g for g in catalog.games.values() if g.family == "modular"]
    if "modular-a" not in terms or not games:
        return []
    problem = None
    for game in games:
        m = game.param("m")
        expected = {(wythoff.lower(n), wythoff.upper(n)) for n in range(modular.a(m) + 1)}
        found = {(x, y) for x, y in game.strategy().p_positions(2 * m)}
        if found != expected:
            problem = f"modular-m{m} differs from the first a(m) + 1 Wythoff P-positions"
            break
    largest = max(g.param("m") for g in games)
    text = (
        "the P-positions of modular-m are the first a(m) + 1 P-positions of Wythoff's game "
        "and their mirror images"
    )
    row = Crossref("modular-a", "wythoff", text, None, largest, "Khovanova and Niu, Theorem 4")
    check = Check(
        "modular-a",
        "Theorem 4: the P-set is the first a(m) + 1 Wythoff P-positions",
        "P-sets compared with Wythoff's",
        f"m <= {largest}",
        problem is None,
        problem or "",
    )
    return [Relation((row,), check)]
