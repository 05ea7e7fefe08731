"""Gap cards with a wild card in hand: the going out found at once (CL-OUT-2, HW-MRG-1).

Each suit has two sequences on the table with a rank or two between and the cards between
in hand, with one wild card or two, sometimes black threes, sometimes melds of kings that
merge, under Hollywood, Samba and Bolivia with ``canastas_to_go_out`` drawn. The count of
:func:`~canasta._engine.search.merge_last.last_card_short` does not apply (a wild card may
be the last step), so the search places every gap card; where the answer is yes it used to
try each pooling of them first, every leaf refuted by the canastas (seconds with ten
suits). Its leaves are now asked the bound of its other positions, and it tries the cards
onto sequences before the pool: the planner is held here to the reference solver, which
plays every step and merge in order, and the family of ten suits is listed within a bound
of CPU time.
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

Position = tuple[canasta.RuleSet, list[str], list[str]]


@st.composite
def _positions(draw: st.DrawFn) -> Position:
    """A rule set, the side's melds and the hand (see the module)."""
    rules = attrs.evolve(
        canasta.find_rules(draw(st.sampled_from(["hollywood", "samba", "bolivia"])), 2),
        canastas_to_go_out=draw(st.integers(0, 4)),
    )
    melds, hand = _family(draw(st.integers(1, 3)), draw(st.sampled_from([1, 1, 2])))
    if draw(st.booleans()):
        melds = melds[:2] + melds  # the first suit's sequences twice, its gap cards once
    hand += draw(st.lists(st.sampled_from(["2C", "2H", "JK"]), min_size=1, max_size=2))
    if draw(st.integers(0, 3)) == 0:
        hand += ["3S", "3C", "3S"]
    if draw(st.booleans()):
        melds += KINGS
    if draw(st.integers(0, 3)) == 0:
        hand.append("QD")  # a card outside every gap
    return rules, melds, hand


_HOLLYWOOD_2 = attrs.evolve(canasta.find_rules("hollywood", 2), canastas_to_go_out=3)


@settings(max_examples=examples(200), deadline=None)
@example(  # the sevens onto the sequences, the two of clubs last onto the merged kings
    position=(_HOLLYWOOD_2, _family(2)[0] + KINGS, [*_family(2)[1], "2C"])
)
@example(  # the same with black threes, which may be laid last
    position=(_HOLLYWOOD_2, _family(2)[0] + KINGS, [*_family(2)[1], "2C", "3S", "3C", "3S"])
)
@example(  # two wild cards, no kings: a suit bridged by one, a seven pooled with none
    position=(
        attrs.evolve(_HOLLYWOOD_2, canastas_to_go_out=2),
        _family(2)[0],
        [*_family(2)[1], "2C", "JK"],
    )
)
@given(position=_positions())
def test_hw_mrg_1_gap_cards_with_a_wild_card_answered_as_the_reference(
    position: Position,
) -> None:
    """The planner answers as the reference solver, asked or not."""
    assert_as_the_reference(*position)


@pytest.mark.planner_only(reason="times the planner: the reference takes minutes here")
@pytest.mark.parametrize(
    ("name", "gap"), [("hollywood", 1), ("samba", 1), ("bolivia", 1), ("hollywood", 2)]
)
def test_ten_suits_of_gap_cards_with_a_wild_card_go_out_at_once(name: str, gap: int) -> None:
    """Ten suits of gap cards (three decks), the two of clubs and two melds of kings: the
    sevens (and eights, a gap of two) onto the sequences, the two last onto the kings
    merged, found within a bound of CPU time (some 4 ms; it took 5.6 s under Hollywood,
    and 1.8 s with a gap of two after wild43, whose order tried first only a card joining
    two sequences)."""
    found, spent = family_answer(name, 10, gap, 11)
    assert found
    assert spent < 0.1, spent
