"""The step lists and the planner against brute force: every step is legal and every legal
step is listed once; the opening and going-out searches agree with an exhaustive search over
the steps (and merges)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

import attrs
import pytest
from fuzz.options import random_rules
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import added, hollywood, merged, new_meld
from profiles import examples

import canasta
from canasta import ALL_FACES, NATURAL_RANKS, Card, Cards, Meld, MeldKind, Rank, RuleSet
from canasta._engine import steps as steps_module
from canasta._engine.search.going_out import going_out_possible
from canasta._engine.search.opening import _OpeningSearch, opening_reachable
from canasta._engine.search.planner import canastas_short, naturals_stuck, out_at_once
from canasta._engine.step import Step
from canasta._engine.steps import meld_steps as steps

HOLLYWOOD = hollywood()
SLOW26 = Path(__file__).parent / "data" / "slow26"
SAMBA_LIKE = attrs.evolve(
    hollywood(),
    max_wilds_per_sequence=0,
    max_sequence_length=7,
    wild_melds_allowed=False,
    wild_top_card="stop",
    min_naturals=2,
    allow_wild_on_canasta=False,
)
BOLIVIA_LIKE = attrs.evolve(hollywood(), max_wild_meld_length=7, allow_wild_on_canasta=False)
RULES = {"hollywood": HOLLYWOOD, "samba": SAMBA_LIKE, "bolivia": BOLIVIA_LIKE}

_TWOS = frozenset(face for face in ALL_FACES if face.rank is Rank.TWO)


def normal(cards: Cards) -> tuple[int, ...]:
    """Counts with twos (and black threes) told apart by count only."""
    counts = list(cards.counts)
    twos = sum(counts[44:48])
    black = counts[48] + counts[51]
    counts[44:48] = [twos, 0, 0, 0]
    counts[48], counts[51] = black, 0
    return tuple(counts)


def sub_multisets(cards: Cards) -> list[Cards]:
    result = [Cards()]
    for face in cards.faces():
        result = [
            sub.add(face, n) if n else sub for sub in result for n in range(cards.count(face) + 1)
        ]
    return [sub for sub in result if sub]


WILD_AS: tuple[Rank | None, ...] = (None, *NATURAL_RANKS)


def brute_steps(hand: Cards, melds: Sequence[Meld], rules: RuleSet) -> set[tuple[object, ...]]:
    found: set[tuple[object, ...]] = set()
    has_black = any(m.kind is MeldKind.BLACK_THREES for m in melds)
    for sub in sub_multisets(hand):
        for wild_as in WILD_AS:
            made = new_meld(sub, rules, wild_as)
            if isinstance(made, Meld) and not (made.is_black_threes and has_black):
                found.add((None, normal(sub), made.wild_as))
            for index, meld in enumerate(melds):
                grown = added(meld, sub, rules, wild_as)
                if isinstance(grown, Meld):
                    found.add((index, normal(sub), grown.wild_as))
    return found


def step_key(step: Step) -> tuple[object, ...]:
    return (step.target, normal(step.cards), step.result.wild_as)


PACK = [face for face in ALL_FACES if not face.is_red_three for _ in range(3)] + [
    ALL_FACES[-1]
] * 3


def random_cards(rng: random.Random, n: int, pool: list[Card]) -> Cards:
    return Cards.of(rng.sample(pool, min(n, len(pool))))


def narrow_pool(rng: random.Random) -> list[Card]:
    """Cards of a few neighbouring ranks and two suits, plus wilds and black threes."""
    low = rng.randrange(0, 8)
    ranks = set(NATURAL_RANKS[low : low + rng.choice((3, 4, 5))])
    suits = set(rng.sample(list({f.suit for f in ALL_FACES if f.suit}), 2))
    pool = [
        f
        for f in PACK
        if (f.rank in ranks and (f.suit in suits or rng.random() < 0.3))
        or f.is_wild
        or (f.is_black_three and rng.random() < 0.5)
    ]
    rng.shuffle(pool)
    return pool


def random_position(seed: int, hand_size: int, rules: RuleSet) -> tuple[Cards, tuple[Meld, ...]]:
    rng = random.Random(seed)
    pool = narrow_pool(rng)
    melds: list[Meld] = []
    for _ in range(rng.randrange(0, 4)):
        source = random_cards(rng, 9, pool)
        options = [s for s in steps(source, melds, rules) if s.target is None]
        options = [s for s in options if not s.result.is_black_threes or rng.random() < 0.2]
        if not options:
            continue
        step = rng.choice(options)
        meld = step.result
        for card in step.cards:
            pool.remove(card)
        melds.append(meld)
        # Grow it a little.
        for _ in range(rng.randrange(0, 3)):
            source = random_cards(rng, 6, pool)
            more = [s for s in steps(source, melds, rules) if s.target == len(melds) - 1]
            if not more:
                break
            pick = rng.choice(more)
            for card in pick.cards:
                pool.remove(card)
            melds[-1] = pick.result
    hand = random_cards(rng, hand_size, pool)
    return hand, tuple(melds)


def melds_key(melds: Sequence[Meld]) -> tuple[tuple[object, ...], ...]:
    return tuple(sorted((m.cards.counts, str(m.suit), str(m.wild_as)) for m in melds))


# --- steps ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(RULES))
@settings(max_examples=examples(80), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 7))
def test_steps_are_legal_distinct_and_complete(name: str, seed: int, size: int) -> None:
    rules = RULES[name]
    hand, melds = random_position(seed, size, rules)
    listed = list(steps(hand, tuple(melds), rules))
    for step in listed:
        assert hand.issuperset(step.cards)
        assert step.points == step.cards.points
        assert step.size == len(step.cards)
        if step.target is None:
            made = new_meld(step.cards, rules, step.wild_as)
        else:
            made = added(melds[step.target], step.cards, rules, step.wild_as)
        assert made == step.result, (step, made)
    keys = [step_key(step) for step in listed]
    assert len(keys) == len(set(keys))
    assert set(keys) == brute_steps(hand, melds, rules)


def plain_near(masks: Sequence[int], position: int, have: bytes) -> object:
    """``steps._near`` without its shortcut: the costs of every suit held."""
    return steps_module._suit_costs(masks, position, have)


def described(listed: Sequence[Step]) -> list[tuple[object, ...]]:
    """The steps as values, with their other choices of suits."""
    return [
        (
            s.target,
            s.cards,
            s.wild_as,
            s.points,
            s.size,
            s.listed_by_count,
            [o.cards for o in s.others()],
        )
        for s in listed
    ]


@pytest.mark.parametrize("family", canasta.rule_set_names())
@settings(max_examples=examples(80), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 12))
def test_steps_by_count_the_same_whatever_a_lone_suit_costs(
    family: str, seed: int, size: int
) -> None:
    """Where one suit of a rank is held at most, ``_near`` gives no cost: the steps by count
    and their other choices are those the plain costs of the suits give."""
    rules = random_rules(random.Random(seed), family=family)
    hand, melds = random_position(seed, size, rules)
    quick = described(steps(hand, melds, rules, by_count=True))
    canasta.clear_caches()
    with mock.patch.object(steps_module, "_near", plain_near):
        plain = described(steps(hand, melds, rules, by_count=True))
    canasta.clear_caches()
    assert quick == plain


@pytest.mark.parametrize("family", canasta.rule_set_names())
@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 14))
def test_step_order_is_the_ranks_order_with_black_threes_last(
    family: str, seed: int, size: int
) -> None:
    """``Step.order``, worked out once a step, sorts the steps as the plain key does: by
    the display order of the rank laid or grown, melds of black threes after every other
    (the order in which the move generator lists the steps of melds named by rank)."""
    rules = random_rules(random.Random(seed), family=family)
    hand, melds = random_position(seed, size, rules)
    listed = steps(hand, melds, rules, by_count=True)
    plain = sorted(listed, key=lambda s: (s.kind is MeldKind.BLACK_THREES, s.rank.order))
    assert sorted(listed, key=lambda s: s.order) == plain
    assert [s.order for s in plain] == sorted(s.order for s in listed)


@pytest.mark.parametrize("family", canasta.rule_set_names())
@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_remembered_steps_are_those_made_afresh(family: str, seed: int) -> None:
    """The step lists' tables (rank groups, melds of wild cards and of black threes) hand
    out for a hand what a list made with every table emptied gives, after other hands of the
    same rule set filled them."""
    rules = random_rules(random.Random(seed), family=family)
    positions = [random_position(seed + n, 4 + 3 * n, rules) for n in range(4)]
    warm = [described(steps(hand, melds, rules, by_count=True)) for hand, melds in positions]
    for (hand, melds), listed in zip(positions, warm, strict=True):
        canasta.clear_caches()
        assert described(steps(hand, melds, rules, by_count=True)) == listed


@settings(max_examples=examples(200), deadline=None)
@given(
    twos=st.lists(st.integers(0, 3), min_size=4, max_size=4),
    jokers=st.integers(0, 4),
    low=st.integers(0, 12),
    high=st.integers(0, 12),
)
def test_wild_parts_of_a_range_are_every_wild_part_in_it(
    twos: list[int], jokers: int, low: int, high: int
) -> None:
    """A rank group takes the wild cards of each count of naturals from every choice of the
    wild cards held, those of its range kept (``steps._rank_group``): the choices of that
    range, in their order, as ``_wild_parts`` of the range gives them."""
    every = steps_module._wild_parts(bytes(twos), jokers, 0, steps_module.UNBOUNDED)
    kept = tuple(part for part in every if low <= part[2] <= high)
    assert steps_module._wild_parts(bytes(twos), jokers, low, high) == kept


def test_steps_spec_example() -> None:
    seq = Meld.of("7D 8D 9D JK", wild_as="10")
    listed = list(steps(Cards.parse("JD 6D 2C"), [seq], HOLLYWOOD))
    assert {str(s.result) for s in listed} == {
        "7D 8D 9D JK(10) JD",
        "6D 7D 8D 9D JK(10)",
        "6D 7D 8D 9D JK(10) JD",
    }
    grown = list(steps(Cards.parse("2C JD"), [Meld.of("7D 8D 9D")], HOLLYWOOD))
    assert {(str(s.result), s.wild_as) for s in grown} == {
        ("2C(6) 7D 8D 9D", Rank.SIX),
        ("7D 8D 9D 2C(10)", Rank.TEN),
        ("7D 8D 9D 2C(10) JD", Rank.TEN),
    }


def test_twos_of_other_suits_make_no_extra_steps() -> None:
    listed = list(steps(Cards.parse("KH KS KD 2C 2D 2H"), [], HOLLYWOOD))
    assert sorted(str(s.cards) for s in listed) == [
        "2C 2D 2H",
        "KD KH KS",
        "KD KH KS 2C",
        "KD KH KS 2C 2D",
    ]


# --- oracles ------------------------------------------------------------------------------


def out_oracle(
    hand: Cards, melds: tuple[Meld, ...], rules: RuleSet, owed: int, exempt: bool
) -> bool:
    total = hand.points

    @cache
    def search(hand_counts: bytes, key: tuple[object, ...], melds: tuple[Meld, ...]) -> bool:
        current = Cards(hand_counts)
        if len(current) <= 1:
            canastas = sum(m.is_canasta_under(rules) for m in melds)
            if canastas >= rules.canastas_to_go_out:
                discard = current.points
                melded = total - discard
                short = owed > 0 and melded < owed
                if not short or (exempt and (not current or rules.concealed_allows_discard)):
                    return True
        for step in steps(current, melds, rules):
            if step.target is None:
                after = (*melds, step.result)
            else:
                after = (*melds[: step.target], step.result, *melds[step.target + 1 :])
            if search((current - step.cards).counts, melds_key(after), after):
                return True
        for second in range(len(melds)):
            for first in range(second):
                joined = merged(melds[first], melds[second], rules)
                if isinstance(joined, Meld):
                    rest = tuple(m for i, m in enumerate(melds) if i not in (first, second))
                    after = (*rest, joined)
                    if search(hand_counts, melds_key(after), after):
                        return True
        return False

    return bool(hand) and search(hand.counts, melds_key(melds), melds)


def best_opening(hand: Cards, melds: tuple[Meld, ...], rules: RuleSet, keep: int) -> int | None:
    @cache
    def search(hand_counts: bytes, key: tuple[object, ...], melds: tuple[Meld, ...]) -> int:
        current = Cards(hand_counts)
        best = 0
        for step in steps(current, melds, rules):
            if step.result.is_black_threes or len(current) - step.size < keep:
                continue
            if step.target is None:
                after = (*melds, step.result)
            else:
                after = (*melds[: step.target], step.result, *melds[step.target + 1 :])
            rest = current - step.cards
            best = max(best, step.points + search(rest.counts, melds_key(after), after))
        return best

    if len(hand) < keep:
        return None
    return search(hand.counts, melds_key(melds), melds)


@pytest.mark.parametrize("name", sorted(RULES))
@settings(max_examples=examples(150), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(1, 9),
    canastas=st.integers(0, 2),
    owed=st.sampled_from([0, 0, 50, 90, 120]),
    exempt=st.booleans(),
    conceal_discard=st.booleans(),
)
def test_going_out_matches_oracle(
    name: str, seed: int, size: int, canastas: int, owed: int, exempt: bool, conceal_discard: bool
) -> None:
    rules = attrs.evolve(
        RULES[name], canastas_to_go_out=canastas, concealed_allows_discard=conceal_discard
    )
    hand, melds = random_position(seed, size, rules)
    expected = out_oracle(hand, melds, rules, owed, exempt)
    assert going_out_possible(hand, melds, rules, owed, exempt) == expected, (hand, melds)


def _without_sequences(rules: RuleSet) -> RuleSet:
    """``rules`` with no sequences, nor what needs them (the suited pair, the escalera going
    out asks)."""
    if not rules.sequences_allowed:
        return rules
    return attrs.evolve(
        rules,
        sequences_allowed=False,
        take_with_suited_pair=False,
        going_out_needs_natural_sequence=False,
    )


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 9), sequences=st.booleans())
def test_CL_MELD_5_naturals_stuck_only_where_no_going_out_is_found(
    seed: int, size: int, sequences: bool
) -> None:
    """The planner's quick refusal (:func:`naturals_stuck`) only where the oracle finds no way
    to go out, under rule sets of every family and player count with drawn house rules
    (without sequences, where the refusal is made, unless ``sequences`` keeps them)."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    if not sequences:
        rules = _without_sequences(rules)
    hand, melds = random_position(seed, size, rules)
    if naturals_stuck(hand, melds, rules):
        assert not rules.sequences_allowed
        assert not out_oracle(hand, melds, rules, 0, False), (hand, melds, rules)


