"""Rule scenarios for Hollywood Canasta, sections 1.10 to 1.19 of ``three-deck.md``.

Taking the pile (HW-PILE: the methods M1 to M4), the frozen pile (HW-FRZ), wild stop cards
(HW-STOP and the policies of A-3), going out and concealed hands (HW-OUT), black threes
(HW-B3), red threes (HW-R3), the end of the stock (HW-STOCK), merging melds (HW-MRG), scoring
a deal (HW-SCORE) and the match (HW-MATCH).

Every position is built by hand. Players 1 to 3 hold filler tens unless a test says
otherwise, so the tests leave the tens alone. Where a test needs a short stock, every card
placed nowhere else goes to player 3's hand (and the spare red threes to side 1).
"""

from __future__ import annotations

from typing import Any

import attrs
import internals
import pytest
from internals import score_deal
from scenario_helpers import (
    DRAWS_TAKES_PASSES,
    Scenarios,
    at_deal_end,
    go_out,
    play,
    points,
    shape_by_meld,
)

import canasta
from canasta import (
    AddToMeld,
    Ask,
    CanastaKind,
    Card,
    Cards,
    DealEnd,
    Discard,
    Draw,
    Game,
    LayMeld,
    Meld,
    MeldKind,
    MergeMelds,
    Pass,
    Phase,
    TakePile,
)

HW = internals.hollywood()
HW5 = internals.hollywood(5)

K7 = "KH KS KD KC KH KS KD"  # natural canasta of kings: 70 points, 500 bonus
Q7 = "QH QS QD QC QH QS QD"  # natural canasta of queens: 70 points, 500 bonus
WILD7 = "JK JK JK 2C 2C 2D 2D"  # canasta of wild cards: 190 points, 2000 bonus
WILD7_B = "JK JK JK 2H 2H 2S 2S"  # a second one, from the other wild cards


# --- helpers -------------------------------------------------------------------------------


SCENES = Scenarios(HW, checked=DRAWS_TAKES_PASSES, canastas=(K7, Q7))
position, offered = SCENES.position, SCENES.offered
assert_rejected, assert_accepted = SCENES.assert_rejected, SCENES.assert_accepted
going_out_position, red_three_scores = SCENES.going_out_position, SCENES.red_three_scores


# --- HW-PILE: taking the pile ----------------------------------------------------------------


def test_HW_PILE_1_m1_natural_pair_lays_a_new_rank_meld_and_takes_the_rest() -> None:
    game = position("8H 8S 5C 9D", melds=[["KH KS KD"], []], pile="8D 6D 4C")
    after = assert_accepted(game, TakePile("8H 8S"))
    melds = after.deal.melds[0]
    assert len(melds) == 2
    assert melds[1].kind is MeldKind.RANK
    assert melds[1].cards == Cards.parse("8D 8H 8S")
    assert after.hand(0) == Cards.parse("5C 9D 4C 6D")
    assert after.deal.pile == ()
    assert after.phase is Phase.MELD


def test_HW_PILE_1_m1_needs_two_naturals_of_the_rank() -> None:
    game = position("8H 5C 9D 9S", melds=[["KH KS KD"], []], pile="8D 4C")
    assert_rejected(game, TakePile("8H 5C"), "HW-PILE-1")
    assert_rejected(game, TakePile("8H"), "HW-PILE-1")


