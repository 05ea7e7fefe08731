"""Rule scenarios for Samba, section 2 of ``three-deck.md`` (SA-*).

Cards and values (SA-DECK, SA-VAL), seats (SA-SEAT), the deal (SA-DEAL), the upcard (SA-UPC),
turn and draw (SA-DRAW), melds (SA-MELD), the initial meld (SA-INIT), canastas (SA-CAN),
taking the pile (SA-PILE), the frozen pile (SA-FRZ), going out (SA-OUT), black threes (SA-B3),
red threes (SA-R3), the end of the stock (SA-STOCK), merging (SA-MRG), scoring (SA-SCORE)
and the match (SA-MATCH), with the section 6 alternatives that the RuleSet expresses:
A-25 (``initial_meld_table``), A-26 (``red_threes_need_canasta``), A-27
(``allow_wild_on_canasta``), A-28 (``upcard_cover_black_three``), A-29
(``five_player_sides`` / ``six_player_sides``), A-31 (``wild_ratio``), A-36
(``last_red_three_may_meld``) and A-40 (``layoff_onto_sequences_only``).

Every position is built by hand. Players 1 to 3 hold filler tens unless a test says
otherwise, so the tests leave the tens alone. Where a test needs a short stock, every card
placed nowhere else goes to player 3's hand (and the spare red threes to side 1).
"""

from __future__ import annotations

import functools
from typing import Any

import internals
import pytest
from internals import new_meld
from scenario_helpers import (
    DRAWS_TAKES_PASSES,
    SIX_FILLERS,
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
    pack_cards,
)

SA = internals.samba()

K7 = "KH KS KD KC KH KS KD"  # natural canasta of kings: 70 points, 500 bonus
Q7 = "QH QS QD QC QH QS QD"  # natural canasta of queens: 70 points, 500 bonus
SAMBA_S = "4S 5S 6S 7S 8S 9S 10S"  # a samba of spades: 50 points, 1500 bonus


# --- helpers -------------------------------------------------------------------------------


SCENES = Scenarios(SA, fillers=SIX_FILLERS, checked=DRAWS_TAKES_PASSES, canastas=(K7, Q7))
position, offered = SCENES.position, SCENES.offered
assert_rejected, assert_accepted = SCENES.assert_rejected, SCENES.assert_accepted
going_out_position = SCENES.going_out_position


def meld(cards: str, rules: canasta.RuleSet = SA) -> Meld:
    result = new_meld(Cards.parse(cards), rules)
    assert isinstance(result, Meld), result
    return result


def drawn(hand: str = "5C 6C 9D", draws: str = "4H 9S", **kwargs: Any) -> Game:
    """Player 0 after drawing ``draws`` (side 0 has opened with kings unless told)."""
    kwargs.setdefault("pile", "4C")
    return SCENES.drawn(hand, draws, ["KH KS KD"], **kwargs)


@functools.cache
def seed_where(players: int, what: str, cover_black: bool = False) -> int:
    """The first seed whose first Samba deal (``players`` players) shows ``what``."""
    rules = internals.samba(players, upcard_cover_black_three=cover_black)
    for seed in range(3000):
        deal = Game.new(rules, seed=seed).deal
        covered = deal.pile[:-1]
        tests = {
            "plain": not covered and deal.pile[-1].is_natural,
            "wild": any(c.is_wild for c in covered),
            "red3": any(c.is_red_three for c in covered),
            "black3 top": deal.pile[-1].is_black_three,
            "black3 covered": any(c.is_black_three for c in covered),
            "seat 1 red3": 1 in deal.pending_red_threes,
        }
        if tests[what]:
            return seed
    raise AssertionError(f"no seed shows {what}")


# --- SA-DECK, SA-VAL -------------------------------------------------------------------------


def test_SA_DECK_1_162_cards_three_decks_and_six_jokers() -> None:
    assert SA.decks == 3
    pack = pack_cards(SA.decks)
    assert len(pack) == SA.pack_size == 162
    assert pack.count(canasta.JOKER) == 6
    deal = Game.new(SA, seed=1).deal
    total = Cards.of(deal.pile) + Cards.of(deal.stock)
    for hand in deal.hands:
        total = total + hand
    for reds in deal.red_threes:
        total = total + reds
    assert total == pack


def test_SA_DECK_2_card_classes() -> None:
    pack = pack_cards(3)
    assert sum(pack.count(f) for f in pack.faces() if f.is_natural) == 132
    assert sum(pack.count(f) for f in pack.faces() if f.is_wild) == 18  # 6 jokers, 12 twos
    assert sum(pack.count(f) for f in pack.faces() if f.is_red_three) == 6
    assert sum(pack.count(f) for f in pack.faces() if f.is_black_three) == 6
    assert Card.parse("2C").is_wild
    assert Card.parse("JK").is_wild
    assert not Card.parse("3S").is_natural
    assert not Card.parse("3H").is_natural


@pytest.mark.parametrize(
    ("card", "value"),
    [("JK", 50), ("2D", 20), ("AS", 20), ("KH", 10), ("8C", 10), ("7D", 5), ("4S", 5)],
)
def test_SA_VAL_1_card_values(card: str, value: int) -> None:
    assert points(card) == value


def test_SA_VAL_1_black_three_five_and_red_threes_are_bonus_only() -> None:
    assert points("3S") == points("3C") == 5
    game = go_out(going_out_position(red_threes=["3H", ""]))
    side = game.results[-1].scores[0]
    assert side.red_threes == 100  # a bonus, not a card value in the melds
    assert side.meld_points == 140 + 20


def test_SA_VAL_2_wild_card_counts_its_own_value() -> None:
    game = going_out_position(hand="5C 5D JK 2C")
    game = play(game, Draw(), LayMeld("5C 5D 5S JK 2C"), Discard("9H"))
    assert game.results[-1].scores[0].meld_points == 140 + 15 + 50 + 20


# --- SA-SEAT -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_SA_SEAT_1_two_three_five_players_each_alone(players: int) -> None:
    rules = internals.samba(players)
    assert rules.num_sides == players
    game = Game.new(rules, seed=0)
    assert [game.side_of_player(p) for p in range(players)] == list(range(players))
    assert len(game.scores) == players
    assert all(len(hand) == 15 for hand in game.hands)


def test_SA_SEAT_1_five_players_to_move_cycles_through_all_five() -> None:
    rules = internals.samba(5)
    hands = ["5C 6C 7C", "5D 6D 7D", "5H 6H 7H", "5S 6S 7S", "4C 6C 7C"]
    game = Game.from_position(rules, hands=hands, pile="9C", players=5)
    seen = []
    for _ in range(6):
        seen.append(game.to_move)
        player = game.to_move
        assert player is not None
        game = play(game, Draw())
        game = play(game, Discard(next(iter(game.hand(player)))))
    assert seen == [0, 1, 2, 3, 4, 0]


def test_SA_SEAT_1_six_players_three_pairs_two_seats_apart() -> None:
    rules = internals.samba(6)
    assert rules.num_sides == 3
    assert [rules.side_of_player(p) for p in range(6)] == [0, 1, 2, 0, 1, 2]
    game = Game.new(rules, seed=0)
    assert len(game.scores) == 3
    assert all(len(hand) == 13 for hand in game.hands)


