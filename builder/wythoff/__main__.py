"""``python -m wythoff``: the same as the ``wythoff`` command."""

import sys

from wythoff.cli import main

sys.exit(main())
