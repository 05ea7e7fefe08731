"""The wild cards the naturals owe and those the canastas cost, weighed together (issue 26):
the bound :func:`~canasta._engine.search.joint.wilds_for_canastas_short` and the cheapest
sequence canasta of a suit (:func:`~canasta._engine.search.suits.cheapest_canasta`), each
against the search without it.

A natural of a rank with no meld and too few cards for a new one goes into a sequence of its
suit (HW-MELD-5); where a gap lies beside it, the sequence holds a wild card of the hand.
Those wild cards lie in the suit's sequences, where the suit's canastas need theirs: a suit's
sequences hold the larger count, every other family's canastas their own. The Hollywood for
two hand of tests/data/slow26 (44 cards after taking the pile, black threes laid, so that
every meld step must go out, CL-B3-3) had its steps refused only after hundreds of positions
each: the eight of hearts, the queen of diamonds and the six of clubs each owe a wild card,
which the bounds counted before the search only. A sequence canasta, for its part, holds its
open sequences whole, which do not overlap, and no more wild cards than a sequence may,
theirs with them (HW-MELD-6, HW-MRG-2): the clubs 7 to 10 with a wild card and 10 to queen
make no canasta with no wild card more, though together they cover seven positions.

Each must only ever refute where no plan melds the cards with the canastas needed: checked
against the search without it, under Hollywood, Samba and Bolivia with drawn house rules, on
drawn positions (a discard allowed or not) and on whole hands of random games; and on the
saved position.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES, natural_face
from search_helpers import (
    assert_the_same_going_out,
    drawn_rules,
    drawn_table,
    naturals,
    planner_walk,
    sequence_wilds_laid,
)

import canasta
from canasta import Game, RuleSet, find_rules
from canasta._engine.search import suits, sweep
from canasta._engine.search.bounds import canastas_out_of_reach
from canasta._engine.search.joint import wilds_for_canastas_short
from canasta._engine.search.layout import Layout, Run, wild_meld_canastas
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import TOP, tables

FAMILIES = ("hollywood", "samba", "bolivia")
SLOW = Path(__file__).parent / "data" / "slow26"
HAND_49_44 = SLOW / "hollywood-2p-hand-size-49-44-cards-after-taking-the-pile.json"

#: A drawn position: rules, naturals, wild cards, open melds, canastas missing, discards.
Case = tuple[RuleSet, bytes, int, Layout, int, frozenset[int]]


@st.composite
def _positions(draw: st.DrawFn) -> Case:
    """A rule set of a family with sequences; natural cards over a stretch of ranks: runs of
    two suits, which sequences and canastas may take, and loose cards of every suit, few of
    a rank, which only sequences may take and which may owe wild cards; a few wild cards;
    sequences of those suits (with no more wild cards than a sequence may hold, as in play)
    and a meld of one rank on the table; the canastas still missing; and the faces one card
    of which may be the discard (none, or every face)."""
    rules = drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32)))
    low = draw(st.integers(0, TOP - 8))
    nat = bytearray(NATURAL_FACES.stop)
    for suit in (0, 1):
        start = draw(st.integers(low, low + 6))
        for position in range(start, draw(st.integers(start, low + 9))):
            nat[natural_face(position, suit)] += 1
    loose = st.tuples(st.integers(low, low + 8), st.integers(0, 3))
    for position, suit in draw(st.lists(loose, max_size=5)):
        face = natural_face(position, suit)
        nat[face] = min(2, nat[face] + 1)
    most = sequence_wilds_laid(rules)
    layout = draw(drawn_table(low, most))
    held = frozenset(face for face, count in enumerate(nat) if count)
    spare = held if draw(st.booleans()) else frozenset[int]()
    return rules, bytes(nat), draw(st.integers(0, 3)), layout, draw(st.integers(1, 2)), spare


def _out(case: Case) -> bool:
    """Whether the search without either bound melds every natural card (but one of a face
    of the case's discards, if any) and the wild cards onto the open melds and new ones with
    the canastas missing."""
    rules, nat, wilds, layout, missing, spare = case
    t = tables(rules)
    needed = rules.canastas_to_go_out
    made = Summary(done=max(0, needed - missing))
    search = Sweep(t, rules.going_out_needs_natural_sequence, wild_meld_canastas(rules))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sweep, "wilds_for_canastas_short", _never)
        patch.setattr(suits, "cheapest_canasta", _free)
        canasta.clear_caches()
        try:
            return search.out(nat, wilds, layout, made, 0, spare)
        finally:
            canasta.clear_caches()


def _never(*_: object) -> bool:
    """:func:`wilds_for_canastas_short` that never refutes."""
    return False


def _free(*_: object) -> int:
    """:func:`suits.cheapest_canasta` as the suits were counted before: a canasta of any
    suit whose cards reach one may cost no wild card more."""
    return 0


#: A position of the search after ``add #0 2C wild=K`` of the 44-card hand: two wild cards
#: left, a four discarded, the clubs 10 to king (the two for the king) on the table, two
#: canastas to make.
_AFTER_THE_KING = (
    find_rules("hollywood", players=2),
    naturals(
        "4D 4S 4S 5H 5H 5S 6C 6D 7C 7C 7D 7H 8D 8H 9C 9C 9C 9D 10C 10D 10H 10H 10S JH JH JH "
        "JS JS QD QH KC KC KH KS AC AC AC AD AS AS"
    ),
    2,
    Layout(runs=(Run(0, 6, 9, 1),)),
    2,
    frozenset[int](),
)


@settings(max_examples=800, deadline=None)
@given(_positions())
@example(_AFTER_THE_KING)
def test_HW_MELD_6_the_wild_cards_weighed_together_never_refute_a_way_the_search_finds(
    case: Case,
) -> None:
    rules, nat, wilds, layout, missing, spare = case
    t = tables(rules)
    needed = rules.canastas_to_go_out
    summary = Summary(done=max(0, needed - missing))
    spare = frozenset(face for face in spare if nat[face])
    refuted = wilds_for_canastas_short(nat, wilds, layout, summary, needed, spare, t)
    event(f"refuted {refuted}")
    if refuted:
        assert not _out(case), case


@settings(max_examples=800, deadline=None)
@given(_positions())
@example(  # the clubs 7 to 10 (a wild card for the 8) and 10 to queen, 6 and 9 in hand
    (
        find_rules("hollywood"),
        naturals("6C 9C 9C"),
        1,
        Layout(runs=(Run(0, 3, 6, 1), Run(0, 6, 8, 0))),
        1,
        frozenset(),
    )
)
def test_HW_MRG_2_the_cheapest_suit_canasta_never_refutes_a_way_the_search_finds(
    case: Case,
) -> None:
    rules, nat, wilds, layout, missing, _ = case
    t = tables(rules)
    needed = rules.canastas_to_go_out
    summary = Summary(done=max(0, needed - missing))
    refuted = canastas_out_of_reach(nat, wilds, layout, summary, needed, t)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(suits, "cheapest_canasta", _free)
        canasta.clear_caches()
        before = canastas_out_of_reach(nat, wilds, layout, summary, needed, t)
    canasta.clear_caches()
    event(f"refuted {refuted}, before {before}")
    if refuted and not before:
        assert not _out(case), case


def test_HW_MRG_2_overlapping_clubs_make_no_canasta_without_a_wild_card() -> None:
    """The clubs 7 to 10 (with a wild card) and 10 to queen cover seven positions with the 6
    in hand, but may not merge (the ten twice), and the first may take no wild card more:
    a clubs canasta costs a wild card, for the 9 to the ace with the 8, or none is made."""
    t = tables(find_rules("hollywood"))
    runs = ((3, 6, 1), (6, 8, 0))
    six_nine = 1 << 2 | 1 << 5
    assert suits.cheapest_canasta(six_nine, runs, 1, t) is None
    king_ace = six_nine | 1 << 9 | 1 << 10
    assert suits.cheapest_canasta(king_ace, runs, 1, t) == 1
    assert suits.cheapest_canasta(king_ace, runs, 0, t) is None


def test_HW_MELD_6_three_suits_owe_a_wild_card_each_with_two_held() -> None:
    """That position: the eight of hearts (no nine), the queen of diamonds (no jack) and
    the six of clubs (no five or eight, and the clubs on the table hold their wild card),
    each one of two of its rank where a meld needs three naturals, go into sequences of
    their suits, each with a wild card of the hand: three, where two are held. The bounds
    before counted such wild cards before the search only, where a card could still be the
    discard; the search finds no way either."""
    rules, nat, wilds, layout, missing, spare = _AFTER_THE_KING
    t = tables(rules)
    summary = Summary(done=rules.canastas_to_go_out - missing)
    assert not canastas_out_of_reach(nat, wilds, layout, summary, 2, t)
    assert wilds_for_canastas_short(nat, wilds, layout, summary, 2, spare, t)
    assert not _out(_AFTER_THE_KING)


# --- whole hands ----------------------------------------------------------------------------


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_6_the_wild_cards_weighed_together_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the bound and
    without it."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, sweep, "wilds_for_canastas_short", _never)


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MRG_2_the_cheapest_suit_canasta_never_changes_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the bound and
    without it."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, suits, "cheapest_canasta", _free)


@pytest.mark.planner_only(
    reason="loads a saved slow position, whose moves the reference lists in minutes"
)
def test_CL_B3_3_the_hollywood_for_two_hand_lists_the_same_moves_without_the_bounds() -> None:
    """The 44-card hand of tests/data/slow26, every meld step a going-out search: the same
    66 moves with both bounds and without either."""
    text = HAND_49_44.read_text()
    canasta.clear_caches()
    listed = list(Game.from_json(text).legal_moves())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sweep, "wilds_for_canastas_short", _never)
        patch.setattr(suits, "cheapest_canasta", _free)
        canasta.clear_caches()
        plain = list(Game.from_json(text).legal_moves())
    canasta.clear_caches()
    assert len(listed) == 66
    assert listed == plain
