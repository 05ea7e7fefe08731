"""The option drawer (``tests/fuzz/options.py``) draws every field of RuleSet within the range
its validator allows (issue 19: the properties draw numeric fields too, not only switches)."""

from __future__ import annotations

import random
import typing

import attrs
import pytest
from fuzz import options

from canasta import RuleSet, RuleSetError, find_rules, rule_set_names

FIELDS = {field.alias or field.name: field for field in attrs.fields(RuleSet)}
HINTS = typing.get_type_hints(RuleSet)


def drawn(name: str, count: int = 300) -> list[object]:
    rng = random.Random(name)
    return [options._DRAWS[name](rng) for _ in range(count)]


def test_every_field_but_the_presets_own_is_drawn() -> None:
    assert set(options._DRAWS) == set(FIELDS) - options._FIXED
    numeric = {
        name
        for name, field in FIELDS.items()
        if HINTS[field.name] is not bool
        and typing.get_origin(HINTS[field.name]) is not typing.Literal
    }
    assert numeric - options._FIXED <= set(options.NUMBERS)


@pytest.mark.parametrize("name", sorted(options.NUMBERS))
def test_a_numeric_field_is_drawn_within_its_validated_range(name: str) -> None:
    field = FIELDS[name]
    for value in drawn(name):
        converted = field.converter(value) if field.converter is not None else value
        if field.validator is not None:
            field.validator(None, field, converted)  # raises RuleSetError out of range


@pytest.mark.parametrize("name", ["draw_count", "max_wilds_per_sequence", "five_player_sides"])
def test_a_field_of_few_values_is_drawn_with_each(name: str) -> None:
    field = FIELDS[name]
    allowed = []
    for value in range(-1, 8):
        try:
            field.validator(None, field, value)
        except RuleSetError:
            continue
        allowed.append(value)
    assert sorted(set(drawn(name))) == allowed


def test_optional_numbers_are_drawn_unset_too() -> None:
    for name in ("target_score", "deal_limit", "max_sequence_length", "max_wild_meld_length"):
        values = drawn(name)
        assert None in values
        assert any(value is not None for value in values)


def test_drawn_rule_sets_change_numeric_fields_of_every_family() -> None:
    rng = random.Random(19)
    changed: dict[str, set[str]] = {name: set() for name in rule_set_names()}
    for _ in range(1500):
        rules = options.random_rules(rng)
        preset = find_rules(rules.name, players=rules.num_players)
        changed[rules.name] |= {
            name for name in options.NUMBERS if getattr(rules, name) != getattr(preset, name)
        }
    for family, names in changed.items():
        assert {"canasta_size", "min_meld_size", "hand_size", "max_wilds_per_meld"} <= names, (
            family
        )
