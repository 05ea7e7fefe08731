"""Rule scenarios for Bolivia, section 3 of ``three-deck.md`` (BO-*).

Bolivia is "Samba with these changes": melds of wild cards of 3 to 7 cards (closed at 7, a
bolivia, 2500), natural sequences closed at 7 (an escalera, 1500), going out only with two
canastas of which at least one is an escalera, a wild top card never taken, black threes
left in any hand costing 100 each, red threes plus only with two canastas, and a match to
15000. The rules that say "= SA-x" are tested here against the Bolivia preset and cite the
BO- ID. The defaults of section 6 that concern Bolivia (A-32 to A-35) are tested with their
RuleSet options where the RuleSet can express them.

Every position is built by hand. Players 1 to 3 hold filler tens unless a test says
otherwise, so the tests leave the tens alone. Where a test needs a short stock, every card
placed nowhere else goes to player 3's hand (and the spare red threes to side 1).
"""

from __future__ import annotations

from typing import Any

import internals
import pytest
from internals import added, new_meld, score_deal
from scenario_helpers import (
    DRAWS_TAKES_PASSES,
    Scenarios,
    at_deal_end,
    go_out,
    play,
    points,
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

BO = internals.bolivia()

K7 = "KH KS KD KC KH KS KD"  # natural canasta of kings: 70 points, 500 bonus
Q7 = "QH QS QD QC QH QS QD"  # natural canasta of queens: 70 points, 500 bonus
ESC = "4H 5H 6H 7H 8H 9H 10H"  # escalera: 4 * 5 + 3 * 10 = 50 points, 1500 bonus
ESC_B = "5D 6D 7D 8D 9D 10D JD"  # a second escalera: 3 * 5 + 4 * 10 = 55 points
BOL = "JK JK JK 2C 2C 2D 2D"  # bolivia: 3 * 50 + 4 * 20 = 230 points, 2500 bonus


# --- helpers -------------------------------------------------------------------------------


SCENES = Scenarios(BO, checked=DRAWS_TAKES_PASSES, canastas=(ESC, K7))
position, offered = SCENES.position, SCENES.offered
assert_rejected, assert_accepted = SCENES.assert_rejected, SCENES.assert_accepted
going_out_position, red_three_scores = SCENES.going_out_position, SCENES.red_three_scores


def meld(cards: str, rules: canasta.RuleSet = BO) -> Meld:
    made = new_meld(Cards.parse(cards), rules)
    assert isinstance(made, Meld), made
    return made


def new_meld_rule(cards: str, rules: canasta.RuleSet = BO) -> str | None:
    """The rule (as the game cites it) that forbids ``cards`` as a new meld, or ``None``."""
    made = new_meld(Cards.parse(cards), rules)
    return rules.rule_id(made.rule) if isinstance(made, canasta.errors.Violation) else None


def drawn(hand: str, melds0: list[str | Meld] | None = None, **kwargs: Any) -> Game:
    """Player 0 has drawn 5S 7D (the stock's next two cards) and may meld."""
    kwargs.setdefault("pile", "4C")
    return SCENES.drawn(hand, "5S 7D", melds0 or [], **kwargs)


def ends_by_going_out(game: Game, move: canasta.Move) -> bool:
    after = game.apply(move)
    result = after.deal_result
    return result is not None and result.end is DealEnd.WENT_OUT


def seed_where(rules: canasta.RuleSet, what: str) -> int:
    """The first seed whose first deal shows ``what`` under the upcard."""
    for seed in range(3000):
        deal = Game.new(rules, seed=seed).deal
        covered = deal.pile[:-1]
        tests = {
            "plain": not covered,
            "wild": any(c.is_wild for c in covered),
            "red3": any(c.is_red_three for c in covered),
            "black3 top": deal.pile[-1].is_black_three,
            "black3 covered": any(c.is_black_three for c in covered),
        }
        if tests[what]:
            return seed
    raise AssertionError(f"no seed shows {what}")


# --- BO-DECK, BO-VAL, BO-SEAT, BO-DEAL -------------------------------------------------------


def test_BO_DECK_1_three_decks_and_six_jokers_make_162_cards() -> None:
    assert BO.decks == 3
    pack = pack_cards(BO.decks)
    assert len(pack) == BO.pack_size == 162
    assert pack.count(canasta.JOKER) == 6
    assert sum(pack.count(f) for f in pack.faces() if f.is_wild) == 18
    game = Game.new(BO, seed=1)
    deal = game.deal
    total = sum(len(h) for h in deal.hands) + len(deal.stock) + len(deal.pile)
    total += sum(len(r) for r in deal.red_threes)
    assert total == 162


def test_BO_VAL_1_card_values_as_in_samba() -> None:
    values = {"JK": 50, "2C": 20, "AS": 20, "KD": 10, "8H": 10, "7C": 5, "4D": 5, "3S": 5}
    for card, value in values.items():
        assert points(card) == value
    # in a scored meld: a wild meld counts its cards at their own values
    assert meld("JK 2C 2D").points == 90
    assert meld("AS AD 2C").points == 60


def test_BO_VAL_2_black_threes_minus_100_in_hand_plus_5_melded() -> None:
    game = position(
        "3C 3S 3C 5C 5D 5H",
        "10C 10D 3S",
        "4C",
        "10S",
        melds=[[ESC, K7], []],
        melded_players=[0, 2],
        pile="4S",
        draws="5S 9H",
    )
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"), LayMeld("3C 3C 3S"), Discard("9H"))
    side0, side1 = game.results[-1].scores
    assert side0.meld_points == 50 + 70 + 20 + 15  # the black threes +5 each
    assert side0.hand_penalty == -5  # player 2's 4C
    assert side1.hand_penalty == -(20 + 10 + 100)  # player 1's 3S costs 100


def test_BO_SEAT_1_four_players_in_two_partnerships() -> None:
    assert (BO.num_players, BO.num_sides) == (4, 2)
    assert canasta.find_rules("bolivia") == BO
    assert [BO.side_of_player(p) for p in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize(
    ("players", "sides", "layout"),
    [
        (2, 2, [0, 1]),
        (3, 3, [0, 1, 2]),
        (5, 5, [0, 1, 2, 3, 4]),
        (6, 3, [0, 1, 2, 0, 1, 2]),
    ],
)
def test_BO_SEAT_2_other_player_counts_follow_samba_A33(
    players: int, sides: int, layout: list[int]
) -> None:
    rules = internals.bolivia(players)
    assert rules == canasta.find_rules("bolivia", players=players)
    assert rules.num_sides == sides
    assert [rules.side_of_player(p) for p in range(players)] == layout
    # still Bolivia
    assert rules.max_wild_meld_length == 7
    assert rules.going_out_needs_natural_sequence
    samba = internals.samba(players)
    assert samba.num_sides == sides


def test_BO_SEAT_2_six_players_option_two_sides() -> None:
    rules = internals.bolivia(6, six_player_sides=2)
    assert rules.num_sides == 2
    assert [rules.side_of_player(p) for p in range(6)] == [0, 1, 0, 1, 0, 1]


@pytest.mark.parametrize(("players", "size"), [(2, 15), (3, 15), (4, 15), (5, 15), (6, 13)])
def test_BO_DEAL_1_fifteen_cards_thirteen_with_six(players: int, size: int) -> None:
    rules = internals.bolivia(players)
    assert rules.hand_size == size
    for seed in range(3):
        game = Game.new(rules, seed=seed)
        deal = game.deal
        # the first player's dealt red threes are already replaced (BO-R3-1)
        assert [len(game.hand(p)) for p in range(players)] == [size] * players
        laid = sum(len(reds) for reds in deal.red_threes)
        assert len(deal.stock) + len(deal.pile) + laid == 162 - size * players


# --- BO-UPC, BO-DRAW ---------------------------------------------------------------------


def test_BO_UPC_1_plain_upcard_starts_an_unfrozen_pile() -> None:
    deal = Game.new(BO, seed=seed_where(BO, "plain")).deal
    assert len(deal.pile) == 1
    assert not deal.pile[-1].is_wild
    assert not deal.pile[-1].is_red_three
    assert not deal.pile_frozen


@pytest.mark.parametrize("what", ["wild", "red3"])
def test_BO_UPC_1_wild_or_red_three_upcard_covered_and_freezes(what: str) -> None:
    game = Game.new(BO, seed=seed_where(BO, what))
    deal = game.deal
    assert len(deal.pile) >= 2
    assert not deal.pile[-1].is_wild
    assert not deal.pile[-1].is_red_three
    for card in deal.pile[:-1]:
        assert card.is_wild or card.is_red_three
    assert deal.pile_frozen


def test_BO_UPC_1_black_three_upcard_stays_on_top_and_blocks_A28() -> None:
    assert not BO.upcard_cover_black_three
    game = Game.new(BO, seed=seed_where(BO, "black3 top"))
    assert game.deal.pile[-1].is_black_three
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_BO_UPC_1_option_cover_black_three_A28() -> None:
    rules = internals.bolivia(upcard_cover_black_three=True)
    for seed in range(300):
        deal = Game.new(rules, seed=seed).deal
        assert not deal.pile[-1].is_black_three
    game = Game.new(rules, seed=seed_where(rules, "black3 covered"))
    assert game.deal.pile[-1].is_natural


def test_BO_DRAW_1_draw_two_then_discard_one() -> None:
    game = position("5C 6C 9D", melds=[["KH KS KD"], []], pile="4C", draws="7C 8C")
    assert BO.draw_count == 2
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 9D 7C 8C")
    assert_rejected(game, Draw(), "BO-DRAW-1")
    game = assert_accepted(game, Discard("9D"))
    assert game.to_move == 1
    assert game.hand(0) == Cards.parse("5C 6C 7C 8C")
    assert game.deal.pile[-1] == Card.parse("9D")


def test_BO_DRAW_1_no_meld_before_drawing() -> None:
    game = position("KH KS KD 9C", melds=[["QH QS QD"], []], pile="4C", draws="7C 8C")
    assert_rejected(game, LayMeld("KH KS KD"), "BO-DRAW-1")
    assert_rejected(game, Discard("9C"), "BO-DRAW-1")


def test_BO_DRAW_1_last_stock_card_may_be_drawn() -> None:
    game = position("5C 6C 9D", melds=[["KH KS KD"], []], pile="4D", stock="4C")
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 9D 4C")
    assert game.deal.stock == ()
    assert game.phase is Phase.MELD


def test_BO_DRAW_1_keep_a_card_when_the_side_may_not_go_out() -> None:
    # side 0 has no canasta: melding down to one card (then discarding it) is not allowed
    game = drawn("9C 9D 9H 5C 5D", ["KH KS KD"])
    assert game.hand(0) == Cards.parse("9C 9D 9H 5C 5D 5S 7D")
    game = assert_accepted(game, LayMeld("9C 9D 9H"))
    assert_rejected(game, LayMeld("5C 5D 5S"), "BO-DRAW-1")
    assert not any(isinstance(m, LayMeld) for m in game.legal_moves())
    room = drawn("9C 9D 9H 5C 5D 8C", ["KH KS KD"])
    room = play(room, LayMeld("9C 9D 9H"))
    after = assert_accepted(room, LayMeld("5C 5D 5S"))
    assert after.hand(0) == Cards.parse("7D 8C")


# --- BO-MELD -----------------------------------------------------------------------------


def test_BO_MELD_1_rank_sequence_and_wild_melds_may_be_laid() -> None:
    game = drawn("KH KS KD 6C 7C 8C JK 2C 2D 9S 9H")
    game = assert_accepted(game, LayMeld("KH KS KD"))
    game = assert_accepted(game, LayMeld("6C 7C 8C"))
    game = assert_accepted(game, LayMeld("JK 2C 2D"))
    kinds = [m.kind for m in game.deal.melds[0]]
    assert kinds == [MeldKind.RANK, MeldKind.SEQUENCE, MeldKind.WILD]
    # Samba has no wild melds: the same meld is Bolivia's own
    assert new_meld_rule("JK 2C 2D", internals.samba()) is not None


def test_BO_MELD_1_black_threes_only_when_going_out() -> None:
    game = play(going_out_position(hand="3C 3S 3C"), Draw())
    assert_rejected(game, LayMeld("3C 3C 3S"), "BO-B3-2", "BO-MELD-1")
    game = going_out_position(hand="3C 3S 3C 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    game = assert_accepted(game, LayMeld("3C 3C 3S"))
    assert game.deal.melds[0][-1].kind is MeldKind.BLACK_THREES
    game = assert_accepted(game, Discard("9H"))
    assert game.results[-1].end is DealEnd.WENT_OUT


@pytest.mark.parametrize("cards", ["KH KS KD", "KH KS JK", "KH KS JK 2C", "KH KS KD KC 2C 2D"])
def test_BO_MELD_2_rank_meld_two_naturals_at_most_two_wilds_legal(cards: str) -> None:
    assert new_meld_rule(cards) is None
    game = drawn(cards + " 9S 9H", ["QH QS QD"])
    after = assert_accepted(game, LayMeld(cards))
    assert after.deal.melds[0][1].kind is MeldKind.RANK


@pytest.mark.parametrize("cards", ["KH JK 2C", "KH KS JK 2C 2D", "KH KS KD KC JK 2C 2D"])
def test_BO_MELD_2_rank_meld_one_natural_or_three_wilds_rejected(cards: str) -> None:
    assert new_meld_rule(cards) == "BO-MELD-2"
    game = drawn(cards + " 9S 9H")
    assert_rejected(game, LayMeld(cards), "BO-MELD-2")


def test_BO_MELD_2_third_wild_may_not_be_added_later() -> None:
    game = drawn("JK 9S 9H", ["KH KS KD 2C 2D"])
    assert_rejected(game, AddToMeld(None, "JK", meld=0), "BO-MELD-2")
    ok = drawn("JK 9S 9H", ["KH KS KD 2C"])
    after = assert_accepted(ok, AddToMeld(None, "JK", meld=0))
    assert after.deal.melds[0][0].cards == Cards.parse("KH KS KD 2C JK")


def test_BO_MELD_2_option_unlimited_wilds_A32() -> None:
    assert BO.max_wilds_per_meld == 2
    rules = internals.bolivia(max_wilds_per_meld=99)
    assert new_meld_rule("KH KS JK 2C 2D", rules) is None
    assert new_meld_rule("KH KS JK JK 2C 2D 2H", rules) is None
    game = drawn("KH KS JK 2C 2D 9S 9H", rules=rules)
    after = assert_accepted(game, LayMeld("KH KS JK 2C 2D"))
    assert after.deal.melds[0][0].kind is MeldKind.RANK
    # still two naturals at least
    assert new_meld_rule("KH JK 2C", rules) == "BO-MELD-2"


@pytest.mark.parametrize("cards", ["4H 5H 6H", "QC KC AC", "8S 9S 10S JS QS KS AS"])
def test_BO_MELD_3_natural_sequences_of_three_to_seven(cards: str) -> None:
    assert new_meld_rule(cards) is None
    made = meld(cards)
    assert made.kind is MeldKind.SEQUENCE


@pytest.mark.parametrize(
    "cards",
    [
        "4H 5H JK",  # a wild card
        "4H 5H 6H 2C",
        "7S 8S 9S 10S JS QS KS AS",  # eight cards
        "KH AH 4H",  # no wrap-around
        "4H 5H 7H",  # a gap
        "4H 5H 6D",  # two suits
    ],
)
def test_BO_MELD_3_wilds_eight_cards_wraps_gaps_rejected(cards: str) -> None:
    rule = new_meld_rule(cards)
    # two suits: neither a sequence nor a meld of one rank, so BO-MELD-2 is defensible
    assert rule in (("BO-MELD-3", "BO-MELD-2") if "6D" in cards else ("BO-MELD-3",)), rule
    assert rule is not None
    game = drawn(cards + " 9S 9H")
    assert_rejected(game, LayMeld(cards), rule)


def test_BO_MELD_3_three_is_never_in_a_sequence() -> None:
    game = drawn("3S 4S 5S 9D 9H")
    # the engine reads it as a meld of mixed ranks (BO-MELD-2); a sequence starts at the 4
    assert_rejected(game, LayMeld("3S 4S 5S"), "BO-MELD-3", "BO-MELD-2", "BO-MELD-5")
    assert new_meld_rule("3H 4H 5H") is not None


def test_BO_MELD_3_sequence_grows_to_an_escalera_and_then_closes() -> None:
    game = drawn("10H 9C 9D 4S", ["4H 5H 6H 7H 8H 9H"])
    game = assert_accepted(game, AddToMeld(None, "10H", meld=0))
    esc = game.deal.melds[0][0]
    assert esc.canasta_kind_under(BO) is CanastaKind.NATURAL_SEQUENCE
    more = drawn("JH 9C 9D 4S", [ESC])
    assert_rejected(more, AddToMeld(None, "JH", meld=0), "BO-CAN-3", "BO-MELD-3")
    low = drawn("JH 9C 9D 4S", ["5H 6H 7H 8H 9H 10H JH"])
    assert_rejected(low, AddToMeld(None, "4S", meld=0), "BO-MELD-3", "BO-CAN-3")
    assert isinstance(added(meld(ESC), Cards.parse("JH"), BO), canasta.errors.Violation)


def test_BO_MELD_3_no_wild_added_to_a_sequence() -> None:
    game = drawn("JK 9C 9D", ["4H 5H 6H"])
    assert_rejected(game, AddToMeld(None, "JK", meld=0, wild_as="7"), "BO-MELD-3")


@pytest.mark.parametrize("cards", ["JK JK JK", "2C 2D 2H", "JK 2C 2D", "JK JK 2C 2D 2H 2S", BOL])
def test_BO_MELD_4_wild_melds_of_three_to_seven_jokers_and_twos_mixed(cards: str) -> None:
    assert new_meld_rule(cards) is None
    made = meld(cards)
    assert made.kind is MeldKind.WILD
    game = drawn(cards + " 9S 9H", ["QH QS QD"])
    after = assert_accepted(game, LayMeld(cards))
    assert after.deal.melds[0][1].kind is MeldKind.WILD


def test_BO_MELD_4_two_wilds_are_no_meld_eight_are_too_many() -> None:
    assert new_meld_rule("JK 2C") is not None
    eight = "JK JK JK 2C 2C 2D 2D 2H"
    assert new_meld_rule(eight) == "BO-MELD-4"
    game = drawn(eight + " 9S 9H")
    assert_rejected(game, LayMeld(eight), "BO-MELD-4")


def test_BO_MELD_4_wild_meld_grows_to_a_bolivia_and_then_closes() -> None:
    game = drawn("2D 9C 9D", ["JK JK JK 2C 2C 2D"])
    game = assert_accepted(game, AddToMeld(None, "2D", meld=0))
    bolivia = game.deal.melds[0][0]
    assert len(bolivia.cards) == 7
    assert bolivia.canasta_kind_under(BO) is CanastaKind.WILD
    closed = drawn("2H 9C 9D", [BOL])
    assert closed.explain(AddToMeld(None, "2H", meld=0)) is not None
    with pytest.raises(canasta.IllegalMoveError):
        closed.apply(AddToMeld(None, "2H", meld=0))
    assert isinstance(added(meld(BOL), Cards.parse("JK"), BO), canasta.errors.Violation)


def test_BO_CAN_3_bolivia_closed_rejection_cites_the_closing_rule() -> None:
    closed = drawn("2H 9C 9D", [BOL])
    assert_rejected(closed, AddToMeld(None, "2H", meld=0), "BO-MELD-4", "BO-CAN-3")


def test_BO_MELD_4_natural_card_not_added_to_a_wild_meld() -> None:
    game = drawn("KH 9C 9D", ["JK 2C 2D"])
    rule = assert_rejected(
        game, AddToMeld(None, "KH", meld=0), "BO-MELD-4", "BO-MELD-1", "BO-MELD-2"
    )
    assert rule.startswith("BO-")


def test_BO_MELD_5_several_melds_of_one_rank() -> None:
    game = drawn("KC KH KS 9C 9D", ["KH KS KD"])
    after = assert_accepted(game, LayMeld("KC KH KS"))
    assert [m.cards for m in after.deal.melds[0]] == [
        Cards.parse("KH KS KD"),
        Cards.parse("KC KH KS"),
    ]
    # and two wild melds, two sequences of one suit
    game = drawn("JK 2H 2S 7H 8H 9H 9C 9D", ["JK 2C 2D", "4H 5H 6H"])
    game = assert_accepted(game, LayMeld("JK 2H 2S"))
    game = assert_accepted(game, LayMeld("7H 8H 9H"))
    assert len(game.deal.melds[0]) == 4


def test_BO_MELD_5_melds_are_never_split_and_cards_never_return() -> None:
    game = drawn("9C 9D 4S", ["KH KS KD KC 2C"])
    # no move takes the 2 back or moves it: the meld stays as it is after any legal move
    for move in game.legal_moves():
        after = game.apply(move)
        assert after.deal.melds[0][0].cards.issuperset(Cards.parse("KH KS KD KC 2C"))


def test_BO_MELD_5_red_threes_are_never_melded() -> None:
    # a red three drawn is laid out at once and replaced, so it never reaches the hand
    game = position("9C 9D 4S", melds=[["KH KS KD"], []], pile="4C", draws="3H 7C 8C")
    game = assert_accepted(game, Draw())
    assert game.table.red_threes[0] == Cards.parse("3H")
    assert not any(c.is_red_three for c in game.hand(0))
    assert new_meld_rule("3H 3D 3H") is not None


# --- BO-INIT -----------------------------------------------------------------------------


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
        (10000, 150),
        (14995, 150),
    ],
)
def test_BO_INIT_1_minimum_from_cumulative_score(score: int, minimum: int) -> None:
    assert BO.initial_minimum(score) == minimum
    game = position("5C", scores=[score, 0])
    assert game.minimums == (minimum, 50)


def test_BO_INIT_1_150_at_10000_and_more() -> None:
    # 145: three aces (60), a joker-two-two wild meld (90) is 150; without one two, 130
    short = drawn("AH AS AD JK 2C 9C 9D", scores=[10000, 0])
    assert_rejected(short, LayMeld("AH AS AD JK 2C"), "BO-INIT-1")
    enough = drawn("AH AS AD JK 2C 2D 9C 9D", scores=[10000, 0])
    game = assert_accepted(enough, LayMeld("AH AS AD"))
    game = assert_accepted(game, LayMeld("JK 2C 2D"))
    assert game.draft.points == 150
    game = assert_accepted(game, Discard("9C"))
    assert game.to_move == 1


def test_BO_INIT_1_option_other_table_A35() -> None:
    table = ((None, 15), (0, 50), (2500, 90), (5000, 120), (10000, 150))
    rules = internals.bolivia(initial_meld_table=table)
    assert [rules.initial_minimum(s) for s in (-5, 2000, 2500, 7000, 10000)] == [
        15,
        50,
        90,
        120,
        150,
    ]
    game = drawn("KH KS KD 2C 9C 9D", scores=[2000, 0], rules=rules)
    assert_accepted(game, LayMeld("KH KS KD 2C"))  # 50 is enough below 2500 here
    assert_rejected(
        drawn("KH KS KD 2C 9C 9D", scores=[2000, 0]), LayMeld("KH KS KD 2C"), "BO-INIT-1"
    )


def test_BO_INIT_2_wild_melds_count_at_card_value() -> None:
    game = drawn("JK JK 2C 9C 9D", scores=[3000, 0])
    after = assert_accepted(game, LayMeld("JK JK 2C"))  # 120 = 3000's minimum
    assert after.draft.points == 120
    assert assert_accepted(after, Discard("9C")).to_move == 1
    short = drawn("JK 2C 2D 9C 9D", scores=[3000, 0])  # 90
    assert_rejected(short, LayMeld("JK 2C 2D"), "BO-INIT-1")


def test_BO_INIT_2_sequences_count_bonuses_do_not() -> None:
    # the escalera is worth 50 in cards (and 1500 as a bonus): not enough for 90
    game = drawn("4H 5H 6H 7H 8H 9H 10H 9C 9D", scores=[1500, 0])
    assert_rejected(game, LayMeld(ESC), "BO-INIT-1")
    # a sequence counts its cards: 50 at 0
    ok = drawn(ESC + " 9C 9D")
    after = assert_accepted(ok, LayMeld(ESC))
    assert after.draft.points == 50


def test_BO_INIT_2_from_the_pile_only_the_top_card_counts() -> None:
    # aces: top AD + AH AS = 60 >= 50; the kings in the pile do not count
    game = position("AH AS 9C 5C", pile="AD KH KD KC")
    after = assert_accepted(game, TakePile("AH AS"))
    assert after.deal.melds[0][0].cards == Cards.parse("AD AH AS")
    # fours: 15 from the top card and the pair, the pile's kings do not help
    low = position("4H 4S 9C 5C", pile="4D KH KD KC")
    assert low.explain(TakePile("4H 4S")) is not None
    with pytest.raises(canasta.IllegalMoveError):
        low.apply(TakePile("4H 4S"))
    assert not offered(low, TakePile("4H 4S"))


def test_BO_INIT_2_take_short_of_the_minimum_cites_the_minimum_rule() -> None:
    low = position("4H 4S 9C 5C", pile="4D KH KD KC")
    assert_rejected(low, TakePile("4H 4S"), "BO-INIT-1", "BO-INIT-2")


def test_BO_INIT_2_rest_of_the_pile_may_be_melded_after_the_minimum() -> None:
    game = position("AH AS KS 9C 5C", pile="AD KD KC")
    after = assert_accepted(game, TakePile("AH AS"))
    after = assert_accepted(after, LayMeld("KC KD KS"))
    assert len(after.deal.melds[0]) == 2


def test_BO_INIT_3_unopened_side_takes_only_by_m1() -> None:
    # M2 (suited pair) is not a method in Bolivia, and there is no meld for M4
    game = position("QH KH AH AS 9C", pile="JH 4C")
    assert_rejected(game, TakePile("QH KH"), "BO-INIT-3", "BO-PILE-1")
    assert_rejected(game, TakePile(meld=0), "BO-INIT-3", "BO-PILE-1")
    ok = position("AH AS 9C 5C", pile="AD 4C")
    assert_accepted(ok, TakePile("AH AS"))


# --- BO-CAN ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "bonus"),
    [
        ("KH KS KD KC KH JK 2C", CanastaKind.MIXED, 300),
        ("KH KS KD KC KH KS JK", CanastaKind.MIXED, 300),
        (K7, CanastaKind.NATURAL, 500),
        (ESC, CanastaKind.NATURAL_SEQUENCE, 1500),
        (BOL, CanastaKind.WILD, 2500),
        ("JK JK 2C 2C 2D 2D 2H", CanastaKind.WILD, 2500),
    ],
)
def test_BO_CAN_1_four_kinds_and_their_bonuses(cards: str, kind: CanastaKind, bonus: int) -> None:
    made = meld(cards)
    assert made.is_canasta_under(BO)
    assert made.canasta_kind_under(BO) is kind
    assert made.bonus(BO) == bonus


