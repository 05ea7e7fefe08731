"""The going-out searches that find a way (issue 26): the order of their work changes no answer.

A rank's pool is shared among the side's melds of the rank the ways with the fewest melds
first (:func:`~canasta._engine.search.pools.pool_shared`): the pool joins the melds laid
before new ones are made, and the search tries the ways in that order, which the found
searches of the Bolivia position of tests/data/slow26 finish sooner. Any order gives the
same answer: held here to the other order, on whole hands of random games under every
family and house rules drawn from every field's validated range, and on that position.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from search_helpers import assert_the_same_going_out, drawn_rules, planner_walk

import canasta
from canasta import Game, RuleSet
from canasta._engine.search import pools, sweep
from canasta._engine.search.layout import RankGroup
from canasta._engine.tables import Tables, tables

FAMILIES = ("classic", "hollywood", "samba", "bolivia")
BOLIVIA_50 = (
    Path(__file__).parent
    / "data"
    / "slow26"
    / "bolivia-3p-draw-one-50-cards-after-black-threes.json"
)


def _most_melds_first(
    ranks: tuple[RankGroup, ...], position: int, pool: int, t: Tables
) -> tuple[tuple[tuple[RankGroup, ...], int], ...]:
    """:func:`~canasta._engine.search.pools.pool_shared` in the other order: the ways with
    the most melds of the rank first."""
    return pools.pool_shared(ranks, position, pool, t)[::-1]


@planner_walk
@settings(max_examples=12, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_CL_OUT_1_the_order_of_a_pools_sharings_never_changes_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the pools'
    sharings fewest melds first (as the search has them) and most melds first."""
    rules: RuleSet = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, sweep, "pool_shared", _most_melds_first)


@pytest.mark.planner_only(
    reason="loads a saved slow position, whose moves the reference lists in minutes"
)
@pytest.mark.parametrize("order", ["as it is", "most melds first"])
def test_CL_OUT_1_the_bolivia_hand_lists_the_same_moves_whatever_the_order(order: str) -> None:
    """The Bolivia for three ``draw_count=1`` hand of tests/data/slow26 (50 cards after
    black threes, 162 found searches), the pools' sharings in either order: the same 215
    moves as tests/test_slow_positions26.py keeps."""
    text = BOLIVIA_50.read_text()
    with pytest.MonkeyPatch.context() as patch:
        if order != "as it is":
            patch.setattr(sweep, "pool_shared", _most_melds_first)
        canasta.clear_caches()
        texts = sorted(str(move) for move in Game.from_json(text).legal_moves())
    canasta.clear_caches()
    assert len(texts) == 215
    assert hashlib.sha1("\n".join(texts).encode()).hexdigest()[:10] == "12a14d69ef"


def test_a_pools_sharings_come_fewest_melds_first() -> None:
    """The sharings of five naturals with a meld of their rank laid (several melds of a rank
    allowed, HW-MELD-9): all joining it first, then ever more new melds."""
    t = tables(canasta.find_rules("hollywood"))
    laid = (RankGroup(3, 3, 0, False),)
    counts = [
        sum(group.position == 3 for group in ranks)
        for ranks, _ in pools.pool_shared(laid, 3, 5, t)
    ]
    assert counts[0] == 1
    assert counts == sorted(counts)
