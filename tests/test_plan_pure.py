"""The groups of steps that canasta._engine.plan remembers give what a fresh computation gives, in
positions met in play (where the remembered groups are met again) and in random ones."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sized

import pytest
from test_plan import RULES, random_position

import canasta
from canasta._engine.meld_rules import Meld
from canasta._engine.plan import (
    _CHOICES,
    _CHOICES_KEPT,
    _GROUPS,
    _POS,
    _SEGMENTS,
    _SUIT_CHOICES,
    _SUIT_INDEX,
    Step,
    _encode,
    _in_run,
    _joined_part,
    _Melds,
    _new_sequences,
    _plain_in_run,
    _Planner,
    _planner,
    _sequence_additions,
    _stuck_naturals,
    steps,
)
from canasta._engine.state import Phase
from canasta._model.deck import Cards
from canasta._rules.ruleset import RuleSet


def _described(step: Step) -> tuple[object, ...]:
    others = [] if step.others is None else [other.cards for other in step.others()]
    return (
        step.target,
        step.cards,
        step.wild_as,
        step.kind,
        step.points,
        step.size,
        step.result,
        others,
    )


def _fresh(usable: Cards, melds: tuple[Meld, ...], rules: RuleSet, by_count: bool) -> list[Step]:
    """:func:`steps` with nothing remembered."""
    plan = _planner(rules)
    for table in (plan.rank_melds, plan.new_sequences, plan.additions, _CHOICES, _SUIT_CHOICES):
        table.clear()
    return list(steps(usable, melds, rules, by_count=by_count))


def _compare(usable: Cards, melds: tuple[Meld, ...], rules: RuleSet) -> None:
    for by_count in (True, False):
        remembered = [_described(s) for s in steps(usable, melds, rules, by_count=by_count)]
        assert remembered == [_described(s) for s in _fresh(usable, melds, rules, by_count)]


def _played_positions(name: str, decisions: int) -> list[tuple[Cards, tuple[Meld, ...]]]:
    rules = canasta.find_rules(name, players=4)
    rng = random.Random(3)
    seed = 0
    game = canasta.Game.new(rules, seed=seed)
    positions = []
    for _ in range(decisions):
        if game.is_over or game.deal_number > 1:
            seed += 1
            game = canasta.Game.new(rules, seed=seed)
        deal = game.deal
        if deal.phase is Phase.MELD:
            positions.append((deal.usable, deal.melds[deal.side]))
        game = game.apply(rng.choice(list(game.legal_moves())))
    return positions


@pytest.mark.parametrize("name", ["hollywood", "samba", "bolivia"])
def test_remembered_steps_in_play(name: str) -> None:
    """Positions in a row from play: the steps of each, with what earlier positions left
    remembered, are those of a fresh computation."""
    rules = canasta.find_rules(name, players=4)
    positions = _played_positions(name, 600)
    assert len(positions) > 100
    for usable, melds in positions:
        _compare(usable, melds, rules)


@pytest.mark.parametrize("name", sorted(RULES))
def test_remembered_steps_random(name: str) -> None:
    """Random positions of few ranks (where groups repeat), in a row."""
    rules = RULES[name]
    for seed in range(150):
        hand, melds = random_position(seed, 1 + seed % 9, rules)
        _compare(hand, tuple(melds), rules)


@pytest.mark.parametrize("name", sorted(RULES))
def test_new_sequences_by_segments(name: str) -> None:
    """The new sequences of a suit's positions held are those of its parts apart by two or
    more positions, lowest first; the parts are those positions, kept apart."""
    plan = _planner(RULES[name])
    for mask in range(1 << 11):
        parts = _SEGMENTS[mask]
        assert sum(parts) == mask
        for lower, upper in itertools.pairwise(parts):
            assert upper.bit_length() > lower.bit_length() + 2
            assert upper & ((1 << (lower.bit_length() + 2)) - 1) == 0
        for part in parts:
            held = [p for p in range(11) if part >> p & 1]
            assert all(b - a <= 2 for a, b in itertools.pairwise(held))
        for sig in (0, 1, 2, 9):
            whole = [_described(step) for step in _new_sequences(mask, 2, plan, sig)]
            apart = [
                _described(step) for part in parts for step in _new_sequences(part, 2, plan, sig)
            ]
            assert whole == apart


@pytest.mark.parametrize("name", sorted(RULES))
def test_sequence_additions_by_segment(name: str) -> None:
    """The additions to a sequence from a suit's positions held are those from the part of
    them that the sequence's own positions join."""
    plan = _planner(RULES[name])
    rng = random.Random(11)
    melds = [
        Meld.of("7D 8D 9D"),
        Meld.of("4D 5D 6D 7D 8D"),
        Meld.of("QD KD AD"),
        Meld.of("7D 8D 9D JK", wild_as="10"),
    ]
    for meld in melds:
        assert meld.suit is not None
        s = _SUIT_INDEX[meld.suit]
        lo = _POS[meld.rank]
        hi = lo + meld.size - 1
        for mask in rng.sample(range(1 << 11), 300):
            part = _joined_part(mask, lo, hi)
            assert part & ~mask & ~((2 << hi) - (1 << lo)) == 0  # held, but for its own
            for sig in (0, 9):
                whole = _sequence_additions(mask, s, 0, meld, lo, hi, plan, sig)
                alone = _sequence_additions(part, s, 0, meld, lo, hi, plan, sig)
                assert [_described(step) for step in whole] == [_described(step) for step in alone]