def test_SA_SEAT_1_option_six_players_two_sides_of_three() -> None:
    """A-29: ``six_player_sides=2`` gives two teams of three (1-3-5 / 2-4-6)."""
    rules = internals.samba(6, six_player_sides=2)
    assert rules.num_sides == 2
    assert [rules.side_of_player(p) for p in range(6)] == [0, 1, 0, 1, 0, 1]


def test_SA_SEAT_1_option_five_players_two_against_three() -> None:
    """A-29: ``five_player_sides=2`` seats five players as in Classic, two against three
    with one sitting out."""
    rules = internals.samba(5, five_player_sides=2)
    assert rules.num_sides == 2
    assert rules.active_players == 4
    game = Game.new(rules, seed=0)
    assert len(game.scores) == 2
    assert len(game.deal.hands) == 4


def test_SA_SEAT_2_four_players_two_partnerships_opposite() -> None:
    assert SA.num_sides == 2
    assert [SA.side_of_player(p) for p in range(4)] == [0, 1, 0, 1]


def test_SA_SEAT_3_partner_adds_to_the_sides_meld_but_not_to_the_opponents() -> None:
    game = position(
        "9C 9D 4H", "KC 5D 6D", melds=[["KH KS KD"], ["9H 9S 9H"]], pile="4C", draws="5C 7H"
    )
    game = play(game, Draw())
    # the nines belong to side 1: player 0 may not add to them
    assert_rejected(game, AddToMeld("9", "9C"), "SA-SEAT-3")
    game = play(game, Discard("4H"))
    # player 1 may not add to side 0's kings either, only to side 1's nines
    game = play(game, Draw())
    assert_rejected(game, AddToMeld("K", "KC"), "SA-SEAT-3")
    # the partner (player 2) adds to the kings player 0's side laid
    two = position(
        "5C 6C",
        "10C 10D",
        "KC 5D 6D",
        melds=[["KH KS KD"], []],
        pile="4C",
        draws="7H 8H",
        to_move=2,
    )
    two = play(two, Draw())
    after = assert_accepted(two, AddToMeld(None, "KC", meld=0))
    assert after.deal.melds[0][0].cards == Cards.parse("KH KS KD KC")


# --- SA-DEAL -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 15), (3, 15), (4, 15), (5, 15), (6, 13)])
def test_SA_DEAL_1_hand_sizes(players: int, size: int) -> None:
    rules = internals.samba(players)
    assert rules.hand_size == size
    game = Game.new(rules, seed=2)
    assert [len(h) for h in game.hands] == [size] * players


def test_SA_DEAL_2_first_player_left_of_dealer_play_clockwise_deal_rotates() -> None:
    game = Game.new(SA, seed=0)
    assert game.to_move == 0
    game = play(game, Draw())
    game = play(game, Discard(next(c for c in game.hand(0) if not c.is_wild)))
    assert game.to_move == 1
    # the next deal is started by the next player
    after = go_out(going_out_position())
    after = at_deal_end(after)
    assert after.deal_number == 1
    assert after.to_move == 1


@pytest.mark.parametrize(("players", "stock"), [(2, 132), (3, 117), (4, 102), (5, 87), (6, 84)])
def test_SA_DEAL_3_stock_size_after_the_deal(players: int, stock: int) -> None:
    rules = internals.samba(players)
    assert rules.pack_size - rules.hand_size * players == stock
    deal = Game.new(rules, seed=5).deal
    # before the upcard the stock held the pile's cards too; the first player's red threes
    # (laid out at the start of the turn) were replaced from it
    replaced = len(deal.red_threes[0])
    assert len(deal.stock) + len(deal.pile) + replaced == stock


# --- SA-UPC --------------------------------------------------------------------------------


def test_SA_UPC_1_plain_upcard_starts_an_unfrozen_pile() -> None:
    deal = Game.new(SA, seed=seed_where(4, "plain")).deal
    assert len(deal.pile) == 1
    assert not deal.pile_frozen


@pytest.mark.parametrize("what", ["wild", "red3"])
def test_SA_UPC_1_wild_or_red_three_upcard_covered_and_freezes(what: str) -> None:
    game = Game.new(SA, seed=seed_where(4, what))
    deal = game.deal
    assert len(deal.pile) >= 2
    top = deal.pile[-1]
    assert not top.is_wild
    assert not top.is_red_three
    for card in deal.pile[:-1]:
        assert card.is_wild or card.is_red_three
    assert deal.pile_frozen


def test_SA_UPC_2_black_three_upcard_stays_on_top_and_blocks_the_first_player() -> None:
    game = Game.new(SA, seed=seed_where(4, "black3 top"))
    assert game.deal.pile[-1].is_black_three
    assert not SA.upcard_cover_black_three
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())
    assert any(isinstance(m, Draw) for m in game.legal_moves())


def test_SA_UPC_2_black_three_upcard_blocks_by_position() -> None:
    game = position("3C 3C 5C 6C", pile="3S")
    assert_rejected(game, TakePile("3C 3C"), "SA-PILE-4", "SA-B3-1", "SA-UPC-2")
    assert_accepted(game, Draw())


def test_SA_UPC_2_option_black_three_upcard_covered() -> None:
    """A-28: ``upcard_cover_black_three=True`` covers a black three like HW."""
    rules = internals.samba(upcard_cover_black_three=True)
    seed = seed_where(4, "black3 covered", cover_black=True)
    deal = Game.new(rules, seed=seed).deal
    assert any(c.is_black_three for c in deal.pile[:-1])
    assert deal.pile[-1].is_natural
    # the same shuffle under the default leaves a black three showing at some point: under
    # the option no pile ever shows a black three on top
    for n in range(60):
        top = Game.new(rules, seed=n).deal.pile[-1]
        assert top.is_natural


# --- SA-DRAW -------------------------------------------------------------------------------


def test_SA_DRAW_1_draw_the_top_two_stock_cards() -> None:
    game = position("5C 6C 9D", melds=[["KH KS KD"], []], pile="4C", draws="JD 4S 6H")
    before = game.table.stock_size
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 9D JD 4S")
    assert game.table.stock_size == before - 2
    assert_rejected(game, Draw(), "SA-DRAW-1")
    game = assert_accepted(game, Discard("4S"))
    assert game.to_move == 1
    assert game.deal.pile[-1] == Card.parse("4S")


def test_SA_DRAW_1_taking_the_pile_replaces_the_draw() -> None:
    game = position("8H 8S 5C 9D", melds=[["KH KS KD"], []], pile="8D 4C")
    before = game.table.stock_size
    game = assert_accepted(game, TakePile("8H 8S"))
    assert game.table.stock_size == before
    assert_rejected(game, Draw(), "SA-DRAW-1")
    game = assert_accepted(game, Discard("4C"))
    assert game.hand(0) == Cards.parse("5C 9D")


def test_SA_DRAW_1_no_discard_before_drawing() -> None:
    game = position("5C 6C 9D", melds=[["KH KS KD"], []], pile="4C")
    assert_rejected(game, Discard("5C"), "SA-DRAW-1")


def test_SA_DRAW_2_drawn_red_three_laid_out_and_replaced() -> None:
    game = position("5C 6C 9D", melds=[["KH KS KD"], []], pile="4C", draws="3H 7C 8C")
    before = game.table.stock_size
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 9D 7C 8C")
    assert game.deal.red_threes[0] == Cards.parse("3H")
    assert game.table.stock_size == before - 3


