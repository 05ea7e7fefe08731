"""Rule scenarios for Hollywood Canasta, sections 1.1 to 1.9 of ``three-deck.md``.

Cards (HW-DECK), card values (HW-VAL), players and sides (HW-SEAT), the deal (HW-DEAL), the
upcard (HW-UPC), turn and draw (HW-DRAW), melds (HW-MELD), the initial meld (HW-INIT) and
canastas (HW-CAN).

Positions are built by hand with :meth:`Game.from_position`; where the deal itself is under
test (dealing, the upcard, dealt red threes), deals come from :meth:`Game.new` with a seed
found by searching, so the tests do not depend on one shuffle. Players 1 to 3 hold filler
tens unless a test says otherwise.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable
from typing import Any

import attrs
import internals
import pytest
from internals import added, new_meld
from scenario_helpers import FILLERS, Scenarios, offered_hollywood, rule_of

import canasta
from canasta import (
    AddToMeld,
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
    Phase,
    Rank,
    TakePile,
    pack_cards,
)

RULES = canasta.find_rules("hollywood", players=4)

SEVEN_KINGS = "KC KC KD KD KH KH KS"
SEVEN_QUEENS = "QC QC QD QD QH QH QS"


# --- helpers -------------------------------------------------------------------------------


SCENES = Scenarios(RULES, pile="8C", offered=offered_hollywood, any_rule_on_apply=True)
position, offered = SCENES.position, SCENES.offered
assert_rejected, assert_accepted = SCENES.assert_rejected, SCENES.assert_accepted


def drawn(hand: str, *, own: list[Any] | None = None, draws: str = "4S 9D", **kw: Any) -> Game:
    """Player 0 in the meld phase after drawing ``draws``; side 0 has melded ``own``
    (three queens by default)."""
    return SCENES.drawn(hand, draws, own if own is not None else ["QH QS QD"], **kw)


def meld(cards: str, wild_as: str | None = None) -> Meld:
    """The meld ``cards`` make under Hollywood rules (the test fails if they make none)."""
    made = new_meld(Cards.parse(cards), RULES, _rank(wild_as))
    assert isinstance(made, Meld), made
    return made


def _rank(text: str | None) -> Rank | None:
    if text is None:
        return None
    return next(rank for rank in Rank if rank.is_natural and rank.text == text)


def new_meld_rule(cards: str, wild_as: str | None = None) -> str | None:
    """The rule that forbids laying ``cards`` as a new meld under Hollywood rules, or None."""
    made = new_meld(Cards.parse(cards), RULES, _rank(wild_as))
    if isinstance(made, Meld):
        return None
    return RULES.rule_id(made.rule)


def play_random(game: Game, rng: random.Random, stop: Callable[[Game], bool]) -> Game:
    """Play random legal moves until ``stop(game)`` holds, checking ``check`` at each step."""
    for _ in range(5000):
        if stop(game):
            return game
        moves = list(game.legal_moves())
        game = game.apply(rng.choice(moves))
    raise AssertionError("the game did not reach the wanted state")


@functools.cache
def seed_where(players: int, what: str) -> int:
    """The first seed whose first deal (``players`` players) shows ``what``."""
    rules = canasta.find_rules("hollywood", players=players)
    for seed in range(3000):
        deal = Game.new(rules, seed=seed).deal
        covered = deal.pile[:-1]
        tests = {
            "plain": not covered,
            "wild": any(c.is_wild for c in covered),
            "red3": any(c.is_red_three for c in covered),
            "black3 only": bool(covered) and all(c.is_black_three for c in covered),
            "seat 1 red3": 1 in deal.pending_red_threes,
            "seat 0 red3": bool(deal.red_threes[0]),
        }
        if tests[what]:
            return seed
    raise AssertionError(f"no seed shows {what}")


def short_stock(hand: str, stock: str, *, melds: list[list[Any]] | None = None) -> Game:
    """Player 0 to move with exactly ``stock`` (top card first) left in the stock; every card
    placed nowhere else lies in the pile, under a natural 9C."""
    hands = [hand, *FILLERS[1:]]
    placed = Cards.parse(" ".join([*hands, stock, "9C"]))
    for group in melds or []:
        for item in group:
            placed = placed + (item.cards if isinstance(item, Meld) else Cards.parse(item))
    rest = list(pack_cards(3) - placed)
    return Game.from_position(
        RULES, hands=hands, melds=melds, pile=[Card.parse("9C"), *rest], stock=stock
    )


# --- HW-DECK -------------------------------------------------------------------------------


def test_HW_DECK_1_three_decks_and_six_jokers_make_162_cards() -> None:
    pack = pack_cards(RULES.decks)
    assert RULES.decks == 3
    assert len(pack) == RULES.pack_size == 162
    faces = [face for face in pack.faces() if not face.is_joker]
    assert len(faces) == 52
    assert all(pack.count(face) == 3 for face in faces)
    assert pack.count(canasta.JOKER) == 6
    assert sum(pack.count(f) for f in pack.faces() if f.is_natural) == 132
    assert sum(pack.count(f) for f in pack.faces() if f.is_wild) == 18
    assert pack.count_rank(Rank.TWO) == 12
    assert sum(pack.count(f) for f in pack.faces() if f.is_red_three) == 6
    assert sum(pack.count(f) for f in pack.faces() if f.is_black_three) == 6
    # A real deal uses the whole pack: hands, stock, pile and red threes make 162.
    game = Game.new(RULES, seed=1)
    deal = game.deal
    total = Cards.of(deal.pile) + Cards.of(deal.stock)
    for hand in deal.hands:
        total = total + hand
    for reds in deal.red_threes:
        total = total + reds
    assert total == pack


def test_HW_DECK_1_a_position_may_not_use_a_fourth_copy() -> None:
    with pytest.raises(canasta.PositionError):
        position("KH KH KH KH 5C")
    assert position("KH KH KH 5C").hand(0).count(Card.parse("KH")) == 3


def test_HW_DECK_2_naturals_wilds_and_threes() -> None:
    naturals = {r for r in Rank if r.is_natural}
    assert naturals == {
        Rank.FOUR,
        Rank.FIVE,
        Rank.SIX,
        Rank.SEVEN,
        Rank.EIGHT,
        Rank.NINE,
        Rank.TEN,
        Rank.JACK,
        Rank.QUEEN,
        Rank.KING,
        Rank.ACE,
    }
    for text in ("JK", "2C", "2H"):
        card = Card.parse(text)
        assert card.is_wild
        assert not card.is_natural
    for text in ("3H", "3D", "3S", "3C"):
        card = Card.parse(text)
        assert not card.is_wild
        assert not card.is_natural
    for text in ("4C", "10H", "AS"):
        card = Card.parse(text)
        assert card.is_natural
        assert not card.is_wild


def test_HW_DECK_3_wild_stands_for_any_natural_rank_and_suit() -> None:
    # In a meld of one rank: fours and aces alike.
    assert new_meld_rule("4C 4D 4H JK") is None
    assert new_meld_rule("AC AD AH 2S") is None
    # In a sequence of any suit, inside or at an end.
    for suit in "CDHS":
        assert new_meld_rule(f"7{suit} 9{suit} 10{suit} 2C") is None
    # Nothing lies below the four: a wild card after 4 5 6 stands for the 7, never a 3.
    low = Meld.of("JK 4H 5H 6H")
    assert low.wild_as is Rank.SEVEN
    game = drawn("4H 5H 6H JK 9C 9S 6C")
    laid = assert_accepted(game, LayMeld("4H 5H 6H JK"))
    assert laid.table.melds[0][1].sequence_text() == ["4H", "5H", "6H", "JK(7)"]
    # And the same joker may stand for a king of clubs or an ace of spades.
    assert meld("JC QC AC 2C").wild_as is Rank.KING
    assert meld("QS KS JK JS", "A").wild_as is Rank.ACE


# --- HW-VAL --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("JK", 50),
        ("2C", 20),
        ("2H", 20),
        ("AS", 20),
        ("KH", 10),
        ("QD", 10),
        ("JC", 10),
        ("10S", 10),
        ("9H", 10),
        ("8D", 10),
        ("7C", 5),
        ("6S", 5),
        ("5H", 5),
        ("4D", 5),
        ("3S", 5),
        ("3C", 5),
        ("3H", 0),
        ("3D", 0),
    ],
)
def test_HW_VAL_1_card_values(cards: str, value: int) -> None:
    assert Card.parse(cards).points == value


def test_HW_VAL_1_hand_cards_are_deducted_at_their_values() -> None:
    # Player 0 goes out; player 1 holds one card of each value class.
    game = position(
        "9C 9D",
        "JK 2C AS KH 7C 3S",
        melds=[[SEVEN_KINGS, SEVEN_QUEENS], []],
        draws="9H 9S",
    ).apply(Draw())
    done = game.apply(LayMeld("9C 9D 9H 9S"))
    theirs = done.results[-1].scores[1]
    # Player 3 (side 1) holds the filler 10S as well.
    assert theirs.hand_penalty == -(50 + 20 + 20 + 10 + 5 + 5) - 10


def test_HW_VAL_2_wild_cards_keep_their_own_value() -> None:
    # A joker standing for a four counts 50, a two standing for a seven 20.
    assert meld("4C 4D 4H JK").points == 15 + 50
    assert meld("4H 5H 6H 2C").points == 15 + 20
    # So four fours with a joker open at 50 on their own (65), three fours do not (15).
    game = position("4C 4D 4H JK 9C 6S", draws="5S 7D").apply(Draw())
    opened = assert_accepted(game, LayMeld("4C 4D 4H JK"))
    assert opened.draft.points == 65
    assert_accepted(opened, Discard("9C"))
    plain = position("4C 4D 4H 9C 6S 8H", draws="5S 7D").apply(Draw())
    assert_rejected(plain, LayMeld("4C 4D 4H"), "HW-INIT-1")


# --- HW-SEAT -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_HW_SEAT_1_two_or_three_players_play_alone(players: int) -> None:
    rules = canasta.find_rules("hollywood", players=players)
    assert rules.num_sides == players
    assert [rules.side_of_player(p) for p in range(players)] == list(range(players))
    game = Game.new(rules, seed=3)
    assert len(game.scores) == players
    # Each player's melds are their own: player 1 cannot add to player 0's kings.
    hands = ["5C 6C", "KH 9D 9S 9H 4C", "7D"][:players]
    melds = [["KC KD KS"], ["JC JD JH"], []][:players]
    game = Game.from_position(rules, hands=hands, melds=melds, to_move=1, draws="4S 4D").apply(
        Draw()
    )
    assert_rejected(game, AddToMeld("K", "KH"), "HW-MELD-8", "HW-SEAT-5")
    after = assert_accepted(game, LayMeld("9D 9S 9H"))
    assert [len(after.table.melds[s]) for s in range(players)] == [1, 2, 0][:players]


def test_HW_SEAT_2_four_players_two_partnerships_turns_alternate() -> None:
    assert RULES.num_sides == 2
    assert [RULES.side_of_player(p) for p in range(4)] == [0, 1, 0, 1]
    game = Game.new(RULES, seed=4)
    order = []
    for _ in range(8):
        order.append(game.to_move)
        game = game.apply(Draw())
        discard = next(m for m in game.legal_moves() if isinstance(m, Discard))
        game = game.apply(discard)
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [game.side_of_player(p) for p in order if p is not None] == [0, 1] * 4


def _five_player_deals(count: int) -> list[Game]:
    """The start of each of the first ``count`` deals of a five-player game, playing random
    moves; every position on the way is checked for the sitter's part."""
    # A target out of reach, so that random play goes on for ``count`` deals.
    rules = canasta.find_rules("hollywood", players=5).with_options(target_score=10**7)
    rng = random.Random(5)
    game = Game.new(rules, seed=11)
    starts = [game]
    while len(starts) < count:
        number = game.deal_number
        sitter = _sitter(game)
        for _ in range(5000):
            if game.deal_number != number or game.is_over:
                break
            assert game.to_move != sitter
            assert game.turn_player != sitter
            assert not game.hand(sitter)
            game = game.apply(rng.choice(list(game.legal_moves())))
        assert game.deal_number == number + 1
        starts.append(game)
    return starts


