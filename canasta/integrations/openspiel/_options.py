"""The ``options`` parameter: house rules as ``key:value`` pairs, read into a rule set."""

from __future__ import annotations

import attrs

from canasta import CanastaError
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet
from canasta.errors import did_you_mean

# RuleSet fields that an option cannot set: the family's name and the player count (the
# ``players`` parameter), and fields whose values are tables rather than one value.
_NOT_OPTIONS = frozenset({"name", "num_players"})


def _option_fields() -> dict[str, str]:
    """Public name of each settable RuleSet field -> the kind of its value."""
    fields: dict[str, str] = {}
    for field in attrs.fields(RuleSet):
        name = field.alias or field.name
        default = field.default
        if name in _NOT_OPTIONS:
            continue
        if isinstance(default, bool):
            fields[name] = "true or false"
        elif isinstance(default, int):
            fields[name] = "an integer"
        elif isinstance(default, str):
            fields[name] = "a word"
        elif default is None:
            fields[name] = "an integer or none"
    return fields


_OPTIONS = _option_fields()


def _option_value(text: str) -> int | bool | str | None:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    try:
        return int(text)
    except ValueError:
        return text


def parse_options(text: str) -> dict[str, int | bool | str | None]:
    """The house rules of an ``options`` parameter: ``key:value`` pairs separated by ``;``.

    Keys are :class:`~canasta._rules.ruleset.RuleSet` fields that hold one value (``target_score``,
    ``ask_permission``, ``draw_count`` ...; not ``num_players``, which is the ``players``
    parameter, nor the fields that hold tables). Values are read as ``true``/``false``,
    ``none``, an integer, or else a word. OpenSpiel's game strings keep ``,`` and ``=`` for
    their own parameters, hence ``;`` and ``:``.

    >>> parse_options("target_score:3000; ask_permission:disabled;one_card_pile_rule:false")
    {'target_score': 3000, 'ask_permission': 'disabled', 'one_card_pile_rule': False}
    >>> parse_options("target=3000")
    Traceback (most recent call last):
    ...
    canasta.errors.CanastaError: option 'target=3000': write options as key:value pairs ...
    """
    options: dict[str, int | bool | str | None] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        key, colon, value = (part.strip() for part in item.partition(":"))
        if not colon or not key or not value:
            raise CanastaError(
                f"option {item.strip()!r}: write options as key:value pairs separated by ';' "
                "(for example 'target_score:3000;ask_permission:disabled')"
            )
        if key not in _OPTIONS:
            hint = " (use the players parameter)" if key == "num_players" else ""
            near = hint or did_you_mean(key, _OPTIONS)
            raise CanastaError(
                f"unknown option {key!r}{near}: the options are the fields of RuleSet that "
                "hold one value"
            )
        if key in options:
            raise CanastaError(f"option {key!r} is given twice")
        options[key] = _option_value(value)
    return options


def _rules_for(family: str, players: int, options: str) -> RuleSet:
    try:
        rules = find_rules(family, players)
        return rules.with_options(**parse_options(options)) if options.strip() else rules
    except (TypeError, ValueError) as error:  # RuleSetError is a ValueError
        message = f"{family} for {players} players with options {options!r}: {error}"
        raise CanastaError(message) from error
