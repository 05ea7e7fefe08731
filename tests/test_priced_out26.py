"""Where the natural cards must go (issue 26): a rank with just enough cards for a new meld
whose cards cannot all go into sequences for want of wild cards
(``forced._State._priced_out``), held to the search without it.

A card of a rank with no meld on the table and too few cards for a new one goes into a
sequence (HW-MELD-5); where every such sequence needs a wild card of the hand, the cards
that owe one and may not share a sequence owe them together (``forced._State._apart``).
A card of another rank whose every sequence needs a wild card too, and can share none of
theirs (another suit, or too far), has none left where they take them all: its rank, with
just enough cards for a meld, melds them all. The Hollywood for three hand with
``ask_permission="mandatory"`` (``tests/data/slow26``): after ``meld 2D(8) 8D 9D 10D`` and
with the ace of diamonds the discard, the ten of spades owes the joker (no jack of
spades), so the nine of diamonds, which needs a wild card for the eight, has none; the
nines are a meld, the ten of clubs loses its ``8C 9C 10C`` and owes a wild card too: two
for one. Checked against the placing search on drawn positions built to meet the rule,
under Hollywood, Samba and Bolivia with drawn house rules, and on whole random hands.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES, natural_face
from search_helpers import (
    assert_the_same_going_out,
    drawn_rules,
    drawn_runs,
    naturals,
    placed,
    planner_walk,
)

import canasta
from canasta import Cards, RuleSet
from canasta._engine.search import forced
from canasta._engine.search.forced import forced_short
from canasta._engine.search.layout import Layout, RankGroup, encoded
from canasta._engine.tables import TOP, Tables, tables

FAMILIES = ("hollywood", "samba", "bolivia")
SLOW = Path(__file__).parent / "data" / "slow26"
ASK = "hollywood-3p-ask-mandatory-35-cards-after-black-threes.json"

#: A drawn position: rules, naturals, wild cards, the side's melds.
Case = tuple[RuleSet, bytes, int, Layout]


@st.composite
def _priced_positions(draw: st.DrawFn) -> Case:
    """A rule set of a family with sequences (house rules drawn), and a hand built to meet
    the rule: a lone card of one suit two below a pair of its suit (a gap that takes a wild
    card); a rank of just enough cards for a new meld, one of them two above a pair of its
    suit, whose ranks have melds on the table (so that the pair is not bound for sequences
    itself); maybe a lone card just above the rank, in a sequence with the rank's card of
    its suit for free or with a wild card without it; a few cards more of ranks with
    melds, sequences on the table, and up to two wild cards, most often one."""
    rules = drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32)))
    wilds = draw(st.sampled_from((1, 1, 0, 2)))
    low = draw(st.integers(0, TOP - 7))
    nat = bytearray(NATURAL_FACES.stop)
    lone, suit = draw(st.integers(low, low + 4)), draw(st.integers(0, 3))
    for position in (lone, lone + 2, lone + 3):
        nat[natural_face(position, suit)] += 1
    rank = draw(st.integers(low + 3, low + 7).filter(lambda p: p != lone))
    other = draw(st.integers(0, 3))
    for position in (rank - 3, rank - 2, rank):
        nat[natural_face(position, other)] += 1
    suits = [
        draw(st.integers(0, 3)) for _ in range(min(forced.fewest(wilds, tables(rules)), 5) - 1)
    ]
    laid = {rank - 3, rank - 2, *draw(st.sets(st.integers(low, low + 7), max_size=3))}
    if suits and rank + 4 <= TOP and draw(st.booleans()):
        for position in (rank + 1, rank + 2, rank + 4):
            nat[natural_face(position, suits[0])] += 1
        laid |= {rank + 2, rank + 4}
    for rank_suit in suits:
        nat[natural_face(rank, rank_suit)] += 1
    laid_ranks = [position for position in sorted(laid) if position not in (lone, rank)]
    groups = tuple(
        RankGroup(position, draw(st.integers(3, 5)), draw(st.integers(0, 1)), False, False)
        for position in laid_ranks
    )
    if laid_ranks:  # more cards, of ranks with a meld to join
        noise = st.tuples(st.sampled_from(laid_ranks), st.integers(0, 3))
        for position, noise_suit in draw(st.lists(noise, max_size=4)):
            nat[natural_face(position, noise_suit)] += 1
    runs = draw(
        st.lists(
            drawn_runs(
                st.integers(0, 3),
                st.integers(max(0, low - 3), min(TOP, low + 8)),
                st.integers(3, 5),
                st.integers(0, 1),
            ),
            max_size=2,
        )
    )
    return rules, bytes(nat), wilds, Layout(groups, tuple(sorted(runs)))


def _refuted(
    nat: bytes, layout: Layout, wilds: int, held: frozenset[int], t: Tables
) -> tuple[bool, bool]:
    """``forced_short``'s answer with the caches emptied, and whether the rule priced a
    card out on the way."""
    fired = []
    with pytest.MonkeyPatch.context() as patch:
        priced_out = forced._State._priced_out

        def spy(state: forced._State, face: int, cover: forced._Cover) -> bool:
            answer = priced_out(state, face, cover)
            fired.append(answer)
            return answer

        patch.setattr(forced._State, "_priced_out", spy)
        canasta.clear_caches()
        refuted = forced_short(nat, layout, wilds, held, t)
    return refuted, any(fired)


def _ask_hand() -> Case:
    """The Hollywood for three hand after ``add #6 2D wild=J``: its naturals, one wild
    card, and the side's melds with ``8D 9D 10D 2D(J)``."""
    deal = canasta.Game.from_json((SLOW / ASK).read_text()).deal
    t = tables(deal.rules)
    layout, _ = encoded(deal.melds[deal.side], t)
    eights = (1, 4, 6)  # 8D 9D 10D: diamonds, the eight to the ten
    runs = tuple(
        run._replace(high=7, wilds=1) if run[:3] == eights else run for run in layout.runs
    )
    nat = (deal.hand - Cards.parse("2D JK")).counts[: NATURAL_FACES.stop]
    return deal.rules, nat, 1, layout._replace(runs=tuple(sorted(runs)))


