"""Properties of random play, over seeds, player counts and the options that matter.

Every step of a random game checks: the pack's cards are conserved, a legal move exists until
the game is over (no dead ends), every generated move is accepted, and ``apply`` changes
nothing it is given. Other tests check that the generator and the validator agree on moves
the generator did not make (other suits, other counts), determinism per seed, and scores.
"""

from __future__ import annotations

import copy
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import all_cards, move_key, random_walk, rule_sets, seeds, variants

import canasta
from canasta import (
    AddToMeld,
    Answer,
    Ask,
    Cards,
    Discard,
    Draw,
    Game,
    LayMeld,
    Pass,
    Phase,
    Rank,
    TakePile,
)
from canasta.rules import RuleSet


@settings(max_examples=12)
@given(rules=rule_sets, seed=seeds)
def test_random_deal_conserves_cards_and_never_dead_ends(rules: RuleSet, seed: int) -> None:
    pack = canasta.pack_cards(rules.decks)
    rng = random.Random(seed)
    deals_seen = 0
    for game in random_walk(Game.new(rules, seed=seed), rng):
        if game.deal_number == 0 and not game.is_over:
            assert all_cards(game) == pack
        deals_seen = len(game.results)
    assert deals_seen >= 1


@settings(max_examples=8)
@given(rules=rule_sets, seed=seeds)
def test_every_generated_move_is_accepted_and_apply_never_mutates(
    rules: RuleSet, seed: int
) -> None:
    rng = random.Random(seed)
    for game in random_walk(Game.new(rules, seed=seed), rng):
        if game.is_over:
            break
        before = copy.deepcopy(game)
        for move in game.legal_moves():
            assert game.explain(move) is None, move
            game.apply(move)
        assert game == before


@settings(max_examples=6)
@given(rules=rule_sets, seed=seeds)
def test_validator_accepts_exactly_what_the_generator_offers(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    for index, game in enumerate(random_walk(Game.new(rules, seed=seed), rng)):
        if game.is_over or game.deal_number > 0 or index % 3:
            continue
        offered = {move_key(move) for move in game.legal_moves()}
        for move in variants(game):
            violation = game.explain(move)
            assert (violation is None) == (move_key(move) in offered), (move, violation)
            if violation is not None:
                assert violation.rule.startswith("CL-"), violation
                with pytest.raises(canasta.IllegalMoveError) as raised:
                    game.apply(move)
                assert raised.value.rule == violation.rule


@settings(max_examples=5)
@given(rules=rule_sets, seed=seeds)
def test_same_seed_and_moves_give_the_same_game(rules: RuleSet, seed: int) -> None:
    first = list(random_walk(Game.new(rules, seed=seed), random.Random(seed)))
    second = list(random_walk(Game.new(rules, seed=seed), random.Random(seed)))
    assert first == second


@settings(max_examples=10)
@given(rules=rule_sets, seed=seeds)
def test_scores_are_multiples_of_five_and_sum_their_breakdown(rules: RuleSet, seed: int) -> None:
    *_, game = random_walk(Game.new(rules, seed=seed), random.Random(seed))
    result = game.results[0]
    for score in result.scores:
        parts = (
            score.meld_points,
            score.canasta_bonus,
            score.red_threes,
            score.going_out,
            score.hand_penalty,
        )
        assert all(part % 5 == 0 for part in parts)
        assert score.total == sum(parts)
        assert score.hand_penalty <= 0 <= score.meld_points
    assert game.scores == tuple(result.totals) or game.is_over


def test_different_seeds_give_different_deals() -> None:
    hands = {Game.new("classic", seed=seed).hand(0) for seed in range(20)}
    assert len(hands) == 20


def test_a_whole_match_ends_with_a_winner() -> None:
    rules = attrs.evolve(canasta.find_rules("classic", players=2), target_score=1500)
    game = Game.new(rules, seed=3)
    rng = random.Random(3)
    for _ in range(20000):
        if game.is_over:
            break
        game = game.apply(rng.choice(list(game.legal_moves())))
    assert game.is_over
    assert max(game.scores) >= 1500
    assert game.to_move is None
    assert list(game.legal_moves()) == []
    assert game.winner == game.scores.index(max(game.scores))
    assert game.phase is Phase.OVER or game.deal.end is not None


any_cards = st.lists(st.sampled_from(canasta.ALL_FACES), max_size=5).map(Cards.of)
any_moves = st.one_of(
    st.sampled_from([Draw(), Ask(), Answer(True), Answer(False), Pass()]),
    any_cards.map(TakePile),
    any_cards.map(LayMeld),
    st.builds(AddToMeld, st.sampled_from(list(Rank)), any_cards),
    st.sampled_from(canasta.ALL_FACES).map(Discard),
)


@settings(max_examples=10)
@given(rules=rule_sets, seed=seeds, data=st.data())
def test_any_move_is_applied_or_refused_with_a_rule(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    for index, game in enumerate(random_walk(Game.new(rules, seed=seed), random.Random(seed))):
        if index % 5 or game.is_over:
            continue
        move = data.draw(any_moves)
        player = data.draw(st.sampled_from([None, game.to_move, 0, 1]))
        before = copy.deepcopy(game)
        violation = game.explain(move, player=player)
        if violation is None:
            game.apply(move, player=player)
        else:
            with pytest.raises(canasta.IllegalMoveError) as raised:
                game.apply(move, player=player)
            assert raised.value.rule == violation.rule
            assert violation.rule.startswith("CL-")
        assert game == before
