"""The end of a deal is a state: the game waits there, scored, until NextDeal deals again.

Scenario tests are named after the rule that ended the deal (CL-OUT-3, CL-EXH-3, CL-EXH-1
and their three-deck IDs); the last tests play whole matches of every rule set through
NextDeal, with JSON, records, action ids and pictures at each deal's end.
"""

from __future__ import annotations

import json
import random

import pytest
from scenario_helpers import at_deal_end, play

import canasta
from canasta import (
    DealEnd,
    Discard,
    Draw,
    Game,
    IllegalMoveError,
    LayMeld,
    NextDeal,
    Phase,
    parse_move,
)
from canasta import records as records_module
from canasta.actions import decode, encode, legal_actions
from canasta.bots import GreedyBot, RandomBot
from canasta.simulate import play_game
from canasta.svg import render

HANDS = ["5C 5D 5H 9S", "6C 6D 6H", "4C 4D", "7C 7D 7H"]
MELDS = [["KH KS KD KC KH KS KD", "QH QS QD QC QH QS QD"], []]


def went_out() -> Game:
    """Player 0 goes out by melding three fives and discarding the nine of spades."""
    game = Game.from_position("classic", hands=HANDS, melds=MELDS, pile="8C", draws="5S")
    return play(game, "draw", "meld 5C 5D 5H 5S", "discard 9S")


def test_CL_OUT_3_the_game_waits_at_the_end_of_the_deal() -> None:
    game = went_out()
    assert game.phase is Phase.OVER
    assert game.to_move is None
    assert not game.is_over
    assert game.deal_number == 0
    result = game.deal_result
    assert result is not None
    assert result.end is DealEnd.WENT_OUT
    assert result.went_out == 0
    assert game.scores == result.totals  # scored at the end of the deal
    assert game.results == (result,)
    assert list(game.legal_moves()) == [NextDeal()]
    assert len(game.legal_moves()) == 1
    violation = game.explain(Draw())
    assert violation is not None
    assert violation.rule == "CL-OUT-3"
    assert "player 0 went out" in violation.message
    with pytest.raises(IllegalMoveError, match="CL-OUT-3"):
        game.apply(Discard("4C"))
    # The final hands stay: nobody's cards moved.
    assert game.hand(1) == canasta.Cards.parse("6C 6D 6H")
    assert "deal over" in repr(game)


def test_CL_OUT_3_every_view_shows_every_hand() -> None:
    game = went_out()
    for player in range(4):
        view = game.view(player)
        assert view.hands == game.hands
        assert view.deal_result == game.deal_result
        assert list(view.legal_moves()) == [NextDeal()]
        assert view.is_legal(NextDeal())
        assert view.explain(Draw()) == game.explain(Draw(), player)
        assert view.to_move is None
    assert game.view(1).known_cards[3] == game.hand(3)


def test_CL_OUT_3_any_player_or_none_deals_the_next_hand() -> None:
    game = went_out()
    following = [game.apply(NextDeal(), player=p) for p in range(4)]
    assert following[0] == following[1] == following[2] == following[3]
    nxt = game.apply(NextDeal())
    assert nxt == following[0]
    assert nxt.deal_number == 1
    assert nxt.phase is Phase.DRAW
    assert nxt.scores == game.scores
    assert nxt.deal_result is None
    assert nxt.results == game.results
    violation = nxt.explain(NextDeal())
    assert violation is not None
    assert "not over" in violation.message
    assert parse_move("next") == NextDeal()
    assert str(NextDeal()) == "next"


def test_CL_EXH_3_an_exhausted_stock_ends_the_deal() -> None:
    rules = canasta.find_rules("classic", players=2)
    for seed in range(200):
        game = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        while game.phase is not Phase.OVER:
            moves = list(game.legal_moves())
            plain = [m for m in moves if not isinstance(m, LayMeld)]
            game = game.apply(rng.choice(plain or moves))
        result = game.deal_result
        assert result is not None
        if result.end is DealEnd.STOCK_EXHAUSTED:
            at_deal_end(game, "CL-EXH-3")
            return
    pytest.fail("no deal of 200 ran out of stock")  # pragma: no cover


def last_red_three(rules: canasta.RuleSet) -> Game:
    """Player 0 to draw from a stock whose last drawable card is a red three."""
    melds = [["KH KS KD"], []] if rules.name == "classic" else [["KH KS KD KC", "QH QS QD"], []]
    hands = ["5C 5D 5H 9S", "6C 6D 6H", "4C 4D", "7C 7D 7H"]
    stock = ["3H", "4S"] if rules.stock_reserve else ["3H"]  # the top card first
    placed = canasta.Cards.parse(" ".join(hands + melds[0] + ["8C"] + stock))
    rest = canasta.pack_cards(rules.decks) - placed
    reds = " ".join(str(card) for card in rest if card.is_red_three)
    others = " ".join(str(card) for card in rest if not card.is_red_three)
    hands[2] = f"{hands[2]} {others}"
    return Game.from_position(
        rules, hands=hands, melds=melds, red_threes=["", reds], pile="8C", stock=" ".join(stock)
    )