def _sitter(game: Game) -> int:
    (sitter,) = set(range(5)) - set(game.seat_players)
    return sitter


def test_HW_SEAT_3_five_players_the_sitter_never_plays_and_holds_no_cards() -> None:
    rules = canasta.find_rules("hollywood", players=5)
    assert rules.num_sides == 2
    assert [rules.side_of_player(p) for p in range(5)] == [0, 1, 0, 1, 0]
    starts = _five_player_deals(4)
    for game in starts:
        sitter = _sitter(game)
        # The sitter is one of the three-player side (players 0, 2, 4).
        assert sitter in (0, 2, 4)
        assert len(game.seat_players) == 4
        # The four active seats alternate sides.
        assert [game.side_of_player(p) for p in game.seat_players] == [0, 1, 0, 1]
        assert not game.hand(sitter)
        assert all(len(game.hand(p)) == 15 for p in game.seat_players)
        assert game.to_move != sitter
        # A move in the sitter's name is refused.
        with pytest.raises(canasta.IllegalMoveError):
            game.apply(Draw(), player=sitter)
    # The members of the side of three take turns sitting out.
    sitters = [_sitter(game) for game in starts]
    assert sorted(sitters[:3]) == [0, 2, 4]
    assert sitters[3] == sitters[0]


def test_HW_SEAT_3_a_position_may_not_deal_cards_to_the_sitter() -> None:
    rules = canasta.find_rules("hollywood", players=5)
    with pytest.raises(canasta.PositionError):
        Game.from_position(rules, hands=["5C", "6C", "7C", "8C", "9C"])
    game = Game.from_position(rules, hands=["", "6C", "7C", "8C", "9C"], to_move=2)
    assert game.seat_players == (2, 1, 4, 3)
    with pytest.raises(canasta.PositionError):
        Game.from_position(rules, hands=["", "6C", "7C", "8C", "9C"], to_move=0)


def test_HW_SEAT_3_default_sit_out_order_member_1_first() -> None:
    rules = canasta.find_rules("hollywood", players=5)
    sitters = [(set(range(5)) - set(rules.seat_players(n))).pop() for n in range(6)]
    assert sitters == [0, 2, 4, 0, 2, 4]


@pytest.mark.parametrize(
    ("sides", "layout"),
    [(2, [0, 1, 0, 1, 0, 1]), (3, [0, 1, 2, 0, 1, 2])],
)
def test_HW_SEAT_4_six_players_both_layouts(sides: int, layout: list[int]) -> None:
    rules = internals.hollywood(6, six_player_sides=sides)
    assert rules.num_sides == sides
    assert [rules.side_of_player(p) for p in range(6)] == layout
    game = Game.new(rules, seed=6)
    assert len(game.scores) == sides
    # Turns move around the table, so the sides alternate.
    order = []
    for _ in range(6):
        order.append(game.to_move)
        game = game.apply(Draw())
        game = game.apply(next(m for m in game.legal_moves() if isinstance(m, Discard)))
    assert order == list(range(6))
    sides_in_turn = [rules.side_of_player(p) for p in order if p is not None]
    assert all(a != b for a, b in itertools.pairwise(sides_in_turn))
    # Player 3 is player 0's partner in both layouts when there are three sides, and player
    # 2 when there are two: the partner adds to the side's meld, an opponent cannot.
    partner = 3 if sides == 3 else 2
    opponent = 1
    hands = ["5C 6C"] + ["7D"] * 5
    hands[partner] = "KH 9C 9D 9H"
    hands[opponent] = "KH 9C 9D 9H"
    melds: list[list[str]] = [["KC KD KS"]] + [[] for _ in range(sides - 1)]
    mine = Game.from_position(
        rules, hands=hands, melds=melds, to_move=partner, draws="4S 4D"
    ).apply(Draw())
    assert mine.explain(AddToMeld("K", "KH")) is None
    grown = assert_accepted(mine, AddToMeld(None, "KH", meld=0))
    assert grown.table.melds[0][0].size == 4
    theirs = Game.from_position(
        rules, hands=hands, melds=melds, to_move=opponent, draws="4S 4D"
    ).apply(Draw())
    assert_rejected(theirs, AddToMeld("K", "KH"), "HW-MELD-8", "HW-SEAT-5")


