"""The bots: they decide from views only, play legal moves, and the greedy one plays sensibly."""

from __future__ import annotations

import random
import time

import pytest
from play_helpers import asking_position

import canasta
from canasta import (
    AddToMeld,
    Answer,
    Discard,
    Game,
    LayMeld,
    MergeMelds,
    Move,
    PlayerView,
    TakePile,
)
from canasta.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, bot_names, find_bot


def play_turn(game: Game, bot: Bot, seed: int = 0) -> tuple[Game, list[Move]]:
    """Let ``bot`` play the whole turn of the player to move; the game and its moves."""
    rng = random.Random(seed)
    player = game.to_move
    assert player is not None
    moves: list[Move] = []
    deals = len(game.results)
    while game.to_move == player and len(game.results) == deals:
        move = bot.choose(game.view(player), rng)
        moves.append(move)
        game = game.apply(move)
    return game, moves


@pytest.mark.parametrize("players", [2, 4])
def test_bots_finish_a_deal_with_legal_moves(players: int) -> None:
    game = canasta.Game.new("classic", players=players, seed=11)
    rng = random.Random(11)
    bots = [GreedyBot(), RandomBot()]
    while not game.results:
        player = game.to_move
        assert player is not None
        view = game.view(player)
        move = bots[game.side_of_player(player) % 2].choose(view, rng)
        assert view.is_legal(move)
        game = game.apply(move)
    assert game.results[0].scores


def test_a_bot_is_given_only_a_view() -> None:
    """Two games that differ only in cards the player cannot see give the same choices."""
    game = canasta.Game.new("classic", players=4, seed=5).apply(canasta.Draw())
    view = game.view(0)
    other_world = view.sample(random.Random(3))
    assert other_world.hands[1:] != game.hands[1:]
    assert other_world.view(0) == view
    for bot in (GreedyBot(), RandomBot()):
        assert bot.choose(view, random.Random(1)) == bot.choose(
            other_world.view(0), random.Random(1)
        )


def test_a_user_bot_needs_one_method() -> None:
    class FirstMoveBot:
        def choose(self, view: PlayerView, rng: random.Random) -> Move:
            return next(iter(view.legal_moves()))

    bot: Bot = FirstMoveBot()
    _, moves = play_turn(canasta.Game.new("classic", seed=2), bot)
    assert str(moves[0]) == "draw"
    assert isinstance(moves[-1], Discard)


def test_find_bot() -> None:
    assert isinstance(find_bot("Greedy"), GreedyBot)
    assert isinstance(find_bot("ismcts"), ISMCTSBot)
    assert bot_names() == ("random", "greedy", "ismcts")
    with pytest.raises(ValueError, match="unknown bot 'clever'; bots: random, greedy, ismcts"):
        find_bot("clever")


def test_greedy_beats_random_over_single_deals() -> None:
    """Four deals, the greedy bots on side 0 and then side 1: greedy scores far more."""
    margin = 0
    for seed in range(4):
        game = canasta.Game.new("classic", players=4, seed=seed)
        greedy_side = seed % 2
        bots: dict[int, Bot] = {
            p: GreedyBot() if game.side_of_player(p) == greedy_side else RandomBot()
            for p in range(4)
        }
        rng = random.Random(seed)
        while not game.results:
            player = game.to_move
            assert player is not None
            game = game.apply(bots[player].choose(game.view(player), rng))
        totals = game.results[0].totals
        margin += totals[greedy_side] - totals[1 - greedy_side]
    assert margin > 800  # about 850 a deal on average; at least 1180 over any 4 seeds of 200


# --- the greedy bot's rules of thumb --------------------------------------------------------


def test_greedy_goes_out_when_it_can() -> None:
    game = Game.from_position(
        "classic",
        hands=["9H 9S 9D", "QC 5D 6C 7C", "5C 6D 8D 10D", "AH 4D 4S 7H"],
        melds=[["KC KC KD KD KH KH KS"], ["QH QS QD"]],
        pile="8C",
    )
    game, moves = play_turn(game, GreedyBot())
    assert len(game.results) == 1
    assert game.results[0].went_out == 0
    assert str(moves[1]) == "meld 9D 9H 9S"


def test_greedy_takes_a_big_pile() -> None:
    game = Game.from_position(
        "classic",
        hands=["9S 9D 5C 6H 7S KD", "QC 5D", "5H 6D", "AH 4D"],
        melds=[["QH QS QD"], []],
        pile="9H JH 7D 6C 4C",
    )
    move = GreedyBot().choose(game.view(0), random.Random(0))
    assert move == TakePile("9S 9D")


def test_greedy_draws_rather_than_take_one_card() -> None:
    game = Game.from_position(
        "classic",
        hands=["9S 9D 5C 6H 7S KD", "QC 5D", "5H 6D", "AH 4D"],
        melds=[["QH QS QD"], []],
        pile="9H",
    )
    assert str(GreedyBot().choose(game.view(0), random.Random(0))) == "draw"


