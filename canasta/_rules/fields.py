"""The checks and conversions of :class:`~canasta.RuleSet`'s fields, and its error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["RuleSetError"]


class RuleSetError(ValueError):
    """A rule set whose settings contradict each other, or an unknown rule set name."""


def _public(attribute: attrs.Attribute[Any]) -> str:
    return attribute.alias or attribute.name


def _one_of(*values: object) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in values:
            allowed = ", ".join(repr(v) for v in values)
            raise RuleSetError(f"{_public(attribute)} must be one of {allowed}; got {value!r}")

    return check


def _at_least(minimum: int) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise RuleSetError(
                f"{_public(attribute)} must be a whole number ≥ {minimum}; got {value!r}"
            )

    return check


def _optional(
    check: Callable[[Any, attrs.Attribute[Any], Any], None],
) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check_unless_none(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is not None:
            check(instance, attribute, value)

    return check_unless_none


def _is_bool(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise RuleSetError(f"{_public(attribute)} must be True or False; got {value!r}")


def _multiple_of_five(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value % 5:
        raise RuleSetError(f"{_public(attribute)} must be a whole multiple of 5; got {value!r}")


def _table(value: Any) -> tuple[tuple[int | None, int], ...]:
    return tuple((None if low is None else int(low), int(minimum)) for low, minimum in value)


def _id_pairs(value: Any) -> tuple[tuple[str, str], ...]:
    items = value.items() if isinstance(value, dict) else value
    return tuple(sorted((str(a), str(b)) for a, b in items))


def _pairs(value: Any) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in value)