def test_HW_SEAT_5_the_side_owns_melds_and_any_member_adds() -> None:
    # Player 2 adds to the kings player 0 melded; player 1 may not.
    game = position(
        "5C 6C",
        "KH 9C 9D 9H",
        "KH 9C 9D 9S",
        melds=[["KC KD KS"], ["JC JD JH"]],
        to_move=2,
        draws="4S 4D",
    ).apply(Draw())
    assert game.explain(AddToMeld("K", "KH")) is None
    grown = assert_accepted(game, AddToMeld(None, "KH", meld=0))
    assert grown.table.melds[0][0].cards == Cards.parse("KC KD KH KS")
    opponent = position(
        "5C 6C",
        "KH 9C 9D 9H",
        melds=[["KC KD KS"], ["JC JD JH"]],
        to_move=1,
        draws="4S 4D",
    ).apply(Draw())
    assert_rejected(opponent, AddToMeld("K", "KH"), "HW-MELD-8", "HW-SEAT-5")
    # By number, a meld is always one of the player's own side: #0 is the jacks here.
    assert_rejected(opponent, AddToMeld(None, "KH", meld=0), "HW-MELD-2")
    assert_rejected(opponent, AddToMeld(None, "KH", meld=1), "MV-MELD", "HW-SEAT-5")


def test_HW_SEAT_6_each_side_has_its_own_minimum() -> None:
    game = position("5C", scores=[1500, -10])
    assert game.minimums == (90, 15)
    three = canasta.find_rules("hollywood", players=3)
    game3 = Game.from_position(three, hands=["5C", "6C", "7C"], scores=[0, 3000, 7000])
    assert game3.minimums == (50, 120, 150)
    # Side 1 (at -10) opens with three fours; side 0 (at 1500) may not open with 60.
    low = position("5C", "4C 4D 4H 9S 8C", scores=[1500, -10], to_move=1, draws="6S 7D")
    assert_accepted(low.apply(Draw()), LayMeld("4C 4D 4H"))
    high = position("AC AD AH 9S 8C 6S", scores=[1500, -10], draws="5S 7D")
    assert_rejected(high.apply(Draw()), LayMeld("AC AD AH"), "HW-INIT-1")


# --- HW-DEAL -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 15), (3, 15), (4, 15), (5, 15), (6, 13)])
def test_HW_DEAL_2_cards_dealt_to_each_active_player(players: int, size: int) -> None:
    rules = canasta.find_rules("hollywood", players=players)
    assert rules.hand_size == size
    for seed in range(5):
        game = Game.new(rules, seed=seed)
        sizes = [len(game.hand(p)) for p in range(players)]
        if players == 5:
            assert sorted(sizes) == [0, 15, 15, 15, 15]
        else:
            assert sizes == [size] * players


@pytest.mark.parametrize(("players", "stock"), [(2, 132), (3, 117), (4, 102), (5, 102), (6, 84)])
def test_HW_DEAL_5_stock_size_after_the_deal(players: int, stock: int) -> None:
    rules = canasta.find_rules("hollywood", players=players)
    for seed in range(5):
        deal = Game.new(rules, seed=seed).deal
        # Upcards and red-three replacements of the first player both come from the stock.
        laid = sum(len(reds) for reds in deal.red_threes)
        assert len(deal.stock) + len(deal.pile) + laid == stock


def test_HW_DEAL_3_and_4_left_of_dealer_starts_and_the_deal_rotates() -> None:
    rng = random.Random(3)
    game = Game.new(RULES, seed=21)
    firsts = [game.to_move]
    # Play goes clockwise within a deal.
    step = game.apply(Draw())
    step = step.apply(next(m for m in step.legal_moves() if isinstance(m, Discard)))
    assert step.to_move == 1
    for _ in range(2):
        number = game.deal_number
        game = play_random(game, rng, functools.partial(_left_deal, number=number))
        assert game.deal_number == number + 1
        firsts.append(game.to_move)
    assert firsts == [0, 1, 2]


def _left_deal(game: Game, number: int) -> bool:
    return game.deal_number != number or game.is_over


# --- HW-UPC --------------------------------------------------------------------------------


def test_HW_UPC_1_one_stock_card_starts_the_pile() -> None:
    seed = seed_where(4, "plain")
    deal = Game.new(RULES, seed=seed).deal
    assert len(deal.pile) == 1
    top = deal.pile[-1]
    assert top.is_natural
    assert not deal.pile_frozen


@pytest.mark.parametrize("what", ["wild", "red3", "black3 only"])
def test_HW_UPC_2_wild_and_three_upcards_are_covered(what: str) -> None:
    deal = Game.new(RULES, seed=seed_where(4, what)).deal
    assert len(deal.pile) >= 2
    assert deal.pile[-1].is_natural
    for card in deal.pile[:-1]:
        assert card.is_wild or card.is_red_three or card.is_black_three
    assert RULES.upcard_cover_black_three


@pytest.mark.parametrize(
    ("what", "frozen"), [("wild", True), ("red3", True), ("black3 only", False)]
)
def test_HW_UPC_3_covered_wild_or_red_three_freezes_black_three_does_not(
    what: str, frozen: bool
) -> None:
    game = Game.new(RULES, seed=seed_where(4, what))
    assert game.deal.pile_frozen is frozen
    assert game.table.pile_frozen is frozen


def test_HW_UPC_4_covered_red_three_stays_in_the_pile() -> None:
    deal = Game.new(RULES, seed=seed_where(4, "red3")).deal
    covered_reds = [c for c in deal.pile[:-1] if c.is_red_three]
    assert covered_reds
    assert deal.pile[-1].is_natural
    # Nobody laid it out, and every red three is accounted for: pile, bonus cards, hands,
    # stock.
    in_pile = sum(1 for c in deal.pile if c.is_red_three)
    laid = sum(len(reds) for reds in deal.red_threes)
    held = sum(1 for hand in deal.hands for c in hand if c.is_red_three)
    stocked = sum(1 for c in deal.stock if c.is_red_three)
    assert in_pile + laid + held + stocked == 6
    assert in_pile == len(covered_reds)
    # The player who takes the pile lays it out for the side, with no replacement.
    game = position("8S 8H 5C 6C 7C", melds=[["QH QS QD"], []], pile="8C 7S 3H")
    assert game.deal.pile_frozen
    stock = game.table.stock_size
    taken = assert_accepted(game, TakePile("8S 8H"))
    assert taken.deal.red_threes[0] == Cards.parse("3H")
    assert taken.hand(0) == Cards.parse("5C 6C 7C 7S")
    assert taken.table.stock_size == stock


# --- HW-DRAW -------------------------------------------------------------------------------


def test_HW_DRAW_1_a_draw_takes_the_top_two_stock_cards() -> None:
    game = position("KH KS 5C", melds=[["QH QS QD"], []], draws="JD 4S 6H")
    before = game.table.stock_size
    after = assert_accepted(game, Draw())
    assert after.hand(0) == Cards.parse("KH KS 5C JD 4S")
    assert after.table.stock_size == before - 2
    assert after.deal.stock[-1] == Card.parse("6H")
    assert RULES.draw_count == 2