def test_greedy_keeps_wild_cards_for_canastas() -> None:
    game = Game.from_position(
        "classic",
        hands=["KH JK 2C 5C 8D 10S AS 4H", "QC 5D 6C 7C", "5H 6D", "AH 4D"],
        melds=[["KC KD KS"], ["QH QS QD"]],
        pile="8C",
        seed=1,
    )
    game, moves = play_turn(game, GreedyBot())
    assert AddToMeld("K", "KH") in moves
    wild_melds = [
        m for m in moves if isinstance(m, (LayMeld, AddToMeld)) and any(c.is_wild for c in m.cards)
    ]
    assert wild_melds == []
    assert {"JK", "2C"} <= {str(card) for card in game.hand(0)}


def test_greedy_completes_a_canasta_with_a_wild_card() -> None:
    game = Game.from_position(
        "classic",
        hands=["JK 5C 8D 10S AS 4H 6H", "QC 5D 6C 7C", "5H 6D", "AH 4D"],
        melds=[["KC KD KS KH KH KD"], ["QH QS QD"]],
        pile="8C",
        seed=1,
    )
    game, moves = play_turn(game, GreedyBot())
    assert AddToMeld("K", "JK") in moves
    assert game.table.melds[0][-1].is_canasta_under(game.rules)


def test_greedy_discards_a_black_three_and_not_what_the_next_player_melded() -> None:
    # Player 1, next to play, has melded kings and the pile is open to side 1.
    game = Game.from_position(
        "classic",
        hands=["KH 3C 6D 9S JC AS 7H", "QC 5D 6C 7C", "5H 6D", "AH 4D"],
        melds=[["QH QS QD"], ["KC KD KS"]],
        pile="8C",
        seed=4,
    )
    game, moves = play_turn(game, GreedyBot())
    assert moves[-1] == Discard("3C")
    game = Game.from_position(
        "classic",
        hands=["KH 6D 9S JC AS 7H 5S", "QC 5D 6C 7C", "5H 6D", "AH 4D"],
        melds=[["QH QS QD"], ["KC KD KS"]],
        pile="8C",
        seed=4,
    )
    game, moves = play_turn(game, GreedyBot())
    assert isinstance(moves[-1], Discard)
    assert moves[-1] != Discard("KH")


def test_greedy_answers_its_partner() -> None:
    game = asking_position()
    assert game.to_move == 2
    assert GreedyBot().choose(game.view(2), random.Random(0)) == Answer(True)


# --- Hollywood: melds named by number ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_bots_finish_a_hollywood_deal_with_legal_moves(players: int) -> None:
    game = canasta.Game.new("hollywood", players=players, seed=5)
    rng = random.Random(5)
    bots = [GreedyBot(), RandomBot()]
    steps = 0
    while not game.results and steps < 3000:
        player = game.to_move
        assert player is not None
        view = game.view(player)
        move = bots[game.side_of_player(player) % 2].choose(view, rng)
        assert view.is_legal(move)
        game = game.apply(move)
        steps += 1
    assert game.results


def hollywood_melding(melds: list[object], hand: str, draws: str = "4C 9S") -> Game:
    """Player 0 of a two-player Hollywood game, whose side has opened, after drawing."""
    game = canasta.Game.from_position(
        "hollywood",
        players=2,
        hands=[hand, "5C 5D 5H 8S"],
        melds=[melds, []],
        pile="KD 8C",
        draws=draws,
        melded_players=[0],
    )
    return game.apply(canasta.Draw())


def test_greedy_grows_the_hollywood_meld_it_has_rather_than_lay_a_second() -> None:
    game = hollywood_melding(["QH QS QD 2C", "7D 8D 9D"], "QC QD QH KS 6H 10H")
    view = game.view(0)
    grow = AddToMeld(None, "QC QD QH", meld=0)
    second = LayMeld("QC QD QH")
    assert view.is_legal(grow)
    assert view.is_legal(second)
    from canasta.bots._scoring import _Facts

    facts = _Facts(view, list(view.legal_moves()))
    assert facts.score(grow) > facts.score(second)
    _, moves = play_turn(game, GreedyBot())
    queens = [m for m in moves if isinstance(m, (AddToMeld, LayMeld)) and "QC" in str(m)]
    assert isinstance(queens[0], AddToMeld)
    assert queens[0].meld == 0


def test_greedy_completes_a_hollywood_sequence_canasta() -> None:
    game = hollywood_melding(["4S 5S 6S 7S 8S", "QH QS QD"], "9S 10S KD KC 6H 10H", draws="JS 4C")
    _, moves = play_turn(game, GreedyBot())
    assert (
        AddToMeld(None, "9S 10S JS", meld=0) in moves or AddToMeld(None, "9S 10S", meld=0) in moves
    )


def test_greedy_merges_two_melds_into_a_canasta_and_never_two_canastas() -> None:
    from canasta.bots._scoring import _Facts

    game = hollywood_melding(
        ["6C 6D 6H", "KH KS KD", "6S 6S 6D 6H", "JC JC JD JH JS 2C JK", "JD JD JH JH JS 2D 2H"],
        "QC QD KC 5H 9H 10H",
    )
    view = game.view(0)
    facts = _Facts(view, list(view.legal_moves()))
    into_canasta = MergeMelds(0, 2)
    assert view.is_legal(into_canasta)
    assert facts.score(into_canasta) > 50
    assert facts.score(MergeMelds(3, 4)) < 0


