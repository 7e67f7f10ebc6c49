"""The reference database of Wythoff-game sequences.

``wythoff.core`` holds the mathematics (exact, no I/O); ``wythoff.catalog`` names
every sequence and game; ``wythoff.db``, ``wythoff.export`` and ``wythoff.pages``
store, export and render them; ``wythoff.cli`` is the ``wythoff`` command.

Importing the package changes no process-wide setting.
"""

__version__ = "0.1.0"