def test_HW_DRAW_1_draw_or_take_never_both_and_meld_then_one_discard() -> None:
    game = position("9H 9S KH KS KD 5C 6C", melds=[["QH QS QD"], []], pile="9C 7D", draws="4S 4D")
    assert_rejected(game, LayMeld("KH KS KD"), "HW-DRAW-1")
    assert_rejected(game, Discard("5C"), "HW-DRAW-1")
    after_draw = assert_accepted(game, Draw())
    assert_rejected(after_draw, TakePile("9H 9S"), "HW-DRAW-1")
    assert_rejected(after_draw, Draw(), "HW-DRAW-1")
    taken = assert_accepted(game, TakePile("9H 9S"))
    assert_rejected(taken, Draw(), "HW-DRAW-1")
    # Meld, then exactly one discard ends the turn.
    melded = assert_accepted(after_draw, LayMeld("KH KS KD"))
    assert (melded.phase, melded.to_move) == (Phase.MELD, 0)
    ended = assert_accepted(melded, Discard("5C"))
    assert (ended.phase, ended.to_move) == (Phase.DRAW, 1)
    assert ended.hand(0) == Cards.parse("9H 9S 6C 4S 4D")
    assert ended.table.pile_top == Card.parse("5C")


def test_HW_DRAW_2_taking_the_pile_draws_nothing_from_the_stock() -> None:
    game = position("9H 9S 5C 6C", melds=[["QH QS QD"], []], pile="9C 7D", draws="4S 4D")
    stock = game.table.stock_size
    taken = assert_accepted(game, TakePile("9H 9S"))
    assert taken.table.stock_size == stock
    assert taken.hand(0) == Cards.parse("5C 6C 7D")


def test_HW_DRAW_3_drawn_red_threes_are_laid_out_and_replaced() -> None:
    game = position("8S 8H 5C 6C 7C", melds=[["QH QS QD"], []], draws="3H 4S 3D 5D 6D")
    stock = game.table.stock_size
    after = assert_accepted(game, Draw())
    assert after.deal.red_threes[0] == Cards.parse("3H 3D")
    # Two new cards in hand, neither a red three.
    assert after.hand(0) == Cards.parse("8S 8H 5C 6C 7C 4S 5D")
    assert after.table.stock_size == stock - 4


def test_HW_DRAW_4_the_last_stock_card_is_never_drawn() -> None:
    assert RULES.stock_reserve == 1
    assert not RULES.last_stock_card_drawable
    # Three cards left: the draw takes two and leaves the last one.
    three = short_stock("KH KS 5C 7D", "JD 4S 6H")
    after = assert_accepted(three, Draw())
    assert after.hand(0) == Cards.parse("KH KS 5C 7D JD 4S")
    assert after.deal.stock == (Card.parse("6H"),)
    # Two cards left: the draw takes only one.
    two = short_stock("KH KS 5C 7D", "JD 6H")
    after = assert_accepted(two, Draw())
    assert after.hand(0) == Cards.parse("KH KS 5C 7D JD")
    assert after.deal.stock == (Card.parse("6H"),)
    # One card left: no draw at all.
    one = short_stock("KH KS 5C 7D", "6H")
    assert_rejected(one, Draw(), "HW-STOCK-1", "HW-DRAW-4")
    assert one.deal.stock == (Card.parse("6H"),)


def test_HW_DRAW_5_keep_two_cards_unless_going_out() -> None:
    game = drawn("KH KS KD", draws="4S 9D")
    # Five cards: melding three keeps two, one to discard.
    game = assert_accepted(game, LayMeld("KH KS KD"))
    assert len(game.hand(0)) == 2
    tight = drawn("KH KS", draws="KD 9D")
    assert_rejected(tight, LayMeld("KH KS KD"), "HW-DRAW-5")
    # A side with two canastas may meld down to its last card and discard it.
    free = drawn("KH KS", own=[SEVEN_QUEENS, "JC JC JD JD JH JH JS"], draws="KD 9D")
    after = assert_accepted(free, LayMeld("KH KS KD"))
    assert assert_accepted(after, Discard("9D")).results[-1].went_out == 0


def test_HW_DRAW_6_dealt_red_threes_laid_out_at_the_first_turn() -> None:
    game = Game.new(RULES, seed=seed_where(4, "seat 1 red3"))
    # Player 1 still holds the dealt red threes before the first turn.
    reds = Cards.of([c for c in game.hand(1) if c.is_red_three])
    assert reds
    assert game.deal.red_threes[1] == Cards()
    game = game.apply(Draw())
    game = game.apply(next(m for m in game.legal_moves() if isinstance(m, Discard)))
    # Player 1's turn begins: the red threes are out and replaced, before any draw.
    assert (game.to_move, game.phase) == (1, Phase.DRAW)
    assert game.deal.red_threes[1].issuperset(reds)
    assert not any(c.is_red_three for c in game.hand(1))
    assert len(game.hand(1)) == 15
    # The first player's own dealt red threes are laid out at once.
    first = Game.new(RULES, seed=seed_where(4, "seat 0 red3"))
    assert first.phase is Phase.DRAW
    assert first.to_move == 0
    assert not any(c.is_red_three for c in first.hand(0))
    assert len(first.hand(0)) == 15


# --- HW-MELD -------------------------------------------------------------------------------


def test_HW_MELD_1_at_least_three_cards_of_one_of_four_kinds() -> None:
    game = drawn("KH KS 2C JK 9C 6S 7H")
    assert_rejected(game, LayMeld("KH KS"), "HW-MELD-1")
    assert_rejected(game, LayMeld("2C JK"), "HW-MELD-1")
    assert meld("KH KS KD").kind is MeldKind.RANK
    assert meld("7H 8H 9H").kind is MeldKind.SEQUENCE
    assert meld("2C JK 2D").kind is MeldKind.WILD
    assert meld("3S 3C 3S").kind is MeldKind.BLACK_THREES


def test_HW_MELD_2_rank_meld_of_any_suits_with_wilds() -> None:
    game = drawn("KH KS KC 2C 9C 6S 7H")
    laid = assert_accepted(game, LayMeld("KH KS KC 2C"))
    kings = laid.table.melds[0][1]
    assert (kings.kind, kings.rank, kings.naturals, kings.wilds) == (
        MeldKind.RANK,
        Rank.KING,
        3,
        1,
    )
    assert_rejected(game, LayMeld("KH KS 9C"), "HW-MELD-2", "HW-MELD-3")


def test_HW_MELD_3_sequence_one_suit_consecutive() -> None:
    game = drawn("8H 9H 10H JH 9S 7C 6D 5D")
    laid = assert_accepted(game, LayMeld("8H 9H 10H JH"))
    seq = laid.table.melds[0][1]
    assert (seq.kind, seq.suit, seq.low, seq.high) == (
        MeldKind.SEQUENCE,
        canasta.Suit.HEARTS,
        Rank.EIGHT,
        Rank.JACK,
    )
    # Mixed suits, gaps and repeated ranks are not sequences.
    assert_rejected(game, LayMeld("8H 9S 10H"), "HW-MELD-3", "HW-MELD-2")
    assert_rejected(game, LayMeld("8H 10H JH"), "HW-MELD-3")
    assert new_meld_rule("8H 8H 9H 10H") == "HW-MELD-3"


def test_HW_MELD_3_ace_high_only_no_wrap_no_threes_or_twos() -> None:
    assert new_meld_rule("QH KH AH") is None
    assert new_meld_rule("4H 5H 6H") is None
    assert new_meld_rule("KH AH 4H") == "HW-MELD-3"
    assert new_meld_rule("AH 4H 5H") == "HW-MELD-3"
    # A three is never a natural member.
    assert new_meld_rule("3S 4S 5S") in ("HW-MELD-3", "HW-MELD-2")
    game = drawn("3S 3C 4S 5S 9C 7D 6H", pile="8C")
    assert_rejected(game, LayMeld("3S 4S 5S"), "HW-MELD-3", "HW-MELD-2")
    # A two in a run is a wild card, never the natural rank two: A 2 4 is no run.
    assert new_meld_rule("AH 2H 4H") is not None
    # The wild card next to the ace can only stand below it, never beyond.
    assert Meld.of("QH KH AH JK").wild_as is Rank.JACK
    # A wild card below a four is impossible: with 4 5 6 it is the seven.
    assert Meld.of("4H 5H 6H JK").wild_as is Rank.SEVEN


