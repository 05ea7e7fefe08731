"""Rule sets in documents: a preset and the options that differ, or every field by name.

>>> from canasta._rules.presets import find_rules
>>> rules = find_rules("classic", 2).with_options(one_card_pile_rule=False)
>>> rules_to_data(rules, full=False)
{'preset': 'classic', 'players': 2, 'options': {'one_card_pile_rule': False}}
>>> rules_from_data(rules_to_data(rules, full=False)) == rules
True
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, Literal

import attrs

from canasta._cache import Memo
from canasta._notation.values import (
    JsonObject,
    fail,
    join,
    read_int,
    read_text,
    show,
)
from canasta._rules.fields import LIST_LIMITS
from canasta._rules.presets import find_rules, rule_set_names
from canasta._rules.ruleset import RuleSet
from canasta.errors import RuleSetError

__all__ = ["describe_hint", "matches_hint", "rules_from_data", "rules_to_data"]


def _plain(value: object) -> object:
    """A rule-set value as JSON: tuples become lists."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _full(rules: RuleSet) -> dict[str, Any]:
    return {
        field.alias or field.name: _plain(getattr(rules, field.name))
        for field in attrs.fields(RuleSet)
    }


def _compact(rules: RuleSet) -> dict[str, Any]:
    """The preset and the options that differ from it; every field where the rule set is
    no preset's (its name is none of theirs)."""
    name = rules.name.strip().lower()
    if name not in rule_set_names():
        return _full(rules)
    try:
        preset = find_rules(name, rules.num_players)
    except RuleSetError:
        return _full(rules)
    options = {
        field.alias or field.name: _plain(getattr(rules, field.name))
        for field in attrs.fields(RuleSet)
        if getattr(rules, field.name) != getattr(preset, field.name)
    }
    data: dict[str, Any] = {"preset": name, "players": rules.num_players}
    if options:
        data["options"] = options
    try:
        same = rules_from_data(data) == rules
    except ValueError:
        same = False
    return data if same else _full(rules)


_WRITTEN: Memo[tuple[RuleSet, bool], dict[str, Any]] = Memo(256)


def rules_to_data(rules: RuleSet, *, full: bool = False) -> dict[str, Any]:
    """A rule set as JSON: its preset and the options that differ (``{"preset": "classic",
    "players": 4}``), or with ``full`` every field by its public name (``target_score`` as
    given, maybe null)."""
    data = _WRITTEN.get((rules, full), lambda: _full(rules) if full else _compact(rules))
    copied: dict[str, Any] = _copied(data)
    return copied


