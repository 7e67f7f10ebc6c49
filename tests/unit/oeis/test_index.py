"""Matching our sequences against OEIS's bulk files (wythoff.oeis.index).

Every expected match below was checked against the excerpt shipped in
``builder/wythoff/resources/oeis`` (lines copied unmodified from OEIS's ``stripped`` and
``names``); the sequences are computed exactly, with integer square roots.
"""

from __future__ import annotations

import gzip
import re
import shutil
from math import isqrt

import pytest
from wythoff.oeis.index import (
    DEFAULT_NAMES,
    DEFAULT_STRIPPED,
    MIN_COMMON,
    Match,
    OeisIndex,
    describe_source,
)

N = 200  # more terms than any excerpt entry lists


def lower(n: int) -> int:
    """floor(n phi), exactly."""
    return (n + isqrt(5 * n * n)) // 2


def upper(n: int) -> int:
    """floor(n phi^2) = floor(n phi) + n."""
    return lower(n) + n


def below_phi(m: int) -> int:
    """floor(m / phi) = floor(m (sqrt 5 - 1) / 2)."""
    return (isqrt(5 * m * m) - m) // 2


def convergents(count: int) -> tuple[list[int], list[int]]:
    """Numerators and denominators of the convergents of [1; 2, 2, 2, ...] = sqrt 2."""
    p, q = [1, 3], [1, 2]
    while len(p) < count:
        p.append(2 * p[-1] + p[-2])
        q.append(2 * q[-1] + q[-2])
    return p, q


# The matcher's tests run on a fixed part of the shipped excerpt (the entries it
# held when they were written), so that a larger excerpt does not move them.
MATCHER_ENTRIES = [
    "A000129",
    "A000201",
    "A001333",
    "A001622",
    "A001950",
    "A001951",
    "A001952",
    "A001953",
    "A001954",
    "A001955",
    "A001956",
    "A001957",
    "A001958",
    "A001959",
    "A001960",
    "A003849",
    "A005206",
    "A014417",
    "A035517",
    "A060143",
    "A066096",
    "A072061",
    "A078057",
    "A090909",
    "A184117",
    "A184480",
]


@pytest.fixture(scope="module")
def index(tmp_path_factory) -> OeisIndex:
    folder = tmp_path_factory.mktemp("oeis")
    for name, source in (("stripped", DEFAULT_STRIPPED), ("names", DEFAULT_NAMES)):
        kept = [
            line
            for line in source.read_text().splitlines(keepends=True)
            if line.startswith("#") or line.split(" ", 1)[0] in MATCHER_ENTRIES
        ]
        (folder / name).write_text("".join(kept))
    return OeisIndex.load(folder / "stripped", folder / "names")


@pytest.fixture(scope="module")
def shipped() -> OeisIndex:
    return OeisIndex.load()


def found(index: OeisIndex, terms, **options) -> dict[str, int]:
    """{A-number: shift} of the matches."""
    return {m.anumber: m.shift for m in index.matches(terms, **options)}


def brute_force(index: OeisIndex, ours, min_common=20, max_shift=3) -> dict[str, int]:
    """The definition of a match, applied to every entry and shift (no index)."""
    result = {}
    for anumber in index.anumbers():
        oeis = index.terms(anumber)
        ok = []
        for shift in range(-max_shift, max_shift + 1):
            pairs = [(x, ours[j + shift]) for j, x in enumerate(oeis) if 0 <= j + shift < len(ours)]
            aligned = len(oeis) - max(0, -shift)
            needed = max(MIN_COMMON, min(min_common, aligned))
            if len(pairs) >= needed and all(x == y for x, y in pairs):
                ok.append((abs(shift), -len(pairs), -shift))
        if ok:
            result[anumber] = -min(ok)[2]
    return result