def test_HW_MELD_3_one_wild_at_an_end_or_inside_and_eleven_cards_at_most() -> None:
    assert meld("8H 9H JH 2C").wild_as is Rank.TEN
    assert meld("8H 9H 10H 2C", "J").wild_as is Rank.JACK
    assert meld("8H 9H 10H 2C", "7").wild_as is Rank.SEVEN
    full = "4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    longest = meld(full)
    assert longest.size == 11
    # In play: the eleven-card run is laid and no wild card can join it at either end.
    game = drawn(f"{full} JK 9S 7C", draws="4S 9D", own=["QS QD QC"])
    laid = assert_accepted(game, LayMeld(full))
    assert laid.table.melds[0][1].size == 11
    for wild in ("4", "A"):
        assert rule_of(laid, AddToMeld(None, "JK", meld=1, wild_as=wild)) is not None


FULL_RUN = "4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


def test_HW_MELD_3_a_twelfth_card_is_refused_not_a_crash() -> None:
    assert new_meld_rule(f"{FULL_RUN} JK") in ("HW-MELD-3", "HW-MELD-10")
    game = drawn(f"{FULL_RUN} JK 9S 7C", draws="4S 9D", own=["QS QD QC"])
    assert_rejected(game, LayMeld(f"{FULL_RUN} JK"), "HW-MELD-3", "HW-MELD-10")
    laid = game.apply(LayMeld(FULL_RUN))
    assert_rejected(laid, AddToMeld(None, "JK", meld=1), "HW-MELD-3", "HW-MELD-10", "HW-CAN-4")


def test_HW_MELD_4_wild_meld_jokers_and_twos_mixed() -> None:
    game = drawn("2C JK 2D JK 9C 6S 7H")
    laid = assert_accepted(game, LayMeld("2C JK 2D"))
    wild = laid.table.melds[0][1]
    assert (wild.kind, wild.size, wild.jokers, wild.twos) == (MeldKind.WILD, 3, 1, 2)
    assert_accepted(game, LayMeld("2C JK JK 2D"))
    assert_rejected(game, LayMeld("2C JK"), "HW-MELD-1")


@pytest.mark.parametrize(
    ("cards", "wild_as", "legal"),
    [
        ("AH AS AD", None, True),
        ("AH AS AD JK", None, True),
        ("AH AS JK", None, False),
        ("8H 9H 10H", None, True),
        ("8H 9H 10H 2C", "J", True),
        ("8H 9H 2C", "10", False),
    ],
)
def test_HW_MELD_5_three_natural_rule_examples(
    cards: str, wild_as: str | None, legal: bool
) -> None:
    game = drawn(f"{cards} 6S 7D 5C")
    move = LayMeld(cards, wild_as=wild_as)
    if legal:
        laid = assert_accepted(game, move)
        assert laid.table.melds[0][1].naturals >= 3
    else:
        assert_rejected(game, move, "HW-MELD-5")


def test_HW_MELD_5_two_naturals_and_a_wild_never_meld_whatever_the_wild_stands_for() -> None:
    game = drawn("8H 9H 2C 6S 7D 5C")
    assert_rejected(game, LayMeld("8H 9H 2C"), "HW-MELD-5")


def test_HW_MELD_5_holds_after_every_change() -> None:
    # Two melds that are legal alone may not merge into a wrong one, and an addition of
    # wild cards only can never make two naturals enough.
    assert new_meld_rule("KH KS 2C 2D JK") == "HW-MELD-5"
    grown = added(meld("KH KS KD"), Cards.parse("2C 2D"), RULES)
    assert isinstance(grown, Meld)
    assert grown.naturals == 3


def test_HW_MELD_6_wild_limits_examples() -> None:
    game = drawn("KH KS KD JK 2C 2D 6S 7D 5C")
    assert_accepted(game, LayMeld("KH KS KD JK 2C"))
    assert_rejected(game, LayMeld("KH KS KD JK 2C 2D"), "HW-MELD-6")
    seq = drawn("JK KS QS JS 2C 6D 7D 5C")
    laid = assert_accepted(seq, LayMeld("JK KS QS JS", wild_as="A"))
    assert laid.table.melds[0][1].wild_as is Rank.ACE
    assert_accepted(seq, LayMeld("JK KS QS JS", wild_as="10"))
    assert_rejected(seq, LayMeld("JK KS QS JS 2C", wild_as="A"), "HW-MELD-6")
    assert_rejected(seq, LayMeld("JK KS QS JS 2C"), "HW-MELD-6")


def test_HW_MELD_6_wild_limits_hold_for_additions_and_canastas() -> None:
    game = drawn(
        "2H JK KS 5S 6D 7D",
        own=["KC KD KH 2C 2D", Meld.of("7S 8S 9S JK", wild_as="10"), "QC QC QD QD QH QH 2S"],
    )
    assert_rejected(game, AddToMeld(None, "2H", meld=0), "HW-MELD-6")
    assert_accepted(game, AddToMeld(None, "KS", meld=0))
    assert_rejected(game, AddToMeld(None, "2H", meld=1), "HW-MELD-6")
    # A mixed canasta with one wild card takes a second, never a third.
    two = assert_accepted(game, AddToMeld(None, "2H", meld=2))
    assert two.table.melds[0][2].wilds == 2
    assert_rejected(two, AddToMeld(None, "JK", meld=2), "HW-MELD-6")


def test_HW_MELD_6_second_wild_in_a_sequence_cites_the_wild_limit() -> None:
    game = drawn("2H 5C 6D 7D", own=[Meld.of("7S 8S 9S JK", wild_as="10")])
    assert_rejected(game, AddToMeld(None, "2H", meld=0, wild_as="6"), "HW-MELD-6")


def test_HW_MELD_7_red_threes_never_melded_black_threes_only_going_out() -> None:
    red = new_meld(Cards.parse("3H 3H 3D"), RULES)
    assert not isinstance(red, Meld)
    assert RULES.rule_id(red.rule) in ("HW-MELD-7", "HW-R3-1")
    game = drawn("3S 3S 3C 9C 9D 5C")
    assert_rejected(game, LayMeld("3S 3S 3C"), "HW-B3-3", "HW-MELD-7")
    # A black three joins no other meld.
    kings = drawn("3S KS 9C 9D 5C", own=["KC KD KH"])
    assert_rejected(kings, AddToMeld(None, "3S", meld=0), "HW-B3-3", "HW-MELD-7", "HW-MELD-2")
    # When going out, black threes are melded.
    done = position(
        "3S 3S 3C",
        melds=[[SEVEN_KINGS, SEVEN_QUEENS], []],
        draws="3C 5D",
    ).apply(Draw())
    finished = assert_accepted(done, LayMeld("3S 3S 3C 3C"))
    assert assert_accepted(finished, Discard("5D")).results[-1].went_out == 0


def test_HW_MELD_8_melds_only_in_own_turn_and_to_own_side() -> None:
    game = position(
        "KH KS KD 9C 5C",
        "10C 10D",
        "QC 9S 9H 9D",
        melds=[["QH QS QD"], ["JC JD JH"]],
        draws="4S 4D",
    )
    # Not before drawing, and not during the partner's turn.
    assert_rejected(game, LayMeld("KH KS KD"), "HW-DRAW-1")
    game = game.apply(Draw())
    assert game.explain(LayMeld("9S 9H 9D"), player=2) is not None
    with pytest.raises(canasta.IllegalMoveError):
        game.apply(AddToMeld(None, "QC", meld=0), player=2)
    # No card goes onto the other side's jacks.
    jack = position("JS 9C 5C 6D", melds=[["QH QS QD"], ["JC JD JH"]], draws="4S 4D").apply(Draw())
    assert_rejected(jack, AddToMeld("J", "JS"), "HW-MELD-8", "HW-SEAT-5")


