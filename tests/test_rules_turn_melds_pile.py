"""Rule scenarios for Classic Canasta, sections 8 to 14 of ``classic.md``.

Turn sequence (CL-TURN), melds (CL-MELD), canastas (CL-CAN), the initial meld (CL-INIT),
freezing (CL-FRZ), taking the pile (CL-PILE) and discarding (CL-DISC), with the options
``wild_ratio``, ``max_wilds_per_meld``, ``allow_wild_on_canasta``,
``allow_take_before_opening``, ``one_card_pile_rule`` and ``initial_meld_table``.

Every position is built by hand with an explicit stock, so each drawn card is known.
Players 1 to 3 hold filler tens unless a test says otherwise, so tests avoid the tens.
"""

from __future__ import annotations

import attrs
import pytest
from scenario_helpers import Scenarios, offered_by_rank, rule_of

import canasta
from canasta import (
    AddToMeld,
    Answer,
    Ask,
    Card,
    Cards,
    DealEnd,
    Discard,
    Draw,
    Game,
    LayMeld,
    Meld,
    Pass,
    Phase,
    Rank,
    TakePile,
)

RULES = canasta.find_rules("classic", players=4)
TWO = canasta.find_rules("classic", players=2)
THREE = canasta.find_rules("classic", players=3)

SEVEN_KINGS = "KC KC KD KD KH KH KS"


# --- helpers -------------------------------------------------------------------------------


SCENES = Scenarios(RULES, offered=offered_by_rank)
position, offered = SCENES.position, SCENES.offered
assert_rejected, assert_accepted = SCENES.assert_rejected, SCENES.assert_accepted


def meld_of(game: Game, side: int, rank: Rank) -> Meld:
    """The side's meld of ``rank`` on the table (the test fails if there is none)."""
    for meld in game.table.melds[side]:
        if meld.rank is rank:
            return meld
    raise AssertionError(f"side {side} has no meld of {rank.text}s")


def has_meld(game: Game, side: int, rank: Rank) -> bool:
    return any(meld.rank is rank for meld in game.table.melds[side])


# --- CL-TURN ------------------------------------------------------------------------------


def test_CL_TURN_1_no_meld_or_discard_before_acquiring() -> None:
    game = position("KH KS KD 9C 9D", melds=[["QH QS QD"], []], pile="8C", draws="5S")
    assert game.phase is Phase.DRAW
    assert_rejected(game, LayMeld("KH KS KD"), "CL-TURN-1")
    assert_rejected(game, Discard(Card.parse("9C")), "CL-TURN-1")
    drawn = assert_accepted(game, Draw())
    assert drawn.phase is Phase.MELD
    assert_accepted(drawn, LayMeld("KH KS KD"))


def test_CL_TURN_1_turn_ends_only_by_discard_or_going_out() -> None:
    game = position("KH KS KD 9C 9D", melds=[["QH QS QD"], []], pile="8C", draws="5S")
    game = game.apply(Draw()).apply(LayMeld("KH KS KD"))
    # Melding does not end the turn: the same player must still discard.
    assert (game.phase, game.to_move) == (Phase.MELD, 0)
    assert not offered(game, Pass())
    after = assert_accepted(game, Discard(Card.parse("9C")))
    assert (after.phase, after.to_move) == (Phase.DRAW, 1)

    # Going out by melding every card needs no discard.
    out = position("9C 9D", melds=[[SEVEN_KINGS], []], pile="8C", draws="9H")
    out = out.apply(Draw())
    finished = assert_accepted(out, LayMeld("9C 9D 9H"))
    result = finished.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)
    assert result.scores[0].meld_points == 70 + 30


def test_CL_TURN_2_draw_takes_top_card_of_stock() -> None:
    game = position("KH KS 5C", melds=[["QH QS QD"], []], pile="8C", draws="JD 4S")
    before = game.table.stock_size
    after = game.apply(Draw())
    assert after.hand(0) == Cards.parse("KH KS 5C JD")
    assert after.table.stock_size == before - 1
    assert after.deal.stock[-1] == Card.parse("4S")


def test_CL_TURN_2_two_player_draw_takes_two_cards() -> None:
    game = position("KH KS 5C", rules=TWO, pile="8C", draws="JD 4S 6H")
    before = game.table.stock_size
    after = game.apply(Draw())
    assert after.hand(0) == Cards.parse("KH KS 5C JD 4S")
    assert after.table.stock_size == before - 2


def test_CL_TURN_3_no_draw_and_take_in_one_turn() -> None:
    game = position("9H 9S 5C 6C", melds=[["QH QS QD"], []], pile="9C 8C", draws="4S")
    drawn = game.apply(Draw())
    assert_rejected(drawn, Draw(), "CL-TURN-3")
    assert_rejected(drawn, TakePile("9H 9S"), "CL-TURN-3")
    taken = assert_accepted(game, TakePile("9H 9S"))
    assert_rejected(taken, Draw(), "CL-TURN-3")
    assert_rejected(taken, TakePile("9H 9S"), "CL-TURN-3")


def test_CL_TURN_4_meld_actions_new_rank_or_own_meld() -> None:
    game = position("KH KS KD 9C 5C 6C", melds=[["QH QS QD"], []], pile="8C", draws="QC")
    game = game.apply(Draw())
    # (b) needs an existing meld of the side of that rank.
    assert_rejected(game, AddToMeld(Rank.NINE, "9C"), "CL-TURN-4")
    # Each action must leave the meld valid: a king does not join the queens.
    assert_rejected(game, AddToMeld(Rank.QUEEN, "KH"), "CL-MELD-1")
    added = assert_accepted(game, AddToMeld(Rank.QUEEN, "QC"))
    meld = meld_of(added, 0, Rank.QUEEN)
    assert meld.cards == Cards.parse("QC QD QH QS")
    laid = assert_accepted(added, LayMeld("KH KS KD"))
    assert [m.rank for m in laid.table.melds[0]] == [Rank.QUEEN, Rank.KING]


def test_CL_TURN_5_melded_cards_never_return_to_the_hand() -> None:
    game = position("9C 9D 2C 5C 6C", melds=[["KH KS KD"], []], pile="8C", draws="4S")
    game = game.apply(Draw()).apply(AddToMeld(Rank.KING, "2C"))
    assert Card.parse("2C") not in game.hand(0)
    # The two on the table cannot be taken back to meld the nines.
    rule = rule_of(game, LayMeld("9C 9D 2C"))
    assert rule in ("CL-TURN-4", "CL-TURN-5")
    assert not offered(game, LayMeld("9C 9D 2C"))
    # No generated move uses a wild card any more, and no move shrinks a meld.
    for move in game.legal_moves():
        cards = getattr(move, "cards", Cards())
        assert not any(card.is_wild for card in cards)
    king = meld_of(game, 0, Rank.KING)
    assert king.cards == Cards.parse("KH KS KD 2C")


