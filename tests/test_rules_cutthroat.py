"""Scenario tests for three-player cutthroat (CL-V3-3, ``three_player_mode="cutthroat"``).

The first player to take the pile becomes the lone hand; the other two pool their melds for
the rest of the deal, each keeping their own red threes, initial-meld minimum and score. A
player who goes out before anyone took the pile is the lone hand all the same; a deal that
ends without either is scored by each player alone.
"""

from __future__ import annotations

import random

import attrs
import pytest
from cli_helpers import run
from fuzz.options import random_changes
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import all_cards, check_random_deal, random_walk
from profiles import examples

import canasta
from canasta import (
    AddToMeld,
    Cards,
    Discard,
    Draw,
    Game,
    LayMeld,
    Meld,
    PlayerView,
    PositionError,
    Rank,
    RuleSet,
    RuleSetError,
    TakePile,
    records,
)

CUT = RuleSet.classic(3, three_player_mode="cutthroat")


def kings() -> list[str]:
    return ["KH KS KD KC KH KS KD"]


def test_CL_V3_3_the_option_draws_two_needs_two_canastas_and_plays_to_7500() -> None:
    assert CUT.cutthroat
    assert (CUT.draw_count, CUT.canastas_to_go_out, CUT.target_score) == (2, 2, 7500)
    assert CUT.hand_size == 13
    assert CUT.num_sides == 3
    # Fields given win over the preset's cutthroat settings.
    assert RuleSet.classic(3, three_player_mode="cutthroat", draw_count=1).draw_count == 1
    assert not canasta.find_rules("classic", players=3).cutthroat
    assert not RuleSet(three_player_mode="cutthroat").cutthroat  # four players: no effect


def test_CL_V3_3_cutthroat_pools_melds_by_rank_so_refuses_melds_named_by_number() -> None:
    with pytest.raises(RuleSetError, match="CL-V3-3"):
        attrs.evolve(CUT, several_melds_per_rank=True)
    with pytest.raises(RuleSetError, match="sequences_allowed"):
        canasta.find_rules("samba", players=3).with_options(three_player_mode="cutthroat")


def before_the_take() -> Game:
    """Player 0 may take the pile (KD) with a pair of kings; each player has a meld."""
    return Game.from_position(
        CUT,
        hands=["KH KS 9C", "5S 8C", "6C 6D 4H"],
        melds=[["QH QS QD"], ["5C 5D 5H 2C"], ["5C 5D 5S", "9H 9S 9D"]],
        melded_players=[0, 1, 2],
        pile="KD 7C",
    )


def test_CL_V3_3_everybody_plays_alone_until_the_pile_is_taken() -> None:
    game = before_the_take()
    assert game.deal.lone_hand is None
    assert game.table.lone_hand is None
    assert [game.table.partners(side) for side in range(3)] == [(0,), (1,), (2,)]
    assert game.table.melds[1] != game.table.melds[2]


def test_CL_V3_3_the_first_pile_taker_becomes_the_lone_hand() -> None:
    game = before_the_take().apply(TakePile(Cards.parse("KH KS")))
    assert game.deal.lone_hand == 0
    assert game.table.lone_hand == 0
    assert game.table.partners(1) == game.table.partners(2) == (1, 2)
    assert game.table.partners(0) == (0,)
    # The partners' melds are pooled: one meld a rank, the fives of both together.
    pooled = game.table.melds[1]
    assert game.table.melds[2] == pooled
    assert [meld.rank for meld in pooled] == [Rank.FIVE, Rank.NINE]
    assert pooled[0].cards == Cards.parse("5C 5D 5H 2C 5C 5D 5S")
    assert [meld.rank for meld in game.table.melds[0]] == [Rank.QUEEN, Rank.KING]
    # Red threes and minimums stay each player's own.
    assert len(game.minimums) == 3
    assert len(game.table.red_threes) == 3


