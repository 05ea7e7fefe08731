"""The preset rule sets: Classic for 2 to 6 players, Hollywood, Samba and Bolivia, and
:func:`find_rules`, which finds one by name.

>>> find_rules("classic", players=2).draw_count
2
>>> hollywood().pack_size, samba().max_sequence_length, bolivia().target_score
(162, 7, 15000)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from canasta._rules.rule_ids import BOLIVIA_RULE_IDS, HOLLYWOOD_RULE_IDS, SAMBA_RULE_IDS
from canasta._rules.ruleset import (
    CLASSIC_PRESETS,
    RuleSet,
    classic,
    classic_five_player,
    classic_six_player,
    classic_three_player,
    classic_two_player,
)
from canasta.errors import RuleSetError, shown

__all__ = [
    "RuleSet",
    "RuleSetError",
    "bolivia",
    "classic",
    "classic_five_player",
    "classic_six_player",
    "classic_three_player",
    "classic_two_player",
    "find_rules",
    "hollywood",
    "rule_set_names",
    "samba",
]

#: The initial-meld table of HW-INIT-1 (and SA-INIT-1, BO-INIT-1).
THREE_DECK_INITIAL_MELD_TABLE: tuple[tuple[int | None, int], ...] = (
    (None, 15),
    (0, 50),
    (1500, 90),
    (3000, 120),
    (7000, 150),
)


def hollywood(players: int = 4, **changes: Any) -> RuleSet:
    """Hollywood Canasta (section 1 of the three-deck rules) for ``players`` players.

    Three decks and six jokers; 15 cards (13 with six players); draw two; sequences and
    melds of wild cards; two canastas to go out; a match to 10000.

    >>> rules = hollywood()
    >>> rules.pack_size, rules.hand_size, rules.draw_count, rules.sequences_allowed
    (162, 15, 2, True)
    >>> hollywood(6, six_player_sides=3).num_sides
    3
    """
    settings: dict[str, Any] = {
        "upcard_cover_black_three": True,
        "min_naturals": 3,
        "max_wilds_per_sequence": 1,
        "wild_melds_allowed": True,
        "take_with_suited_pair": True,
        "wild_top_card": "wild_pair",
        "last_stock_card_drawable": False,
        "black_three_meld_max_wilds": 2,
        "rule_ids": HOLLYWOOD_RULE_IDS,
        "frozen_before_opening": False,
        "sit_out_order": (0, 2, 4),
    }
    return _three_deck("hollywood", players, settings | changes)


def _three_deck(name: str, players: int, settings: dict[str, Any]) -> RuleSet:
    """What Hollywood, Samba and Bolivia share (section 4 of the three-deck rules), with
    ``settings`` over it: three decks, 15 cards (13 with six players), draw two, sequences
    and several melds of a rank, two canastas to go out, a match to 10000."""
    if players not in (2, 3, 4, 5, 6):
        raise RuleSetError(f"{name} is played by 2 to 6 players, not {players}")
    shared: dict[str, Any] = {
        "name": name,
        "num_players": players,
        "decks": 3,
        "hand_size": 13 if players == 6 else 15,
        "draw_count": 2,
        "canastas_to_go_out": 2,
        "target_score": 10000,
        "initial_meld_table": THREE_DECK_INITIAL_MELD_TABLE,
        "red_three_timing": "first_turn",
        "red_three_special_amounts": ((6, 1000),),
        "max_wilds_per_meld": 2,
        "ask_permission": "disabled",
        "tie_rule": "draw",
        "sequences_allowed": True,
        "several_melds_per_rank": True,
        "merging_allowed": True,
        "take_with_natural_and_wild": False,
        "take_onto_canasta": False,
        "max_black_threes_per_meld": 6,
    }
    return RuleSet(**(shared | settings))


def samba(players: int = 4, **changes: Any) -> RuleSet:
    """Samba (section 2 of the three-deck rules) for ``players`` players.

    Three decks and six jokers; 15 cards (13 with six players); draw two; sequences of one
    suit without wild cards, closed at seven (a samba, 1500); no melds of wild cards; two
    canastas to go out, for 200; red threes count plus only with two canastas; a match to
    10000. Two, three or five players play alone; six play in three partnerships.

    >>> rules = samba()
    >>> rules.max_sequence_length, rules.wild_melds_allowed, rules.going_out_bonus
    (7, False, 200)
    >>> samba(5).num_sides, samba(6).num_sides
    (5, 3)
    """
    settings: dict[str, Any] = {
        "red_threes_need_canasta": True,
        "red_threes_canastas_needed": 2,
        "min_naturals": 2,
        "allow_wild_on_canasta": False,
        "going_out_bonus": 200,
        "concealed_bonus_total": 200,
        "max_wilds_per_sequence": 0,
        "max_sequence_length": 7,
        "rule_ids": SAMBA_RULE_IDS,
    }
    if players == 5:
        settings["five_player_sides"] = 5
    if players == 6:
        settings["six_player_sides"] = 3
    return _three_deck(str(changes.get("name", "samba")), players, settings | changes)


def bolivia(players: int = 4, **changes: Any) -> RuleSet:
    """Bolivia (section 3 of the three-deck rules): Samba with melds of wild cards, closed
    at seven (a bolivia, 2500), going out only with a natural sequence canasta (an
    escalera), black threes left in hand costing 100, and a match to 15000.

    >>> rules = bolivia()
    >>> rules.wild_canasta_bonus, rules.going_out_needs_natural_sequence, rules.target_score
    (2500, True, 15000)
    """
    if players not in (2, 3, 4, 5, 6):
        raise RuleSetError(f"bolivia is played by 2 to 6 players, not {players}")
    settings: dict[str, Any] = {
        "name": "bolivia",
        "target_score": 15000,
        "wild_melds_allowed": True,
        "max_wild_meld_length": 7,
        "wild_canasta_bonus": 2500,
        "going_out_needs_natural_sequence": True,
        "black_three_in_hand_value": 100,
        "rule_ids": BOLIVIA_RULE_IDS,
    }
    return samba(players, **(settings | changes))


_PRESETS: dict[str, dict[int, Callable[..., RuleSet]]] = {
    "classic": CLASSIC_PRESETS,
    "hollywood": {n: functools.partial(hollywood, n) for n in (2, 3, 4, 5, 6)},
    "samba": {n: functools.partial(samba, n) for n in (2, 3, 4, 5, 6)},
    "bolivia": {n: functools.partial(bolivia, n) for n in (2, 3, 4, 5, 6)},
}
_DEFAULT_PLAYERS = {"classic": 4, "hollywood": 4, "samba": 4, "bolivia": 4}


def rule_set_names() -> tuple[str, ...]:
    """The names :func:`find_rules` knows."""
    return tuple(_PRESETS)


def find_rules(name: str | RuleSet, players: int | None = None) -> RuleSet:
    """The preset rule set called ``name`` for ``players`` players (its usual count if omitted).

    A :class:`RuleSet` passed in is returned as it is (checked against ``players``).

    >>> find_rules("Classic", players=6).decks
    3
    >>> find_rules("pinochle")
    Traceback (most recent call last):
    ...
    canasta.RuleSetError: unknown rule set 'pinochle'; known rule sets: classic, ...
    """
    if isinstance(name, RuleSet):
        if players is not None and players != name.num_players:
            raise RuleSetError(
                f"the rule set is for {name.num_players} players, not {players}; "
                f"use attrs.evolve or a preset for {players} players"
            )
        return name
    key = str(name).strip().lower()
    if key not in _PRESETS:
        raise RuleSetError(
            f"unknown rule set {shown(name)}; known rule sets: {', '.join(rule_set_names())}"
        )
    by_players = _PRESETS[key]
    count = _DEFAULT_PLAYERS[key] if players is None else players
    if count not in by_players:
        counts = ", ".join(str(n) for n in by_players)
        raise RuleSetError(f"{key} is played by {counts} players, not {players}")
    made = _MADE.get((key, count))
    if made is None:  # made once: rule sets are values, and the engine's caches, keyed by
        made = _MADE[key, count] = by_players[count]()  # them, then never compare two
    return made


_MADE: dict[tuple[str, int], RuleSet] = {}
