"""Cross-references between sequences, each computed and checked on the built terms.

Every family's module states its relations (:meth:`Family.relations`): the
complementary partners of its theorems, and its identities with other families
(Fraenkel's ``a = 1`` and Connell's ``k = 1`` are Wythoff's, Larsson with
``p = 1`` is Fraenkel with ``a = m``, ...).  A relation is recorded only when
both sides are built, with the range it was checked on, and every one of them
is also a verification of the build.
"""

from __future__ import annotations

from wythoff.catalog import FAMILIES, Catalog
from wythoff.catalog.evidence import Crossref, Relation, Terms

__all__ = ["Crossref", "Relation", "relations"]


def relations(catalog: Catalog, terms: Terms) -> list[Relation]:
    """Every relation between built sequences, checked, family by family."""
    found: list[Relation] = []
    for key in catalog.families:
        found.extend(FAMILIES[key].relations(catalog, terms))
    return found