def test_HW_MELD_9_several_melds_of_one_rank_suit_or_wilds() -> None:
    game = drawn(
        "KH KS KD 9H 10H JH 2S 2H JK 6C 7C",
        own=["KC KD KH", "4H 5H 6H", "2C 2D JK"],
    )
    game = assert_accepted(game, LayMeld("KH KS KD"))
    game = assert_accepted(game, LayMeld("9H 10H JH"))
    game = assert_accepted(game, LayMeld("2S 2H JK"))
    melds = game.table.melds[0]
    assert len(melds) == 6
    assert [m.kind for m in melds].count(MeldKind.RANK) == 2
    assert (
        sum(1 for m in melds if m.kind is MeldKind.SEQUENCE and m.suit is canasta.Suit.HEARTS) == 2
    )
    assert [m.kind for m in melds].count(MeldKind.WILD) == 2
    # With two melds of kings, an addition must name the meld by its number.
    more = position(
        "KC 9C 5C 6C",
        melds=[["KC KD KH", "KS KD KH"], []],
        draws="4S 4D",
    ).apply(Draw())
    assert_rejected(more, AddToMeld("K", "KC"), "HW-MELD-9")
    after = assert_accepted(more, AddToMeld(None, "KC", meld=1))
    assert [m.size for m in after.table.melds[0]] == [3, 4]


def test_HW_MELD_10_wild_card_keeps_its_rank_in_a_sequence() -> None:
    seq = Meld.of("7D 8D 9D JK", wild_as="10")
    game = drawn("6D 10D JD 2C 9S 5C 4H", own=[seq])
    assert game.table.melds[0][0].wild_as is Rank.TEN
    # The natural ten can never join: its position is the joker's.
    assert_rejected(game, AddToMeld(None, "10D", meld=0), "HW-MELD-10")
    # The run still grows past the joker, and at the other end.
    high = assert_accepted(game, AddToMeld(None, "JD", meld=0))
    assert high.table.melds[0][0].sequence_text() == ["7D", "8D", "9D", "JK(10)", "JD"]
    low = assert_accepted(game, AddToMeld(None, "6D", meld=0))
    grown = low.table.melds[0][0]
    assert grown.wild_as is Rank.TEN
    assert grown.sequence_text() == ["6D", "7D", "8D", "9D", "JK(10)"]
    # 7 8 9 Jk can never become Jk 7 8 9: the joker may not be moved to the six.
    assert_rejected(game, AddToMeld(None, "6D", meld=0, wild_as="6"), "HW-MELD-10")
    assert_rejected(game, AddToMeld(None, "JD", meld=0, wild_as="J"), "HW-MELD-10")
    # Its rank must be named when the cards leave it open, and cannot be a present rank.
    lay = drawn("7H 8H 9H JK 5C 6S 4D")
    assert_rejected(lay, LayMeld("7H 8H 9H JK"), "HW-MELD-10")
    assert_rejected(lay, LayMeld("7H 8H 9H JK", wild_as="8"), "HW-MELD-10")
    laid = assert_accepted(lay, LayMeld("7H 8H 9H JK", wild_as="6"))
    assert laid.table.melds[0][1].sequence_text() == ["JK(6)", "7H", "8H", "9H"]


def test_HW_MELD_10_wild_position_survives_a_merge() -> None:
    # Two runs meet only where the wild card's rank says; it never slides.
    game = drawn(
        "5C 6C 9D",
        own=[Meld.of("7D 8D 9D JK", wild_as="10"), "JD QD KD", "4D 5D 6D"],
    )
    joined = assert_accepted(game, MergeMelds(0, 1))
    assert joined.table.melds[0][0].sequence_text() == [
        "7D",
        "8D",
        "9D",
        "JK(10)",
        "JD",
        "QD",
        "KD",
    ]
    assert_rejected(game, MergeMelds(1, 2), "HW-MRG-1")


def test_HW_MELD_11_meld_freely_only_after_the_initial_meld() -> None:
    unmelded = position("4C 4D 4H 9S 8C 6S", draws="5S 7D").apply(Draw())
    assert_rejected(unmelded, LayMeld("4C 4D 4H"), "HW-INIT-1")
    melded = drawn("4C 4D 4H 9S 8C 6S", draws="5S 7D")
    after = assert_accepted(melded, LayMeld("4C 4D 4H"))
    assert assert_accepted(after, Discard("9S")).to_move == 1


def test_HW_MELD_12_cards_never_leave_the_table_or_move() -> None:
    game = drawn("9C 9D 9H 2C 5C 6C", own=["KH KS KD", "2D JK 2S"])
    game = assert_accepted(game, AddToMeld(None, "2C", meld=0))
    before = game.table.melds[0]
    assert Card.parse("2C") not in game.hand(0)
    for move in game.legal_moves():
        after = game.apply(move)
        melds = after.table.melds[0] if after.deal.phase is not Phase.OVER else before
        on_table = Cards()
        for m in melds:
            on_table = on_table + m.cards
        for m in before:
            # Every meld still exists whole (possibly grown or merged into another).
            assert any(n.cards.issuperset(m.cards) for n in melds)
        # No wild card came back to a hand.
        if after.to_move == 0:
            assert Card.parse("2C") not in after.hand(0)
        assert on_table.count(Card.parse("2C")) >= 1


# --- HW-INIT -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "minimum"),
    [
        (-1000, 15),
        (-5, 15),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (6995, 120),
        (7000, 150),
        (9995, 150),
        (10000, 150),
        (25000, 150),
    ],
)
def test_HW_INIT_1_minimum_from_cumulative_score(score: int, minimum: int) -> None:
    assert RULES.initial_minimum(score) == minimum
    game = position("5C", scores=[score, 0])
    assert game.minimums == (minimum, 50)


def test_HW_INIT_1_reaching_the_minimum_exactly_is_enough() -> None:
    exact = position("KH KS KD 2C 9S 6C", draws="5S 7D").apply(Draw())
    opened = assert_accepted(exact, LayMeld("KH KS KD 2C"))
    assert opened.draft.points == 50
    assert assert_accepted(opened, Discard("9S")).to_move == 1
    short = position("KH KS KD 9S 6C 8D", draws="5S 7D").apply(Draw())
    assert_rejected(short, LayMeld("KH KS KD"), "HW-INIT-1")
    # At 1500 the same fifty is short of 90; at 7000, 150 exactly is enough.
    at_1500 = position("KH KS KD 2C 9S 6C", scores=[1500, 0], draws="5S 7D").apply(Draw())
    assert_rejected(at_1500, LayMeld("KH KS KD 2C"), "HW-INIT-1")
    at_7000 = position("AH AS AD JK 2C KH KS KD 9S 6C", scores=[7000, 0], draws="5S 7D").apply(
        Draw()
    )
    step = at_7000.apply(LayMeld("AH AS AD JK 2C"))  # 130
    assert_rejected(step, Discard("9S"), "HW-INIT-1")
    step = assert_accepted(step, LayMeld("KH KS KD"))  # 160
    assert step.draft.points == 160
    assert assert_accepted(step, Discard("9S")).to_move == 1


def test_HW_INIT_2_several_melds_count_together_but_no_bonuses() -> None:
    game = position("KH KS KD 7H 8H 9H 5C 6S", draws="4S 9D").apply(Draw())
    game = assert_accepted(game, LayMeld("KH KS KD"))
    assert game.draft.points == 30
    assert_rejected(game, Discard("5C"), "HW-INIT-1")
    game = assert_accepted(game, LayMeld("7H 8H 9H"))
    assert game.draft.points == 55
    assert assert_accepted(game, Discard("5C")).to_move == 1


def test_HW_INIT_2_canasta_bonus_does_not_count() -> None:
    # Seven natural fours (500 bonus) count 35; a natural sequence canasta 4-10 counts 50.
    fours = position("4C 4C 4C 4D 4D 4D 4H 9C 6S", draws="5S 7D").apply(Draw())
    assert_rejected(fours, LayMeld("4C 4C 4C 4D 4D 4D 4H"), "HW-INIT-1")
    run = position("4H 5H 6H 7H 8H 9H JS 9C 6S", draws="5S 7D").apply(Draw())
    assert_rejected(run, LayMeld("4H 5H 6H 7H 8H 9H"), "HW-INIT-1")