@pytest.mark.parametrize(
    ("name", "rule"),
    [("classic", "CL-EXH-1"), ("hollywood", "HW-R3-7"), ("samba", "SA-STOCK-1")],
)
def test_CL_EXH_1_the_last_red_three_ends_the_deal_citing_each_rule_sets_rule(
    name: str, rule: str
) -> None:
    after = last_red_three(canasta.find_rules(name)).apply(Draw())
    assert after.deal_result is not None
    assert after.deal_result.end is DealEnd.LAST_RED_THREE
    at_deal_end(after, rule)


def test_a_game_at_the_end_of_a_deal_round_trips_through_json_and_records() -> None:
    game = canasta.Game.new(canasta.find_rules("classic", players=2), seed=5)
    rng = random.Random(5)
    while game.phase is not Phase.OVER:
        game = game.apply(rng.choice(list(game.legal_moves())))
    assert Game.from_json(game.to_json()) == game
    view = game.view(1)
    assert canasta.PlayerView.from_json(view.to_json()) == view
    text = records_module.dumps(game)
    assert "ends:" in text
    assert records_module.loads(text).game() == game
    after = game.apply(NextDeal(), player=1)
    record = records_module.loads(records_module.dumps(after))
    assert record.game() == after
    assert record.moves == after.moves
    assert record.moves[-1] == (game.moves[-1][0], NextDeal())
    # Records of earlier releases, with no NextDeal between deals, still replay.
    later = after.apply(next(iter(after.legal_moves())))
    earlier = records_module.Record(
        later.rules, later.seed, [m for m in later.moves if m[1] != NextDeal()]
    )
    assert earlier.game() == later
    old_text = records_module.dumps(later).replace("\nDeal 2\n", "\n")
    assert records_module.loads(old_text).game() == later


def test_the_end_of_a_deal_in_json_needs_its_result() -> None:
    game = went_out()
    data = json.loads(game.to_json())
    data["results"] = []
    with pytest.raises(canasta.JsonError, match="results"):
        Game.from_json(json.dumps(data))
    data = json.loads(game.to_json())
    del data["is_over"]
    assert Game.from_json(json.dumps(data)) == game  # the result says the match goes on


def test_next_deal_has_an_action_id_shared_with_the_draw() -> None:
    game = went_out()
    assert legal_actions(game) == [0] == [encode(NextDeal())]
    assert decode(game, 0) == NextDeal()
    assert decode(game.apply(NextDeal()), 0) == Draw()


def test_the_picture_at_the_end_of_a_deal_shows_every_hand() -> None:
    game = went_out()
    picture = render(game, player=1)
    assert "the deal is over: player 0 went out" in picture
    for player in (0, 2, 3):
        assert f"Player {player}'s hand" in picture


@pytest.mark.parametrize("name", canasta.rule_set_names())
def test_whole_matches_of_every_rule_set_pass_through_next_deal(name: str) -> None:
    rules = canasta.find_rules(name, players=4)
    rules = rules.with_options(target_score=rules.target_score // 4)
    game = Game.new(rules, seed=11)
    rng = random.Random(11)
    bots = [GreedyBot(), RandomBot()]
    ends = 0
    for _ in range(20000):
        if game.is_over:
            break
        if game.to_move is None:
            ends += 1
            assert game.deal_result is not None
            assert list(game.legal_moves()) == [NextDeal()]
            for player in range(rules.num_players):
                view = game.view(player)
                assert view.hands == game.hands
                assert bots[player % 2].choose(view, rng) == NextDeal()
            assert Game.from_json(game.to_json()) == game
            game = game.apply(NextDeal(), player=rng.randrange(rules.num_players))
            continue
        player = game.to_move
        game = game.apply(bots[player % 2].choose(game.view(player), rng), player=player)
    assert game.is_over, "the match did not end"
    assert ends + 1 == len(game.results)
    assert game.phase is Phase.OVER
    assert game.deal_result == game.results[-1]
    assert list(game.legal_moves()) == []
    assert records_module.loads(records_module.dumps(game)).game() == game


def test_simulate_accepts_bot_objects_and_rule_set_names() -> None:
    outcome = play_game("samba", [GreedyBot(), "random"], seed=3, players=2, max_deals=2)
    assert outcome.deals == 2
    from canasta.simulate import simulate

    summary = simulate("classic", [GreedyBot(), RandomBot()], games=2, seed=1, players=2,
                       workers=1, max_deals=2)  # fmt: skip
    assert summary.bots == ("greedy", "random")
    assert summary == simulate(
        canasta.find_rules("classic", players=2), ["greedy", "random"], games=2, seed=1,
        workers=1, max_deals=2,
    )  # fmt: skip
    with pytest.raises(canasta.CanastaError, match="a bot is a name"):
        simulate("classic", [42], games=1, seed=1)  # type: ignore[list-item]
