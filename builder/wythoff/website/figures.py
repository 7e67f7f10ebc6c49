"""The pictures of the entry pages, drawn from the site's content: every sequence's
and every game's Sprague–Grundy picture computed in a few worker processes, a game's
lines, gap and periods figures, and each picture file written once.

``wythoff.website.pictures`` and ``grundy_picture`` draw one picture; this module
chooses what each page shows and spreads the drawing over processes.
"""

from __future__ import annotations

import hashlib
import os
from typing import TYPE_CHECKING, Any

from wythoff.db import vocabulary
from wythoff.pipeline import processes
from wythoff.website import content as site_content
from wythoff.website import grundy_picture, pictures

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from tqdm import tqdm

    from wythoff.core.games.rules import Rules
    from wythoff.website.content import SiteContent


class Once:
    """The pictures, each written once: one identical to a picture already written is
    not written again, and its page links the first (a game's c and d sequences draw
    the same pair, games with equal values the same Sprague–Grundy picture)."""

    def __init__(self, staging: Path) -> None:
        self.staging = staging
        self.first: dict[bytes, str] = {}  # a file's SHA-256: the first file of its bytes

    def write(self, path: str, data: bytes) -> str:
        """The site path of ``data``: ``path``, written now, or the file already
        holding the same bytes."""
        first = self.first.setdefault(hashlib.sha256(data).digest(), path)
        if first == path:
            (self.staging / path).parent.mkdir(parents=True, exist_ok=True)
            (self.staging / path).write_bytes(data)
        return first


FIGURE_BATCH = 512
"""Sequences whose pictures are computed at a time: the terms they are drawn from are
in memory for one batch only (for every sequence at once, the site's memory would grow
with the build; ``bench/site_memory.py`` measures it)."""


def sequence_figures(
    content: SiteContent, bar: tqdm[Any]
) -> Iterator[tuple[str, pictures.Figure | None]]:
    """Every sequence's picture, as the build stored it, computed in a few processes
    (the discrepancies are exact), :data:`FIGURE_BATCH` sequences at a time: each is
    given as soon as its batch is drawn, so the pictures are not all held at once."""
    listed = list(content.sequences)
    workers = min(os.cpu_count() or 1, 4)
    with processes.pool(workers, start_method=None) as pool:
        for start in range(0, len(listed), FIGURE_BATCH):
            batch = listed[start : start + FIGURE_BATCH]
            jobs = [_figure_job(content, sequence_id) for sequence_id in batch]
            drawn = pool.map(_sequence_figure, jobs, chunksize=16)
            for sequence_id, figure in zip(batch, drawn, strict=True):
                yield sequence_id, figure
                bar.update(1)


def _figure_job(
    content: SiteContent, sequence_id: str
) -> tuple[str, pictures.Picture, dict[str, list[tuple[int, int]]]]:
    """What a worker draws a sequence's picture from: its stored picture and the terms
    of the sequences it shows."""
    picture = content.sequences[sequence_id].picture
    needed = (sequence_id, *(picture.pair or ()))
    return sequence_id, picture, {key: _int_terms(content, key) for key in needed}


def grundy_pictures(content: SiteContent) -> Iterator[tuple[str, grundy_picture.Drawing]]:
    """The picture of the Sprague–Grundy values of every game that has them, computed
    from the stored rules in a few processes."""
    jobs = [(game_id, game.moves) for game_id, game in content.games.items()]
    workers = min(os.cpu_count() or 1, 4)
    with processes.pool(workers, start_method=None) as pool:
        for (game_id, _), image in zip(
            jobs, pool.map(_grundy_picture, jobs, chunksize=16), strict=True
        ):
            if image is not None:
                yield game_id, image


def _grundy_picture(job: tuple[str, Rules]) -> grundy_picture.Drawing | None:
    return grundy_picture.picture(job[1])


def _sequence_figure(
    job: tuple[str, pictures.Picture, dict[str, list[tuple[int, int]]]],
) -> pictures.Figure | None:
    sequence_id, picture, terms = job
    return pictures.sequence_figure(sequence_id, picture, lambda key: terms.get(key, []))


def _int_terms(content: SiteContent, sequence_id: str) -> list[tuple[int, int]]:
    return [(n, int(v)) for n, v in content.terms.get(sequence_id, [])[: site_content.PLOT_TERMS]]


def gap_figure(
    content: SiteContent, pairs: dict[str, tuple[str, pictures.Figure]], game_id: str
) -> tuple[str, pictures.Figure] | None:
    """For a game without a formula, the gap and ratio picture of its c and d
    sequences (their pages' file and the figure), to show on the game's page too;
    ``pairs`` holds the sequences' pair pictures, by sequence."""
    if content.games[game_id].solved:
        return None
    for sequence_id in content.game_sequences.get(game_id, []):
        if sequence_id in pairs:
            return pairs[sequence_id]
    return None


def periods_figure(content: SiteContent, game_id: str) -> pictures.Figure | None:
    """The preperiods and periods of a game's rows, for a game whose rows are stored with
    their values (``grundy_values``)."""
    if game_id not in content.grundy_values:
        return None
    rows = [
        (p.row, p.preperiod, p.period)
        for p in content.grundy_periods.get(game_id, [])
        if p.axis == vocabulary.ROW and p.preperiod is not None and p.period is not None
    ]
    return pictures.row_periods(game_id, rows)


def lines_figure(content: SiteContent, game_id: str) -> pictures.Figure | None:
    """Larsson's conjecture, line by line, for a game the build observed (one without
    a formula): from its c and d terms."""
    seen = content.observations.get(game_id)
    modulus = content.games[game_id].conjecture_modulus
    coordinates = site_content.coordinates(content, game_id)
    if seen is None or modulus is None or coordinates is None:
        return None
    c_id, d_id = coordinates
    c_values = [v for _, v in _int_terms(content, c_id)]
    d_values = [v for _, v in _int_terms(content, d_id)]
    return pictures.line_counts(game_id, c_values, d_values, modulus, seen.bound)