def test_CL_TURN_6_discard_ends_turn_and_play_passes_left() -> None:
    game = position("KH KS 5C", melds=[["QH QS QD"], []], pile="8C", draws="4S")
    game = game.apply(Draw())
    after = assert_accepted(game, Discard(Card.parse("5C")))
    assert after.to_move == 1
    assert after.phase is Phase.DRAW
    assert after.table.pile_top == Card.parse("5C")
    assert after.table.pile_size == 2
    assert after.hand(0) == Cards.parse("KH KS 4S")


def test_CL_TURN_7_only_the_player_to_move_may_meld() -> None:
    game = position("5C 6C 7C", "", "KH KS KD 9C", melds=[["QH QS QD"], []], draws="4S")
    with pytest.raises(canasta.IllegalMoveError) as info:
        game.apply(Draw(), player=1)
    assert info.value.rule == "CL-TURN-7"
    game = game.apply(Draw())
    # Player 2 (player 0's partner) may not meld during player 0's turn.
    with pytest.raises(canasta.IllegalMoveError) as info:
        game.apply(LayMeld("KH KS KD"), player=2)
    assert info.value.rule == "CL-TURN-7"
    assert game.explain(LayMeld("KH KS KD"), player=2).rule == "CL-TURN-7"


def _seven_kings_deal(partner_hand: str = "QC QD QH") -> Game:
    """Player 0 completes seven natural kings and goes out by discarding."""
    game = position(
        "KS",
        "10C 10D",
        partner_hand,
        "10S",
        melds=[["KC KC KD KD KH KH"], ["5C 5D 5H"]],
        pile="8C",
        draws="9D",
    )
    game = game.apply(Draw())
    game = assert_accepted(game, AddToMeld(Rank.KING, "KS"))
    return assert_accepted(game, Discard(Card.parse("9D")))


def test_CL_TURN_7_cards_left_in_hand_never_count_plus() -> None:
    # The partner's three queens would make a meld, but in hand they only cost points.
    result = _seven_kings_deal("QC QD QH").results[-1]
    assert result.scores[0].meld_points == 70
    assert result.scores[0].hand_penalty == -30


def test_CL_TURN_8_must_keep_two_cards_without_a_canasta() -> None:
    game = position("KH KS KD", melds=[["QH QS QD"], []], pile="8C", draws="9C")
    game = game.apply(Draw())
    assert_rejected(game, LayMeld("KH KS KD"), "CL-TURN-8")
    roomy = position("KH KS KD 5C", melds=[["QH QS QD"], []], pile="8C", draws="9C")
    roomy = roomy.apply(Draw())
    after = assert_accepted(roomy, LayMeld("KH KS KD"))
    assert len(after.hand(0)) == 2


def test_CL_TURN_8_applies_after_partner_says_no() -> None:
    game = position("9C 9D 9H", melds=[[SEVEN_KINGS], []], pile="8C", draws="6S")
    game = game.apply(Draw())
    # Without asking, melding down to one card is a step towards going out.
    assert game.explain(LayMeld("9C 9D 9H")) is None
    asked = assert_accepted(game, Ask())
    assert (asked.phase, asked.to_move) == (Phase.ANSWER, 2)
    refused = assert_accepted(asked, Answer(False))
    assert refused.to_move == 0
    assert_rejected(refused, LayMeld("9C 9D 9H"), "CL-TURN-8")


# --- CL-MELD ------------------------------------------------------------------------------


def _meld_phase(hand: str, *, rules: canasta.RuleSet = RULES, own: str = "QH QS QD") -> Game:
    """Player 0's side has opened with ``own``; player 0 has drawn the 4S."""
    game = position(hand, rules=rules, melds=[[own], []], pile="8C", draws="4S")
    return game.apply(Draw())


def test_CL_MELD_1_one_rank_only() -> None:
    game = _meld_phase("KH KS JD 9C 5C")
    assert_rejected(game, LayMeld("KH KS JD"), "CL-MELD-1")


def test_CL_MELD_2_at_least_two_naturals() -> None:
    game = _meld_phase("KH 2C JK 9C 5C")
    assert_rejected(game, LayMeld("KH 2C JK"), "CL-MELD-2")
    assert canasta.check_new_meld(Cards.parse("KH 2C 2D"), RULES).rule == "CL-MELD-2"


def test_CL_MELD_3_at_most_three_wilds_and_no_ratio_by_default() -> None:
    game = _meld_phase("KH KS KD 2C 2D 2H JK 9C 5C")
    assert_accepted(game, LayMeld("KH KS 2C 2D JK"))
    assert_rejected(game, LayMeld("KH KS KD 2C 2D 2H JK"), "CL-MELD-3")


def test_CL_MELD_3_wild_limit_holds_after_additions() -> None:
    game = _meld_phase("2H KS 9C 5C", own="KC KD 2C 2D JK")
    assert_rejected(game, AddToMeld(Rank.KING, "2H"), "CL-MELD-3")
    assert_rejected(game, AddToMeld(Rank.KING, "KS 2H"), "CL-MELD-3")
    assert_accepted(game, AddToMeld(Rank.KING, "KS"))


@pytest.mark.parametrize(
    ("ratio", "legal", "illegal"),
    [
        ("naturals_ge_wilds", "KH KS 2C 2D", "KH KS 2C 2D JK"),
        ("naturals_gt_wilds", "KH KS KD 2C 2D", "KH KS 2C 2D"),
        ("two_naturals_per_wild", "KH KS KD KC 2C 2D", "KH KS KD 2C 2D"),
    ],
)
def test_CL_MELD_3_option_wild_ratio(ratio: str, legal: str, illegal: str) -> None:
    hand = "KH KS KD KC 2C 2D JK 9C 5C"
    house = attrs.evolve(RULES, wild_ratio=ratio)
    game = _meld_phase(hand, rules=house)
    assert_rejected(game, LayMeld(illegal), "CL-MELD-3")
    assert_accepted(game, LayMeld(legal))
    # The default rules accept both.
    default = _meld_phase(hand)
    assert default.explain(LayMeld(illegal)) is None


