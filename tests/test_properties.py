"""Properties of random play, over seeds, player counts and the options that matter.

Every step of a random game checks: the pack's cards are conserved, a legal move exists until
the game is over (no dead ends), every generated move is accepted, and ``apply`` changes
nothing it is given. Other tests check that the generator and the validator agree on moves
the generator did not make (other suits, other counts), determinism per seed, and scores.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import (
    check_any_move,
    check_generated_moves,
    check_random_deal,
    check_same_seed_same_game,
    check_scores,
    check_validator_agrees,
    move_key,
    rule_sets,
    seeds,
    variants,
)
from profiles import examples

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
    RuleSet,
    TakePile,
)


@settings(max_examples=examples(12))
@given(rules=rule_sets, seed=seeds)
def test_random_deal_conserves_cards_and_never_dead_ends(rules: RuleSet, seed: int) -> None:
    check_random_deal(rules, seed)


@settings(max_examples=examples(8))
@given(rules=rule_sets, seed=seeds)
def test_every_generated_move_is_accepted_and_apply_never_mutates(
    rules: RuleSet, seed: int
) -> None:
    check_generated_moves(rules, seed)


@settings(max_examples=examples(6))
@given(rules=rule_sets, seed=seeds)
def test_validator_accepts_exactly_what_the_generator_offers(rules: RuleSet, seed: int) -> None:
    check_validator_agrees(rules, seed, 3, variants, lambda move, _: move_key(move), "CL-")


@settings(max_examples=examples(5))
@given(rules=rule_sets, seed=seeds)
def test_same_seed_and_moves_give_the_same_game(rules: RuleSet, seed: int) -> None:
    check_same_seed_same_game(rules, seed)


@settings(max_examples=examples(10))
@given(rules=rule_sets, seed=seeds)
def test_scores_are_multiples_of_five_and_sum_their_breakdown(rules: RuleSet, seed: int) -> None:
    check_scores(rules, seed)


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
# A meld or an addition holds a card at least (the move refuses none at construction).
some_cards = st.lists(st.sampled_from(canasta.ALL_FACES), min_size=1, max_size=5).map(Cards.of)
any_moves = st.one_of(
    st.sampled_from([Draw(), Ask(), Answer(True), Answer(False), Pass()]),
    any_cards.map(TakePile),
    some_cards.map(LayMeld),
    st.builds(AddToMeld, st.sampled_from(list(Rank)), some_cards),
    st.sampled_from(canasta.ALL_FACES).map(Discard),
)


@settings(max_examples=examples(10))
@given(rules=rule_sets, seed=seeds, data=st.data())
def test_any_move_is_applied_or_refused_with_a_rule(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    check_any_move(rules, seed, data, any_moves, "CL-")
