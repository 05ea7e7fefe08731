"""Player views: they hold exactly what a player may know, apply the same rules, and sample."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import all_cards, asking_position, move_key, rule_sets, variants
from profiles import examples

import canasta
from canasta import Cards, Draw, Game, Phase, TakePile
from canasta.views import PlayerView

seeds = st.integers(min_value=0, max_value=2**32)


def positions(rules: canasta.RuleSet, seed: int, every: int = 7) -> Iterator[Game]:
    """Every ``every``-th position of a random first deal, and its last position."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    count = 0
    while not game.results:
        if count % every == 0:
            yield game
        count += 1
        game = game.apply(rng.choice(list(game.legal_moves())))
    yield game


def swap_hidden_card(game: Game, viewer: int, rng: random.Random) -> Game | None:
    """The game with one card the viewer cannot see swapped with another unseen card: at
    the end of a deal, when every hand is shown, two cards of the stock."""
    deal = game.deal
    if deal.phase is Phase.OVER:
        stock = list(deal.stock)
        pairs = [(i, j) for i in range(len(stock)) for j in range(i) if stock[i] != stock[j]]
        if not pairs:
            return None
        i, j = rng.choice(pairs)
        stock[i], stock[j] = stock[j], stock[i]
        return attrs.evolve(game, deal=attrs.evolve(deal, stock=tuple(stock)))
    me = game.seat_players.index(viewer) if viewer in game.seat_players else None
    choices = []
    for seat, hand in enumerate(deal.hands):
        if seat == me:
            continue
        for face in hand.faces():
            if hand.count(face) > deal.known[seat].count(face):
                choices.extend((seat, face, index) for index, card in enumerate(deal.stock))
    choices = [(s, f, i) for s, f, i in choices if deal.stock[i] != f]
    if not choices:
        return None
    seat, face, index = rng.choice(choices)
    stock = list(deal.stock)
    other = stock[index]
    if other.is_red_three and not deal.pending_red_threes:
        return None  # a red three may not sit in a hand once dealt red threes are laid out
    stock[index] = face
    hands = list(deal.hands)
    hands[seat] = hands[seat].remove(face).add(other)
    pending = deal.pending_red_threes
    if other.is_red_three and seat not in pending:
        return None
    changed = attrs.evolve(
        deal, hands=tuple(hands), stock=tuple(stock), pending_red_threes=pending
    )
    return attrs.evolve(game, deal=changed)


@settings(max_examples=examples(10))
@given(rules=rule_sets, seed=seeds)
def test_views_leak_nothing_hidden(rules: canasta.RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    for game in positions(rules, seed):
        for viewer in range(rules.num_players):
            other = swap_hidden_card(game, viewer, rng)
            if other is None:
                continue
            assert other != game
            assert other.view(viewer) == game.view(viewer)


@settings(max_examples=examples(10))
@given(rules=rule_sets, seed=seeds)
def test_the_view_of_the_player_to_move_has_the_games_rules(
    rules: canasta.RuleSet, seed: int
) -> None:
    for game in positions(rules, seed, every=5):
        if game.is_over or game.to_move is None:
            continue
        view = game.view(game.to_move)
        assert {str(m) for m in view.legal_moves()} == {str(m) for m in game.legal_moves()}
        for move in variants(game):
            assert view.explain(move) == game.explain(move), move
        for player in range(rules.num_players):
            if player != game.to_move:
                assert list(game.view(player).legal_moves()) == []
                assert game.view(player).explain(Draw()) is not None


@settings(max_examples=examples(10))
@given(rules=rule_sets, seed=seeds)
def test_a_sample_is_consistent_with_the_view_and_complete(
    rules: canasta.RuleSet, seed: int
) -> None:
    rng = random.Random(seed)
    pack = canasta.pack_cards(rules.decks)
    for game in positions(rules, seed, every=11):
        for viewer in range(rules.num_players):
            view = game.view(viewer)
            world = view.sample(rng)
            assert world.view(viewer) == view
            if not world.is_over and world.phase is not Phase.OVER:
                assert all_cards(world) == pack
                assert list(world.legal_moves()) or world.is_over
                assert {move_key(m) for m in world.legal_moves()} == {
                    move_key(m) for m in game.legal_moves()
                } or world.to_move != viewer


def test_a_view_shows_cards_taken_with_the_pile_until_they_are_played() -> None:
    game = Game.from_position(
        "classic",
        hands=["KH KS 5C 5D 9S", "4C 4D 4H 8C", "6C 6D 6H", "7C 7D 7H"],
        melds=[["QH QS QD"], []],
        pile="KD 9C 8C",
    )
    game = game.apply(TakePile("KH KS"))
    assert game.view(1).known_cards[0] == Cards.parse("8C 9C")
    assert game.view(1).hand_sizes[0] == 5
    event = game.view(1).history[-1]
    assert (event.move, event.shown) == (TakePile("KH KS"), Cards.parse("8C 9C"))
    game = game.apply(canasta.Discard("9C"))
    assert game.view(2).known_cards[0] == Cards.parse("8C")


def test_a_draw_shows_how_many_cards_not_which() -> None:
    game = Game.new("classic", players=2, seed=4).apply(Draw())
    event = game.view(1).history[-1]
    assert event.move == Draw()
    assert event.drawn >= 2
    assert not any(not card.is_red_three for card in event.shown)


def test_a_view_has_no_seed_and_no_stock() -> None:
    view = Game.new("classic", seed=3).view(1)
    names = {field.name for field in attrs.fields(PlayerView)}
    assert not names & {"seed", "stock", "hands"}
    assert view.table.stock_size == len(Game.new("classic", seed=3).deal.stock)


def test_a_view_for_a_missing_player_is_refused() -> None:
    with pytest.raises(ValueError, match="there is no player 4"):
        Game.new("classic", seed=3).view(4)


def test_sampled_red_threes_only_where_they_can_be() -> None:
    rules = attrs.evolve(canasta.find_rules("classic"), red_three_timing="first_turn")
    rng = random.Random(5)
    for seed in range(30):
        game = Game.new(rules, seed=seed)
        view = game.view(0)
        for _ in range(5):
            world = view.sample(rng)
            for seat, hand in enumerate(world.deal.hands):
                if any(card.is_red_three for card in hand):
                    assert seat in world.deal.pending_red_threes
                    assert seat != world.deal.seat or seat == 0
    after = Game.new(canasta.find_rules("classic"), seed=1)
    for _ in range(5):
        world = after.view(2).sample(rng)
        assert not any(card.is_red_three for hand in world.deal.hands for card in hand)


def test_a_long_history_pickles_copies_and_compares_flat() -> None:
    import copy
    import pickle

    from internals import History

    history = History()
    for _ in range(5000):
        history = history.append(canasta.Event(0, Draw()))
    assert pickle.loads(pickle.dumps(history)) == history
    assert copy.deepcopy(history) == history
    assert history == tuple(history)
    assert len(history) == 5000


def test_a_sample_while_answering_lets_the_asker_play_either_answer() -> None:
    # Player 0 asks to go out; player 2 cannot see player 0's hand. Every sampled world must
    # let player 0 go out after "yes" and play on after "no" (CL-ASK-2), or the world would
    # hold a dead end the real game does not.
    game = asking_position()
    assert game.phase is Phase.ANSWER
    view = game.view(2)
    rng = random.Random(0)
    for _ in range(30):
        world = view.sample(rng)
        assert world.view(2) == view
        for answer in (canasta.Answer(True), canasta.Answer(False)):
            assert list(world.apply(answer).legal_moves())