class TestExcerpt:
    def test_shipped_files(self, shipped, index):
        assert DEFAULT_STRIPPED.is_file() and DEFAULT_NAMES.is_file()
        readme = (DEFAULT_STRIPPED.parent / "README.md").read_text()
        assert len(shipped) == 137 and f"only the {len(shipped)} entries" in readme
        assert all(anumber in readme for anumber in shipped.anumbers())
        assert "A000201" in shipped and 201 in shipped and "A001951" in shipped
        assert len(index) == len(MATCHER_ENTRIES) and "A000045" not in index

    def test_agreement_on_listed_terms_is_not_identity(self, shipped):
        # A090908 lists the same 69 terms as floor(n phi) and is another sequence:
        # a match says the listed terms agree, nothing more
        matches = {m.anumber: m for m in shipped.matches([lower(n) for n in range(N)])}
        assert {"A000201", "A066096", "A090908"} <= set(matches)
        assert matches["A090908"].common == 69

    def test_terms_and_names(self, index):
        assert index.terms("A000201")[:8] == [1, 3, 4, 6, 8, 9, 11, 12]
        assert index.terms("A066096")[:8] == [0, 1, 3, 4, 6, 8, 9, 11]
        assert index.terms("A001333")[:6] == [1, 1, 3, 7, 17, 41]
        assert index.terms("A000129")[:6] == [0, 1, 2, 5, 12, 29]
        assert index.name("A000201").startswith("Lower Wythoff sequence (a Beatty sequence)")
        assert index.name("A001950").startswith("Upper Wythoff sequence")
        assert index.name("A066096") == "a(n) = floor(n*phi), where phi = (1 + sqrt(5))/2."
        with pytest.raises(KeyError, match="A000045"):
            index.terms("A000045")

    def test_listed_terms_are_exact(self, index):
        # the excerpt is OEIS's own data: check it against the exact formulas
        assert index.terms("A000201") == [lower(n) for n in range(1, 69)]
        assert index.terms("A066096") == [lower(n) for n in range(67)]
        assert index.terms("A001950") == [upper(n) for n in range(1, 61)]
        assert index.terms("A005206") == [below_phi(m) for m in range(1, 78)]
        assert index.terms("A060143") == [below_phi(m) for m in range(75)]


class TestMatches:
    def test_lower_wythoff(self, index):
        # ours from n = 0: 0, 1, 3, 4, 6, ...; A000201 lists 1, 3, 4, 6, ... (drops our 0)
        matches = index.matches([lower(n) for n in range(N)])
        assert [(m.anumber, m.shift, m.common) for m in matches] == [
            ("A066096", 0, 67),
            ("A000201", 1, 68),
        ]
        a000201 = matches[1]
        assert a000201.name == index.name("A000201")
        assert a000201.dropped == (0,)
        assert (
            a000201.relation_text(0)
            == "agrees with the 68 terms listed in A000201, with our a(0) = 0 dropped"
        )
        assert matches[0].relation_text(0) == "agrees with the 67 terms listed in A066096"

    def test_lower_wythoff_from_one(self, index):
        assert found(index, [lower(n) for n in range(1, N)]) == {"A000201": 0, "A066096": -1}

    def test_lower_is_not_upper(self, index):
        assert "A001950" not in found(index, [lower(n) for n in range(N)])
        assert "A000201" not in found(index, [upper(n) for n in range(N)])

    def test_upper_wythoff(self, index):
        # A090909's listed terms are also floor(n phi^2) (its name defines it otherwise)
        assert found(index, [upper(n) for n in range(1, N)]) == {"A001950": 0, "A090909": 0}
        matches = index.matches([upper(n) for n in range(N)])
        assert {m.anumber: m.shift for m in matches} == {"A001950": 1, "A090909": 1}

    def test_convergent_numerators(self, index):
        p, _ = convergents(60)  # 1, 3, 7, 17, 41, ...; A001333 lists 1, 1, 3, 7, 17, ...
        matches = {m.anumber: m for m in index.matches(p)}
        assert {a: m.shift for a, m in matches.items()} == {"A078057": 0, "A001333": -1}
        assert matches["A001333"].common == 31  # all but its leading 1
        assert (
            matches["A001333"].relation_text(0)
            == "agrees with the 31 terms listed in A001333, after its first term"
        )

    def test_pell_denominators(self, index):
        _, q = convergents(60)  # 1, 2, 5, 12, 29, ...; A000129 lists 0, 1, 2, 5, 12, ...
        assert q[:5] == [1, 2, 5, 12, 29]
        assert found(index, q) == {"A000129": -1}
        assert found(index, [0, *q]) == {"A000129": 0}

    def test_hofstadter_g(self, index):
        # floor(m / phi) for m >= 1: 0, 1, 1, 2, 3, 3, ... is G(n) = A005206(n), n >= 0
        g = [below_phi(m) for m in range(1, N)]
        assert g[:6] == [0, 1, 1, 2, 3, 3]
        matches = index.matches(g)
        assert [(m.anumber, m.shift) for m in matches] == [("A005206", 0), ("A060143", -1)]
        assert (
            matches[0].relation_text(1)
            == f"agrees with the {matches[0].common} terms listed in A005206"
        )
        # from m = 0 it is A060143 (floor(n/tau)), and A005206 drops its first 0
        assert found(index, [below_phi(m) for m in range(N)]) == {"A060143": 0, "A005206": 1}
        dropped = index.matches([below_phi(m) for m in range(N)])[1]
        assert dropped.relation_text(0) == (
            f"agrees with the {dropped.common} terms listed in A005206, with our a(0) = 0 dropped"
        )

    def test_fibonacci_word(self, index):
        word = [2 - (lower(n + 1) - lower(n)) for n in range(1, N)]
        assert found(index, word) == {"A003849": 0}

    def test_beatty_sqrt2_and_wythoff_pairs(self, index):
        assert found(index, [isqrt(2 * n * n) for n in range(N)]) == {"A001951": 0}
        pairs = [x for n in range(1, N) for x in (lower(n), upper(n))]
        assert found(index, pairs) == {"A072061": 0}