@settings(max_examples=examples(300), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(0, 9),
    black=st.integers(0, 7),
    owed=st.sampled_from([0, 0, 50, 120]),
)
def test_CL_B3_3_naturals_stuck_counts_the_black_threes_no_meld_takes(
    seed: int, size: int, black: int, owed: int
) -> None:
    """The quick refusal counts black threes with the stuck naturals (CL-B3-3, HW-B3-3,
    SA-B3-2): where it refuses, the going-out search finds no way either, owed points or
    not, exempt, or concealed; hands given up to seven more black threes, under drawn rule
    sets of every family without sequences (the only ones it refuses in)."""
    rng = random.Random(seed)
    rules = _without_sequences(random_rules(rng))
    hand, melds = random_position(seed, size, rules)
    threes = [face for face in ALL_FACES if face.is_black_three]
    hand = hand + Cards.of([rng.choice(threes) for _ in range(black)])
    if naturals_stuck(hand, melds, rules):
        for exempt in (False, True):
            assert not going_out_possible(hand, melds, rules, owed, exempt), (hand, melds)
        assert not going_out_possible(hand, melds, rules, 0, True, concealed=True)
        if len(hand) <= 9:
            assert not out_oracle(hand, melds, rules, 0, False), (hand, melds, rules)


@settings(max_examples=examples(300), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(0, 9),
    canastas=st.integers(0, 3),
    canasta_size=st.integers(3, 8),
    owed=st.sampled_from([0, 0, 50, 120]),
    sequences=st.booleans(),
)
def test_CL_OUT_2_canastas_short_only_where_no_going_out_is_found(
    seed: int, size: int, canastas: int, canasta_size: int, owed: int, sequences: bool
) -> None:
    """The planner's quick refusal for want of canastas (:func:`canastas_short`) only where
    the going-out search finds no way, owed points or not, exempt, or concealed, and (small
    hands) the oracle finds none either; under drawn rule sets of every family and player
    count, needing up to three canastas of three to eight cards (small, so that the side's
    melds are often near one), without sequences unless ``sequences`` keeps them (then it
    never refuses)."""
    rng = random.Random(seed)
    drawn = random_rules(rng)
    rules = attrs.evolve(
        drawn,
        canastas_to_go_out=canastas,
        canasta_size=max(canasta_size, drawn.min_meld_size),
    )
    if not sequences:
        rules = _without_sequences(rules)
    hand, melds = random_position(seed, size, rules)
    if canastas_short(hand, melds, rules):
        assert not rules.sequences_allowed
        for exempt in (False, True):
            assert not going_out_possible(hand, melds, rules, owed, exempt), (hand, melds)
        assert not going_out_possible(hand, melds, rules, 0, True, concealed=True)
        if len(hand) <= 9:
            assert not out_oracle(hand, melds, rules, 0, False), (hand, melds, rules)