def test_CL_V3_3_a_later_take_does_not_change_the_sides() -> None:
    game = Game.from_position(
        CUT,
        hands=["4C 9C", "8C 8D 6S", "6C 6D 4H"],
        melds=[["QH QS QD"], ["5C 5D 5H"], []],
        melded_players=[0, 1],
        lone_hand=0,
        turn_player=1,
        pile="8H 7C",
    )
    after = game.apply(TakePile(Cards.parse("8C 8D")))
    assert after.deal.lone_hand == 0
    assert after.table.melds[1] == after.table.melds[2]
    assert [meld.rank for meld in after.table.melds[2]] == [Rank.FIVE, Rank.EIGHT]


def partner_to_meld(scores: list[int] | None = None, opened: bool = True) -> Game:
    """Player 0 is the lone hand; player 2, a partner, has drawn."""
    return Game.from_position(
        CUT,
        hands=["4C 9C", "6S 7S", "5S 8C 8D 8H AC AD AH KC"],
        melds=[["QH QS QD"], ["5C 5D 5H"] if opened else [], []],
        melded_players=[0, 1] if opened else [0],
        lone_hand=0,
        turn_player=2,
        phase="meld",
        drew=True,
        scores=scores,
        pile="7C",
    )


def test_CL_V3_3_a_partner_adds_to_the_melds_the_other_partner_laid() -> None:
    game = partner_to_meld()
    step = AddToMeld(Rank.FIVE, Cards.parse("5S"))
    assert game.explain(step) is None
    assert step in list(game.legal_moves())
    after = game.apply(step)
    assert after.table.melds[1] == after.table.melds[2]
    assert after.table.melds[1][0].cards == Cards.parse("5C 5D 5H 5S")


def test_CL_V3_3_the_partnership_has_opened_once_either_partner_melded() -> None:
    # 24 points, below any minimum: fine, the partnership has opened (CL-INIT-1 is met).
    game = partner_to_meld()
    assert game.explain(LayMeld(Cards.parse("8C 8D 8H"))) is None


def test_CL_V3_3_each_partner_opens_with_his_own_minimum() -> None:
    game = partner_to_meld(scores=[0, 3000, 0], opened=False)
    assert game.minimums == (50, 120, 50)
    # Player 2 (score 0) opens with 54 points: three aces and three eights.
    opening = game.apply(LayMeld(Cards.parse("AC AD AH"))).apply(LayMeld(Cards.parse("8C 8D 8H")))
    assert opening.table.melds[1] == opening.table.melds[2] != ()
    # With player 2's score at 3000 the same opening is short of 120 (CL-INIT-1).
    high = partner_to_meld(scores=[0, 0, 3000], opened=False)
    assert high.minimums == (50, 50, 120)
    refusal = high.explain(LayMeld(Cards.parse("AC AD AH")))
    assert refusal is not None
    assert refusal.rule == "CL-INIT-1"


def going_out(lone_hand: int | None = 0) -> Game:
    """Player 1 has drawn and may go out by discarding 9C: the partnership (1 and 2) holds
    a natural canasta of kings and a mixed one of sevens, laid by either."""
    return Game.from_position(
        CUT,
        hands=["4C 4D 5C", "9C", "6C 6D"],
        melds=[["QH QS QD"], [*kings(), "7H 7S 7D 7C 7H 7S 2C"], []],
        red_threes=["", "3H", "3D 3H"],
        melded_players=[0, 1, 2],
        lone_hand=lone_hand,
        turn_player=1,
        phase="meld",
        drew=True,
        pile="8C",
    )


def test_CL_V3_3_scoring_each_partner_gets_the_partnership_total_and_own_red_threes() -> None:
    game = going_out().apply(Discard("9C"))
    result = game.deal_result
    assert result is not None
    assert result.went_out == 1
    partnership = (70 + 500) + (50 + 300) + 100 - (5 + 5)  # melds, canastas, out, both hands
    assert result.totals == (30 - 15, partnership + 100, partnership + 200)
    assert [score.red_threes for score in result.scores] == [0, 100, 200]
    assert result.scores[2].going_out == 100  # the partner who stayed in shares the bonus
    assert result.scores[1].hand_penalty == result.scores[2].hand_penalty == -10
    assert game.scores == result.totals
    assert not game.is_over  # 7500 to win