def test_CL_MELD_3_option_wild_ratio_applies_to_additions() -> None:
    house = attrs.evolve(RULES, wild_ratio="naturals_gt_wilds")
    game = _meld_phase("2D JK 9C 5C 6C", rules=house, own="KC KD KH 2C")
    assert_accepted(game, AddToMeld(Rank.KING, "2D"))
    assert_rejected(game, AddToMeld(Rank.KING, "2D JK"), "CL-MELD-3")
    assert (
        _meld_phase("2D JK 9C 5C 6C", own="KC KD KH 2C").explain(AddToMeld(Rank.KING, "2D JK"))
        is None
    )


def test_CL_MELD_3_option_max_wilds_per_meld() -> None:
    house = attrs.evolve(RULES, max_wilds_per_meld=2)
    game = _meld_phase("KH KS KD 2C 2D JK 9C 5C", rules=house)
    assert_rejected(game, LayMeld("KH KS KD 2C 2D JK"), "CL-MELD-3")
    assert_accepted(game, LayMeld("KH KS KD 2C 2D"))
    assert _meld_phase("KH KS KD 2C 2D JK 9C 5C").explain(LayMeld("KH KS KD 2C 2D JK")) is None


def test_CL_MELD_4_no_all_wild_melds_no_sequences_no_red_threes() -> None:
    game = _meld_phase("2C 2D JK 4H 5H 6H 9C 9D")
    assert_rejected(game, LayMeld("2C 2D JK"), "CL-MELD-4")
    # A run is not a meld.
    assert rule_of(game, LayMeld("4H 5H 6H")) in ("CL-MELD-1", "CL-MELD-4")
    assert not offered(game, LayMeld("4H 5H 6H"))
    # Red threes are never melded.
    violation = canasta.check_new_meld(Cards.parse("3H 3H 3D"), RULES)
    assert violation is not None
    assert violation.rule in ("CL-MELD-4", "CL-R3-1")


def test_CL_MELD_4_black_threes_only_when_going_out() -> None:
    game = _meld_phase("3S 3S 3C 9C 9D 5C")
    assert_rejected(game, LayMeld("3S 3S 3C"), "CL-B3-3")


def test_CL_MELD_5_new_meld_needs_three_cards() -> None:
    game = _meld_phase("KH KS 9C 5C")
    assert_rejected(game, LayMeld("KH KS"), "CL-MELD-5")


def test_CL_MELD_6_one_sequence_of_a_suit_unless_several_melds_of_a_kind() -> None:
    """A Classic table with sequences (a house rule) holds one sequence of a suit, as one
    meld of a rank: the validator refused none, though the generator offered none (drawn
    house rules, 6 players); where a side may hold several (HW-MELD-9), both lay it."""
    rules = attrs.evolve(RULES, sequences_allowed=True)
    game = _meld_phase("5H 6H 2D 9C 5C", rules=rules, own="7H 8H 9H")
    assert_rejected(game, LayMeld("5H 6H 2D", wild_as=Rank.FOUR), "CL-MELD-6")
    assert "a sequence of hearts" in str(game.explain(LayMeld("5H 6H 2D", wild_as=Rank.FOUR)))
    assert_accepted(game, AddToMeld(None, "5H 6H 2D", meld=0, wild_as=Rank.FOUR))
    several = attrs.evolve(rules, several_melds_per_rank=True)
    game = _meld_phase("5H 6H 2D 9C 5C", rules=several, own="7H 8H 9H")
    assert_accepted(game, LayMeld("5H 6H 2D", wild_as=Rank.FOUR))
    with pytest.raises(canasta.PositionError, match="CL-MELD-6"):
        position("9C", rules=rules, melds=[["7H 8H 9H", "JH QH KH"], []])


def test_CL_MELD_6_one_meld_per_rank_per_side() -> None:
    game = _meld_phase("QC QC QD 5C 6C")
    assert_rejected(game, LayMeld("QC QC QD"), "CL-MELD-6")
    after = assert_accepted(game, AddToMeld(Rank.QUEEN, "QC QC QD"))
    assert len(after.table.melds[0]) == 1
    assert after.table.melds[0][0].size == 6


def test_CL_MELD_6_pile_take_merges_into_the_existing_meld() -> None:
    game = position("KS KC 5C 6C", melds=[["KC KD KH"], []], pile="KS 8C")
    after = assert_accepted(game, TakePile("KS KC"))
    kings = [m for m in after.table.melds[0] if m.rank is Rank.KING]
    assert len(kings) == 1
    assert kings[0].cards == Cards.parse("KC KC KD KH KS KS")


def test_CL_MELD_7_both_sides_may_meld_the_same_rank() -> None:
    game = position("QH QS QD 5C 6C", melds=[["JH JS JD"], ["QC QC QD"]], pile="8C", draws="4S")
    game = game.apply(Draw())
    after = assert_accepted(game, LayMeld("QH QS QD"))
    assert has_meld(after, 0, Rank.QUEEN)
    assert has_meld(after, 1, Rank.QUEEN)


def test_CL_MELD_8_no_adding_to_opponents_melds() -> None:
    game = position("QH 5C 6C", melds=[["JH JS JD"], ["QC QC QD"]], pile="8C", draws="4S")
    game = game.apply(Draw())
    assert_rejected(game, AddToMeld(Rank.QUEEN, "QH"), "CL-MELD-8")


def test_CL_MELD_9_no_maximum_meld_size() -> None:
    game = _meld_phase("KH KH KS KS 5C 6C", own="KC KC KD KD 2C 2D JK")
    after = assert_accepted(game, AddToMeld(Rank.KING, "KH KH KS KS"))
    king = meld_of(after, 0, Rank.KING)
    assert king.size == 11


# --- CL-CAN -------------------------------------------------------------------------------


def test_CL_CAN_1_seven_cards_make_a_canasta() -> None:
    assert not Meld.of("KC KC KD KD KH KH").is_canasta_under(RULES)
    assert Meld.of(SEVEN_KINGS).is_canasta_under(RULES)
    assert Meld.of("KC KC KD KD KH 2C JK").is_canasta_under(RULES)
    game = _meld_phase("KS 5C 6C", own="KC KC KD KD KH KH")
    after = assert_accepted(game, AddToMeld(Rank.KING, "KS"))
    king = meld_of(after, 0, Rank.KING)
    assert king.is_canasta_under(RULES)
    assert after.deal.canastas(0) == 1


