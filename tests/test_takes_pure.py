"""The candidate pile takes where melds are named by position, made from remembered and
ready-made takes, are those of the plain construction, in positions met in play."""

from __future__ import annotations

import random
from itertools import compress

import attrs
import pytest
from play_helpers import random_walk

from canasta import Game, Phase, Rank, TakePile, find_rules
from canasta._engine.meld_rules import MeldKind, added
from canasta._engine.plan import sequence_cost
from canasta._engine.state import Deal
from canasta._engine.transitions import (
    _PAIR_TAKES,
    _SINGLES,
    _new_take_meld,
    _plain_new_take_meld,
    _positional_take_candidates,
    _top_added,
)
from canasta._model.cards import ALL_FACES, NATURAL_RANKS, Card
from canasta._model.deck import Cards


def plain_candidates(deal: Deal) -> list[list[TakePile]]:
    """:func:`canasta._engine.transitions._positional_take_candidates`, each move made afresh."""
    top = deal.top_card
    assert top is not None
    rules, hand = deal.rules, deal.hand
    moves: list[list[TakePile]] = []
    if top.rank.is_wild:
        moves = [
            [TakePile(meld=index)]
            for index, meld in enumerate(deal.melds[deal.side])
            if meld.kind is MeldKind.WILD
        ]
        pair = [face for face in hand.faces() if face.rank is top.rank]
        if pair and hand.count(pair[0]) >= 2:
            moves.append([TakePile(Cards.of([pair[0], pair[0]]))])
        elif len(pair) >= 2:
            moves.append([TakePile(Cards.of(pair[:2]))])
        return moves
    if not top.rank.is_natural:
        return moves
    order = top.rank.order
    for index, meld in enumerate(deal.melds[deal.side]):
        if meld.kind is MeldKind.RANK:
            fits = meld.rank is top.rank
        elif meld.kind is MeldKind.SEQUENCE and meld.suit is top.suit:
            fits = order in (meld.rank.order - 1, meld.high.order + 1)
        else:
            continue
        if fits:
            moves.append([TakePile(meld=index)])
    first = top.index & ~3
    same_rank = list(compress(ALL_FACES[first : first + 4], hand.counts[first : first + 4]))
    pairs = [
        TakePile(Cards.of([one, other]))
        for i, one in enumerate(same_rank)
        for other in same_rank[i:]
        if one is not other or hand.count(one) >= 2
    ]
    if pairs:
        moves.append(sorted(pairs, key=lambda move: sequence_cost(move.cards, hand)))
    if rules.take_with_suited_pair and top.suit is not None:
        position = NATURAL_RANKS.index(top.rank)
        for low in (position - 2, position - 1, position):
            ranks = [p for p in range(low, low + 3) if p != position]
            if ranks[0] < 0 or ranks[-1] >= len(NATURAL_RANKS):
                continue
            suited = [Card(NATURAL_RANKS[p], top.suit) for p in ranks]
            if all(hand.count(card) for card in suited):
                moves.append([TakePile(Cards.of(suited))])
    if rules.take_with_natural_and_wild and same_rank:
        by_cost = sorted(same_rank, key=lambda face: sequence_cost(Cards.of([face]), hand))
        for wild_rank in (Rank.TWO, Rank.JOKER):
            wild = next((face for face in hand.faces() if face.rank is wild_rank), None)
            if wild is not None:
                moves.append([TakePile(Cards.of([natural, wild])) for natural in by_cost])
    return moves


@pytest.mark.parametrize("name", ["hollywood", "samba", "bolivia"])
@pytest.mark.parametrize("natural_and_wild", [False, True])
def test_positional_take_candidates(name: str, natural_and_wild: bool) -> None:
    """Draw phases in a row from play (the remembered pairs of one hand serve the next)."""
    rules = find_rules(name, players=4)
    if natural_and_wild:
        rules = attrs.evolve(rules, take_with_natural_and_wild=True)
    compared = paired = 0
    for seed in range(4):
        for game in random_walk(Game.new(rules, seed=seed), random.Random(seed)):
            deal = game.deal
            if game.is_over or deal.phase is not Phase.DRAW or deal.top_card is None:
                continue
            top = deal.top_card
            for meld in deal.melds[deal.side]:  # the remembered additions of the top card
                single = _SINGLES[top.index]
                assert single == Cards.of([top])
                assert _top_added(meld, single, rules) == added(meld, single, rules)
            found = [list(variants) for variants in _positional_take_candidates(deal)]
            assert found == plain_candidates(deal), deal
            compared += 1
            paired += any(len(take.cards) == 2 for variants in found for take in variants)
    assert compared > 100
    assert paired > 10
    assert _PAIR_TAKES


def test_new_take_melds_remembered() -> None:
    """Three cards at a time, under three rule sets in turn: the remembered meld (or
    violation) is the one made afresh."""
    rng = random.Random(4)
    rule_sets = [find_rules(name, players=4) for name in ("hollywood", "samba", "bolivia")]
    pool = [face for face in ALL_FACES if face.rank.is_natural or face.rank.is_wild]
    near = [face for face in pool if face.rank.order in range(7, 11)]
    for i in range(3000):
        rules = rule_sets[i % 3]
        cards = Cards.of(rng.choices(near if i % 2 else pool, k=3))
        assert _new_take_meld(cards, rules) == _plain_new_take_meld(cards, rules)
