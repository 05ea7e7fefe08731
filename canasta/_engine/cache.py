"""The one helper behind every cache of the engine, and :func:`clear_caches`.

The engine remembers a few answers that recur all the time (the meld steps of a rank for the
same few counts, a rule set's derived tables): each such cache is a bounded
:func:`functools.lru_cache` made by :func:`remembered`, keyed by values (never by the
identity of an object), and listed here so that :func:`clear_caches` empties them all.

A cache is a decision with a cost: memory, and the garbage collector walking what it holds.
Each use says why it pays, and how large it may grow.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["clear_caches", "remembered"]

F = TypeVar("F", bound=Callable[..., Any])

_CACHES: list[Any] = []


def remembered(size: int) -> Callable[[F], F]:
    """A decorator: the function's answers are kept, at most ``size`` of them, the least
    recently used going first; its arguments must be hashable values."""

    def decorate(function: F) -> F:
        cached = functools.lru_cache(maxsize=size)(function)
        _CACHES.append(cached)
        return cached  # type: ignore[return-value]

    return decorate


def clear_caches() -> None:
    """Empty every cache of the engine (for long-lived processes that want the memory back,
    and for measurements that must start cold). Answers do not change: only speed."""
    for cached in _CACHES:
        cached.cache_clear()