def test_CL_CAN_2_seven_kings_worth_570_as_a_meld() -> None:
    kings = Meld.of(SEVEN_KINGS)
    assert kings.canasta_kind_under(RULES) is canasta.CanastaKind.NATURAL
    assert (kings.points, kings.bonus(RULES)) == (70, 500)
    assert kings.value(RULES) == 570
    mixed = Meld.of("KC KC KD KD KH 2C JK")
    assert mixed.canasta_kind_under(RULES) is canasta.CanastaKind.MIXED
    assert (mixed.points, mixed.bonus(RULES), mixed.value(RULES)) == (120, 300, 420)
    assert Meld.of("KC KC KD KD KH KH").bonus(RULES) == 0


def test_CL_CAN_2_seven_kings_worth_570_in_a_finished_deal() -> None:
    game = _seven_kings_deal("QC QD QH")
    result = game.results[-1]
    assert (result.end, result.went_out, result.concealed) == (DealEnd.WENT_OUT, 0, False)
    ours, theirs = result.scores
    assert (ours.meld_points, ours.canasta_bonus) == (70, 500)
    assert ours.meld_points + ours.canasta_bonus == 570
    assert (ours.red_threes, ours.going_out, ours.hand_penalty) == (0, 100, -30)
    assert ours.total == 640
    assert (theirs.meld_points, theirs.canasta_bonus, theirs.going_out) == (15, 0, 0)
    assert theirs.hand_penalty == -30  # 10C 10D and 10S
    assert game.scores == (640, -15)


def test_CL_CAN_3_a_canasta_holds_at_least_four_naturals() -> None:
    game = _meld_phase("2H KS 5C 6C", own="KC KD KH 2C 2D JK")
    assert_rejected(game, AddToMeld(Rank.KING, "2H"), "CL-MELD-3")
    after = assert_accepted(game, AddToMeld(Rank.KING, "KS"))
    king = meld_of(after, 0, Rank.KING)
    assert king.is_canasta_under(RULES)
    assert king.naturals == 4


def test_CL_CAN_4_wild_on_natural_canasta_makes_it_mixed() -> None:
    game = _meld_phase("2C KS 5C 6C", own=SEVEN_KINGS)
    after = assert_accepted(game, AddToMeld(Rank.KING, "2C"))
    king = meld_of(after, 0, Rank.KING)
    assert king.canasta_kind_under(RULES) is canasta.CanastaKind.MIXED
    assert king.bonus(RULES) == 300


def test_CL_CAN_4_additions_to_a_canasta_within_three_wilds() -> None:
    game = _meld_phase("JK 2H KS 5C 6C", own="KC KC KD KD KH 2C 2D")
    assert_accepted(game, AddToMeld(Rank.KING, "KS"))
    assert_accepted(game, AddToMeld(Rank.KING, "JK"))
    assert_rejected(game, AddToMeld(Rank.KING, "JK 2H"), "CL-MELD-3")


def test_CL_CAN_4_option_no_wild_on_a_canasta() -> None:
    house = attrs.evolve(RULES, allow_wild_on_canasta=False)
    game = position(
        "2C KS 2D 5C 6C",
        rules=house,
        melds=[["KC KC KD KD KH KH", "9C 9D 9H"], []],
        pile="8C",
        draws="4S",
    )
    game = game.apply(Draw())
    # Before the seventh card the meld takes a wild card as usual.
    assert game.explain(AddToMeld(Rank.KING, "2C")) is None
    complete = assert_accepted(game, AddToMeld(Rank.KING, "KS"))
    assert_rejected(complete, AddToMeld(Rank.KING, "2C"), "CL-CAN-4")
    assert_accepted(complete, AddToMeld(Rank.NINE, "2D"))


def test_CL_CAN_4_option_no_wild_on_a_canasta_by_pile_take() -> None:
    melds = [["9C 9C 9D 9D 9H 2C 2D"], []]
    house = attrs.evolve(RULES, allow_wild_on_canasta=False)
    game = position("9S 2H 5C 6C", rules=house, melds=melds, pile="9H 8C")
    assert_rejected(game, TakePile("9S 2H"), "CL-CAN-4")
    assert_accepted(game, TakePile())
    default = position("9S 2H 5C 6C", melds=melds, pile="9H 8C")
    assert_accepted(default, TakePile("9S 2H"))


def test_CL_CAN_5_canasta_kind_is_settled_at_the_end_of_the_hand() -> None:
    game = position("2C", "10C 10D", "QC", "10S", melds=[[SEVEN_KINGS], []], pile="8C", draws="9D")
    game = game.apply(Draw()).apply(AddToMeld(Rank.KING, "2C"))
    game = assert_accepted(game, Discard(Card.parse("9D")))
    ours = game.results[-1].scores[0]
    assert (ours.meld_points, ours.canasta_bonus) == (90, 300)


def test_CL_CAN_6_one_canasta_needed_to_go_out_with_four_players() -> None:
    none = position("9C 9D", melds=[["KC KC KD KD KH KH"], []], pile="8C", draws="9H")
    none = none.apply(Draw())
    assert_rejected(none, LayMeld("9C 9D 9H"), "CL-OUT-2")
    one = position("9C 9D", melds=[[SEVEN_KINGS], []], pile="8C", draws="9H")
    one = one.apply(Draw())
    assert assert_accepted(one, LayMeld("9C 9D 9H")).results[-1].went_out == 0


def test_CL_CAN_6_two_canastas_needed_with_two_players() -> None:
    one = position("9C 9D", rules=TWO, melds=[[SEVEN_KINGS], []], pile="8C", draws="9H 9S")
    one = one.apply(Draw())
    assert_rejected(one, LayMeld("9C 9D 9H 9S"), "CL-OUT-2")
    two_melds = [[SEVEN_KINGS, "QC QC QD QD QH QH 2C"], []]
    two = position("9C 9D", rules=TWO, melds=two_melds, pile="8C", draws="9H 9S")
    two = two.apply(Draw())
    assert assert_accepted(two, LayMeld("9C 9D 9H 9S")).results[-1].went_out == 0
    house = attrs.evolve(TWO, canastas_to_go_out=1)
    lenient = position("9C 9D", rules=house, melds=[[SEVEN_KINGS], []], pile="8C", draws="9H 9S")
    lenient = lenient.apply(Draw())
    assert assert_accepted(lenient, LayMeld("9C 9D 9H 9S")).results[-1].went_out == 0


