"""One natural card in one canasta: the canastas that take no wild card of the hand counted
against the hand's naturals (HW-MELD-12, HW-MRG-1, CL-OUT-1; the argument in
:mod:`canasta._engine.search.shared`).

Each suit has two sequences on the table with a gap of one to three ranks between and the
gap's cards in hand (the late-merge family), sometimes with more of those ranks in hand or
a meld of them on the table, melds of kings, wild cards, a card outside the gaps, under
Hollywood, Samba and Bolivia with ``canastas_to_go_out`` about the canastas the suits make.
The bound of the search counted the sevens for their suits' sequences and for a meld of
sevens alike, so that a hand one canasta or two short searched every placing of them (ten
suits with a gap of two: 15 s in Hollywood; eight with a gap of three: 24 s). The planner
is held here to the reference solver, which plays every step and merge in order, and the
family of ten suits is refused within a bound of CPU time.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples
from search_helpers import KINGS, assert_as_the_reference, family_answer
from search_helpers import gap_family as _family

import canasta

RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
Position = tuple[canasta.RuleSet, list[str], list[str]]


@st.composite
def _positions(draw: st.DrawFn) -> Position:
    """A rule set, the side's melds and the hand (see the module)."""
    gap = draw(st.integers(1, 3))
    suits = draw(st.integers(1, 4 - gap))  # the reference takes seconds on more cards
    melds, hand = _family(suits, gap)
    if draw(st.booleans()):
        melds = melds[:2] + melds  # the first suit's sequences twice, its gap cards once
    if draw(st.booleans()):  # more sevens (or eights) in hand, or a meld of them
        rank = RANKS[3 + draw(st.integers(0, gap - 1))]
        more = [rank + suit for suit in draw(st.lists(st.sampled_from(SUITS), max_size=3))]
        if len(more) >= 3 and draw(st.booleans()):
            melds.append(" ".join(more))
        else:
            hand += more
    hand += draw(st.lists(st.sampled_from(["2C", "2H", "JK"]), max_size=2))
    if draw(st.booleans()):
        melds += KINGS
    if draw(st.integers(0, 3)) == 0:
        hand.append(draw(st.sampled_from(["QD", "AS", "KD"])))  # outside every gap
    rules = attrs.evolve(
        canasta.find_rules(draw(st.sampled_from(["hollywood", "samba", "bolivia"])), 2),
        canastas_to_go_out=max(0, suits + draw(st.integers(-1, 2))),
    )
    return rules, melds, hand


def _hollywood(canastas: int) -> canasta.RuleSet:
    return attrs.evolve(canasta.find_rules("hollywood", 2), canastas_to_go_out=canastas)


@settings(max_examples=examples(200), deadline=None)
@example(  # yes: each suit's gap cards join its sequences, two canastas
    position=(_hollywood(2), _family(2, 2)[0], [*_family(2, 2)[1], "2C"])
)
@example(  # yes: the suits' two canastas and the kings' with the two, the seven discarded
    position=(_hollywood(3), _family(2, 2)[0] + KINGS, [*_family(2, 2)[1], "7S", "2C"])
)
@example(  # no: three canastas at most, the kings' taking the two of clubs
    position=(_hollywood(4), _family(2, 2)[0] + KINGS, [*_family(2, 2)[1], "2C"])
)
@example(  # no: the sevens make the meld of sevens a canasta or the suits' two, not both
    position=(
        _hollywood(3),
        [*_family(2, 1)[0], "7D 7C 7C"],
        [*_family(2, 1)[1], "7D", "7D", "2C"],
    )
)
@example(  # no: a gap of three, four canastas at most
    position=(_hollywood(5), _family(3, 3)[0] + KINGS, [*_family(3, 3)[1], "2C"])
)
@given(position=_positions())
def test_hw_meld_12_one_natural_card_in_one_canasta_answered_as_the_reference(
    position: Position,
) -> None:
    """The planner answers as the reference solver, asked or not."""
    assert_as_the_reference(*position)


@pytest.mark.planner_only(reason="times the planner: the reference takes minutes here")
@pytest.mark.parametrize(("name", "gap", "suits"), [("hollywood", 2, 10), ("hollywood", 3, 8)])
def test_hw_meld_12_the_family_one_canasta_short_refused_at_once(
    name: str, gap: int, suits: int
) -> None:
    """The family with the two of clubs and two melds of kings, needing two canastas more
    than the suits make (the kings' one canasta more): refused within a bound of CPU time
    (about 2 ms; it took 15 s with ten suits and a gap of two, 24 s with eight and a gap of
    three, searching every placing of the sevens and eights)."""
    found, spent = family_answer(name, suits, gap, suits + 2)
    assert not found
    assert spent < 0.1, spent
