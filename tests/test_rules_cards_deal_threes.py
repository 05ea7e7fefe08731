"""Rule scenarios for classic.md sections 1 to 7: definitions, deck, card values, seating,
the deal and the upcard, red threes and black threes (CL-DEF, CL-DECK, CL-VAL, CL-SEAT,
CL-DEAL, CL-UP, CL-R3, CL-B3), with the options upcard_cover_black_three,
pile_frozen_at_start, black_three_freezes_pile, red_three_timing,
red_three_four_bonus_total and red_threes_need_canasta.

Deal and upcard rules are checked on real shuffled deals (seeds searched for the situation
needed); the rest on positions built by hand with an explicit stock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
import internals
import pytest
from internals import start_deal
from scenario_helpers import Scenarios, at_deal_end, offered_exactly, rule_of, unplaced

import canasta
from canasta import (
    AddToMeld,
    Card,
    Cards,
    DealEnd,
    Discard,
    Draw,
    Game,
    LayMeld,
    Meld,
    Phase,
    Rank,
    RuleSet,
    TakePile,
)

RULES = canasta.find_rules("classic", players=4)
SEEDS = range(400)


# --- helpers --------------------------------------------------------------------------------


def cards(text: str) -> Cards:
    return Cards.parse(text)


def position(
    rules: RuleSet = RULES,
    *,
    hands: Sequence[str],
    melds: Sequence[Sequence[str]] | None = None,
    red_threes: Sequence[str] | None = None,
    pile: str = "",
    draws: str = "",
    pile_frozen: bool | None = None,
    to_move: int = 0,
    scores: Sequence[int] | None = None,
    melded_players: Sequence[int] = (),
    stock_rest_to_pile: bool = False,
    deal_number: int = 0,
) -> Game:
    """A position with an explicit stock: ``draws`` are drawn in the order written.

    The other unplaced cards lie below them in the stock, or (``stock_rest_to_pile``) are
    buried at the bottom of the pile, so that the stock holds only ``draws``.
    """
    pile_cards = cards_in_order(pile)
    stock = None
    if stock_rest_to_pile:
        placed = [cards(text) for text in (pile, draws, *hands, *(red_threes or []))]
        pile_cards = [*pile_cards, *unplaced(rules, placed, melds)]
        stock = cards_in_order(draws)
    return Game.from_position(
        rules,
        hands=list(hands),
        melds=[list(side) for side in melds] if melds is not None else None,
        red_threes=list(red_threes) if red_threes is not None else None,
        pile=pile_cards,
        pile_frozen=pile_frozen,
        stock=stock,
        draws="" if stock_rest_to_pile else draws,
        to_move=to_move,
        scores=list(scores) if scores is not None else None,
        melded_players=list(melded_players),
        deal_number=deal_number,
    )


def cards_in_order(text: str) -> list[Card]:
    """The cards of ``text`` in the order written (``Cards`` would sort them)."""
    return [Card.parse(word) for word in text.split()]


#: The move is refused for the rule by explain and apply, and never generated.
assert_rejected = Scenarios(RULES, offered=offered_exactly).assert_rejected


def takes_offered(game: Game) -> list[TakePile]:
    return [move for move in game.legal_moves() if isinstance(move, TakePile)]


def find_seed(rules: RuleSet, wanted: Callable[[Game], bool], seeds: range = SEEDS) -> int:
    for seed in seeds:
        if wanted(Game.new(rules, seed=seed)):
            return seed
    raise AssertionError("no seed gives the situation the test needs")


def all_placed(game: Game) -> Cards:
    """Every card of the deal: hands, melds, red threes, pile and stock."""
    deal = game.deal
    total = Cards.of(deal.pile) + Cards.of(deal.stock)
    for hand in deal.hands:
        total = total + hand
    for reds in deal.red_threes:
        total = total + reds
    for side in deal.melds:
        for meld in side:
            total = total + meld.cards
    return total


def red_threes_laid(game: Game) -> int:
    return sum(len(reds) for reds in game.table.red_threes)


def spec_deal(
    rules: RuleSet, seed: str, first_seat: int
) -> tuple[list[Cards], list[Card], list[Card], list[Cards]]:
    """The deal as the specification describes it, from the pack order fixed by ``seed``.

    CL-DEAL-1: one card at a time, clockwise, from the player to the dealer's left (the first
    player); CL-UP-1/2: upcards turned until one may stay on top; CL-R3-2 ``after_deal``:
    players in turn order from the first, each finishing all replacements before the next.
    Returns hands per seat, pile (bottom first), stock (top last) and red threes per side.
    """
    stock = list(canasta.shuffled_pack(rules.decks, seed))
    seats = rules.active_players
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for index in range(rules.hand_size * seats):
        hands[(first_seat + index) % seats].append(stock.pop())
    pile: list[Card] = []
    while True:
        card = stock.pop()
        pile.append(card)
        covered = card.is_wild or card.is_red_three
        if card.is_black_three and rules.upcard_cover_black_three:
            covered = True
        if not covered:
            break
    reds: list[list[Card]] = [[] for _ in range(rules.num_sides)]
    if rules.red_three_timing == "after_deal":
        for offset in range(seats):
            seat = (first_seat + offset) % seats
            hand = hands[seat]
            while any(card.is_red_three for card in hand):
                red = next(card for card in hand if card.is_red_three)
                hand.remove(red)
                reds[seat % rules.num_sides].append(red)
                hand.append(stock.pop())
    return [Cards.of(h) for h in hands], pile, stock, [Cards.of(r) for r in reds]


# A position in which player 0 goes out by drawing the 9C, melding three kings and
# discarding the 9C. Side 0 holds a natural canasta of queens.
OUT_HANDS = ["KH KS KD", "4C 4D 5C", "6C 6D", "7C 7D"]
OUT_SIDE0 = ["QH QH QS QS QD QD QC"]


def go_out(game: Game, meld: str = "KH KS KD", discard: str = "9C") -> Game:
    game = game.apply(Draw())
    game = game.apply(LayMeld(meld))
    return game.apply(Discard(Card.parse(discard)))


def red_three_result(
    reds: Sequence[str],
    side1_melds: Sequence[str] = (),
    rules: RuleSet = RULES,
) -> canasta.DealResult:
    """The scored deal after player 0 goes out, with the given red threes per side."""
    game = position(
        rules,
        hands=OUT_HANDS,
        melds=[OUT_SIDE0, list(side1_melds)],
        red_threes=list(reds),
        pile="9S",
        draws="9C",
    )
    after = go_out(game)
    assert after.results, "the deal should have ended"
    result = after.results[-1]
    assert result.end is DealEnd.WENT_OUT
    return result


# --- 1. Definitions (CL-DEF) ------------------------------------------------------------------


def test_CL_DEF_1_natural_cards_are_four_to_ace() -> None:
    naturals = {Rank(text) for text in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")}
    for face in canasta.ALL_FACES:
        assert face.is_natural == (face.rank in naturals), face
    assert not Card.parse("3S").is_natural
    assert not Card.parse("3H").is_natural
    assert not Card.parse("3S").is_wild
    assert not Card.parse("3H").is_wild
    # A three cannot stand in for a natural card of a meld.
    assert canasta.check_new_meld(cards("KH KS 3S"), RULES) is not None
    assert canasta.check_new_meld(cards("KH 3S 2C"), RULES) is not None


def test_CL_DEF_2_wild_card_stands_for_rank_but_keeps_its_value() -> None:
    for face in canasta.ALL_FACES:
        assert face.is_wild == (face.rank in (Rank.TWO, Rank.JOKER)), face
    meld = Meld.of("KH KS 2C JK")
    assert meld.rank is Rank.KING
    assert meld.points == 10 + 10 + 20 + 50
    game = position(hands=["KH KS 2C 9D 9H", "", "", ""], melds=[["AH AS AD"], []], draws="5C")
    game = game.apply(Draw())
    after = game.apply(LayMeld("KH KS 2C"))
    kings = [m for m in after.table.melds[0] if m.rank is Rank.KING]
    assert len(kings) == 1
    assert kings[0].points == 40


def test_CL_DEF_3_red_and_black_threes() -> None:
    assert [Card.parse(t).is_red_three for t in ("3H", "3D", "3S", "3C")] == [
        True,
        True,
        False,
        False,
    ]
    assert [Card.parse(t).is_black_three for t in ("3H", "3D", "3S", "3C")] == [
        False,
        False,
        True,
        True,
    ]
    assert not any(Card.parse(t).is_red_three for t in ("JK", "2H", "2D", "4H"))


@pytest.mark.parametrize(
    ("rules", "sides"),
    [
        (canasta.find_rules("classic", players=2), [0, 1]),
        (canasta.find_rules("classic", players=3), [0, 1, 2]),
        (canasta.find_rules("classic", players=4), [0, 1, 0, 1]),
        (canasta.find_rules("classic", players=6), [0, 1, 0, 1, 0, 1]),
        (
            internals.classic_six_player(six_player_sides=3),
            [0, 1, 2, 0, 1, 2],
        ),
    ],
)
def test_CL_DEF_4_side_is_partnership_or_single_player(rules: RuleSet, sides: list[int]) -> None:
    game = Game.new(rules, seed=1)
    assert [game.side_of_player(p) for p in range(rules.num_players)] == sides
    assert len(game.scores) == len(set(sides)) == len(game.table.melds)
    assert len(game.table.red_threes) == len(set(sides))


def test_CL_DEF_5_meld_is_three_or_more_cards_of_one_rank() -> None:
    game = position(hands=["KH KS 9C 9D 5H", "", "", ""], melds=[["AH AS AD"], []], draws="4C")
    game = game.apply(Draw())
    assert_rejected(game, LayMeld("KH KS"), "CL-MELD-5")
    assert rule_of(game, LayMeld("KH KS 9C")) == "CL-MELD-1"
    game2 = position(hands=["KH KS KD 9D 5H", "", "", ""], melds=[["AH AS AD"], []], draws="4C")
    game2 = game2.apply(Draw())
    assert game2.is_legal(LayMeld("KH KS KD"))


def test_CL_DEF_6_canasta_natural_or_mixed() -> None:
    six = Meld.of("KH KH KS KS KD KD")
    assert not six.is_canasta_under(RULES)
    assert six.canasta_kind_under(RULES) is None
    natural = Meld.of("KH KH KS KS KD KD KC")
    assert natural.is_canasta_under(RULES)
    assert natural.canasta_kind_under(RULES) is canasta.CanastaKind.NATURAL
    mixed = Meld.of("KH KH KS KS 2D JK 2C")
    assert mixed.is_canasta_under(RULES)
    assert mixed.canasta_kind_under(RULES) is canasta.CanastaKind.MIXED
    assert natural.bonus(RULES) == 500
    assert mixed.bonus(RULES) == 300


def test_CL_DEF_7_red_threes_do_not_open_the_side() -> None:
    game = position(
        hands=["9H 9D 2C 5C 6C", "", "", ""],
        melds=[[], ["AH AS AD"]],
        red_threes=["3H 3D", ""],
        pile="9C 4C",
    )
    table = game.table
    assert len(table.red_threes[0]) == 2
    assert not table.has_opened(0)
    assert not table.pile_frozen
    assert table.frozen_for(0)
    assert not table.frozen_for(1)
    # Closed to side 0: one natural and a wild card do not take it (CL-PILE-5).
    assert_rejected(game, TakePile("9H 2C"), "CL-PILE-5")


def test_CL_DEF_8_stock_is_face_down_remainder_drawn_from_the_top() -> None:
    game = position(hands=["5C 6C", "", "", ""], draws="KH QH")
    before = game.table.stock_size
    assert before == 108 - 2  # everything but the two cards in hand
    after = game.apply(Draw())
    assert after.table.stock_size == before - 1
    assert after.hand(0) == cards("5C 6C KH")


def test_CL_DEF_9_pile_top_card_is_the_last_discard() -> None:
    game = position(hands=["5C 6C", "", "", ""], pile="KD 8C", draws="QH")
    assert game.table.pile_top == Card.parse("KD")
    assert game.table.pile_size == 2
    after = game.apply(Draw()).apply(Discard(Card.parse("QH")))
    assert after.table.pile_top == Card.parse("QH")
    assert after.table.pile_size == 3


def test_CL_DEF_10_globally_frozen_for_every_side() -> None:
    game = position(
        hands=["9H 9D 9S 5C", "", "", ""],
        melds=[["9C 9C 2C"], ["AH AS AD"]],
        pile="9D 4C 2D",
    )
    assert game.table.pile_frozen
    assert game.table.frozen_for(0)
    assert game.table.frozen_for(1)
    # An existing meld of the rank does not help on a frozen pile.
    assert_rejected(game, TakePile(), "CL-PILE-5")
    assert game.is_legal(TakePile("9H 9S"))


def test_CL_DEF_11_pile_closed_to_side_that_has_not_opened() -> None:
    game = position(
        hands=["9H 9S 2D 5C", "9S 2C 6C 6D", "", ""],
        melds=[["9C 9C 2H"], []],
        pile="9D 4C",
        to_move=1,
    )
    assert not game.table.pile_frozen
    assert game.table.frozen_for(1)
    assert not game.table.frozen_for(0)
    assert_rejected(game, TakePile("9S 2C"), "CL-PILE-5")


def test_CL_DEF_12_frozen_for_side_is_global_freeze_or_not_opened() -> None:
    for pile, melds in (
        ("4C 9D", [["9C 9C 2H"], []]),
        ("2H 9D", [["9C 9C 2H"], []]),
        ("4C 9D", [[], []]),
        ("JK 9D", [["9C 9C 2H"], ["AH AS AD"]]),
    ):
        table = position(hands=["5C", "", "", ""], melds=melds, pile=pile).table
        for side in (0, 1):
            assert table.frozen_for(side) == (table.pile_frozen or not table.has_opened(side))
    opened = position(hands=["5C", "", "", ""], melds=[["9C 9C 2H"], []], pile="9D 4C")
    assert not opened.table.frozen_for(0)


@pytest.mark.parametrize("top", ["2D", "JK", "3S", "3C"])
def test_CL_DEF_13_stop_card_on_top_blocks_the_pile(top: str) -> None:
    game = position(
        hands=["9H 9S 5C 5D", "", "", ""],
        melds=[["9C 9C 2H"], []],
        pile=f"{top} 9D",
    )
    assert_rejected(game, TakePile("9H 9S"), "CL-PILE-2")
    assert_rejected(game, TakePile(), "CL-PILE-2")
    assert takes_offered(game) == []


def test_CL_DEF_14_going_out_empties_the_hand_and_ends_the_deal() -> None:
    game = position(hands=OUT_HANDS, melds=[OUT_SIDE0, []], pile="9S", draws="9C")
    after = go_out(game)
    result = after.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.went_out == 0
    assert result.scores[0].going_out == 100
    after = at_deal_end(after)
    assert after.deal_number == 1


def test_CL_DEF_15_hand_runs_until_out_then_next_hand_is_dealt() -> None:
    game = position(hands=OUT_HANDS, melds=[OUT_SIDE0, []], pile="9S", draws="9C")
    assert game.deal_number == 0
    assert not game.results
    after = go_out(game)
    assert len(after.results) == 1
    assert after.results[0].number == 0
    assert after.deal_number == 0  # the game waits at the end of the deal
    assert after.scores == tuple(after.results[0].totals)
    after = at_deal_end(after, "CL-OUT-3")
    assert after.deal_number == 1
    assert not after.is_over
    assert after.phase is Phase.DRAW
    assert after.scores == tuple(after.results[0].totals)
    assert all(len(after.hand(p)) == 11 for p in range(4))
    assert after.table.melds == ((), ())


def test_CL_DEF_16_cumulative_score_at_start_sets_minimum() -> None:
    game = position(hands=["5C", "", "", ""], scores=[-5, 1500])
    assert game.minimums == (15, 90)
    game = position(
        hands=OUT_HANDS, melds=[OUT_SIDE0, []], pile="9S", draws="9C", scores=[1400, 0]
    )
    assert game.minimums == (50, 50)
    after = go_out(game)
    totals = after.results[-1].totals
    assert after.scores == (1400 + totals[0], totals[1])
    assert after.scores[0] >= 1500
    assert after.scores[1] < 0
    assert after.minimums == (50, 50)  # this deal's, until the next one is dealt
    assert at_deal_end(after).minimums == (90, 15)


# --- 2. Deck (CL-DECK) --------------------------------------------------------------------------


def test_CL_DECK_1_pack_of_108_cards_is_all_dealt() -> None:
    pack = canasta.pack_cards(2)
    assert len(pack) == 108
    for seed in range(20):
        game = Game.new(RULES, seed=seed)
        assert all_placed(game) == pack


def test_CL_DECK_2_category_counts() -> None:
    pack = canasta.pack_cards(RULES.decks)
    assert pack.count_rank(Rank.JOKER) == 4
    assert pack.count_rank(Rank.TWO) == 8
    assert sum(pack.count(face) for face in pack.faces() if face.is_red_three) == 4
    assert sum(pack.count(face) for face in pack.faces() if face.is_black_three) == 4
    assert pack.count(Card.parse("3H")) == pack.count(Card.parse("3D")) == 2
    assert pack.count(Card.parse("3S")) == pack.count(Card.parse("3C")) == 2
    for rank in canasta.NATURAL_RANKS:
        assert pack.count_rank(rank) == 8
    assert sum(pack.count(face) for face in pack.faces() if face.is_natural) == 88
    assert sum(pack.count(face) for face in pack.faces() if face.is_wild) == 12


def test_CL_DECK_3_suits_do_not_matter_except_for_threes() -> None:
    game = position(
        hands=["KH KS KC KD 5C", "", "", ""],
        melds=[["AH AS AD"], []],
        pile="KD 4C",
    )
    one = game.apply(TakePile("KH KS"))
    other = game.apply(TakePile("KC KD"))
    assert len(one.hand(0)) == len(other.hand(0))
    meld_one = next(m for m in one.table.melds[0] if m.rank is Rank.KING)
    meld_other = next(m for m in other.table.melds[0] if m.rank is Rank.KING)
    assert (meld_one.size, meld_one.points) == (meld_other.size, meld_other.points)
    # The colour of a three does matter: a red three is a bonus card, a black three a card.
    assert Card.parse("3H").points == 0
    assert Card.parse("3S").points == 5


@pytest.mark.parametrize(
    ("rules", "size"),
    [
        (canasta.find_rules("classic", players=6), 162),
        (internals.classic_six_player(pack="two"), 108),
        (canasta.find_rules("classic", players=2), 108),
        (canasta.find_rules("classic", players=3), 108),
        (canasta.find_rules("classic", players=5), 108),
    ],
)
def test_CL_DECK_4_only_six_player_three_pack_changes_the_pack(rules: RuleSet, size: int) -> None:
    game = Game.new(rules, seed=3)
    placed = all_placed(game)
    assert len(placed) == size
    assert placed == canasta.pack_cards(rules.decks)
    if size == 162:
        assert placed.count_rank(Rank.JOKER) == 6


def test_CL_DECK_5_rank_order_does_not_affect_legality() -> None:
    for rank in canasta.NATURAL_RANKS:
        t = rank.text
        other = "5C 5C 5D" if rank is Rank.FOUR else "4C 4C 4D"
        game = position(
            hands=[f"{t}H {t}S {t}D JK 3S", "", "", ""], melds=[[other], []], draws="3C"
        ).apply(Draw())
        assert game.is_legal(LayMeld(f"{t}H {t}S {t}D")), rank
        assert game.is_legal(LayMeld(f"{t}H {t}S JK")), rank
        meld = game.apply(LayMeld(f"{t}H {t}S {t}D")).table.melds[0]
        assert next(m for m in meld if m.rank is rank).points == 3 * Card.parse(f"{t}H").points


# --- 3. Card values (CL-VAL) -------------------------------------------------------------------


def test_CL_VAL_1_point_values() -> None:
    expected = {
        "JK": 50,
        "2C": 20,
        "AH": 20,
        "KS": 10,
        "QD": 10,
        "JC": 10,
        "10H": 10,
        "9S": 10,
        "8D": 10,
        "7C": 5,
        "6H": 5,
        "5S": 5,
        "4D": 5,
        "3S": 5,
        "3C": 5,
        "3H": 0,
        "3D": 0,
    }
    for text, points in expected.items():
        assert Card.parse(text).points == points, text


def test_CL_VAL_2_same_values_for_melds_hands_and_opening_count() -> None:
    # (a) melded cards and (b) cards left in hand.
    game = position(
        hands=["KH KS KD", "JK 2C AH KC 7C 3S", "6C 6D", "7D 4H"],
        melds=[["QH QH QS QS QD QD QC"], []],
        pile="9S",
        draws="9C",
    )
    result = go_out(game).results[-1]
    assert result.scores[0].meld_points == 70 + 30
    assert result.scores[0].hand_penalty == -(5 + 5)
    assert result.scores[1].hand_penalty == -(50 + 20 + 20 + 10 + 5 + 5 + 5 + 5)
    # (c) the opening count: three aces and a two count 80; three kings only 30.
    opening = position(hands=["AH AS AD 2C 9D 5C", "", "", ""], draws="4C").apply(Draw())
    assert opening.is_legal(LayMeld("AH AS AD"))
    short = position(hands=["KH KS KD 9D 5C", "", "", ""], draws="4C").apply(Draw())
    assert_rejected(short, LayMeld("KH KS KD"), "CL-INIT-1")
    after = opening.apply(LayMeld("AH AS AD 2C"))
    assert after.draft.points == 80


def test_CL_VAL_3_scores_are_multiples_of_five() -> None:
    results = [
        red_three_result(["3H", "3D"], ["8C 8D 8H"]),
        red_three_result(["", "3H 3H 3D 3D"]),
        red_three_result(["3H 3D 3D", ""], ["JH JH JS JS JD JD 2C"]),
    ]
    for result in results:
        for score in result.scores:
            parts = attrs.astuple(score)[1:]
            assert all(part % 5 == 0 for part in parts), score
            assert score.total % 5 == 0


# --- 4. Players, sides and seating (CL-SEAT) ---------------------------------------------------


def test_CL_SEAT_1_partners_sit_opposite_and_turns_alternate_sides() -> None:
    game = Game.new(RULES, seed=5)
    assert (
        game.side_of_player(0)
        == game.side_of_player(2)
        != game.side_of_player(1)
        == game.side_of_player(3)
    )
    sides = []
    for _ in range(4):
        player = game.to_move
        assert player is not None
        sides.append(game.side_of_player(player))
        game = game.apply(Draw())
        discard = next(m for m in game.legal_moves() if isinstance(m, Discard))
        game = game.apply(discard)
    assert sides == [0, 1, 0, 1]


def test_CL_SEAT_2_play_and_deal_rotate_clockwise() -> None:
    game = Game.new(RULES, seed=11)
    order = []
    for _ in range(5):
        order.append(game.to_move)
        game = game.apply(Draw())
        game = game.apply(next(m for m in game.legal_moves() if isinstance(m, Discard)))
    assert order == [0, 1, 2, 3, 0]
    # The next deal is dealt by the next player clockwise, so the next player leads.
    ended = go_out(position(hands=OUT_HANDS, melds=[OUT_SIDE0, []], pile="9S", draws="9C"))
    ended = at_deal_end(ended)
    assert ended.deal_number == 1
    assert ended.to_move == 1
    later = position(hands=OUT_HANDS, melds=[OUT_SIDE0, []], pile="9S", draws="9C", deal_number=1)
    assert later.to_move == 0
    ended = at_deal_end(go_out(later))
    assert ended.deal_number == 2
    assert ended.to_move == 2


def test_CL_SEAT_2_first_player_of_each_deal_is_dealt_first() -> None:
    """Cards go out clockwise from the dealer's left, i.e. from the player who leads."""
    for first in range(4):
        deal = start_deal(RULES, f"seat-{first}", 0, (50, 50), first)
        hands, _, _, _ = spec_deal(RULES, f"seat-{first}", first)
        assert deal.seat == first
        assert list(deal.hands) == hands


