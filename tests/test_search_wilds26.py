"""The wild cards that natural cards of different melds compete for (issue 26): the bound
:func:`wilds_owed_short` against the search without it and against the reference solver.

A natural card that no meld can take without a wild card (no meld of its rank, too few of
it for a new one, no sequence of its suit in reach without a gap) needs a wild card of its
own, unless it can share a meld with another such card; the bound adds those needs up. It
must only ever refute where no plan melds the cards: checked against the placing search
itself, from positions with sequences on the table, under Hollywood, Samba and Bolivia with
drawn house rules; against the reference solver, which plays every step out, on small
hands of random games; and on whole hands of random games, with the bound and without it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES, Deal, melded, natural_face
from search_helpers import (
    assert_the_same_going_out,
    drawn_rank_groups,
    drawn_rules,
    drawn_runs,
    naturals,
    placed,
    planner_walk,
)

import canasta
from canasta import Cards, RuleSet, find_rules
from canasta._engine.search import bounds, going_out, reference
from canasta._engine.search.bounds import wilds_owed_short
from canasta._engine.search.layout import Layout, Run, encoded
from canasta._engine.search.suits import suit_costs
from canasta._engine.search.summary import Summary
from canasta._engine.steps import meld_steps
from canasta._engine.tables import TOP, tables

DATA = Path(__file__).parent / "data" / "slow26"
FAMILIES = ("hollywood", "samba", "bolivia")
#: Natural cards of a small hand, so that the reference's search stays quick.
MAX_HAND = 8


@st.composite
def _positions(
    draw: st.DrawFn, most_cards: int = 9, most_naturals: int = 5, suits: int = 4
) -> tuple[RuleSet, bytes, int, Layout]:
    """A rule set of a family with sequences, natural cards of neighbouring ranks (up to
    ``most_cards``, of the first ``suits`` suits), a few wild cards, and sequences (of those
    suits) and melds of one rank (up to ``most_naturals`` naturals each) on the table."""
    rules = drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32)))
    low = draw(st.integers(0, TOP - 5))
    cards = draw(
        st.lists(
            st.tuples(st.integers(low, low + 5), st.integers(0, suits - 1)),
            min_size=1,
            max_size=most_cards,
        )
    )
    nat = bytearray(NATURAL_FACES.stop)
    for position, suit in cards:
        nat[natural_face(position, suit)] += 1
    runs = draw(
        st.lists(
            drawn_runs(
                st.integers(0, suits - 1),
                st.integers(max(0, low - 3), min(TOP, low + 6)),
                st.integers(3, 6),
                st.integers(0, 1),
            ),
            max_size=3,
        )
    )
    ranks = draw(
        st.lists(
            drawn_rank_groups(
                st.integers(low, low + 5), st.integers(2, most_naturals), st.integers(0, 2)
            ),
            max_size=2,
        )
    )
    layout = Layout(tuple(sorted(ranks)), tuple(sorted(runs)))
    return rules, bytes(nat), draw(st.integers(0, 3)), layout


@settings(max_examples=500, deadline=None)
@given(_positions())
@example(  # the eight and the nines of hand-size-2 each need the one wild card
    (
        find_rules("hollywood"),
        naturals("4H 5H 6H 7H 7C 8C 9H 9H JH QH KH AH"),
        1,
        Layout(runs=(Run(0, 7, 10, 0),)),
    )
)
def test_HW_MELD_6_the_wild_cards_owed_never_refute_a_way_the_search_finds(
    case: tuple[RuleSet, bytes, int, Layout],
) -> None:
    rules, nat, wilds, layout = case
    if wilds_owed_short(nat, layout, wilds, tables(rules)):
        assert not placed(rules, nat, wilds, layout), case


def test_HW_MELD_6_three_naturals_a_sequence_each_cannot_share_one_wild_card() -> None:
    """The eight of clubs needs a wild card in a sequence of clubs (its neighbours are the
    seven alone and the ten, below the open jack to ace); each nine of hearts one in a
    sequence of hearts (no eight or ten of hearts), and two nines are no meld of nines in
    Hollywood (three naturals, HW-MELD-5): three wild cards, less the discard's, two."""
    rules = find_rules("hollywood")
    t = tables(rules)
    nat = naturals("4H 5H 6H 7H 7C 8C 10C 9H 9H JH QH KH AH")
    layout = Layout(runs=(Run(0, 7, 10, 0),))
    assert wilds_owed_short(nat, layout, 1, t) == 1
    assert not placed(rules, nat, 1, layout)
    assert wilds_owed_short(nat, layout, 2, t) == 0
    assert placed(rules, nat, 2, layout)


