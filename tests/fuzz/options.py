"""Random rule sets: a preset of every family and player count, with house rules drawn from
every field's validated range (switches, choices and numbers alike).

Shared by the property tests (``tests/rule_strategies.py``) and the long runs by hand
(``tests/fuzz/dead_ends.py``), so that both draw from the same ranges.

>>> import random
>>> rules = random_rules(random.Random(7))
>>> rules.name in ("classic", "hollywood", "samba", "bolivia")
True
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable
from typing import Any

import attrs

import canasta
from canasta import RuleSet, RuleSetError

__all__ = ["NUMBERS", "random_changes", "random_rules"]

Draw = Callable[[random.Random], Any]


def _ints(low: int, high: int) -> Draw:
    return lambda rng: rng.randint(low, high)


def _wide(low: int, usual: int, far: int) -> Draw:
    """A whole number from ``low`` (the validator's least) up: most often up to ``usual``,
    one time in five up to ``far``, well past what a game could use (a hundred wild cards a
    meld, canastas of sixty cards), so that the far end of the validated range is played
    too."""
    return lambda rng: rng.randint(low, usual if rng.random() < 0.8 else far)


def _fives(low: int, high: int) -> Draw:
    return lambda rng: 5 * rng.randint(low // 5, high // 5)


def _maybe(draw: Draw) -> Draw:
    return lambda rng: None if rng.random() < 0.3 else draw(rng)


def _table(rng: random.Random) -> tuple[tuple[int | None, int], ...]:
    rows: list[tuple[int | None, int]] = [(None, 5 * rng.randint(0, 6))]
    low = 0
    for _ in range(rng.randint(0, 3)):
        rows.append((low, 5 * rng.randint(0, 30)))
        low += 5 * rng.randint(1, 600)
    return tuple(rows)


#: The numbers a field may take, over its validated range: the usual values most often, and
#: values far beyond them (the validators set no upper bound; the pack sets one in play), and
#: scores and bonuses below zero, which the fields allow.
NUMBERS: dict[str, Draw] = {
    "hand_size": _wide(1, 18, 60),
    "draw_count": _ints(1, 2),
    "canastas_to_go_out": _wide(0, 3, 12),
    "target_score": _maybe(_ints(1, 20000)),
    "initial_meld_table": _table,
    "red_three_value": _fives(-100, 300),
    "red_three_four_bonus_total": _fives(0, 1500),
    "red_three_special_amounts": lambda rng: rng.choice([(), ((5, 1000),), ((6, 1000),)]),
    "max_wilds_per_meld": _wide(0, 5, 100),
    "min_naturals": _wide(1, 5, 20),
    "min_meld_size": _wide(2, 6, 20),
    "canasta_size": _wide(3, 10, 60),
    "natural_canasta_bonus": _fives(-100, 1000),
    "mixed_canasta_bonus": _fives(-100, 1000),
    "going_out_bonus": _fives(-100, 500),
    "concealed_bonus_total": _fives(-100, 500),
    "deal_limit": _maybe(_ints(1, 3)),
    "max_wilds_per_sequence": _ints(0, 1),
    "max_sequence_length": _maybe(_wide(3, 11, 40)),
    "max_wild_meld_length": _maybe(_wide(3, 12, 40)),
    "mixed_sequence_canasta_bonus": _fives(-100, 2000),
    "natural_sequence_canasta_bonus": _fives(-100, 2000),
    "wild_canasta_bonus": _fives(-100, 3000),
    "max_black_threes_per_meld": _wide(3, 8, 20),
    "black_three_meld_max_wilds": _wide(0, 3, 100),
    "red_threes_canastas_needed": _wide(1, 3, 10),
    "black_three_in_hand_value": _fives(-100, 200),
    "sit_out_order": lambda rng: tuple(rng.sample([0, 2, 4], 3)),
    "extra_bracket_start": _ints(0, 10000),
    "extra_bracket_minimum": _fives(0, 300),
    # Only five or six players may change them; for others the rule set refuses the change.
    "five_player_sides": lambda rng: rng.choice((2, 5)),
    "six_player_sides": lambda rng: rng.choice((2, 3)),
}
#: Fields the presets fix for their family and player count, left alone.
_FIXED = frozenset(
    {
        "name",
        "num_players",
        "decks",
        "rule_ids",
        "six_player_pack",
    }
)


def _choices() -> dict[str, Draw]:
    """A draw for every switch and every choice of :class:`~canasta.RuleSet`."""
    hints = typing.get_type_hints(RuleSet)
    found: dict[str, Draw] = {}
    for field in attrs.fields(RuleSet):
        name = field.alias or field.name
        hint = hints[field.name]
        if name in _FIXED or name in NUMBERS:
            continue
        if hint is bool:
            found[name] = lambda rng: rng.random() < 0.5
        elif typing.get_origin(hint) is typing.Literal:
            values = typing.get_args(hint)
            found[name] = lambda rng, values=values: rng.choice(values)
        else:
            raise AssertionError(f"no draw for the field {name}: add it to NUMBERS")
    return found


_DRAWS: dict[str, Draw] = {**_choices(), **NUMBERS}


def random_changes(rng: random.Random, rules: RuleSet, count: int) -> RuleSet:
    """``rules`` with up to ``count`` fields changed at random; a change the rule set refuses
    (a contradiction, :class:`~canasta.RuleSetError`) is left out."""
    names = sorted(_DRAWS)
    for _ in range(count):
        name = rng.choice(names)
        try:
            rules = attrs.evolve(rules, **{name: _DRAWS[name](rng)})
        except RuleSetError:
            continue
    return rules


def random_rules(rng: random.Random, *, family: str | None = None, changes: int = 4) -> RuleSet:
    """A preset of ``family`` (any, if not given) for 2 to 6 players, with up to ``changes``
    house rules."""
    name = family or rng.choice(canasta.rule_set_names())
    preset = canasta.find_rules(name, players=rng.randint(2, 6))
    if preset.num_players == 3 and name == "classic" and rng.random() < 0.5:
        # Cutthroat (CL-V3-3) as its preset plays it (draw two, two canastas), half the
        # three-player Classic draws: one field among many would seldom be drawn.
        preset = canasta.RuleSet.classic(3, three_player_mode="cutthroat")
    return random_changes(rng, preset, rng.randint(0, changes))


def rules_leaning(seed: int, values: dict[str, Any]) -> RuleSet:
    """A random rule set (:func:`random_rules`, drawn from ``seed``) with, as far as it
    accepts them, the ``values`` of some fields, each one time in eight left as drawn: house
    rules of a kind a bound is for, most often, and their neighbours."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    for name, value in values.items():
        if rng.random() < 7 / 8:
            try:
                rules = attrs.evolve(rules, **{name: value})
            except RuleSetError:
                continue
    return rules