def test_CL_SEAT_4_melds_belong_to_the_side() -> None:
    game = position(
        hands=["5C 5D", "KC 4H 4S", "KH KS 9C", "6C 6D"],
        melds=[["KD KD 2C"], []],
        to_move=2,
        draws="7H 7S",
    )
    game = game.apply(Draw())
    assert game.is_legal(AddToMeld(Rank.KING, "KH KS"))
    after = game.apply(AddToMeld(Rank.KING, "KH KS"))
    kings = next(m for m in after.table.melds[0] if m.rank is Rank.KING)
    assert kings.size == 5
    # An opponent may not add to it.
    enemy = position(
        hands=["5C 5D", "KC 4H 4S", "KH KS 9C", "6C 6D"],
        melds=[["KD KD 2C"], ["AH AS AD"]],
        to_move=1,
        draws="7H",
    ).apply(Draw())
    assert_rejected(enemy, AddToMeld(Rank.KING, "KC"), "CL-MELD-8")


# --- 5. The deal (CL-DEAL) and the upcard (CL-UP) ----------------------------------------------

PLAYER_COUNTS = [
    (canasta.find_rules("classic", players=2), 15, 78),
    (canasta.find_rules("classic", players=3), 13, 69),
    (canasta.find_rules("classic", players=4), 11, 64),
    (canasta.find_rules("classic", players=5), 11, 64),
    (canasta.find_rules("classic", players=6), 13, 84),
    (internals.classic_six_player(pack="two"), 11, 42),
]