def test_CL_OUT_2_canastas_short_counts_each_rank_with_every_wild_card() -> None:
    """Classic: a hand of kings and a wild card onto a meld of five kings may make the canasta
    going out needs; six kings and no wild card may not, nor naturals of ranks too few."""
    rules = RuleSet.classic(players=4)
    kings = Meld.of("KH KS KD KC KH")
    assert not canastas_short(Cards.parse("KD 2C 5H"), (kings,), rules)
    assert canastas_short(Cards.parse("KD 5H"), (kings,), rules)
    assert canastas_short(Cards.parse("4C 4D 4H 5C 5D 2C JK"), (), rules)
    assert not canastas_short(Cards.parse("4C 4D 4H 4S 2C 2D JK"), (), rules)
    assert not canastas_short(Cards.parse("5H"), (Meld.of("QH QS QD QC QH QS QD"),), rules)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(0, 9), canastas=st.integers(0, 2))
def test_CL_OUT_1_out_at_once_only_where_a_going_out_is_found(
    seed: int, size: int, canastas: int
) -> None:
    """The planner's quick yes (:func:`out_at_once`) only where the oracle finds a way to go
    out with no points owed, under rule sets of every family and player count with drawn
    house rules, needing ``canastas`` canastas (few, so that the side often has them)."""
    rng = random.Random(seed)
    rules = attrs.evolve(random_rules(rng), canastas_to_go_out=canastas)
    hand, melds = random_position(seed, size, rules)
    if out_at_once(hand, melds, rules):
        assert out_oracle(hand, melds, rules, 0, False), (hand, melds, rules)