def test_SA_DRAW_3_last_stock_card_may_be_drawn() -> None:
    assert SA.last_stock_card_drawable
    game = position("5C 6C", melds=[["KH KS KD"], []], pile="4D", stock="9C")
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 9C")
    assert game.deal.stock == ()
    game = assert_accepted(game, Discard("9C"))
    game = at_deal_end(game, "SA-STOCK-2")  # nobody can take the pile: the deal is over
    assert game.to_move == 1


def test_SA_DRAW_3_two_cards_left_draw_both() -> None:
    game = position("5C 6C", melds=[["KH KS KD"], []], pile="4D", stock="9D 4C")
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 9D 4C")
    assert game.deal.stock == ()


def test_SA_DRAW_4_must_keep_a_card_to_discard_without_two_canastas() -> None:
    # one canasta: melding down to one card (then discarding it) would be going out
    game = drawn(hand="5C 5D", draws="5H 9D", melds=[[K7], []])
    assert_rejected(game, LayMeld("5C 5D 5H"), "SA-DRAW-4", "SA-OUT-1")
    # melding everything is refused too
    all_in = drawn(hand="5C 5D 5S", draws="5H 9D", melds=[[K7], []])
    assert_rejected(all_in, LayMeld("5C 5D 5H 5S"), "SA-DRAW-4", "SA-OUT-1")
    # keeping two cards is fine: one is discarded and one stays
    two_left = drawn(hand="5C 5D 4S", draws="5H 9D", melds=[[K7], []])
    after = assert_accepted(two_left, LayMeld("5C 5D 5H"))
    after = assert_accepted(after, Discard("9D"))
    assert after.hand(0) == Cards.parse("4S")
    assert after.to_move == 1


# --- SA-MELD -------------------------------------------------------------------------------


@pytest.mark.parametrize("wilds", ["JK JK 2C", "2C 2D 2H", "JK 2C 2D JK"])
def test_SA_MELD_1_no_melds_of_wild_cards(wilds: str) -> None:
    game = drawn(hand=wilds + " 9D")
    assert_rejected(game, LayMeld(wilds), "SA-MELD-1")
    assert not isinstance(new_meld(Cards.parse(wilds), SA), Meld)
    # Bolivia, which has wild melds, accepts the same cards: the refusal is Samba's rule
    assert isinstance(new_meld(Cards.parse(wilds), internals.bolivia()), Meld)


def test_SA_MELD_2_rank_meld_with_two_naturals_and_two_wilds() -> None:
    game = drawn(hand="8C 8D JK 2C 5C")
    after = assert_accepted(game, LayMeld("8C 8D JK 2C"))
    laid = after.deal.melds[0][-1]
    assert laid.kind is MeldKind.RANK
    assert laid.cards == Cards.parse("8C 8D JK 2C")


def test_SA_MELD_2_one_natural_is_too_few() -> None:
    game = drawn(hand="8C JK 2C 5C")
    assert_rejected(game, LayMeld("8C JK 2C"), "SA-MELD-2")


def test_SA_MELD_2_three_wilds_are_too_many_even_with_many_naturals() -> None:
    game = drawn(hand="8C 8D 8H 8S JK 2C 2D 5C")
    assert_rejected(game, LayMeld("8C 8D 8H 8S JK 2C 2D"), "SA-MELD-2")
    assert_accepted(game, LayMeld("8C 8D 8H 8S JK 2C"))


def test_SA_MELD_2_third_wild_never_added_later() -> None:
    game = drawn(hand="2D 5C 6C", melds=[["KH KS KD KC JK 2C"], []])
    assert_rejected(game, AddToMeld(None, "2D", meld=0), "SA-MELD-2")
    game = drawn(hand="2D 5C 6C", melds=[["KH KS KD KC JK"], []])
    after = assert_accepted(game, AddToMeld(None, "2D", meld=0))
    assert after.deal.melds[0][0].cards.count(Card.parse("2D")) == 1


def test_SA_MELD_2_option_two_naturals_per_wild() -> None:
    """A-31: ``wild_ratio="two_naturals_per_wild"``: ``K K Jk 2`` is no longer a meld."""
    rules = internals.samba(wild_ratio="two_naturals_per_wild")
    game = drawn(hand="8C 8D 8H 8S JK 2C 5C", rules=rules)
    assert_rejected(game, LayMeld("8C 8D JK 2C"), "SA-MELD-2")
    assert_rejected(game, LayMeld("8C 8D 8H JK 2C"), "SA-MELD-2")
    assert_accepted(game, LayMeld("8C 8D JK"))
    assert_accepted(game, LayMeld("8C 8D 8H 8S JK 2C"))


@pytest.mark.parametrize("cards", ["4S 5S 6S", "QH KH AH", "7D 8D 9D 10D JD"])
def test_SA_MELD_3_natural_sequence_of_three_or_more(cards: str) -> None:
    game = drawn(hand=cards + " 5C")
    after = assert_accepted(game, LayMeld(cards))
    laid = after.deal.melds[0][-1]
    assert laid.kind is MeldKind.SEQUENCE
    assert laid.cards == Cards.parse(cards)


@pytest.mark.parametrize(
    "cards",
    [
        "4S 5S JK",  # a wild card
        "4S 2C 6S",  # a wild in the middle
        "3S 4S 5S",  # a three
        "KS AS 4S",  # no wrap-around
        "4S 5S 7S",  # a gap
        "4S 5S 6H",  # two suits
    ],
)
def test_SA_MELD_3_no_wilds_threes_gaps_or_wrap_around(cards: str) -> None:
    game = drawn(hand=cards + " 5C")
    assert_rejected(game, LayMeld(cards), "SA-MELD-3", "SA-MELD-2", "SA-MELD-7", "SA-B3-2")


def test_SA_MELD_3_no_wild_card_added_to_a_sequence() -> None:
    game = drawn(hand="JK 2C 5C", melds=[["KH KS KD", "4S 5S 6S"], []])
    assert_rejected(game, AddToMeld(None, "JK", meld=1), "SA-MELD-3")
    assert_rejected(game, AddToMeld(None, "2C", meld=1), "SA-MELD-3")


def test_SA_MELD_3_eight_card_sequence_refused_seven_is_a_samba() -> None:
    game = drawn(hand="4S 5S 6S 7S 8S 9S 10S JS 5C")
    assert_rejected(game, LayMeld("4S 5S 6S 7S 8S 9S 10S JS"), "SA-MELD-3", "SA-CAN-3")
    after = assert_accepted(game, LayMeld(SAMBA_S))
    laid = after.deal.melds[0][-1]
    assert laid.canasta_kind_under(SA) is CanastaKind.NATURAL_SEQUENCE
    assert laid.bonus(SA) == 1500
    assert_rejected(after, AddToMeld(None, "JS", meld=1), "SA-CAN-3", "SA-MELD-3")


def test_SA_MELD_4_second_rank_meld_of_the_same_rank() -> None:
    game = drawn(hand="KC KH KS 5C")
    after = assert_accepted(game, LayMeld("KC KH KS"))
    melds = after.deal.melds[0]
    assert len(melds) == 2
    assert [m.cards for m in melds] == [Cards.parse("KH KS KD"), Cards.parse("KC KH KS")]