# --- ISMCTS: searching sampled worlds --------------------------------------------------------


def random_position(rules: str, players: int, seed: int, steps: int) -> Game:
    """A game after ``steps`` random moves (fewer if the first deal ends)."""
    game = canasta.Game.new(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        after = game.apply(RandomBot().choose(game.view(game.to_move or 0), rng))
        if after.results:
            break
        game = after
    return game


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [("classic", 4, 1), ("classic", 2, 2), ("hollywood", 4, 3), ("hollywood", 2, 4)],
)
def test_ismcts_plays_legal_moves(rules: str, players: int, seed: int) -> None:
    bot = ISMCTSBot(iterations=8, rollout_steps=4)
    rng = random.Random(seed)
    for steps in (0, 7, 23, 41):
        game = random_position(rules, players, seed, steps)
        player = game.to_move
        assert player is not None
        view = game.view(player)
        assert view.is_legal(bot.choose(view, rng))


def test_ismcts_answers_its_partner_without_seeing_the_askers_hand() -> None:
    game = asking_position()
    view = game.view(2)
    move = ISMCTSBot(iterations=10, rollout_steps=4).choose(view, random.Random(0))
    assert isinstance(move, Answer)
    assert view.is_legal(move)


def searching_position() -> Game:
    """Player 0 of Classic after drawing, with several melds and discards to choose from."""
    game = canasta.Game.new("classic", players=4, seed=5).apply(canasta.Draw())
    assert len(list(game.legal_moves())) > 5
    return game


def test_ismcts_is_deterministic_for_a_seed() -> None:
    view = searching_position().view(0)
    bot = ISMCTSBot(iterations=30, rollout_steps=6)
    moves = {str(bot.choose(view, random.Random(7))) for _ in range(2)}
    assert len(moves) == 1


def test_ismcts_never_looks_at_hidden_cards() -> None:
    game = searching_position()
    view = game.view(0)
    other_world = view.sample(random.Random(3))
    assert other_world.hands[1:] != game.hands[1:]
    assert other_world.view(0) == view
    bot = ISMCTSBot(iterations=20, rollout_steps=6)
    assert bot.choose(view, random.Random(1)) == bot.choose(other_world.view(0), random.Random(1))


def test_ismcts_by_time() -> None:
    view = searching_position().view(0)
    bot = ISMCTSBot(iterations=None, seconds=0.2, rollout_steps=6)
    started = time.perf_counter()
    move = bot.choose(view, random.Random(1))
    assert time.perf_counter() - started < 1.5  # one iteration past the limit, at most
    assert view.is_legal(move)


def test_ismcts_takes_a_one_card_pile_to_go_out_where_greedy_draws() -> None:
    """Taking the lone 9C melds the nines and leaves one card to discard: out. The greedy
    bot never takes a one-card pile while the stock lasts; the search sees the deal end."""
    game = Game.from_position(
        "classic",
        hands=["9H 9S 5D", "QC 5D 6C 7C", "5C 6D 8D 10D", "AH 4D 4S 7H"],
        melds=[["KC KC KD KD KH KH KS"], ["QH QS QD"]],
        pile="9C",
    )
    view = game.view(0)
    assert str(GreedyBot().choose(view, random.Random(0))) == "draw"
    take = ISMCTSBot(iterations=8).choose(view, random.Random(0))
    assert take == TakePile("9H 9S")
    game, moves = play_turn(game.apply(take), ISMCTSBot(iterations=8))
    assert moves == [Discard("5D")]
    assert game.results[0].went_out == 0


def test_ismcts_estimates_a_deal_in_play_from_the_table_and_hands() -> None:
    from canasta.bots._estimate import _estimate_deal

    def estimate(our_melds: list[str], our_hand: str) -> float:
        game = Game.from_position(
            "classic",
            hands=[our_hand, "QC 5D 6C 7C", "5C 6D 8D 10D", "AH 4D 4S 7H"],
            melds=[our_melds, ["QH QS QD"]],
            pile="9C",
        )
        ours, theirs = _estimate_deal(game.deal)
        return ours - theirs

    canasta_side = estimate(["KC KC KD KD KH KH KS"], "9H 9S 5D 6C")
    assert canasta_side > 0
    assert canasta_side > estimate(["KC KC KD KD KH KH"], "KS 9H 9S 5D 6C")
    assert estimate(["KC KD KS"], "JK 9H 9S 5D") > estimate(["KC KD KS"], "4C 9H 9S 5D")


def test_ismcts_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="iterations, seconds or both"):
        ISMCTSBot(iterations=None)
    with pytest.raises(ValueError, match="iterations must be 1 or more"):
        ISMCTSBot(iterations=0)
    with pytest.raises(ValueError, match="horizon 1 or more"):
        ISMCTSBot(horizon=0)
    lone = canasta.Game.new("classic", seed=1).view(0)
    assert ISMCTSBot(iterations=1).choose(lone, random.Random(0)) == canasta.Draw()