@pytest.mark.parametrize("rules", [r for r, _, _ in PLAYER_COUNTS])
def test_CL_DEAL_1_one_card_at_a_time_clockwise_then_upcard_then_red_threes(
    rules: RuleSet,
) -> None:
    variants = [rules, attrs.evolve(rules, upcard_cover_black_three=True)]
    for variant in variants:
        for number in range(40):
            first = number % variant.active_players
            seed = f"deal-{number}"
            deal = start_deal(variant, seed, number, (50,) * variant.num_sides, first)
            hands, pile, stock, reds = spec_deal(variant, seed, first)
            assert list(deal.hands) == hands, seed
            assert list(deal.pile) == pile, seed
            assert list(deal.stock) == stock, seed
            assert list(deal.red_threes) == reds, seed


@pytest.mark.parametrize(("rules", "hand_size", "stock_before_upcard"), PLAYER_COUNTS)
def test_CL_DEAL_2_cards_per_player(
    rules: RuleSet, hand_size: int, stock_before_upcard: int
) -> None:
    for seed in range(10):
        game = Game.new(rules, seed=seed)
        seated = [p for p in range(rules.num_players) if game.hand(p)]
        assert len(seated) == min(rules.num_players, 4 if rules.num_players == 5 else 6)
        for player in seated:
            assert len(game.hand(player)) == hand_size
        table = game.table
        # Each laid red three was replaced by one stock card (CL-R3-2).
        turned_or_replaced = table.pile_size + red_threes_laid(game)
        assert table.stock_size + turned_or_replaced == stock_before_upcard