def test_SA_MELD_4_merge_within_the_two_wild_limit() -> None:
    game = drawn(melds=[["KH KS JK", "9C 9D 9H", "KD KC 2C"], []])
    after = assert_accepted(game, MergeMelds(0, 2))
    merged = [m for m in after.deal.melds[0] if m.rank is canasta.Rank.KING]
    assert len(merged) == 1
    assert merged[0].cards == Cards.parse("KH KS JK KD KC 2C")
    too_many = drawn(melds=[["KH KS JK 2D", "KD KC 2C"], []])
    assert_rejected(too_many, MergeMelds(0, 1), "SA-MELD-2", "SA-MRG-1", "SA-MELD-4")


def test_SA_MELD_5_second_sequence_of_a_suit_and_joining() -> None:
    game = drawn(hand="4S 5S 6S 7S 9D", melds=[["8S 9S 10S"], []])
    game = assert_accepted(game, LayMeld("4S 5S 6S"))
    assert len(game.deal.melds[0]) == 2
    game = assert_accepted(game, AddToMeld(None, "7S", meld=1))
    game = assert_accepted(game, MergeMelds(0, 1))
    (joined,) = game.deal.melds[0]
    assert joined.cards == Cards.parse(SAMBA_S)
    assert joined.canasta_kind_under(SA) is CanastaKind.NATURAL_SEQUENCE


def test_SA_MELD_5_join_refused_past_seven_cards() -> None:
    game = drawn(melds=[["4S 5S 6S 7S", "8S 9S 10S JS"], []])
    assert_rejected(game, MergeMelds(0, 1), "SA-MELD-5", "SA-MELD-3", "SA-MRG-1", "SA-CAN-3")


def test_SA_MELD_7_black_threes_not_added_to_other_melds() -> None:
    game = drawn(hand="3C 5C 6C", melds=[["KH KS KD", "4S 5S 6S"], []])
    assert_rejected(game, AddToMeld(None, "3C", meld=0), "SA-MELD-7", "SA-MELD-2", "SA-B3-2")
    assert_rejected(game, AddToMeld(None, "3C", meld=1), "SA-MELD-7", "SA-MELD-3", "SA-B3-2")


# --- SA-INIT -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "minimum"),
    [
        (-5, 15),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (6995, 120),
        (7000, 150),
        (9995, 150),
    ],
)
def test_SA_INIT_1_minimum_by_cumulative_score(score: int, minimum: int) -> None:
    assert SA.initial_minimum(score) == minimum
    game = position("5C", pile="4C", scores=[score, 0])
    assert game.minimums[0] == minimum


def test_SA_INIT_1_below_the_minimum_refused() -> None:
    # kings alone count 30 and nothing else in the hand melds: below 50
    game = drawn(hand="KC KH KS 4H 5H 9C", draws="8C 9S", melds=[[], []])
    assert_rejected(game, LayMeld("KC KH KS"), "SA-INIT-1")
    # with a run of hearts (20) the two melds reach 50 together
    game = drawn(hand="KC KH KS 4H 5H 6H 7H 9C", draws="8C 9S", melds=[[], []])
    game = assert_accepted(game, LayMeld("KC KH KS"))
    game = assert_accepted(game, LayMeld("4H 5H 6H 7H"))
    assert game.draft.points == 50
    game = assert_accepted(game, Discard("9C"))
    assert [len(m.cards) for m in game.deal.melds[0]] == [3, 4]


def test_SA_INIT_1_7000_needs_150_and_option_hoyle_160() -> None:
    """A-25: the 7000 row is 150 by default, 160 with the Hoyle table."""
    hand = "AC AD AH AS JK 2C 9C"  # aces with two wilds: 80 + 70 = 150
    game = drawn(hand=hand, draws="5C 9S", melds=[[], []], scores=[7000, 0])
    assert game.minimums[0] == 150
    game = assert_accepted(game, LayMeld("AC AD AH AS JK 2C"))
    assert game.draft.points == 150
    below = drawn(hand="AC AD AH JK 2C 9C", draws="5C 9S", melds=[[], []], scores=[7000, 0])
    assert_rejected(below, LayMeld("AC AD AH JK 2C"), "SA-INIT-1")  # 130
    hoyle_table = ((None, 15), (0, 50), (1500, 90), (3000, 120), (7000, 160))
    hoyle = internals.samba(initial_meld_table=hoyle_table)
    assert hoyle.initial_minimum(7000) == 160
    game = drawn(hand=hand, draws="5C 9S", melds=[[], []], scores=[7000, 0], rules=hoyle)
    assert game.minimums[0] == 160
    assert_rejected(game, LayMeld("AC AD AH AS JK 2C"), "SA-INIT-1")
    more = drawn(
        hand=hand + " KH KS KD", draws="5C 9S", melds=[[], []], scores=[7000, 0], rules=hoyle
    )
    more = assert_accepted(more, LayMeld("KH KS KD"))
    more = assert_accepted(more, LayMeld("AC AD AH AS JK 2C"))
    assert more.draft.points == 180


def test_SA_INIT_2_sequences_count_toward_the_minimum() -> None:
    game = drawn(hand="10S JS QS KS AS 9C", draws="5C 9S", melds=[[], []])
    after = assert_accepted(game, LayMeld("10S JS QS KS AS"))
    assert after.draft.points == 60
    after = assert_accepted(after, Discard("9C"))
    assert after.to_move == 1


def test_SA_INIT_2_samba_bonus_does_not_count() -> None:
    # a samba is worth 50 in cards; at 1500 the minimum is 90: the 1500 bonus does not help
    game = drawn(hand=SAMBA_S + " 9C", draws="5C 9S", melds=[[], []], scores=[1500, 0])
    assert_rejected(game, LayMeld(SAMBA_S), "SA-INIT-1")


def test_SA_INIT_3_only_the_top_card_of_a_taken_pile_counts() -> None:
    pile = "KD 7C AH AD AC"
    # KD + KH KS = 30: the aces in the pile may not help
    game = position("KH KS 5C 9S 6D", pile=pile)
    assert_rejected(game, TakePile("KH KS"), "SA-INIT-4", "SA-INIT-1", "SA-INIT-3")
    # with QH QS QD in hand (30) the opening reaches 60; then the pile's aces may be melded
    game = position("KH KS QH QS QD 9S", pile=pile)
    taken = assert_accepted(game, TakePile("KH KS"))
    assert taken.draft.points == 30
    assert_rejected(taken, LayMeld("AC AD AH"), "SA-INIT-3")
    opened = assert_accepted(taken, LayMeld("QH QS QD"))
    assert opened.draft.points == 60
    melded = assert_accepted(opened, LayMeld("AC AD AH"))
    assert melded.draft.points == 60
    done = assert_accepted(melded, Discard("9S"))
    assert done.to_move == 1


def test_SA_INIT_4_unopened_side_takes_only_with_a_natural_pair() -> None:
    game = position("9H 10H 8S 8D JK 2C QH QS QD 5C", pile="8H 4C")
    assert_rejected(game, TakePile("9H 10H"), "SA-INIT-4", "SA-PILE-2", "SA-PILE-1")
    assert_rejected(game, TakePile("8S JK"), "SA-INIT-4", "SA-PILE-2", "SA-PILE-1")
    taken = assert_accepted(game, TakePile("8S 8D"))
    assert taken.deal.melds[0][0].cards == Cards.parse("8H 8S 8D")


