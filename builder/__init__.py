"""The reference database of Wythoff-game sequences.

``builder.core`` holds the mathematics (exact, no I/O); ``builder.catalog`` names
every sequence and game; ``builder.db``, ``builder.export`` and ``builder.pages``
store, export and render them; ``builder.cli`` is the ``wythoff`` command.
"""

import sys

__version__ = "0.1.0"

# Convergents and their numeration digits run to thousands of decimal digits;
# Python refuses to print integers beyond 4300 digits unless told otherwise.
sys.set_int_max_str_digits(0)