def test_HW_INIT_2_red_three_bonus_does_not_count() -> None:
    game = position("KH KS KD 5C 6C 8D", red_threes=["3H 3H 3D 3D", ""], draws="4S 9S").apply(
        Draw()
    )
    assert_rejected(game, LayMeld("KH KS KD"), "HW-INIT-1")


PILE_FOR_OPENING = "KD 7C AH AD AC"


def test_HW_INIT_3_only_the_top_card_of_the_pile_counts() -> None:
    # Top KD + KH KS = 30; the three aces under it may not help.
    bare = position("KH KS 5C 9S 6D", pile=PILE_FOR_OPENING)
    assert_rejected(bare, TakePile("KH KS"), "HW-INIT-4", "HW-INIT-3")
    game = position("KH KS 2C 5C 9S", pile=PILE_FOR_OPENING)
    taken = assert_accepted(game, TakePile("KH KS"))
    assert taken.draft.points == 30
    assert_rejected(taken, LayMeld("AC AD AH"), "HW-INIT-3")
    assert_rejected(taken, Discard("7C"), "HW-INIT-3")
    opened = assert_accepted(taken, AddToMeld(None, "2C", meld=0))
    assert opened.draft.points == 50
    # Once the minimum is met, the pile's aces may be melded, and add nothing to the count.
    melded = assert_accepted(opened, LayMeld("AC AD AH"))
    assert melded.draft.points == 50
    assert assert_accepted(melded, Discard("9S")).to_move == 1


def test_HW_INIT_3_cards_just_drawn_count() -> None:
    game = position("KH KS 9C 6D 5C", draws="KD 2C").apply(Draw())
    opened = assert_accepted(game, LayMeld("KH KS KD 2C"))
    assert opened.draft.points == 50


def test_HW_INIT_4_unmelded_side_takes_only_by_natural_or_suited_pair() -> None:
    # M1: two natural kings with the top king, plus aces from hand.
    m1 = position("KH KS AH AS AD 5C 9S", pile="KD 7C")
    after = assert_accepted(m1, TakePile("KH KS"))
    assert after.table.melds[0][0].kind is MeldKind.RANK
    # M2: two hearts making a run with the top J.
    m2 = position("QH KH AH AS AD 5C 9S", pile="JH 7C")
    after = assert_accepted(m2, TakePile("QH KH"))
    assert after.table.melds[0][0].kind is MeldKind.SEQUENCE
    # M1 with a natural and a wild is never allowed.
    mx = position("KH 2C AH AS AD 5C 9S", pile="KD 7C")
    assert_rejected(mx, TakePile("KH 2C"), "HW-INIT-4", "HW-PILE-1")
    # M3 (a wild pair) cannot open, by default, even at 150 points.
    m3 = position("JK JK AS AD AH 5C 6C 9S", pile="JK 8C")
    assert_rejected(m3, TakePile("JK JK"), "HW-INIT-4")


def test_HW_INIT_4_option_open_with_wild_pair() -> None:
    house = attrs.evolve(RULES, open_with_wild_pair=True)
    m3 = position("JK JK AS AD AH 5C 6C 9S", rules=house, pile="JK 8C")
    after = assert_accepted(m3, TakePile("JK JK"))
    assert after.table.melds[0][0].kind is MeldKind.WILD
    assert after.draft.points == 150


def test_HW_INIT_4_the_take_itself_must_reach_the_minimum_before_the_pile() -> None:
    # Top 9H with 10H JH counts 30; the hand has nothing more, the pile's aces do not count.
    game = position("10H JH 5C 6S 7D", pile="9H AH AD AC")
    assert_rejected(game, TakePile("10H JH"), "HW-INIT-4", "HW-INIT-3")
    # With two more kings and a two in hand the same take opens (30 + 50).
    ok = position("10H JH KH KS KD 5C 6S", pile="9H AH AD AC")
    taken = assert_accepted(ok, TakePile("10H JH"))
    assert taken.draft.points == 30
    assert_rejected(taken, Discard("5C"), "HW-INIT-1", "HW-INIT-4")
    opened = assert_accepted(taken, LayMeld("KH KS KD"))
    assert opened.draft.points == 60


def test_HW_INIT_5_one_player_alone_in_one_turn() -> None:
    game = position("KH KS KD 5C 6C 8D", draws="4S 9S").apply(Draw())
    assert_rejected(game, LayMeld("KH KS KD"), "HW-INIT-1")
    assert not game.table.melds[0]
    # The partner later still owes the whole minimum, and after the opening nobody does.
    partner = position("5C 6C", "10C 10D", "KH KS KD 8D 6S", to_move=2, draws="4S 9S")
    assert_rejected(partner.apply(Draw()), LayMeld("KH KS KD"), "HW-INIT-1")
    opened = position(
        "5C 6C", "10C 10D", "KH KS KD 8D 6S", to_move=2, draws="4S 9S", melds=[["AC AD AH"], []]
    ).apply(Draw())
    assert not opened.draft.opening
    assert_accepted(opened, LayMeld("KH KS KD"))


def test_HW_INIT_6_concealed_out_after_a_stock_draw_needs_no_minimum() -> None:
    fours = "4C 4C 4C 4D 4D 4D 4H"
    fives = "5C 5C 5C 5D 5D 5D"
    # 15 cards, two canastas, 75 points: far below the 120 owed at 3000.
    game = position(f"{fours} {fives}", scores=[3000, 0], draws="4S 5S").apply(Draw())
    assert game.minimums[0] == 120
    step = assert_accepted(game, LayMeld(f"{fours} 4S"))
    done = assert_accepted(step, LayMeld(f"{fives} 5S"))
    result = done.results[-1]
    assert (result.end, result.went_out, result.concealed) == (DealEnd.WENT_OUT, 0, True)
    # Without going out, the same fours are short of the minimum.
    stay = position(f"{fours} 9C 6S", scores=[3000, 0], draws="4S 5S").apply(Draw())
    assert_rejected(stay, LayMeld(f"{fours} 4S"), "HW-INIT-1")


# --- HW-CAN --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "wild_as", "kind", "bonus"),
    [
        (SEVEN_KINGS, None, CanastaKind.NATURAL, 500),
        ("KC KC KD KD KH 2C JK", None, CanastaKind.MIXED, 300),
        ("KC KC KD KD KH KH 2C", None, CanastaKind.MIXED, 300),
        ("4H 5H 6H 7H 8H 9H 10H", None, CanastaKind.NATURAL_SEQUENCE, 1500),
        ("4H 5H 6H 7H 8H 9H JK", "10", CanastaKind.MIXED_SEQUENCE, 1000),
        ("4H 5H 6H JK 8H 9H 10H", "7", CanastaKind.MIXED_SEQUENCE, 1000),
        ("2C 2C 2D JK JK 2H 2S", None, CanastaKind.WILD, 2000),
        ("JK JK JK JK JK JK JK", None, CanastaKind.WILD, 2000),
    ],
)
def test_HW_CAN_1_five_kinds_of_canasta_and_their_bonuses(
    cards: str, wild_as: str | None, kind: CanastaKind, bonus: int
) -> None:
    made = meld(cards, wild_as)
    assert made.is_canasta_under(RULES)
    assert made.canasta_kind_under(RULES) is kind
    assert made.bonus(RULES) == bonus


@pytest.mark.parametrize(
    "cards", ["KC KC KD KD KH KH", "4H 5H 6H 7H 8H 9H", "2C 2D JK JK 2H 2S", "KC KD KH 2C JK"]
)
def test_HW_CAN_1_six_cards_are_no_canasta(cards: str) -> None:
    made = meld(cards)
    assert not made.is_canasta_under(RULES)
    assert made.canasta_kind_under(RULES) is None
    assert made.bonus(RULES) == 0