@pytest.mark.parametrize("wild", ["2C", "JK"])
def test_HW_PILE_1_mx_natural_plus_wild_never_takes_even_after_melding(wild: str) -> None:
    game = position(f"8H {wild} 5C 9D", melds=[["KH KS KD"], []], pile="8D 4C")
    assert not game.deal.pile_frozen
    assert_rejected(game, TakePile(f"8H {wild}"), "HW-PILE-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


@pytest.mark.parametrize("pair", ["QH KH", "9H 10H", "10H QH"])
def test_HW_PILE_1_m2_suited_pair_top_card_low_middle_or_high(pair: str) -> None:
    game = position("9H 10H QH KH 5C 6C", melds=[["KS KD KC"], []], pile="JH 4C")
    after = assert_accepted(game, TakePile(pair))
    new = after.deal.melds[0][1]
    assert new.kind is MeldKind.SEQUENCE
    assert new.cards == Cards.parse(pair + " JH")
    assert after.hand(0) == Cards.parse("9H 10H QH KH 5C 6C 4C") - Cards.parse(pair)


@pytest.mark.parametrize(
    "pair",
    [
        "9H QH",  # 9 J Q: a gap
        "QH 2C",  # one suited card and a wild
        "QS KS",  # the right ranks in another suit
        "QH QH",  # one rank twice
    ],
)
def test_HW_PILE_1_m2_needs_two_naturals_of_the_suit_in_a_row(pair: str) -> None:
    game = position("9H QH QH KS QS 2C 5C", melds=[["KD KD KC"], []], pile="JH 4C")
    assert_rejected(game, TakePile(pair), "HW-PILE-1")


@pytest.mark.parametrize(("top", "pair"), [("JK", "JK JK"), ("2C", "2D 2H")])
def test_HW_PILE_1_m3_wild_pair_of_the_same_kind(top: str, pair: str) -> None:
    game = position(f"{pair} 5C 6C", melds=[["KH KS KD"], []], pile=f"{top} 4C")
    after = assert_accepted(game, TakePile(pair))
    new = after.deal.melds[0][1]
    assert new.kind is MeldKind.WILD
    assert new.cards == Cards.parse(f"{pair} {top}")
    assert after.hand(0) == Cards.parse("5C 6C 4C")


@pytest.mark.parametrize("top", ["JK", "2C"])
def test_HW_PILE_1_m3_joker_and_two_are_not_a_pair(top: str) -> None:
    game = position("JK 2D 5C 6C", melds=[["KH KS KD"], []], pile=f"{top} 4C")
    assert_rejected(game, TakePile("JK 2D"), "HW-PILE-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_HW_PILE_1_m4_lay_off_onto_a_rank_meld() -> None:
    game = position("5C 9D", melds=[["KH KS KD", "8C 8D 8S"], []], pile="8H 4C")
    after = assert_accepted(game, TakePile(meld=1))
    assert after.deal.melds[0][1].cards == Cards.parse("8C 8D 8S 8H")
    assert len(after.deal.melds[0]) == 2
    assert after.hand(0) == Cards.parse("5C 9D 4C")
    assert game.parse_move("take #1") == TakePile(meld=1)
    # the kings do not take an eight
    assert_rejected(game, TakePile(meld=0), "HW-PILE-1")


@pytest.mark.parametrize("top", ["8S", "4S"])
def test_HW_PILE_1_m4_lay_off_onto_either_end_of_a_sequence(top: str) -> None:
    game = position("5C 9D", melds=[["5S 6S 7S"], []], pile=f"{top} 4C")
    after = assert_accepted(game, TakePile(meld=0))
    meld = after.deal.melds[0][0]
    assert meld.kind is MeldKind.SEQUENCE
    assert meld.cards == Cards.parse(f"5S 6S 7S {top}")


@pytest.mark.parametrize("top", ["9S", "AS", "8H"])
def test_HW_PILE_1_m4_card_must_fit_the_sequence_directly(top: str) -> None:
    game = position("5C 9D", melds=[["5S 6S 7S"], []], pile=f"{top} 4C")
    assert_rejected(game, TakePile(meld=0), "HW-PILE-1")


def test_HW_PILE_1_m4_fits_past_a_wild_card_at_the_end() -> None:
    meld = Meld.of("5S 6S 7S JK", wild_as="8")
    game = position("5C 9D", melds=[[meld], []], pile="9S 4C")
    # the pile is not frozen (the joker is on the table, not in the pile)
    assert not game.deal.pile_frozen
    after = assert_accepted(game, TakePile(meld=0))
    assert after.deal.melds[0][0].cards == Cards.parse("5S 6S 7S JK 9S")


def test_HW_PILE_2_order_meld_first_then_rest_to_hand_then_red_threes_out() -> None:
    game = position("8H 8S 6C", melds=[["KH KS KD"], []], pile="8D 9S 5C 3H")
    stock_before = game.table.stock_size
    after = assert_accepted(game, TakePile("8H 8S"))
    assert after.deal.melds[0][1].cards == Cards.parse("8D 8H 8S")
    assert after.hand(0) == Cards.parse("6C 5C 9S")
    assert after.table.red_threes[0] == Cards.parse("3H")
    assert after.table.stock_size == stock_before
    # the turn goes on: meld if desired, then discard
    assert after.phase is Phase.MELD
    after = assert_accepted(after, Discard("9S"))
    assert after.to_move == 1


def test_HW_PILE_3_frozen_pile_no_m4_but_m1() -> None:
    frozen = position("8D 8S 5C", melds=[["8C 8C 8H"], []], pile="8H 4C 2C")
    assert frozen.deal.pile_frozen
    assert_rejected(frozen, TakePile(meld=0), "HW-FRZ-2", "HW-PILE-3")
    assert_accepted(frozen, TakePile("8D 8S"))
    unfrozen = position("8D 8S 5C", melds=[["8C 8C 8H"], []], pile="8H 4C 4D")
    assert not unfrozen.deal.pile_frozen
    assert_accepted(unfrozen, TakePile(meld=0))


def test_HW_PILE_4_black_three_on_top_blocks_every_method() -> None:
    game = position("3C 3C 8H 8S 5C", melds=[["8C 8D 8D", "5S 6S 7S"], []], pile="3S 4C")
    assert_rejected(game, TakePile("3C 3C"), "HW-PILE-4")
    for index in (0, 1):
        assert_rejected(game, TakePile(meld=index), "HW-PILE-4")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_HW_PILE_5_no_m4_onto_a_canasta_but_m1_beside_it() -> None:
    canasta_of_8 = "8C 8C 8D 8D 8S 8S 8H"
    game = position("8D 8S 5C", melds=[[canasta_of_8], []], pile="8H 4C")
    assert game.deal.melds[0][0].is_canasta_under(HW)
    assert_rejected(game, TakePile(meld=0), "HW-PILE-5")
    after = assert_accepted(game, TakePile("8D 8S"))
    assert len(after.deal.melds[0]) == 2


def test_HW_PILE_5_no_m4_onto_a_sequence_canasta() -> None:
    run = "4S 5S 6S 7S 8S 9S 10S"
    game = position("5C 9D", melds=[[run], []], pile="JS 4C")
    assert game.deal.melds[0][0].canasta_kind_under(HW) is CanastaKind.NATURAL_SEQUENCE
    assert_rejected(game, TakePile(meld=0), "HW-PILE-5")


def test_HW_PILE_6_default_no_m4_with_a_wild_top_card() -> None:
    game = position("5C 9D", melds=[["JK 2C 2D"], []], pile="2H 4C")
    assert_rejected(game, TakePile(meld=0), "HW-PILE-6")


def test_HW_PILE_6_option_wild_top_onto_a_non_canasta_wild_meld() -> None:
    rules = attrs.evolve(HW, wild_top_layoff_to_wild_meld=True)
    game = position("5C 9D", rules=rules, melds=[["JK 2C 2D", "KH KS KD"], []], pile="2H 4C")
    assert game.deal.pile_frozen
    after = assert_accepted(game, TakePile(meld=0))
    assert after.deal.melds[0][0].cards == Cards.parse("JK 2C 2D 2H")
    # a wild top card never goes onto a rank meld, even with the option
    assert_rejected(game, TakePile(meld=1), "HW-PILE-6", "HW-PILE-1")


def test_HW_PILE_6_option_still_not_onto_a_wild_canasta_and_stop_card_applies() -> None:
    rules = attrs.evolve(HW, wild_top_layoff_to_wild_meld=True)
    game = position("5C 9D", rules=rules, melds=[[WILD7, "JK 2H 2H"], []], pile="2S 4C")
    # the side's completed wild canasta makes the 2S a stop card (HW-STOP-1)
    assert_rejected(game, TakePile(meld=1), "HW-STOP-1")
    assert_rejected(game, TakePile(meld=0), "HW-STOP-1", "HW-PILE-5")


def test_HW_PILE_7_one_card_rule() -> None:
    game = position("9C", melds=[["8C 8D 8S"], []], pile="8H")
    assert_rejected(game, TakePile(meld=0), "HW-PILE-7")
    two = position("9C", melds=[["8C 8D 8S"], []], pile="8H 4C")
    after = assert_accepted(two, TakePile(meld=0))
    assert after.hand(0) == Cards.parse("9C 4C")


def test_HW_PILE_7_one_card_rule_also_when_the_stock_is_exhausted() -> None:
    game = position("9C", melds=[["8C 8D 8S"], []], pile="8H", stock="4C")
    assert_rejected(game, TakePile(meld=0), "HW-PILE-7")
    after = assert_accepted(game, Pass())
    assert after.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_HW_PILE_8_unmelded_side_only_m1_or_m2_and_minimum() -> None:
    game = position("AH AS JK JK 2C 2D KH QH 5C", pile="JK 4C")
    # M3 is not available for an initial meld
    assert_rejected(game, TakePile("JK JK"), "HW-INIT-4")
    aces = position("AH AS 9C 9D 5C", pile="AD 4C")
    after = assert_accepted(aces, TakePile("AH AS"))  # 60 >= 50
    assert after.deal.melds[0][0].cards == Cards.parse("AD AH AS")
    fours = position("4H 4S 9C 9D 5C", pile="4D 6C")
    assert_rejected(fours, TakePile("4H 4S"), "HW-INIT-4", "HW-INIT-1")  # 15 < 50


def test_HW_PILE_9_m1_and_m2_beside_a_meld_the_top_card_could_join() -> None:
    game = position(
        "8D 8S 9H 10H 5C",
        melds=[["8C 8C 8H", "JH QH KH"], []],
        pile="8H 4C",
    )
    after = assert_accepted(game, TakePile("8D 8S"))
    assert [m.cards for m in after.deal.melds[0]] == [
        Cards.parse("8C 8C 8H"),
        Cards.parse("JH QH KH"),
        Cards.parse("8D 8S 8H"),
    ]
    merged = assert_accepted(after, MergeMelds(0, 2))
    assert merged.deal.melds[0][0].cards == Cards.parse("8C 8C 8H 8D 8S 8H")
    seq = position("9H 10H 5C", melds=[["JH QH KH"], []], pile="8H 4C")
    after = assert_accepted(seq, TakePile("9H 10H"))
    assert after.deal.melds[0][1].cards == Cards.parse("8H 9H 10H")
    joined = assert_accepted(after, MergeMelds(0, 1))
    assert joined.deal.melds[0][0].cards == Cards.parse("8H 9H 10H JH QH KH")


def test_HW_PILE_10_hand_card_plus_top_card_do_not_extend_a_sequence() -> None:
    game = position("7S 5C 9D", melds=[["4S 5S 6S"], []], pile="8S 4C")
    assert_rejected(game, TakePile("7S"), "HW-PILE-10", "HW-PILE-1")
    assert_rejected(game, TakePile("7S", meld=0), "HW-PILE-10", "HW-PILE-1")
    assert_rejected(game, TakePile(meld=0), "HW-PILE-10", "HW-PILE-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


# --- HW-FRZ: the frozen pile -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("pile", "frozen"),
    [
        ("8H 4C 2C", True),
        ("8H 4C JK", True),
        ("8H 4C 3D", True),
        ("8H 4C 3C", False),
        ("8H 3C 3S", False),
        ("8H 5C 4C", False),
    ],
)
def test_HW_FRZ_1_red_three_joker_or_two_anywhere_freezes(pile: str, frozen: bool) -> None:
    game = position("5C 9D", melds=[["8C 8D 8S"], []], pile=pile)
    assert game.deal.pile_frozen is frozen
    if frozen:
        assert_rejected(game, TakePile(meld=0), "HW-FRZ-2", "HW-PILE-3")
    else:
        assert_accepted(game, TakePile(meld=0))


def test_HW_FRZ_1_taken_pile_restarts_unfrozen_unless_the_discard_is_wild() -> None:
    game = position("8D 8S 5C 2H", melds=[["KH KS KD"], []], pile="8H 4C 2C")
    taken = play(game, TakePile("8D 8S"))
    natural = play(taken, Discard("5C"))
    assert natural.deal.pile == (Card.parse("5C"),)
    assert not natural.deal.pile_frozen
    wild = play(taken, Discard("2H"))
    assert wild.deal.pile_frozen


@pytest.mark.parametrize(
    ("hand", "move"),
    [
        ("8D 8S 5C", TakePile("8D 8S")),  # M1
        ("9H 10H 5C", TakePile("9H 10H")),  # M2
    ],
)
def test_HW_FRZ_2_frozen_pile_taken_by_m1_or_m2(hand: str, move: TakePile) -> None:
    game = position(hand, melds=[["KH KS KD"], []], pile="8H 4C 2C")
    assert game.deal.pile_frozen
    after = assert_accepted(game, move)
    assert after.deal.pile == ()


def test_HW_FRZ_2_frozen_pile_taken_by_m3_two_twos_A50() -> None:
    game = position("2D 2H 5C", melds=[["KH KS KD"], []], pile="2C 4C 3D")
    assert game.deal.pile_frozen
    after = assert_accepted(game, TakePile("2D 2H"))
    assert after.deal.melds[0][1].kind is MeldKind.WILD


def test_HW_FRZ_3_frozen_or_not_makes_no_difference_before_the_initial_meld() -> None:
    for pile, frozen in (("AD 4C 4D", False), ("AD 4C 2C", True)):
        game = position("AH AS 9H 10H 5C", pile=pile)
        assert game.deal.pile_frozen is frozen
        takes = sorted(str(m) for m in game.legal_moves() if isinstance(m, TakePile))
        assert takes == ["take AH AS"]


# --- HW-STOP: the stop card ------------------------------------------------------------------


def stop_position(rules: canasta.RuleSet = HW, **kwargs: Any) -> Game:
    """Player 0 holds two jokers; the joker on top could be taken by M3."""
    kwargs.setdefault("pile", "JK 4C")
    return position("JK JK 5C 6C", rules=rules, **kwargs)


def test_HW_STOP_1_default_own_wild_canasta_makes_a_wild_top_a_stop_card() -> None:
    assert HW.wild_stop_policy == "own_wild_canasta"
    stopped = stop_position(melds=[[WILD7], []])
    assert_rejected(stopped, TakePile("JK JK"), "HW-STOP-1")
    free = stop_position(melds=[["2H 2H 2S"], []])  # a wild meld, not a canasta
    assert_accepted(free, TakePile("JK JK"))


def test_HW_STOP_1_default_ignores_other_canastas_and_the_opponents() -> None:
    game = stop_position(melds=[[K7, "4S 5S 6S 7S 8S 9S 10S"], [WILD7_B]])
    assert_accepted(game, TakePile("JK JK"))


def test_HW_STOP_1_two_on_top_is_a_stop_card_too() -> None:
    game = position("2H 2H 5C", melds=[[WILD7], []], pile="2S 4C")
    assert_rejected(game, TakePile("2H 2H"), "HW-STOP-1")


def test_HW_STOP_1_option_any_wild_canasta() -> None:
    rules = attrs.evolve(HW, wild_stop_policy="any_wild_canasta")
    game = stop_position(rules, melds=[[K7], [WILD7_B]])
    assert_rejected(game, TakePile("JK JK"), "HW-STOP-1")
    free = stop_position(rules, melds=[[K7], ["2H 2H 2S"]])
    assert_accepted(free, TakePile("JK JK"))


FULL_RUN = "4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


@pytest.mark.parametrize(
    ("meld", "stops"),
    [
        (K7, True),  # a natural canasta takes a wild card
        ("KH KS KD KC KH JK 2C", False),  # a mixed canasta with two wilds takes no more
        ("KH KS KD KC KH KS JK", True),  # one wild: room for another
        ("4S 5S 6S 7S 8S 9S 10S", True),  # natural sequence canasta with open ends
        pytest.param(  # 4 to A: no end left
            FULL_RUN, False
        ),
        (WILD7_B, True),
        ("KH KS KD KC KH", False),  # not a canasta
    ],
)
def test_HW_STOP_1_option_own_canasta_accepting_wild(meld: str, stops: bool) -> None:
    rules = attrs.evolve(HW, wild_stop_policy="own_canasta_accepting_wild")
    game = stop_position(rules, melds=[[meld], []])
    if stops:
        assert_rejected(game, TakePile("JK JK"), "HW-STOP-1")
    else:
        assert_accepted(game, TakePile("JK JK"))


def test_HW_STOP_1_option_never() -> None:
    rules = attrs.evolve(HW, wild_stop_policy="never")
    game = stop_position(rules, melds=[[WILD7], []])
    assert_accepted(game, TakePile("JK JK"))


def test_HW_STOP_2_wild_top_only_by_m3_or_by_m4_with_the_option() -> None:
    game = position("JK JK KC 5C", melds=[["KH KS KD", "2H 2H 2S"], []], pile="JK 4C")
    takes = [m for m in game.legal_moves() if isinstance(m, TakePile)]
    assert [shape_by_meld(m) for m in takes] == [shape_by_meld(TakePile("JK JK"))]
    rules = attrs.evolve(HW, wild_top_layoff_to_wild_meld=True)
    game = position("JK JK KC 5C", rules=rules, melds=[["KH KS KD", "2H 2H 2S"], []], pile="JK 4C")
    takes = [m for m in game.legal_moves() if isinstance(m, TakePile)]
    assert sorted(map(str, takes)) == sorted(["take JK JK", "take #1"])


# --- HW-OUT: going out -----------------------------------------------------------------------


def test_HW_OUT_1_going_out_needs_two_canastas() -> None:
    game = going_out_position(melds=[[K7, "QH QS QD QC QH"], []])
    game = play(game, Draw())
    assert_rejected(game, LayMeld("5C 5D 5H 5S"), "HW-OUT-1", "HW-DRAW-5")
    kept = play(game, LayMeld("5C 5D 5H"))
    assert_rejected(kept, AddToMeld(None, "5S", meld=2), "HW-OUT-1", "HW-DRAW-5")
    kept = assert_accepted(kept, Discard("9H"))
    assert kept.hand(0) == Cards.parse("5S")
    assert kept.deal_number == 0


def test_HW_OUT_1_second_canasta_completed_in_the_same_turn() -> None:
    game = going_out_position(melds=[[K7, "QH QS QD QC QH"], []], hand="QS QD 5C 5D 5H")
    game = play(game, Draw(), AddToMeld(None, "QS QD", meld=1), LayMeld("5C 5D 5H 5S"))
    game = assert_accepted(game, Discard("9H"))
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)


def test_HW_OUT_2_going_out_with_or_without_a_final_discard() -> None:
    with_discard = go_out(going_out_position())
    assert with_discard.results[-1].went_out == 0
    without = going_out_position(hand="5C 5D 9C 9D")
    without = play(without, Draw())
    without = play(without, LayMeld("5C 5D 5S"))
    without = assert_accepted(without, LayMeld("9C 9D 9H"))
    result = without.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)