# --- CL-INIT ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-1000, 15), (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)],
)
def test_CL_INIT_1_minimum_from_cumulative_score(score: int, minimum: int) -> None:
    game = position("5C", scores=[score, 0])
    assert game.minimums == (minimum, 50)
    assert RULES.initial_minimum(score) == minimum


OPENER = "AH AS AD 9C 9D 9H 5C"


def test_CL_INIT_1_minimum_decides_which_openings_are_legal() -> None:
    draws = "4S"
    # 60 in aces is enough at 0 but not at 1,500 (90) when nothing else can be added.
    at_zero = position("AH AS AD KC QD 5C", scores=[0, 0], draws=draws).apply(Draw())
    assert_accepted(at_zero, LayMeld("AH AS AD"))
    at_1500 = position("AH AS AD KC QD 5C", scores=[1500, 0], draws=draws).apply(Draw())
    assert_rejected(at_1500, LayMeld("AH AS AD"), "CL-INIT-1")
    # 90 exactly is enough at 1,500 but not at 3,000 (120).
    game = position(OPENER, scores=[1500, 0], draws=draws).apply(Draw())
    game = game.apply(LayMeld("AH AS AD"))
    game = assert_accepted(game, LayMeld("9C 9D 9H"))
    assert assert_accepted(game, Discard(Card.parse("5C"))).to_move == 1
    high = position(OPENER, scores=[3000, 0], draws=draws).apply(Draw())
    assert_rejected(high, LayMeld("AH AS AD"), "CL-INIT-1")


def test_CL_INIT_1_option_initial_meld_table() -> None:
    house = attrs.evolve(RULES, initial_meld_table=((None, 15), (0, 30), (1500, 60)))
    assert house.initial_minimum(0) == 30
    kings = position("KH KS KD 5C 6C", rules=house, draws="4S").apply(Draw())
    after = assert_accepted(kings, LayMeld("KH KS KD"))
    assert_accepted(after, Discard(Card.parse("5C")))
    strict = position("KH KS KD 5C 6C", draws="4S").apply(Draw())
    assert_rejected(strict, LayMeld("KH KS KD"), "CL-INIT-1")
    aces = position("AH AS AD 5C 6C", rules=house, scores=[1500, 0], draws="4S")
    assert aces.minimums[0] == 60
    assert_accepted(aces.apply(Draw()), LayMeld("AH AS AD"))


def test_CL_INIT_2_several_melds_count_together() -> None:
    game = position("KH KS KD 9C 9D 9H 5C 6C", draws="4S").apply(Draw())
    game = assert_accepted(game, LayMeld("KH KS KD"))
    assert game.draft.points == 30
    # 30 alone is short of 50: the turn cannot end yet.
    assert_rejected(game, Discard(Card.parse("5C")), "CL-INIT-1")
    game = assert_accepted(game, LayMeld("9C 9D 9H"))
    assert game.draft.points == 60
    after = assert_accepted(game, Discard(Card.parse("5C")))
    assert after.to_move == 1
    assert len(after.table.melds[0]) == 2


def test_CL_INIT_2_additions_in_the_opening_turn_count() -> None:
    game = position("KH KS KD 2C 5C 6C", draws="4S").apply(Draw())
    game = assert_accepted(game, LayMeld("KH KS KD"))
    game = assert_accepted(game, AddToMeld(Rank.KING, "2C"))
    assert game.draft.points == 50
    assert_accepted(game, Discard(Card.parse("5C")))


def test_CL_INIT_3_canasta_bonus_does_not_count() -> None:
    # Seven natural fours are a canasta (500 bonus) but count only 35 towards 50.
    game = position("4C 4C 4D 4D 4H 4H 4S 9C", draws="5D").apply(Draw())
    assert_rejected(game, LayMeld("4C 4C 4D 4D 4H 4H 4S"), "CL-INIT-1")


def test_CL_INIT_3_red_three_bonus_does_not_count() -> None:
    game = position("KH KS KD 5C 6C 8D", red_threes=["3H 3H 3D 3D", ""], draws="4S").apply(Draw())
    assert_rejected(game, LayMeld("KH KS KD"), "CL-INIT-1")


PILE_FOR_OPENING = "KD 7C AH AD AC"


def test_CL_INIT_4_pile_cards_do_not_count_towards_the_minimum() -> None:
    # Top card KD + KH KS = 30; the three aces in the pile (60) may not help.
    game = position("KH KS 5C 9S 6D", pile=PILE_FOR_OPENING)
    assert game.table.frozen_for(0)
    assert_rejected(game, TakePile("KH KS"), "CL-PILE-6")


def test_CL_INIT_4_pile_opening_with_top_card_and_hand_cards() -> None:
    game = position("KH KS 2C 5C 9S", pile=PILE_FOR_OPENING)
    taken = assert_accepted(game, TakePile("KH KS"))
    assert taken.draft.points == 30  # the top card and the two kings only
    assert taken.hand(0) == Cards.parse("KH KS 2C 5C 9S AC AD AH 7C") - Cards.parse("KH KS")
    # The pile's aces stay locked until the minimum is met with hand cards.
    assert_rejected(taken, LayMeld("AC AD AH"), "CL-INIT-4")
    assert_rejected(taken, Discard(Card.parse("7C")), "CL-INIT-4")
    opened = assert_accepted(taken, AddToMeld(Rank.KING, "2C"))
    assert opened.draft.points == 50
    assert not opened.draft.locked
    # Now the pile cards may be melded in the same turn.
    melded = assert_accepted(opened, LayMeld("AC AD AH"))
    done = assert_accepted(melded, Discard(Card.parse("9S")))
    assert done.to_move == 1
    assert [m.rank for m in done.table.melds[0]] == [Rank.KING, Rank.ACE]


def test_CL_INIT_4_pile_cards_melded_after_the_minimum_add_nothing_to_the_count() -> None:
    game = position("KH KS 2C 5C 9S", pile=PILE_FOR_OPENING)
    opened = game.apply(TakePile("KH KS")).apply(AddToMeld(Rank.KING, "2C"))
    assert opened.draft.points == 50
    melded = opened.apply(LayMeld("AC AD AH"))
    # The opening count is top card + hand cards: KD KH KS 2C = 50, not 110.
    assert melded.draft.points == 50


