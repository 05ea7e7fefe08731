"""The one helper behind every cache of the package, and :func:`clear_caches`.

The package remembers answers that recur all the time: the meld steps of a rank for the same
few counts, a rule set's derived tables, the texts of moves and cards a document writes again
and again. Each such cache is bounded and keyed by values (never by the identity of an
object), and made here, so that :func:`clear_caches` empties them all:

* :func:`remembered` for a function whose answer depends on its (hashable) arguments alone:
  a :func:`functools.lru_cache`, the least recently used answer going first;
* :class:`Memo` for values remembered under a key the caller chooses (the text of a
  document, where the value is made from more than the key), emptied when it is full.

A cache is a decision with a cost: memory, and the garbage collector walking what it holds.
Each use says why it pays, and how large it may grow.

>>> @remembered(8)
... def square(n: int) -> int:
...     return n * n
>>> square(3), square.cache_info().misses
(9, 1)
>>> clear_caches(); square.cache_info().currsize
0
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["Memo", "clear_caches", "remembered"]

F = TypeVar("F", bound=Callable[..., Any])
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: How to empty each cache made here.
_CLEARS: list[Callable[[], None]] = []


def remembered(size: int) -> Callable[[F], F]:
    """A decorator: the function's answers are kept, at most ``size`` of them, the least
    recently used going first; its arguments must be hashable values."""

    def decorate(function: F) -> F:
        cached = functools.lru_cache(maxsize=size)(function)
        _CLEARS.append(cached.cache_clear)
        return cached  # type: ignore[return-value]

    return decorate


class Memo(Generic[K, V]):
    """Values remembered by key, at most ``bound`` of them (all forgotten when it is full)."""

    __slots__ = ("bound", "values")

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self.values: dict[K, V] = {}
        _CLEARS.append(self.values.clear)

    def find(self, key: K) -> V | None:
        """The value for ``key`` if it is remembered."""
        return self.values.get(key)

    def put(self, key: K, value: V) -> None:
        """Remember ``value`` for ``key``."""
        if len(self.values) >= self.bound:
            self.values.clear()
        self.values[key] = value

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


def clear_caches() -> None:
    """Empty every cache of the package, for long-lived processes that want the memory back
    and for measurements that must start cold. Answers never change, only speed.

    >>> import canasta
    >>> canasta.clear_caches()
    """
    for clear in _CLEARS:
        clear()