def test_HW_OUT_3_going_out_bonus_100() -> None:
    game = go_out(going_out_position())
    assert game.results[-1].concealed is False
    assert game.results[-1].scores[0].going_out == 100
    assert game.results[-1].scores[1].going_out == 0


def concealed_position(**kwargs: Any) -> Game:
    """Player 0 has not melded; with the QD 9S drawn he lays two natural canastas."""
    hand = kwargs.pop("hand", K7 + " QH QS QD QC QH QS")
    return position(hand, draws=kwargs.pop("draws", "QD 9S"), pile="4C", **kwargs)


def test_HW_OUT_3_concealed_bonus_200_instead_of_100() -> None:
    game = play(concealed_position(), Draw(), LayMeld(K7), LayMeld(Q7), Discard("9S"))
    result = game.results[-1]
    assert result.concealed is True
    assert result.scores[0].going_out == 200


def test_HW_OUT_3_concealed_need_not_discard() -> None:
    game = concealed_position(hand=K7 + " QH QS QC QH QS", draws="QD QD")
    game = play(game, Draw(), LayMeld(K7))
    game = assert_accepted(game, LayMeld(Q7))
    result = game.results[-1]
    assert (result.end, result.concealed) == (DealEnd.WENT_OUT, True)
    assert result.scores[0].going_out == 200


