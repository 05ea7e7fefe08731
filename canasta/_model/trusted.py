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
#: Python for a class of twenty fields (written out where it is used: a function call around
#: it would cost as much again); for a few fields, calling each setter by name costs least
#: (:data:`_WRITTEN_OUT`).
_run: Callable[[Iterable[Any]], None] = deque(maxlen=0).extend


def _setters(cls: type) -> list[Callable[[Any, Any], None]]:
    """The slot descriptors' setters of an attrs class, in field order."""
    return [cls.__dict__[field.name].__set__ for field in attrs.fields(cls)]


def maker(cls: type[T]) -> Callable[..., T]:
    """A function that makes a ``cls`` from all its fields, in order, without ``__init__``.

    The classes made on every move (multisets of cards, moves, their records, melds, the
    game: one, two, four, seven and nine fields) get a maker written out for their number of
    fields, which calls each setter in turn: about three fifths of the cost of setting the
    slots by ``map``, whose iterators and the call around them weigh most for a few fields
    (an ``Event`` of four fields: 4,600 instructions instead of 7,900)."""
    setters = _setters(cls)
    written_out = _WRITTEN_OUT.get(len(setters))
    if written_out is not None:
        return written_out(cls, *setters)
    count = len(setters)
    new = object.__new__

    def make(*values: Any) -> T:
        if len(values) != count:
            raise ValueError(f"{cls.__name__} takes {count} values, not {len(values)}")
        instance = new(cls)
        _run(map(_call, setters, repeat(instance, count), values))
        return instance

    return make


_Setter = Callable[[Any, Any], None]
_new = object.__new__


def _one(cls: type[T], s1: _Setter) -> Callable[[Any], T]:
    def make(v1: Any) -> T:
        made = _new(cls)
        s1(made, v1)
        return made

    return make


def _two(cls: type[T], s1: _Setter, s2: _Setter) -> Callable[[Any, Any], T]:
    def make(v1: Any, v2: Any) -> T:
        made = _new(cls)
        s1(made, v1)
        s2(made, v2)
        return made

    return make


def _four(
    cls: type[T], s1: _Setter, s2: _Setter, s3: _Setter, s4: _Setter
) -> Callable[[Any, Any, Any, Any], T]:
    def make(v1: Any, v2: Any, v3: Any, v4: Any) -> T:
        made = _new(cls)
        s1(made, v1)
        s2(made, v2)
        s3(made, v3)
        s4(made, v4)
        return made

    return make


def _seven(cls: type[T], *setters: _Setter) -> Callable[..., T]:
    s1, s2, s3, s4, s5, s6, s7 = setters

    def make(v1: Any, v2: Any, v3: Any, v4: Any, v5: Any, v6: Any, v7: Any) -> T:
        made = _new(cls)
        s1(made, v1)
        s2(made, v2)
        s3(made, v3)
        s4(made, v4)
        s5(made, v5)
        s6(made, v6)
        s7(made, v7)
        return made

    return make


def _nine(cls: type[T], *setters: _Setter) -> Callable[..., T]:
    s1, s2, s3, s4, s5, s6, s7, s8, s9 = setters

    def make(v1: Any, v2: Any, v3: Any, v4: Any, v5: Any, v6: Any, v7: Any, v8: Any, v9: Any) -> T:
        made = _new(cls)
        s1(made, v1)
        s2(made, v2)
        s3(made, v3)
        s4(made, v4)
        s5(made, v5)
        s6(made, v6)
        s7(made, v7)
        s8(made, v8)
        s9(made, v9)
        return made

    return make


#: The makers written out, by number of fields: those of the classes made on every move.
_WRITTEN_OUT: dict[int, Callable[..., Callable[..., Any]]] = {
    1: _one,
    2: _two,
    4: _four,
    7: _seven,
    9: _nine,
}


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