def test_CL_DEAL_2_five_players_one_sits_out() -> None:
    rules = canasta.find_rules("classic", players=5)
    game = Game.new(rules, seed=2)
    assert [len(game.hand(p)) for p in range(5)] == [11, 11, 11, 11, 0]


def test_CL_DEAL_3_rest_of_pack_is_the_stock() -> None:
    for seed in range(20):
        game = Game.new(RULES, seed=seed)
        deal = game.deal
        dealt = Cards()
        for hand in deal.hands:
            dealt = dealt + hand
        assert Cards.of(deal.stock) == canasta.pack_cards(2) - dealt - Cards.of(deal.pile) - sum(
            deal.red_threes, Cards()
        )
        assert game.table.stock_size == len(deal.stock) > 0


def test_CL_UP_1_wild_and_red_three_upcards_are_covered() -> None:
    multi = red_upcard = wild_upcard = 0
    for seed in SEEDS:
        pile = Game.new(RULES, seed=seed).deal.pile
        top = pile[-1]
        assert not top.is_wild, seed
        assert not top.is_red_three, seed
        assert all(card.is_wild or card.is_red_three for card in pile[:-1]), seed
        multi += len(pile) > 1
        red_upcard += any(card.is_red_three for card in pile)
        wild_upcard += any(card.is_wild for card in pile)
    assert multi
    assert red_upcard
    assert wild_upcard


