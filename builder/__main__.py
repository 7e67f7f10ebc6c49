"""``python -m builder``: the same as the ``wythoff`` command."""

import sys

from builder.cli import main

sys.exit(main())
