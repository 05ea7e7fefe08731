"""Rule sets: the Classic presets (CL-V2 to CL-V6), the questions the engine asks, validation."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from canasta import RuleSet, RuleSetError, find_rules, rule_set_names
from canasta._rules.ruleset import (
    CLASSIC_INITIAL_MELD_TABLE,
    classic,
    classic_five_player,
    classic_six_player,
    classic_three_player,
    classic_two_player,
)

# --- presets -----------------------------------------------------------------------------


def test_rule_set_names() -> None:
    assert rule_set_names() == ("classic", "hollywood", "samba", "bolivia")


def test_classic_defaults_are_four_players() -> None:
    rules = find_rules("classic")
    assert rules == RuleSet() == classic() == find_rules("classic", players=4)
    assert (rules.num_players, rules.num_sides, rules.active_players) == (4, 2, 4)
    assert (rules.decks, rules.pack_size, rules.red_threes_in_pack) == (2, 108, 4)
    assert (rules.hand_size, rules.draw_count, rules.canastas_to_go_out) == (11, 1, 1)
    assert rules.target_score == 5000
    assert rules.has_partners
    assert rules.initial_meld_table == CLASSIC_INITIAL_MELD_TABLE


def test_find_rules_ignores_case_and_spaces() -> None:
    assert find_rules(" Classic ", players=2) == find_rules("CLASSIC", players=2)


def test_CL_V2_two_players() -> None:
    rules = find_rules("classic", players=2)
    assert rules == classic_two_player()
    assert (rules.num_players, rules.num_sides, rules.has_partners) == (2, 2, False)
    assert (rules.hand_size, rules.draw_count, rules.canastas_to_go_out) == (15, 2, 2)
    assert (rules.decks, rules.target_score) == (2, 5000)


def test_CL_V3_three_players() -> None:
    rules = find_rules("classic", players=3)
    assert rules == classic_three_player()
    assert (rules.num_players, rules.num_sides, rules.has_partners) == (3, 3, False)
    assert (rules.hand_size, rules.draw_count, rules.canastas_to_go_out) == (13, 1, 1)
    assert (rules.decks, rules.target_score, rules.three_player_mode) == (2, 5000, "individual")


def test_CL_V5_five_players() -> None:
    rules = find_rules("classic", players=5)
    assert rules == classic_five_player()
    assert (rules.num_players, rules.active_players, rules.num_sides) == (5, 4, 2)
    assert (rules.hand_size, rules.decks, rules.target_score) == (11, 2, 5000)


def test_CL_V6_six_players_three_packs() -> None:
    rules = find_rules("classic", players=6)
    assert rules == classic_six_player()
    assert (rules.num_players, rules.num_sides, rules.six_player_pack) == (6, 2, "three")
    assert (rules.decks, rules.pack_size, rules.red_threes_in_pack) == (3, 162, 6)
    assert (rules.hand_size, rules.canastas_to_go_out, rules.target_score) == (13, 2, 10000)
    assert rules.extra_bracket_start == 7500
    assert rules.initial_minimum(7495) == 120
    assert rules.initial_minimum(7500) == 150


def test_CL_V6_4_three_sides_play_to_7500() -> None:
    rules = classic_six_player(six_player_sides=3)
    assert (rules.num_sides, rules.target_score, rules.decks) == (3, 7500, 3)


def test_CL_V6_5_extra_bracket_start_is_an_option() -> None:
    rules = classic_six_player(extra_bracket_start=7000)
    assert rules.initial_minimum(6995) == 120
    assert rules.initial_minimum(7000) == 150


def test_CL_V6_7_six_players_two_packs() -> None:
    rules = classic_six_player(pack="two")
    assert (rules.decks, rules.pack_size, rules.six_player_pack) == (2, 108, "two")
    assert (rules.hand_size, rules.canastas_to_go_out, rules.target_score) == (11, 1, 5000)
    assert rules.initial_meld_table == CLASSIC_INITIAL_MELD_TABLE
    assert rules.initial_minimum(10000) == 120
    assert rules.red_three_amount(4) == 800


def test_presets_take_changes() -> None:
    assert classic_two_player(draw_count=1).draw_count == 1
    assert classic_two_player(draw_count=1).hand_size == 15
    assert classic(target_score=3000).target_score == 3000


# --- questions the engine asks ----------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "minimum"),
    [
        (-5000, 15),
        (-5, 15),
        (-1, 15),
        (0, 50),
        (5, 50),
        (1495, 50),
        (1499, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (7500, 120),
        (100000, 120),
    ],
)
def test_CL_INIT_1_minimum_by_score(score: int, minimum: int) -> None:
    assert find_rules("classic").initial_minimum(score) == minimum
    for players in (2, 3, 5):
        assert find_rules("classic", players=players).initial_minimum(score) == minimum


@pytest.mark.parametrize(
    ("score", "minimum"), [(-5, 15), (0, 50), (1500, 90), (3000, 120), (7495, 120), (7500, 150)]
)
def test_CL_V6_5_six_player_minimum_by_score(score: int, minimum: int) -> None:
    assert classic_six_player().initial_minimum(score) == minimum


def test_CL_INIT_1_table_is_data() -> None:
    rules = classic(initial_meld_table=[(None, 0), (1000, 75)])
    assert rules.initial_meld_table == ((None, 0), (1000, 75))
    assert [rules.initial_minimum(s) for s in (-10, 999, 1000)] == [0, 0, 75]


def test_CL_R3_6_red_three_amounts() -> None:
    rules = classic()
    assert [rules.red_three_amount(n) for n in range(5)] == [0, 100, 200, 300, 800]
    no_bonus = attrs.evolve(rules, red_three_four_bonus_total=400)
    assert no_bonus.red_three_amount(4) == 400


def test_CL_V6_6_red_three_amounts_with_three_packs() -> None:
    rules = classic_six_player()
    assert [rules.red_three_amount(n) for n in range(7)] == [0, 100, 200, 300, 400, 1000, 1200]


@pytest.mark.parametrize(
    ("wild_ratio", "expected"),
    [
        ("none", [3, 3, 3, 3, 3, 3, 3, 3]),
        ("naturals_ge_wilds", [0, 1, 2, 3, 3, 3, 3, 3]),
        ("naturals_gt_wilds", [0, 0, 1, 2, 3, 3, 3, 3]),
        ("two_naturals_per_wild", [0, 0, 1, 1, 2, 2, 3, 3]),
    ],
)
def test_CL_MELD_3_max_wilds(wild_ratio: str, expected: list[int]) -> None:
    rules = classic(wild_ratio=wild_ratio)
    assert [rules.max_wilds(naturals) for naturals in range(8)] == expected


def test_CL_MELD_3_max_wilds_per_meld_caps_every_ratio() -> None:
    for ratio in ("none", "naturals_ge_wilds", "naturals_gt_wilds", "two_naturals_per_wild"):
        rules = classic(wild_ratio=ratio, max_wilds_per_meld=1)
        assert max(rules.max_wilds(n) for n in range(12)) == 1


def test_CL_CAN_2_canasta_bonus() -> None:
    rules = classic()
    assert (rules.canasta_bonus(natural=True), rules.canasta_bonus(natural=False)) == (500, 300)


@pytest.mark.parametrize(
    ("rule", "after_pile", "after_draw"),
    [("pile_only", True, False), ("always", True, True), ("never", False, False)],
)
def test_CL_CONC_4_concealed_minimum(rule: str, after_pile: bool, after_draw: bool) -> None:
    rules = classic(concealed_min_rule=rule)
    assert rules.concealed_needs_minimum(took_pile=True) is after_pile
    assert rules.concealed_needs_minimum(took_pile=False) is after_draw


# --- house rules and validation ---------------------------------------------------------


def test_house_rules_are_evolved_copies() -> None:
    rules = find_rules("classic")
    house = attrs.evolve(rules, one_card_pile_rule=False, concealed_bonus_total=300)
    assert (house.one_card_pile_rule, house.concealed_bonus_total) == (False, 300)
    assert (rules.one_card_pile_rule, rules.concealed_bonus_total) == (True, 200)
    assert rules.with_options(black_three_freezes_pile=True) == attrs.evolve(
        rules, black_three_freezes_pile=True
    )
    assert house != rules
    assert len({rules, house, find_rules("classic")}) == 2


def test_rule_sets_are_frozen() -> None:
    rules = find_rules("classic")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.hand_size = 12  # type: ignore[misc]  # deliberately mutating a frozen rule set


def test_unknown_rule_set_names_are_rejected_with_the_known_list() -> None:
    with pytest.raises(
        RuleSetError, match="unknown rule set 'pinochle'; known rule sets: classic"
    ):
        find_rules("pinochle")


def test_unsupported_player_counts_are_rejected() -> None:
    with pytest.raises(RuleSetError, match="classic is played by 2, 3, 4, 5, 6 players, not 7"):
        find_rules("classic", players=7)


def test_find_rules_passes_a_rule_set_through() -> None:
    house = classic_two_player(draw_count=1)
    assert find_rules(house) is house
    assert find_rules(house, players=2) is house
    with pytest.raises(RuleSetError, match="for 2 players, not 4"):
        find_rules(house, players=4)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"num_players": 7}, "num_players must be one of 2, 3, 4, 5, 6; got 7"),
        ({"decks": 4}, "decks must be one of 2, 3; got 4"),
        ({"hand_size": 0}, "hand_size must be a whole number ≥ 1; got 0"),
        ({"hand_size": True}, "hand_size must be a whole number ≥ 1; got True"),
        ({"hand_size": 11.0}, "hand_size must be a whole number ≥ 1; got 11.0"),
        ({"draw_count": 3}, "draw_count must be one of 1, 2; got 3"),
        ({"target_score": 0}, "target_score must be a whole number ≥ 1; got 0"),
        ({"red_three_value": 7}, "red_three_value must be a whole multiple of 5; got 7"),
        ({"going_out_bonus": "100"}, "going_out_bonus must be a whole multiple of 5"),
        ({"wild_ratio": "many"}, "wild_ratio must be one of 'none', "),
        ({"one_card_pile_rule": 1}, "one_card_pile_rule must be True or False; got 1"),
        ({"ask_permission": "always"}, "ask_permission must be one of 'optional', "),
        ({"initial_meld_table": ((0, 50),)}, "initial_meld_table must start with"),
        ({"initial_meld_table": ((None, 15), (1500, 90), (0, 50))}, "increasing order"),
        ({"initial_meld_table": ((None, 15), (None, 50))}, "initial_meld_table must start with"),
        ({"min_naturals": 4}, "min_naturals may not exceed min_meld_size"),
        ({"canasta_size": 2}, "canasta_size must be a whole number ≥ 3; got 2"),
        ({"canasta_size": 3, "min_meld_size": 4}, "canasta_size may not be smaller"),
        ({"hand_size": 27}, "dealing 108 cards leaves too few of 108"),
        ({"six_player_sides": 3}, "six_player_sides applies only to six players"),
    ],
)
def test_invalid_settings_are_rejected(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleSetError) as info:
        RuleSet(**changes)
    assert message in str(info.value)


def test_contradictory_player_settings_are_rejected() -> None:
    with pytest.raises(RuleSetError, match="six_player_pack='three' needs decks=3, got decks=2"):
        RuleSet(num_players=6, hand_size=11)
    with pytest.raises(RuleSetError, match="cutthroat"):
        classic_three_player(three_player_mode="cutthroat", sequences_allowed=True)
    with pytest.raises(RuleSetError, match="dealing 108 cards leaves too few of 108"):
        classic_six_player(pack="two", hand_size=18)


def test_rule_set_error_is_a_value_error() -> None:
    assert issubclass(RuleSetError, ValueError)
    with pytest.raises(ValueError, match="decks must be one of"):
        attrs.evolve(find_rules("classic"), decks=5)