def test_CL_V3_3_going_out_needs_two_canastas_of_the_partnership() -> None:
    # The partnership's canastas count, whoever laid them ...
    assert going_out().explain(Discard("9C")) is None
    # ... and the lone hand needs two of his own: the partners' canasta is not his.
    lone = Game.from_position(
        CUT,
        hands=["9C 9D 9H", "4C 4D 5C", "6C 6D"],
        melds=[kings(), ["7H 7S 7D 7C 7H 7S 2C"], []],
        melded_players=[0, 1, 2],
        lone_hand=0,
        phase="meld",
        drew=True,
        pile="8C",
    )
    refusal = lone.explain(LayMeld(Cards.parse("9C 9D 9H")))
    assert refusal is not None
    assert refusal.rule == "CL-OUT-2"
    assert all(isinstance(move, Discard) for move in lone.legal_moves())


def test_CL_V3_3_going_out_before_any_take_makes_the_lone_hand() -> None:
    game = Game.from_position(
        CUT,
        hands=["9C", "4C 4D", "6C 6D"],
        melds=[[*kings(), "7H 7S 7D 7C 7H 7S 2C"], ["5C 5D 5H"], ["5S 5S 5D", "QH QS QD"]],
        melded_players=[0, 1, 2],
        phase="meld",
        drew=True,
        pile="8C",
    )
    assert game.deal.lone_hand is None
    over = game.apply(Discard("9C"))
    assert over.deal.lone_hand == 0
    assert over.table.melds[1] == over.table.melds[2]
    result = over.deal_result
    assert result is not None
    pooled = (6 * 5 + 3 * 10) - (5 + 5 + 5 + 5)
    assert result.totals == (70 + 500 + 50 + 300 + 100, pooled, pooled)


def test_CL_V3_3_a_deal_ended_with_the_pile_never_taken_is_scored_individually() -> None:
    game = Game.from_position(
        CUT,
        hands=["9C", "4C 4D", "6C 6D"],
        melds=[kings(), ["5C 5D 5H"], ["QH QS QD"]],
        melded_players=[0, 1, 2],
        phase="over",
        end="stock_exhausted",
    )
    assert game.deal.lone_hand is None
    result = game.deal_result
    assert result is not None
    assert result.totals == (70 + 500 - 10, 15 - 10, 30 - 10)


def test_CL_V3_3_positions_give_the_pooled_melds_once_or_alike() -> None:
    once = going_out()
    alike = Game.from_position(
        CUT,
        hands=["4C 4D 5C", "9C", "6C 6D"],
        melds=[["QH QS QD"], *[[*kings(), "7H 7S 7D 7C 7H 7S 2C"]] * 2],
        red_threes=["", "3H", "3D 3H"],
        melded_players=[0, 1, 2],
        lone_hand=0,
        turn_player=1,
        phase="meld",
        drew=True,
        pile="8C",
    )
    assert alike == once
    with pytest.raises(PositionError, match="CL-V3-3"):
        Game.from_position(
            CUT,
            hands=["4C", "9C", "6C"],
            melds=[[], ["QH QS QD"], ["5C 5D 5H"]],
            melded_players=[1, 2],
            lone_hand=0,
        )
    with pytest.raises(PositionError, match="CL-V3-3"):
        Game.from_position("classic", players=3, hands=["4C", "9C", "6C"], lone_hand=0)


