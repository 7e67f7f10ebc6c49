"""The reference database of Wythoff-game sequences.

``wythoff.core`` holds the mathematics (exact, no I/O); ``wythoff.families`` names
every sequence and game; ``wythoff.db``, ``wythoff.pipeline.export`` and ``wythoff.website``
store, export and render them; ``wythoff.cli`` is the ``wythoff`` command.

Importing the package changes no process-wide setting.
"""

__version__ = "0.1.0"

__all__ = ["__version__", "database", "game", "sequence"]


def __getattr__(name: str) -> object:
    """``wythoff.sequence``, ``wythoff.game`` and ``wythoff.database`` (see ``wythoff.api``),
    imported on first use so that ``import wythoff`` stays light."""
    if name in ("sequence", "game", "database"):
        from wythoff import api

        return getattr(api, name)
    raise AttributeError(f"module 'wythoff' has no attribute {name!r}")
