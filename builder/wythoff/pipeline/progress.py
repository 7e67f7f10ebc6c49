"""Progress bars for the stages of long work (the build and the site)."""

from __future__ import annotations

import sys

from tqdm import tqdm


class Stages:
    """Progress bars on stderr, one per stage: only on a terminal, never when ``quiet``
    (a log file or a pipe gets no carriage-return litter)."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet or not sys.stderr.isatty()

    def bar(self, description: str, total: int | None = None, delay: float = 0.0) -> tqdm:
        """A bar for a stage; with ``delay``, shown only once the stage has taken that
        many seconds (quick work leaves no trace)."""
        return tqdm(
            total=total,
            desc=f"{description:<10}",
            unit=" items",
            file=sys.stderr,
            disable=self.quiet,
            mininterval=0.5,
            dynamic_ncols=True,
            leave=True,
            delay=delay,
        )