@pytest.mark.parametrize("cards", ["KH KS KD KC KH KS", "4H 5H 6H 7H 8H 9H", "JK JK 2C 2C 2D 2D"])
def test_BO_CAN_1_six_cards_are_no_canasta(cards: str) -> None:
    made = meld(cards)
    assert not made.is_canasta_under(BO)
    assert made.bonus(BO) == 0


def test_BO_CAN_1_rank_canasta_may_grow_past_seven_with_naturals() -> None:
    game = drawn("KC KC 9C 9D", [K7])
    after = assert_accepted(game, AddToMeld(None, "KC KC", meld=0))
    grown = after.deal.melds[0][0]
    assert len(grown.cards) == 9
    assert grown.canasta_kind_under(BO) is CanastaKind.NATURAL
    assert grown.bonus(BO) == 500


@pytest.mark.parametrize("wild", ["JK", "2C"])
def test_BO_CAN_2_no_wild_on_a_completed_rank_canasta(wild: str) -> None:
    game = drawn(f"{wild} 9C 9D", [K7, "QH QS QD QC QH JK"])
    assert_rejected(game, AddToMeld(None, wild, meld=0), "BO-CAN-2")
    # the six-card meld is no canasta yet and takes a second wild
    after = assert_accepted(game, AddToMeld(None, wild, meld=1))
    assert after.deal.melds[0][1].canasta_kind_under(BO) is CanastaKind.MIXED
    mixed = drawn(f"{wild} 9C 9D", ["QH QS QD QC QH QS JK"])
    assert_rejected(mixed, AddToMeld(None, wild, meld=0), "BO-CAN-2")


