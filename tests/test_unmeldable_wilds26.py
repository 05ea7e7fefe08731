"""Wild cards no meld takes (issue 26, bounded work): the going-out search's quick refusal.

Where the rules let no meld hold a wild card (Samba played with ``max_wilds_per_meld=0``:
its sequences and black threes take none and it has no melds of wild cards, SA-MELD-1,
SA-MELD-3, SA-B3-2), a wild card held can only be the last discard, so a hand holding two
cannot go out, and one holding one goes out only discarding it. The planner says so before
any search (:func:`~canasta._engine.search.bounds.wild_cards_meldable`). These tests hold the
bound to what it stands for: to the rules of melds (no meld with a wild card is allowed
where it says none is), to the same search without it, and to the reference solver.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from fuzz.options import rules_leaning
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import Deal, added, new_meld
from play_helpers import meld_phases
from search_helpers import going_out_with

import canasta
from canasta import NATURAL_RANKS, Cards, Game, Meld, RuleSet
from canasta._engine.search import going_out, planner, reference
from canasta._engine.search.bounds import wild_cards_meldable
from canasta._engine.tables import tables
from canasta.errors import Violation

#: The fields that let a meld hold a wild card, and the values that let none do so (a wild
#: top card a stop card first: taking it with a wild pair needs melds of wild cards).
NO_WILDS = {
    "max_wilds_per_meld": 0,
    "max_wilds_per_sequence": 0,
    "wild_top_card": "stop",
    "wild_melds_allowed": False,
    "black_three_meld_max_wilds": 0,
}


def _melds_with_a_wild_card(rules: RuleSet) -> Iterator[Meld | Violation]:
    """The melds a wild card would make: new melds of one rank (from one natural up to every
    one of the pack), sequences, melds of wild cards and of black threes, each with a wild
    card, and a wild card added to natural melds of each kind."""
    suits = "CDHS"
    for naturals in range(1, 4 * rules.decks + 1):
        kings = " ".join(f"K{suits[i % 4]}" for i in range(naturals))
        yield new_meld(Cards.parse(f"{kings} JK"), rules)
        made = new_meld(Cards.parse(kings), rules)
        if isinstance(made, Meld):
            yield added(made, Cards.parse("2C"), rules)
    for length in range(2, len(NATURAL_RANKS)):
        run = " ".join(f"{rank.text}H" for rank in NATURAL_RANKS[:length])
        next_rank = NATURAL_RANKS[length]
        yield new_meld(Cards.parse(f"{run} JK"), rules, next_rank)
        made = new_meld(Cards.parse(run), rules)
        if isinstance(made, Meld):
            yield added(made, Cards.parse("JK"), rules, next_rank)
    for wilds in range(2, 12):
        yield new_meld(Cards.parse(" ".join(["JK"] * wilds)), rules)
    for threes in range(3, 7):
        black = " ".join("3C" if i % 2 else "3S" for i in range(threes))
        yield new_meld(Cards.parse(f"{black} 2D"), rules)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_where_no_meld_takes_a_wild_card_the_rules_of_melds_refuse_every_one(seed: int) -> None:
    """The bound's premise against the rules of melds themselves (CL-MELD-3, CL-MELD-4,
    HW-MELD-4, HW-MELD-6, SA-MELD-3, HW-B3-3): under drawn rule sets, where
    :func:`wild_cards_meldable` says no meld holds a wild card, every new meld and addition
    with one is refused."""
    rules = rules_leaning(seed, NO_WILDS)
    if wild_cards_meldable(tables(rules)):
        return
    for made in _melds_with_a_wild_card(rules):
        assert isinstance(made, Violation), (rules, made)


def with_hand(deal: Deal, hand: Cards) -> Deal:
    """``deal`` with the player to act holding ``hand``."""
    hands = deal.hands
    return deal.replace(hands=(*hands[: deal.seat], hand, *hands[deal.seat + 1 :]))


def small_hands(deal: Deal, rng: random.Random) -> Iterator[Deal]:
    """The deal with the hand cut to at most six cards (the pile cards still locked kept),
    with no wild card, then with one and with two more than it holds: hands the reference
    solver answers quickly, with the wild cards the bound is about."""
    locked = deal.draft.locked
    rest = [card for card in deal.hand - locked if not card.is_wild]
    kept = Cards.of(rng.sample(rest, min(len(rest), max(0, 6 - len(locked))))) + locked
    for wilds in ("", "JK", "JK 2C"):
        hand = kept + Cards.parse(wilds)
        if hand:
            yield with_hand(deal, hand)


def going_out_answers(solver: object, deal: Deal) -> tuple[bool, bool]:
    return (
        solver.can_go_out(deal),  # type: ignore[attr-defined]
        solver.can_go_out(deal, permitted=True),  # type: ignore[attr-defined]
    )


@pytest.mark.planner_only(
    reason="its random games' legal_moves() on the reference, which counts no wild card "
    "that no meld takes, can take minutes where hands grow"
)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_SA_MELD_1_going_out_with_wild_cards_no_meld_takes_as_the_reference_finds(
    seed: int,
) -> None:
    """Random games under drawn rule sets where (most often) no meld takes a wild card, each
    meld phase with the hand cut small and wild cards added: the planner, which refuses
    going out where two wild cards can go nowhere, answers as the reference solver, which
    plays every step out by the rules of melds."""
    rng = random.Random(seed)
    for deal in meld_phases(rules_leaning(seed, NO_WILDS), seed):
        for small in small_hands(deal, rng):
            assert going_out_answers(planner, small) == going_out_answers(reference, small), (
                seed,
                small,
            )


def searched(deal: Deal, bound: bool) -> bool:
    """The going-out search's answer for the player to act, with the bound or without it
    (as if some meld took wild cards; and none of the positions a search remembers)."""
    stub = None if bound else (lambda t: True)
    return going_out_with(deal, going_out, "wild_cards_meldable", stub)


@pytest.mark.planner_only(
    reason="its random games' legal_moves() on the reference, which counts no wild card "
    "that no meld takes, can take minutes where hands grow"
)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_unmeldable_wild_cards_bound_never_changes_a_going_out_answer(seed: int) -> None:
    """Whole hands (of up to 30 cards, which the search without the bound answers quickly
    enough) of random games under drawn rule sets where most often no meld takes a wild
    card, each asked with the bound and without it."""
    for deal in meld_phases(rules_leaning(seed, NO_WILDS), seed):
        if len(deal.hand) <= 30:
            assert searched(deal, bound=True) == searched(deal, bound=False), (seed, deal)


def test_SA_MELD_1_a_wild_card_no_meld_takes_is_the_discard_that_goes_out() -> None:
    """Samba with ``max_wilds_per_meld=0``: with two canastas laid, a hand of fives and one
    wild card goes out melding the fives and discarding the two (SA-OUT-1, SA-OUT-3); with
    a second wild card it cannot, as no meld takes either (SA-MELD-1, SA-MELD-2 under
    CL-MELD-3's limit, SA-MELD-3), and the planner says so without a search."""
    rules = canasta.find_rules("samba", players=2).with_options(max_wilds_per_meld=0)
    assert not wild_cards_meldable(tables(rules))
    for draws, out in (("5S 5C", True), ("5S 2D", False)):
        game = Game.from_position(
            rules,
            hands=["5C 5D 5H 2C", "4C 4D 4H"],
            melds=[["KH KS KD KC KH KS KD", "QC QD QH QS QC QD QH"], []],
            pile="9S",
            draws=draws,
            melded_players=[0],
        ).apply(canasta.Draw())
        assert planner.can_go_out(game.deal) is out
        assert reference.can_go_out(game.deal) is out
