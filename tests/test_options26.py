"""Issue 26: option sets that are games, and bounded work.

Every rule set :class:`~canasta.RuleSet` accepts can be played to the end of a deal (the
combinations that cannot are refused, naming their fields, however they are given); a
legal move has an action id in any position the loader accepts; matches played without
``deal_limit`` by the library's own loops stop; and error messages quote bad input once.
"""

from __future__ import annotations

import random

import attrs
import pytest
from fuzz.options import NUMBERS, random_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import check_random_deal
from profiles import examples

import canasta
import canasta.records
from canasta import Game, RuleSetError
from canasta.actions import (
    MELD_SLOTS,
    action_mask,
    decode,
    describe,
    encode,
    legal_actions,
    num_actions,
)

# --- option sets that are not games ----------------------------------------------------------

NEEDS_SEQUENCES = "going_out_needs_natural_sequence needs sequences_allowed"


def test_BO_OUT_1_natural_sequence_to_go_out_needs_sequences() -> None:
    classic = canasta.find_rules("classic")
    with pytest.raises(RuleSetError, match=NEEDS_SEQUENCES):
        classic.with_options(going_out_needs_natural_sequence=True, deal_limit=1)
    with pytest.raises(RuleSetError, match=NEEDS_SEQUENCES):
        canasta.find_rules("bolivia").with_options(sequences_allowed=False)
    # Allowed once sequences are (Bolivia plays so).
    assert classic.with_options(going_out_needs_natural_sequence=True, sequences_allowed=True)


def test_BO_OUT_1_refused_through_a_records_options_header() -> None:
    text = "\n".join(
        [
            '[Format "1"]',
            '[Rules "classic"]',
            '[Players "4"]',
            '[Options "deal_limit=1 going_out_needs_natural_sequence=true"]',
            '[Seed "0"]',
            '[Result "*"]',
            "",
        ]
    )
    with pytest.raises(canasta.CanastaError, match=NEEDS_SEQUENCES):
        canasta.records.loads(text)


def test_BO_OUT_1_refused_through_the_openspiel_options() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("canasta.integrations.openspiel")
    spec = "python_canasta_classic(options=going_out_needs_natural_sequence:true)"
    with pytest.raises(Exception, match=NEEDS_SEQUENCES):
        pyspiel.load_game(spec)


def test_BO_OUT_1_refused_through_the_pettingzoo_options() -> None:
    pytest.importorskip("pettingzoo")
    from canasta.integrations.pettingzoo import CanastaEnv

    with pytest.raises(RuleSetError, match=NEEDS_SEQUENCES):
        CanastaEnv("classic", options={"going_out_needs_natural_sequence": True})


# Black-three melds (CL-B3-3, HW-B3-3) with wild cards beyond any meld's size, or melds of
# two cards: random legal play reaches the end of the deal (the issue saw dead ends).
BLACK_THREE_EXTREMES = [
    ("classic", {"max_wilds_per_meld": 100}),
    ("classic", {"min_meld_size": 2}),
    ("hollywood", {"max_wilds_per_meld": 100, "black_three_meld_max_wilds": 100}),
    ("hollywood", {"min_meld_size": 2, "min_naturals": 2}),
    ("samba", {"min_meld_size": 2, "min_naturals": 1, "max_black_threes_per_meld": 3}),
    ("bolivia", {"max_wilds_per_meld": 100}),
]


@pytest.mark.parametrize(("family", "options"), BLACK_THREE_EXTREMES, ids=str)
@pytest.mark.parametrize("seed", range(4))
def test_CL_B3_3_black_three_melds_at_the_far_end_of_the_ranges_never_dead_end(
    family: str, options: dict[str, object], seed: int
) -> None:
    rules = canasta.find_rules(family, players=2 + seed).with_options(deal_limit=1, **options)
    check_random_deal(rules, seed)


def test_the_option_drawer_reaches_the_far_end_of_the_ranges() -> None:
    rng = random.Random(0)
    drawn = [NUMBERS["max_wilds_per_meld"](rng) for _ in range(400)]
    assert min(drawn) == 0
    assert max(drawn) > 50
    drawn = [NUMBERS["canasta_size"](rng) for _ in range(400)]
    assert min(drawn) == 3
    assert max(drawn) > 30


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_option_sets_over_their_whole_ranges_never_get_stuck(seed: int) -> None:
    rng = random.Random(seed)
    rules = attrs.evolve(random_rules(rng, changes=6), deal_limit=1)
    check_random_deal(rules, seed)


# --- action ids for every meld a side can hold -----------------------------------------------

