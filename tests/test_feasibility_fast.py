"""The quick paths of :mod:`canasta._engine.feasibility` against the plain computations they stand
for: the steps of each rank found through :class:`~canasta._engine.feasibility.SideMelds` and the
memo of steps, and the quick exit of the test of going out by a side's melds."""

from __future__ import annotations

import random

import attrs
import pytest

import canasta
from canasta import AddToMeld, LayMeld, Rank
from canasta._engine.feasibility import (
    RankSteps,
    SideMelds,
    _out_ruled_out,
    _rank_group,
    rank_counts,
    side_melds,
    side_out_ruled_out,
    side_step_groups,
)
from canasta._engine.meld_rules import Meld
from canasta._model.cards import ALL_FACES, NATURAL_RANKS
from canasta._model.deck import Cards, pack_cards
from canasta._model.melds import trusted_meld
from canasta._rules.ruleset import RuleSet

RULE_CHANGES: list[dict[str, object]] = [
    {},
    {"wild_ratio": "naturals_ge_wilds"},
    {"wild_ratio": "naturals_gt_wilds"},
    {"allow_wild_on_canasta": False},
    {"max_wilds_per_meld": 2},
    {"min_naturals": 3, "min_meld_size": 3},
    {"min_naturals": 1, "min_meld_size": 3},
]


def rules_of(players: int, changes: dict[str, object]) -> RuleSet:
    return attrs.evolve(canasta.find_rules("classic", players=players), **changes)


def random_side(rng: random.Random, rules: RuleSet) -> tuple[Cards, tuple[Meld, ...]]:
    """A hand of up to 20 cards and up to five melds by rank (some closed, some full of wild
    cards, maybe black threes), not necessarily reachable in play: the quick paths must
    agree everywhere."""
    pack = list(pack_cards(rules.decks))
    hand = Cards.of(rng.sample(pack, rng.randrange(0, 21)))
    wild_faces = [face for face in ALL_FACES if face.is_wild]
    melds: list[Meld] = []
    for rank in sorted(rng.sample(NATURAL_RANKS, rng.randrange(0, 6)), key=NATURAL_RANKS.index):
        faces = [face for face in ALL_FACES if face.rank is rank]
        naturals = rng.choices(faces, k=rng.randrange(rules.min_naturals, 9))
        wilds = rng.choices(wild_faces, k=rng.randrange(0, rules.max_wilds(len(naturals)) + 1))
        melds.append(trusted_meld(rank, Cards.of(naturals + wilds)))
    if rng.random() < 0.2:
        melds.append(trusted_meld(Rank.THREE, Cards.parse("3C 3S 3S")))
    return hand, tuple(melds)


def reference_groups(counts: bytes, melds: tuple[Meld, ...], rules: RuleSet) -> list[RankSteps]:
    """The groups of steps made afresh for every rank with a meld or enough naturals, for
    the exact meld: no memo, no shared states."""
    closed_size = rules.canasta_size if not rules.allow_wild_on_canasta else 1 << 30
    by_rank = {meld.rank: meld for meld in melds}
    per_rank = rank_counts(counts)
    groups = []
    for position, rank in enumerate(NATURAL_RANKS):
        meld = by_rank.get(rank)
        if meld is None and per_rank[position] < rules.min_naturals:
            continue
        state = None if meld is None else (meld.naturals, meld.wilds, meld.size >= closed_size)
        group = _rank_group(counts, position, state, rules)
        if group[0]:
            groups.append(group)
    return groups


def shown(groups: list[RankSteps]) -> list[object]:
    return [
        ([(rank, str(move), size, points) for rank, move, size, points in steps], most, fewest)
        for steps, _, most, fewest in groups
    ]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("changes", RULE_CHANGES, ids=repr)
def test_side_step_groups_are_the_groups_made_for_each_exact_meld(
    players: int, changes: dict[str, object]
) -> None:
    rules = rules_of(players, changes)
    rng = random.Random(players * 100 + RULE_CHANGES.index(changes))
    for _ in range(400):
        hand, melds = random_side(rng, rules)
        # Twice: the second time from the memo.
        for _ in range(2):
            found = side_step_groups(hand.counts, side_melds(melds, rules))
            assert shown(found) == shown(reference_groups(hand.counts, melds, rules)), (
                hand,
                melds,
            )
        for steps, moves, _, _ in found:
            assert moves == tuple(step[1] for step in steps)


def test_steps_made_in_place_are_the_moves_made_the_usual_way() -> None:
    rules = rules_of(4, {})
    rng = random.Random(5)
    compared = 0
    for _ in range(200):
        hand, melds = random_side(rng, rules)
        for steps, _, _, _ in side_step_groups(hand.counts, side_melds(melds, rules)):
            for rank, move, size, points in steps:
                if isinstance(move, LayMeld):
                    assert move == LayMeld(move.cards)
                else:
                    assert move == AddToMeld(rank, move.cards)
                assert (size, points) == (len(move.cards), move.cards.points)
                compared += 1
    assert compared > 1000


def test_side_melds_are_kept_for_the_same_tuple_only() -> None:
    rules = rules_of(4, {})
    melds = (trusted_meld(Rank.KING, Cards.parse("KC KD KH")),)
    side = side_melds(melds, rules)
    assert side_melds(melds, rules) is side
    again = (trusted_meld(Rank.KING, Cards.parse("KC KD KH")),)
    assert side_melds(again, rules) is not side
    other = attrs.evolve(rules, allow_wild_on_canasta=False)
    assert side_melds(melds, other).rules is other
    assert isinstance(side, SideMelds)
    assert side.by_rank == {Rank.KING: melds[0]}


