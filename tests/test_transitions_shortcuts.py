"""The move generator's quick paths give the answers of the full checks they skip: the
draw phase's pile takes (:func:`canasta._engine.transitions.pile_takes`) and the quick exit of
:func:`canasta._engine.feasibility.going_out_ruled_out`."""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import islice
from operator import le

import attrs
import pytest
from play_helpers import OPTION_CHANGES, make_rules, random_walk

from canasta import Game, Phase, Rank, TakePile, find_rules
from canasta._engine.feasibility import _out_ruled_out, rank_counts
from canasta._engine.meld_rules import Meld, MeldKind, representative
from canasta._engine.movegen import _finishable_after, _step_move
from canasta._engine.plan import steps
from canasta._engine.state import Deal
from canasta._engine.transitions import (
    _positional_take_candidates,
    check,
    check_built,
    pile_takes,
)
from canasta._model.cards import ALL_FACES, NATURAL_RANKS
from canasta._model.deck import Cards, pack_cards
from canasta._rules.ruleset import RuleSet


def reference_pile_takes(deal: Deal) -> list[TakePile]:
    """Every candidate take put to the full :func:`check`, as the generator once did."""
    top = deal.top_card
    if deal.phase is not Phase.DRAW or top is None or not top.is_natural:
        return []
    hand, rank = deal.hand, top.rank
    have = hand.count_rank(rank)
    candidates = [TakePile()] if deal.meld_of(deal.side, rank) is not None else []
    if have:
        held = (have, hand.count_rank(Rank.TWO), hand.count_rank(Rank.JOKER))
        for way in ((2, 0, 0), (1, 1, 0), (1, 0, 1)):
            if all(map(le, way, held)):
                cards = representative(rank, *way, hand)
                assert cards is not None
                candidates.append(TakePile(cards))
    return [move for move in candidates if check(deal, move) is None]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("changes", OPTION_CHANGES, ids=repr)
def test_pile_takes_are_the_candidates_the_full_check_accepts(
    players: int, changes: dict[str, object]
) -> None:
    rules = make_rules(players, changes)
    compared = taken = 0
    for seed in range(3):
        for game in random_walk(Game.new(rules, seed=seed), random.Random(seed)):
            if game.is_over or game.phase is not Phase.DRAW:
                continue
            takes = pile_takes(game.deal)
            assert takes == reference_pile_takes(game.deal), game.deal
            compared += 1
            taken += bool(takes)
    assert compared > 50
    assert taken > 5


def reference_out_ruled_out(counts: bytes, melds: Iterable[Meld], rules: RuleSet) -> bool:
    """:func:`canasta._engine.feasibility._out_ruled_out` without its quick exit."""
    per_rank = rank_counts(counts)
    sizes = {meld.rank: meld.size for meld in melds}
    sizes.pop(Rank.THREE, None)
    wilds = per_rank[len(NATURAL_RANKS)] + counts[52]
    fewest, smallest, canasta = rules.min_naturals, rules.min_meld_size, rules.canasta_size
    stray = short = possible = 0
    for rank, have in zip(NATURAL_RANKS, per_rank, strict=False):
        size = sizes.get(rank)
        if size is None:
            if not have:
                continue
            if have < fewest:
                stray += have
            elif 1 < have < smallest:
                short += smallest - have
            size = 0
        if size + have + wilds >= canasta:
            possible += 1
    return stray > 1 or short > wilds or possible < rules.canastas_to_go_out or not any(counts)


@pytest.mark.parametrize("min_naturals", [1, 2, 3])
def test_going_out_ruled_out_quick_exit_agrees_with_the_full_count(min_naturals: int) -> None:
    rules = attrs.evolve(
        make_rules(4, {}), min_naturals=min_naturals, min_meld_size=max(3, min_naturals)
    )
    rng = random.Random(min_naturals)
    pack = list(pack_cards(2))
    naturals = [face for face in ALL_FACES if face.is_natural]
    for _ in range(3000):
        hand = Cards.of(rng.sample(pack, rng.randrange(0, 16)))
        melds = []
        for rank in rng.sample(NATURAL_RANKS, rng.randrange(0, 5)):
            faces = [face for face in naturals if face.rank is rank]
            melds.append(Meld(rank, Cards.of(rng.choices(faces, k=rng.randrange(3, 8)))))
        if rng.random() < 0.2:
            melds.append(Meld(Rank.THREE, Cards.parse("3C 3S 3S")))
        expected = reference_out_ruled_out(hand.counts, melds, rules)
        assert _out_ruled_out(hand.counts, melds, rules) == expected, (hand, melds)


