"""The form of an ID, written once: ``connell-k{k}-u{i}``.

A family declares each form of its IDs once, as an :class:`IdForm`.  Everything
else is derived from that one string: the regular expression that reads an ID
back into its parameters, the constructor that writes the ID of given parameters
(other families and the catalog call it instead of spelling the ID), and the form
as readers see it in the README's table.

>>> u = IdForm("connell-k{k}-u{i}")
>>> u(k=3, i=1)
'connell-k3-u1'
>>> u.match("connell-k3-u1"), u.match("connell-k03-u1"), u.match("connell-k3-v1")
({'k': 3, 'i': 1}, None, None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

NUMBER = "0|[1-9][0-9]*"
"""A parameter in an ID: a non-negative integer in decimal, without leading zeros."""

_FIELD = re.compile(r"\{(\w+)\}")


class IdForm:
    """One form of ID: literal text with integer parameters in braces."""

    def __init__(self, form: str) -> None:
        self.form = form
        pieces = _FIELD.split(form)  # literal, field, literal, field, ..., literal
        self.fields = tuple(pieces[1::2])
        if len(set(self.fields)) != len(self.fields):
            raise ValueError(f"{form}: a parameter appears twice")
        self.pattern = "".join(
            re.escape(piece) if k % 2 == 0 else f"(?P<{piece}>{NUMBER})"
            for k, piece in enumerate(pieces)
        )

    def __call__(self, **values: int) -> str:
        """The ID of these parameters (each of the form's, no other)."""
        if set(values) != set(self.fields):
            raise TypeError(f"{self.form} takes {', '.join(self.fields) or 'no parameters'}")
        return self.form.format(**{name: int(value) for name, value in values.items()})

    def match(self, identifier: str) -> dict[str, int] | None:
        """The parameters of ``identifier`` when it has this form, else ``None``."""
        found = re.fullmatch(self.pattern, identifier)  # compiled on first use, and cached
        return None if found is None else {k: int(v) for k, v in found.groupdict().items()}

    def __repr__(self) -> str:
        return f"IdForm({self.form!r})"


def first_match(forms: Iterable[IdForm], identifier: str) -> dict[str, int] | None:
    """The parameters of ``identifier`` read by the first of ``forms`` it has."""
    for form in forms:
        found = form.match(identifier)
        if found is not None:
            return found
    return None
