"""``wythoff terms`` on the Beatty pairs of square roots: ten thousand exact terms,
and a perfect square refused in one line."""

from __future__ import annotations

from tests.helpers.commands import ok, run
from tests.helpers.oracles.beatty_sqrt import expected


def test_ten_thousand_terms_from_the_command_line():
    lines = ok("terms", "beatty-sqrt2-a", "--count", "10000", module=True)
    pairs = [tuple(map(int, line.split())) for line in lines]
    assert pairs == [(n, expected("beatty-sqrt2-a", n)) for n in range(1, 10001)]
    refused = run("terms", "beatty-sqrt16-a", module=True)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "perfect square" in refused.stderr
