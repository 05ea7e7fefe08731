"""The properties of random play under drawn house rules: numbers as well as switches.

The rule sets are drawn by ``tests/fuzz/options.py``: a preset of any family and player count
with house rules from every field's validated range (``canasta_size``, ``min_meld_size``,
wild-card limits, ``hand_size``, ``draw_count``, the minimums, ``target_score`` ...). Under
each: no dead end in a random deal, every generated move accepted, and the validator accepting
exactly what the generator offers (issue 19). ``python tests/fuzz/dead_ends.py`` runs the
first of them for long.
"""

from __future__ import annotations

import random

from fuzz.options import random_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import (
    check_generated_moves,
    check_random_deal,
    check_validator_agrees,
    random_walk,
)
from play_helpers import move_key as classic_key
from play_helpers import variants as classic_variants
from profiles import examples
from test_properties_three_deck import move_key as three_deck_key
from test_properties_three_deck import variants as three_deck_variants

from canasta import Game, Move, RuleSet

drawn_rules = st.integers(0, 2**32).map(lambda seed: random_rules(random.Random(seed)))
seeds = st.integers(min_value=0, max_value=2**32)


def _classic_key(move: Move, game: Game) -> object:
    return classic_key(move)


def _plain(rules: RuleSet) -> bool:
    """Whether a meld is named by its rank and suits never matter: Classic's way."""
    return not (rules.sequences_allowed or rules.several_melds_per_rank or rules.melds_by_position)


@settings(max_examples=examples(30))
@given(rules=drawn_rules, seed=seeds)
def test_random_deal_under_drawn_house_rules_never_dead_ends(rules: RuleSet, seed: int) -> None:
    check_random_deal(rules, seed)


@settings(max_examples=examples(10))
@given(rules=drawn_rules, seed=seeds)
def test_every_generated_move_under_drawn_house_rules_is_accepted(
    rules: RuleSet, seed: int
) -> None:
    check_generated_moves(rules, seed, every=3)


def check_validator_completes_the_generator(rules: RuleSet, seed: int, every: int) -> None:
    """Every move the validator accepts is one the generator offers, up to suits that do not
    matter; a move it refuses whose like is offered differs in the suits of its naturals,
    which only sequences make matter (the generator offers one choice of suits: the hand
    kept may need the other suits for a sequence, so a refusal may be right)."""
    rng = random.Random(seed)
    for index, game in enumerate(random_walk(Game.new(rules, seed=seed), rng)):
        if game.is_over or game.deal_number > 0 or index % every:
            continue
        offered = {three_deck_key(move, game) for move in game.legal_moves()}
        for move in three_deck_variants(game):
            violation = game.explain(move)
            if violation is None:
                assert three_deck_key(move, game) in offered, move
            elif three_deck_key(move, game) in offered:
                assert rules.sequences_allowed, (move, violation)


@settings(max_examples=examples(10))
@given(rules=drawn_rules, seed=seeds)
def test_validator_accepts_exactly_what_the_generator_offers_under_drawn_house_rules(
    rules: RuleSet, seed: int
) -> None:
    # The refusals may cite any family's rules (a Classic table with sequences cites HW-MELD-3):
    # tests/test_rule_coverage.py checks what can be cited.
    if _plain(rules):
        check_validator_agrees(rules, seed, 7, classic_variants, _classic_key, "")
    else:
        check_validator_completes_the_generator(rules, seed, 9)