def test_BO_CAN_3_escalera_and_bolivia_closed_at_seven() -> None:
    assert BO.max_sequence_length == 7
    assert BO.max_wild_meld_length == 7
    for closed, card in ((ESC, "JH"), (BOL, "2H"), (BOL, "JK")):
        game = drawn(f"{card} 9C 9D", [closed])
        assert game.explain(AddToMeld(None, card, meld=0)) is not None
        assert not any(isinstance(m, AddToMeld) for m in game.legal_moves())


# --- BO-PILE, BO-FRZ ---------------------------------------------------------------------


def test_BO_PILE_1_m1_natural_pair_lays_a_new_meld() -> None:
    game = position("8H 8S 5C 9D", melds=[["KH KS KD"], []], pile="8D 6D 4C")
    after = assert_accepted(game, TakePile("8H 8S"))
    assert after.deal.melds[0][1].cards == Cards.parse("8D 8H 8S")
    assert after.hand(0) == Cards.parse("5C 9D 4C 6D")
    assert after.deal.pile == ()


def test_BO_PILE_1_m4_onto_a_rank_meld_or_a_sequence_end_when_unfrozen() -> None:
    game = position("5C 9D", melds=[["8C 8D 8S"], []], pile="8H 4C")
    after = assert_accepted(game, TakePile(meld=0))
    assert after.deal.melds[0][0].cards == Cards.parse("8C 8D 8S 8H")
    assert after.hand(0) == Cards.parse("5C 9D 4C")
    seq = position("5C 9D", melds=[["5H 6H 7H"], []], pile="8H 4C")
    after = assert_accepted(seq, TakePile(meld=0))
    assert after.deal.melds[0][0].cards == Cards.parse("5H 6H 7H 8H")
    gap = position("5C 9D", melds=[["5H 6H 7H"], []], pile="9H 4C")
    assert_rejected(gap, TakePile(meld=0), "BO-PILE-1")