@pytest.mark.parametrize("changes", RULE_CHANGES, ids=repr)
def test_goingside_out_ruled_out_agrees_with_the_plain_count(
    changes: dict[str, object],
) -> None:
    rules = rules_of(4, changes)
    rng = random.Random(RULE_CHANGES.index(changes))
    verdicts = {True: 0, False: 0}
    wild_faces = [face for face in ALL_FACES if face.is_wild] * rules.decks
    for _ in range(1500):
        hand, melds = random_side(rng, rules)
        hand = Cards.of(list(hand)[: rng.randrange(0, 16)])
        if rng.random() < 0.3:  # enough wild cards for a canasta with few naturals
            hand += rng.sample(wild_faces, rng.randrange(3, 9))
        expected = _out_ruled_out(hand.counts, melds, rules)
        assert side_out_ruled_out(hand.counts, side_melds(melds, rules)) is expected
        verdicts[expected] += 1
    assert min(verdicts.values()) > 20


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"ask_permission": "mandatory"},
        {"canastas_to_go_out": 2},
        {"concealed_min_rule": "never", "concealed_allows_discard": False},
        {"allow_wild_on_canasta": False},
    ],
    ids=repr,
)
def test_rank_steps_judged_without_the_deal_after_them_as_check_built_judges_them(
    players: int, changes: dict[str, object]
) -> None:
    """The move generator's verdict on a meld or addition that keeps fewer than two cards,
    asked of the hand and melds after it rather than of the deal after it
    (:func:`canasta._engine.movegen._finishable_after_rank_step`), is the one of
    :func:`canasta._engine.transitions.check_built`, for every step of every rank."""
    from play_helpers import random_walk

    from canasta._engine.movegen import _finishable_after_rank_step
    from canasta._engine.transitions import check_built

    rules = rules_of(players, changes)
    verdicts: dict[tuple[str, bool], int] = {}
    for seed in range(40):
        for game in random_walk(canasta.Game.new(rules, seed=seed), random.Random(seed)):
            deal = game.deal
            if game.is_over or deal.phase is not canasta.Phase.MELD:
                continue
            side = side_melds(deal.melds[deal.side], rules)
            draft = deal.draft
            owed = max(deal.minimums[deal.side] - draft.points, 0) if draft.opening else 0
            hand_size = len(deal.hand)
            for steps, _, _, _ in side_step_groups(deal.usable.counts, side):
                for rank, move, size, points in steps:
                    expected = check_built(deal, move) is None
                    verdict = _finishable_after_rank_step(deal, side, rank, move, size, owed)
                    assert verdict is expected, (deal, move)
                    if hand_size - size == 1 and owed == 0:
                        kind = "one card left"
                    elif points < owed:
                        kind = "opening, pile cards locked" if draft.locked else "opening"
                    else:
                        continue
                    verdicts[kind, expected] = verdicts.get((kind, expected), 0) + 1
    for kind in ("one card left", "opening"):
        assert verdicts.get((kind, True)), verdicts
        assert verdicts.get((kind, False)), verdicts


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"canastas_to_go_out": 0},
        {"canastas_to_go_out": 0, "concealed_min_rule": "never"},
        {"canastas_to_go_out": 0, "concealed_allows_discard": False},
        {"canastas_to_go_out": 0, "concealed_min_rule": "always"},
        {"canastas_to_go_out": 0, "ask_permission": "disabled"},
    ],
    ids=repr,
)
def test_opening_steps_judged_without_the_deal_after_them_in_small_hands(
    changes: dict[str, object],
) -> None:
    """As above, in positions made for the rare cases: an unopened side with a small hand,
    where going out while opening is near, some of it pile cards still locked."""
    from play_helpers import random_walk

    from canasta._engine.movegen import _finishable_after_rank_step
    from canasta._engine.transitions import check_built

    rules = rules_of(4, changes)
    rng = random.Random(3)
    wild_faces = [face for face in ALL_FACES if face.is_wild]
    verdicts: dict[tuple[bool, bool], int] = {}
    for seed in range(6):
        for game in random_walk(canasta.Game.new(rules, seed=seed), random.Random(seed)):
            deal = game.deal
            if game.is_over or deal.phase is not canasta.Phase.MELD or deal.melds[deal.side]:
                continue
            if not deal.draft.opening or deal.draft.locked or deal.draft.answer is not None:
                continue
            for _ in range(6):
                cards = list(deal.hand) + rng.sample(wild_faces, 3)
                hand = Cards.of(rng.sample(cards, rng.randrange(4, 9)))
                locked = Cards.of(rng.sample(list(hand), rng.randrange(0, 3)))
                draft = deal.draft.replace(locked=locked, took_pile=bool(locked))
                made = deal.replace(
                    hands=tuple(hand if i == deal.seat else h for i, h in enumerate(deal.hands)),
                    draft=draft,
                )
                side = side_melds(made.melds[made.side], rules)
                owed = max(made.minimums[made.side] - draft.points, 0)
                for steps, _, _, _ in side_step_groups(made.usable.counts, side):
                    for rank, move, size, points in steps:
                        expected = check_built(made, move) is None
                        verdict = _finishable_after_rank_step(made, side, rank, move, size, owed)
                        assert verdict is expected, (made, move)
                        if points < owed:
                            key = (bool(locked), expected)
                            verdicts[key] = verdicts.get(key, 0) + 1
    assert len(verdicts) == 4, verdicts
