"""``python -m wythoff``: the same as the ``wythoff`` command."""

from wythoff.cli import run

run()