def test_BO_PILE_1_no_m4_onto_a_canasta_escalera_or_frozen_pile() -> None:
    canasta_ = position("5C 9D", melds=[["8C 8C 8D 8D 8S 8S 8H"], []], pile="8H 4D")
    assert_rejected(canasta_, TakePile(meld=0), "BO-PILE-1")
    escalera = position("5C 9D", melds=[["5H 6H 7H 8H 9H 10H JH"], []], pile="4H 4D")
    assert_rejected(escalera, TakePile(meld=0), "BO-PILE-1")
    frozen = position("5C 9D", melds=[["8C 8D 8S"], []], pile="8H 4D 2C")
    assert frozen.deal.pile_frozen
    assert_rejected(frozen, TakePile(meld=0), "BO-FRZ-1")


@pytest.mark.parametrize("wild", ["JK", "2C"])
def test_BO_PILE_1_mx_natural_and_wild_never(wild: str) -> None:
    game = position(f"8H {wild} 5C 9D", melds=[["KH KS KD"], []], pile="8D 4C")
    assert not game.deal.pile_frozen
    assert_rejected(game, TakePile(f"8H {wild}"), "BO-PILE-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_BO_PILE_1_m2_suited_pair_never() -> None:
    game = position("QH KH 5C 9D", melds=[["KS KD KC"], []], pile="JH 4C")
    assert_rejected(game, TakePile("QH KH"), "BO-PILE-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_BO_PILE_1_hand_card_plus_top_card_do_not_extend_a_sequence() -> None:
    game = position("7S 5C 9D", melds=[["4S 5S 6S"], []], pile="8S 4C")
    assert_rejected(game, TakePile("7S"), "BO-PILE-1")
    assert_rejected(game, TakePile(meld=0), "BO-PILE-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


@pytest.mark.parametrize(("top", "pair"), [("JK", "JK JK"), ("2S", "2H 2H"), ("2S", "JK JK")])
def test_BO_PILE_2_wild_top_never_taken_even_with_a_pair_and_a_wild_meld(
    top: str, pair: str
) -> None:
    game = position(f"{pair} 5C 9D", melds=[["JK 2C 2D"], []], pile=f"{top} 4C")
    assert not game.deal.melds[0][0].is_canasta_under(BO)
    assert_rejected(game, TakePile(pair), "BO-PILE-2")
    assert_rejected(game, TakePile(meld=0), "BO-PILE-2")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())
    # the same hand takes the pile once a natural is on top (M1 with a pair of fives)
    nat = position(f"{pair} 5C 5D 9D", melds=[["JK 2C 2D"], []], pile=f"5H {top}")
    after = assert_accepted(nat, TakePile("5C 5D"))
    assert after.hand(0).issuperset(Cards.parse(top))


def test_BO_PILE_3_non_canasta_wild_meld_grows_only_from_hand() -> None:
    game = drawn("JK 2H 9C", ["JK 2C 2D"])
    after = assert_accepted(game, AddToMeld(None, "JK 2H", meld=0))
    assert after.deal.melds[0][0].cards == Cards.parse("JK 2C 2D JK 2H")
    # from the pile: impossible, the wild top card is never taken
    top = position("9C 5C", melds=[["JK 2C 2D"], []], pile="2H 4C")
    assert_rejected(top, TakePile(meld=0), "BO-PILE-2")


def test_BO_PILE_4_black_three_on_top_blocks() -> None:
    game = position("3C 3C 5C", melds=[["KH KS KD"], []], pile="3S 4C")
    assert_rejected(game, TakePile("3C 3C"), "BO-PILE-4", "BO-B3-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_BO_PILE_4_one_card_rule() -> None:
    game = position("9C", melds=[["8C 8D 8S"], []], pile="8H")
    assert_rejected(game, TakePile(meld=0), "BO-PILE-4")
    two = position("9C", melds=[["8C 8D 8S"], []], pile="8H 4C")
    after = assert_accepted(two, TakePile(meld=0))
    assert after.hand(0) == Cards.parse("9C 4C")


def test_BO_PILE_4_red_threes_in_the_pile_laid_out_without_replacement() -> None:
    game = position("8H 8S 6C", melds=[["KH KS KD"], []], pile="8D 5C 3D 3H")
    before = game.table.stock_size
    game = assert_accepted(game, TakePile("8H 8S"))
    assert game.table.red_threes[0] == Cards.parse("3H 3D")
    assert game.hand(0) == Cards.parse("6C 5C")
    assert game.table.stock_size == before


def test_BO_PILE_4_m1_beside_a_canasta_of_the_rank_makes_a_new_meld() -> None:
    kings = "KH KS KD KH KS KD KS"
    game = position("KC KC 5C 9D", melds=[[kings], []], pile="KC 4C")
    after = assert_accepted(game, TakePile("KC KC"))
    melds = after.deal.melds[0]
    assert len(melds) == 2
    assert melds[0].cards == Cards.parse(kings)
    assert melds[1].cards == Cards.parse("KC KC KC")


@pytest.mark.parametrize(
    ("pile", "frozen"), [("8D 4C", False), ("8D 4C 2C", True), ("8D JK", True), ("8D 5C 3H", True)]
)
def test_BO_FRZ_1_wild_or_red_three_in_the_pile_freezes(pile: str, frozen: bool) -> None:
    game = position("8H 8S 5C", melds=[["8C 8D 8S"], []], pile=pile)
    assert game.deal.pile_frozen is frozen
    if frozen:
        assert_rejected(game, TakePile(meld=0), "BO-FRZ-1")
    else:
        assert_accepted(game, TakePile(meld=0))
    # M1 takes it either way
    after = assert_accepted(game, TakePile("8H 8S"))
    assert not after.deal.pile_frozen


def test_BO_FRZ_1_frozen_for_an_unopened_side_only_m1() -> None:
    assert BO.frozen_before_opening
    game = position("8H 8S JK 9C", pile="8D 4C")
    assert_rejected(game, TakePile("8H JK"), "BO-PILE-1", "BO-FRZ-1")
    assert_accepted(game, TakePile("8H 8S"))  # 30, and the joker added makes 80


# --- BO-OUT ------------------------------------------------------------------------------


@pytest.mark.parametrize("melds0", [[K7, Q7], [K7, BOL], [ESC, "QH QS QD"], [BOL, "QH QS QD"]])
def test_BO_OUT_1_refused_without_two_canastas_including_an_escalera(
    melds0: list[str],
) -> None:
    game = play(going_out_position(melds=[melds0, []]), Draw())
    assert_rejected(game, LayMeld("5C 5D 5H 5S"), "BO-OUT-1", "BO-DRAW-1")
    # and the generator offers nothing that ends the deal by going out, two moves deep
    for move in game.legal_moves():
        assert not ends_by_going_out(game, move)
        after = game.apply(move)
        if after.deal_number == game.deal_number and after.to_move == 0:
            assert not any(ends_by_going_out(after, m) for m in after.legal_moves())


def test_BO_OUT_1_refused_citing_the_escalera_rule() -> None:
    # every card melded, no discard: the only thing missing is the escalera
    game = position("5C 5D 5H", melds=[[K7, Q7], []], melded_players=[0], draws="5S 5C")
    game = play(game, Draw())
    assert_rejected(game, LayMeld("5C 5C 5D 5H 5S"), "BO-OUT-1")
    assert_rejected(
        play(position("5C 5D 5H", melds=[[K7, BOL], []], draws="5S 5C"), Draw()),
        LayMeld("5C 5C 5D 5H 5S"),
        "BO-OUT-1",
    )


@pytest.mark.parametrize("melds0", [[ESC, K7], [ESC, BOL], [ESC, ESC_B], [BOL, ESC]])
def test_BO_OUT_1_escalera_and_any_second_canasta_may_go_out(melds0: list[str]) -> None:
    game = play(going_out_position(melds=[melds0, []]), Draw())
    game = assert_accepted(game, LayMeld("5C 5D 5H 5S"))
    assert any(ends_by_going_out(game, m) for m in game.legal_moves())
    game = assert_accepted(game, Discard("9H"))
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)


def test_BO_OUT_1_escalera_completed_in_the_going_out_turn() -> None:
    game = position(
        "10H 5C 5D 5H", melds=[["4H 5H 6H 7H 8H 9H", K7], []], melded_players=[0], draws="5S 9H"
    )
    game = play(game, Draw(), AddToMeld(None, "10H", meld=0), LayMeld("5C 5D 5H 5S"))
    game = assert_accepted(game, Discard("9H"))
    assert game.results[-1].end is DealEnd.WENT_OUT


def test_BO_OUT_2_going_out_bonus_200() -> None:
    game = go_out(going_out_position())
    scores = game.results[-1].scores
    assert [s.going_out for s in scores] == [200, 0]


def test_BO_OUT_2_concealed_going_out_also_200() -> None:
    hand = ESC + " KH KS KD KC KH KS"
    game = position(hand, draws="KD 9H")
    game = play(game, Draw(), LayMeld(ESC), LayMeld(K7))
    game = assert_accepted(game, Discard("9H"))
    result = game.results[-1]
    assert result.end is DealEnd.WENT_OUT
    assert result.concealed
    assert result.scores[0].going_out == 200
    # and the same going out, not concealed, scores the same
    plain = go_out(going_out_position())
    assert not plain.results[-1].concealed
    assert plain.results[-1].scores[0].going_out == 200
    assert BO.concealed_bonus_total == BO.going_out_bonus == 200


def test_BO_OUT_3_going_out_with_or_without_a_discard() -> None:
    with_discard = go_out(going_out_position())
    assert with_discard.results[-1].end is DealEnd.WENT_OUT
    game = position("5C 5D 5H", melds=[[ESC, K7], []], melded_players=[0], draws="5S 5C")
    game = play(game, Draw())
    after = assert_accepted(game, LayMeld("5C 5C 5D 5H 5S"))
    assert after.results[-1].end is DealEnd.WENT_OUT
    assert after.results[-1].scores[0].going_out == 200


def test_BO_OUT_3_no_permission_question() -> None:
    game = play(going_out_position(), Draw())
    assert_rejected(game, Ask(), "BO-OUT-3")
    assert not any(isinstance(m, Ask) for m in game.legal_moves())


# --- BO-B3 -------------------------------------------------------------------------------


def test_BO_B3_1_black_three_discarded_blocks_the_next_player() -> None:
    game = position(
        "3S 5C 6C", "3C 3C 8H 8S", melds=[["KH KS KD"], ["8C 8D 8D"]], pile="8C 4C", draws="9H 9D"
    )
    game = play(game, Draw(), Discard("3S"))
    assert game.to_move == 1
    assert_rejected(game, TakePile("3C 3C"), "BO-PILE-4", "BO-B3-1")
    assert_rejected(game, TakePile(meld=0), "BO-PILE-4", "BO-B3-1")
    assert not any(isinstance(m, TakePile) for m in game.legal_moves())


def test_BO_B3_2_black_three_meld_without_wilds() -> None:
    game = going_out_position(hand="3C 3S 3C JK 5C 5D 5H")
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    assert_rejected(game, LayMeld("3C 3C 3S JK"), "BO-B3-2")
    assert_rejected(game, LayMeld("3C 3S JK"), "BO-B3-2", "BO-MELD-2")


def test_BO_B3_2_six_black_threes_are_no_canasta_and_do_not_help_going_out() -> None:
    six = "3C 3C 3C 3S 3S 3S"
    game = going_out_position(hand=six + " 5C 5D 5H", melds=[[ESC, "QH QS QD"], []])
    game = play(game, Draw(), LayMeld("5C 5D 5H 5S"))
    assert_rejected(game, LayMeld(six), "BO-B3-2", "BO-OUT-1", "BO-DRAW-1")
    made = new_meld(Cards.parse(six), BO)
    assert isinstance(made, Meld)
    assert not made.is_canasta_under(BO)
    assert made.bonus(BO) == 0


def test_BO_B3_3_black_threes_in_any_hand_cost_100_partner_included() -> None:
    game = position(
        "5C 5D 5H",
        "10C 10D 3C",
        "4C 3S 3C",
        "10S 3S",
        melds=[[ESC, K7], []],
        melded_players=[0, 2],
        pile="4S",
        draws="5S 9H",
    )
    game = go_out(game)
    side0, side1 = game.results[-1].scores
    assert side0.hand_penalty == -(5 + 200)  # partner's 4C and two black threes
    assert side1.hand_penalty == -(20 + 100 + 10 + 100)


def exhausted(hand: str = "AH AS 5C 3S", **kwargs: Any) -> Game:
    """The stock is empty; the pile (4D AD) may be taken only by M1, which is optional."""
    kwargs.setdefault("melds", [[ESC, K7], ["9C 9D 9S"]])
    kwargs.setdefault("pile", "AD 4D")
    return position(hand, stock="", **kwargs)


def test_BO_B3_3_black_threes_also_cost_100_when_the_stock_runs_out_A34() -> None:
    game = assert_accepted(exhausted(), Pass())
    result = game.results[-1]
    assert result.end is DealEnd.STOCK_EXHAUSTED
    assert result.scores[0].hand_penalty == -(20 + 20 + 5 + 100 + 10)  # and player 2's 10H


def test_BO_B3_3_option_black_three_in_hand_value_A34() -> None:
    rules = internals.bolivia(black_three_in_hand_value=5)
    game = assert_accepted(exhausted(rules=rules), Pass())
    assert game.results[-1].scores[0].hand_penalty == -(20 + 20 + 5 + 5 + 10)


# --- BO-R3 -------------------------------------------------------------------------------


def test_BO_R3_1_drawn_red_three_laid_out_and_replaced() -> None:
    game = position("5C 6C 9D", melds=[["KH KS KD"], []], pile="4C", draws="3H 7C 8C")
    before = game.table.stock_size
    game = assert_accepted(game, Draw())
    assert game.hand(0) == Cards.parse("5C 6C 9D 7C 8C")
    assert game.table.red_threes[0] == Cards.parse("3H")
    assert game.table.stock_size == before - 3


def test_BO_R3_1_dealt_red_threes_replaced_at_the_first_turn() -> None:
    assert BO.red_three_timing == "first_turn"
    for seed in range(200):
        game = Game.new(BO, seed=seed)
        if any(card.is_red_three for card in game.hand(1)):
            break
    else:  # pragma: no cover
        pytest.fail("no seed deals player 1 a red three")
    assert game.table.red_threes[1] == Cards()
    game = play(game, Draw())
    game = play(game, Discard(next(iter(game.hand(0)))))
    assert game.to_move == 1
    assert not any(card.is_red_three for card in game.hand(1))
    assert len(game.hand(1)) == 15
    assert game.table.red_threes[1] != Cards()


def test_BO_R3_2_one_hundred_each_all_six_1000() -> None:
    assert red_three_scores("3H 3D", "", []) == (200, 0)
    assert red_three_scores("3H 3H 3H 3D 3D", "", []) == (500, 0)
    assert red_three_scores("3H 3H 3H 3D 3D 3D", "", []) == (1000, 0)


@pytest.mark.parametrize(
    ("melds1", "sign"),
    [
        ([BOL, Q7], 1),  # two canastas, neither an escalera
        ([Q7, "JC JC JH JH JS JS JK"], 1),  # natural and mixed
        ([BOL, "QH QS QD"], -1),  # one canasta
        (["QH QS QD", "5S 6S 7S"], -1),  # melds but no canasta
        ([], -1),
    ],
)
def test_BO_R3_3_plus_only_with_two_canastas_of_any_kind(melds1: list[str], sign: int) -> None:
    assert red_three_scores("", "3H 3D", melds1) == (0, sign * 200)


def test_BO_R3_3_option_red_threes_canastas_needed() -> None:
    rules = internals.bolivia(red_threes_canastas_needed=1)
    game = go_out(going_out_position(rules=rules, red_threes=["", "3H"], melds=[[ESC, K7], [BOL]]))
    assert game.results[-1].scores[1].red_threes == 100


# --- BO-STOCK ----------------------------------------------------------------------------


def test_BO_STOCK_1_red_three_as_the_last_card_ends_the_deal_at_once() -> None:
    game = going_out_position(stock="3H")
    game = assert_accepted(game, Draw())
    game = at_deal_end(game, "BO-STOCK-1")
    assert game.deal_number == 1
    result = game.results[-1]
    assert result.end is DealEnd.LAST_RED_THREE
    assert result.went_out is None
    assert [s.going_out for s in result.scores] == [0, 0]
    assert result.scores[0].red_threes == 100
    assert result.scores[0].meld_points == 50 + 70
    assert result.scores[0].hand_penalty == -points("5C 5D 5H 10H")


def test_BO_STOCK_1_empty_stock_take_compulsory_when_m4_fits() -> None:
    game = position("5C 6C", melds=[["8C 8D 8S"], []], pile="8H 4D", stock="")
    assert_rejected(game, Pass(), "BO-STOCK-1")
    game = assert_accepted(game, TakePile(meld=0))
    assert game.hand(0) == Cards.parse("5C 6C 4D")


def test_BO_STOCK_1_empty_stock_m1_optional_and_refusing_ends_the_deal() -> None:
    game = exhausted()
    assert_accepted(game, TakePile("AH AS"))
    after = assert_accepted(game, Pass())
    result = after.results[-1]
    assert result.end is DealEnd.STOCK_EXHAUSTED
    assert result.went_out is None
    assert [s.going_out for s in result.scores] == [0, 0]
    assert result.scores[0].canasta_bonus == 2000


# --- BO-MRG ------------------------------------------------------------------------------


def test_BO_MRG_1_same_rank_melds_merge_within_two_wilds() -> None:
    game = drawn("9C 9D 4H", ["6C 6D 6H JK", "KH KS KD", "6S 6C 6D 2C"])
    after = assert_accepted(game, MergeMelds(0, 2))
    assert after.deal.melds[0][0].cards == Cards.parse("6C 6D 6H JK 6S 6C 6D 2C")
    assert len(after.deal.melds[0]) == 2
    three = drawn("9C 9D 4H", ["6C 6D 6H JK 2D", "6S 6C 6D 2C"])
    assert_rejected(three, MergeMelds(0, 1), "BO-MRG-1", "BO-MELD-2")
    other = drawn("9C 9D 4H", ["6C 6D 6H", "KH KS KD"])
    assert_rejected(other, MergeMelds(0, 1), "BO-MRG-1")


def test_BO_MRG_1_sequences_join_up_to_seven() -> None:
    game = drawn("9C 9D 4S", ["4H 5H 6H", "7H 8H 9H 10H"])
    after = assert_accepted(game, MergeMelds(0, 1))
    (esc,) = after.deal.melds[0]
    assert esc.canasta_kind_under(BO) is CanastaKind.NATURAL_SEQUENCE
    long = drawn("9C 9D 4S", ["4H 5H 6H 7H", "8H 9H 10H JH"])
    assert_rejected(long, MergeMelds(0, 1), "BO-MRG-1", "BO-MELD-3")


def test_BO_MRG_1_wild_melds_merge_up_to_seven() -> None:
    game = drawn("9C 9D 4S", ["JK JK JK", "2C 2C 2D 2D"])
    after = assert_accepted(game, MergeMelds(0, 1))
    (bolivia,) = after.deal.melds[0]
    assert bolivia.canasta_kind_under(BO) is CanastaKind.WILD
    assert bolivia.bonus(BO) == 2500
    eight = drawn("9C 9D 4S", ["JK JK JK 2H", "2C 2C 2D 2D"])
    assert_rejected(eight, MergeMelds(0, 1), "BO-MRG-1", "BO-MELD-4")


# --- BO-SCORE ----------------------------------------------------------------------------


def test_BO_SCORE_1_worked_deal_by_hand() -> None:
    game = position(
        "5C 5D 5H",
        "10C 10D 3C",
        "4C 3S",
        "10S JK",
        melds=[
            [ESC, BOL, "QH QS QD QC QH JK 2H", K7],
            ["AC AD AH", ESC_B],
        ],
        red_threes=["3H 3D", "3H"],
        melded_players=[0, 1, 2, 3],
        pile="4S",
        draws="5S 9H",
    )
    game = go_out(game)
    side0, side1 = game.results[-1].scores
    # melds: escalera 50, bolivia 230, mixed queens 5*10+50+20 = 120, kings 70, fives 20
    assert side0.meld_points == 50 + 230 + 120 + 70 + 20
    # bonuses: 1500 + 2500 + 300 + 500
    assert side0.canasta_bonus == 4800
    assert side0.red_threes == 200  # two canastas and more: plus
    assert side0.going_out == 200
    assert side0.hand_penalty == -(5 + 100)  # partner's 4C and black three
    assert side0.total == 490 + 4800 + 200 + 200 - 105 == 5585
    # side 1: aces 60, diamonds escalera 55 and 1500; one canasta: red three minus
    assert side1.meld_points == 60 + 55
    assert side1.canasta_bonus == 1500
    assert side1.red_threes == -100
    assert side1.going_out == 0
    assert side1.hand_penalty == -(20 + 100) - (10 + 50)
    assert side1.total == 115 + 1500 - 100 - 180 == 1335
    assert game.scores == (5585, 1335)


def test_BO_SCORE_1_score_deal_agrees_with_the_result() -> None:
    game = play(going_out_position(), Draw(), LayMeld("5C 5D 5H 5S"))
    over = internals.play(game.deal, Discard("9H"))
    assert not isinstance(over, canasta.errors.Violation)
    finished = game.apply(Discard("9H"))
    assert score_deal(over) == finished.results[-1].scores


# --- BO-MATCH ----------------------------------------------------------------------------


def deal_totals() -> tuple[int, int]:
    return SCENES.deal_totals([BOL])


def test_BO_MATCH_1_target_15000() -> None:
    assert BO.target_score == 15000
    total0, _ = deal_totals()
    below = go_out(going_out_position(melds=[[ESC, K7], [BOL]], scores=[14990 - total0, 0]))
    assert below.scores[0] == 14990
    assert not below.is_over
    reached = go_out(going_out_position(melds=[[ESC, K7], [BOL]], scores=[15000 - total0, 0]))
    assert reached.scores[0] == 15000
    assert reached.is_over
    assert reached.winner == 0


def test_BO_MATCH_1_highest_wins_and_equal_totals_draw() -> None:
    total0, total1 = deal_totals()
    game = go_out(
        going_out_position(melds=[[ESC, K7], [BOL]], scores=[15000 - total0, 15100 - total1])
    )
    assert game.is_over
    assert game.winner == 1
    tie = go_out(
        going_out_position(melds=[[ESC, K7], [BOL]], scores=[15050 - total0, 15050 - total1])
    )
    assert tie.scores == (15050, 15050)
    assert tie.is_over
    assert tie.winner is None