def _copied(value: Any) -> Any:
    """A copy of JSON data (the remembered data stays as it was, whatever the caller does)."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


# --- reading ---------------------------------------------------------------------------------


def describe_hint(hint: Any) -> str:
    """A type hint in words, for messages."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is bool:
        return "true or false"
    if hint is int:
        return "a whole number"
    if hint is str:
        return "text"
    if hint is type(None):
        return "null"
    if origin is Literal:
        return "one of " + ", ".join(json.dumps(arg) for arg in args)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(describe_hint(arg) for arg in args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return f"a list of ({describe_hint(args[0])})"
    if origin is tuple:
        return "a list of " + ", ".join(describe_hint(arg) for arg in args)
    return str(hint)


def matches_hint(value: object, hint: Any) -> bool:
    """Whether a JSON value has the type a rule-set field's hint asks for."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if hint is type(None):
        return value is None
    if origin is Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if origin in (typing.Union, types.UnionType):
        return any(matches_hint(value, arg) for arg in args)
    if origin is tuple:
        if not isinstance(value, list):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(matches_hint(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(matches_hint, value, args))
    return True  # a kind of field this reader does not know: RuleSet's validators decide


_RULE_HINTS: dict[str, Any] = {}


def _rule_fields() -> dict[str, tuple[str, Any]]:
    """Each rule-set field's public name, with its attribute name and type hint."""
    if not _RULE_HINTS:
        _RULE_HINTS.update(typing.get_type_hints(RuleSet))
    return {
        field.alias or field.name: (field.name, _RULE_HINTS[field.name])
        for field in attrs.fields(RuleSet)
    }


def _rule_settings(obj: JsonObject, names: Iterable[str]) -> dict[str, Any]:
    fields = _rule_fields()
    settings = {}
    for name in names:
        if name not in fields:
            fail(obj.at(name), "not a rule-set field")
        obj.used.add(name)
        value, hint = obj.data[name], fields[name][1]
        most = LIST_LIMITS.get(name)
        if most is not None and isinstance(value, (list, dict)) and len(value) > most:
            fail(obj.at(name), f"expected at most {most} entries, got {len(value)}")
        if name == "rule_ids" and isinstance(value, dict):
            value = _rule_id_pairs(value, obj.at(name))
        if not matches_hint(value, hint):
            fail(obj.at(name), f"expected {describe_hint(hint)}, got {show(value)}")
        settings[name] = value
    return settings


def _rule_id_pairs(value: dict[Any, Any], path: str) -> list[list[str]]:
    """``rule_ids`` written as an object, ``{"CL-MELD-2": "HW-MELD-5"}``, as its pairs."""
    pairs = []
    for key, item in value.items():
        if not isinstance(item, str):
            fail(join(path, str(key)), f"expected a rule ID as text, got {show(item)}")
        pairs.append([key, item])
    return pairs


def _build(path: str, make: Callable[[], RuleSet]) -> RuleSet:
    try:
        return make()
    except (RuleSetError, ValueError, TypeError) as error:
        fail(path, str(error))


def _preset(obj: JsonObject, path: str) -> RuleSet:
    name = read_text(obj.data["preset"], obj.at("preset"))
    players = read_int(obj.data["players"], obj.at("players")) if obj.has("players") else None
    options: dict[str, Any] = {}
    if obj.has("options"):
        given = JsonObject(obj.data["options"], obj.at("options"))
        options = _rule_settings(given, list(given.data))
    obj.finish()
    preset = _build(path, lambda: find_rules(name, players))
    if not options:
        return preset
    if name.strip().lower() == "classic":
        # The preset function applies options that change the pack (six_player_pack).
        return _build(path, lambda: RuleSet.classic(preset.num_players, **options))
    return _build(path, lambda: attrs.evolve(preset, **options))


def _read(value: object, path: str) -> RuleSet:
    if isinstance(value, str):
        return _build(path, lambda: find_rules(value))
    obj = JsonObject(value, path)
    if obj.has("preset"):
        return _preset(obj, path)
    missing = [
        name for name in _rule_fields() if name not in obj.data and name not in ADDED_FIELDS
    ]
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        fail(
            path,
            f"missing fields {', '.join(missing[:5])}{more}: give every field of the rule set, "
            'or a preset such as {"preset": "classic", "players": 4, "options": {}}',
        )
    settings = _rule_settings(obj, list(obj.data))
    rules = _build(path, lambda: RuleSet(**settings))
    return _with_current_citations(rules)


def _with_current_citations(rules: RuleSet) -> RuleSet:
    """A rule set of a preset's family with the rule IDs it cites (``rule_ids``) as the
    library cites them now, where the document's are some of them: documents written by an
    earlier version list that version's citations, which later versions extend."""
    try:
        preset = find_rules(rules.name, rules.num_players)
    except RuleSetError:
        return rules
    if rules.rule_ids == preset.rule_ids or not set(rules.rule_ids) <= set(preset.rule_ids):
        return rules
    return attrs.evolve(rules, rule_ids=preset.rule_ids)


_READ: Memo[str, RuleSet] = Memo(256)


def rules_from_data(value: object, path: str = "rules") -> RuleSet:
    """A rule set from JSON: a preset ``{"preset": "classic", "players": 2, "options":
    {...}}`` (players and options optional), a preset's name alone, or every field by name
    (as :func:`rules_to_data` writes it with ``full``). The rule sets read are remembered by
    their JSON text: a server reads the same few again and again."""
    _check_size(value, path)
    try:
        key = json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        return _read(value, path)
    return _READ.get(key, lambda: _read(value, path))


#: The most values (numbers, texts, lists, objects) and the most characters of text a rule
#: set's JSON may hold, checked before anything else is done with it: every field of a preset
#: with 1,024 ``rule_ids`` pairs and 32-row tables holds about 3,500 values and 25,000 characters.
MAX_RULE_VALUES = 4096
MAX_RULE_CHARACTERS = 65536


def _check_size(value: object, path: str) -> None:
    """Refuse a rule set's JSON with more values or text than any rule set has, or a list
    field longer than its limit (``LIST_LIMITS``), looking at no more of it than that."""
    stack, values, characters = [(value, path)], 0, 0
    while stack:
        item, where = stack.pop()
        values += 1
        if isinstance(item, str):
            characters += len(item)
        elif isinstance(item, dict):
            for key, entry in item.items():
                most = LIST_LIMITS.get(key)
                if most is not None and isinstance(entry, (list, dict)) and len(entry) > most:
                    fail(
                        join(where, str(key)), f"expected at most {most} entries, got {len(entry)}"
                    )
                stack.append((entry, join(where, str(key))))
                characters += len(key) if isinstance(key, str) else 0
                if len(stack) > MAX_RULE_VALUES:
                    break
        elif isinstance(item, list):
            if len(item) > MAX_RULE_VALUES:
                fail(where, f"expected at most {MAX_RULE_VALUES} entries, got {len(item)}")
            stack.extend((entry, where) for entry in item)
        if values + len(stack) > MAX_RULE_VALUES or characters > MAX_RULE_CHARACTERS:
            fail(
                path,
                f"a rule set holds at most {MAX_RULE_VALUES:,} values and "
                f"{MAX_RULE_CHARACTERS:,} characters of text; this one holds more",
            )


#: Fields of :class:`~canasta.RuleSet` added after documents listed every field: a document
#: without one of them means its default (documents written before it existed).
ADDED_FIELDS = frozenset({"first_dealer"})