def test_CL_UP_1_red_three_upcard_stays_in_pile_under_a_new_card() -> None:
    seed = find_seed(RULES, lambda g: g.deal.pile[0].is_red_three)
    game = Game.new(RULES, seed=seed)
    pile = game.deal.pile
    assert len(pile) >= 2
    assert game.table.pile_top == pile[-1]
    assert not game.table.pile_top.is_red_three  # type: ignore[union-attr]
    assert game.table.pile_frozen
    # The buried red three belongs to nobody yet; the turned cards came from the stock.
    buried = Cards.of(c for c in pile if c.is_red_three)
    assert buried
    laid = sum(game.table.red_threes, Cards())
    assert laid + buried == Cards.of(
        c for c in canasta.pack_cards(2) - Cards.of(game.deal.stock) if c.is_red_three
    )
    assert game.table.stock_size == 64 - len(pile) - red_threes_laid(game)


def test_CL_UP_2_black_three_upcard_stays_on_top_as_stop_card() -> None:
    seed = find_seed(
        RULES,
        lambda g: len(g.deal.pile) == 1 and g.deal.pile[-1].is_black_three,
    )
    game = Game.new(RULES, seed=seed)
    assert game.table.pile_top is not None
    assert game.table.pile_top.is_black_three
    assert not game.table.pile_frozen  # CL-B3-2: no freeze by default
    assert takes_offered(game) == []
    assert list(game.legal_moves()) == [Draw()]
    top_rank_pair = TakePile("3S 3C")
    assert rule_of(game, top_rank_pair) == "CL-PILE-2"
    assert rule_of(game, TakePile()) == "CL-PILE-2"


def test_CL_UP_2_option_upcard_cover_black_three() -> None:
    cover = attrs.evolve(RULES, upcard_cover_black_three=True)
    seed = find_seed(RULES, lambda g: g.deal.pile[-1].is_black_three)
    default_pile = Game.new(RULES, seed=seed).deal.pile
    game = Game.new(cover, seed=seed)
    pile = game.deal.pile
    assert list(pile[: len(default_pile)]) == list(default_pile)
    assert len(pile) > len(default_pile)
    top = game.table.pile_top
    assert top is not None
    assert top.is_natural
    assert all(c.is_wild or c.is_three for c in pile[:-1])
    for seed in SEEDS:
        top = Game.new(cover, seed=seed).table.pile_top
        assert top is not None, seed
        assert top.is_natural, seed


def test_CL_UP_3_pile_starts_frozen_iff_wild_or_red_three_turned() -> None:
    frozen = unfrozen = 0
    for seed in SEEDS:
        game = Game.new(RULES, seed=seed)
        turned = game.deal.pile
        expected = any(c.is_wild or c.is_red_three for c in turned)
        assert game.table.pile_frozen == expected, seed
        frozen += expected
        unfrozen += not expected
    assert frozen
    assert unfrozen


def test_CL_UP_3_upcard_freeze_lasts_until_the_pile_is_taken() -> None:
    seed = find_seed(RULES, lambda g: any(c.is_wild for c in g.deal.pile))
    game = Game.new(RULES, seed=seed)
    assert game.table.pile_frozen
    for _ in range(4):
        game = game.apply(Draw())
        natural = next(
            m for m in game.legal_moves() if isinstance(m, Discard) and m.card.is_natural
        )
        game = game.apply(natural)
        assert game.table.pile_frozen


@pytest.mark.parametrize("cover", [False, True])
def test_CL_UP_3_option_black_three_freezes_pile_at_start(cover: bool) -> None:
    rules = attrs.evolve(RULES, black_three_freezes_pile=True, upcard_cover_black_three=cover)
    plain = attrs.evolve(RULES, upcard_cover_black_three=cover)

    def black_three_only(game: Game) -> bool:
        pile = game.deal.pile
        return any(c.is_black_three for c in pile) and not any(
            c.is_wild or c.is_red_three for c in pile
        )

    seed = find_seed(plain, black_three_only)
    assert not Game.new(plain, seed=seed).table.pile_frozen
    game = Game.new(rules, seed=seed)
    assert any(c.is_black_three for c in game.deal.pile)
    assert game.table.pile_frozen


def test_CL_UP_4_turned_cards_come_from_the_stock() -> None:
    seed = find_seed(RULES, lambda g: len(g.deal.pile) >= 3)
    game = Game.new(RULES, seed=seed)
    assert game.table.stock_size == 64 - game.table.pile_size - red_threes_laid(game)
    # A buried red three goes to whichever side takes the pile (CL-R3-4).
    taken = position(
        hands=["", "9H 9D 5C 6C", "", ""],
        melds=[[], ["AH AS AD"]],
        pile="9C 2D 3H",
        to_move=1,
    )
    after = taken.apply(TakePile("9H 9D"))
    assert after.table.red_threes[1] == cards("3H")
    assert after.table.red_threes[0] == Cards()
    assert after.deal.hands[1] == cards("5C 6C 2D")  # the rest of the pile, not the three


def test_CL_UP_5_option_pile_frozen_at_start_always() -> None:
    always = attrs.evolve(RULES, pile_frozen_at_start="always")
    seed = find_seed(RULES, lambda g: len(g.deal.pile) == 1 and g.deal.pile[0].is_natural)
    assert not Game.new(RULES, seed=seed).table.pile_frozen
    game = Game.new(always, seed=seed)
    assert len(game.deal.pile) == 1
    assert game.deal.pile[0].is_natural
    assert game.table.pile_frozen
    for seed in range(50):
        assert Game.new(always, seed=seed).table.pile_frozen


# --- 6. Red threes (CL-R3) ---------------------------------------------------------------------