@settings(max_examples=500, deadline=None)
@given(_positions(most_cards=12, suits=2))
def test_HW_MRG_2_the_sequences_a_natural_may_join_with_no_wild_card_are_not_overcounted(
    case: tuple[RuleSet, bytes, int, Layout],
) -> None:
    """Copies of a card, and cards whose rank an open sequence of their suit holds already,
    crowded into two suits: a sequence holds one card a rank, so such a card goes into a
    sequence with no wild card of the hand only beside a natural of its suit or the end of
    another open sequence of it (``bounds.sequence_homes``). The bound must still refute
    only where the search finds no way."""
    rules, nat, wilds, layout = case
    short = wilds_owed_short(nat, layout, wilds, tables(rules))
    event(f"short {short > 0}")
    if short:
        assert not placed(rules, nat, wilds, layout), case


@pytest.mark.planner_only(
    reason="loads a saved slow position, whose moves the reference lists in minutes"
)
def test_HW_MRG_2_the_hollywood_for_six_hand_needs_three_wild_cards() -> None:
    """The Hollywood for six hand of tests/data/slow26 (``wild_ratio="naturals_ge_wilds"``)
    that has taken the pile: its melds of black threes oblige it to go out (CL-B3-3). The
    second six of spades, the nine of clubs, the ten and king of diamonds and the king of
    hearts each need a wild card: the tens of diamonds and hearts and the king of hearts
    lie within open sequences of their suits (8D-10D, 9H-KH), which cannot take them, and
    no natural of their suit beside them makes a sequence of three; the six of spades has
    one neighbour (the five) for two copies. The ten and king of diamonds may share one
    (10D JD, a wild card, KD), and so may the kings; four melds with a wild card each,
    less the discard's: three. With two left (a meld of black threes took the joker) the
    hand is refuted before any search (1,348 positions of it before); with three the
    search melds it."""
    game = canasta.Game.from_json(
        (DATA / "hollywood-6p-wild-ratio-33-cards-after-taking-the-pile.json").read_text()
    )
    deal = game.deal
    rules = deal.rules
    t = tables(rules)
    layout, _ = encoded(deal.melds[deal.side], t)
    nat = deal.hand.counts[: NATURAL_FACES.stop]
    assert wilds_owed_short(nat, layout, 2, t) == 1
    assert wilds_owed_short(nat, layout, 3, t) == 0
    assert not placed(rules, nat, 2, layout)
    assert placed(rules, nat, 3, layout)


# --- against the reference solver ---------------------------------------------------------


def _small_positions(rules: RuleSet, seed: int) -> Iterator[Deal]:
    """Meld-phase deals of a random game with the hand cut to :data:`MAX_HAND` cards and no
    pile card locked, and the deals one meld step away."""
    rng = random.Random(seed)
    game = canasta.Game.new(rules, seed=seed)
    number = game.deal_number
    while not game.is_over and game.deal_number == number:
        deal = game.deal
        if deal.phase is canasta.Phase.MELD and deal.hand and not deal.draft.locked:
            cards = list(deal.hand)
            kept = Cards.of(rng.sample(cards, min(len(cards), MAX_HAND)))
            hands = (*deal.hands[: deal.seat], kept, *deal.hands[deal.seat + 1 :])
            small = deal.replace(hands=hands)
            yield small
            steps = meld_steps(small.usable, small.melds[small.side], rules)
            for step in rng.sample(steps, min(3, len(steps))):
                after = melded(small, step.cards, step.target, step.result)
                if after.hand:
                    yield after
        moves = list(game.legal_moves())
        if not moves:
            return
        game = game.apply(rng.choice(moves))


