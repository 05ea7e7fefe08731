"""Scenario tests of the rule IDs no other scenario test checked by its ID (issue 19).

``tests/test_rule_coverage.py`` asks every rule ID the engine can cite to be checked by a test
named after it; these are the refusals (and the frozen pile's reasons) that were cited but
never checked: a three-deck game's ID for a refusal worded once for every game, a position
that breaks a rule, an option's refusal. Each builds the position by hand and checks the ID
the refusal names, where a front end would read it: ``explain`` of the game and of the
player's view, the error of ``apply`` or of the position's reader.
"""

from __future__ import annotations

import json

import attrs
import pytest

import canasta
from canasta import AddToMeld, Discard, Draw, Game, LayMeld, MergeMelds, Move, RuleSet, TakePile

SEVEN_FOURS = "4C 4D 4H 4S 4C 4D 4H"
SEVEN_FIVES = "5C 5D 5H 5S 5C 5D 5H"
ESCALERA = "4S 5S 6S 7S 8S 9S 10S"


def two_players(name: str, **changes: object) -> RuleSet:
    return attrs.evolve(canasta.find_rules(name, players=2), **changes)


def refused(game: Game, move: Move, rule: str) -> str:
    """``move`` is refused for ``rule`` by the game, by the player's view and by apply;
    returns the sentence."""
    violation = game.explain(move)
    assert violation is not None
    assert violation.rule == rule, violation
    player = game.to_move
    assert player is not None
    assert game.view(player).explain(move) == violation
    with pytest.raises(canasta.IllegalMoveError) as info:
        game.apply(move)
    assert info.value.rule == rule
    return violation.message


def refused_position(rule: str, build: object) -> str:
    """Building the position (``build()``) is refused, citing ``rule``; returns the message."""
    assert callable(build)
    with pytest.raises(canasta.PositionError) as info:
        build()
    assert f"({rule})" in str(info.value), info.value
    return str(info.value)


# --- the match is over: CL-MATCH-3 and its three-deck IDs ---------------------------------


def over(name: str) -> Game:
    rules = canasta.find_rules(name, players=2)
    melds = [["KH KS KD KC KH KS KD"], []] if name == "classic" else None
    game = Game.from_position(
        rules,
        hands=["5C 6C", "7C 8C"],
        melds=melds,
        phase="over",
        end="went_out",
        went_out=0,
        scores=[rules.target_score, 0],
    )
    assert game.is_over
    return game


def refused_when_over(game: Game, rule: str) -> None:
    for move in (Draw(), canasta.NextDeal(), Discard("5C")):
        violation = game.explain(move)
        assert violation is not None
        assert violation.rule == rule, violation
        assert game.view(0).explain(move) == violation
        with pytest.raises(canasta.IllegalMoveError) as info:
            game.apply(move)
        assert info.value.rule == rule


def test_CL_MATCH_3_no_move_once_the_match_is_over() -> None:
    refused_when_over(over("classic"), "CL-MATCH-3")


def test_HW_MATCH_2_no_move_once_the_match_is_over() -> None:
    refused_when_over(over("hollywood"), "HW-MATCH-2")


def test_SA_MATCH_1_no_move_once_the_match_is_over() -> None:
    refused_when_over(over("samba"), "SA-MATCH-1")


def test_BO_MATCH_1_no_move_once_the_match_is_over() -> None:
    refused_when_over(over("bolivia"), "BO-MATCH-1")


# --- a concealed going out with a discard where the option forbids it (CL-CONC-1) ----------


def melded_below_the_minimum(name: str, **changes: object) -> Game:
    """Player 0's unopened side laid two canastas and three nines this turn (115 points or
    fewer, the minimum is 120 or 150) and holds one card, the 9H: adding it to the nines goes
    out concealed with no discard, so the position is playable under either option."""
    rules = two_players(name, **changes)
    first = ESCALERA if name == "bolivia" else SEVEN_FOURS
    return Game.from_position(
        rules,
        hands=["9H", "10C 10D 10H"],
        pile="8C 8D",
        melds=[[first, SEVEN_FIVES, "9C 9D 9S"], []],
        phase="meld",
        new_melds=[0, 1, 2],
        scores=[3000 if name == "classic" else 7000, 0],
    )


