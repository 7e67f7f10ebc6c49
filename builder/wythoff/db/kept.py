"""A mapping whose values are read from the database when asked, the last few kept:
what needs every sequence's terms in turn (the build's checks that see every block,
the site's pages) holds a few at a time, not the build."""

from __future__ import annotations

from abc import abstractmethod
from collections import OrderedDict
from collections.abc import Collection, Iterator, Mapping
from typing import TypeVar

V = TypeVar("V")


class ReadWhenAsked(Mapping[str, V]):
    """``key -> value`` for each key of ``keys``, each value read by :meth:`read` when
    asked and the last :attr:`KEPT` kept (asking again for one of them reads nothing).
    Membership, iteration and length come from ``keys`` alone: they read nothing."""

    KEPT = 16

    def __init__(self, keys: Collection[str]) -> None:
        self._keys = keys
        self._kept: OrderedDict[str, V] = OrderedDict()

    @abstractmethod
    def read(self, key: str) -> V:
        """The value of ``key``, one of the keys, from the database."""

    def __getitem__(self, key: str) -> V:
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        if key not in self._keys:
            raise KeyError(key)
        value = self.read(key)
        self._kept[key] = value
        if len(self._kept) > self.KEPT:
            self._kept.popitem(last=False)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, key: object) -> bool:
        return key in self._keys
