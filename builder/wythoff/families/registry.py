"""The registry of families: each family module of this package declares one family.

The list below is the only place that names them; its order is the order of the
site's navigation and of every table.  A new family is a new module and one line
here.
"""

from __future__ import annotations

from wythoff.families import (
    beatty_sqrt,
    connell,
    fraenkel,
    larsson,
    larsson_remark5,
    modular,
    wythoff,
)
from wythoff.families.base import Family

FAMILIES: dict[str, Family] = {
    family.family.key: family
    for family in (
        wythoff.WythoffFamily(),
        connell.ConnellFamily(),
        fraenkel.FraenkelFamily(),
        larsson.LarssonFamily(),
        larsson_remark5.LarssonRemark5Family(),
        modular.ModularFamily(),
        beatty_sqrt.BeattySqrtFamily(),
    )
}

__all__ = ["FAMILIES", "Family"]