def test_CL_R3_1_red_threes_never_in_hand_melded_or_discarded() -> None:
    for seed in SEEDS:
        game = Game.new(RULES, seed=seed)
        for player in range(4):
            assert not any(c.is_red_three for c in game.hand(player)), seed
    violation = canasta.check_new_meld(cards("3H 3D 3H"), RULES)
    assert violation is not None
    assert violation.rule == "CL-R3-1"
    violation = canasta.check_addition(Meld.of("KH KS KD"), cards("3H"), RULES)
    assert violation is not None
    assert violation.rule == "CL-R3-1"
    game = position(hands=["KH KS KD 5C", "", "", ""], melds=[["AH AS AD"], []], draws="3H 9C")
    game = game.apply(Draw())
    assert Card.parse("3H") not in game.hand(0)
    assert not game.is_legal(Discard(Card.parse("3H")))
    assert not game.is_legal(LayMeld("KH KS 3H"))
    assert not game.is_legal(AddToMeld(Rank.ACE, "3H"))
    for move in game.legal_moves():
        if isinstance(move, Discard):
            assert not move.card.is_red_three
        if isinstance(move, (LayMeld, AddToMeld)):
            assert not any(c.is_red_three for c in move.cards)


def test_CL_R3_2_dealt_red_threes_are_laid_out_and_replaced() -> None:
    seen = 0
    for seed in SEEDS:
        game = Game.new(RULES, seed=seed)
        if not red_threes_laid(game):
            continue
        seen += 1
        for player in range(4):
            hand = game.hand(player)
            assert len(hand) == 11
            assert not any(c.is_red_three for c in hand)
        for side in (0, 1):
            assert all(c.is_red_three for c in game.table.red_threes[side])
    assert seen


def test_CL_R3_2_replacement_red_three_is_laid_out_and_replaced_too() -> None:
    """A seed in which a replacement card is itself a red three."""
    for number in range(3000):
        seed = f"chain-{number}"
        dealt = list(reversed(canasta.shuffled_pack(2, seed)))[:44]
        dealt_reds = sum(1 for card in dealt if card.is_red_three)
        _, _, _, reds = spec_deal(RULES, seed, 0)
        if sum(len(r) for r in reds) > dealt_reds:
            break
    else:
        raise AssertionError("no seed with a red three as replacement")
    deal = start_deal(RULES, seed, 0, (50, 50), 0)
    total_reds = sum(len(r) for r in deal.red_threes)
    assert total_reds > dealt_reds
    assert all(len(hand) == 11 for hand in deal.hands)
    assert not any(c.is_red_three for hand in deal.hands for c in hand)
    assert len(deal.stock) == 64 - len(deal.pile) - total_reds


def test_CL_R3_2_option_first_turn_timing() -> None:
    rules = attrs.evolve(RULES, red_three_timing="first_turn")

    def later_player_has_red_three(game: Game) -> bool:
        return any(c.is_red_three for c in game.hand(1)) and not any(
            c.is_red_three for c in game.deal.pile
        )

    seed = find_seed(rules, later_player_has_red_three)
    game = Game.new(rules, seed=seed)
    # Player 0 leads: his red threes are already laid out at the start of his turn.
    assert game.to_move == 0
    assert game.phase is Phase.DRAW
    assert not any(c.is_red_three for c in game.hand(0))
    dealt_reds_1 = Cards.of(c for c in game.hand(1) if c.is_red_three)
    assert len(game.hand(1)) == 11
    assert game.table.red_threes[1] == Cards()
    # Player 0 draws and discards; then player 1 lays out and replaces before acquiring.
    game = game.apply(Draw())
    game = game.apply(next(m for m in game.legal_moves() if isinstance(m, Discard)))
    assert game.to_move == 1
    assert game.phase is Phase.DRAW
    assert game.table.red_threes[1].issuperset(dealt_reds_1)
    hand = game.hand(1)
    assert len(hand) == 11
    assert not any(c.is_red_three for c in hand)


def test_CL_R3_2_option_first_turn_replacements_come_from_the_stock_at_that_turn() -> None:
    rules = attrs.evolve(RULES, red_three_timing="first_turn")
    seed = find_seed(
        rules,
        lambda g: (
            sum(1 for c in g.hand(1) if c.is_red_three) == 1
            and sum(1 for c in g.hand(0) if c.is_red_three) == 0
        ),
    )
    game = Game.new(rules, seed=seed)
    held = game.hand(1)
    stock = list(game.deal.stock)
    drawn_by_0 = stock.pop()
    game = game.apply(Draw())
    assert drawn_by_0 in game.hand(0)
    discard = next(m for m in game.legal_moves() if isinstance(m, Discard) and m.card.is_natural)
    game = game.apply(discard)
    replacements = []
    while True:
        card = stock.pop()
        if not card.is_red_three:
            replacements.append(card)
            break
    red = next(c for c in held if c.is_red_three)
    assert game.hand(1) == held - [red] + replacements
    assert red in game.table.red_threes[1]


def test_CL_R3_3_drawn_red_three_is_laid_out_and_replaced() -> None:
    game = position(hands=["KH KS 5C", "", "", ""], melds=[["AH AS AD"], []], draws="3H 9C")
    stock = game.table.stock_size
    after = game.apply(Draw())
    assert after.phase is Phase.MELD
    assert after.hand(0) == cards("KH KS 5C 9C")
    assert after.table.red_threes[0] == cards("3H")
    assert after.table.stock_size == stock - 2


def test_CL_R3_3_chain_of_drawn_red_threes() -> None:
    game = position(hands=["KH KS 5C", "", "", ""], draws="3H 3D 3D 9C")
    stock = game.table.stock_size
    after = game.apply(Draw())
    assert after.hand(0) == cards("KH KS 5C 9C")
    assert after.table.red_threes[0] == cards("3H 3D 3D")
    assert after.table.stock_size == stock - 4
    # Laid out before any meld: nothing of the side is melded, the side has not opened.
    assert not after.table.has_opened(0)


def test_CL_R3_3_two_player_each_drawn_card_is_replaced() -> None:
    rules = canasta.find_rules("classic", players=2)
    game = position(rules, hands=["KH KS 5C", "6C 6D 6H"], draws="3H KD 9C 4C")
    stock = game.table.stock_size
    after = game.apply(Draw())
    assert after.hand(0) == cards("KH KS 5C KD 9C")
    assert after.table.red_threes[0] == cards("3H")
    assert after.table.stock_size == stock - 3
    both = position(rules, hands=["KH KS 5C", "6C 6D 6H"], draws="3H 3D 9C 4C 8C")
    after = both.apply(Draw())
    assert after.hand(0) == cards("KH KS 5C 9C 4C")
    assert after.table.red_threes[0] == cards("3H 3D")


def test_CL_R3_4_red_three_taken_with_the_pile_is_not_replaced() -> None:
    game = position(
        hands=["9H 9D 5C 6C", "", "", ""],
        melds=[["AH AS AD"], []],
        pile="9C 7C 3D",
        draws="KH",
    )
    assert game.table.pile_frozen  # a red three in the pile freezes it (CL-FRZ-1)
    stock = game.table.stock_size
    after = game.apply(TakePile("9H 9D"))
    assert after.table.red_threes[0] == cards("3D")
    assert after.hand(0) == cards("5C 6C 7C")
    assert after.table.stock_size == stock
    assert not any(c.is_red_three for c in after.hand(0))


