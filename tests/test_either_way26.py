"""The going-out search asked both ways round (issue 26): the same answer.

:func:`~canasta._engine.search.going_out.going_out_possible` asks its search of the hand's
ranks as they are and upside down (the aces where the fours were), each with a budget of
positions in turn, and trusts whichever answers first (``going_out._either_way``). Both ways
ask one question, so a way that answers wrongly where the other answers right is a hole in
the search that only the budgets hide, until a change of budget or of a bound lets that way
answer first. One such hole was a block of cards below a sequence that could not leave a
natural card to a meld of its rank (HW-MELD-10): found by the bound of
``tests/test_forced_naturals26.py``, not by the tests of the search, which asked one way.

Here each way is asked alone, with no budget and a search of its own, and the two answers
must agree: of drawn positions of the search (naturals of a stretch of ranks, wild cards,
sequences and melds of one rank on the table), and of each question the planner asks of
random deals, under every family and house rules drawn from every field's validated range.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES
from play_helpers import meld_phases
from profiles import examples
from search_helpers import drawn_rules, drawn_stretch

from canasta import RuleSet, find_rules
from canasta._engine.search import going_out, planner
from canasta._engine.search.layout import Layout, Run, wild_meld_canastas
from canasta._engine.search.placing import folded
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import tables

pytestmark = pytest.mark.planner_only(reason="the planner's own search, asked both ways")

FAMILIES = ("classic", "hollywood", "samba", "bolivia")


@contextmanager
def _both_ways(disagreements: list[tuple[bool, bool]], calls: list[bool]) -> Iterator[None]:
    """Every question ``going_out_possible`` asks, answered by each way alone (no budget, a
    search of its own each), the disagreements recorded, each answer in ``calls``; the
    answer is the first way's."""
    asked = going_out._either_way

    def both(search: Sweep, ways: tuple[going_out.SweepArgs, going_out.SweepArgs]) -> bool:
        answers = [Sweep(search.t, search.escalera, search.new_wild).out(*way) for way in ways]
        calls.append(answers[0])
        if answers[0] != answers[1]:
            disagreements.append((answers[0], answers[1]))
        return answers[0]

    going_out._either_way = both
    try:
        yield
    finally:
        going_out._either_way = asked


@settings(max_examples=examples(40), deadline=None)
@given(
    family=st.sampled_from(FAMILIES), rules_seed=st.integers(0, 2**32), seed=st.integers(0, 10**6)
)
def test_both_ways_of_the_going_out_search_agree(family: str, rules_seed: int, seed: int) -> None:
    rules = drawn_rules(family, rules_seed)
    disagreements: list[tuple[bool, bool]] = []
    calls: list[bool] = []
    with _both_ways(disagreements, calls):
        for deal in meld_phases(rules, seed):
            planner.can_go_out(deal, permitted=True)
    event(f"{family}: searches {min(len(calls), 10)}{'+' if len(calls) > 10 else ''}")
    event(f"{family}: a going out found {any(calls)}")
    assert not disagreements, (rules, seed, disagreements)


@st.composite
def _positions(draw: st.DrawFn) -> tuple[RuleSet, bytes, int, Layout]:
    """A rule set with sequences and house rules drawn, naturals of a stretch of ranks, a
    few wild cards, and sequences and melds of one rank on the table."""
    rules, nat, layout = draw(drawn_stretch(FAMILIES[1:], most_cards=14, most_runs=3))
    return rules, nat, draw(st.integers(0, 3)), layout


def _clubs() -> tuple[RuleSet, bytes, int, Layout]:
    """Hollywood, 4C 5C 6C on the table; in hand seven fours of clubs, 6C, 7C 7C, 8C 9C 10C
    and a wild card: the fours a canasta of their rank, 7C to 10C onto the sequence (a
    canasta), and 6C 7C with the wild card a sequence of their own (HW-MELD-10). The search
    from the top refused it until a block below a sequence could leave a held natural to a
    meld (found by this test under the dev profile, on the code before that fix)."""
    nat = bytearray(NATURAL_FACES.stop)
    for face, count in ((0, 7), (8, 1), (12, 2), (16, 1), (20, 1), (24, 1)):
        nat[face] = count
    return find_rules("hollywood"), bytes(nat), 1, Layout(runs=(Run(0, 0, 2, 0),))


@settings(max_examples=examples(600), deadline=None)
@given(case=_positions(), canastas_made=st.booleans(), discard=st.booleans())
@example(case=_clubs(), canastas_made=False, discard=False)
def test_both_ways_of_the_search_agree_on_drawn_positions(
    case: tuple[RuleSet, bytes, int, Layout], canastas_made: bool, discard: bool
) -> None:
    """Each drawn position asked as it is and upside down: with the canastas going out
    needs made already (the placing alone) or still to make, with a discard or none."""
    rules, nat, wilds, layout = case
    t = tables(rules)
    if not t.sequences:
        nat = folded(nat)  # as going_out_possible asks: by rank alone
    escalera = rules.going_out_needs_natural_sequence
    summary = Summary(done=rules.canastas_to_go_out) if canastas_made else Summary()
    spare = frozenset(face for face, count in enumerate(nat) if count) if discard else frozenset()
    turned_nat, turned = going_out._upside_down(nat, layout)
    turned_spare = going_out._faces(spare)
    answers = [
        Sweep(t, escalera, wild_meld_canastas(rules)).out(hand, wilds, melds, summary, 0, held)
        for hand, melds, held in ((nat, layout, spare), (turned_nat, turned, turned_spare))
    ]
    event(f"going out {answers[0]}")
    assert answers[0] == answers[1], case
