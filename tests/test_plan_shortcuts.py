"""The quick answers of canasta._engine.plan are sound: a quick "yes" to the opening question is
always a "yes" of the exhaustive search over the steps (tests/test_plan.py's oracle)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_plan import RULES, best_opening, random_position

from canasta._engine.plan import _planner, _rank_melds_reach, opening_reachable
from canasta._model.deck import Cards

SHORTCUT_RULES = {
    **RULES,
    "one meld a rank": attrs.evolve(
        RULES["samba"], several_melds_per_rank=False, merging_allowed=False
    ),
}


@pytest.mark.parametrize("name", sorted(SHORTCUT_RULES))
@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(0, 9),
    keep=st.integers(0, 3),
    owed=st.sampled_from([15, 30, 50, 90, 120]),
)
def test_rank_melds_reach_is_a_plan(name: str, seed: int, size: int, keep: int, owed: int) -> None:
    rules = SHORTCUT_RULES[name]
    hand, melds = random_position(seed, size, rules)
    if _rank_melds_reach(hand.counts, melds, _planner(rules), keep, owed):
        best = best_opening(hand, melds, rules, keep)
        assert best is not None
        assert best >= owed, (hand, melds, best)


@pytest.mark.parametrize(
    ("hand", "keep", "owed", "expected"),
    [
        # Three kings (30) and three queens (30) make 60, two cards kept.
        ("KS KS KH QD QD QC 5H 6C", 2, 60, True),
        # Keeping three, one of the melds must stay in hand.
        ("KS KS KH QD QD QC 5H 6C", 3, 60, False),
        # A pair of sevens made up with a joker (10 + 50), then a two in the room left.
        ("7S 7H JK 2C 9D 4C", 2, 80, True),
        ("7S 7H JK 2C 9D 4C", 2, 81, False),
    ],
)
def test_rank_melds_reach_cases(hand: str, keep: int, owed: int, expected: bool) -> None:
    rules = RULES["samba"]
    cards = Cards.parse(hand)
    assert _rank_melds_reach(cards.counts, (), _planner(rules), keep, owed) is expected
    if expected:
        assert opening_reachable(cards, (), rules, keep, owed)
