"""The notation's remembered results, in one place.

Reading and writing documents repeat the same small computations: the same rule sets, the
same move texts, the same melds. Each is remembered in a :class:`Memo`, a dictionary emptied
when it reaches its bound, so the memory stays small however many documents a server sees.
:func:`clear` empties them all (for measurements, or to free the memory).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["Memo", "clear"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_ALL: list[Memo[object, object]] = []


class Memo(Generic[K, V]):
    """Values remembered by key, at most ``bound`` of them."""

    __slots__ = ("bound", "values")

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self.values: dict[K, V] = {}
        _ALL.append(self)  # type: ignore[arg-type]

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value for ``key``, made by ``make()`` the first time."""
        values = self.values
        try:
            return values[key]
        except KeyError:
            pass
        value = make()
        if len(values) >= self.bound:
            values.clear()
        values[key] = value
        return value


def clear() -> None:
    """Forget every remembered value."""
    for memo in _ALL:
        memo.values.clear()
