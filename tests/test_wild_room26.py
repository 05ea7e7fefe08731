"""Wild cards only sequences take (issue 26, bounded work): the going-out search's quick
refusal.

Where no meld of one rank may hold a wild card (``max_wilds_per_meld=0``, CL-MELD-3), there
are no melds of wild cards (HW-MELD-4) and a side holds one sequence of a suit at most
(HW-MELD-9), every wild card melded is in a sequence, each of which holds
``max_wilds_per_sequence`` at most (HW-MELD-6), or in the one meld of black threes: a hand
holding more, but for its discard, cannot go out, and the planner says so before any search
(:func:`~canasta._engine.search.bounds.wild_room`). These tests hold the bound to the same
search without it and to the reference solver, under drawn rule sets that most often are
such rules, and to the Classic for six position of tests/data/slow26 it was made for.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fuzz.options import rules_leaning
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import Deal
from play_helpers import meld_phases
from search_helpers import going_out_questions, going_out_with
from test_unmeldable_wilds26 import going_out_answers, with_hand

import canasta
from canasta import Cards
from canasta._engine.search import going_out, planner, reference, sweep
from canasta._engine.search.bounds import wild_room
from canasta._engine.search.layout import encoded
from canasta._engine.tables import UNBOUNDED, tables

#: The fields under which only sequences take wild cards, one sequence a suit.
SEQUENCES_ONLY = {
    "sequences_allowed": True,
    "max_wilds_per_meld": 0,
    "wild_melds_allowed": False,
    "several_melds_per_rank": False,
    "wild_top_card": "stop",
}

POSITION = (
    Path(__file__).parent
    / "data/slow26/classic-6p-sequences-no-wild-cards-48-cards-after-taking-the-pile.json"
)


def searched(deal: Deal, bound: bool) -> bool:
    """The going-out search's answer for the player to act, with the bound or without it
    (and none of the positions a search remembers)."""
    stub = None if bound else (lambda layout, t: UNBOUNDED)
    return going_out_with(deal, going_out, "wild_room", stub)


def wild_hands(deal: Deal, rng: random.Random) -> list[Deal]:
    """The deal with the hand cut to at most five natural cards (the pile cards still
    locked kept), with one to four wild cards more: hands the reference solver answers
    quickly, with more wild cards than the sequences may hold."""
    locked = deal.draft.locked
    rest = [card for card in deal.hand - locked if not card.is_wild]
    kept = Cards.of(rng.sample(rest, min(len(rest), max(0, 5 - len(locked))))) + locked
    wilds = ("JK", "JK 2C", "JK 2C 2D", "JK 2C 2D 2H")
    return [with_hand(deal, kept + Cards.parse(more)) for more in wilds]


@pytest.mark.planner_only(
    reason="its random games' legal_moves() on the reference can take minutes where hands grow"
)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_HW_MELD_6_going_out_with_more_wild_cards_than_sequences_hold_as_the_reference_finds(
    seed: int,
) -> None:
    """Random games under drawn rule sets where (most often) only sequences take wild
    cards, each meld phase with the hand cut small and wild cards added: the planner, which
    refuses going out where the wild cards outnumber the room the sequences may give them,
    answers as the reference solver, which plays every step out by the rules of melds."""
    rng = random.Random(seed)
    for deal in meld_phases(rules_leaning(seed, SEQUENCES_ONLY), seed):
        for small in wild_hands(deal, rng):
            assert going_out_answers(planner, small) == going_out_answers(reference, small), (
                seed,
                small,
            )


@pytest.mark.planner_only(
    reason="its random games' legal_moves() on the reference can take minutes where hands grow"
)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_wild_room_bound_never_changes_a_going_out_answer(seed: int) -> None:
    """Hands of random games (up to 30 cards, which the search without the bound answers
    quickly enough, and the same with wild cards added) under drawn rule sets where most
    often only sequences take wild cards, each asked with the bound and without it."""
    for deal in meld_phases(rules_leaning(seed, SEQUENCES_ONLY), seed):
        if len(deal.hand) > 26:
            continue
        for more in ("", "JK 2C", "JK 2C 2D 2H"):
            hand = with_hand(deal, deal.hand + Cards.parse(more))
            assert searched(hand, bound=True) == searched(hand, bound=False), (seed, hand)


def test_HW_MELD_9_the_classic_for_six_hand_is_refused_before_any_search() -> None:
    """The position of tests/data/slow26: three wild cards and a black three to discard,
    the side's hearts and clubs sequences holding a wild card each, two suits left for a new
    sequence (one a suit, HW-MELD-9) of one wild card each (HW-MELD-6), and no meld of one
    rank may hold one: the one going-out question is refused with no position searched
    (3,974 without the bound)."""
    questions = going_out_questions(POSITION.read_text())
    assert [found for *_, found in questions] == [False]
    hand, melds, rules, owed, exempt, _ = questions[0]
    assert wild_room(encoded(melds, tables(rules))[0], tables(rules)) == 2
    canasta.clear_caches()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sweep.Sweep, "out", None)  # any search fails the test
        assert not going_out.going_out_possible(hand, melds, rules, owed, exempt)
