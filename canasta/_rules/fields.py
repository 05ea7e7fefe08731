"""The checks and conversions of :class:`~canasta.RuleSet`'s fields, one by one and
together (:func:`contradictions`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from canasta.errors import RuleSetError, shown

if TYPE_CHECKING:
    from canasta._rules.ruleset import RuleSet

__all__ = ["LIST_LIMITS", "contradictions"]


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
                f"{_public(attribute)} must be a whole number ≥ {minimum}; got {shown(value)}"
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
        raise RuleSetError(f"{_public(attribute)} must be True or False; got {shown(value)}")


def _multiple_of_five(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value % 5:
        raise RuleSetError(f"{_public(attribute)} must be a whole multiple of 5; got {value!r}")


#: The most entries of the list-valued fields (the presets have at most 5 rows of
#: ``initial_meld_table``, 1 of ``red_three_special_amounts`` and 65 pairs of ``rule_ids``).
LIST_LIMITS = {"initial_meld_table": 32, "red_three_special_amounts": 32, "rule_ids": 1024}


def _bounded(value: Any, name: str) -> tuple[Any, ...]:
    """The entries of a list-valued field, refused beyond its limit before any is converted."""
    items = tuple(value.items() if isinstance(value, dict) else value)
    if len(items) > LIST_LIMITS[name]:
        raise RuleSetError(f"{name} has at most {LIST_LIMITS[name]} entries; got {len(items)}")
    return items


def _table(value: Any) -> tuple[tuple[int | None, int], ...]:
    rows = _bounded(value, "initial_meld_table")
    return tuple((None if low is None else int(low), int(minimum)) for low, minimum in rows)


def _id_pairs(value: Any) -> tuple[tuple[str, str], ...]:
    items = _bounded(value, "rule_ids")
    return tuple(sorted((str(a), str(b)) for a, b in items))


def _pairs(value: Any) -> tuple[tuple[int, int], ...]:
    items = _bounded(value, "red_three_special_amounts")
    return tuple((int(a), int(b)) for a, b in items)


def contradictions(rules: RuleSet) -> list[str]:
    """What makes a rule set contradict itself, or unplayable as set (empty if nothing)."""
    return [*_table_problems(rules), *_seating_problems(rules), *_feature_problems(rules)]


def _table_problems(rules: RuleSet) -> list[str]:
    problems = []
    lows = [low for low, _ in rules.initial_meld_table]
    bounds = [low for low in lows[1:] if low is not None]
    if not lows or lows[0] is not None or len(bounds) != len(lows) - 1 or bounds != sorted(bounds):
        problems.append(
            "initial_meld_table must start with (None, minimum) and list its lower "
            "bounds in increasing order"
        )
    if rules.min_naturals > rules.min_meld_size:
        problems.append("min_naturals may not exceed min_meld_size")
    if rules.canasta_size < rules.min_meld_size:
        problems.append("canasta_size may not be smaller than min_meld_size")
    return problems


def _seating_problems(rules: RuleSet) -> list[str]:
    problems = []
    pack_decks = 3 if rules.six_player_pack == "three" else 2
    if rules.num_players == 6 and rules.decks != pack_decks:
        problems.append(
            f"six_player_pack={rules.six_player_pack!r} needs decks={pack_decks}, "
            f"got decks={rules.decks}"
        )
    if rules.num_players != 6 and rules.six_player_sides != 2:
        problems.append("six_player_sides applies only to six players")
    if rules.num_players != 5 and rules.five_player_sides != 2:
        problems.append("five_player_sides applies only to five players")
    if rules.cutthroat and rules.melds_by_position:
        problems.append(
            "three_player_mode='cutthroat' (CL-V3-3) pools melds by rank: it cannot be "
            "played with sequences_allowed, wild_melds_allowed or several_melds_per_rank"
        )
    if sorted(rules.sit_out_order) != [0, 2, 4]:
        problems.append("sit_out_order must name players 0, 2 and 4, each once")
    dealt = rules.hand_size * rules.active_players
    if dealt + 2 > rules.pack_size:
        problems.append(f"dealing {dealt} cards leaves too few of {rules.pack_size}")
    return problems


def _feature_problems(rules: RuleSet) -> list[str]:
    """Options that need another: without it the game could not be played as set."""
    needs = [  # (option used, its text, what it needs, the needed field)
        (
            rules.take_with_suited_pair,
            "take_with_suited_pair",
            rules.sequences_allowed,
            "sequences_allowed",
        ),
        (
            rules.wild_top_card == "wild_pair",
            "wild_top_card='wild_pair'",
            rules.wild_melds_allowed,
            "wild_melds_allowed",
        ),
        (
            rules.merging_allowed,
            "merging_allowed",
            rules.several_melds_per_rank,
            "several_melds_per_rank",
        ),
        # BO-OUT-1: without sequences nobody could ever go out.
        (
            rules.going_out_needs_natural_sequence,
            "going_out_needs_natural_sequence",
            rules.sequences_allowed,
            "sequences_allowed",
        ),
    ]
    return [f"{option} needs {field}" for used, option, ok, field in needs if used and not ok]
