"""The natural discards the going-out search tries, narrowed before it (issue 26).

Where the hand's naturals cannot all be placed (``forced.forced_short`` refutes the hand
with no discard), only the discard of a face the reasoning asked a place for can clear its
trouble, and not one it found does not: the search tries only the others
(``forced.discards_left``, asked by ``going_out.going_out_possible``; ``Sweep.discards``),
and its bounds, which allow one card of the faces it is told to be left over, refute more.
It remembers each position's answer as the question's, with every discard the question
allows: a plan from a position the question reaches that discards another face would be
one of the question's. Held to the search trying every face, on drawn positions under
Hollywood, Samba and Bolivia with drawn house rules (two questions asked of one search),
on whole hands of random games, and on every going-out question of the Hollywood for two
``hand_size=49`` position of ``tests/data/slow26`` it was made for.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from search_helpers import (
    assert_the_same_going_out,
    drawn_rules,
    drawn_stretch,
    going_out_questions,
    naturals,
    placed,
    planner_walk,
)

import canasta
from canasta import RuleSet, find_rules
from canasta._engine.search import forced, going_out
from canasta._engine.search.layout import Layout, Run, wild_meld_canastas
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import tables

FAMILIES = ("hollywood", "samba", "bolivia")
SLOW = Path(__file__).parent / "data" / "slow26"


def _every_face(
    nat: bytes, layout: Layout, wilds: int, spare: frozenset[int], t: object
) -> frozenset[int] | None:
    """The stub of ``going_out.discards_left``: the search tries every face of ``spare``
    where the hand may go out with one of them the discard (as before the cut)."""
    left = forced.discards_left(nat, layout, wilds, spare, t)  # type: ignore[arg-type]
    return left if not left else spare


def _placed(rules: RuleSet, nat: bytes, wilds: int, layout: Layout) -> bool:
    """:func:`~search_helpers.placed`, the caches emptied first."""
    canasta.clear_caches()
    return placed(rules, nat, wilds, layout)


def _told(search: Sweep, rules: RuleSet, nat: bytes, wilds: int, layout: Layout) -> bool:
    """The same question asked of ``search`` (which may remember positions of others), told
    to try only the discards ``discards_left`` leaves, as ``going_out`` tells it."""
    held = frozenset(face for face, count in enumerate(nat) if count)
    left = forced.discards_left(nat, layout, wilds, held, tables(rules))
    event(f"left: {'all' if left is None else 'fewer' if left != held else 'the same'}")
    if left is not None and not left:
        return False
    search.discards = left
    try:
        return search.out(nat, wilds, layout, Summary(done=rules.canastas_to_go_out), 0, held)
    finally:
        search.discards = None


@settings(max_examples=600, deadline=None)
@given(drawn_stretch(FAMILIES, 12, 3), st.integers(0, 3), st.integers(0, 99))
@example(  # the six of clubs and the queen of diamonds owe the two wild cards left
    (
        find_rules("hollywood", players=2),
        naturals("6C 7C 7C 9C 9C 9D 10D QD 8H 10H JH QH KH"),
        Layout(runs=(Run(0, 6, 8, 0),)),
    ),
    1,
    5,
)
def test_HW_MELD_5_the_discards_left_find_every_way_the_search_finds(
    position: tuple[RuleSet, bytes, Layout], wilds: int, step: int
) -> None:
    """Placing alone, a hand and the same hand less a card (as after a step), asked of one
    search told only the discards ``discards_left`` leaves, the positions of the first
    remembered for the second: the same answers as searches of their own that may discard
    any card."""
    rules, nat, layout = position
    held = [face for face, count in enumerate(nat) if count]
    less = bytearray(nat)
    less[held[step % len(held)]] -= 1
    canasta.clear_caches()
    search = Sweep(tables(rules), False, wild_meld_canastas(rules))
    answers = [_told(search, rules, hand, wilds, layout) for hand in (nat, bytes(less))]
    event(f"placed: {answers}")
    assert answers == [_placed(rules, hand, wilds, layout) for hand in (nat, bytes(less))]


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_5_fewer_discards_never_change_a_going_out_answer(family: str, seed: int) -> None:
    """On whole hands of random games, preset or drawn house rules: the same answers."""
    assert_the_same_going_out(
        drawn_rules(family, seed), seed, going_out, "discards_left", _every_face
    )


@planner_walk
def test_HW_MELD_5_the_hand_size_49_questions_answered_alike() -> None:
    """Every going-out question loading the Hollywood for two ``hand_size=49`` position
    asks (44 cards after taking the pile and laying black threes: each meld step must go
    out, CL-B3-3; its six of clubs, eight of hearts and queen of diamonds owe its three wild
    cards, so that most steps leave a hand that needs its discard): the same answers with
    the search told every face."""
    text = (SLOW / "hollywood-2p-hand-size-49-44-cards-after-taking-the-pile.json").read_text()
    asked = going_out_questions(text)
    plain = going_out.going_out_possible
    assert len(asked) > 60  # 72: a step with other wild cards answered from another
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "discards_left", _every_face)
        for hand, melds, rules, owed, exempt, found in asked:
            canasta.clear_caches()
            assert plain(hand, melds, rules, owed, exempt) == found, hand