def test_CL_R3_5_red_three_as_last_stock_card_ends_the_deal() -> None:
    game = position(
        hands=["KH KS KD 5C", "6C 6D", "7C 7D", "8C 8D"],
        melds=[["AH AS AD"], []],
        pile="9C",
        draws="3H",
        stock_rest_to_pile=True,
    )
    assert game.table.stock_size == 1
    after = game.apply(Draw())
    result = after.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.scores[0].red_threes == 100
    assert result.scores[0].meld_points == 60


def test_CL_R3_5_red_three_replacement_as_last_stock_card_ends_the_deal() -> None:
    game = position(
        hands=["KH KS KD 5C", "6C 6D", "7C 7D", "8C 8D"],
        melds=[["AH AS AD"], []],
        pile="9C",
        draws="3H 3D",
        stock_rest_to_pile=True,
    )
    after = game.apply(Draw())
    result = after.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.scores[0].red_threes == 200


def test_CL_R3_5_red_three_replaced_by_the_last_stock_card_play_goes_on() -> None:
    game = position(
        hands=["KH KS KD 5C", "6C 6D", "7C 7D", "8C 8D"],
        melds=[["AH AS AD"], []],
        pile="9C",
        draws="3H 9S",
        stock_rest_to_pile=True,
    )
    after = game.apply(Draw())
    assert not after.results
    assert after.phase is Phase.MELD
    assert after.table.stock_size == 0
    assert after.hand(0) == cards("KH KS KD 5C 9S")
    assert after.table.red_threes[0] == cards("3H")


@pytest.mark.parametrize(
    ("reds", "amount"),
    [("3H", 100), ("3H 3D", 200), ("3H 3H 3D", 300), ("3H 3H 3D 3D", 800)],
)
@pytest.mark.parametrize("opened", [True, False])
def test_CL_R3_6_red_three_amounts_plus_if_opened_minus_if_not(
    reds: str, amount: int, opened: bool
) -> None:
    result = red_three_result(["", reds], ["8C 8D 8H"] if opened else [])
    assert result.scores[1].red_threes == (amount if opened else -amount)
    assert result.scores[0].red_threes == 0
    side = result.scores[1]
    assert side.total == (
        side.meld_points
        + side.canasta_bonus
        + side.red_threes
        + side.going_out
        + side.hand_penalty
    )


def test_CL_R3_6_side_that_went_out_scores_its_red_threes_too() -> None:
    result = red_three_result(["3H 3H 3D 3D", ""])
    assert result.scores[0].red_threes == 800
    assert result.scores[0].total == 70 + 30 + 500 + 800 + 100 - 10


@pytest.mark.parametrize("opened", [True, False])
def test_CL_R3_6_option_red_three_four_bonus_total(opened: bool) -> None:
    rules = attrs.evolve(RULES, red_three_four_bonus_total=400)
    melds = ["8C 8D 8H"] if opened else []
    four = red_three_result(["", "3H 3H 3D 3D"], melds, rules)
    assert four.scores[1].red_threes == (400 if opened else -400)
    three = red_three_result(["", "3H 3H 3D"], melds, rules)
    assert three.scores[1].red_threes == (300 if opened else -300)


def test_CL_R3_7_red_threes_do_not_spoil_a_concealed_going_out() -> None:
    game = position(
        hands=["KH KH KS KS KD KD 9C", "4C 4D", "5C 5D", "6C 6D"],
        red_threes=["3H", ""],
        pile="8S",
        draws="KC",
    )
    assert not game.table.has_opened(0)
    game = game.apply(Draw())
    game = game.apply(LayMeld("KH KH KS KS KD KD KC"))
    game = game.apply(Discard(Card.parse("9C")))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.went_out == 0
    assert result.concealed
    assert result.scores[0].going_out == 200
    assert result.scores[0].red_threes == 100


def test_CL_R3_8_red_threes_count_plus_without_a_canasta() -> None:
    result = red_three_result(["", "3H 3D"], ["8C 8D 8H"])
    assert result.scores[1].red_threes == 200


def test_CL_R3_8_option_red_threes_need_canasta() -> None:
    rules = attrs.evolve(RULES, red_threes_need_canasta=True)
    result = red_three_result(["3H", "3D 3D"], ["8C 8D 8H"], rules)
    assert result.scores[1].red_threes == -200  # opened, but no canasta
    assert result.scores[0].red_threes == 100  # side 0 holds a canasta
    with_canasta = red_three_result(["", "3D 3D"], ["JH JH JS JS JD JD 2C"], rules)
    assert with_canasta.scores[1].red_threes == 200


# --- 7. Black threes (CL-B3) -------------------------------------------------------------------


def test_CL_B3_1_black_three_on_top_is_a_stop_card() -> None:
    game = position(
        hands=["9H 9D 5C 6C", "", "", ""],
        melds=[["9S 9S 2C"], []],
        pile="3S 9C",
        draws="KH",
    )
    assert not game.table.pile_frozen
    assert_rejected(game, TakePile("9H 9D"), "CL-PILE-2")
    assert_rejected(game, TakePile(), "CL-PILE-2")
    assert list(game.legal_moves()) == [Draw()]


def test_CL_B3_1_buried_black_three_is_an_ordinary_card() -> None:
    game = position(
        hands=["9H 9D 5C 6C", "", "", ""],
        melds=[["AH AS AD"], []],
        pile="9C 3S",
        draws="KH",
    )
    assert not game.table.pile_frozen
    assert game.is_legal(TakePile("9H 9D"))
    assert takes_offered(game)
    after = game.apply(TakePile("9H 9D"))
    assert Card.parse("3S") in after.hand(0)
    assert after.table.pile_size == 0


def black_three_then_nine(rules: RuleSet) -> Game:
    """Player 0 discards 3S, player 1 discards 9C; player 2 (side 0, holding a meld of 9s)
    is to take the pile."""
    game = position(
        rules,
        hands=["3S 4C 4D 5C", "9C 6C 6D", "9H 9D 8C 8D", "7C 7D 7H"],
        melds=[["9S 9S 2C"], []],
        pile="4H",
        draws="KH KD QH",
    )
    game = game.apply(Draw()).apply(Discard(Card.parse("3S")))
    assert game.table.pile_top == Card.parse("3S")
    game = game.apply(Draw()).apply(Discard(Card.parse("9C")))
    assert game.to_move == 2
    return game


def test_CL_B3_2_black_three_does_not_freeze_the_pile() -> None:
    game = position(
        hands=["3S 4C 4D 5C", "9C 6C 6D", "9H 9D 8C 8D", "7C 7D 7H"],
        melds=[["9S 9S 2C"], []],
        pile="4H",
        draws="KH KD QH",
    )
    after_discard = game.apply(Draw()).apply(Discard(Card.parse("3S")))
    assert not after_discard.table.pile_frozen
    game = black_three_then_nine(RULES)
    assert not game.table.pile_frozen
    assert game.is_legal(TakePile())
    assert TakePile() in takes_offered(game)