def test_HW_OUT_4_player_who_melded_earlier_is_not_concealed() -> None:
    game = concealed_position(melds=[["5C 5D 5H"], []], melded_players=[0])
    game = play(game, Draw(), LayMeld(K7), LayMeld(Q7), Discard("9S"))
    assert game.results[-1].concealed is False
    assert game.results[-1].scores[0].going_out == 100


def test_HW_OUT_4_adding_to_the_partners_meld_spoils_concealed() -> None:
    game = concealed_position(
        hand=K7 + " QH QS QD QC QH QS 5S", melds=[["5C 5D 5H"], []], melded_players=[2]
    )
    game = play(game, Draw(), LayMeld(K7), LayMeld(Q7), AddToMeld(None, "5S", meld=0))
    game = play(game, Discard("9S"))
    assert game.results[-1].concealed is False
    assert game.results[-1].scores[0].going_out == 100


def test_HW_OUT_4_two_canastas_must_be_among_the_players_own_melds() -> None:
    # the partner made both canastas; player 0 lays small melds and goes out
    game = position(
        "5C 5D 5H 6C 6D 6H 7C 7D 7H 8C 8D 8H 9S",
        melds=[[K7, Q7], []],
        melded_players=[2],
        draws="9H 9D",
        pile="4C",
    )
    game = play(game, Draw())
    for meld in ("5C 5D 5H", "6C 6D 6H", "7C 7D 7H", "8C 8D 8H", "9S 9H 9D"):
        game = play(game, LayMeld(meld))
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)
    assert result.concealed is False
    assert result.scores[0].going_out == 100


def test_HW_OUT_4_pile_top_laid_off_onto_the_partners_meld_spoils_concealed() -> None:
    hand = "QH QS QD QC QH QS QD 5C 5D 5H 5S 5C 5D 5H 9S"
    game = position(hand, pile="4S", melds=[["4C 4D 4H"], []], melded_players=[2])
    game = assert_accepted(game, TakePile(meld=0))
    game = play(game, LayMeld(Q7), LayMeld("5C 5D 5H 5S 5C 5D 5H"))
    # side 0 has two canastas (queens and fives); player 0 discards the 9S
    game = play(game, Discard("9S"))
    result = game.results[-1]
    assert (result.end, result.concealed) == (DealEnd.WENT_OUT, False)
    assert result.scores[0].going_out == 100


def test_HW_OUT_4_red_threes_laid_out_do_not_spoil_concealed() -> None:
    game = concealed_position(red_threes=["3H 3D", ""])
    game = play(game, Draw(), LayMeld(K7), LayMeld(Q7), Discard("9S"))
    assert game.results[-1].concealed is True
    assert game.results[-1].scores[0].going_out == 200
    assert game.results[-1].scores[0].red_threes == 200


def test_HW_OUT_4_default_concealed_allows_a_final_discard() -> None:
    assert HW.concealed_allows_discard is True


def test_HW_OUT_4_option_concealed_allows_discard_false() -> None:
    rules = attrs.evolve(HW, concealed_allows_discard=False)
    discarding = concealed_position(rules=rules)
    discarding = play(discarding, Draw(), LayMeld(K7), LayMeld(Q7), Discard("9S"))
    assert discarding.results[-1].concealed is False
    assert discarding.results[-1].scores[0].going_out == 100
    melding_all = concealed_position(rules=rules, hand=K7 + " QH QS QC QH QS", draws="QD QD")
    melding_all = play(melding_all, Draw(), LayMeld(K7), LayMeld(Q7))
    assert melding_all.results[-1].concealed is True
    assert melding_all.results[-1].scores[0].going_out == 200


def test_HW_OUT_5_partner_having_melded_does_not_spoil_concealed() -> None:
    game = concealed_position(melds=[["5C 5D 5H"], []], melded_players=[2])
    game = play(game, Draw(), LayMeld(K7), LayMeld(Q7), Discard("9S"))
    assert game.results[-1].concealed is True
    assert game.results[-1].scores[0].going_out == 200


FOURS_FIVES = "4C 4D 4H 4S 4C 4D 4H 5C 5D 5H 5S 5C 5D"  # 7 fours and 6 fives: 65 points


def test_HW_OUT_6_concealed_after_a_stock_draw_needs_no_minimum() -> None:
    # cumulative 1500: the minimum is 90; two canastas of fours and fives count 70
    game = position(FOURS_FIVES, draws="5H 9S", pile="6C", scores=[1500, 0])
    assert game.minimums[0] == 90
    game = play(game, Draw(), LayMeld("4C 4D 4H 4S 4C 4D 4H"))
    game = play(game, LayMeld("5C 5D 5H 5S 5C 5D 5H"))
    game = assert_accepted(game, Discard("9S"))
    result = game.results[-1]
    assert (result.end, result.concealed) == (DealEnd.WENT_OUT, True)
    assert result.scores[0].going_out == 200


def test_HW_OUT_6_without_going_out_the_minimum_still_applies() -> None:
    game = position(FOURS_FIVES + " 9C", draws="5H 9S", pile="6C", scores=[1500, 0])
    game = play(game, Draw())
    # with a card kept back the two canastas (70) are an ordinary initial meld, below 90
    assert_rejected(game, LayMeld("4C 4D 4H 4S 4C 4D 4H"), "HW-INIT-1")


def pile_concealed(**kwargs: Any) -> Game:
    """Player 0 takes a one-card pile (4S) with two fours and can meld seven fours, seven
    fives and discard the 9S: 70 points counted."""
    hand = "4C 4D 4H 4S 4C 4D 5C 5D 5H 5S 5C 5D 5H 9S"
    return position(hand, pile="4S", **kwargs)