def test_HW_CAN_1_bonuses_scored_at_the_end_of_the_deal() -> None:
    own = [
        SEVEN_KINGS,
        "QC QC QD QD QH 2C JK",
        "4H 5H 6H 7H 8H 9H 10H",
        Meld.of("4S 5S 6S 7S 8S 9S JK", wild_as="10"),
        "2D 2D 2H JK JK 2S 2S",
    ]
    game = position("9C 9D", melds=[own, []], draws="9H 9S").apply(Draw())
    done = assert_accepted(game, LayMeld("9C 9D 9H 9S"))
    ours = done.results[-1].scores[0]
    assert ours.canasta_bonus == 500 + 300 + 1500 + 1000 + 2000


def test_HW_CAN_2_black_three_meld_is_never_a_canasta() -> None:
    black = meld("3S 3S 3S 3C 3C 3C JK 2C")
    assert black.kind is MeldKind.BLACK_THREES
    assert black.size == 8
    assert not black.is_canasta_under(RULES)
    assert black.canasta_kind_under(RULES) is None
    assert black.bonus(RULES) == 0
    # With one canasta, eight cards of black threes do not make the second one needed.
    one = position("3S 3S 3S 3C 3C 3C", melds=[[SEVEN_KINGS], []], draws="JK 2C").apply(Draw())
    assert_rejected(one, LayMeld("3S 3S 3S 3C 3C 3C JK 2C"), "HW-OUT-1", "HW-B3-3")
    two = position(
        "3S 3S 3S 3C 3C 3C", melds=[[SEVEN_KINGS, SEVEN_QUEENS], []], draws="JK 2C"
    ).apply(Draw())
    done = assert_accepted(two, LayMeld("3S 3S 3S 3C 3C 3C JK 2C"))
    ours = done.results[-1].scores[0]
    assert ours.canasta_bonus == 1000


def test_HW_CAN_3_wild_on_a_natural_canasta_makes_it_mixed() -> None:
    game = drawn("2C JK 5C 6C", own=[SEVEN_KINGS])
    one = assert_accepted(game, AddToMeld(None, "2C", meld=0))
    assert one.table.melds[0][0].canasta_kind_under(RULES) is CanastaKind.MIXED
    assert one.table.melds[0][0].bonus(RULES) == 300
    both = assert_accepted(game, AddToMeld(None, "2C JK", meld=0))
    assert both.table.melds[0][0].canasta_kind_under(RULES) is CanastaKind.MIXED


def test_HW_CAN_3_wild_on_a_natural_sequence_canasta_makes_it_mixed_sequence() -> None:
    game = drawn("2C 5C 6C 9D", own=["4H 5H 6H 7H 8H 9H 10H"])
    assert game.table.melds[0][0].bonus(RULES) == 1500
    after = assert_accepted(game, AddToMeld(None, "2C", meld=0, wild_as="J"))
    run = after.table.melds[0][0]
    assert run.canasta_kind_under(RULES) is CanastaKind.MIXED_SEQUENCE
    assert run.bonus(RULES) == 1000


def test_HW_CAN_3_kind_scored_as_it_stands_at_the_end() -> None:
    game = position(
        "2C 9C 9D",
        melds=[[SEVEN_KINGS, "4H 5H 6H 7H 8H 9H 10H"], []],
        draws="2D 9H",
    ).apply(Draw())
    game = assert_accepted(game, AddToMeld(None, "2C", meld=0))
    game = assert_accepted(game, AddToMeld(None, "2D", meld=1, wild_as="J"))
    done = assert_accepted(game, LayMeld("9C 9D 9H"))
    ours = done.results[-1].scores[0]
    assert ours.canasta_bonus == 300 + 1000


def test_HW_CAN_4_rank_canasta_grows_with_naturals_and_up_to_two_wilds() -> None:
    game = drawn("KH KS 2C JK 2D 5C 6C 7D 9S", own=[SEVEN_KINGS])
    grown = assert_accepted(game, AddToMeld(None, "KH KS", meld=0))
    assert grown.table.melds[0][0].size == 9
    wild = assert_accepted(game, AddToMeld(None, "2C JK", meld=0))
    assert wild.table.melds[0][0].size == 9
    assert_rejected(game, AddToMeld(None, "2C JK 2D", meld=0), "HW-MELD-6")
    assert_rejected(wild, AddToMeld(None, "2D", meld=0), "HW-MELD-6")


def test_HW_CAN_4_sequence_canasta_grows_only_at_its_ends() -> None:
    run = "5S 6S 7S 8S 9S 10S JS"
    game = drawn("4S QS 9S KS 2C JK 6C 7D", own=[run])
    low = assert_accepted(game, AddToMeld(None, "4S", meld=0))
    assert low.table.melds[0][0].size == 8
    high = assert_accepted(game, AddToMeld(None, "QS", meld=0))
    assert high.table.melds[0][0].high is Rank.QUEEN
    # A rank already there, or a card beyond a gap, does not fit.
    assert_rejected(game, AddToMeld(None, "9S", meld=0), "HW-CAN-4", "HW-MELD-3")
    assert_rejected(game, AddToMeld(None, "KS", meld=0), "HW-CAN-4", "HW-MELD-3")
    # One wild card at an end, if the run has none yet.
    wild = assert_accepted(game, AddToMeld(None, "2C", meld=0, wild_as="Q"))
    assert wild.table.melds[0][0].wild_as is Rank.QUEEN
    assert_rejected(wild, AddToMeld(None, "JK", meld=0), "HW-MELD-6")
    # After the wild queen, the king fits directly.
    past = assert_accepted(wild, AddToMeld(None, "KS", meld=0))
    assert past.table.melds[0][0].sequence_text()[-2:] == ["2C(Q)", "KS"]


def test_HW_CAN_4_wild_canasta_takes_any_number_of_wilds() -> None:
    game = drawn("2C 2D JK JK 2H 5C 6C", own=["2S 2S 2C JK JK 2H 2D"])
    grown = assert_accepted(game, AddToMeld(None, "2C 2D JK JK 2H", meld=0))
    assert grown.table.melds[0][0].size == 12
    assert grown.table.melds[0][0].canasta_kind_under(RULES) is CanastaKind.WILD
    assert_rejected(game, AddToMeld(None, "5C", meld=0), "HW-MELD-4")


def test_HW_CAN_5_a_canasta_grows_from_hand_never_by_the_pile() -> None:
    game = position("KS KS 5C 6C", melds=[[SEVEN_KINGS], []], pile="KH 8C")
    assert_rejected(game, TakePile(meld=0), "HW-PILE-5")
    drawn_game = game.apply(Draw())
    grown = assert_accepted(drawn_game, AddToMeld(None, "KS", meld=0))
    assert grown.table.melds[0][0].size == 8
    # The non-canasta meld of the same rank is another matter (M4 is allowed).
    other = position("5C 6C 9S", melds=[["KC KD KH"], []], pile="KH 8C")
    taken = assert_accepted(other, TakePile(meld=0))
    assert taken.table.melds[0][0].size == 4


def test_HW_CAN_6_several_canastas_of_one_kind_rank_or_suit() -> None:
    own = [SEVEN_KINGS, SEVEN_QUEENS, "KC KD KS KS 2C 2D", "4H 5H 6H 7H 8H 9H 10H", "5H 6H 7H"]
    game = position("KH 9C 9D 4H", melds=[own, []], draws="9H 8H").apply(Draw())
    game = assert_accepted(game, AddToMeld(None, "KH", meld=2))
    game = assert_accepted(game, AddToMeld(None, "4H 8H", meld=4))
    melds = game.table.melds[0]
    kings = [m for m in melds if m.rank is Rank.KING and m.kind is MeldKind.RANK]
    assert [m.canasta_kind_under(RULES) for m in kings] == [CanastaKind.NATURAL, CanastaKind.MIXED]
    assert melds[1].canasta_kind_under(RULES) is CanastaKind.NATURAL
    assert game.deal.canastas(0) == 4
    done = assert_accepted(game, LayMeld("9C 9D 9H"))
    ours = done.results[-1].scores[0]
    assert ours.canasta_bonus == 500 + 500 + 300 + 1500