def test_CL_INIT_5_minimum_met_by_one_player_in_one_turn() -> None:
    # Thirty in kings cannot be topped up this turn, so the meld is refused outright;
    # it can not stand on the table for a later turn or the partner to complete.
    game = position("KH KS KD 5C 6C 8D", draws="4S").apply(Draw())
    assert_rejected(game, LayMeld("KH KS KD"), "CL-INIT-1")
    assert not game.table.melds[0]
    # The partner, in a later turn, still owes the whole minimum.
    partner = position("5C 6C", "10C 10D", "KH KS KD 8D", to_move=2, draws="4S").apply(Draw())
    assert_rejected(partner, LayMeld("KH KS KD"), "CL-INIT-1")


def test_CL_INIT_6_no_minimum_once_the_side_has_opened() -> None:
    game = position(
        "5C 6C",
        "10C 10D",
        "4C 4D 4H 9C 8D",
        melds=[["QH QS QD"], []],
        scores=[3000, 0],
        to_move=2,
        draws="5S",
    )
    assert game.minimums[0] == 120
    game = game.apply(Draw())
    assert not game.draft.opening
    game = assert_accepted(game, LayMeld("4C 4D 4H"))
    assert assert_accepted(game, Discard(Card.parse("9C"))).to_move == 3


def test_CL_INIT_7_negative_score_allows_any_meld() -> None:
    game = position("4C 4D 4H 9C 8D", scores=[-5, 0], draws="5S")
    assert game.minimums[0] == 15
    game = assert_accepted(game.apply(Draw()), LayMeld("4C 4D 4H"))
    assert assert_accepted(game, Discard(Card.parse("9C"))).to_move == 1


def test_CL_INIT_9_individual_play_uses_the_players_own_score() -> None:
    game = position(
        "AH AS AD 5C 6C 8D", "4C 4D 4H 9C 8S", rules=TWO, scores=[1500, -10], draws="5S 6S"
    )
    assert game.minimums == (90, 15)
    assert_rejected(game.apply(Draw()), LayMeld("AH AS AD"), "CL-INIT-1")
    other = position(
        "AH AS AD 5C 6C 8D",
        "4C 4D 4H 9C 8S",
        rules=TWO,
        scores=[1500, -10],
        draws="5S 6S",
        to_move=1,
    )
    assert_accepted(other.apply(Draw()), LayMeld("4C 4D 4H"))
    three = position("5C", "6C", "7C", rules=THREE, scores=[0, 1500, 3000])
    assert three.minimums == (50, 90, 120)


# --- CL-FRZ -------------------------------------------------------------------------------


def test_CL_FRZ_1_wild_card_in_pile_freezes_it_for_everybody() -> None:
    melds = [["KC KD KH"], ["6H 6S 6D"]]
    game = position("KS KC 2C 5C 6C", "6D 2H 7D", melds=melds, pile="KS 8S 2D 9C", draws="4S 4D")
    assert game.table.pile_frozen
    assert_rejected(game, TakePile(), "CL-PILE-5")
    assert_rejected(game, TakePile("KS 2C"), "CL-PILE-5")
    assert_accepted(game, TakePile("KS KC"))
    # Discarding natural cards on top does not unfreeze it; the other side is bound too.
    game = game.apply(Draw()).apply(Discard(Card.parse("6C")))
    assert game.table.pile_frozen
    assert game.to_move == 1
    assert_rejected(game, TakePile(), "CL-PILE-5")
    assert_rejected(game, TakePile("6D 2H"), "CL-PILE-5")


def test_CL_FRZ_1_buried_red_three_freezes_the_pile() -> None:
    game = position("8H 2D 8C 5C 6C", melds=[["8S 8S 2C"], []], pile="8D 8C 3H")
    assert game.table.pile_frozen
    assert_rejected(game, TakePile(), "CL-PILE-5")
    assert_rejected(game, TakePile("8H 2D"), "CL-PILE-5")
    after = assert_accepted(game, TakePile("8H 8C"))
    assert not after.table.pile_frozen


def test_CL_FRZ_2_pile_closed_to_an_unopened_side_until_its_first_meld() -> None:
    game = position(
        "KH KS KD 9C 9D 9H 5C",
        "5H 2D 7S 6C",
        "7H 2C 8D 8S",
        "4C 4D",
        pile="8C",
        draws="4S 6S",
    )
    assert game.table.frozen_for(0)
    assert game.table.frozen_for(1)
    assert not game.table.pile_frozen
    game = game.apply(Draw()).apply(LayMeld("KH KS KD")).apply(LayMeld("9C 9D 9H"))
    assert not game.table.frozen_for(0)
    game = game.apply(Discard(Card.parse("5C")))
    # Side 1 has not opened: a natural and a wild card are not enough.
    assert game.to_move == 1
    assert game.table.frozen_for(1)
    assert_rejected(game, TakePile("5H 2D"), "CL-PILE-5")
    game = game.apply(Draw()).apply(Discard(Card.parse("7S")))
    # Player 2's side opened through the partner: natural + wild now takes it.
    assert game.to_move == 2
    after = assert_accepted(game, TakePile("7H 2C"))
    seven = meld_of(after, 0, Rank.SEVEN)
    assert seven.cards == Cards.parse("7H 7S 2C")
    assert after.hand(2) == Cards.parse("8D 8S 8C 5C")


def _black_three_round(rules: canasta.RuleSet) -> Game:
    """Player 0 discards a black three, player 1 a nine; player 2 is to move."""
    game = position(
        "3S 5C 6C",
        "9C 7D 7S",
        "9H 2C 8D 8S",
        "4C 4D",
        rules=rules,
        melds=[["QH QS QD"], ["JH JS JD"]],
        pile="8C",
        draws="5S 6S",
    )
    game = game.apply(Draw()).apply(Discard(Card.parse("3S")))
    assert game.table.pile_frozen is rules.black_three_freezes_pile
    return game.apply(Draw()).apply(Discard(Card.parse("9C")))


def test_CL_FRZ_3_black_three_does_not_freeze() -> None:
    game = _black_three_round(RULES)
    assert not game.table.pile_frozen
    assert_accepted(game, TakePile("9H 2C"))


def test_CL_FRZ_3_option_black_three_freezes_pile() -> None:
    game = _black_three_round(attrs.evolve(RULES, black_three_freezes_pile=True))
    assert game.table.pile_frozen
    assert_rejected(game, TakePile("9H 2C"), "CL-PILE-5")