def test_HW_OUT_7_pile_take_going_out_concealed_needs_the_minimum() -> None:
    game = pile_concealed(scores=[1500, 0])
    assert game.minimums[0] == 90
    assert_rejected(game, TakePile("4C 4D"), "HW-OUT-7", "HW-INIT-4")


def test_HW_OUT_7_pile_take_going_out_concealed_reaching_the_minimum() -> None:
    game = pile_concealed(scores=[0, 0])
    game = assert_accepted(game, TakePile("4C 4D"))
    game = play(game, AddToMeld(None, "4H 4S 4C 4D", meld=0))
    game = play(game, LayMeld("5C 5D 5H 5S 5C 5D 5H"), Discard("9S"))
    result = game.results[-1]
    assert (result.end, result.concealed) == (DealEnd.WENT_OUT, True)
    assert result.scores[0].going_out == 200


def test_HW_OUT_7_no_minimum_when_the_partner_already_melded() -> None:
    game = pile_concealed(scores=[1500, 0], melds=[["KH KS KD"], []], melded_players=[2])
    game = assert_accepted(game, TakePile("4C 4D"))
    game = play(game, AddToMeld(None, "4H 4S 4C 4D", meld=1))
    game = play(game, LayMeld("5C 5D 5H 5S 5C 5D 5H"), Discard("9S"))
    result = game.results[-1]
    assert (result.end, result.concealed) == (DealEnd.WENT_OUT, True)
    assert result.scores[0].going_out == 200


def test_HW_OUT_8_going_out_ends_the_deal_at_once() -> None:
    game = go_out(going_out_position())
    game = at_deal_end(game, "HW-OUT-8")
    assert game.deal_number == 1
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.scores[1].hand_penalty == -points("10C 10D 10S")


def test_HW_OUT_9_no_permission_question() -> None:
    game = play(going_out_position(), Draw())
    assert_rejected(game, Ask(), "HW-OUT-9")
    assert not any(isinstance(m, Ask) for m in game.legal_moves())


# --- HW-B3: black threes ---------------------------------------------------------------------


def test_HW_B3_1_black_three_upcard_is_covered_and_does_not_freeze() -> None:
    found = 0
    for seed in range(200):
        game = Game.new(HW, seed=seed)
        pile = game.deal.pile
        if not any(card.is_black_three for card in pile):
            continue
        assert pile[-1].is_natural
        if not any(card.is_wild or card.is_red_three for card in pile):
            assert not game.deal.pile_frozen
            found += 1
    assert found >= 1