@pytest.mark.parametrize("name", ["hollywood", "samba", "bolivia"])
def test_positional_opening_steps_without_the_deal_agree_with_check_built(name: str) -> None:
    """The move generator's verdict on a meld step while the opening minimum is owed, asked
    without the deal after it (:func:`canasta._engine.movegen._finishable_after`), is the one of
    :func:`canasta._engine.transitions.check_built`."""
    rules = find_rules(name, players=4)
    verdicts = {True: 0, False: 0}
    for seed in range(20):
        for game in random_walk(Game.new(rules, seed=seed), random.Random(seed)):
            deal = game.deal
            if game.is_over or deal.phase is not Phase.MELD:
                continue
            draft = deal.draft
            relaxed = not (draft.answer is True or draft.black_threes or draft.no_discard)
            if not (relaxed and draft.opening and not deal.minimum_reached()):
                continue
            owed = deal.minimums[deal.side] - draft.points
            keep = max(0, 2 - len(draft.locked))
            hand_size = len(deal.hand)
            for step in steps(deal.usable, deal.melds[deal.side], rules, by_count=True):
                if step.kind is MeldKind.BLACK_THREES or hand_size - step.size < 2:
                    continue
                for other in [step, *islice(step.others() if step.others else (), 2)]:
                    move = _step_move(other)
                    quick = _finishable_after(deal, move, other, False, hand_size, keep, owed)
                    assert quick is (check_built(deal, move) is None), (deal, move)
                    verdicts[quick] += 1
    assert verdicts[True] > 50
    assert verdicts[False] > 10


@pytest.mark.parametrize("name", ["hollywood", "samba", "bolivia"])
def test_positional_opening_steps_that_only_going_out_finishes(name: str) -> None:
    """Two canastas' worth of fours and fives and a six, far short of the minimum owed: a
    step is legal only if the player can go out concealed after it (CL-CONC-4), which
    :func:`canasta._engine.movegen._finishable_after` asks without the deal after the step too."""
    rules = find_rules(name, players=2)
    for game in random_walk(Game.new(rules, seed=0), random.Random(0)):
        deal = game.deal
        if deal.phase is Phase.MELD and not deal.melds[deal.side] and not deal.draft.locked:
            break
    hand = Cards.parse("4C 4D 4H 4S 4C 4D 4H 5C 5D 5H 5S 5C 5D 5H 6C")
    hands = tuple(hand if seat == deal.seat else held for seat, held in enumerate(deal.hands))
    known = tuple(Cards.parse("") for _ in deal.known)
    deal = deal.replace(hands=hands, known=known, minimums=(150, 150))
    verdicts = []
    for step in steps(deal.usable, deal.melds[deal.side], rules, by_count=True):
        move = _step_move(step)
        quick = _finishable_after(deal, move, step, False, len(hand), 2, 150)
        assert quick is (check_built(deal, move) is None), move
        verdicts.append(quick)
    # Bolivia's going out needs a natural sequence canasta (BO-OUT-1): none here.
    assert any(verdicts) is (name != "bolivia")


@pytest.mark.parametrize("name", ["hollywood", "samba", "bolivia"])
def test_positional_pile_takes_are_the_candidates_the_full_check_accepts(name: str) -> None:
    """Where melds are named by position, :func:`canasta._engine.transitions.pile_takes` asks what
    refuses every take once and then the rest of each candidate's check: the same takes as
    the full :func:`check` of every candidate."""
    rules = find_rules(name, players=4)
    compared = refused = 0
    for seed in range(4):
        for game in random_walk(Game.new(rules, seed=seed), random.Random(seed)):
            deal = game.deal
            if game.is_over or deal.phase is not Phase.DRAW or deal.top_card is None:
                continue
            reference = []
            for variants in _positional_take_candidates(deal):
                legal = [move for move in variants if check(deal, move) is None]
                reference += legal[:1]
                refused += not legal
            assert pile_takes(deal) == reference, deal
            compared += 1
    assert compared > 50
    assert refused > 5


@pytest.mark.parametrize("name", ["hollywood", "samba", "bolivia"])
def test_positional_pile_takes_keep_the_one_card_rule(name: str) -> None:
    """A take onto a meld, refused by what refuses every take: one card in hand and a pile
    of one card (CL-PILE-7)."""
    rules = find_rules(name, players=4)
    found = 0
    for seed in range(8):
        for game in random_walk(Game.new(rules, seed=seed), random.Random(seed)):
            deal = game.deal
            if game.is_over or deal.phase is not Phase.DRAW:
                continue
            onto = [move for move in pile_takes(deal) if move.meld is not None]
            if not onto:
                continue
            top = deal.top_card
            assert top is not None
            hand = Cards.parse("4C" if top.rank is not Rank.FOUR else "5C")
            hands = tuple(hand if s == deal.seat else held for s, held in enumerate(deal.hands))
            known = tuple(Cards.parse("") for _ in deal.known)
            alone = deal.replace(hands=hands, known=known, pile=(top,))
            assert check(alone, onto[0]) is not None
            assert pile_takes(alone) == []
            found += 1
            break
    assert found > 3