def _plain_stuck(nat: bytes, melds: _Melds, plan: _Planner, wilds: int) -> bytearray:
    """:func:`canasta._engine.plan._stuck_naturals`, position by position and suit by suit."""
    stuck = bytearray(44)
    length = max(plan.min_size, plan.seq_nat)
    widest = length + (1 if plan.seq_wilds and wilds else 0)
    for face in range(44):
        pos, suit = divmod(face, 4)
        have = sum(nat[4 * pos : 4 * pos + 4])
        if not nat[face] or any(m[0] == 0 and m[1] == pos for m in melds):
            continue
        if have >= plan.min_nat and have + min(wilds, plan.max_wilds[have]) >= plan.min_size:
            continue
        if any(m[0] == 1 and m[1] == suit for m in melds):
            continue
        mask = sum(1 << p for p in range(11) if nat[4 * p + suit])
        if plan.seq and _plain_in_run(mask, pos, length, min(widest, 11)):
            continue
        stuck[face] = nat[face]
    return stuck


@pytest.mark.parametrize("name", sorted(RULES))
def test_stuck_naturals(name: str) -> None:
    rules = RULES[name]
    plan = _planner(rules)
    length = max(plan.min_size, plan.seq_nat)
    for mask in range(1 << 11):  # every remembered answer there, to be looked up
        for pos in range(11):
            _in_run(mask, pos, length, length)
            _in_run(mask, pos, length, length + 1)
    for seed in range(300):
        hand, melds = random_position(seed, 4 + seed % 12, rules)
        encoded, _ = _encode(melds, rules)
        nat = hand.counts[:44]
        for wilds in (0, 1, 3):
            assert _stuck_naturals(nat, encoded, plan, wilds) == _plain_stuck(
                nat, encoded, plan, wilds
            )


def test_remembered_tables_stay_small() -> None:
    """The tables of steps fill up to their bounds in play and never beyond: every object they
    hold is walked by each full garbage collection, which made long runs a fifth slower."""
    rules = canasta.find_rules("hollywood", players=4)
    plan = _planner(rules)
    tables: dict[str, tuple[Sized, int]] = {
        "rank melds": (plan.rank_melds, _GROUPS),
        "new sequences": (plan.new_sequences, _GROUPS),
        "additions": (plan.additions, _GROUPS),
        "choices": (_CHOICES, _CHOICES_KEPT),
        "suit choices": (_SUIT_CHOICES, _CHOICES_KEPT),
    }
    largest = dict.fromkeys(tables, 0)
    rng = random.Random(5)
    seed = 0
    game = canasta.Game.new(rules, seed=seed)
    for _ in range(4000):
        if game.results:
            seed += 1
            game = canasta.Game.new(rules, seed=seed)
        game = game.apply(rng.choice(list(game.legal_moves())))
        for name, (table, _) in tables.items():
            largest[name] = max(largest[name], len(table))
    for name, (_, bound) in tables.items():
        assert largest[name] <= bound, name
    # Play fills the busiest tables to their bounds, or near: the bounds keep them small.
    assert largest["rank melds"] == _GROUPS
    assert largest["choices"] > _CHOICES_KEPT * 3 // 4