def mid_deal(seed: int) -> Game:
    """A random cutthroat game just after the lone hand formed, the deal still going on."""
    rng = random.Random(seed)
    game = Game.new(CUT, seed=seed)
    while game.deal.lone_hand is None:
        game = game.apply(rng.choice(list(game.legal_moves())))
    assert game.phase is canasta.Phase.MELD
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_CL_V3_3_json_text_and_views_keep_the_sides_mid_deal(seed: int) -> None:
    game = mid_deal(seed)
    assert '"lone_hand"' in game.to_json()
    assert Game.from_json(game.to_json()) == game
    assert "lone_hand P" in game.to_text()
    assert Game.from_text(game.to_text()) == game
    for player in range(3):
        view = game.view(player)
        assert view.table.lone_hand == game.deal.lone_hand
        assert PlayerView.from_json(view.to_json()) == view
        assert PlayerView.from_text(view.to_text()) == view
        world = view.sample(random.Random(seed))
        assert world.deal.lone_hand == game.deal.lone_hand
        assert world.view(player) == view


def test_CL_V3_3_records_replay_the_sides_and_mark_the_change() -> None:
    rng = random.Random(5)
    game = Game.new(CUT, seed=5)
    moves = []
    while game.phase is not canasta.Phase.OVER:
        move = rng.choice(list(game.legal_moves()))
        moves.append((game.to_move, move))
        game = game.apply(move)
    assert game.deal.lone_hand is not None
    text = records.dumps(game)
    assert "plays alone;" in text
    replayed = records.loads(text).game()
    assert replayed == game


def test_CL_V3_3_describe_shows_the_change_of_sides() -> None:
    game = before_the_take()
    words = game.describe(TakePile(Cards.parse("KH KS")))
    assert "play alone against the other two" in words
    after = game.apply(TakePile(Cards.parse("KH KS")))
    assert "play alone" not in after.apply(Discard("9C")).describe(Draw())


def test_CL_V3_3_the_terminal_shows_the_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    game = Game.new(CUT, seed=5)
    while game.deal.lone_hand is None:
        game = game.apply(rng.choice(list(game.legal_moves())))
    lone = game.deal.lone_hand
    partner, other = (side for side in range(3) if side != lone)
    code, out, _ = run(["replay", "-"], monkeypatch, stdin=records.dumps(game))
    assert code == 0
    assert f"Side {lone} lone hand," in out
    assert f"Side {partner} with side {other} against side {lone}," in out
    assert f"(melds pooled with side {partner}, above)" in out


def test_CL_V3_3_no_dead_end_and_cards_conserved_over_random_deals() -> None:
    for seed in range(4):
        check_random_deal(CUT, seed)


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32), changes=st.integers(0, 4))
def test_CL_V3_3_no_dead_end_under_random_house_rules(seed: int, changes: int) -> None:
    rules = random_changes(random.Random(seed), CUT, changes)
    assert rules.cutthroat or rules.three_player_mode == "individual"
    pack = canasta.pack_cards(rules.decks)
    for game in random_walk(Game.new(rules, seed=seed), random.Random(seed)):
        if game.deal_number == 0 and game.phase is not canasta.Phase.OVER:
            assert all_cards(game) == pack
        lone = game.deal.lone_hand
        if lone is not None:
            partners = [side for side in range(3) if side != lone]
            assert game.table.melds[partners[0]] is game.table.melds[partners[1]]


def test_CL_V3_3_a_pooled_meld_is_one_meld_of_a_rank() -> None:
    game = before_the_take().apply(TakePile(Cards.parse("KH KS")))
    fives = game.table.melds[1][0]
    assert isinstance(fives, Meld)
    assert fives.rank is Rank.FIVE
    assert fives.size == 7
    assert CUT.is_canasta(fives)  # the pooled seven fives make a canasta


def test_CL_V3_3_the_web_screen_shows_the_sides() -> None:
    pytest.importorskip("starlette")
    from canasta.web.screen import screen

    game = before_the_take()
    before = screen(game.view(1), seats=["human"] * 3, version=0, log=[])
    assert [side["role"] for side in before["sides"]] == ["", "", ""]
    assert not any(player["partner"] for player in before["players"])
    after = game.apply(TakePile(Cards.parse("KH KS")))
    shown = screen(after.view(1), seats=["human"] * 3, version=1, log=[])
    roles = [side["role"] for side in shown["sides"]]
    assert roles == ["lone hand", "pools its melds with side 2", "pools its melds with side 1"]
    assert [player["partner"] for player in shown["players"]] == [False, False, True]