def _without(case: Case, text: str) -> Case:
    rules, nat, wilds, layout = case
    less = bytearray(nat)
    for face, count in enumerate(naturals(text)):
        less[face] -= count
    return rules, bytes(less), wilds, layout


#: The two saved Hollywood hands the rule was made for: their natural cards and the side's
#: melds.
SAVED = (ASK, "hollywood-2p-39-cards-after-black-threes.json")


@functools.cache
def _saved_naturals(name: str) -> tuple[RuleSet, tuple[str, ...], Layout]:
    deal = canasta.Game.from_json((SLOW / name).read_text()).deal
    layout, _ = encoded(deal.melds[deal.side], tables(deal.rules))
    cards = tuple(str(card) for card in deal.hand if not card.is_wild and card.rank.value != "3")
    return deal.rules, cards, layout


def _saved_case(name: str, wilds: int) -> Case:
    """The natural cards of a saved hand (black threes left out) with ``wilds`` wild cards,
    onto the side's melds."""
    rules, cards, layout = _saved_naturals(name)
    return rules, naturals(" ".join(cards)), wilds, layout


@settings(max_examples=500, deadline=None)
@given(_priced_positions(), st.booleans())
@example(_without(_ask_hand(), "AD"), False)  # the module introduction's hand
@example(_saved_case(SAVED[1], 1), False)  # the 39-card hand, its black three the discard
def test_HW_MELD_6_a_rank_priced_out_of_sequences_never_refutes_a_way_the_search_finds(
    case: Case, spare: bool
) -> None:
    rules, nat, wilds, layout = case
    t = tables(rules)
    held = frozenset(face for face, count in enumerate(nat) if count) if spare else frozenset()
    refuted, fired = _refuted(nat, layout, wilds, held, t)
    event(f"priced out {fired}, refuted {refuted}")
    if refuted:
        assert not placed(rules, nat, wilds, layout, spare), case


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAVED), st.data(), st.integers(0, 2), st.booleans())
def test_HW_MELD_6_the_saved_hands_less_a_few_cards_are_refuted_only_where_no_way_is_found(
    name: str, data: st.DataObject, wilds: int, spare: bool
) -> None:
    """The natural cards of the two saved hands but up to eight, with up to two wild cards
    and a discard or none, onto the side's melds: where the rule takes part in a
    refutation (about one hand in fifteen), the placing search finds no way either."""
    rules, cards, layout = _saved_naturals(name)
    dropped = data.draw(st.sets(st.integers(0, len(cards) - 1), max_size=8))
    kept = [card for index, card in enumerate(cards) if index not in dropped]
    nat = naturals(" ".join(kept))
    held = frozenset(face for face, count in enumerate(nat) if count) if spare else frozenset()
    refuted, fired = _refuted(nat, layout, wilds, held, tables(rules))
    event(f"priced out {fired}, refuted {refuted}")
    if refuted and fired:  # the others are forced_short's own (test_forced_naturals26)
        assert not placed(rules, nat, wilds, layout, spare), (name, kept, wilds)


def test_HW_MELD_6_the_nines_of_the_ask_mandatory_hand_are_priced_out_of_sequences() -> None:
    """The Hollywood for three hand (module introduction), its ace of diamonds the discard:
    refuted with the rule, not without it; the search agrees. With the ten of clubs or the
    nine of diamonds gone, or a wild card more, it places every card."""
    case = _without(_ask_hand(), "AD")
    rules, nat, wilds, layout = case
    t = tables(rules)
    assert forced_short(nat, layout, wilds, frozenset(), t)
    assert not placed(rules, nat, wilds, layout, False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(forced._State, "_priced_out", lambda state, face, cover: False)
        canasta.clear_caches()
        assert not forced_short(nat, layout, wilds, frozenset(), t)
    canasta.clear_caches()
    for fewer in (_without(case, "10C"), _without(case, "9D")):
        assert not forced_short(fewer[1], layout, wilds, frozenset(), t)
        assert placed(rules, fewer[1], wilds, layout, False)
    assert placed(rules, nat, wilds + 1, layout, False)


@planner_walk
@settings(max_examples=12, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_6_the_rank_priced_out_never_changes_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the rule and
    without it."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, forced._State, "_priced_out", lambda *args: False)
