"""The validator's quick paths held to its plain verdict (canasta._engine.transitions).

The move generator asks :func:`take_allowed` of each way to take the pile once
``take_preamble`` allowed taking at all, instead of :func:`check`, which asks the preamble of
every take again, and :func:`ask_allowed` whether the player may ask to go out, which makes
no deal after asking; and where a side's melds are named by rank, the top card taken onto a meld
is tried on its rank's meld alone, because ``added`` refuses a natural card of another rank.
Both over random games under rule sets of every family with drawn house rules. The takes with
two cards of the top card's suit (M2) that ``take_candidates`` lists, looking each neighbour
of the top card up once, are the plain pairs of the hand that make three in a row with it;
where ``layoff_refusal`` or ``mixed_refusal`` refuses a kind of take once for a position (and
``take_candidates`` lists none of it), the validator refuses every take of that kind, and
every take onto a canasta ``closed_canasta`` closes (none listed either).
And :func:`play` sets a move's record on the deal it has just made for the move, in place
instead of copying it once more: the deal the move was played from stays as it was.
"""

from __future__ import annotations

import random
from itertools import combinations

import attrs
from fuzz.options import random_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import added
from play_helpers import random_walk
from profiles import examples

from canasta import Ask, Card, Cards, Game, Meld, Phase, TakePile, Violation
from canasta._engine.take_candidates import take_candidates
from canasta._engine.transitions import ask_allowed, check, play, take_allowed
from canasta._engine.turn.pile import (
    closed_canasta,
    layoff_refusal,
    mixed_refusal,
    take_preamble,
)

#: A natural card of each rank.
NATURALS = Cards.parse("4C 5D 6H 7S 8C 9D 10H JS QC KD AH")


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_take_allowed_is_the_validators_verdict(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    for game in random_walk(Game.new(rules, seed=seed), rng):
        deal = game.deal
        if deal.phase is not Phase.DRAW or take_preamble(deal, TakePile()) is not None:
            continue
        for variants in take_candidates(deal):
            for move in variants:
                assert take_allowed(deal, move) == (check(deal, move) is None), move


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_kind_of_take_refused_whatever_the_cards_is_refused_to_every_take_of_it(
    seed: int,
) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    for game in random_walk(Game.new(rules, seed=seed), rng):
        deal, top = game.deal, game.deal.top_card
        if deal.phase is not Phase.DRAW or top is None:
            continue
        listed = [take for group in take_candidates(deal) for take in group]
        melds = range(len(deal.melds[deal.side]))
        layoffs = [TakePile(meld=index) for index in melds]
        by_position = rules.melds_by_position
        if not by_position:
            layoffs = [TakePile()]  # by rank, the top card goes to its rank's meld
        refused = layoff_refusal(deal, top) is not None
        for take in layoffs:
            legal = check(deal, take) is None
            assert not (refused and legal), take
            assert (take in listed) >= legal, take  # a legal one is listed
        for index, meld in enumerate(deal.melds[deal.side]):  # onto a closed canasta
            if closed_canasta(rules, meld) and (by_position or meld.rank is top.rank):
                take = TakePile(meld=index) if by_position else TakePile()
                assert check(deal, take) is not None, take
                assert take not in listed
        mixed = _naturals_and_wilds(deal.hand, top) if top.is_natural else []
        if mixed and rules.take_with_natural_and_wild:
            refused = mixed_refusal(deal, top) is not None
            legal = [take for take in mixed if check(deal, take) is None]
            assert not (refused and legal), legal
            assert any(take in listed for take in mixed) >= bool(legal)
            assert not (refused and any(take in listed for take in mixed))


def _naturals_and_wilds(hand: Cards, top: Card) -> list[TakePile]:
    """Every take of a natural of the top card's rank and a wild card from ``hand``."""
    faces = hand.faces()
    naturals = [face for face in faces if face.rank is top.rank]
    wilds = [face for face in faces if face.is_wild]
    return [TakePile(Cards.of([natural, wild])) for natural in naturals for wild in wilds]


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_suited_takes_listed_are_the_hands_runs_of_three_with_the_top_card(
    seed: int,
) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    rules = attrs.evolve(rules, take_with_suited_pair=rules.sequences_allowed)
    for game in random_walk(Game.new(rules, seed=seed), rng):
        deal, top = game.deal, game.deal.top_card
        if deal.phase is not Phase.DRAW or top is None or not top.is_natural:
            continue
        listed = [take for group in take_candidates(deal) for take in group if _suited(take, top)]
        assert listed == (_runs_of_three(deal.hand, top) if rules.sequences_allowed else [])


def _suited(take: TakePile, top: Card) -> bool:
    """Whether ``take`` shows two naturals of the top card's suit, of other ranks."""
    faces = take.cards.faces()
    return bool(faces) and all(
        face.is_natural and face.suit is top.suit and face.rank is not top.rank for face in faces
    )


def _runs_of_three(hand: Cards, top: Card) -> list[TakePile]:
    """The pairs of naturals of the top card's suit in ``hand`` that make three ranks in a
    row with it, lowest first (the faces are of one suit, so of three ranks)."""
    faces = sorted(
        (face for face in hand.faces() if _suited(TakePile(Cards.of([face])), top)),
        key=lambda face: face.rank.order,
    )
    runs = []
    for pair in combinations(faces, 2):
        orders = [card.rank.order for card in (*pair, top)]
        if max(orders) - min(orders) == 2:
            runs.append(TakePile(Cards.of(pair)))
    return runs


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_ask_allowed_is_the_validators_verdict(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    for game in random_walk(Game.new(rules, seed=seed), rng):
        deal = game.deal
        if deal.phase is Phase.MELD:
            assert ask_allowed(deal) == (check(deal, Ask()) is None)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_natural_card_joins_no_meld_of_another_rank_where_melds_are_named_by_rank(
    seed: int,
) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng, family="classic")
    if rules.melds_by_position:
        return
    for game in random_walk(Game.new(rules, seed=seed), rng):
        for melds in game.deal.melds:
            for meld in melds:
                for card in NATURALS:
                    if card.rank is not meld.rank:
                        assert not isinstance(added(meld, Cards.of([card]), rules), Meld)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_playing_a_move_leaves_the_deal_it_was_played_from_as_it_was(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    for game in random_walk(Game.new(rules, seed=seed), rng):
        deal = game.deal
        if deal.phase is Phase.OVER:
            continue
        history, events = deal.history, tuple(deal.history)
        for move in game.legal_moves():
            for trusted in (True, False):  # as apply plays a listed move, and as views do
                after = play(deal, move, trusted=trusted)
                assert not isinstance(after, Violation), move
                assert deal.history is history
                assert tuple(deal.history) == events
                assert after is not deal
                assert tuple(after.history)[:-1] == events
                assert after.history[-1].move == move