def test_CL_V3_3_the_picture_shows_the_sides() -> None:
    from canasta.svg import render

    game = before_the_take()
    assert "lone hand" not in render(game.view(0))
    picture = render(game.apply(TakePile(Cards.parse("KH KS"))).view(0))
    assert picture.count("lone hand") == 1
    assert picture.count("melds pooled") == 2


def test_CL_V3_3_the_observation_names_the_lone_hand_in_the_viewers_order() -> None:
    np = pytest.importorskip("numpy")
    from canasta.observation import observation, observation_layout

    blocks = {name: (start, length) for name, start, length in observation_layout(CUT)}
    start, length = blocks["lone_hand"]
    assert length == 3
    plain = canasta.find_rules("classic", players=3)
    assert "lone_hand" not in {name for name, _, _ in observation_layout(plain)}
    game = before_the_take()
    assert not observation(game.view(1))[start : start + length].any()
    after = game.apply(TakePile(Cards.parse("KH KS")))
    for player, expected in ((0, [1, 0, 0]), (1, [0, 0, 1]), (2, [0, 1, 0])):
        vector = observation(after.view(player))[start : start + length]
        assert np.array_equal(vector, expected), player


def test_CL_V3_3_a_pooled_meld_over_the_wild_card_limit_loads_as_two_melds_laid_apart() -> None:
    """Two partners' melds of jacks, each within the limit of three wild cards (CL-MELD-3),
    pool into one meld of four: the game's own JSON and text load again (they were refused),
    while a meld that no two melds could make stays refused."""
    pooled = ["JC JD JD JH 2C 2C 2S JK", "8C 8D 8H"]
    game = Game.from_position(
        CUT,
        hands=["4C 4D 5C", "9C 9D", "6C 6D"],
        melds=[["QH QS QD"], pooled, pooled],
        melded_players=[0, 1, 2],
        lone_hand=0,
        turn_player=1,
        phase="meld",
        drew=True,
        pile="8S",
    )
    (jacks,) = [meld for meld in game.table.melds[1] if meld.rank is Rank.JACK]
    assert (jacks.size, jacks.wilds) == (8, 4)
    assert Game.from_json(game.to_json()) == game
    assert Game.from_text(game.to_text()) == game
    with pytest.raises(PositionError, match="CL-MELD-3"):
        Game.from_position(
            CUT,
            hands=["4C", "9C", "6C"],
            melds=[["QH QS QD"], ["JC JD 2C 2C 2S 2D JK"], ["JC JD 2C 2C 2S 2D JK"]],
            melded_players=[0, 1, 2],
            lone_hand=0,
        )
    with pytest.raises(PositionError, match="CL-MELD-3"):  # the lone hand pooled nothing
        Game.from_position(
            CUT,
            hands=["4C", "9C", "6C"],
            melds=[["JC JD JD JH 2C 2C 2S JK"], ["QH QS QD"], ["QH QS QD"]],
            melded_players=[0, 1, 2],
            lone_hand=0,
        )


def test_CL_V3_3_the_games_own_json_loads_after_pooling_over_the_wild_card_limit() -> None:
    """Random play in which pooling made a meld of jacks with four wild cards (found by the
    fuzz campaign): every position's JSON loads again."""
    rules = RuleSet.classic(3, three_player_mode="cutthroat", draw_count=2, canastas_to_go_out=2)
    game, rng = Game.new(rules, seed=2), random.Random(2)
    over = False
    for _ in range(260):
        if game.is_over:
            break
        game = game.apply(rng.choice(list(game.legal_moves())))
        assert Game.from_json(game.to_json()) == game
        over = over or any(meld.wilds > 3 for side in game.table.melds for meld in side)
    assert over, "the walk no longer reaches a pooled meld over the limit: choose another"