@pytest.mark.parametrize("name", sorted(RULES))
@settings(max_examples=examples(150), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(0, 9),
    keep=st.integers(0, 3),
    owed=st.sampled_from([-10, 0, 15, 50, 90, 120, 150]),
)
def test_opening_matches_oracle(name: str, seed: int, size: int, keep: int, owed: int) -> None:
    rules = RULES[name]
    hand, melds = random_position(seed, size, rules)
    best = best_opening(hand, melds, rules, keep)
    expected = best is not None and best >= owed
    assert opening_reachable(hand, melds, rules, keep, owed) == expected, (hand, melds, best)


#: Hollywood with house rules that let one natural card start a meld (issue 26): nearly every
#: card then starts one, and the opening search sets aside the melds no card left can join.
ONE_NATURAL = attrs.evolve(
    HOLLYWOOD, wild_ratio="naturals_ge_wilds", min_naturals=1, upcard_cover_black_three=False
)


@settings(max_examples=examples(150), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(0, 9),
    keep=st.integers(0, 3),
    margin=st.sampled_from([-5, 0, 5]),
)
def test_opening_matches_oracle_when_one_natural_starts_a_meld(
    seed: int, size: int, keep: int, margin: int
) -> None:
    hand, melds = random_position(seed, size, ONE_NATURAL)
    best = best_opening(hand, melds, ONE_NATURAL, keep)
    # Owed near the best opening, so that the quick plans seldom answer and the search does.
    owed = max(1, (best or 0) + margin)
    expected = best is not None and best >= owed
    assert opening_reachable(hand, melds, ONE_NATURAL, keep, owed) == expected, (hand, melds)


