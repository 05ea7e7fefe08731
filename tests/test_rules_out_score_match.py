"""Rule scenarios for sections 15-18A of the Classic rules.

Going out (CL-OUT), asking permission (CL-ASK), concealed hands (CL-CONC), exhaustion of the
stock (CL-EXH), scoring a hand (CL-SCORE), the match (CL-MATCH) and the variants for two,
three, five and six players (CL-V2, CL-V3, CL-V5, CL-V6), with the RuleSet options that belong
to them. Each test is named after the rule it checks and would fail if the rule were broken.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import pytest
from internals import classic_six_player
from internals import play as play_deal
from scenario_helpers import at_deal_end, play, unplaced

import canasta
from canasta import (
    Answer,
    Ask,
    Card,
    Cards,
    DealEnd,
    Discard,
    Draw,
    Game,
    IllegalMoveError,
    Pass,
    Phase,
    Rank,
    RuleSet,
    TakePile,
    Violation,
)

CLASSIC = canasta.find_rules("classic", players=4)
TWO = canasta.find_rules("classic", players=2)
THREE = canasta.find_rules("classic", players=3)
SIX = canasta.find_rules("classic", players=6)
SIX_THREE_SIDES = classic_six_player(six_player_sides=3)

K_CANASTA = "KH KS KD KC KH KS KD"  # natural canasta of kings: 70 points + 500
Q_CANASTA = "QH QS QD QC QH QS QD"  # natural canasta of queens: 70 points + 500
J_SEVEN = "JH JS JD JC JH JS JD"  # seven natural jacks: 70 points


# --- helpers ---------------------------------------------------------------------------------


def _cards(value: Cards | str) -> Cards:
    return Cards.parse(value) if isinstance(value, str) else value


def position(
    rules: RuleSet = CLASSIC,
    *,
    hands: Sequence[str],
    melds: Sequence[Iterable[str]] | None = None,
    red_threes: Sequence[str] | None = None,
    pile: str = "",
    draws: str = "",
    dump: int | None = None,
    **kwargs: Any,
) -> Game:
    """A hand-built position whose stock yields ``draws`` first (first listed, first drawn).

    Without ``dump`` every other card lies in the stock under ``draws``. With ``dump`` the
    stock holds exactly ``draws`` and every other card goes to player ``dump``'s hand (its
    red threes to that player's side), so the pile stays small and free of wild cards.
    """
    hand_cards = [_cards(hand) for hand in hands]
    reds = [_cards(r) for r in (red_threes or [""] * rules.num_sides)]
    melds = [list(side) for side in melds] if melds is not None else None
    if dump is None:
        return Game.from_position(
            rules, hands=hand_cards, melds=melds, red_threes=reds, pile=pile, draws=draws, **kwargs
        )
    drawn = [Card.parse(word) for word in draws.split()]
    rest = unplaced(rules, [Cards.parse(pile), Cards.of(drawn), *hand_cards, *reds], melds)
    hand_cards[dump] = hand_cards[dump] + [c for c in rest if not c.is_red_three]
    side = dump % rules.num_sides
    reds[side] = reds[side] + [c for c in rest if c.is_red_three]
    return Game.from_position(
        rules,
        hands=hand_cards,
        melds=melds,
        red_threes=reds,
        pile=pile,
        stock=drawn,
        **kwargs,
    )


def rejected(game: Game, move: str | canasta.Move) -> str:
    """The rule that rejects ``move``; checks that apply() raises it and the generator agrees."""
    if isinstance(move, str):
        move = canasta.parse_move(move)
    violation = game.explain(move)
    assert violation is not None, f"{move} should be illegal"
    with pytest.raises(IllegalMoveError) as info:
        game.apply(move)
    assert info.value.rule == violation.rule
    assert move not in list(game.legal_moves())
    return violation.rule


def accepted(game: Game, move: str | canasta.Move, *, generated: bool = True) -> Game:
    """Apply a legal move, checking that explain() agrees and (optionally) the generator too."""
    if isinstance(move, str):
        move = canasta.parse_move(move)
    assert game.explain(move) is None, game.explain(move)
    if generated:
        assert move in list(game.legal_moves())
    return game.apply(move)


# Position A (4 players): side 0 (players 0 and 2) holds a natural canasta of kings; player 0
# will draw the 5S and can go out by melding four fives and discarding the 9S.
A_HANDS = ["5C 5D 5H 9S", "6C 6D 6H", "4C 4D", "7C 7D 7H"]


def position_a(rules: RuleSet = CLASSIC, **kwargs: Any) -> Game:
    kwargs.setdefault("melds", [[K_CANASTA], []])
    kwargs.setdefault("hands", A_HANDS)
    kwargs.setdefault("pile", "8C")
    kwargs.setdefault("melded_players", [2])
    return position(rules, draws="5S", **kwargs)


def went_out_a(rules: RuleSet = CLASSIC, **kwargs: Any) -> Game:
    """Position A played to its end: player 0 goes out (not concealed).

    Side 0 scores 90 melded (70 + 20) + 500 + 100 - 10 (the 4C 4D of player 2) = 680 plus red
    threes; side 1 scores its melds - 30 (the sixes and sevens still held) plus red threes.
    """
    return play(position_a(rules, **kwargs), "draw", "meld 5C 5D 5H 5S", "discard 9S")


# Position C (4 players): player 0 holds seven jacks and three fives and has not melded; after
# drawing the 9S the whole hand goes down in one turn: a concealed going out.
C_HANDS = [J_SEVEN + " 5C 5D 5H", "6C 6D 6H", "4C 4D", "7C 7D 7H"]


def concealed_c(rules: RuleSet = CLASSIC, **kwargs: Any) -> Game:
    kwargs.setdefault("hands", C_HANDS)
    kwargs.setdefault("draws", "9S")
    game = position(rules, pile="8C", **kwargs)
    return play(game, "draw", "meld " + J_SEVEN, "meld 5C 5D 5H", "discard 9S")


def play_out_deal_without_melding(game: Game) -> Game:
    """Draw and discard (never meld) until the current deal ends; the next deal is dealt."""
    number = game.deal_number
    while not game.is_over and game.deal_number == number:
        if game.phase is Phase.OVER:
            game = at_deal_end(game)
        elif game.phase is Phase.DRAW:
            if game.table.stock_size:
                game = game.apply(Draw())
            elif game.is_legal(Pass()):
                game = game.apply(Pass())
            else:  # pragma: no cover - nobody melds, so no take is ever forced
                game = game.apply(next(iter(game.legal_moves())))
        else:
            player = game.to_move
            assert player is not None
            game = game.apply(Discard(next(iter(game.hand(player)))))
    return game


def holders(game: Game) -> list[int]:
    return [p for p in range(game.rules.num_players) if len(game.hand(p))]


# --- CL-OUT: going out -----------------------------------------------------------------------


def test_CL_OUT_1_going_out_by_melding_all_but_one_and_discarding_it() -> None:
    game = play(position_a(), "draw")
    game = accepted(game, "meld 5C 5D 5H 5S")
    assert game.hand(0) == Cards.parse("9S")
    game = accepted(game, "discard 9S")
    result = game.results[-1]
    assert (result.end, result.went_out, result.concealed) == (DealEnd.WENT_OUT, 0, False)


def test_CL_OUT_1_going_out_by_melding_every_card_without_a_discard() -> None:
    game = play(position_a(hands=["5C 5D 5H", "6C 6D 6H", "4C 4D", "7C 7D 7H"]), "draw")
    game = accepted(game, "meld 5C 5D 5H 5S")
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)
    assert result.scores[0].meld_points == 70 + 20


def test_CL_OUT_2_going_out_needs_a_canasta() -> None:
    game = position_a(
        melds=[["KH KS KD KC KH"], []], hands=["5C 5D 5H", "6C 6D 6H", "4C 4D", "7C 7D 7H"]
    )
    game = play(game, "draw")
    assert rejected(game, "meld 5C 5D 5H 5S") == "CL-OUT-2"


def test_CL_OUT_2_canasta_may_be_completed_in_the_going_out_turn() -> None:
    # Side 0 has five kings; player 0 adds two more (a mixed canasta) and goes out.
    game = position(
        hands=["KH KS 2C 5C 5D 5H", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[["KH KS KD KC KD"], []],
        pile="8C",
        draws="9S",
        melded_players=[0],
    )
    game = play(game, "draw")
    game = accepted(game, "add K KH KS")
    game = accepted(game, "meld 5C 5D 5H 2C", generated=False)
    game = accepted(game, "discard 9S")
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.scores[0].canasta_bonus == 500
    assert result.scores[0].going_out == 100


def test_CL_OUT_3_going_out_ends_the_hand_and_other_hands_count_minus() -> None:
    game = went_out_a()
    result = game.results[-1]
    # The remaining players got no further turn: their cards are exactly as dealt.
    assert result.scores[1].hand_penalty == -(
        Cards.parse("6C 6D 6H").points + Cards.parse("7C 7D 7H").points
    )
    assert result.scores[0].hand_penalty == -Cards.parse("4C 4D").points  # the partner's cards
    game = at_deal_end(game, "CL-OUT-3")
    assert game.deal_number == 1  # the next deal has begun
    assert game.phase is Phase.DRAW
    assert all(len(game.hand(p)) == 11 for p in range(4))


def test_CL_OUT_4_going_out_scores_100_for_the_side() -> None:
    result = went_out_a().results[-1]
    assert [s.going_out for s in result.scores] == [100, 0]
    assert result.concealed is False


def test_CL_OUT_5_going_out_is_never_compulsory() -> None:
    game = play(position_a(), "draw")  # 5C 5D 5H 5S 9S: could go out, need not
    game = accepted(game, "meld 5C 5D 5H")
    game = accepted(game, "discard 9S")
    assert game.results == ()
    assert (game.to_move, game.phase) == (1, Phase.DRAW)
    assert game.hand(0) == Cards.parse("5S")


# --- CL-ASK: asking permission ---------------------------------------------------------------


def test_CL_ASK_1_asking_is_optional_by_default() -> None:
    game = play(position_a(), "draw")
    assert Ask() in list(game.legal_moves())
    game = accepted(game, "meld 5C 5D 5H 5S")
    game = accepted(game, "discard 9S")
    assert game.results[-1].went_out == 0


def test_CL_ASK_1_option_mandatory_going_out_needs_a_yes() -> None:
    rules = attrs.evolve(CLASSIC, ask_permission="mandatory")
    hands = ["5C 5D 5H", "6C 6D 6H", "4C 4D", "7C 7D 7H"]
    game = play(position_a(rules, hands=hands), "draw")
    assert rejected(game, "meld 5C 5D 5H 5S") == "CL-ASK-1"
    game = accepted(game, Ask())
    game = accepted(game, Answer(True))
    game = accepted(game, "meld 5C 5D 5H 5S")
    assert game.results[-1].went_out == 0


def test_CL_ASK_1_option_disabled_no_question_but_going_out_still_allowed() -> None:
    rules = attrs.evolve(CLASSIC, ask_permission="disabled")
    game = play(position_a(rules), "draw")
    assert rejected(game, Ask()) == "CL-ASK-1"
    game = play(game, "meld 5C 5D 5H 5S", "discard 9S")
    assert game.results[-1].went_out == 0


def test_CL_ASK_2_question_after_acquisition_goes_to_the_partner() -> None:
    game = play(position_a(), "draw")
    game = accepted(game, Ask())
    assert game.phase is Phase.ANSWER
    assert game.to_move == 2  # the partner answers
    assert list(game.legal_moves()) == [Answer(True), Answer(False)]


def test_CL_ASK_2_engine_refuses_the_question_before_acquisition() -> None:
    # Deliberate engine choice: the question is accepted only after drawing or taking.
    assert rejected(position_a(), Ask()) == "CL-ASK-2"


def test_CL_ASK_2_not_after_melding_in_the_turn() -> None:
    game = play(position_a(), "draw", "meld 5C 5D 5H")  # 5S 9S left: could still go out
    assert rejected(game, Ask()) == "CL-ASK-2"


def test_CL_ASK_2_allowed_after_melding_only_the_pile_take() -> None:
    game = position(
        hands=["9C 9D 5C 5D 5H 6S", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[[K_CANASTA], []],
        pile="9H 5S",
        melded_players=[2],
    )
    game = accepted(game, "take 9C 9D")
    game = accepted(game, Ask())
    assert game.phase is Phase.ANSWER


def test_CL_ASK_2_at_most_once_per_turn() -> None:
    game = play(position_a(), "draw", "ask", "no")
    assert rejected(game, Ask()) == "CL-ASK-2"
    game = play(position_a(), "draw", "ask", "yes")
    assert rejected(game, Ask()) == "CL-ASK-2"


def test_CL_ASK_2_engine_refuses_the_question_when_going_out_is_impossible() -> None:
    # Library clarification (section 22): no canasta, so no going-out line, so no question.
    game = play(position_a(melds=[["KH KS KD"], []]), "draw")
    assert rejected(game, Ask()) == "CL-ASK-2"


def test_CL_ASK_2_engine_refuses_the_question_when_a_no_would_leave_no_legal_turn() -> None:
    # Deliberate engine choice: one card left after the take, so "no" could not be obeyed.
    rules = attrs.evolve(CLASSIC, one_card_pile_rule=False)
    game = position(
        rules, hands=["5C", "6C 6D 6H", "4C 4D", "7C 7D 7H"], melds=[[K_CANASTA], []], pile="KC"
    )
    game = accepted(game, TakePile())
    assert rejected(game, Ask()) == "CL-ASK-2"
    game = accepted(game, "discard 5C")  # going out without asking is fine
    assert game.results[-1].went_out == 0


def test_CL_ASK_3_partner_must_answer_before_anything_else() -> None:
    game = play(position_a(), "draw", "ask")
    assert rejected(game, "discard 9S") == "CL-ASK-3"
    assert rejected(game, "meld 5C 5D 5H 5S") == "CL-ASK-3"
    with pytest.raises(IllegalMoveError) as info:
        game.apply(Answer(True), player=0)  # the asker cannot answer himself
    assert info.value.rule == "CL-ASK-3"
    assert game.is_legal(Answer(True), player=2)


def test_CL_ASK_3_answer_without_a_question_is_illegal() -> None:
    assert rejected(position_a(), Answer(True)) == "CL-ASK-3"
    assert rejected(play(position_a(), "draw"), Answer(False)) == "CL-ASK-3"


def test_CL_ASK_3_yes_binds_the_asker_to_go_out() -> None:
    game = play(position_a(), "draw", "ask", "yes")
    assert game.to_move == 0
    assert game.phase is Phase.MELD
    assert rejected(game, "discard 9S") == "CL-ASK-3"
    assert not any(isinstance(m, Discard) for m in game.legal_moves())
    game = accepted(game, "meld 5C 5D 5H")
    assert rejected(game, "discard 5S") == "CL-ASK-3"
    game = accepted(game, "add 5 5S")
    game = accepted(game, "discard 9S")
    assert game.results[-1].went_out == 0


def test_CL_ASK_3_no_forbids_going_out_this_turn() -> None:
    hands = ["5C 5D 5H", "6C 6D 6H", "4C 4D", "7C 7D 7H"]
    game = play(position_a(hands=hands), "draw", "ask", "no")
    assert rejected(game, "meld 5C 5D 5H 5S") == "CL-ASK-3"
    game = accepted(game, "discard 5S")
    assert game.results == ()
    assert game.to_move == 1


def test_CL_ASK_3_after_no_the_asker_keeps_two_cards_CL_TURN_8() -> None:
    game = play(position_a(), "draw", "ask", "no")
    assert rejected(game, "meld 5C 5D 5H 5S") == "CL-TURN-8"  # would leave only the 9S
    game = accepted(game, "meld 5C 5D 5H")
    game = accepted(game, "discard 9S")
    assert game.results == ()
    assert game.hand(0) == Cards.parse("5S")


def test_CL_ASK_4_no_asking_in_individual_play() -> None:
    two = position(
        TWO, hands=["5C 5D 5H 9S", "6C 6D 6H"], melds=[[K_CANASTA, Q_CANASTA], []], draws="5S 9H"
    )
    assert rejected(play(two, "draw"), Ask()) == "CL-ASK-4"
    three = position(
        THREE,
        hands=["5C 5D 5H 9S", "6C 6D 6H", "7C 7D 7H"],
        melds=[[K_CANASTA], [], []],
        draws="5S",
    )
    assert rejected(play(three, "draw"), Ask()) == "CL-ASK-4"


def test_CL_ASK_4_mandatory_option_does_not_block_individual_players() -> None:
    rules = attrs.evolve(TWO, ask_permission="mandatory")
    game = position(
        rules, hands=["5C 5D", "6C 6D 6H"], melds=[[K_CANASTA, Q_CANASTA], []], draws="5H 5S"
    )
    game = play(game, "draw")
    game = accepted(game, "meld 5C 5D 5H 5S")
    assert game.results[-1].went_out == 0


# --- CL-CONC: concealed going out ------------------------------------------------------------


def test_CL_CONC_1_whole_hand_in_one_turn_with_a_final_discard_is_concealed() -> None:
    result = concealed_c().results[-1]
    assert (result.end, result.went_out, result.concealed) == (DealEnd.WENT_OUT, 0, True)
    side = result.scores[0]
    assert (side.meld_points, side.canasta_bonus, side.going_out) == (85, 500, 200)


def test_CL_CONC_1_whole_hand_without_a_discard_is_concealed() -> None:
    game = position(hands=[J_SEVEN + " 5C 5D", *C_HANDS[1:]], pile="8C", draws="5H")
    game = play(game, "draw", "meld " + J_SEVEN, "meld 5C 5D 5H")
    assert game.results[-1].concealed is True
    assert game.results[-1].scores[0].going_out == 200


def test_CL_CONC_1_player_who_melded_earlier_is_not_concealed() -> None:
    game = concealed_c(melds=[["QH QS QD"], []], melded_players=[0])
    assert game.results[-1].concealed is False
    assert game.results[-1].scores[0].going_out == 100


def test_CL_CONC_1_adding_to_the_partners_meld_spoils_concealed() -> None:
    game = position(
        hands=[J_SEVEN + " QC QD", *C_HANDS[1:]],
        melds=[["QH QS QD"], []],
        melded_players=[2],
        pile="8C",
        draws="9S",
    )
    game = play(game, "draw", "meld " + J_SEVEN, "add Q QC QD", "discard 9S")
    result = game.results[-1]
    assert (result.went_out, result.concealed) == (0, False)
    assert result.scores[0].going_out == 100


def test_CL_CONC_1_canasta_must_be_among_the_melds_laid_that_turn() -> None:
    # The partner's canasta lets player 0 go out, but his own melds hold no canasta.
    game = position(
        hands=["5C 5D 5H 6C 6D 6H", "6S 6S 6H", "4C 4D", "7C 7D 7H"],
        melds=[[K_CANASTA], []],
        melded_players=[2],
        pile="8C",
        draws="9S",
    )
    game = play(game, "draw", "meld 5C 5D 5H", "meld 6C 6D 6H", "discard 9S")
    result = game.results[-1]
    assert (result.went_out, result.concealed) == (0, False)
    assert result.scores[0].going_out == 100


def test_CL_CONC_1_option_no_discard_makes_a_discarding_out_not_concealed() -> None:
    rules = attrs.evolve(CLASSIC, concealed_allows_discard=False)
    game = concealed_c(rules, melds=[["QH QS QD"], []], melded_players=[2])
    assert game.results[-1].went_out == 0
    assert game.results[-1].concealed is False
    assert game.results[-1].scores[0].going_out == 100


def test_CL_CONC_1_option_no_discard_still_concealed_when_every_card_is_melded() -> None:
    rules = attrs.evolve(CLASSIC, concealed_allows_discard=False)
    game = position(rules, hands=[J_SEVEN + " 5C 5D", *C_HANDS[1:]], pile="8C", draws="5H")
    game = play(game, "draw", "meld " + J_SEVEN, "meld 5C 5D 5H")
    assert game.results[-1].concealed is True
    assert game.results[-1].scores[0].going_out == 200


def test_CL_CONC_1_option_no_discard_below_minimum_cannot_go_out_with_a_discard() -> None:
    # Unopened side, minimum 120: 85 points is enough only for a concealed out, and with
    # concealed_allows_discard=False a final discard is not concealed.
    rules = attrs.evolve(CLASSIC, concealed_allows_discard=False)
    game = play(position(rules, hands=C_HANDS, pile="8C", draws="9S", scores=[3000, 0]), "draw")
    assert rejected(game, "meld " + J_SEVEN) in ("CL-INIT-1", "CL-CONC-1", "CL-CONC-4")


@pytest.mark.parametrize("total", [100, 200, 300])
def test_CL_CONC_2_concealed_bonus_total(total: int) -> None:
    rules = attrs.evolve(CLASSIC, concealed_bonus_total=total)
    result = concealed_c(rules).results[-1]
    assert result.concealed is True
    assert result.scores[0].going_out == total
    assert result.scores[0].total == 85 + 500 + total - 10


def test_CL_CONC_2_concealed_bonus_option_leaves_ordinary_out_at_100() -> None:
    rules = attrs.evolve(CLASSIC, concealed_bonus_total=300)
    assert went_out_a(rules).results[-1].scores[0].going_out == 100


def test_CL_CONC_3_red_threes_laid_out_do_not_spoil_concealed() -> None:
    # A dealt red three on the table, and a red three drawn (and replaced) in the same turn.
    game = position(hands=C_HANDS, red_threes=["3H", ""], pile="8C", draws="3D 9S")
    game = play(game, "draw")
    assert game.table.red_threes[0] == Cards.parse("3H 3D")
    game = play(game, "meld " + J_SEVEN, "meld 5C 5D 5H", "discard 9S")
    result = game.results[-1]
    assert result.concealed is True
    assert result.scores[0].going_out == 200
    assert result.scores[0].red_threes == 200


def test_CL_CONC_3_partner_having_melded_does_not_spoil_concealed() -> None:
    game = concealed_c(melds=[["QH QS QD"], []], melded_players=[2])
    assert game.results[-1].concealed is True
    assert game.results[-1].scores[0].going_out == 200


def test_CL_CONC_4a_concealed_out_after_drawing_needs_no_minimum() -> None:
    # Minimum 120 (score 3000); the concealed hand melds only 85.
    game = concealed_c(scores=[3000, 0])
    result = game.results[-1]
    assert result.concealed is True
    assert result.scores[0].meld_points == 85


def test_CL_CONC_4a_option_always_demands_the_minimum_after_drawing_too() -> None:
    rules = attrs.evolve(CLASSIC, concealed_min_rule="always")
    game = play(position(rules, hands=C_HANDS, pile="8C", draws="9S", scores=[3000, 0]), "draw")
    assert rejected(game, "meld " + J_SEVEN) in ("CL-INIT-1", "CL-CONC-4")


def test_CL_CONC_4_partner_opened_so_no_minimum_even_under_always() -> None:
    rules = attrs.evolve(CLASSIC, concealed_min_rule="always")
    game = concealed_c(rules, melds=[["QH QS QD"], []], melded_players=[2], scores=[3000, 0])
    assert game.results[-1].concealed is True


# Player 0 takes a one-card pile (the 4D) with two fours, completes a canasta of fours and
# goes out concealed with 50 points: below the minimum of 120 (score 3000).
B_HANDS = ["4C 4C 4H 4H 4S 4S 5C 5D 5H 9S", "6C 6D 6H", "8C 8D", "7C 7D 7H"]
B_MOVES = ("take 4C 4C", "add 4 4H 4H 4S 4S", "meld 5C 5D 5H", "discard 9S")


def test_CL_CONC_4b_concealed_out_after_taking_the_pile_needs_the_minimum() -> None:
    game = position(hands=B_HANDS, pile="4D", scores=[3000, 0])
    assert rejected(game, "take 4C 4C") == "CL-PILE-6"


def test_CL_CONC_4_option_never_exempts_a_pile_taking_concealed_out() -> None:
    rules = attrs.evolve(CLASSIC, concealed_min_rule="never")
    game = position(rules, hands=B_HANDS, pile="4D", scores=[3000, 0])
    game = play(game, *B_MOVES)
    result = game.results[-1]
    assert (result.went_out, result.concealed) == (0, True)
    assert result.scores[0].meld_points == 50
    assert result.scores[0].going_out == 200


def test_CL_CONC_4b_pile_taking_concealed_out_reaching_the_minimum_is_legal() -> None:
    game = position(hands=B_HANDS, pile="4D", scores=[0, 0])  # minimum 50, 50 melded
    game = play(game, *B_MOVES)
    assert game.results[-1].concealed is True


def test_CL_CONC_5_taking_the_pile_in_the_concealed_turn() -> None:
    game = position(
        hands=["JH JS JC JH JS JC 5C 5D 5H", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[["QH QS QD"], []],
        melded_players=[2],
        pile="JD 5S",
    )
    game = accepted(game, "take JC JC")
    game = accepted(game, "add J JH JH JS JS")
    game = accepted(game, "meld 5C 5D 5H 5S")
    result = game.results[-1]
    assert (result.went_out, result.concealed) == (0, True)
    assert result.scores[0].going_out == 200


# --- CL-EXH: exhaustion of the stock ---------------------------------------------------------


def test_CL_EXH_1_red_three_as_last_stock_card_ends_the_hand_at_once() -> None:
    game = position(
        hands=["5C 5D 5H 9S", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[["KH KS KD"], []],
        pile="8C",
        draws="3H",
        dump=3,
    )
    game = accepted(game, Draw())
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.went_out is None
    side = result.scores[0]
    assert side.red_threes == 100  # the 3H counts for side 0, which has opened
    assert side.meld_points == 30  # no meld was made after the draw
    assert side.hand_penalty == -(Cards.parse("5C 5D 5H 9S 4C 4D").points)
    assert side.going_out == 0
    game = at_deal_end(game, "CL-EXH-1")
    assert game.deal_number == 1


def test_CL_EXH_1_red_three_as_last_replacement_card_ends_the_hand() -> None:
    game = position(
        hands=["5C 5D 5H 9S", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[["KH KS KD"], []],
        pile="8C",
        draws="3H 3D",
        dump=3,
    )
    game = accepted(game, Draw())
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.scores[0].red_threes == 200
    assert result.scores[0].hand_penalty == -(Cards.parse("5C 5D 5H 9S 4C 4D").points)


def test_CL_EXH_1_option_last_red_three_may_meld_but_not_discard() -> None:
    rules = attrs.evolve(CLASSIC, last_red_three_may_meld=True)
    game = position(
        rules,
        hands=["5C 5D 5H 9S 4H", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[["KH KS KD"], []],
        pile="8C",
        draws="3H",
        dump=3,
    )
    game = accepted(game, Draw())
    assert game.phase is Phase.MELD
    assert game.results == ()
    assert game.table.red_threes[0] == Cards.parse("3H")
    game = accepted(game, "meld 5C 5D 5H")
    assert rejected(game, "discard 9S") == "CL-EXH-1"
    game = accepted(game, Pass())
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.scores[0].meld_points == 30 + 15
    assert result.scores[0].hand_penalty == -(Cards.parse("9S 4H 4C 4D").points)


def test_CL_B3_3_no_black_threes_after_the_last_red_three() -> None:
    """With ``last_red_three_may_meld`` the player who drew the last red three may meld but
    may not discard, and the hand ends with the pass (CL-EXH-1): that turn cannot go out, so
    black threes, which oblige the player to go out, may not be melded in it, though the
    side has its canasta; nor may a player who must go out pass."""
    rules = attrs.evolve(CLASSIC, last_red_three_may_meld=True)
    game = position(
        rules,
        hands=["3S 3S 3C 9S 9H 9D", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[["KH KS KD KC KH KS KD"], []],
        pile="8C",
        draws="3H",
        dump=3,
    )
    game = accepted(game, Draw())
    assert rejected(game, "meld 3S 3S 3C") == "CL-B3-3"
    game = accepted(game, "meld 9S 9H 9D")
    assert game.deal.draft.no_discard
    forced = game.deal.replace(draft=game.deal.draft.replace(black_threes=True))
    problem = play_deal(forced, Pass())
    assert isinstance(problem, Violation)
    assert problem.rule == "CL-B3-3"


def test_CL_EXH_2_last_stock_card_not_a_red_three_turn_goes_on_normally() -> None:
    game = position(
        hands=["5C 5D 5H 9S", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[["KH KS KD"], []],
        pile="8C",
        draws="9H",
        dump=3,
    )
    game = accepted(game, Draw())
    assert game.table.stock_size == 0
    assert game.phase is Phase.MELD
    game = accepted(game, "meld 5C 5D 5H")
    game = accepted(game, "discard 9S")
    # Player 1 cannot take the pile (no pair of nines, side not opened): the deal ends.
    result = game.results[-1]
    assert result.end is DealEnd.STOCK_EXHAUSTED
    assert result.scores[0].meld_points == 30 + 15


def test_CL_EXH_2_player_drawing_the_last_card_may_go_out() -> None:
    game = position_a(dump=3)
    game = play(game, "draw")
    assert game.table.stock_size == 0
    game = play(game, "meld 5C 5D 5H 5S", "discard 9S")
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)
    assert result.scores[0].going_out == 100


# Empty stock, player 1 to move; the pile (9H on 4C) is unfrozen and its top card fits side 1's
# meld of nines, so the take is compulsory. All remaining cards are in player 3's hand.
def exhausted_nines(rules: RuleSet = CLASSIC, **kwargs: Any) -> Game:
    kwargs.setdefault("hands", ["5C 5D", "5H 6D KH", "6C 6S", "7C 7D 7H"])
    kwargs.setdefault("melds", [[], ["9C 9D 9S"]])
    kwargs.setdefault("pile", "9H 4C")
    return position(rules, dump=3, to_move=1, **kwargs)


def test_CL_EXH_3_take_is_compulsory_when_the_top_card_fits_a_meld() -> None:
    game = exhausted_nines()
    assert not game.table.pile_frozen
    assert game.table.stock_size == 0
    assert rejected(game, Pass()) == "CL-EXH-3"
    assert rejected(game, Draw()) == "CL-EXH-3"
    assert list(game.legal_moves()) == [TakePile()]
    game = accepted(game, TakePile())
    assert game.hand(1) == Cards.parse("4C 5H 6D KH")


def test_CL_EXH_3_option_take_not_forced() -> None:
    rules = attrs.evolve(CLASSIC, forced_take_when_exhausted=False)
    game = exhausted_nines(rules)
    assert TakePile() in list(game.legal_moves())
    game = accepted(game, Pass())
    assert game.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_CL_EXH_3_take_for_a_new_meld_is_optional_and_declining_ends_the_hand() -> None:
    game = exhausted_nines(
        hands=["5C 5D", "9H 9D KH", "6C 6S", "7C 7D 7H"], melds=[[], ["QH QS QD"]]
    )
    moves = list(game.legal_moves())
    assert TakePile("9D 9H") in moves
    assert Pass() in moves
    assert Draw() not in moves
    assert game.is_legal(TakePile("9D 9H"))
    game = accepted(game, Pass())
    result = game.results[-1]
    assert result.end is DealEnd.STOCK_EXHAUSTED
    assert [s.going_out for s in result.scores] == [0, 0]


def test_CL_EXH_3_frozen_pile_is_not_a_forced_take() -> None:
    # A joker in the pile freezes it: a meld of nines no longer lets side 1 take it.
    game = exhausted_nines(pile="9H 4C JK")
    assert game.table.pile_frozen
    assert rejected(game, TakePile()) == "CL-PILE-5"
    game = accepted(game, Pass())
    assert game.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_CL_EXH_3_one_card_rule_makes_the_take_not_compulsory() -> None:
    game = exhausted_nines(hands=["5C 5D", "KH", "6C 6S", "7C 7D 7H"], pile="9H")
    assert rejected(game, TakePile()) == "CL-PILE-7"
    game = accepted(game, Pass())
    assert game.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_CL_EXH_3_hand_ends_when_the_next_player_cannot_take() -> None:
    game = play(exhausted_nines(), "take", "discard KH")
    # Player 2 holds no kings and side 0 has no meld: nobody can take, the deal is over.
    result = game.results[-1]
    assert result.end is DealEnd.STOCK_EXHAUSTED
    game = at_deal_end(game, "CL-EXH-3")
    assert game.deal_number == 1


def test_CL_EXH_4_taker_completes_the_turn_and_play_passes_on() -> None:
    game = exhausted_nines(
        hands=["5C 5D", "5H 6D KH", "KC KD 6C 6D", "7C 7D 7H"], melds=[["QH QS QD"], ["9C 9D 9S"]]
    )
    game = accepted(game, TakePile())
    game = accepted(game, "discard KH")
    assert game.results == ()
    assert (game.to_move, game.phase) == (2, Phase.DRAW)
    moves = list(game.legal_moves())
    assert TakePile("KC KD") in moves
    assert Pass() in moves
    assert Draw() not in moves


def test_CL_EXH_5_no_going_out_bonus_when_the_stock_runs_out() -> None:
    game = play(exhausted_nines(), "take", "discard KH")
    result = game.results[-1]
    assert result.end is DealEnd.STOCK_EXHAUSTED
    assert result.went_out is None
    side1 = result.scores[1]
    assert side1.going_out == 0
    assert side1.meld_points == 40  # the nines with the 9H; everything else scored normally
    held_by_player_3 = exhausted_nines().hand(3).points
    assert side1.hand_penalty == -(Cards.parse("4C 5H 6D").points + held_by_player_3)
    assert side1.red_threes == 800  # all four red threes lie with side 1, which has opened
    assert result.scores[0].going_out == 0


def test_CL_EXH_5_going_out_with_an_empty_stock_scores_the_bonus() -> None:
    game = position(
        hands=["5C 5D 5H 4H", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[[K_CANASTA, "9C 9D 9S"], []],
        pile="9H 5S",
        dump=1,
    )
    assert game.table.stock_size == 0
    game = accepted(game, TakePile())
    game = accepted(game, "meld 5C 5D 5H 5S")
    game = accepted(game, "discard 4H")
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)
    assert result.scores[0].going_out == 100


def test_CL_EXH_6_default_whole_pile_is_taken() -> None:
    game = exhausted_nines(pile="9H 5C 4C")
    game = accepted(game, TakePile())
    assert game.table.pile_size == 0
    assert game.hand(1) == Cards.parse("4C 5C 5H 6D KH")


def test_CL_EXH_6_option_top_card_only() -> None:
    rules = attrs.evolve(CLASSIC, exhausted_take="top_card_only")
    game = exhausted_nines(rules, pile="9H 5C 4C")
    game = accepted(game, TakePile())
    assert game.hand(1) == Cards.parse("5H 6D KH")  # nothing from the pile came to the hand
    assert game.table.pile_size == 2
    assert game.table.pile_top == Card.parse("5C")
    nines = next(m for m in game.table.melds[1] if m.rank is Rank.NINE)
    assert nines.size == 4


def test_CL_EXH_6_top_card_only_does_not_apply_while_the_stock_has_cards() -> None:
    rules = attrs.evolve(CLASSIC, exhausted_take="top_card_only")
    game = exhausted_nines(rules, pile="9H 5C 4C", draws="8S")
    game = accepted(game, TakePile())
    assert game.table.pile_size == 0
    assert game.hand(1) == Cards.parse("4C 5C 5H 6D KH")


def test_CL_EXH_7_two_players_single_card_left_draw_it_and_play_on() -> None:
    game = position(
        TWO,
        hands=["5C 5D 5H 9S", "6C 6D 6H"],
        melds=[["KH KS KD"], []],
        pile="8C",
        draws="9H",
        dump=1,
    )
    game = accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 5D 5H 9H 9S")
    assert game.table.stock_size == 0
    assert game.phase is Phase.MELD
    game = accepted(game, "meld 5C 5D 5H")
    game = accepted(game, "discard 9S")
    assert game.results == ()
    assert (game.to_move, game.phase) == (1, Phase.DRAW)
    assert rejected(game, Draw()) == "CL-EXH-3"


# --- CL-SCORE: scoring a hand ----------------------------------------------------------------


def test_CL_SCORE_1_both_sides_are_scored() -> None:
    result = went_out_a(melds=[[K_CANASTA], ["AH AS AD"]], red_threes=["3D", "3H"]).results[-1]
    assert len(result.scores) == 2
    assert [s.side for s in result.scores] == [0, 1]
    side1 = result.scores[1]
    assert (side1.meld_points, side1.red_threes, side1.hand_penalty) == (60, 100, -30)
    assert side1.total == 130


def test_CL_SCORE_2_every_component_of_the_formula() -> None:
    result = went_out_a(red_threes=["3D", "3H 3H"]).results[-1]
    side0, side1 = result.scores
    assert (
        side0.meld_points,
        side0.canasta_bonus,
        side0.red_threes,
        side0.going_out,
        side0.hand_penalty,
    ) == (90, 500, 100, 100, -10)
    assert side0.total == 90 + 500 + 100 + 100 - 10
    # Side 1 never melded: its red threes count minus.
    assert (side1.meld_points, side1.canasta_bonus, side1.red_threes, side1.going_out) == (
        0,
        0,
        -200,
        0,
    )
    assert side1.hand_penalty == -30
    assert side1.total == -230
    assert result.totals == (780, -230)
    assert all(s.total % 5 == 0 for s in result.scores)


def test_CL_SCORE_2_wild_cards_and_black_threes_at_their_values() -> None:
    # Melded: mixed kings with a joker and a two; left in hand: a joker, a two and a black three.
    game = position(
        hands=["5C 5D 5H 9S", "6C 6D JK", "2H 3S", "7C 7D 7H"],
        melds=[["KH KS KD KC KH JK 2C"], []],
        pile="8C",
        draws="5S",
    )
    game = play(game, "draw", "meld 5C 5D 5H 5S", "discard 9S")
    side0, side1 = game.results[-1].scores
    assert side0.meld_points == 50 + 50 + 20 + 20
    assert side0.canasta_bonus == 300
    assert side0.hand_penalty == -(20 + 5)
    assert side1.hand_penalty == -(5 + 5 + 50 + 15)


def test_CL_SCORE_3_hand_and_cumulative_scores_may_be_negative() -> None:
    game = went_out_a(red_threes=["", "3H 3D"], scores=[0, 100])
    result = game.results[-1]
    assert result.scores[1].total == -200 - 30
    assert game.scores == (680, 100 - 230)
    assert game.scores[1] < 0


def test_CL_SCORE_4_melds_without_a_canasta_still_count_plus() -> None:
    result = went_out_a(melds=[[K_CANASTA], ["AH AS AD", "QH QS 2D"]]).results[-1]
    side1 = result.scores[1]
    assert side1.canasta_bonus == 0
    assert side1.meld_points == 60 + 20 + 20
    assert side1.total == 100 - 30


def test_CL_SCORE_5_pile_and_stock_score_nothing() -> None:
    plain = went_out_a(pile="8C").results[-1]
    loaded = went_out_a(pile="QD AS AH 2C JK JK").results[-1]
    assert plain.scores == loaded.scores


def test_CL_SCORE_6_components_are_reported_apart() -> None:
    side = went_out_a().results[-1].scores[0]
    parts = (side.meld_points, side.canasta_bonus, side.red_threes, side.going_out)
    assert parts == (90, 500, 0, 100)
    assert side.hand_penalty == -10
    assert side.total == sum(parts) + side.hand_penalty


def test_CL_SCORE_7_worked_example_580() -> None:
    # Side 0 has a mixed canasta of kings (5 kings and two twos: 90) and three queens (30).
    # Player 0, who melded earlier, adds a king and two queens and lays three jacks: 180
    # points melded in all, one mixed canasta, no red threes, going out not concealed.
    game = position(
        hands=["KS QC QD JH JS JD", "6C 6D 6H", "4C 4D", "7C 7D 7H"],
        melds=[["KH KS KD KC KH 2C 2D", "QH QS QD"], []],
        melded_players=[0, 2],
        pile="8C",
        draws="9S",
    )
    game = play(game, "draw", "add K KS", "add Q QC QD", "meld JH JS JD")
    game = accepted(game, "discard 9S")
    result = game.results[-1]
    assert (result.end, result.went_out, result.concealed) == (DealEnd.WENT_OUT, 0, False)
    side = result.scores[0]
    assert side.meld_points == 180
    assert side.canasta_bonus == 300
    assert side.red_threes == 0
    assert side.going_out == 100
    assert side.meld_points + side.canasta_bonus + side.red_threes + side.going_out == 580
    assert side.hand_penalty == -10  # the partner's 4C 4D
    assert side.total == 570
    assert game.scores[0] == 570


# --- CL-MATCH: the match ---------------------------------------------------------------------


def test_CL_MATCH_1_match_ends_when_a_side_reaches_5000() -> None:
    game = went_out_a(scores=[4900, 0])
    assert game.is_over
    assert game.scores == (4900 + 680, -30)
    assert game.winner == 0
    assert game.to_move is None
    assert list(game.legal_moves()) == []
    assert len(game.results) == 1
    with pytest.raises(IllegalMoveError):
        game.apply(Draw())


def test_CL_MATCH_1_below_the_target_another_deal_follows() -> None:
    game = went_out_a(scores=[4000, 0])
    assert not game.is_over
    assert game.winner is None
    assert game.scores == (4680, -30)
    game = at_deal_end(game)
    assert game.deal_number == 1
    assert game.phase is Phase.DRAW


def test_CL_MATCH_1_option_target_score() -> None:
    rules = attrs.evolve(CLASSIC, target_score=1000)
    assert went_out_a(rules, scores=[400, 0]).is_over
    assert not went_out_a(CLASSIC, scores=[400, 0]).is_over


def test_CL_MATCH_2_scores_change_only_when_the_hand_ends() -> None:
    game = play(position_a(scores=[4900, 0]), "draw", "meld 5C 5D 5H 5S")
    assert not game.is_over
    assert game.results == ()
    assert game.scores == (4900, 0)
    game = play(game, "discard 9S")
    assert game.is_over
    assert game.scores == (5580, -30)


def test_CL_MATCH_2_hand_is_played_to_its_end_at_or_above_the_target() -> None:
    # After a tie above the target (play on) a side starts a hand above 5000: it is played.
    game = position_a(scores=[5080, 5080])
    assert not game.is_over
    game = play(game, "draw", "meld 5C 5D 5H 5S", "discard 9S")
    assert game.is_over
    assert game.winner == 0


def test_CL_MATCH_3_highest_score_wins_when_both_reach_the_target() -> None:
    # Side 1 leads before the hand (4990 against 4500); both end above 5000, side 0 higher.
    game = went_out_a(melds=[[K_CANASTA], ["AH AS AD AC"]], scores=[4500, 4990])
    assert game.results[-1].totals == (680, 80 - 30)
    assert game.scores == (5180, 5040)
    assert game.is_over
    assert game.winner == 0


def test_CL_MATCH_3_other_side_can_win_the_hand_someone_else_went_out_in() -> None:
    game = went_out_a(melds=[[K_CANASTA], ["AH AS AD AC AH AS AD"]], scores=[4300, 4500])
    assert game.results[-1].totals == (680, 640 - 30)
    assert game.scores == (4980, 5110)
    assert game.is_over
    assert game.winner == 1


TIE = {"melds": [[K_CANASTA], ["AH AS AD AC AH AS AD"]], "scores": [4400, 4470]}


def test_CL_MATCH_4_tie_plays_on_by_default() -> None:
    game = went_out_a(**TIE)
    assert game.scores == (5080, 5080)
    assert not game.is_over
    assert game.winner is None
    game = at_deal_end(game)
    assert game.deal_number == 1
    assert game.phase is Phase.DRAW


def test_CL_MATCH_4_option_tie_is_a_draw() -> None:
    game = went_out_a(attrs.evolve(CLASSIC, tie_rule="draw"), **TIE)
    assert game.scores == (5080, 5080)
    assert game.is_over
    assert game.winner is None


def test_CL_MATCH_1_option_deal_limit_ends_the_match_below_the_target() -> None:
    game = went_out_a(attrs.evolve(CLASSIC, deal_limit=1), scores=[0, 0])
    assert game.is_over
    assert game.scores == (680, -30)
    assert game.winner == 0
    assert len(game.results) == 1
    assert game.phase is Phase.OVER  # the last deal stays on the table
    assert not went_out_a(attrs.evolve(CLASSIC, deal_limit=2), scores=[0, 0]).is_over


def test_CL_MATCH_1_option_deal_limit_equal_leaders_draw() -> None:
    game = went_out_a(attrs.evolve(CLASSIC, deal_limit=1), **TIE)
    assert game.is_over
    assert game.winner is None


def test_CL_MATCH_1_option_deal_limit_is_one_or_more() -> None:
    with pytest.raises(canasta.RuleSetError, match="deal_limit"):
        attrs.evolve(CLASSIC, deal_limit=0)


def test_CL_MATCH_5_next_minimum_from_the_new_cumulative_score() -> None:
    game = position_a(scores=[1400, 20])
    assert game.minimums == (50, 50)
    game = play(game, "draw", "meld 5C 5D 5H 5S", "discard 9S")
    assert game.scores == (2080, -10)
    game = at_deal_end(game)
    assert game.deal_number == 1
    assert game.minimums == (90, 15)


# --- CL-V2: two players ----------------------------------------------------------------------


def test_CL_V2_1_two_players_fifteen_cards_each_alone() -> None:
    game = Game.new("classic", players=2, seed=11)
    assert [len(game.hand(p)) for p in range(2)] == [15, 15]
    assert game.side_of_player(0) == 0
    assert game.side_of_player(1) == 1
    assert len(game.scores) == 2
    table = game.table
    on_table = sum(len(r) for r in table.red_threes)
    assert 30 + table.stock_size + table.pile_size + on_table == 108


def test_CL_V2_2_draw_takes_two_cards() -> None:
    game = position(TWO, hands=["5C 5D 9S", "6C 6D 6H"], pile="8C", draws="KH QS")
    stock = game.table.stock_size
    game = accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 5D 9S QS KH")
    assert game.table.stock_size == stock - 2


def test_CL_V2_2_taking_the_pile_replaces_the_draw() -> None:
    game = position(
        TWO,
        hands=["KC KD 5C 9S", "6C 6D 6H"],
        melds=[["QH QS QD"], []],
        pile="KH 5D",
        draws="4H 4S",
    )
    stock = game.table.stock_size
    game = accepted(game, TakePile("KC KD"))
    assert game.table.stock_size == stock
    assert game.hand(0) == Cards.parse("5C 5D 9S")
    assert rejected(game, Draw()) == "CL-TURN-3"


def test_CL_V2_2_option_draw_count_one_with_two_players() -> None:
    rules = attrs.evolve(TWO, draw_count=1)
    game = position(rules, hands=["5C 5D 9S", "6C 6D 6H"], pile="8C", draws="KH QS")
    game = accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 5D 9S KH")


def test_CL_V2_2_option_draw_count_two_with_four_players() -> None:
    rules = attrs.evolve(CLASSIC, draw_count=2)
    game = position(rules, hands=A_HANDS, pile="8C", draws="KH QS")
    game = accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 5D 5H 9S QS KH")


def test_CL_V2_3_two_canastas_to_go_out() -> None:
    game = position(TWO, hands=["5C 5D", "6C 6D 6H"], melds=[[K_CANASTA], []], draws="5H 5S")
    game = play(game, "draw")
    assert rejected(game, "meld 5C 5D 5H 5S") == "CL-OUT-2"
    game = position(
        TWO, hands=["5C 5D", "6C 6D 6H"], melds=[[K_CANASTA, Q_CANASTA], []], draws="5H 5S"
    )
    game = play(game, "draw")
    game = accepted(game, "meld 5C 5D 5H 5S")
    assert game.results[-1].went_out == 0


def test_CL_V2_3_option_one_canasta_with_two_players() -> None:
    rules = attrs.evolve(TWO, canastas_to_go_out=1)
    game = position(rules, hands=["5C 5D", "6C 6D 6H"], melds=[[K_CANASTA], []], draws="5H 5S")
    game = play(game, "draw")
    game = accepted(game, "meld 5C 5D 5H 5S")
    assert game.results[-1].went_out == 0


def test_CL_V2_3_concealed_going_out_needs_two_canastas_too() -> None:
    hand = J_SEVEN + " QH QS QD QC QH QS"
    game = position(TWO, hands=[hand, "6C 6D 6H"], draws="QD 9S")
    game = play(game, "draw", "meld " + J_SEVEN)
    # One canasta is down; the queens give the second one, both laid in this turn.
    game = play(game, "meld QC QD QD QH QH QS QS", "discard 9S")
    result = game.results[-1]
    assert (result.went_out, result.concealed) == (0, True)
    assert result.scores[0].going_out == 200
    assert result.scores[0].canasta_bonus == 1000


def test_CL_V2_3_concealed_with_one_canasta_is_not_enough() -> None:
    game = position(TWO, hands=[J_SEVEN + " 5C 5D", "6C 6D 6H"], draws="5H 5S")
    game = play(game, "draw", "meld " + J_SEVEN)
    assert rejected(game, "meld 5C 5D 5H 5S") == "CL-OUT-2"


def test_CL_V2_4_no_partner_to_ask() -> None:
    assert not TWO.has_partners
    game = position(TWO, hands=["5C 5D 9S", "6C 6D 6H"], draws="KH QS")
    assert rejected(play(game, "draw"), Ask()) == "CL-ASK-4"


def test_CL_V2_6_other_rules_as_in_the_four_player_game() -> None:
    assert TWO.target_score == CLASSIC.target_score == 5000
    assert TWO.initial_meld_table == CLASSIC.initial_meld_table
    assert [TWO.initial_minimum(s) for s in (-5, 0, 1500, 3000)] == [15, 50, 90, 120]
    # All four red threes are worth 800, for an opened side.
    game = position(
        TWO,
        hands=["5C 5D", "6C 6D 6H"],
        melds=[[K_CANASTA, Q_CANASTA], []],
        red_threes=["3H 3H 3D 3D", ""],
        draws="5H 5S",
    )
    game = play(game, "draw", "meld 5C 5D 5H 5S")
    side0 = game.results[-1].scores[0]
    assert side0.red_threes == 800
    assert side0.total == 70 + 70 + 20 + 1000 + 800 + 100


# --- CL-V3: three players --------------------------------------------------------------------


def test_CL_V3_1_three_players_thirteen_cards_each_alone() -> None:
    game = Game.new("classic", players=3, seed=5)
    assert [len(game.hand(p)) for p in range(3)] == [13, 13, 13]
    assert [game.side_of_player(p) for p in range(3)] == [0, 1, 2]
    assert len(game.scores) == 3
    assert not game.rules.has_partners


def test_CL_V3_2_draw_one_one_canasta_target_5000() -> None:
    assert (THREE.draw_count, THREE.canastas_to_go_out, THREE.target_score) == (1, 1, 5000)
    game = position(
        THREE,
        hands=["5C 5D 5H 9S", "6C 6D 6H", "7C 7D 7H"],
        melds=[[K_CANASTA], [], []],
        red_threes=["3H 3H 3D 3D", "", ""],
        draws="5S",
    )
    game = accepted(game, Draw())
    assert len(game.hand(0)) == 5
    game = play(game, "meld 5C 5D 5H 5S", "discard 9S")
    result = game.results[-1]
    assert result.went_out == 0
    assert len(result.scores) == 3
    assert result.scores[0].red_threes == 800  # all four held by one player
    assert result.totals == (90 + 500 + 800 + 100, -15, -15)


def test_CL_V3_2_initial_minimum_by_each_players_own_score() -> None:
    game = position(THREE, hands=["5C 5D 5H 9S", "6C 6D 6H", "7C 7D 7H"], scores=[3000, 1500, -5])
    assert game.minimums == (120, 90, 15)


# --- CL-V5: five players ---------------------------------------------------------------------


def test_CL_V5_1_and_V5_2_four_of_five_play_and_the_three_take_turns_sitting_out() -> None:
    game = Game.new("classic", players=5, seed=3)
    seen = []
    for number in range(4):
        assert game.deal_number == number
        seen.append(holders(game))
        assert all(len(game.hand(p)) == 11 for p in holders(game))
        if number < 3:
            game = play_out_deal_without_melding(game)
    # Side 0 is players 0, 2, 4; side 1 is players 1 and 3, who play every deal.
    assert [game.side_of_player(p) for p in range(5)] == [0, 1, 0, 1, 0]
    assert seen[0] == [0, 1, 2, 3]  # A + B play, C (player 4) sits out
    assert seen[1] == [0, 1, 3, 4]  # A + C play
    assert seen[2] == [1, 2, 3, 4]  # B + C play
    assert seen[3] == seen[0]  # the rotation repeats
    assert len(game.results) == 3


def test_CL_V5_1_partners_sit_opposite_in_every_deal() -> None:
    game = Game.new("classic", players=5, seed=3)
    game = play_out_deal_without_melding(game)  # deal 1: players 0, 1, 4, 3 at the table
    order = []
    for _ in range(4):
        player = game.to_move
        assert player is not None
        order.append(player)
        game = play(game, "draw", Discard(next(iter(game.hand(player)))))
    sides = [game.side_of_player(p) for p in order]
    assert sides in ([0, 1, 0, 1], [1, 0, 1, 0])
    assert sorted(order) == [0, 1, 3, 4]


def test_CL_V5_3_player_sitting_out_cannot_act() -> None:
    game = Game.new("classic", players=5, seed=3)
    assert game.hand(4) == Cards()
    assert not game.is_legal(Draw(), player=4)
    with pytest.raises(IllegalMoveError):
        game.apply(Draw(), player=4)


def test_CL_V5_4_scores_per_side() -> None:
    game = play_out_deal_without_melding(Game.new("classic", players=5, seed=3))
    assert len(game.scores) == 2
    assert len(game.results[-1].scores) == 2
    assert game.scores == game.results[-1].totals


# --- CL-V6: six players ----------------------------------------------------------------------


def test_CL_V6_1_two_sides_of_three_alternate() -> None:
    game = Game.new("classic", players=6, seed=2)
    assert [game.side_of_player(p) for p in range(6)] == [0, 1, 0, 1, 0, 1]
    assert len(game.scores) == 2


def test_CL_V6_1_option_three_sides_of_two_partners_opposite() -> None:
    game = Game.new(SIX_THREE_SIDES, seed=2)
    assert [game.side_of_player(p) for p in range(6)] == [0, 1, 2, 0, 1, 2]
    assert len(game.scores) == 3
    evolved = Game.new(attrs.evolve(SIX, six_player_sides=3), seed=2)
    assert [evolved.side_of_player(p) for p in range(6)] == [0, 1, 2, 0, 1, 2]


def six_player_position(rules: RuleSet, **kwargs: Any) -> Game:
    hands = ["5C 5D 5H 9S", "6C 6D 6H", "4C 4D", "7C 7D 7H", "8C 8D", "10C 10D"]
    kwargs.setdefault(
        "melds", [[K_CANASTA, "QH QS QD QC QH 2C 2D"]] + [[]] * (rules.num_sides - 1)
    )
    return position(rules, hands=hands, pile="8H", draws="5S", **kwargs)


def test_CL_V6_1_ask_goes_to_the_next_teammate() -> None:
    two_sides = play(six_player_position(SIX), "draw", "ask")
    assert two_sides.to_move == 2
    three_sides = play(six_player_position(SIX_THREE_SIDES), "draw", "ask")
    assert three_sides.to_move == 3


def test_CL_V6_1_six_players_three_sides_deal_scored_for_each_side() -> None:
    game = six_player_position(
        SIX_THREE_SIDES,
        melds=[[K_CANASTA, "QH QS QD QC QH 2C 2D"], ["AH AS AD"], []],
        red_threes=["3H 3H 3H 3D 3D", "", "3D"],
        scores=[7400, 0, 0],
    )
    assert game.minimums == (120, 50, 50)
    game = play(game, "draw", "meld 5C 5D 5H 5S", "discard 9S")
    result = game.results[-1]
    assert result.went_out == 0
    side0, side1, side2 = result.scores
    assert side0.meld_points == 70 + 90 + 20
    assert side0.canasta_bonus == 800
    assert side0.red_threes == 1000  # five red threes (CL-V6-6)
    assert side0.going_out == 100
    assert side0.hand_penalty == -15  # player 3's sevens
    assert (side1.meld_points, side1.hand_penalty) == (60, -(15 + 20))  # players 1 and 4
    assert (side2.red_threes, side2.hand_penalty) == (-100, -(10 + 20))  # players 2 and 5
    # Target 7500 with three sides (CL-V6-4): side 0 has reached it.
    assert game.is_over
    assert game.winner == 0


def test_CL_V6_2_default_three_packs_thirteen_cards() -> None:
    game = Game.new("classic", players=6, seed=4)
    assert [len(game.hand(p)) for p in range(6)] == [13] * 6
    table = game.table
    total = 78 + table.stock_size + table.pile_size + sum(len(r) for r in table.red_threes)
    assert total == 162


def test_CL_V6_2_option_two_packs_eleven_cards() -> None:
    rules = classic_six_player(pack="two")
    assert rules.six_player_pack == "two"
    game = Game.new(rules, seed=4)
    assert [len(game.hand(p)) for p in range(6)] == [11] * 6
    table = game.table
    total = 66 + table.stock_size + table.pile_size + sum(len(r) for r in table.red_threes)
    assert total == 108


def test_CL_V6_3_two_canastas_to_go_out() -> None:
    game = play(six_player_position(SIX, melds=[[K_CANASTA], []]), "draw")
    assert rejected(game, "meld 5C 5D 5H 5S") == "CL-TURN-8"  # only the 9S would be left
    hands = ["5C 5D 5H", "6C 6D 6H", "4C 4D", "7C 7D 7H", "8C 8D", "10C 10D"]
    game = play(position(SIX, hands=hands, melds=[[K_CANASTA], []], draws="5S"), "draw")
    assert rejected(game, "meld 5C 5D 5H 5S") == "CL-OUT-2"
    game = play(six_player_position(SIX), "draw", "meld 5C 5D 5H 5S", "discard 9S")
    assert game.results[-1].went_out == 0


def test_CL_V6_3_option_one_canasta_with_six_players() -> None:
    rules = attrs.evolve(SIX, canastas_to_go_out=1)
    game = six_player_position(rules, melds=[[K_CANASTA], []])
    game = play(game, "draw", "meld 5C 5D 5H 5S", "discard 9S")
    assert game.results[-1].went_out == 0


def test_CL_V6_4_targets_10000_and_7500() -> None:
    assert SIX.target_score == 10000
    assert SIX_THREE_SIDES.target_score == 7500
    # Side 0 scores 180 + 800 + 100 - 30 = 1050 in this deal.
    game = play(
        six_player_position(SIX, scores=[8000, 0]), "draw", "meld 5C 5D 5H 5S", "discard 9S"
    )
    assert game.results[-1].totals[0] == 1050
    assert not game.is_over  # 9050 < 10000
    game = play(
        six_player_position(SIX, scores=[9000, 0]), "draw", "meld 5C 5D 5H 5S", "discard 9S"
    )
    assert game.is_over
    assert game.winner == 0


def test_CL_V6_4_three_sides_option_sets_target_7500() -> None:
    # Switching the field on the six-player preset, as the options of section 19 are meant
    # to be switched: the target for three sides is 7,500 unless target_score is overridden.
    rules = attrs.evolve(SIX, six_player_sides=3)
    assert rules.target_score == 7500


def test_CL_V6_5_extra_bracket_150_from_7500() -> None:
    assert [SIX.initial_minimum(s) for s in (2995, 3000, 7495, 7500, 9000)] == [
        90,
        120,
        120,
        150,
        150,
    ]
    game = six_player_position(SIX, scores=[7500, 7495])
    assert game.minimums == (150, 120)


def test_CL_V6_5_option_extra_bracket_start_7000_in_the_preset() -> None:
    rules = classic_six_player(extra_bracket_start=7000)
    assert rules.initial_minimum(6995) == 120
    assert rules.initial_minimum(7000) == 150


def test_CL_V6_5_option_extra_bracket_start_7000_as_a_field() -> None:
    rules = attrs.evolve(SIX, extra_bracket_start=7000)
    assert rules.initial_minimum(6995) == 120
    assert rules.initial_minimum(7000) == 150
    game = six_player_position(rules, scores=[7000, 0])
    assert game.minimums[0] == 150


def test_CL_V6_6_red_three_amounts_with_three_packs() -> None:
    assert [SIX.red_three_amount(n) for n in range(7)] == [0, 100, 200, 300, 400, 1000, 1200]
    game = six_player_position(SIX, red_threes=["3H 3H 3H 3D 3D 3D", ""])
    game = play(game, "draw", "meld 5C 5D 5H 5S", "discard 9S")
    assert game.results[-1].scores[0].red_threes == 1200
    game = six_player_position(SIX, red_threes=["3H 3H", "3H 3D 3D 3D"])
    game = play(game, "draw", "meld 5C 5D 5H 5S", "discard 9S")
    assert game.results[-1].scores[1].red_threes == -400  # four are 400 here, minus: no meld


def test_CL_V6_6_two_pack_six_players_four_red_threes_800() -> None:
    assert classic_six_player(pack="two").red_three_amount(4) == 800


def test_CL_V6_7_two_pack_preset_is_the_plain_S001_game() -> None:
    rules = classic_six_player(pack="two")
    assert (rules.decks, rules.hand_size) == (2, 11)
    assert rules.canastas_to_go_out == 1
    assert rules.target_score == 5000
    assert rules.initial_minimum(7500) == 120
    assert rules.initial_meld_table == CLASSIC.initial_meld_table