def _owed_short(deal: Deal) -> int:
    t = tables(deal.rules)
    counts = deal.hand.counts
    wilds = sum(1 for card in deal.hand if card.is_wild)
    layout, _ = encoded(deal.melds[deal.side], t)
    return wilds_owed_short(counts[: NATURAL_FACES.stop], layout, wilds, t)


@pytest.mark.planner_only(reason="asks the bound of the planner's going-out search")
@settings(max_examples=12, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_6_the_wild_cards_owed_never_refute_a_going_out_the_reference_finds(
    family: str, seed: int
) -> None:
    """Small hands of random games under drawn house rules: where the bound refutes going
    out, the reference solver, which plays every step out, finds no going out either."""
    rules = drawn_rules(family, seed)
    for deal in _small_positions(rules, seed):
        if _owed_short(deal):
            assert not reference.can_go_out(deal, permitted=True), (rules, seed, deal)


# --- whole hands ----------------------------------------------------------------------------


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_6_the_wild_cards_owed_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the bound and
    without it."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, going_out, "wilds_owed_short", lambda *args: 0)


# --- the canastas at hand -------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(_positions(most_cards=24, most_naturals=8), st.integers(0, 2), st.integers(0, 3))
def test_CL_CAN_1_the_quick_count_of_free_canastas_never_changes_the_canasta_cut(
    case: tuple[RuleSet, bytes, int, Layout], done: int, need: int
) -> None:
    """:func:`canastas_out_of_reach` answers at once where the ranks whose canasta costs no
    wild card are enough: it must answer as its whole count does."""
    rules, nat, wilds, layout = case
    t = tables(rules)
    summary = Summary(done=done, need=need)
    needed = rules.canastas_to_go_out
    quick = bounds.canastas_out_of_reach(nat, wilds, layout, summary, needed, t)
    kept = bounds.free_rank_canastas
    bounds.free_rank_canastas = lambda *args: 0
    try:
        whole = bounds.canastas_out_of_reach(nat, wilds, layout, summary, needed, t)
    finally:
        bounds.free_rank_canastas = kept
    event(f"free {bounds.free_rank_canastas(nat, layout, t) >= needed - done}, out {whole}")
    assert quick == whole, case


def _every_family_first(
    nat: bytes, wilds: int, layout: Layout, summary: Summary, needed: int, rules: RuleSet
) -> bool:
    """:func:`canastas_out_of_reach` as it was, every family's costs counted, the
    sequences' too, before the cheapest are added up."""
    t = tables(rules)
    missing = needed - summary.done
    if missing <= 0 or bounds.free_rank_canastas(nat, layout, t) >= missing:
        return False
    families = list(bounds._family_costs(nat, layout, missing, t))
    if t.sequences and t.longest_sequence >= t.canasta_size:
        families += suit_costs(nat, wilds, layout, missing, t)
    costs = list(summary.shorts)
    free = 0
    for family in families:
        free += family.count(0)
        if free >= missing:
            return False
        costs += family
    if len(costs) < missing:
        return True
    return sum(sorted(costs)[:missing]) > wilds - summary.need


@settings(max_examples=400, deadline=None)
@given(
    _positions(most_cards=24, most_naturals=8),
    st.integers(0, 2),
    st.integers(0, 3),
    st.lists(st.integers(1, 4), max_size=2),
)
def test_CL_CAN_1_the_sequences_counted_last_never_change_the_canasta_cut(
    case: tuple[RuleSet, bytes, int, Layout], done: int, need: int, shorts: list[int]
) -> None:
    """:func:`canastas_out_of_reach` counts the sequences' canastas only where the other
    families' cheapest do not fit in the wild cards left (adding more sources only makes
    the cheapest cheaper): it must answer as counting them all first does."""
    rules, nat, wilds, layout = case
    t = tables(rules)
    summary = Summary(done=done, need=need, shorts=tuple(sorted(shorts)))
    needed = rules.canastas_to_go_out
    answer = bounds.canastas_out_of_reach(nat, wilds, layout, summary, needed, t)
    event(f"out {answer}")
    assert answer == _every_family_first(nat, wilds, layout, summary, needed, rules), case