@pytest.mark.planner_only(reason="counts the positions of the planner's opening search")
def test_cl_init_1_the_opening_search_sets_aside_the_melds_no_card_left_joins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where one natural card starts a meld, whether the opening minimum can be reached
    keeping cards (CL-INIT-1, CL-TURN-8) searched some 1.5 million positions at move 224 of
    the Hollywood game of tests/test_slow_positions26.py; setting aside the melds no card left
    can join, about 2,000."""
    searched = 0
    search = _OpeningSearch._search

    def counted(self: _OpeningSearch, *position: Any) -> bool:
        nonlocal searched
        searched += 1
        return search(self, *position)

    monkeypatch.setattr(_OpeningSearch, "_search", counted)
    canasta.clear_caches()
    text = (SLOW26 / "hollywood-2p-min-naturals-1-not-opened-224.json").read_text(encoding="utf-8")
    canasta.Game.from_json(text)
    assert 0 < searched < 20_000


# --- hand-written cases from the rules ------------------------------------------------------


def melds_of(*texts: str) -> tuple[Meld, ...]:
    result = []
    for text in texts:
        cards, _, wild_as = text.partition("@")
        result.append(Meld.of(cards, wild_as or None))
    return tuple(result)


@pytest.mark.parametrize(
    ("hand", "melds", "owed", "exempt", "expected"),
    [
        # HW-MELD-10: the ten of the sequence is a joker, the jack extends it to a canasta.
        ("JD QD", ("4D 5D 6D 7D 8D 9D JK@10", "KS KS KS KH KH KD KD"), 0, False, True),
        ("10D JD", ("4D 5D 6D 7D 8D 9D JK@10", "KS KS KS KH KH KD KD"), 0, False, True),
        ("10D QD 5S", ("4D 5D 6D 7D 8D 9D JK@10", "KS KS KS KH KH KD KD"), 0, False, False),
        # One canasta only: two are needed (HW-OUT-1).
        ("QS QS QS 5H", ("KS KS KS KH KH KD KD",), 0, False, False),
        # A meld of wild cards makes the second canasta; a black three is discarded.
        ("JK JK 2C 2D 2H 2S JK 3S", ("KS KS KS KH KH KD KD",), 0, False, True),
        # Black threes are melded with two wild cards (HW-B3-3).
        ("3S 3S 3C 2C JK", ("KS KS KS KH KH KD KD", "8H 8H 8H 8S 8S 8C 8C"), 0, False, True),
        ("3S 3C 2C JK", ("KS KS KS KH KH KD KD", "8H 8H 8H 8S 8S 8C 8C"), 0, False, False),
        # HW-MELD-6: three wilds cannot join a meld of one rank.
        ("2C 2C", ("KS KS KS KH KH 2D 2D", "8H 8H 8H 8S 8S 2C JK"), 0, False, False),
        ("2C", ("KS KS KS KH KH 2D", "8H 8H 8H 8S 8S 8C 8C"), 0, False, True),
    ],
)
def test_going_out_cases(
    hand: str, melds: tuple[str, ...], owed: int, exempt: bool, expected: bool
) -> None:
    laid = melds_of(*melds)
    cards = Cards.parse(hand)
    assert going_out_possible(cards, laid, HOLLYWOOD, owed, exempt) is expected
    assert out_oracle(cards, laid, HOLLYWOOD, owed, exempt) is expected


def test_going_out_needs_cards() -> None:
    assert not going_out_possible(
        Cards(), (), attrs.evolve(HOLLYWOOD, canastas_to_go_out=0), 0, False
    )


@pytest.mark.parametrize(
    ("hand", "keep", "owed", "expected"),
    [
        ("AH AS AD 4C", 1, 60, True),
        ("AH AS AD 4C", 1, 61, False),
        ("AH AS AD", 1, 1, False),
        ("7D 8D 9D JK KS", 1, 75, True),
        ("7D 8D 9D JK KS", 1, 76, False),
        ("JK JK 2C 4S", 1, 120, True),
        ("JK JK 2C 4S", 2, 100, False),
        ("3S 3C", 2, 1, False),
    ],
)
def test_opening_cases(hand: str, keep: int, owed: int, expected: bool) -> None:
    assert opening_reachable(Cards.parse(hand), (), HOLLYWOOD, keep, owed) is expected


def test_CL_OUT_1_out_at_once_plan_of_a_last_hand() -> None:
    """A worked case: the kings join the side's meld, which the joker makes a canasta."""
    rules = RuleSet()
    melds = (Meld.of("KH KS KD KC"), Meld.of("QH QS QD QC QH QS QD"))
    assert out_at_once(Cards.parse("KH JK 5S"), melds, rules)
    assert not out_at_once(Cards.parse("KH 5S 6S"), melds, rules)


def test_CL_MELD_2_out_at_once_completes_too_few_naturals_with_wild_cards() -> None:
    """Two sevens the side has no meld of make a new meld with a two (CL-MELD-2: two
    naturals at least, CL-MELD-5: three cards); one seven cannot (one natural)."""
    rules = RuleSet()
    melds = (Meld.of("QH QS QD QC QH QS QD"),)
    assert out_at_once(Cards.parse("7D 7H 2C 5S"), melds, rules)
    assert not out_at_once(Cards.parse("7D 2C 5S"), melds, rules)
    assert not out_at_once(Cards.parse("7D 7H 5S"), melds, rules)