# --- SA-CAN --------------------------------------------------------------------------------


def test_SA_CAN_1_kinds_and_bonuses() -> None:
    mixed = meld("KH KS KD KC KH JK 2C")
    natural = meld(K7)
    samba_ = meld(SAMBA_S)
    assert (mixed.canasta_kind_under(SA), mixed.bonus(SA)) == (CanastaKind.MIXED, 300)
    assert (natural.canasta_kind_under(SA), natural.bonus(SA)) == (CanastaKind.NATURAL, 500)
    assert (samba_.canasta_kind_under(SA), samba_.bonus(SA)) == (
        CanastaKind.NATURAL_SEQUENCE,
        1500,
    )
    six = meld("4S 5S 6S 7S 8S 9S")
    assert not six.is_canasta_under(SA)
    assert six.bonus(SA) == 0
    assert meld("KH KS KD KC KH JK").bonus(SA) == 0


def test_SA_CAN_2_naturals_may_be_added_to_a_rank_canasta() -> None:
    game = drawn(hand="KC 5C 6C", melds=[[K7], []])
    after = assert_accepted(game, AddToMeld(None, "KC", meld=0))
    grown = after.deal.melds[0][0]
    assert len(grown.cards) == 8
    assert grown.canasta_kind_under(SA) is CanastaKind.NATURAL


@pytest.mark.parametrize("wild", ["JK", "2C"])
def test_SA_CAN_2_no_wild_card_onto_a_completed_canasta(wild: str) -> None:
    game = drawn(hand=f"{wild} 5C 6C", melds=[[K7, "QH QS QD QC QH QS JK"], []])
    assert_rejected(game, AddToMeld(None, wild, meld=0), "SA-CAN-2")
    assert_rejected(game, AddToMeld(None, wild, meld=1), "SA-CAN-2")
    # a meld of six may still take its second wild and become a canasta
    six = drawn(hand=f"{wild} 5C 6C", melds=[["KH KS KD KC KH JK"], []])
    after = assert_accepted(six, AddToMeld(None, wild, meld=0))
    assert after.deal.melds[0][0].canasta_kind_under(SA) is CanastaKind.MIXED


def test_SA_CAN_2_option_wilds_on_a_canasta_up_to_two() -> None:
    """A-27: ``allow_wild_on_canasta=True``: wilds may go on a canasta up to 2 in total."""
    rules = internals.samba(allow_wild_on_canasta=True)
    game = drawn(hand="JK 2C 2D 5C", melds=[[K7], []], rules=rules)
    game = assert_accepted(game, AddToMeld(None, "JK", meld=0))
    assert game.deal.melds[0][0].canasta_kind_under(SA) is CanastaKind.MIXED
    game = assert_accepted(game, AddToMeld(None, "2C", meld=0))
    assert_rejected(game, AddToMeld(None, "2D", meld=0), "SA-MELD-2", "SA-CAN-2")


@pytest.mark.parametrize(
    "card",
    [
        "JS",
        "8S",
        "3S",
    ],
)
def test_SA_CAN_3_samba_is_closed(card: str) -> None:
    game = drawn(hand=f"{card} 5C 6C", melds=[[SAMBA_S], []])
    assert_rejected(game, AddToMeld(None, card, meld=0), "SA-CAN-3", "SA-MELD-3", "SA-MELD-7")


def test_SA_CAN_3_samba_closed_to_the_pile_top_too() -> None:
    game = position("5C 6C", melds=[["4S 5S 6S 7S 8S 9S 10S"], []], pile="JS 4C")
    assert_rejected(game, TakePile(meld=0), "SA-CAN-3", "SA-PILE-2")


def test_SA_CAN_4_two_canastas_of_one_rank_count_twice_to_go_out() -> None:
    game = going_out_position(melds=[[K7, "KC KC KH KS KD JK 2C"], []])
    game = assert_accepted(play(game, Draw(), LayMeld("5C 5D 5H 5S")), Discard("9H"))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.scores[0].canasta_bonus == 500 + 300


# --- SA-PILE -------------------------------------------------------------------------------


def test_SA_PILE_1_m1_natural_pair_on_a_frozen_pile() -> None:
    game = position("8H 8S 5C 9D", melds=[["KH KS KD"], []], pile="8D 6D 2D 4C")
    assert game.deal.pile_frozen
    after = assert_accepted(game, TakePile("8H 8S"))
    assert after.deal.melds[0][1].cards == Cards.parse("8D 8H 8S")
    assert after.hand(0) == Cards.parse("5C 9D 4C 2D 6D")
    assert after.deal.pile == ()


def test_SA_PILE_1_m4_onto_a_rank_meld_when_not_frozen() -> None:
    game = position("5C 9D", melds=[["KH KS KD", "8C 8C 8S"], []], pile="8D 6D 4C")
    after = assert_accepted(game, TakePile(meld=1))
    assert after.deal.melds[0][1].cards == Cards.parse("8C 8C 8S 8D")
    assert after.hand(0) == Cards.parse("5C 9D 4C 6D")


@pytest.mark.parametrize("top", ["7S", "JS"])
def test_SA_PILE_1_m4_onto_a_sequence_end(top: str) -> None:
    game = position("5C 9D", melds=[["8S 9S 10S"], []], pile=f"{top} 4C")
    after = assert_accepted(game, TakePile(meld=0))
    assert len(after.deal.melds[0][0].cards) == 4


@pytest.mark.parametrize("top", ["QS", "8H", "6S"])
def test_SA_PILE_1_m4_top_must_fit_the_sequence_directly(top: str) -> None:
    game = position("5C 9D", melds=[["8S 9S 10S"], []], pile=f"{top} 4C")
    assert_rejected(game, TakePile(meld=0), "SA-PILE-1", "SA-MELD-3", "SA-PILE-2")


def test_SA_PILE_1_option_m4_onto_sequences_only() -> None:
    """A-40: ``layoff_onto_sequences_only=True``: the top card extends only a sequence."""
    rules = internals.samba(layoff_onto_sequences_only=True)
    game = position("5C 9D", melds=[["8C 8C 8S", "8S 9S 10S"], []], pile="8D 4C", rules=rules)
    assert_rejected(game, TakePile(meld=0), "SA-PILE-1", "SA-PILE-2")
    game = position("5C 9D", melds=[["8C 8C 8S", "8S 9S 10S"], []], pile="JS 4C", rules=rules)
    after = assert_accepted(game, TakePile(meld=1))
    assert after.deal.melds[0][1].cards == Cards.parse("8S 9S 10S JS")


