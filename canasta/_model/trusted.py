"""Values the library computed itself, made without their checks: the one place that does it.

Every value class of the package is a frozen attrs class whose ``__init__`` converts and
checks its fields, as it must for values from outside. The engine makes many values a move
(multisets of cards, melds, moves, deals) from parts that are already checked; here, and only
here, such a value is made by setting its slots directly, as attrs's ``__init__`` sets them;
and a value just made, which nothing else refers to yet, may have a field set the same way
as the last step of making it (:func:`completed`), where a copy would cost as much as the
value.

>>> import attrs
>>> @attrs.frozen(slots=True)
... class Point:
...     x: int = attrs.field(converter=int)
...     y: int = 0
>>> make, copy = maker(Point), copier(Point)
>>> make(1, 2), copy(make(1, 2), {"y": 5})
(Point(x=1, y=2), Point(x=1, y=5))
"""

from __future__ import annotations

import operator
import sys
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from itertools import repeat
from operator import attrgetter
from typing import Any, TypeVar

import attrs

__all__ = ["completed", "copier", "maker"]

T = TypeVar("T")

if sys.version_info >= (3, 11):
    _call = operator.call
else:  # pragma: no cover - Python 3.10: the same, written in Python

    def _call(function: Callable[..., Any], /, *args: Any) -> Any:
        return function(*args)


#: Runs an iterator to its end, keeping nothing: ``_run(map(_call, setters, repeat(instance),
#: values))`` sets the slots in a loop in C, which costs about two thirds of a ``for`` loop in
#: Python for a class of twenty fields, and less than it for two (written out where it is
#: used: a function call around it would cost as much again for the small classes).
_run: Callable[[Iterable[Any]], None] = deque(maxlen=0).extend


def _setters(cls: type) -> list[Callable[[Any, Any], None]]:
    """The slot descriptors' setters of an attrs class, in field order."""
    return [cls.__dict__[field.name].__set__ for field in attrs.fields(cls)]


def maker(cls: type[T]) -> Callable[..., T]:
    """A function that makes a ``cls`` from all its fields, in order, without ``__init__``."""
    setters = _setters(cls)
    count = len(setters)
    new = object.__new__
    if count == 1:  # Cards: made more often than anything else
        (only,) = setters

        def make_one(value: Any) -> T:
            instance = new(cls)
            only(instance, value)
            return instance

        return make_one

    def make(*values: Any) -> T:
        if len(values) != count:
            raise ValueError(f"{cls.__name__} takes {count} values, not {len(values)}")
        instance = new(cls)
        _run(map(_call, setters, repeat(instance, count), values))
        return instance

    return make


def copier(cls: type[T]) -> Callable[[T, Mapping[str, Any]], T]:
    """A function ``copy(instance, changes)``: a copy of a ``cls`` with the fields that
    ``changes`` names set to its values, like ``attrs.evolve`` without ``__init__``; the
    changes must be values of the right types.

    The changes come as one mapping, not as keywords: a class's ``replace(**changes)`` hands
    on the dict it was given, where passing it on as keywords would build it again (about
    6,000 instructions for the eight changes of a discard's deal). A class of one field is
    made anew (:func:`maker`), not copied."""
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    if len(names) < 2:  # attrgetter of one name gives the value, not a tuple of it
        raise TypeError(f"{cls.__name__} has one field: make it anew instead of copying it")
    get = attrgetter(*names)
    setters = _setters(cls)
    count = len(setters)
    position = {name: index for index, name in enumerate(names)}
    new = object.__new__

    def copy(instance: T, changes: Mapping[str, Any]) -> T:
        values = list(get(instance))
        for name, value in changes.items():
            try:
                values[position[name]] = value
            except KeyError:
                raise TypeError(f"{cls.__name__} has no field {name!r}") from None
        made = new(cls)
        _run(map(_call, setters, repeat(made, count), values))
        return made

    return copy


def completed(instance: T, name: str, value: Any) -> T:
    """``instance`` with its field ``name`` set to ``value`` in place: only for a value the
    caller has just made, which nothing else refers to yet (not hashed, not kept, not handed
    out), as the last step of making it. Anywhere else a copy (:func:`copier`) is the way."""
    object.__setattr__(instance, name, value)
    return instance