def test_CL_B3_2_option_black_three_freezes_the_pile() -> None:
    rules = attrs.evolve(RULES, black_three_freezes_pile=True)
    game = black_three_then_nine(rules)
    assert game.table.pile_frozen
    assert game.table.frozen_for(0)
    assert_rejected(game, TakePile(), "CL-PILE-5")
    assert game.is_legal(TakePile("9H 9D"))
    after = game.apply(TakePile("9H 9D"))
    assert not after.table.pile_frozen  # taking the pile unfreezes it
    nines = next(m for m in after.table.melds[0] if m.rank is Rank.NINE)
    assert nines.size == 6


def test_CL_B3_3_black_threes_melded_only_when_going_out() -> None:
    # No canasta: the side cannot go out, so black threes cannot be melded.
    no_canasta = position(
        hands=["3S 3S 3C", "", "", ""], melds=[["AH AS AD"], []], draws="9C"
    ).apply(Draw())
    assert_rejected(no_canasta, LayMeld("3S 3S 3C"), "CL-B3-3")
    # A canasta, but cards would be left that cannot all be melded.
    stuck = position(
        hands=["3S 3S 3C 9C 4D", "", "", ""], melds=[OUT_SIDE0, []], draws="KH"
    ).apply(Draw())
    assert_rejected(stuck, LayMeld("3S 3S 3C"), "CL-B3-3")
    # Going out with them is fine; so is a meld of four.
    out = position(hands=["3S 3S 3C", "", "", ""], melds=[OUT_SIDE0, []], draws="9C").apply(Draw())
    assert out.is_legal(LayMeld("3S 3S 3C"))
    assert any(
        isinstance(m, LayMeld) and m.cards.count_rank(Rank.THREE) for m in out.legal_moves()
    )
    four = position(hands=["3S 3S 3C 3C", "", "", ""], melds=[OUT_SIDE0, []], draws="9C").apply(
        Draw()
    )
    assert four.is_legal(LayMeld("3S 3S 3C 3C"))
    # Having melded them, the player must go out: keeping a card back is refused.
    melded = out.apply(LayMeld("3S 3S 3C"))
    assert melded.hand(0) == cards("9C")
    ended = melded.apply(Discard(Card.parse("9C")))
    assert ended.results[-1].end is DealEnd.WENT_OUT


def test_CL_B3_3_black_three_meld_has_no_wild_cards_and_three_or_four_cards() -> None:
    game = position(hands=["3S 3C 2D 3S", "", "", ""], melds=[OUT_SIDE0, []], draws="9C")
    game = game.apply(Draw())
    assert_rejected(game, LayMeld("3S 3C 2D"), "CL-B3-3")
    assert_rejected(game, LayMeld("3S 3S 3C 2D"), "CL-B3-3")
    assert_rejected(game, LayMeld("3S 3C"), "CL-B3-3")


def test_CL_B3_3_black_threes_after_melding_them_the_player_must_go_out() -> None:
    game = position(
        hands=["3S 3S 3C 9H 9D 9S", "", "", ""],
        melds=[OUT_SIDE0, []],
        draws="5C",
    ).apply(Draw())
    after = game.apply(LayMeld("3S 3S 3C"))
    assert_rejected(after, Discard(Card.parse("5C")), "CL-B3-3")


def test_CL_B3_4_black_three_meld_takes_no_wild_cards_and_is_no_canasta() -> None:
    game = position(
        hands=["3S 3S 3C 2D 9C 9D 9H", "", "", ""],
        melds=[OUT_SIDE0, []],
        draws="4C",
    ).apply(Draw())
    after = game.apply(LayMeld("3S 3S 3C"))
    assert_rejected(after, AddToMeld(Rank.THREE, "2D"), "CL-B3-4")
    violation = canasta.check_addition(Meld.of("3S 3S 3C"), cards("JK"), RULES)
    assert violation is not None
    assert violation.rule == "CL-B3-4"
    assert not Meld.of("3S 3S 3C 3C").is_canasta_under(RULES)


def test_CL_B3_5_black_threes_five_points_plus_melded_minus_in_hand() -> None:
    game = position(
        hands=["3S 3S 3C", "3C 4D", "6C 6D", "7C 7D"],
        melds=[OUT_SIDE0, []],
        pile="9S",
        draws="9C",
    )
    after = go_out(game, meld="3S 3S 3C", discard="9C")
    result = after.results[-1]
    assert result.scores[0].meld_points == 70 + 15
    assert result.scores[1].hand_penalty == -(5 + 5 + 5 + 5)


def test_CL_B3_6_black_three_may_be_discarded_at_any_time() -> None:
    game = position(hands=["3S 9H 9D 5C", "", "", ""], melds=[["AH AS AD"], []], draws="KH").apply(
        Draw()
    )
    assert game.is_legal(Discard(Card.parse("3S")))
    assert Discard(Card.parse("3S")) in list(game.legal_moves())
    # Also as the final discard when going out.
    out = position(hands=OUT_HANDS, melds=[OUT_SIDE0, []], pile="9S", draws="3C")
    ended = go_out(out, discard="3C")
    result = ended.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.went_out == 0
    assert result.scores[0].meld_points == 70 + 30


# A-11, CL-SEAT-3, HW-DEAL-1: the first dealer, fixed or chosen by a draw.


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_A_11_fixed_first_dealer_is_the_last_seat_so_seat_0_plays_first(players: int) -> None:
    rules = canasta.find_rules("classic", players=players)
    assert rules.first_dealer == "fixed"
    assert {Game.new(rules, seed=seed).to_move for seed in range(20)} == {0}


@pytest.mark.parametrize("family", ["classic", "hollywood"])
def test_A_11_a_drawn_first_dealer_is_any_seat_by_the_seed_and_the_same_for_a_seed(
    family: str,
) -> None:
    rules = canasta.find_rules(family, players=4).with_options(first_dealer="cut")
    firsts = [Game.new(rules, seed=seed).to_move for seed in range(400)]
    assert firsts == [Game.new(rules, seed=seed).to_move for seed in range(400)]
    # Each seat deals first about a quarter of the time: neither the ties nor the jokers,
    # drawn again, favour a seat.
    for seat in range(4):
        assert 60 <= firsts.count(seat) <= 140, (seat, firsts.count(seat))


def test_A_11_a_drawn_first_dealer_survives_a_round_trip_of_the_game() -> None:
    rules = canasta.find_rules("classic", players=3).with_options(first_dealer="cut")
    game = next(g for g in (Game.new(rules, seed=seed) for seed in range(50)) if g.to_move != 0)
    again = Game.from_json(game.to_json())
    assert again.rules.first_dealer == "cut"
    assert again.to_move == game.to_move