def test_HW_B3_2_black_three_discarded_blocks_the_next_player() -> None:
    game = position(
        "3S 5C 6C",
        "3C 3C 8H 8S",
        melds=[["KH KS KD"], ["8C 8D 8D"]],
        pile="8C 4C",
        draws="9H 9D",
    )
    game = play(game, Draw(), Discard("3S"))
    assert game.to_move == 1
    assert_rejected(game, TakePile("3C 3C"), "HW-PILE-4", "HW-B3-2")
    assert_rejected(game, TakePile(meld=0), "HW-PILE-4", "HW-B3-2")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_HW_B3_3_black_three_meld_only_when_going_out() -> None:
    game = going_out_position(hand="3C 3S 3C")
    game = play(game, Draw())
    assert_rejected(game, LayMeld("3C 3C 3S"), "HW-B3-3")  # 5S and 9H would stay
    game = going_out_position(hand="3C 3S 3C 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    game = assert_accepted(game, LayMeld("3C 3C 3S"))
    assert game.deal_number == 0
    assert game.phase is Phase.MELD
    game = assert_accepted(game, Discard("9H"))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.scores[0].meld_points == 140 + 20 + 15


def test_HW_B3_3_black_three_meld_not_allowed_without_two_canastas() -> None:
    game = going_out_position(hand="3C 3S 3C 5C 5D 5H", melds=[[K7, "QH QS QD"], []])
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    assert_rejected(game, LayMeld("3C 3C 3S"), "HW-B3-3", "HW-OUT-1", "HW-DRAW-5")


@pytest.mark.parametrize("wilds", ["JK", "JK 2D"])
def test_HW_B3_3_up_to_two_wild_cards(wilds: str) -> None:
    game = going_out_position(hand=f"3C 3S 3C {wilds} 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    game = assert_accepted(game, LayMeld(f"3C 3C 3S {wilds}"))
    laid = game.deal.melds[0][-1]
    assert laid.kind is MeldKind.BLACK_THREES
    game = play(game, Discard("9H"))
    assert game.results[-1].end is DealEnd.WENT_OUT


def test_HW_B3_3_three_wild_cards_are_too_many() -> None:
    game = going_out_position(hand="3C 3S 3C JK 2D 2H 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    assert_rejected(game, LayMeld("3C 3C 3S JK 2D 2H"), "HW-B3-3", "HW-MELD-6")


def test_HW_B3_3_two_black_threes_and_a_wild_are_not_a_meld() -> None:
    game = going_out_position(hand="3C 3S JK 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    assert_rejected(game, LayMeld("3C 3S JK"), "HW-B3-3", "HW-MELD-5")


def test_HW_B3_3_black_threes_are_not_added_to_other_melds() -> None:
    game = going_out_position(hand="3C 5C 5D 5H", melds=[[K7, Q7, "8C 8D 8H"], []])
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    rule = assert_rejected(
        game, AddToMeld(None, "3C", meld=2), "HW-B3-3", "HW-MELD-7", "HW-MELD-2"
    )
    assert rule.startswith("HW-")


def test_HW_B3_4_black_three_meld_of_eight_is_never_a_canasta() -> None:
    sixes = "3C 3C 3C 3S 3S 3S JK 2D"
    game = going_out_position(hand=sixes + " 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"), LayMeld(sixes), Discard("9H"))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.scores[0].canasta_bonus == 1000  # the kings and queens only
    assert result.scores[0].meld_points == 140 + 20 + 30 + 50 + 20


def test_HW_B3_4_black_three_meld_does_not_count_as_a_canasta_for_going_out() -> None:
    sixes = "3C 3C 3C 3S 3S 3S JK"
    game = going_out_position(hand=sixes + " 5C 5D 5H", melds=[[K7, "QH QS QD"], []])
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    assert_rejected(game, LayMeld(sixes), "HW-B3-3", "HW-OUT-1", "HW-DRAW-5")
    meld = internals.new_meld(Cards.parse("3C 3C 3C 3S 3S 3S JK 2D"), HW)
    assert isinstance(meld, Meld)
    assert not meld.is_canasta_under(HW)
    assert meld.bonus(HW) == 0


def test_HW_B3_5_black_threes_five_points_plus_in_a_meld_minus_in_a_hand() -> None:
    game = position(
        "3C 3S 3C 5C 5D 5H",
        "10C 10D",
        "3S 4C",
        "10S 3C",
        melds=[[K7, Q7], []],
        melded_players=[0, 2],
        pile="4C",
        draws="5S 9H",
    )
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"), LayMeld("3C 3C 3S"), Discard("9H"))
    scores = game.results[-1].scores
    assert scores[0].meld_points == 140 + 20 + 15
    assert scores[0].hand_penalty == -(5 + 5)
    assert scores[1].hand_penalty == -(20 + 10 + 5)


# --- HW-R3: red threes -----------------------------------------------------------------------


def test_HW_R3_2_dealt_red_threes_replaced_at_the_first_turn() -> None:
    for seed in range(100):
        game = Game.new(HW, seed=seed)
        if any(card.is_red_three for card in game.hand(1)):
            break
    else:  # pragma: no cover
        pytest.fail("no seed deals player 1 a red three")
    # player 0 plays first: his red threes are out already, player 1's wait
    assert not any(card.is_red_three for card in game.hand(0))
    assert len(game.hand(0)) == 15
    dealt = Cards.of(card for card in game.hand(1) if card.is_red_three)
    assert game.table.red_threes[1] == Cards()
    game = play(game, Draw())
    game = play(game, Discard(next(iter(game.hand(0)))))
    assert game.to_move == 1
    assert game.phase is Phase.DRAW
    assert not any(card.is_red_three for card in game.hand(1))
    assert len(game.hand(1)) == 15
    assert game.table.red_threes[1].issuperset(dealt)


def test_HW_R3_3_drawn_red_three_laid_out_and_replaced() -> None:
    game = position("5C 6C 9D", melds=[["KH KS KD"], []], pile="4C", draws="3H 7C 8C")
    before = game.table.stock_size
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 9D 7C 8C")
    assert game.table.red_threes[0] == Cards.parse("3H")
    assert game.table.stock_size == before - 3


def test_HW_R3_4_red_three_from_the_pile_not_replaced() -> None:
    game = position("8H 8S 6C", melds=[["KH KS KD"], []], pile="8D 5C 3D 3H")
    before = game.table.stock_size
    game = play(game, TakePile("8H 8S"))
    assert game.table.red_threes[0] == Cards.parse("3H 3D")
    assert game.hand(0) == Cards.parse("6C 5C")
    assert game.table.stock_size == before


@pytest.mark.parametrize(("melds1", "amount"), [(["6S 6S 6D"], 100), ([], -100)])
def test_HW_R3_8_red_three_still_in_a_hand_counts_as_a_bonus_card(
    melds1: list[str], amount: int
) -> None:
    game = going_out_position(melds=[[K7, Q7], melds1])
    # player 1 was dealt the 3D and has not had a first turn yet
    hands = list(game.deal.hands)
    hands[1] = hands[1] + Cards.parse("3D")
    stock = list(game.deal.stock)
    stock.remove(Card.parse("3D"))  # the card comes from the stock, keeping the pack whole
    deal = game.deal.replace(
        hands=tuple(hands), stock=tuple(stock), pending_red_threes=frozenset({1})
    )
    game = go_out(attrs.evolve(game, deal=deal))
    side1 = game.results[-1].scores[1]
    assert side1.red_threes == amount
    assert side1.hand_penalty == -points("10C 10D 10S")


def test_HW_R3_5_one_hundred_each() -> None:
    assert red_three_scores("3H 3D", "3H", ["5S 5S 5D"]) == (200, 100)


def test_HW_R3_5_all_six_score_1000() -> None:
    assert red_three_scores("3H 3H 3H 3D 3D 3D", "", []) == (1000, 0)
    assert red_three_scores("3H 3H 3H 3D 3D", "", []) == (500, 0)


def test_HW_R3_6_minus_for_a_side_that_made_no_meld() -> None:
    assert red_three_scores("", "3H 3D", []) == (0, -200)
    assert red_three_scores("", "3H 3H 3H 3D 3D 3D", []) == (0, -1000)


def test_HW_R3_6_any_meld_without_a_canasta_makes_them_plus() -> None:
    assert red_three_scores("", "3H", ["6S 6S 6D"]) == (0, 100)


def test_HW_R3_7_red_three_second_to_last_ends_the_deal_at_once() -> None:
    # player 0 could go out, but the 3H comes second and needs the forbidden last card
    game = going_out_position(stock="5S 3H 4C")
    game = assert_accepted(game, Draw())
    game = at_deal_end(game, "HW-R3-7")
    assert game.deal_number == 1
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.went_out is None
    assert [s.going_out for s in result.scores] == [0, 0]
    side = result.scores[0]
    assert side.red_threes == 100
    assert side.meld_points == 140  # no meld after the draw
    assert side.hand_penalty == -points("5C 5D 5H 5S 10H")


def test_HW_R3_7_two_cards_left_draw_one_red_three_ends_the_deal() -> None:
    game = going_out_position(stock="3H 4C")
    game = assert_accepted(game, Draw())
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.scores[0].red_threes == 100
    assert result.scores[0].hand_penalty == -points("5C 5D 5H 10H")


def test_HW_STOCK_3_red_three_first_of_two_needing_the_last_card_ends_the_deal() -> None:
    game = going_out_position(stock="3H 9H 4C")
    game = assert_accepted(game, Draw())
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.scores[0].going_out == 0
    assert result.scores[0].hand_penalty == -points("5C 5D 5H 9H 10H")


# --- HW-STOCK: the end of the stock ----------------------------------------------------------


def test_HW_STOCK_1_last_card_is_never_drawn() -> None:
    game = position("5C 6C 9D", melds=[["KH KS KD"], []], pile="4D", stock="4C")
    assert game.table.stock_size == 1
    assert_rejected(game, Draw(), "HW-STOCK-1")


def test_HW_STOCK_2_three_or_more_cards_draw_two() -> None:
    game = position("5C 6C", melds=[["KH KS KD"], []], pile="4D", stock="8D 9D 4C")
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 8D 9D")
    assert game.deal.stock == (Card.parse("4C"),)


def test_HW_STOCK_2_two_cards_draw_one() -> None:
    game = position("5C 6C", melds=[["KH KS KD"], []], pile="4D", stock="9D 4C")
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 9D")
    assert game.deal.stock == (Card.parse("4C"),)


def exhausted(hand: str = "5C 6C", **kwargs: Any) -> Game:
    """The stock holds its last card only; the pile (4D 8H) is unfrozen."""
    kwargs.setdefault("melds", [["8C 8D 8S"], []])
    kwargs.setdefault("pile", "8H 4D")
    return position(hand, stock="4C", **kwargs)


def test_HW_STOCK_4a_take_is_compulsory_when_m4_fits() -> None:
    game = exhausted()
    assert_rejected(game, Pass(), "HW-STOCK-4")
    assert_rejected(game, Draw(), "HW-STOCK-1")
    assert [shape_by_meld(m) for m in game.legal_moves()] == [shape_by_meld(TakePile(meld=0))]
    game = assert_accepted(game, TakePile(meld=0))
    assert game.hand(0) == Cards.parse("5C 6C 4D")


def test_HW_STOCK_4a_not_compulsory_onto_a_canasta() -> None:
    game = exhausted(melds=[["8C 8C 8D 8D 8S 8S 8H"], []])
    after = assert_accepted(game, Pass())
    assert after.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_HW_STOCK_4a_not_compulsory_from_a_frozen_pile() -> None:
    game = exhausted(pile="8H 4D 2C")
    assert game.deal.pile_frozen
    after = assert_accepted(game, Pass())
    assert after.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_HW_STOCK_4a_one_card_rule_exception() -> None:
    game = exhausted(hand="5C", pile="8H")
    assert_rejected(game, TakePile(meld=0), "HW-PILE-7")
    after = assert_accepted(game, Pass())
    assert after.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_HW_STOCK_4b_unmelded_side_may_take_for_its_initial_meld() -> None:
    game = exhausted(hand="AH AS 5C", melds=[[], []], pile="AD 4D")
    assert_accepted(game, TakePile("AH AS"))
    after = assert_accepted(game, Pass())
    assert after.results[-1].end is DealEnd.STOCK_EXHAUSTED


@pytest.mark.parametrize(
    ("hand", "move"),
    [
        ("8D 8S 5C", TakePile("8D 8S")),  # M1
        ("9H 10H 5C", TakePile("9H 10H")),  # M2
    ],
)
def test_HW_STOCK_4c_other_methods_are_optional(hand: str, move: TakePile) -> None:
    game = exhausted(hand=hand, melds=[["KH KS KD"], []])
    assert_accepted(game, move)
    after = assert_accepted(game, Pass())
    assert after.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_HW_STOCK_4c_m3_is_optional() -> None:
    game = exhausted(hand="JK JK 5C", melds=[["KH KS KD"], []], pile="JK 4D")
    assert_accepted(game, TakePile("JK JK"))
    assert_accepted(game, Pass())


def test_HW_STOCK_5_refusing_ends_the_deal_and_nobody_melds() -> None:
    game = exhausted(hand="AH AS 5C", melds=[[], []], pile="AD 4D")
    after = play(game, Pass())
    after = at_deal_end(after, "HW-STOCK-4")
    assert after.deal_number == 1
    result = after.results[-1]
    assert result.end is DealEnd.STOCK_EXHAUSTED
    assert result.went_out is None


def test_HW_STOCK_5_after_a_take_the_next_player_has_the_same_duty() -> None:
    game = exhausted(hand="5C 6C 9H", melds=[["8C 8D 8S"], ["9C 9D 9S"]])
    game = play(game, TakePile(meld=0), Discard("9H"))
    assert game.to_move == 1
    assert game.deal_number == 0
    assert_rejected(game, Pass(), "HW-STOCK-4")
    game = assert_accepted(game, TakePile(meld=0))
    assert game.deal.melds[1][0].cards == Cards.parse("9C 9D 9S 9H")


def test_HW_STOCK_5_deal_ends_when_the_next_player_cannot_take() -> None:
    game = exhausted(hand="5C 6C 7H")
    game = play(game, TakePile(meld=0), Discard("7H"))
    # player 1 holds 10C 10D and side 1 has no meld: no take, the deal is over
    game = at_deal_end(game, "HW-STOCK-4")
    assert game.deal_number == 1
    assert game.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_HW_STOCK_6_no_going_out_bonus_when_the_stock_runs_out() -> None:
    game = exhausted(melds=[[K7, Q7], ["9C 9D 9S"]], hand="AH AS 5C", pile="AD 4D")
    game = play(game, Pass())
    scores = game.results[-1].scores
    assert [s.going_out for s in scores] == [0, 0]
    assert scores[0].canasta_bonus == 1000
    assert scores[0].hand_penalty == -points("AH AS 5C 10H")


def test_HW_STOCK_7_drawing_the_second_to_last_card_and_going_out_scores_the_bonus() -> None:
    game = going_out_position(stock="9H 4C", hand="5C 5D 5H 5S")
    game = assert_accepted(game, Draw())
    assert game.deal.stock == (Card.parse("4C"),)
    game = play(game, LayMeld("5C 5D 5H 5S"), Discard("9H"))
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)
    assert result.scores[0].going_out == 100


# --- HW-MRG: merging melds -------------------------------------------------------------------


def merge_position(melds0: list[str | Meld], hand: str = "9C 9D 4H") -> Game:
    game = position(hand, melds=[melds0, []], pile="4C", draws="5C 7H")
    return play(game, Draw())


def test_HW_MRG_1_two_rank_melds_of_one_rank_merge() -> None:
    game = merge_position(["6C 6D 6H", "KH KS KD", "6S 6C 6D"])
    after = assert_accepted(game, MergeMelds(0, 2))
    melds = after.deal.melds[0]
    assert [m.cards for m in melds] == [Cards.parse("6C 6D 6H 6S 6C 6D"), Cards.parse("KH KS KD")]
    assert game.parse_move("merge #0 #2") == MergeMelds(0, 2)
    assert after.hand(0) == game.hand(0)


def test_HW_MRG_1_melds_of_different_ranks_do_not_merge() -> None:
    game = merge_position(["6C 6D 6H", "KH KS KD"])
    assert_rejected(game, MergeMelds(0, 1), "HW-MRG-1")


def test_HW_MRG_1_sequences_join_after_adding_the_connecting_card() -> None:
    game = merge_position(["4S 5S 6S", "8S 9S 10S"], hand="7S 9C 9D")
    assert_rejected(game, MergeMelds(0, 1), "HW-MRG-1", "HW-MRG-2")
    game = assert_accepted(game, AddToMeld(None, "7S", meld=0))
    game = assert_accepted(game, MergeMelds(0, 1))
    (meld,) = game.deal.melds[0]
    assert meld.cards == Cards.parse("4S 5S 6S 7S 8S 9S 10S")
    assert meld.canasta_kind_under(HW) is CanastaKind.NATURAL_SEQUENCE


def test_HW_MRG_1_sequences_of_different_suits_do_not_join() -> None:
    game = merge_position(["4S 5S 6S", "7H 8H 9H"])
    assert_rejected(game, MergeMelds(0, 1), "HW-MRG-1")


def test_HW_MRG_1_rank_meld_and_sequence_do_not_merge() -> None:
    game = merge_position(["7S 7H 7D", "4S 5S 6S"])
    assert_rejected(game, MergeMelds(0, 1), "HW-MRG-1")


def test_HW_MRG_2_merged_rank_meld_keeps_at_most_two_wilds() -> None:
    game = merge_position(["KH KS KD JK 2C", "KC KH KS JK"])
    assert_rejected(game, MergeMelds(0, 1), "HW-MRG-2")
    ok = merge_position(["KH KS KD JK", "KC KH KS 2C"])
    after = assert_accepted(ok, MergeMelds(0, 1))
    assert after.deal.melds[0][0].cards == Cards.parse("KH KS KD JK KC KH KS 2C")


def test_HW_MRG_2_joined_sequence_keeps_at_most_one_wild() -> None:
    game = merge_position(
        [Meld.of("4S 5S 6S JK", wild_as="7"), Meld.of("8S 9S 10S 2C", wild_as="J")]
    )
    assert_rejected(game, MergeMelds(0, 1), "HW-MRG-2")


def test_HW_MRG_2_joined_sequence_repeats_no_rank() -> None:
    game = merge_position(["4S 5S 6S 7S", "6S 7S 8S"])
    assert_rejected(game, MergeMelds(0, 1), "HW-MRG-2", "HW-MRG-1")


def test_HW_MRG_3_wild_card_keeps_its_position() -> None:
    # the joker stands for the J: it may not move down to be the 7 that joins the runs
    game = merge_position([Meld.of("8D 9D 10D JK", wild_as="J"), "4D 5D 6D"], hand="7D 9C 9D")
    assert_rejected(game, MergeMelds(0, 1), "HW-MRG-3", "HW-MRG-2", "HW-MRG-1")
    game = play(game, AddToMeld(None, "7D", meld=1))
    game = assert_accepted(game, MergeMelds(0, 1))
    (meld,) = game.deal.melds[0]
    assert meld.wild_as is canasta.Rank.JACK
    assert meld.cards == Cards.parse("4D 5D 6D 7D 8D 9D 10D JK")
    assert meld.canasta_kind_under(HW) is CanastaKind.MIXED_SEQUENCE


def test_HW_MRG_3_two_inside_a_run_stays_where_it_is() -> None:
    game = merge_position([Meld.of("7D 2C 9D 10D", wild_as="8"), "JD QD KD"])
    game = assert_accepted(game, MergeMelds(0, 1))
    (meld,) = game.deal.melds[0]
    assert meld.wild_as is canasta.Rank.EIGHT
    assert meld.cards == Cards.parse("7D 2C 9D 10D JD QD KD")


def test_HW_MRG_4_merging_only_in_the_melding_part_of_the_turn() -> None:
    game = position("9C 9D 4H", melds=[["6C 6D 6H", "6S 6C 6D"], []], pile="4C")
    assert game.phase is Phase.DRAW
    assert_rejected(game, MergeMelds(0, 1), "HW-MRG-4", "HW-DRAW-1")
    after = play(game, Draw())
    assert_accepted(after, MergeMelds(0, 1))


def test_HW_MRG_5_wild_melds_merge() -> None:
    game = merge_position(["JK JK JK", "2C 2D 2H"])
    after = assert_accepted(game, MergeMelds(0, 1))
    (meld,) = after.deal.melds[0]
    assert meld.kind is MeldKind.WILD
    assert meld.cards == Cards.parse("JK JK JK 2C 2D 2H")


def test_HW_MRG_5_two_canastas_merge_and_only_one_bonus_remains() -> None:
    game = merge_position([WILD7, WILD7_B])
    assert sum(m.bonus(HW) for m in game.deal.melds[0]) == 4000
    after = assert_accepted(game, MergeMelds(0, 1))
    (meld,) = after.deal.melds[0]
    assert len(meld.cards) == 14
    assert meld.canasta_kind_under(HW) is CanastaKind.WILD
    assert meld.bonus(HW) == 2000


def test_HW_MRG_5_rank_canastas_merge() -> None:
    game = merge_position([K7, "KC KC KD KH KS JK 2C"])
    after = assert_accepted(game, MergeMelds(0, 1))
    (meld,) = after.deal.melds[0]
    assert meld.canasta_kind_under(HW) is CanastaKind.MIXED
    assert meld.bonus(HW) == 300


# --- HW-SCORE: scoring a deal ----------------------------------------------------------------


def scored_game(scores: list[int] | None = None, **kwargs: Any) -> Game:
    """Side 0 goes out; every component of both sides is known (see the test below)."""
    game = position(
        "5C 5D 5H",
        "AC 3S",
        "4C 4D JK",
        "2H",
        melds=[
            [K7, "AH AS AD JK AC", "JK JK 2C 2D 2H 2S 2C"],
            [Meld.of("4H 5H 6H 7H 8H 9H 10H"), Meld.of("9S 10S JS 2D", wild_as="Q")],
        ],
        red_threes=["3H 3D", "3H"],
        melded_players=[0, 1, 2, 3],
        scores=scores,
        pile="4S",
        draws="5S 9H",
        **kwargs,
    )
    return go_out(game)


def test_HW_SCORE_1_every_component_by_hand() -> None:
    game = scored_game()
    result = game.results[-1]
    side0, side1 = result.scores
    # (a) melds: kings 70, aces 4*20 + joker 50, wild canasta 2*50 + 5*20, fives 4*5
    assert side0.meld_points == 70 + 130 + 200 + 20
    # (b) natural canasta 500, wild canasta 2000; the five aces are no canasta
    assert side0.canasta_bonus == 500 + 2000
    assert side0.red_threes == 200  # (c)
    assert side0.going_out == 100  # (d)
    assert side0.hand_penalty == -(5 + 5 + 50)  # (e) player 2's 4C 4D JK
    assert side0.total == 420 + 2500 + 200 + 100 - 60
    # side 1: hearts run 4*5 + 3*10, spades 9 10 J + 2: 30 + 20; natural sequence 1500
    assert side1.meld_points == 50 + 50
    assert side1.canasta_bonus == 1500
    assert side1.red_threes == 100
    assert side1.going_out == 0
    assert side1.hand_penalty == -(20 + 5 + 20)
    assert side1.total == 100 + 1500 + 100 - 45
    assert game.scores == (3160, 1655)


def test_HW_SCORE_1_score_deal_agrees_with_the_result() -> None:
    game = position(
        "5C 5D 5H",
        melds=[[K7, Q7], ["9S 9S 9D"]],
        melded_players=[0, 2],
        pile="4S",
        draws="5S 9H",
    )
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    deal = game.apply(Discard("9H"))
    # score_deal on the finished deal gives what the result records
    finished = game.deal
    over = internals.play(finished, Discard("9H"))
    assert not isinstance(over, canasta.errors.Violation)
    assert score_deal(over) == deal.results[-1].scores


def test_HW_SCORE_2_player_sitting_out_adds_nothing() -> None:
    # Player 4 sits out the first deal here, so that player 0 can go out.
    rules = attrs.evolve(HW5, sit_out_order=(4, 2, 0))
    seat_players = rules.seat_players(0)
    sitting = next(p for p in range(5) if p not in seat_players)
    hands = ["5C 5D 5H", "10C 10D", "4C 4D", "10S", "9C"]
    hands[sitting] = ""
    game = Game.from_position(
        rules,
        hands=hands,
        melds=[[K7, Q7], []],
        melded_players=[0, 2],
        pile="4S",
        draws="5S 9H",
    )
    game = go_out(game)
    side0 = game.results[-1].scores[0]
    held = Cards()
    for player in seat_players:
        if HW5.side_of_player(player) == 0 and player != 0:
            held = held + Cards.parse(hands[player])
    assert side0.hand_penalty == -held.points


def test_HW_SCORE_3_negative_deal_score_lowers_the_cumulative_score() -> None:
    game = position(
        "5C 5D 5H",
        "AC AD AH 2C JK",
        melds=[[K7, Q7], []],
        melded_players=[0, 2],
        pile="4S",
        draws="5S 9H",
        scores=[0, 100],
    )
    game = go_out(game)
    side1 = game.results[-1].scores[1]
    assert side1.total == -(60 + 20 + 50 + 10)
    assert game.scores[1] == 100 - 140
    assert at_deal_end(game).minimums[1] == 15


def test_HW_SCORE_4_melds_below_seven_cards_count_their_values_only() -> None:
    game = position(
        "5C 5D 5H",
        melds=[[K7, Q7], ["AC AD AH JK 2C", "4S 5S 6S"]],
        melded_players=[0, 2],
        pile="4S",
        draws="5S 9H",
    )
    side1 = go_out(game).results[-1].scores[1]
    assert side1.meld_points == 60 + 50 + 20 + 15
    assert side1.canasta_bonus == 0


# --- HW-MATCH: the match ---------------------------------------------------------------------


def test_HW_MATCH_1_default_target_is_10000() -> None:
    assert HW.target_score == 10000
    below = go_out(going_out_position(scores=[8000, 0]))
    assert not below.is_over
    below = at_deal_end(below)
    assert below.deal_number == 1
    reached = go_out(going_out_position(scores=[9700, 0]))
    assert reached.scores[0] >= 10000
    assert reached.is_over
    assert reached.winner == 0


def test_HW_MATCH_1_option_target_score() -> None:
    rules = attrs.evolve(HW, target_score=20000)
    game = go_out(going_out_position(rules=rules, scores=[9700, 0]))
    assert game.scores[0] >= 10000
    assert not game.is_over


def deal_totals() -> tuple[int, int]:
    return SCENES.deal_totals([WILD7_B])


def test_HW_MATCH_2_highest_score_wins_even_if_the_other_side_went_out() -> None:
    total0, total1 = deal_totals()
    game = go_out(
        going_out_position(melds=[[K7, Q7], [WILD7_B]], scores=[10000 - total0, 10100 - total1])
    )
    assert game.scores == (10000, 10100)
    assert game.is_over
    assert game.winner == 1


def test_HW_MATCH_2_equal_highest_is_a_draw() -> None:
    total0, total1 = deal_totals()
    game = go_out(
        going_out_position(melds=[[K7, Q7], [WILD7_B]], scores=[10050 - total0, 10050 - total1])
    )
    assert game.scores == (10050, 10050)
    assert game.is_over
    assert game.winner is None