def test_CL_FRZ_4_taking_empties_the_pile_and_a_new_one_starts_unfrozen() -> None:
    game = position("KS KC 2C 9S 5C", melds=[["KD KH KC"], []], pile="KS 8S 2D 9C")
    taken = game.apply(TakePile("KS KC"))
    assert (taken.table.pile_size, taken.table.pile_top) == (0, None)
    assert not taken.table.pile_frozen
    natural = taken.apply(Discard(Card.parse("9S")))
    assert (natural.table.pile_size, natural.table.pile_top) == (1, Card.parse("9S"))
    assert not natural.table.pile_frozen
    wild = taken.apply(Discard(Card.parse("2C")))
    assert wild.table.pile_frozen


def test_CL_FRZ_4_option_black_three_discard_freezes_the_new_pile() -> None:
    hand, melds, pile = "KS KC 3S 9S 5C", [["KD KH KC"], []], "KS 8S 2D 9C"
    house = attrs.evolve(RULES, black_three_freezes_pile=True)
    taken = position(hand, rules=house, melds=melds, pile=pile).apply(TakePile("KS KC"))
    assert not taken.table.pile_frozen
    assert taken.apply(Discard(Card.parse("3S"))).table.pile_frozen
    plain = position(hand, melds=melds, pile=pile).apply(TakePile("KS KC"))
    assert not plain.apply(Discard(Card.parse("3S"))).table.pile_frozen


def test_CL_FRZ_5_frozen_for_a_side_is_global_freeze_or_not_opened() -> None:
    melds = [["QH QS QD"], []]
    clean = position("5C", melds=melds, pile="9C 8C")
    assert not clean.table.pile_frozen
    assert (clean.table.frozen_for(0), clean.table.frozen_for(1)) == (False, True)
    wild = position("5C", melds=melds, pile="9C 2D 8C")
    assert wild.table.pile_frozen
    assert (wild.table.frozen_for(0), wild.table.frozen_for(1)) == (True, True)


# --- CL-PILE ------------------------------------------------------------------------------


def test_CL_PILE_1_the_whole_pile_is_taken() -> None:
    game = position("KH KS 7C 8C", melds=[["QH QS QD"], []], pile="KD 9C 6H 5D 4C")
    after = assert_accepted(game, TakePile("KH KS"))
    assert after.hand(0) == Cards.parse("7C 8C 4C 5D 6H 9C")
    king = meld_of(after, 0, Rank.KING)
    assert king.cards == Cards.parse("KD KH KS")
    assert (after.table.pile_size, after.table.pile_top) == (0, None)
    assert after.table.stock_size == game.table.stock_size
    assert after.phase is Phase.MELD


@pytest.mark.parametrize("pile", ["", "2D 9C", "JK 9C", "3S 9C"])
def test_CL_PILE_2_empty_pile_or_stop_card_cannot_be_taken(pile: str) -> None:
    # A wild card on the pile freezes it (CL-FRZ-1), so its flag is left to the cards.
    game = position("9H 9S 2H JK 3C 3C", melds=[["9D 9D 9C", "QH QS QD"], []], pile=pile)
    for move in (TakePile(), TakePile("9H 9S"), TakePile("2H JK"), TakePile("3C 3C")):
        assert_rejected(game, move, "CL-PILE-2")
    assert list(game.legal_moves()) == [Draw()]


def test_CL_PILE_3_three_ways_to_take_an_unfrozen_pile() -> None:
    game = position("9C 9H 2C JK 5C", melds=[["QH QS QD"], []], pile="9D 8C")
    assert not game.table.frozen_for(0)
    a = assert_accepted(game, TakePile("9C 9H"))
    assert meld_of(a, 0, Rank.NINE).cards == Cards.parse("9C 9D 9H")
    b = assert_accepted(game, TakePile("9C 2C"))
    assert meld_of(b, 0, Rank.NINE).cards == Cards.parse("9C 9D 2C")
    assert_accepted(game, TakePile("9C JK"))
    # Anything else is refused.
    assert_rejected(game, TakePile("2C JK"), "CL-PILE-3")
    assert_rejected(game, TakePile("9C 5C"), "CL-PILE-3")
    assert_rejected(game, TakePile(), "CL-PILE-3")  # no meld of nines to add it to
    # (c) adding the top card to the side's meld of its rank.
    own = position("5C 6C 7C", melds=[["9C 9H 9S"], []], pile="9D 8C")
    c = assert_accepted(own, TakePile())
    assert meld_of(c, 0, Rank.NINE).cards == Cards.parse("9C 9D 9H 9S")
    assert c.hand(0) == Cards.parse("5C 6C 7C 8C")


def test_CL_PILE_3_adding_the_top_card_to_a_completed_canasta() -> None:
    game = position("5C 6C 7C", melds=[["KC KC KD KD KH KH 2C"], []], pile="KS 8C")
    after = assert_accepted(game, TakePile())
    king = meld_of(after, 0, Rank.KING)
    assert king.size == 8


def test_CL_PILE_3_no_meld_of_the_rank_is_refused_for_that_not_for_a_canasta() -> None:
    """With the house rule ``take_onto_canasta=False`` (HW-PILE-5), a canasta of another rank
    is not why the top card cannot be added: the side has no meld of its rank (CL-PILE-3)."""
    rules = RULES.with_options(take_onto_canasta=False)
    game = position("5C 6C 7C", rules=rules, melds=[[SEVEN_KINGS, "9C 9H 9S"], []], pile="QS 8C")
    assert_rejected(game, TakePile(), "CL-PILE-3")
    onto = position("5C 6C 7C", rules=rules, melds=[[SEVEN_KINGS], []], pile="KS 8C")
    assert_rejected(onto, TakePile(), "HW-PILE-5")


def test_CL_PILE_4_merged_meld_keeps_the_wild_limit() -> None:
    game = position("KS KC 2H 9C 9D 5C", melds=[["KC KD 2C 2D JK"], []], pile="KH 8C")
    assert_rejected(game, TakePile("KS 2H"), "CL-PILE-4")
    after_c = assert_accepted(game, TakePile())
    assert meld_of(after_c, 0, Rank.KING).size == 6
    after_a = assert_accepted(game, TakePile("KS KC"))
    assert meld_of(after_a, 0, Rank.KING).cards == Cards.parse("KC KC KD KH KS 2C 2D JK")