def test_SA_PILE_2_mx_natural_plus_wild_never() -> None:
    game = position("8H JK 2C 5C 9D", melds=[["KH KS KD"], []], pile="8D 4C")
    assert not game.deal.pile_frozen
    assert_rejected(game, TakePile("8H JK"), "SA-PILE-2", "SA-PILE-1")
    assert_rejected(game, TakePile("8H 2C"), "SA-PILE-2", "SA-PILE-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


@pytest.mark.parametrize("pair", ["9H 10H", "6H 7H", "7H 9H"])
def test_SA_PILE_2_m2_suited_pair_never(pair: str) -> None:
    game = position(f"{pair} 5C", melds=[["KH KS KD"], []], pile="8H 4C")
    assert_rejected(game, TakePile(pair), "SA-PILE-2", "SA-PILE-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_SA_PILE_2_top_card_plus_a_hand_card_never_extends_a_sequence() -> None:
    # 8S 9S 10S on the table; top QS, hand JS: JS + QS would fit, but that is not a method
    game = position("JS 5C 9D", melds=[["8S 9S 10S"], []], pile="QS 4C")
    assert_rejected(game, TakePile(meld=0), "SA-PILE-1", "SA-PILE-2", "SA-MELD-3")
    assert_rejected(game, TakePile("JS", meld=0), "SA-PILE-1", "SA-PILE-2", "SA-MELD-3")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_SA_PILE_2_top_card_never_onto_a_canasta() -> None:
    game = position("5C 9D", melds=[[K7], []], pile="KC 4C")
    assert_rejected(game, TakePile(meld=0), "SA-PILE-2", "SA-PILE-1", "SA-CAN-2")
    game = position("5C 9D", melds=[[K7], []], pile="KC 4C")
    assert_rejected(game, TakePile(), "SA-PILE-2", "SA-PILE-1", "SA-CAN-2")


def test_SA_PILE_2_m3_wild_pair_never() -> None:
    game = position("JK JK 2C 2D 5C", melds=[["KH KS KD"], []], pile="JK 4C")
    assert_rejected(game, TakePile("JK JK"), "SA-PILE-2", "SA-PILE-3", "SA-MELD-1")
    game = position("JK JK 2C 2D 5C", melds=[["KH KS KD"], []], pile="2H 4C")
    assert_rejected(game, TakePile("2C 2D"), "SA-PILE-2", "SA-PILE-3", "SA-MELD-1")


@pytest.mark.parametrize("top", ["JK", "2H"])
def test_SA_PILE_3_wild_top_card_never_taken(top: str) -> None:
    game = position("JK JK 2C 2D 5C", melds=[["KH KS KD JK"], []], pile=f"{top} 4C")
    assert_rejected(game, TakePile(meld=0), "SA-PILE-3", "SA-FRZ-2")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_SA_PILE_4_black_three_on_top_blocks_the_next_player() -> None:
    game = position("3C 3C 5C", melds=[["KH KS KD"], []], pile="3S 4C")
    assert_rejected(game, TakePile("3C 3C"), "SA-PILE-4", "SA-B3-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_SA_PILE_5_one_card_rule() -> None:
    game = position("8H 8S", melds=[["KH KS KD", "8C 8D 8D"], []], pile="8C")
    # holding two cards: M1 would leave none, M4 leaves 8H 8S; the one-card rule is about
    # holding one card and a one-card pile
    one = position("5C", melds=[["KH KS KD", "8C 8D 8D"], []], pile="8C")
    assert_rejected(one, TakePile(meld=1), "SA-PILE-5")
    assert not any(isinstance(m, TakePile) for m in one.legal_moves())
    assert_accepted(game, TakePile(meld=1))
    # a bigger pile may be taken with one card in hand
    two_card_pile = position("5C", melds=[["KH KS KD", "8C 8D 8D"], []], pile="8C 4C")
    after = assert_accepted(two_card_pile, TakePile(meld=1))
    assert after.hand(0) == Cards.parse("5C 4C")


def test_SA_PILE_6_red_three_in_the_pile_laid_out_without_replacement() -> None:
    game = position("8S 8H 5C 6C 7C", melds=[["QH QS QD"], []], pile="8C 7S 3H")
    assert game.deal.pile_frozen
    stock = game.table.stock_size
    taken = assert_accepted(game, TakePile("8S 8H"))
    assert taken.deal.red_threes[0] == Cards.parse("3H")
    assert taken.hand(0) == Cards.parse("5C 6C 7C 7S")
    assert taken.table.stock_size == stock


def test_SA_PILE_7_m1_makes_a_new_meld_beside_a_canasta_of_the_rank() -> None:
    game = position("KC KD 5C 9D", melds=[[K7], []], pile="KS 4C")
    after = assert_accepted(game, TakePile("KC KD"))
    melds = after.deal.melds[0]
    assert len(melds) == 2
    assert melds[0].cards == Cards.parse(K7)
    assert melds[1].cards == Cards.parse("KS KC KD")


# --- SA-FRZ --------------------------------------------------------------------------------


@pytest.mark.parametrize("freezer", ["2C", "JK", "3D"])
def test_SA_FRZ_1_pile_frozen_while_it_holds_a_wild_or_red_three(freezer: str) -> None:
    game = position("5C 9D", melds=[["8C 8C 8S"], []], pile=f"8D 6D {freezer} 4C")
    assert game.deal.pile_frozen
    assert_rejected(game, TakePile(meld=0), "SA-FRZ-2", "SA-FRZ-1")
    unfrozen = position("5C 9D", melds=[["8C 8C 8S"], []], pile="8D 6D 4C")
    assert not unfrozen.deal.pile_frozen
    assert_accepted(unfrozen, TakePile(meld=0))


def test_SA_FRZ_1_frozen_for_an_unopened_side_changes_nothing() -> None:
    game = position("8H 8S QH QS QD 5C", pile="8D 4C")
    assert not game.deal.pile_frozen
    assert game.table.frozen_for(0)
    after = assert_accepted(game, TakePile("8H 8S"))
    assert after.deal.melds[0][0].cards == Cards.parse("8D 8H 8S")


def test_SA_FRZ_2_frozen_pile_only_by_m1() -> None:
    game = position("8H 8S 5C", melds=[["8C 8C 8S", "4S 5S 6S"], []], pile="8D 7S 2C")
    assert_rejected(game, TakePile(meld=0), "SA-FRZ-2")
    assert_accepted(game, TakePile("8H 8S"))
    seq = position("5C 9D", melds=[["8C 8C 8S", "4S 5S 6S"], []], pile="7S 8D 2C")
    assert_rejected(seq, TakePile(meld=1), "SA-FRZ-2")


# --- SA-OUT --------------------------------------------------------------------------------


def test_SA_OUT_1_two_canastas_needed() -> None:
    game = going_out_position(melds=[[K7, "QH QS QD"], []])
    game = play(game, Draw())
    assert_rejected(game, LayMeld("5C 5D 5H 5S"), "SA-OUT-1", "SA-DRAW-4")
    ok = go_out(going_out_position())
    assert ok.results[-1].end is DealEnd.WENT_OUT


def test_SA_OUT_1_two_canastas_of_any_kind() -> None:
    game = go_out(going_out_position(melds=[[SAMBA_S, "QH QS QD QC QH QS JK"], []]))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.scores[0].canasta_bonus == 1500 + 300


def test_SA_OUT_2_going_out_bonus_200() -> None:
    game = go_out(going_out_position())
    assert game.results[-1].scores[0].going_out == 200
    assert game.results[-1].scores[1].going_out == 0


def test_SA_OUT_2_concealed_scores_the_same_200() -> None:
    game = position(K7 + " " + Q7 + " 9S", draws="QC KC", pile="4C")
    game = play(game, Draw(), LayMeld(K7 + " KC"), LayMeld(Q7 + " QC"), Discard("9S"))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.scores[0].going_out == 200


def test_SA_OUT_3_going_out_with_or_without_a_final_discard() -> None:
    with_discard = go_out(going_out_position())
    assert with_discard.results[-1].end is DealEnd.WENT_OUT
    assert with_discard.results[-1].went_out == 0
    game = going_out_position(draws="5S 5C")
    game = play(game, Draw())
    game = assert_accepted(game, LayMeld("5C 5D 5H 5S 5C"))
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)
    assert result.scores[0].going_out == 200
    assert result.scores[0].meld_points == 140 + 25


def test_SA_OUT_4_no_permission_question_by_default() -> None:
    game = play(going_out_position(), Draw())
    assert_rejected(game, Ask(), "SA-OUT-4")
    assert not any(isinstance(m, Ask) for m in game.legal_moves())


# --- SA-B3 ---------------------------------------------------------------------------------


def test_SA_B3_1_discarded_black_three_blocks_the_next_player() -> None:
    game = position(
        "3S 5C 6C",
        "3C 3C 8H 8S",
        melds=[["KH KS KD"], ["8C 8D 8D"]],
        pile="8C 4C",
        draws="9H 9D",
    )
    game = play(game, Draw(), Discard("3S"))
    assert game.to_move == 1
    assert_rejected(game, TakePile("3C 3C"), "SA-PILE-4", "SA-B3-1")
    assert_rejected(game, TakePile(meld=0), "SA-PILE-4", "SA-B3-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_SA_B3_2_black_three_meld_only_when_going_out() -> None:
    game = play(going_out_position(hand="3C 3S 3C 5C 5D 5H 4D"), Draw())
    assert_rejected(game, LayMeld("3C 3C 3S"), "SA-B3-2")
    game = going_out_position(hand="3C 3S 3C 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    game = assert_accepted(game, LayMeld("3C 3C 3S"))
    assert game.deal.melds[0][-1].kind is MeldKind.BLACK_THREES
    game = assert_accepted(game, Discard("9H"))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.scores[0].meld_points == 140 + 20 + 15


@pytest.mark.parametrize("wild", ["JK", "2D"])
def test_SA_B3_2_no_wild_cards_in_a_black_three_meld(wild: str) -> None:
    game = going_out_position(hand=f"3C 3S 3C {wild} 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    assert_rejected(game, LayMeld(f"3C 3C 3S {wild}"), "SA-B3-2", "SA-MELD-2")
    assert_rejected(game, LayMeld(f"3C 3S {wild}"), "SA-B3-2", "SA-MELD-2")


def test_SA_B3_2_black_three_meld_is_never_a_canasta() -> None:
    sixes = "3C 3C 3C 3S 3S 3S"
    game = going_out_position(hand=sixes + " 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"), LayMeld(sixes), Discard("9H"))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.scores[0].canasta_bonus == 1000
    assert result.scores[0].meld_points == 140 + 20 + 30
    black = meld(sixes)
    assert not black.is_canasta_under(SA)
    assert black.bonus(SA) == 0


def test_SA_B3_3_black_threes_plus_five_melded_minus_five_in_hand() -> None:
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


# --- SA-R3 ---------------------------------------------------------------------------------


def test_SA_R3_1_dealt_red_threes_replaced_at_the_first_turn() -> None:
    game = Game.new(SA, seed=seed_where(4, "seat 1 red3"))
    assert not any(card.is_red_three for card in game.hand(0))
    assert len(game.hand(0)) == 15
    dealt = Cards.of(card for card in game.hand(1) if card.is_red_three)
    assert dealt
    assert game.table.red_threes[1] == Cards()
    game = play(game, Draw())
    game = play(game, Discard(next(c for c in game.hand(0) if not c.is_wild)))
    assert game.to_move == 1
    assert game.phase is Phase.DRAW
    assert not any(card.is_red_three for card in game.hand(1))
    assert len(game.hand(1)) == 15
    assert game.table.red_threes[1].issuperset(dealt)


def test_SA_R3_2_one_hundred_each_all_six_one_thousand() -> None:
    assert [SA.red_three_amount(n) for n in range(7)] == [0, 100, 200, 300, 400, 500, 1000]
    game = go_out(going_out_position(red_threes=["3H 3D 3H", ""]))
    assert game.results[-1].scores[0].red_threes == 300
    game = go_out(going_out_position(red_threes=["3H 3D 3H 3D 3H 3D", ""]))
    assert game.results[-1].scores[0].red_threes == 1000


def test_SA_R3_3_red_threes_plus_only_with_two_canastas() -> None:
    game = go_out(going_out_position(red_threes=["3H 3D", "3H"], melds=[[K7, Q7], ["9C 9D 9S"]]))
    scores = game.results[-1].scores
    assert scores[0].red_threes == 200
    assert scores[1].red_threes == -100  # melded, but no canasta
    one = go_out(
        going_out_position(red_threes=["3H 3D", "3H"], melds=[[K7, Q7], ["JH JS JD JC JH JS JD"]])
    )
    assert one.results[-1].scores[1].red_threes == -100  # one canasta is not enough


def test_SA_R3_3_option_red_threes_plus_with_any_meld() -> None:
    """A-26: ``red_threes_need_canasta=False``: red threes count plus for a side that melded."""
    rules = internals.samba(red_threes_need_canasta=False)
    game = go_out(
        going_out_position(
            rules=rules,
            red_threes=[
                "3H 3D",
                "3H",
            ],
            melds=[[K7, Q7], ["9C 9D 9S"]],
        )
    )
    assert game.results[-1].scores[1].red_threes == 100
    game = go_out(going_out_position(rules=rules, red_threes=["3H 3D", "3H"]))
    assert game.results[-1].scores[1].red_threes == -100  # side 1 never melded


# --- SA-STOCK ------------------------------------------------------------------------------


def test_SA_STOCK_1_red_three_as_the_last_card_ends_the_deal() -> None:
    game = going_out_position(stock="3H")
    game = assert_accepted(game, Draw())
    game = at_deal_end(game, "SA-STOCK-1")
    assert game.deal_number == 1
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.went_out is None
    assert [s.going_out for s in result.scores] == [0, 0]
    side = result.scores[0]
    assert side.red_threes == 100
    assert side.meld_points == 140
    assert side.hand_penalty == -points("5C 5D 5H 10H")  # player 0 and the partner


def test_SA_STOCK_1_red_three_first_of_two_with_no_replacement_ends_the_deal() -> None:
    game = going_out_position(stock="3H 9H")
    game = assert_accepted(game, Draw())
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.scores[0].hand_penalty == -points("5C 5D 5H 9H 10H")


def test_SA_STOCK_1_option_last_red_three_may_meld() -> None:
    """A-36 option ``last_red_three_may_meld=True``: the player may still meld (but, as in
    CL-EXH-1, not discard); the deal then ends without a going-out bonus."""
    rules = internals.samba(last_red_three_may_meld=True)
    game = going_out_position(rules=rules, stock="3H", hand="5C 5D 5H 5S 9H")
    default = going_out_position(stock="3H", hand="5C 5D 5H 5S 9H")
    assert at_deal_end(play(default, Draw()), "SA-STOCK-1").deal_number == 1
    game = assert_accepted(game, Draw())
    assert game.deal_number == 0
    assert game.deal.red_threes[0] == Cards.parse("3H")
    game = assert_accepted(game, LayMeld("5C 5D 5H 5S"))
    assert_rejected(game, Discard("9H"), "SA-STOCK-1")
    game = assert_accepted(game, Pass())
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.scores[0].meld_points == 140 + 20
    assert result.scores[0].going_out == 0


def exhausted(hand: str = "5C 6C", **kwargs: Any) -> Game:
    """The stock is empty; the pile (4D 8H) is unfrozen."""
    kwargs.setdefault("melds", [["8C 8D 8S"], []])
    kwargs.setdefault("pile", "8H 4D")
    return position(hand, stock="", **kwargs)


def test_SA_STOCK_2_take_is_compulsory_when_m4_fits() -> None:
    game = exhausted()
    assert_rejected(game, Pass(), "SA-STOCK-2")
    assert [shape_by_meld(m) for m in game.legal_moves()] == [shape_by_meld(TakePile(meld=0))]
    game = assert_accepted(game, TakePile(meld=0))
    assert game.hand(0) == Cards.parse("5C 6C 4D")


def test_SA_STOCK_2_not_compulsory_onto_a_canasta_or_from_a_frozen_pile() -> None:
    game = exhausted(melds=[["8C 8C 8D 8D 8S 8S 8H"], []])
    after = assert_accepted(game, Pass())
    assert after.results[-1].end is DealEnd.STOCK_EXHAUSTED
    game = exhausted(pile="8H 4D 2C")
    after = assert_accepted(game, Pass())
    assert after.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_SA_STOCK_2_one_card_rule_exception() -> None:
    game = exhausted(hand="5C", pile="8H")
    assert_rejected(game, TakePile(meld=0), "SA-PILE-5")
    after = assert_accepted(game, Pass())
    assert after.results[-1].end is DealEnd.STOCK_EXHAUSTED


def test_SA_STOCK_2_m1_is_optional_and_refusing_ends_the_deal() -> None:
    game = exhausted(hand="AH AS 5C", melds=[[], []], pile="AD 4D")
    assert_accepted(game, TakePile("AH AS"))
    after = assert_accepted(game, Pass())
    after = at_deal_end(after, "SA-STOCK-2")
    assert after.deal_number == 1
    result = after.results[-1]
    assert result.end is DealEnd.STOCK_EXHAUSTED
    assert result.went_out is None


def test_SA_STOCK_2_no_going_out_bonus_when_the_stock_runs_out() -> None:
    game = exhausted(melds=[[K7, Q7], ["9C 9D 9S"]], hand="AH AS 5C", pile="AD 4D")
    game = play(game, Pass())
    scores = game.results[-1].scores
    assert [s.going_out for s in scores] == [0, 0]
    assert scores[0].canasta_bonus == 1000


def test_SA_STOCK_2_after_a_take_the_next_player_has_the_same_duty() -> None:
    game = exhausted(hand="5C 6C 9H", melds=[["8C 8D 8S"], ["9C 9D 9S"]])
    game = play(game, TakePile(meld=0), Discard("9H"))
    assert game.to_move == 1
    assert_rejected(game, Pass(), "SA-STOCK-2")
    game = assert_accepted(game, TakePile(meld=0))
    assert game.deal.melds[1][0].cards == Cards.parse("9C 9D 9S 9H")


# --- SA-MRG --------------------------------------------------------------------------------


def test_SA_MRG_1_same_rank_melds_merge_different_ranks_do_not() -> None:
    game = drawn(melds=[["6C 6D 6H", "KH KS KD", "6S 6C 6D"], []])
    after = assert_accepted(game, MergeMelds(0, 2))
    assert [m.cards for m in after.deal.melds[0]] == [
        Cards.parse("6C 6D 6H 6S 6C 6D"),
        Cards.parse("KH KS KD"),
    ]
    assert after.hand(0) == game.hand(0)
    assert_rejected(game, MergeMelds(0, 1), "SA-MRG-1")


def test_SA_MRG_1_sequences_of_different_suits_do_not_join() -> None:
    game = drawn(melds=[["4S 5S 6S", "7H 8H 9H"], []])
    assert_rejected(game, MergeMelds(0, 1), "SA-MRG-1", "SA-MELD-5")


# --- SA-SCORE ------------------------------------------------------------------------------


def test_SA_SCORE_1_worked_deal() -> None:
    """A worked deal, computed by hand.

    Side 0 (players 0 and 2): a samba of spades (4S-10S, 50 points), a mixed canasta of
    queens (QH QS QD QC QH JK 2C: 50 + 50 + 20 = 120), eights 8C 8D 8H (30); two red threes.
    Player 0 draws 9H 9D, lays 9C 9H 9D (30) and discards 4H: out, with 2C 5D... none left.
    Player 2 holds 5C JK (55).

    Side 0: melds 50 + 120 + 30 + 30 = 230; bonuses 1500 + 300 = 1800; red threes +200
    (two canastas); going out 200; hand -55. Total 2375.

    Side 1 (players 1 and 3): kings KH KS KD KC (40), one red three, no canasta: -100;
    hands: player 1 AC 7D (25), player 3 4S 2D (25). Total 40 - 100 - 50 = -110.
    """
    game = position(
        "9C 4H",
        "AC 7D",
        "5C JK",
        "4S 2D",
        melds=[[SAMBA_S, "QH QS QD QC QH JK 2C", "8C 8D 8H"], ["KH KS KD KC"]],
        red_threes=["3H 3D", "3H"],
        melded_players=[0, 2],
        pile="6C",
        draws="9H 9D",
    )
    game = play(game, Draw(), LayMeld("9C 9H 9D"), Discard("4H"))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    zero, one = result.scores
    assert (zero.meld_points, zero.canasta_bonus, zero.red_threes) == (230, 1800, 200)
    assert (zero.going_out, zero.hand_penalty, zero.total) == (200, -55, 2375)
    assert (one.meld_points, one.canasta_bonus, one.red_threes) == (40, 0, -100)
    assert (one.going_out, one.hand_penalty, one.total) == (0, -50, -110)
    assert game.scores == (2375, -110)


# --- SA-MATCH ------------------------------------------------------------------------------


def test_SA_MATCH_1_target_10000_highest_wins() -> None:
    assert SA.target_score == 10000
    game = go_out(going_out_position(scores=[9000, 9500]))
    # side 0: 140 + 20 + 1000 + 200 - 10 = 1350 -> 10350; side 1: -30 -> 9470
    assert game.is_over
    assert game.winner == 0


def test_SA_MATCH_1_below_the_target_play_continues() -> None:
    game = go_out(going_out_position(scores=[8000, 0]))
    assert not game.is_over
    game = at_deal_end(game)
    assert game.deal_number == 1


def test_SA_MATCH_1_equal_totals_are_a_draw() -> None:
    # side 0 gains 1350 (the partner holds 10H), side 1 loses 30 (10C 10D, 10S)
    game = go_out(going_out_position(scores=[9000, 10380]))
    assert game.scores[0] == game.scores[1] == 10350
    assert game.is_over
    assert game.winner is None