_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _many_melds(decks: int, count: int) -> list[str]:
    """``count`` melds of naturals, three cards each in three decks, pairs in two."""
    if decks == 2:
        return [f"{rank}{suit} {rank}{suit}" for rank in _RANKS for suit in "CDHS"][:count]
    melds = []
    for rank in _RANKS:
        melds += [f"{rank}C {rank}D {rank}H"] * 3 + [f"{rank}S {rank}S {rank}S"]
    return melds[:count]


def test_meld_numbers_in_ids_cover_every_meld_a_side_can_hold() -> None:
    # The most melds of one side: the pack but its red threes, in melds of the fewest cards.
    widest = canasta.find_rules("classic", players=6).with_options(
        several_melds_per_rank=True, min_meld_size=2, min_naturals=1
    )
    assert MELD_SLOTS == (widest.pack_size - widest.red_threes_in_pack) // 2 == 78
    last = canasta.MergeMelds(MELD_SLOTS - 2, MELD_SLOTS - 1)
    assert encode(last) < num_actions(widest)
    assert describe(encode(last)) == "merge #76 #77"


@pytest.mark.parametrize(
    ("family", "options", "decks", "count"),
    [
        ("samba", {}, 3, 40),
        ("hollywood", {}, 3, 44),
        ("classic", {"several_melds_per_rank": True, "min_meld_size": 2}, 2, 40),
    ],
)
def test_legal_actions_with_more_than_32_melds(
    family: str, options: dict[str, object], decks: int, count: int
) -> None:
    rules = canasta.find_rules(family).with_options(**options)
    game = Game.from_position(
        rules,
        hands=["JK 2C 2D", "2H", "2S", "JK"],
        melds=[_many_melds(decks, count), []],
        pile="3C",
        melded_players=[0],
        phase="meld",
        turn_player=0,
        drew=True,
    )
    ids = legal_actions(game)
    assert len(ids) == len(list(game.legal_moves()))
    assert action_mask(game).sum() == len(ids)
    assert max(ids) < num_actions(rules)
    last = canasta.AddToMeld(None, canasta.Cards.parse("JK"), meld=count - 1)
    assert game.is_legal(last)
    assert decode(game, encode(last)) == last
    assert describe(encode(last)) == f"add to #{count - 1}: wild cards: 0 twos, 1 joker"


def test_ids_of_the_first_32_melds_never_moved() -> None:
    assert encode(canasta.parse_move("add #31 2C")) == 12600
    assert encode(canasta.parse_move("merge #30 #31")) == 3885
    assert encode(canasta.parse_move("add #0 5D JK wild=4")) == 14793
    assert encode(canasta.parse_move("take #32")) == 33094  # the first id past the old table


def test_openspiel_and_pettingzoo_sizes_follow_num_actions() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    from canasta.integrations import openspiel  # noqa: F401  (registers the games)
    from canasta.integrations.pettingzoo import CanastaEnv

    for family in ("classic", "samba", "hollywood"):
        rules = canasta.find_rules(family)
        game = pyspiel.load_game(f"python_canasta_{family}")
        assert game.num_distinct_actions() == num_actions(rules)
        table = CanastaEnv(family)
        assert table.action_space("player_0").n == num_actions(rules)


# --- refusals quote the bad input once, shortened --------------------------------------------

_LONG_MOVES = {
    "bad cards in a meld": "meld " + "ZZ " * 50,
    "a bad card after many": "meld " + "3C " * 50 + "ZZ",
    "a bad wild rank": "meld 7H 7S 2C wild=" + "Q" * 100,
    "a long card": "discard " + "Q" * 100,
}


def _record_of(move: str) -> str:
    headers = '[Format "1"]\n[Rules "classic"]\n[Players "4"]\n[Seed "1"]\n\nDeal 1\n'
    return headers + "  1. P0 " + move + "\n"


@pytest.mark.parametrize("text", list(_LONG_MOVES.values()), ids=list(_LONG_MOVES))
def test_a_refused_move_text_is_quoted_once_and_short(text: str) -> None:
    game = Game.new("classic", seed=1).apply(canasta.Draw())
    refusals = []
    for call in (
        lambda: canasta.parse_move(text),
        lambda: game.apply(text),  # type: ignore[arg-type]
        lambda: canasta.records.loads(_record_of(text)),
    ):
        with pytest.raises(canasta.CanastaError) as raised:
            call()
        refusals.append(str(raised.value))
    for message in refusals:
        assert message.count(text[:12]) <= 1, message
        assert len(message) < 400, message


def test_a_bad_card_is_named_by_its_place_not_by_the_whole_text_again() -> None:
    with pytest.raises(canasta.MoveParseError) as raised:
        canasta.parse_move("meld KH KS ZZ")
    assert str(raised.value).startswith("'meld KH KS ZZ': card 3: 'ZZ' is not a card")
    with pytest.raises(canasta.CardParseError) as card_error:
        canasta.Card.parse("Q" * 1000)
    assert card_error.value.message.count("'QQ") == 1