class TestEveryCommonTerm:
    def test_agreeing_on_fifteen_terms_is_not_enough(self, index):
        ours = [lower(n) for n in range(1, N)]
        for wrong in (15, 30, 67):  # 67: A000201's last listed term
            changed = list(ours)
            changed[wrong] += 1
            assert changed[:15] == index.terms("A000201")[:15]
            assert "A000201" not in found(index, changed)

    def test_first_42_equal_terms_do_not_make_a001955_match(self, index):
        # A184480 and A001955 agree on 42 terms (A184480's comment says n < 43), then differ
        a184480 = [(isqrt(13 * n * n) - n) // 2 for n in range(1, N)]
        assert index.terms("A001955")[:42] == a184480[:42] != index.terms("A001955")[:43]
        assert found(index, a184480) == {"A184480": 0}

    def test_short_queries(self, index):
        ours = [lower(n) for n in range(1, 16)]  # 15 terms: fewer than min_common = 20
        assert found(index, ours) == {}
        assert found(index, ours, min_common=10) == {"A000201": 0, "A066096": -1}
        assert found(index, ours[:9], min_common=8) == {"A000201": 0, "A066096": -1}
        assert found(index, ours[:7], min_common=0) == {}  # never fewer than 8 common terms

    def test_huge_terms(self, index):
        # exponential sequences run to thousands of digits; they must not break matching
        p, _ = convergents(6000)
        assert p[-1].bit_length() > 7000
        assert found(index, p) == {"A078057": 0, "A001333": -1}

    @pytest.mark.parametrize("max_shift", [0, 1, 3, 5])
    @pytest.mark.parametrize("min_common", [8, 20, 100])
    def test_index_agrees_with_brute_force(self, index, min_common, max_shift):
        p, q = convergents(40)
        queries = [
            [lower(n) for n in range(N)],
            [lower(n) for n in range(2, 40)],
            [upper(n) for n in range(N)],
            [below_phi(m) for m in range(4, 30)],
            p[2:],
            q,
            [1] * 50,
            list(range(N)),
        ]
        # and every excerpt entry against itself, cut at both ends
        queries += [index.terms(a)[start:] for a in index.anumbers() for start in (0, 2)]
        queries += [index.terms(a)[:12] for a in index.anumbers()]
        for ours in queries:
            expected = brute_force(index, ours, min_common, max_shift)
            assert found(index, ours, min_common=min_common, max_shift=max_shift) == expected

    def test_terms_beyond_those_looked_at_change_nothing(self, shipped):
        """A deep sequence is cut to the terms the matcher can read (the build passes
        10,000 and more): its matches and near misses, brute force included, are those
        of the whole sequence, whatever its later terms."""
        needed = shipped.terms_looked_at()
        assert 60 < needed < 1000
        for whole in ([lower(n) for n in range(5000)], [upper(n) for n in range(1, 5000)]):
            cut = whole[:needed]
            tail = cut + [7] * 4000  # later terms that no entry lists
            assert found(shipped, whole) == found(shipped, cut) == found(shipped, tail)
            assert found(shipped, whole) == brute_force(shipped, whole) != {}
            assert shipped.near_misses(whole) == shipped.near_misses(tail)

    def test_entry_matches_itself(self, index):
        for anumber in index.anumbers():
            terms = index.terms(anumber)
            assert found(index, terms).get(anumber) == 0
            assert found(index, [7, *terms]).get(anumber) == 1
            assert found(index, terms[1:]).get(anumber) == -1

    def test_sorted_by_shift_then_anumber(self, index):
        matches = index.matches([lower(n) for n in range(N)], max_shift=3)
        keys = [(abs(m.shift), m.anumber) for m in matches]
        assert keys == sorted(keys)


class TestRelationText:
    def test_shapes(self):
        listed = "agrees with the 20 terms listed in A000001"
        assert Match("A000001", "", 0, 20).relation_text(1) == listed
        assert (
            Match("A000001", "", 2, 20, (0, 1)).relation_text(0)
            == f"{listed}, with our a(0) = 0 and a(1) = 1 dropped"
        )
        assert (
            Match("A000001", "", 3, 20, (5, 6, 7)).relation_text(1)
            == f"{listed}, with our a(1) = 5, a(2) = 6 and a(3) = 7 dropped"
        )
        assert Match("A000001", "", -2, 20).relation_text(0) == f"{listed}, after its first 2 terms"

    def test_by_index_when_the_entry_offset_is_known(self, shipped):
        # the two misreadings of a bare shift: both are index for index
        lower = [(n + isqrt(5 * n * n)) // 2 for n in range(N)]
        wythoff = {m.anumber: m for m in shipped.matches(lower)}["A000201"]
        assert (wythoff.shift, shipped.offset("A000201")) == (1, 1)
        assert wythoff.index_map(0) == "a(n) = A000201(n), n >= 1"
        g = [below_phi(m) for m in range(1, N)]  # modular-a: a(m) = floor(m/phi), m >= 1
        tau = {m.anumber: m for m in shipped.matches(g)}["A060143"]
        assert (tau.shift, shipped.offset("A060143")) == (-1, 0)
        assert tau.index_map(1) == "a(n) = A060143(n), n >= 1"
        assert tau.relation_text(1).endswith(f"on the {tau.common} terms listed in the entry")
        # a map with a real index shift: our a(offset + j + shift) is the entry's
        # A(oeis_offset + j), so the stated argument n + k must land there for every j
        for shift, oeis_offset, offset in ((2, 0, 1), (-3, 5, 0), (0, 1, 1)):
            text = Match("A000001", "", shift, 20, oeis_offset=oeis_offset).index_map(offset)
            found = re.fullmatch(r"a\(n\) = A000001\(n([+-]\d+)?\), n >= (\d+)", text)
            assert found, text
            k = int(found[1] or 0)
            assert all(offset + j + shift + k == oeis_offset + j for j in range(20))
            assert int(found[2]) == offset + max(shift, 0)

    def test_match_is_frozen(self):
        match = Match("A000201", "Lower Wythoff sequence", 1, 68, (0,))
        with pytest.raises(AttributeError):
            match.shift = 0  # type: ignore[misc]


class TestFiles:
    def test_gzip(self, shipped, tmp_path):
        for name, source in (("stripped.gz", DEFAULT_STRIPPED), ("names.gz", DEFAULT_NAMES)):
            with open(source, "rb") as plain, gzip.open(tmp_path / name, "wb") as packed:
                shutil.copyfileobj(plain, packed)
        packed = OeisIndex.load(tmp_path / "stripped.gz", str(tmp_path / "names.gz"))
        assert len(packed) == len(shipped)
        assert packed.name("A000201") == shipped.name("A000201")
        ours = [lower(n) for n in range(N)]
        assert [(m.anumber, m.shift, m.common) for m in packed.matches(ours)] == [
            (m.anumber, m.shift, m.common) for m in shipped.matches(ours)
        ]
        # gzip content is recognised without the suffix too
        shutil.copy(tmp_path / "stripped.gz", tmp_path / "stripped")
        assert OeisIndex.load(tmp_path / "stripped").terms("A001950") == shipped.terms("A001950")

    def test_plain_copies_and_default_names(self, index, tmp_path):
        shutil.copy(DEFAULT_STRIPPED, tmp_path / "stripped")
        copy = OeisIndex.load(tmp_path / "stripped")  # names: the shipped excerpt
        assert copy.name("A005206") == index.name("A005206")
        assert copy.describe() == f"OEIS stripped file {tmp_path / 'stripped'} (CC BY-SA 4.0)"

    def test_missing_file(self, tmp_path):
        missing = tmp_path / "no-such-stripped.gz"
        with pytest.raises(FileNotFoundError, match="no-such-stripped"):
            OeisIndex.load(missing)
        with pytest.raises(FileNotFoundError, match="no-such-names"):
            OeisIndex.load(None, tmp_path / "no-such-names")

    def test_not_gzip(self, tmp_path):
        fake = tmp_path / "stripped.gz"
        shutil.copy(DEFAULT_STRIPPED, fake)
        with pytest.raises(ValueError, match="stripped.gz"):
            OeisIndex.load(fake)

    def test_wrong_format(self, tmp_path):
        # the names file given as the stripped file, and the other way round
        with pytest.raises(ValueError, match=r"names.*not an OEIS 'stripped' line"):
            OeisIndex.load(DEFAULT_NAMES)
        with pytest.raises(ValueError, match=r"stripped.*not an OEIS 'names' line"):
            OeisIndex.load(None, DEFAULT_STRIPPED)
        empty = tmp_path / "empty"
        empty.write_text("# nothing here\n")
        with pytest.raises(ValueError, match="empty"):
            OeisIndex.load(empty)
        broken = tmp_path / "broken"
        broken.write_text("A000001 ,1,2,3,4,x,6,7,8,9,10,\n")
        with pytest.raises(ValueError, match="broken, line 1: A000001"):
            OeisIndex.load(broken)


class TestProvenance:
    def test_describe_source(self, shipped):
        words = "OEIS excerpt shipped with the package (CC BY-SA 4.0)"
        assert describe_source(None) == words
        assert describe_source("") == words
        assert describe_source(DEFAULT_STRIPPED) == words
        assert shipped.describe() == words
        assert describe_source("/data/oeis/stripped.gz") == (
            "OEIS stripped file /data/oeis/stripped.gz (CC BY-SA 4.0)"
        )


class TestNearMisses:
    """Entries that agree for a while and then differ are found, with the first
    difference, and never taken for matches."""

    @pytest.fixture(scope="class")
    @classmethod
    def made_up(cls, tmp_path_factory) -> OeisIndex:
        folder = tmp_path_factory.mktemp("near")
        ours = list(range(0, 300, 3))  # 0, 3, 6, ...
        long_agreement = ours[:25] + [1000] + ours[26:60]  # differs at position 25
        short_agreement = ours[:10] + [1000] + ours[11:60]  # only 10 in common first
        (folder / "stripped").write_text(
            "# made up\n"
            f"A900001 ,{','.join(map(str, long_agreement))},\n"
            f"A900002 ,{','.join(map(str, short_agreement))},\n"
            f"A900003 ,{','.join(map(str, ours[1:60]))},\n"
        )
        (folder / "names").write_text("A900001 long\nA900002 short\nA900003 same\n")
        return OeisIndex.load(folder / "stripped", folder / "names")

    def test_a_long_agreement_then_a_difference_is_a_near_miss(self, made_up):
        ours = list(range(0, 300, 3))
        misses = made_up.near_misses(ours)
        assert [(m.anumber, m.shift, m.agreed, m.ours, m.theirs) for m in misses] == [
            ("A900001", 0, 25, 75, 1000)
        ]
        assert [m.anumber for m in made_up.matches(ours)] == ["A900003"]
        text = misses[0].relation_text(offset=0)
        assert text == (
            "near miss: agrees with the first 25 terms listed in A900001, "
            "then our a(25) = 75 where the entry lists 1000"
        )
        assert misses[0].last_agreeing == 24

    def test_connell_k3_u0_and_a001955_part_at_a43(self, shipped):
        from wythoff import families

        record = families.resolve_sequence("connell-k3-u0")
        terms = [int(v) for v in record.terms(0, 200)]
        miss = next(m for m in shipped.near_misses(terms) if m.anumber == "A001955")
        assert "A001955" not in {m.anumber for m in shipped.matches(terms)}
        assert (miss.ours, miss.theirs) == (terms[miss.difference + miss.shift], 55)
        assert miss.relation_text(0).startswith("near miss: a(n) = A001955(n), n = 1 .. 42")
