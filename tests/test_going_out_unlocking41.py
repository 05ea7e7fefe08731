"""A side opening after taking the pile may lay two sequences whose gap its pile cards fill:
the merge that makes the canasta then comes after the last card (CL-OUT-2, HW-MRG-1).

Until the opening minimum is reached the pile cards stay in hand (CL-INIT-4), so the
planner searches the melds of the opening first and asks the going-out search of the hand
after each (``planner.out_after_unlocking``). Where the minimum needs two spade sequences
laid apart and the pile cards are what lies between them, the going-out search found a
plan that merges them after the last card is melded; the planner asked whether a merge may
come too late (:func:`~canasta._engine.search.merge_last.merge_may_come_late`) of the melds
on the table only, before the sequences were laid, and said yes. It now asks it of the
melds each opening searched lays, and takes the reference solver's answer where one may.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples

import canasta
from canasta._engine.search import planner, reference

RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
HOLLYWOOD = canasta.find_rules("hollywood", players=2)


def _opening(hand: str, locked: str, scores: int = 7000) -> canasta.Game:
    """Hollywood for two: player 0 has taken the pile with a pair of queens (the side's meld
    #0, 30 points towards the minimum of ``scores``), the pile cards ``locked`` in hand."""
    return canasta.Game.from_position(
        HOLLYWOOD,
        hands=[f"{hand} {locked}", "4C 4D"],
        melds=[["QC QH QD"], []],
        scores=[scores, 0],
        phase="meld",
        took_pile=True,
        new_melds=[0],
        locked=locked,
        known=[locked, ""],
        melded_players=[0],
    )


def test_hw_mrg_1_pile_cards_that_fill_the_gap_last_do_not_go_out() -> None:
    """The minimum of 150 needs both spade sequences (queens and kings 110, 4S-6S 15, 9S-JS
    30), laid apart; the pile's 7S and 8S then fill the gap, and the merge that makes the
    second canasta would come after them. The planner answers as the reference solver
    does: the turn can be finished (laying everything and discarding a pile card), but not
    by going out."""
    game = _opening("QS QS QH QC QD KC KD KH 4S 5S 6S 9S 10S JS", "7S 8S")
    deal = game.deal
    for permitted in (False, True):
        assert planner.can_go_out(deal, permitted=permitted) is False
        assert reference.can_go_out(deal, permitted=permitted) is False
    assert planner.can_finish(deal) is reference.can_finish(deal) is True


def test_hw_init_1_a_dead_end_is_no_position() -> None:
    """With the 7S alone locked the turn cannot be finished at all: staying needs a card
    kept beside the discard, and going out the merge after the last card. The loader refuses
    the position (the planner, before the fix, let it load and play on into a dead end)."""
    with pytest.raises(canasta.PositionError, match="HW-INIT-1"):
        _opening("QS QS QH QC QD KC KD KH 4S 5S 6S 8S 9S 10S", "7S")


@settings(max_examples=examples(12), deadline=None)
@example(low=0, gap=2, queens=5, kings=3, locked=["7S", "8S"], extra=[], scores=7000, hearts=False)
@example(low=0, gap=1, queens=5, kings=3, locked=["7S"], extra=["KS"], scores=7000, hearts=True)
@given(
    low=st.integers(0, 3),
    gap=st.integers(1, 2),
    queens=st.integers(3, 5),
    kings=st.integers(0, 3),
    locked=st.lists(
        st.sampled_from(["7S", "8S", "9S", "2C", "JK", "KS", "6H"]), min_size=1, max_size=3
    ),
    extra=st.lists(st.sampled_from(["2D", "7H", "8H", "KS", "3S"]), max_size=2),
    scores=st.sampled_from([0, 1500, 3000, 7000]),
    hearts=st.booleans(),
)
def test_hw_mrg_1_an_opening_with_pile_cards_goes_out_as_the_reference_finds(
    low: int,
    gap: int,
    queens: int,
    kings: int,
    locked: list[str],
    extra: list[str],
    scores: int,
    hearts: bool,
) -> None:
    """Two spade sequences of three in hand, ``gap`` ranks apart, with queens and kings for
    the minimum and the canastas, pile cards locked that may fill the gap or go elsewhere:
    the planner answers whether the player can go out (CL-OUT-2, CL-INIT-4, HW-MRG-1), and
    finish the turn, as the reference solver does."""
    second = low + 3 + gap
    if second + 2 >= len(RANKS):
        return
    spades = [
        RANKS[position] + "S" for position in (*range(low, low + 3), *range(second, second + 3))
    ]
    hand = ["QS", "QS", "QH", "QC", "QD"][:queens] + ["KC", "KD", "KH", "KS"][:kings]
    hand += spades + extra + (["7H", "8H", "9H"] if hearts else [])
    try:
        game = _opening(" ".join(hand), " ".join(locked), scores)
    except canasta.PositionError:
        return  # no position (a card the pack holds too few of, a dead end, ...)
    deal = game.deal
    for permitted in (False, True):
        assert planner.can_go_out(deal, permitted=permitted) == reference.can_go_out(
            deal, permitted=permitted
        )
    assert planner.can_finish(deal) == reference.can_finish(deal)
