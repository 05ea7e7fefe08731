"""A going out's last step comes after the merges it needs (CL-OUT-2, HW-MRG-1, BO-OUT-1).

Where every natural card of the hand lies between two sequences of its suit that may merge
(:func:`~canasta._engine.search.merge_last.merge_may_come_late`), the going-out search
itself asks that a going out melding every card have a step that may come last: a free
card (:mod:`~canasta._engine.search.merge_last`). Here the planner's answer, which no
longer asks the reference solver there, is held to the reference solver's, which plays
every step and merge in order, over positions drawn in that region; and the benchmark's
position of four suits (``benchmarks/late_merges.py``), which took the reference solver
half a second, is listed within a bound of CPU time.
"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path
from unittest import mock

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples
from search_helpers import seat_to_meld

import canasta
from canasta._engine.search import planner, reference
from canasta._engine.search.going_out import going_out_possible

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "late_merges.py"
RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHD"


def _run(suit: str, low: int, high: int) -> str:
    return " ".join(RANKS[position] + suit for position in range(low, high + 1))


@st.composite
def _positions(draw: st.DrawFn) -> tuple[canasta.RuleSet, list[str], list[str], int]:
    """A rule set, the side's melds, the hand and the players: for each of one to three
    suits two or three sequences of three with one to three ranks between, a hand of some
    of the cards between, sometimes a wild card, a meld of one rank between (a natural card
    joins it last), a canasta, and seldom a card outside every gap (a queen, a card beyond
    the highest sequence)."""
    name = draw(st.sampled_from(["hollywood", "bolivia"]))
    players = draw(st.sampled_from([2, 3, 4]))
    rules = attrs.evolve(
        canasta.find_rules(name, players=players),
        canastas_to_go_out=draw(st.integers(1, 3)),
    )
    melds: list[str] = []
    gaps: list[str] = []
    tops: list[str] = []
    for suit in SUITS[: draw(st.integers(1, 3))]:
        low = draw(st.integers(0, 1))
        for number in range(draw(st.integers(2, 3))):
            gap = draw(st.integers(1, 3)) if number else 0
            if low + gap + 2 >= len(RANKS):
                break
            gaps += [RANKS[low + n] + suit for n in range(gap)]
            low += gap
            melds.append(_run(suit, low, low + 2))
            low += 3
        if low < len(RANKS):
            tops.append(RANKS[low] + suit)
    hand = draw(st.lists(st.sampled_from(gaps), min_size=1, max_size=4)) if gaps else []
    hand += draw(st.lists(st.sampled_from(["2C", "JK"]), max_size=1))
    if gaps and draw(st.booleans()):  # a meld of a rank between, which a card may join
        rank = draw(st.sampled_from(gaps))[:-1]
        melds.append(f"{rank}C {rank}C {rank}D")
    if draw(st.integers(0, 3)) == 0:  # a card outside the region
        hand += draw(st.lists(st.sampled_from(["QH", *tops]), max_size=1))
    if draw(st.booleans()):
        melds.append("KC KD KH KS KC KD KH")  # a canasta on the table
    return rules, melds, hand, players


@settings(max_examples=examples(120), deadline=None)
@example(position=(canasta.find_rules("hollywood", 2), ["4S 5S 6S", "8S 9S 10S"], ["7S"], 2))
@example(
    position=(
        attrs.evolve(canasta.find_rules("hollywood", 2), canastas_to_go_out=2),
        ["4S 5S 6S", "9S 10S JS", "4H 5H 6H", "8H 9H 10H", "KC KD KH KS KC KD KH"],
        ["7S", "8S", "7H", "2C"],
        2,
    )
)
@example(  # the ten of hearts, outside the ranks a merge joins, makes a canasta last
    position=(
        attrs.evolve(canasta.find_rules("hollywood", 2), canastas_to_go_out=2),
        ["4S 5S 6S", "8S 9S 10S", "4H 5H 6H 7H 8H 9H", "JH QH KH"],
        ["7S", "10H"],
        2,
    )
)
@example(  # a wild card at the end of the hearts makes a canasta last
    position=(
        attrs.evolve(canasta.find_rules("hollywood", 2), canastas_to_go_out=2),
        ["4S 5S 6S", "8S 9S 10S", "4H 5H 6H 7H 8H 9H", "JH QH KH"],
        ["7S", "2C"],
        2,
    )
)
@given(position=_positions())
def test_cl_out_2_a_going_out_that_melds_every_card_has_a_step_after_its_merges(
    position: tuple[canasta.RuleSet, list[str], list[str], int],
) -> None:
    """The planner answers whether the player can go out as the reference solver does, in
    positions of the region where a merge may come too late, without asking it there."""
    _agrees(position)


def _agrees(position: tuple[canasta.RuleSet, list[str], list[str], int]) -> None:
    """The planner's answer is the reference solver's, which it never asks (the seat's
    melds ``melds``, its hand ``hand``)."""
    rules, melds, hand, players = position
    game = seat_to_meld(rules, melds, hand, players, ["4C 4D"] * 3, "JC")
    if game is None:
        return  # no position (a card the pack holds too few of, ...)
    deal = game.deal
    unasked = mock.patch.object(reference, "can_go_out", side_effect=AssertionError)
    for permitted in (False, True):
        with unasked:
            planned = planner.can_go_out(deal, permitted=permitted)
        assert planned == reference.can_go_out(deal, permitted=permitted), (
            rules.name,
            melds,
            hand,
            permitted,
        )


@pytest.mark.skipif(not BENCHMARK.exists(), reason="benchmarks/ is not here")
@pytest.mark.planner_only(reason="times the planner: the reference takes some 0.5 s here")
def test_late_merges_of_four_suits_are_listed_within_a_bound() -> None:
    """``benchmarks/late_merges.py`` with four suits (Hollywood for four, every canasta a
    merge that only the hand's cards can make, so no going out): loaded and listed, caches
    emptied, in well under the half second the reference solver took (some 16 ms here)."""
    spec = importlib.util.spec_from_file_location("late_merges", BENCHMARK)
    assert spec is not None
    assert spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    canasta.clear_caches()
    start = time.process_time()
    moves = list(script.position(4).legal_moves())
    spent = time.process_time() - start
    assert len(moves) == 28
    assert spent < 0.2, spent


@st.composite
def _closed_positions(draw: st.DrawFn) -> tuple[canasta.RuleSet, list[str], list[str], int]:
    """A position where canastas are closed to wild cards (CL-CAN-4: Samba, Bolivia): for
    one or two suits two sequences of three with one or two ranks between, a hand of some
    of the cards between and one to three wild cards, and two or three melds of kings that
    may merge (some with a wild card), so that a merged meld may be a canasta whose room
    for wild cards is its parts' before the merge."""
    name = draw(st.sampled_from(["samba", "bolivia"]))
    players = draw(st.sampled_from([2, 4]))
    rules = attrs.evolve(
        canasta.find_rules(name, players=players),
        canastas_to_go_out=draw(st.integers(1, 3)),
    )
    melds: list[str] = []
    gaps: list[str] = []
    for suit in SUITS[: draw(st.integers(1, 2))]:
        gap = draw(st.integers(1, 2))
        melds += [_run(suit, 0, 2), _run(suit, 3 + gap, 5 + gap)]
        gaps += [RANKS[3 + n] + suit for n in range(gap)]
    for _ in range(draw(st.integers(2, 3))):
        kings = " ".join(["KC", "KD", "KH", "KS"][: draw(st.integers(3, 4))])
        melds.append(kings + draw(st.sampled_from(["", " 2H", " JK"])))
    hand = draw(st.lists(st.sampled_from(gaps), min_size=1, max_size=3))
    hand += draw(st.lists(st.sampled_from(["2C", "2D", "JK"]), min_size=1, max_size=3))
    return rules, melds, hand, players


@settings(max_examples=examples(120), deadline=None)
@example(  # the two of clubs into the merged kings (six), after the merge, makes a canasta
    position=(
        attrs.evolve(canasta.find_rules("samba", 2), canastas_to_go_out=3),
        ["4S 5S 6S", "8S 9S 10S", "4H 5H 6H", "8H 9H 10H", "KS KH KD", "KC KS KH"],
        ["7S", "7H", "2C"],
        2,
    )
)
@given(position=_closed_positions())
def test_cl_can_4_a_wild_card_a_merged_closed_canasta_takes_before_its_merge_is_no_last_step(
    position: tuple[canasta.RuleSet, list[str], list[str], int],
) -> None:
    """Where canastas are closed to wild cards, the planner answers as the reference solver
    does without asking it, a wild card spread a last step only where a meld has room for
    it after every merge."""
    _agrees(position)


def test_cl_can_4_a_wild_card_only_a_part_takes_before_the_merge_is_no_last_step() -> None:
    """Samba: the spades merge once the 7S joins them, the two melds of four kings merge
    into a canasta closed to wild cards (CL-CAN-4), so the 2C goes into a part of them
    before that merge, and the last card leaves the hand before a merge: no going out that
    melds every card. Discarding the 2C goes out (a step after the merges) unless the
    points owed need it melded (the search's question as an opening side asks it)."""
    rules = attrs.evolve(canasta.find_rules("samba", players=2), canastas_to_go_out=2)
    texts = ["4S 5S 6S", "8S 9S 10S", "KS KH KD KC", "KS KH KD KC"]
    melds = tuple(canasta.Meld.of(canasta.Cards.parse(text)) for text in texts)
    hand = canasta.Cards.parse("7S 2C")
    assert going_out_possible(hand, melds, rules, 0, False)
    assert not going_out_possible(hand, melds, rules, 10, False)


def _suits_and_kings(rules: canasta.RuleSet, suits: int, needed: int) -> canasta.Game:
    """The position of issue 26's ``fallback.py``: for two players, per suit 4-6 and 8-10
    on the table and the seven in hand, two melds of kings that may merge, a 2C in hand."""
    melds = ["KS KH KD", "KC KS KH"]
    hand = ["2C"]
    for index in range(suits):
        suit = "SHDC"[index % 4]
        melds += [_run(suit, 0, 2), _run(suit, 4, 6)]
        hand.append("7" + suit)
    return canasta.Game.from_position(
        attrs.evolve(rules, canastas_to_go_out=needed),
        hands=[" ".join(hand), "4C 4D"],
        melds=[melds, []],
        phase="meld",
        melded_players=[0],
        scores=[0, 0],
    )


@pytest.mark.planner_only(reason="times the planner: the reference takes some 1.7 s here")
@pytest.mark.parametrize("name", ["samba", "bolivia"])
def test_five_suits_and_merging_kings_where_canastas_are_closed_within_a_bound(
    name: str,
) -> None:
    """Five suits (the fifth a second run of spades) and kings that may merge, six canastas
    to go out, a wild card in hand: the planner answers yes itself (the reference solver it
    asked took some 1.7 s in Samba), well within a bound of CPU time (some 20 ms here)."""
    deal = _suits_and_kings(canasta.find_rules(name, players=2), 5, 6).deal
    canasta.clear_caches()
    start = time.process_time()
    assert planner.can_go_out(deal) is True
    spent = time.process_time() - start
    assert spent < 0.3, spent


@pytest.mark.planner_only(reason="times the planner: the reference took some 1.6 s here")
def test_five_suits_and_merging_kings_with_a_wild_ratio_within_a_bound() -> None:
    """The same in Samba with ``wild_ratio="naturals_gt_wilds"`` (issue 26's
    ``fallback_ratio.py``), where the wild cards a meld of one rank may hold depend on its
    natural cards (CL-MELD-3): the planner answers yes itself (it asked the reference
    solver, some 1.6 s), well within a bound of CPU time (some 20 ms here)."""
    rules = canasta.find_rules("samba", players=2)
    deal = _suits_and_kings(attrs.evolve(rules, wild_ratio="naturals_gt_wilds"), 5, 6).deal
    canasta.clear_caches()
    start = time.process_time()
    assert planner.can_go_out(deal) is True
    spent = time.process_time() - start
    assert spent < 0.3, spent