@pytest.mark.parametrize(
    ("name", "rule"),
    [("classic", "CL-CONC-1"), ("hollywood", "HW-OUT-4"), ("samba", "SA-OUT-2")],
)
def test_CL_CONC_1_HW_OUT_4_SA_OUT_2_no_discard_option_refuses_the_concealed_discard(
    name: str, rule: str
) -> None:
    # By default the discard goes out concealed, below the minimum; with
    # concealed_allows_discard=False it is no concealed going out, and the minimum is unmet.
    assert melded_below_the_minimum(name).explain(Discard("9H")) is None
    game = melded_below_the_minimum(name, concealed_allows_discard=False)
    assert "with no discard" in refused(game, Discard("9H"), rule)


def test_BO_OUT_2_no_discard_option_refuses_the_concealed_discard() -> None:
    assert melded_below_the_minimum("bolivia").explain(Discard("9H")) is None
    game = melded_below_the_minimum("bolivia", concealed_allows_discard=False)
    assert "with no discard" in refused(game, Discard("9H"), "BO-OUT-2")


# --- Bolivia's IDs for the refusals of adding to a meld ----------------------------------


def test_BO_MELD_5_two_melds_of_a_rank_the_addition_names_one() -> None:
    game = Game.from_position(
        two_players("bolivia"),
        hands=["KD 5C 6C", "7C 8C"],
        melds=[["KH KS KD", "KC KH KS"], []],
        draws="9C 9D",
        melded_players=[0],
    ).apply(Draw())
    assert "name the one" in refused(game, AddToMeld("K", "KD"), "BO-MELD-5")
    assert game.explain(AddToMeld(None, "KD", meld=1)) is None


def test_BO_SEAT_2_no_addition_to_the_opponents_meld() -> None:
    game = Game.from_position(
        two_players("bolivia"),
        hands=["QD 5C 6C", "7C 8C"],
        melds=[["KH KS KD"], ["QC QH QS"]],
        draws="9C 9D",
        melded_players=[0, 1],
    ).apply(Draw())
    assert "opponents' melds" in refused(game, AddToMeld("Q", "QD"), "BO-SEAT-2")


# --- Hollywood's options: wild melds, merging wild melds ---------------------------------


def test_HW_MELD_4_option_no_wild_melds() -> None:
    def drawn(rules: RuleSet) -> Game:
        return Game.from_position(
            rules,
            hands=["JK 2C 2D 5C 6C", "7C 8C"],
            melds=[["KH KS KD"], []],
            draws="9C 9D",
            melded_players=[0],
        ).apply(Draw())

    assert drawn(two_players("hollywood")).explain(LayMeld("JK 2C 2D")) is None
    rules = two_players("hollywood", wild_melds_allowed=False, wild_top_card="stop")
    assert "only wild cards" in refused(drawn(rules), LayMeld("JK 2C 2D"), "HW-MELD-4")


def test_HW_MRG_5_option_wild_melds_do_not_merge() -> None:
    def drawn(rules: RuleSet) -> Game:
        return Game.from_position(
            rules,
            hands=["5C 6C", "7C 8C"],
            melds=[["JK 2C 2D", "JK 2H 2S"], []],
            draws="9C 9D",
            melded_players=[0],
        ).apply(Draw())

    assert drawn(two_players("hollywood")).explain(MergeMelds(0, 1)) is None
    game = drawn(two_players("hollywood", merge_wild_melds=False))
    assert "wild cards" in refused(game, MergeMelds(0, 1), "HW-MRG-5")


# --- the frozen pile: the rule a view names, and Hollywood's take of a frozen pile ---------


def test_CL_FRZ_1_and_CL_FRZ_2_the_frozen_piles_reasons_name_their_rules() -> None:
    game = Game.from_position(
        "classic", players=2, hands=["5C 6C", "7C 8C"], pile="8C 2H 4C", melds=[[], ["KH KS KD"]]
    )
    assert game.table.frozen_rule == game.view(0).table.frozen_rule == "CL-FRZ-1"
    assert game.table.frozen_reason(0) == (
        "the pile is frozen for everybody until it is taken (CL-FRZ-1)"
    )
    unfrozen = Game.from_position(
        "classic", players=2, hands=["5C 6C", "7C 8C"], pile="8C 4C", melds=[[], ["KH KS KD"]]
    )
    assert unfrozen.table.frozen_reason(0) == "the side has not melded yet (CL-FRZ-2)"
    assert unfrozen.table.frozen_reason(1) is None