def test_CL_PILE_5_frozen_pile_needs_a_natural_pair() -> None:
    game = position("KD KS 2C 5C 6C", melds=[["KC KH KS"], []], pile="KD 2D 9C")
    assert game.table.frozen_for(0)
    assert_rejected(game, TakePile(), "CL-PILE-5")  # an existing meld does not help
    assert_rejected(game, TakePile("KD 2C"), "CL-PILE-5")  # nor does a wild card
    after = assert_accepted(game, TakePile("KD KS"))
    # Having formed the base, further cards (even wild ones) may join the meld.
    more = assert_accepted(after, AddToMeld(Rank.KING, "2C"))
    assert meld_of(more, 0, Rank.KING).cards == Cards.parse("KC KD KD KH KS KS 2C")


def test_CL_PILE_6_unopened_side_may_take_with_pair_and_minimum() -> None:
    hand, pile = "KH KS AH AS AD 9C", "KD 8C"
    game = position(hand, pile=pile)
    after = assert_accepted(game, TakePile("KH KS"))
    after = assert_accepted(after, LayMeld("AH AS AD"))
    assert assert_accepted(after, Discard(Card.parse("9C"))).to_move == 1


def test_CL_PILE_6_option_no_take_before_opening() -> None:
    house = attrs.evolve(RULES, allow_take_before_opening=False)
    hand, pile = "KH KS AH AS AD 9C", "KD 8C"
    game = position(hand, rules=house, pile=pile)
    assert_rejected(game, TakePile("KH KS"), "CL-PILE-6")
    assert list(game.legal_moves()) == [Draw()]
    opened = position(hand, rules=house, pile=pile, melds=[["QH QS QD"], []])
    assert_accepted(opened, TakePile("KH KS"))


ONE_CARD_MELDS = [[SEVEN_KINGS, "9C 9D 9H"], []]


def test_CL_PILE_7_one_card_hand_may_not_take_a_one_card_pile() -> None:
    game = position("5C", melds=ONE_CARD_MELDS, pile="9S")
    assert_rejected(game, TakePile(), "CL-PILE-7")
    # A longer pile, or a longer hand, is fine.
    assert_accepted(position("5C", melds=ONE_CARD_MELDS, pile="9S 8C"), TakePile())
    assert_accepted(position("5C 6C", melds=ONE_CARD_MELDS, pile="9S"), TakePile())


def test_CL_PILE_7_option_one_card_pile_rule_off() -> None:
    house = attrs.evolve(RULES, one_card_pile_rule=False)
    game = position("5C", rules=house, melds=ONE_CARD_MELDS, pile="9S")
    after = assert_accepted(game, TakePile())
    done = assert_accepted(after, Discard(Card.parse("5C")))
    assert (done.results[-1].end, done.results[-1].went_out) == (DealEnd.WENT_OUT, 0)


def test_CL_PILE_8_turn_continues_after_the_take() -> None:
    game = position("KH KS 5C 6C", melds=[["QH QS QD"], []], pile="KD 8C AS AD AC")
    after = assert_accepted(game, TakePile("KH KS"))
    assert (after.phase, after.to_move) == (Phase.MELD, 0)
    melded = assert_accepted(after, LayMeld("AC AD AS"))
    assert (melded.phase, melded.to_move) == (Phase.MELD, 0)
    assert not offered(melded, Pass())
    assert assert_accepted(melded, Discard(Card.parse("8C"))).to_move == 1


def test_CL_PILE_9_red_three_in_a_taken_pile_is_laid_out_not_replaced() -> None:
    game = position("8H 8C 5C 6C", melds=[["QH QS QD"], []], pile="8D 8C 3H")
    after = assert_accepted(game, TakePile("8H 8C"))
    assert after.table.red_threes[0] == Cards.parse("3H")
    assert Card.parse("3H") not in after.hand(0)
    assert after.hand(0) == Cards.parse("5C 6C 8C")
    assert after.table.stock_size == game.table.stock_size


def test_CL_PILE_10_two_player_take_replaces_the_draw() -> None:
    game = position("KH KS 5C 6C", rules=TWO, melds=[["QH QS QD"], []], pile="KD 8C")
    after = assert_accepted(game, TakePile("KH KS"))
    assert after.hand(0) == Cards.parse("5C 6C 8C")
    assert after.table.stock_size == game.table.stock_size
    assert_rejected(after, Draw(), "CL-TURN-3")


def test_CL_PILE_11_taking_is_never_compulsory_while_the_stock_has_cards() -> None:
    game = position("5C 6C 7C", melds=[["KC KD KH"], []], pile="KS 8C", draws="4S")
    assert game.is_legal(TakePile())
    drawn = assert_accepted(game, Draw())
    assert drawn.hand(0) == Cards.parse("5C 6C 7C 4S")
    assert drawn.table.pile_top == Card.parse("KS")


# --- CL-DISC ------------------------------------------------------------------------------


def test_CL_DISC_1_any_card_may_be_discarded() -> None:
    game = position("2C 3S JK 9C 5C 6C", melds=[["QH QS QD"], []], pile="8C", draws="4S")
    game = game.apply(Draw())
    for text in ("2C", "3S", "JK", "9C", "4S"):
        after = assert_accepted(game, Discard(Card.parse(text)))
        assert after.table.pile_top == Card.parse(text)
    assert_rejected(game, Discard(Card.parse("KH")), "CL-DISC-1")


def test_CL_DISC_2_discarding_a_wild_card_freezes_the_pile() -> None:
    game = position(
        "JK 5C 6C",
        "9C 7D 7S",
        "9H 2H 8D 8S",
        "4C 4D",
        melds=[["QH QS QD"], ["JH JS JD"]],
        pile="8C",
        draws="5S 6S",
    )
    game = game.apply(Draw()).apply(Discard(Card.parse("JK")))
    assert game.table.pile_frozen
    game = game.apply(Draw()).apply(Discard(Card.parse("9C")))
    assert game.table.pile_frozen
    assert game.to_move == 2
    assert_rejected(game, TakePile("9H 2H"), "CL-PILE-5")


def test_CL_DISC_3_last_card_discard_is_going_out() -> None:
    game = _seven_kings_deal("QC QD QH")
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)
    assert result.scores[0].going_out == 100
    # Without a canasta the player cannot come down to a last card to discard.
    short = position("KS", melds=[["KC KC KD KD KH"], []], pile="8C", draws="9D")
    short = short.apply(Draw())
    rule = rule_of(short, AddToMeld(Rank.KING, "KS"))
    assert rule in ("CL-TURN-8", "CL-OUT-2")
    assert not offered(short, AddToMeld(Rank.KING, "KS"))