def test_cards_not_held_are_listed_short() -> None:
    game = Game.new("classic", seed=1).apply(canasta.Draw())
    violation = game.explain(canasta.parse_move("meld " + "3C " * 200))
    assert violation is not None
    assert violation.message.startswith("you do not hold 3C 3C")
    assert violation.message.endswith("… (200 cards)")
    assert len(violation.message) < 120


# --- a match without deal_limit: the library's loops stop -------------------------------------


def test_CL_MATCH_1_play_game_stops_a_match_that_could_run_without_end() -> None:
    from canasta.simulate import DEFAULT_MAX_DEALS, play_game, simulate

    endless = canasta.find_rules("classic", players=2).with_options(target_score=10**9)
    assert endless.deal_limit is None
    outcome = play_game(endless, ["random"], seed=3)
    assert outcome.deals == DEFAULT_MAX_DEALS == 30
    assert not outcome.finished
    summary = simulate(endless, ["random"], games=1, seed=3, workers=1, max_deals=2)
    assert summary.unfinished == 1
    for documented in (play_game, simulate):
        assert "30 by default" in (documented.__doc__ or "")


# --- bounded work ------------------------------------------------------------------------------

#: The record of issue 26: Classic with sequences allowed, reached by legal random play, whose
#: one legal_moves() call once took 70 s (a 43-card hand that has taken the pile).
SEQUENCES_IN_CLASSIC = """\
[Format "1"]
[Rules "classic"]
[Players "4"]
[Options "deal_limit=1 sequences_allowed=true"]
[Seed "163429"]
[Result "*"]

Deal 1
  1. P0 draw; discard 9H
  2. P1 draw; discard 3S
  3. P2 draw; discard JH
  4. P3 draw; meld 9D 10D 2D wild=J; add #0 QD; discard 3C
  5. P0 draw; discard 8H
  6. P1 draw; discard KC
  7. P2 draw; discard 5C
  8. P3 draw; discard 7H
  9. P0 draw; meld 4H 5H 2H wild=6; meld 10C 10S 2S; discard 3S
 10. P1 draw; meld 6D 6D 6H 6S 2D 2S; discard QS
 11. P2 draw; discard 10H
 12. P3 draw; discard 6C
 13. P0 draw; discard 4D
 14. P1 draw; discard 5S
 15. P2 draw; discard 7S
 16. P3 draw; discard JD
 17. P0 draw; discard AH
 18. P1 draw; discard 4D
 19. P2 draw; discard 6S
 20. P3 draw; discard 2H
 21. P0 draw; discard KH
 22. P1 draw; discard JS
 23. P2 draw; discard JH
 24. P3 draw; discard 9H
 25. P0 draw; discard AD
 26. P1 draw; discard 7H
 27. P2 draw; discard 8C
 28. P3 draw; discard AS
 29. P0 draw; discard 5D
 30. P1 draw; discard JD
 31. P2 draw; discard QC
 32. P3 draw; discard AC
 33. P0 draw; discard 8D
 34. P1 draw; add #1 JK; discard 7D
 35. P2 take 7D 7S; discard 10D
 36. P3 draw; add #0 KD; discard 4S
 37. P0 draw; discard JC
 38. P1 draw; discard JC
 39. P2 take JD JH
"""


def test_HW_MELD_3_sequences_in_classic_after_a_big_take_list_their_moves() -> None:
    game = canasta.records.loads(SEQUENCES_IN_CLASSIC).game()
    assert len(game.hand(game.turn_player)) == 43
    moves = list(game.legal_moves())
    assert len(moves) == 303
    assert all(game.explain(move) is None for move in moves)


def test_rule_sets_whose_moves_have_no_ids_are_refused_by_num_actions() -> None:
    from canasta.actions import ActionError

    two_card_sequences = canasta.find_rules("samba").with_options(min_meld_size=2)
    with pytest.raises(ActionError, match="sequences of three cards or more"):
        num_actions(two_card_sequences)
    assert num_actions(canasta.find_rules("classic").with_options(min_meld_size=2)) == 3062


@pytest.mark.parametrize("seed", [6, 33, 39])
def test_CL_CONC_4_never_each_count_offered_once_with_the_locked_pile_cards(seed: int) -> None:
    # Under concealed_min_rule='never' the pile cards locked for the minimum may be used to
    # go out concealed; the moves of the whole hand were offered beside those of the usable
    # cards, some twice, some as a second choice of suits with one action id.
    rules = canasta.find_rules("samba", players=2).with_options(
        concealed_min_rule="never", deal_limit=1
    )
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    while not game.is_over and game.deal_number == 0:
        moves = list(game.legal_moves())
        assert len(set(moves)) == len(moves)
        assert len(legal_actions(game)) == len(moves)
        game = game.apply(rng.choice(moves))
