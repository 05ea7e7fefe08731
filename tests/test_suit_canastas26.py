"""The sequence canastas a suit may make with no wild card more (issue 26): the bound of
:func:`~canasta._engine.search.suits.free_canastas`, within
:func:`~canasta._engine.search.bounds.canastas_out_of_reach`, against the search without it.

Two sequence canastas of one suit that take no wild card more lie within a stretch of
positions its cards cover; in a stretch shorter than twice a canasta they overlap in its
middle, so each position there must hold a card for each. The Hollywood for five hand of
tests/data/slow26 (three canastas to go out) has the diamonds' stretch from the five to the
king, nine positions: once its eight of diamonds goes into a meld of eights, the eight holds
one card and the diamonds make one canasta with no wild card, not two. The bound must only
ever refute where no plan melds the cards with the canastas needed: checked against the
search with the suits counted as before, under Hollywood, Samba and Bolivia with drawn house
rules; on whole hands of random games, with the bound and without it; and on the saved
position.
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
)

import canasta
from canasta import Game, RuleSet, find_rules
from canasta._engine.search import suits
from canasta._engine.search.bounds import canastas_out_of_reach
from canasta._engine.search.layout import Layout, Run, wild_meld_canastas
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import TOP, tables

FAMILIES = ("hollywood", "samba", "bolivia")
SLOW = Path(__file__).parent / "data" / "slow26"


@st.composite
def _positions(draw: st.DrawFn) -> tuple[RuleSet, bytes, int, Layout, int]:
    """A rule set of a family with sequences, natural cards over a stretch of nine ranks (two
    runs of ranks of each of two suits, which may overlap, as sequences of a suit may, and
    a few others), a few wild cards, sequences of those suits and a meld of one
    rank on the table, and the canastas still missing."""
    rules = drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32)))
    low = draw(st.integers(0, TOP - 8))
    nat = bytearray(NATURAL_FACES.stop)
    for suit in (0, 0, 1, 1):  # stretches of two suits, the likelier to make sequences
        start = draw(st.integers(low, low + 6))
        for position in range(start, draw(st.integers(start, low + 9))):
            nat[natural_face(position, suit)] += 1
    for position, suit in draw(
        st.lists(st.tuples(st.integers(low, low + 8), st.integers(0, 3)), max_size=2)
    ):
        face = natural_face(position, suit)
        nat[face] = min(2, nat[face] + 1)
    layout = draw(drawn_table(low, 1))
    return rules, bytes(nat), draw(st.integers(0, 2)), layout, draw(st.integers(1, 2))


def _out(rules: RuleSet, nat: bytes, wilds: int, layout: Layout, missing: int) -> bool:
    """Whether the search melds every natural card and the wild cards onto ``layout`` and
    new melds with ``missing`` canastas more than it has."""
    t = tables(rules)
    needed = rules.canastas_to_go_out
    made = Summary(done=max(0, needed - missing))
    return Sweep(t, False, wild_meld_canastas(rules)).out(nat, wilds, layout, made, 0)


def _unbounded(*_: object) -> int:
    """:func:`suits.free_canastas` as the bound counted before: no fewer than the cards
    make (``suit_costs`` caps the count so)."""
    return TOP * len(NATURAL_FACES)


@settings(max_examples=1500, deadline=None)
@given(_positions())
@example(  # the diamonds of the Hollywood for five hand, its eight gone to a meld of eights
    (
        find_rules("hollywood"),
        naturals("5D 7D 9D 10D JD QD KD KD"),
        0,
        Layout(runs=(Run(1, 2, 5, 1), Run(1, 6, 9, 1))),
        2,
    )
)
def test_CL_CAN_1_the_suits_free_canastas_never_refute_a_going_out_the_search_finds(
    case: tuple[RuleSet, bytes, int, Layout, int],
) -> None:
    rules, nat, wilds, layout, missing = case
    t = tables(rules)
    needed = rules.canastas_to_go_out
    summary = Summary(done=max(0, needed - missing))
    refuted = canastas_out_of_reach(nat, wilds, layout, summary, needed, t)
    kept = suits.free_canastas
    suits.free_canastas = _unbounded
    try:
        before = canastas_out_of_reach(nat, wilds, layout, summary, needed, t)
        event(f"refuted {refuted}, before {before}")
        if refuted and not before:
            canasta.clear_caches()
            assert not _out(rules, nat, wilds, layout, missing), case
    finally:
        suits.free_canastas = kept
        canasta.clear_caches()


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_CL_CAN_1_the_suits_free_canastas_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the bound and
    without it."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, suits, "free_canastas", _unbounded)


def test_CL_CAN_1_two_diamond_canastas_need_the_eight_twice() -> None:
    """The five to the king of diamonds, the six and the king wild cards of the sequences on
    the table: every canasta of them covers the seven to the jack, and the eight of diamonds
    is there once, so with no wild card more one diamond canasta, not two."""
    diamonds = naturals("5D 7D 9D 10D JD QD KD KD")[1::4]
    spans = ((2, 5), (6, 9))
    assert suits.free_canastas(diamonds, spans, 7) == 1
    assert suits.free_canastas(naturals("5D 7D 8D 9D 10D JD QD KD KD")[1::4], spans, 7) == 2


@pytest.mark.planner_only(
    reason="loads a saved slow position, whose moves the reference lists in minutes"
)
def test_CL_CAN_1_the_hollywood_for_five_hand_refutes_quickly() -> None:
    """The meld of black threes with both wild cards leaves no going out: the search says so
    in about a hundred positions (2,235 before), the listing as before."""
    path = SLOW / "hollywood-5p-three-canastas-to-go-out-43-cards.json"
    canasta.clear_caches()
    game = Game.from_json(path.read_text())
    assert len(list(game.legal_moves())) == 291