def test_HW_FRZ_1_and_HW_FRZ_2_frozen_pile_named_and_taken_only_with_a_natural_pair() -> None:
    game = Game.from_position(
        two_players("hollywood"),
        hands=["8H 8D 9C 5C", "7C 8C"],
        pile="8C 2H 4C",
        melds=[["KH KS KD"], []],
        melded_players=[0],
    )
    assert game.table.frozen_rule == game.view(0).table.frozen_rule == "HW-FRZ-1"
    assert "(HW-FRZ-1)" in str(game.table.frozen_reason(0))
    assert "two natural 8s" in refused(game, TakePile("8H 9C"), "HW-FRZ-2")
    assert game.explain(TakePile("8H 8D")) is None


# --- positions that break a rule -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rule"),
    [("classic", "CL-DEF-4"), ("hollywood", "HW-SEAT-5"), ("bolivia", "BO-SEAT-2")],
)
def test_CL_DEF_4_BO_SEAT_2_a_player_sits_in_a_seat_of_their_side(name: str, rule: str) -> None:
    doc = json.loads(Game.new(name, players=4, seed=1).to_json())
    Game.from_json(json.dumps(doc))
    doc["deal"]["seat_players"] = [1, 0, 2, 3]
    message = refused_position(rule, lambda: Game.from_json(json.dumps(doc)))
    assert "cannot sit in seat 0" in message


def test_CL_V5_2_a_player_sitting_out_holds_no_cards() -> None:
    game = Game.new("classic", players=5, seed=1)
    hands = [
        f"{rank}C" if player in game.seat_players else "" for player, rank in enumerate("56789")
    ]
    Game.from_position("classic", players=5, hands=hands)
    out = next(player for player in range(5) if player not in game.seat_players)
    hands[out] = "KC"
    message = refused_position(
        "CL-V5-2", lambda: Game.from_position("classic", players=5, hands=hands)
    )
    assert "sits out this deal" in message


def test_CL_VAL_3_a_score_that_is_no_multiple_of_five_is_refused() -> None:
    Game.from_position("classic", players=2, hands=["5C", "6C"], scores=[3005, 0])
    message = refused_position(
        "CL-VAL-3",
        lambda: Game.from_position("classic", players=2, hands=["5C", "6C"], scores=[3001, 0]),
    )
    assert "multiples of 5" in message


def test_CL_R3_2_first_turn_timing_the_player_to_move_holds_no_red_three() -> None:
    # Under first-turn timing a dealt red three waits for its holder's first turn, and is
    # laid out when that turn begins: the player to move cannot still hold one.
    rules = two_players("classic", red_three_timing="first_turn")
    Game.from_position(rules, hands=["5C 6C", "3H 7C 8C"])
    message = refused_position(
        "CL-R3-2", lambda: Game.from_position(rules, hands=["3H 5C 6C", "7C 8C"])
    )
    assert "laid out already" in message


# --- an option the engine does not play --------------------------------------------------


def test_CL_V3_3_the_cutthroat_refusal_names_the_rule() -> None:
    with pytest.raises(canasta.RuleSetError) as info:
        canasta.RuleSet.classic(3, three_player_mode="cutthroat")
    assert "(CL-V3-3)" in str(info.value)


# --- found by tests/fuzz/dead_ends.py: a Classic table with melds of wild cards --------------


def test_HW_MELD_4_option_a_classic_table_lays_a_meld_of_wild_cards() -> None:
    # The generator offered the meld and the validator refused it ("mixes ranks", CL-MELD-1).
    def drawn(rules: RuleSet) -> Game:
        return Game.from_position(
            rules,
            hands=["JK 2C 2D 5C 6C", "7C 8C"],
            melds=[["KH KS KD"], []],
            draws="9C",
            melded_players=[0],
        ).apply(Draw())

    game = drawn(two_players("classic", wild_melds_allowed=True))
    move = LayMeld("JK 2C 2D")
    assert game.explain(move) is None
    assert move in set(game.legal_moves())
    laid = game.apply(move).table.melds[0]
    assert [meld.kind for meld in laid].count(canasta.MeldKind.WILD) == 1
    assert "only wild cards" in refused(drawn(two_players("classic")), move, "CL-MELD-4")
