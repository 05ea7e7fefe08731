"""Merges in the going-out search, bounded (issue 26, bounded work; HW-MRG-1).

A side with many melds of a few ranks in the meld phase once hung the position validator
(``Game.from_position``, ``Game.from_json``) and ``legal_moves()``: the search tried every
order of every pairing of the melds that may merge, all ranks at once (20 melds of five
ranks took 4.3 s to load, 33 melds over 100 s). Merges join melds of one family only, so
:func:`~canasta._engine.search.layout.merges` finds each family's sets on its own; the
property below holds them to the plain enumeration of every merge in every order.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from itertools import product
from typing import TypeVar

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples

import canasta
from canasta._engine.search import planner, reference
from canasta._engine.search.layout import (
    Finished,
    Layout,
    Part,
    RankGroup,
    Run,
    WildGroup,
    _joined,
    encoded,
    finished,
    merges,
)
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import _summed_up
from canasta._engine.tables import Tables, tables

T = TypeVar("T")
RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
#: CPU seconds a load or a move list may take here: some 100 times what they take.
BOUND = 2.0


def melds_of_ranks(count: int, per_rank: int, naturals: int) -> list[str]:
    """``count`` melds of ``naturals`` natural cards, ``per_rank`` of each rank from the 4
    up, the suits in turn (a pack of three decks holds three of each card)."""
    melds = []
    for index in range(count):
        rank = RANKS[index // per_rank]
        first = index % per_rank * naturals
        melds.append(" ".join(rank + "CDHS"[(first + k) % 4] for k in range(naturals)))
    return melds


#: Hollywood for two in the meld phase, the side holding many melds of a few ranks, none a
#: canasta, and a hand of other ranks with one wild card: whether a step lets the side go
#: out turns on the merges. (melds, melds a rank, naturals a meld, hand, other hand, pile,
#: options); the moves listed and the first ten hex digits of the SHA-1 of their sorted
#: texts, before and after the first merge. The reference solver lists the same moves before
#: it, in all five (CANASTA_REFERENCE=1); the search that merged melds two by two only listed
#: one fewer with 10 and 20 melds: it refused laying the hand's three queens, after which
#: the side goes out with two canastas, the four melds of fours merged into one, and those
#: of fives.
POSITIONS = [
    (10, 4, 3, "QC QD QH 2C", "KS KS KH", "AS", {}, (28, "96cb88e833"), (24, "0800ab8ac9")),
    (20, 4, 3, "QC QD QH 2C", "KS KS KH", "AS", {}, (55, "0396d52291"), (51, "9b326c9919")),
    (33, 4, 3, "KC KD KH 2C", "KS KS KH", "AS", {}, (86, "da05b661fa"), (82, "ec69cfe973")),
    (
        60,
        6,
        2,
        "AC AD AH 2C",
        "AS AS",
        "AS",
        {"min_meld_size": 2, "min_naturals": 2},
        (217, "4ddde53301"),
        (211, "20994fd36b"),
    ),
    # Every natural card of the pack in 66 melds of two, six of each rank, each family's
    # merges leaving many sets, and four wild cards, so many summaries: 2.7 s when every
    # family's sets were added to every summary, 0.23 s when only the best summaries were
    # kept between families, 65 ms with one family's additions remembered too.
    (
        66,
        6,
        2,
        "2C 2D JK JK",
        "",
        "",
        {"min_meld_size": 2, "min_naturals": 1, "max_wilds_per_meld": 6},
        (635, "ed54763f6b"),
        (623, "0ad33b6af1"),
    ),
]


def listed(game: canasta.Game) -> tuple[int, str]:
    """The moves listed: how many, and the SHA-1 of their sorted texts (ten hex digits)."""
    texts = sorted(str(move) for move in game.legal_moves())
    return len(texts), hashlib.sha1("\n".join(texts).encode()).hexdigest()[:10]


def cpu(call: Callable[[], T]) -> tuple[T, float]:
    """What ``call()`` gives, and the CPU seconds it took."""
    start = time.process_time()
    value = call()
    return value, time.process_time() - start


@pytest.mark.parametrize(
    ("count", "per_rank", "naturals", "hand", "other", "pile", "options", "moves", "after_merge"),
    POSITIONS,
    ids=[f"{row[0]}-melds" for row in POSITIONS],
)
def test_hw_mrg_1_many_melds_of_few_ranks_load_and_list_moves_in_bounded_work(
    count: int,
    per_rank: int,
    naturals: int,
    hand: str,
    other: str,
    pile: str,
    options: dict[str, int],
    moves: tuple[int, str],
    after_merge: tuple[int, str],
) -> None:
    canasta.clear_caches()
    rules = canasta.find_rules("hollywood", 2).with_options(**options)
    melds = melds_of_ranks(count, per_rank, naturals)
    game, seconds = cpu(
        lambda: canasta.Game.from_position(
            rules,
            hands=[hand, other],
            melds=[melds, []],
            phase="meld",
            pile=pile,
        )
    )
    assert seconds < BOUND
    text = game.to_json()
    canasta.clear_caches()
    loaded, seconds = cpu(lambda: canasta.Game.from_json(text))
    assert seconds < BOUND
    assert loaded == game
    found, seconds = cpu(lambda: listed(loaded))
    assert seconds < BOUND
    assert found == moves
    merge = next(m for m in game.legal_moves() if isinstance(m, canasta.MergeMelds))
    found, seconds = cpu(lambda: listed(game.apply(merge)))
    assert seconds < BOUND
    assert found == after_merge


def test_hw_mrg_1_alike_melds_of_a_rank_make_few_sets() -> None:
    """33 melds of three naturals, four of each of eight ranks (and one of the ninth): each
    rank's melds leave five sets (none merged; two; two and two; three, a canasta of nine;
    all four), eight families of five sets, not 5**8 layouts, nor every order of merges."""
    t = tables(canasta.find_rules("hollywood", 2))
    melds = melds_of_ranks(33, 4, 3)
    layout, _ = encoded([canasta.Meld.of(text) for text in melds], t)
    found = merges(layout, t)
    assert found.fixed == (
        (3, 2, False, False, False),
    )  # the lone meld of queens merges with none
    assert [len(sets) for sets in found.choices] == [5] * 8
    three = (3, 2, False, False, False)
    assert found.choices[0] == (
        (three, three, three, three),
        (three, three, (6, 2, False, False, False)),
        (three, (9, 2, False, False, False)),
        ((6, 2, False, False, False), (6, 2, False, False, False)),
        ((12, 2, False, False, False),),
    )


def test_hw_mrg_1_a_merged_meld_merges_again() -> None:
    """Three melds of three sixes make a canasta of nine only merged twice: the six cards
    of the first merge, no canasta yet, merge with the third. Laying the nines leaves the
    four of spades to discard, going out with the kings and the sixes (HW-OUT-1); the
    search once merged melds two by two only, and refused the nines."""
    game = canasta.Game.from_position(
        canasta.find_rules("hollywood", 2),
        hands=["9C 9D 9H 4S", "QS QS QH"],
        melds=[["6C 6D 6H", "6C 6D 6H", "6S 6S 6S", "KC KC KD KD KH KH KS"], []],
        phase="meld",
        pile="JC",
    )
    nines = canasta.LayMeld(canasta.Cards.parse("9C 9D 9H"))
    assert game.is_legal(nines)
    after = game.apply(nines).apply(canasta.MergeMelds(0, 1)).apply(canasta.MergeMelds(0, 1))
    assert game.apply(nines).is_legal(canasta.MergeMelds(0, 1))
    assert after.is_legal(canasta.Discard(canasta.Card.parse("4S")))
    ended = after.apply(canasta.Discard(canasta.Card.parse("4S")))
    assert ended.phase is canasta.Phase.OVER
    assert ended.deal_result is not None
    assert ended.deal_result.went_out == 0


def test_hw_mrg_1_the_summaries_with_a_merged_canasta_are_tried_first() -> None:
    """The aces of the Hollywood for six hand of tests/data/slow26 (``wild_ratio=
    "naturals_ge_wilds"``): AC AC AH and AC AD AS 2S JK on the table, merged a canasta of
    eight, or kept apart with room for a wild card more. Neither summary is better than the
    other; the search tries the one with the canasta first (it searched 118 positions under
    the other before finding the hand's plan)."""
    rules = canasta.find_rules("hollywood", 6).with_options(
        wild_ratio="naturals_ge_wilds", min_naturals=2
    )
    t = tables(rules)
    passed = Layout(ranks=(RankGroup(10, 3, 0, False, True), RankGroup(10, 3, 2, False, True)))
    summaries = _summed_up(Summary(), passed, 3, t, False)
    assert [summed.done for summed in summaries] == [1, 0]
    assert summaries[0].room < summaries[1].room


def cards(rank: str, count: int, start: int = 0) -> list[str]:
    """``count`` cards of ``rank``, the suits in turn from the ``start``-th."""
    return [rank + "CDHS"[(start + k) % 4] for k in range(count)]


melds_of_sixes = st.lists(st.tuples(st.integers(3, 4), st.integers(0, 1)), min_size=2, max_size=4)


@settings(max_examples=examples(100), deadline=None)
@example(sixes=[(3, 0)] * 3, sevens=[], in_hand=(0, 0, 3, 0), kings=True, odd_card=True)
@given(
    sixes=melds_of_sixes,
    sevens=st.lists(st.tuples(st.integers(3, 4), st.integers(0, 1)), max_size=2),
    in_hand=st.tuples(st.integers(0, 1), st.integers(0, 2), st.integers(0, 3), st.integers(0, 2)),
    kings=st.booleans(),
    odd_card=st.booleans(),
)
def test_hw_mrg_1_going_out_by_merges_as_the_reference_finds_it(
    sixes: list[tuple[int, int]],
    sevens: list[tuple[int, int]],
    in_hand: tuple[int, int, int, int],
    kings: bool,
    odd_card: bool,
) -> None:
    """Several melds of sixes (and of sevens), a hand of a few cards: the search answers
    whether the side can go out (HW-OUT-1) as the reference solver does, which plays every
    merge of two melds out, again and again."""
    melds, wild = [], 0
    for rank, family in (("6", sixes), ("7", sevens)):
        used = 0
        for naturals, wilds in family:
            twos = cards("2", wilds, wild)
            melds.append(" ".join([*cards(rank, naturals, used), *twos]))
            used, wild = used + naturals, wild + wilds
    if kings:
        melds.append(" ".join(cards("K", 7)))
    six, seven, nines, twos = in_hand
    hand = [*cards("6", six, 11), *cards("7", seven, 10), *cards("9", nines), *cards("2", twos, 9)]
    try:
        game = canasta.Game.from_position(
            canasta.find_rules("hollywood", 2),
            hands=[" ".join([*hand, *(["4S"] if odd_card else [])]), "QS QS QH"],
            melds=[melds, []],
            phase="meld",
            pile="JC",
        )
    except canasta.PositionError:
        return  # no position (a hand of no card that has not gone out, ...)
    assert planner.can_go_out(game.deal) == reference.can_go_out(game.deal)


# --- the family-by-family sets against every merge in every order -----------------------------


def plainly(layout: Layout, t: Tables) -> set[tuple[Finished, ...]]:
    """Every set of melds the layout's merges may leave, found the plain way: the melds as
    they are, and after each merge of two melds that may merge, every merge of two of
    those left, the merged meld among them, in every order. The meld two make is
    :func:`~canasta._engine.search.layout._joined`'s: what is checked here is which merges
    are tried and that none is lost, not the limits of one merge."""
    found: set[tuple[Finished, ...]] = set()
    seen: set[tuple[tuple[Part, ...], tuple[Finished, ...]]] = set()

    def visit(left: list[Part], made: list[Finished]) -> None:
        state = (tuple(sorted(left)), tuple(sorted(made)))  # the same melds by another order
        if state in seen:
            return
        seen.add(state)
        found.add(tuple(sorted([*made, *(finished(meld, t) for meld in left)])))
        for i, first in enumerate(left):
            for j in range(i + 1, len(left)):
                joined = _joined(first, left[j], t) if mergeable(first, left[j], t) else None
                if joined is not None:
                    rest = [meld for k, meld in enumerate(left) if k not in (i, j)]
                    merged, melds = joined
                    if melds[0][0] < t.canasta_size:
                        visit([*rest, merged], made)
                    else:
                        for meld in melds:  # a closed canasta's two ways (_closed_merge)
                            visit(rest, [*made, meld])

    visit([*layout.ranks, *layout.runs, *layout.wilds], [])
    return found


def mergeable(first: Part, second: Part, t: Tables) -> bool:
    """Both marked ``merges``, neither a canasta, of one family."""
    if not (first.merges and second.merges) or type(first) is not type(second):
        return False
    if max(finished(first, t)[0], finished(second, t)[0]) >= t.canasta_size:
        return False
    if isinstance(first, RankGroup) and isinstance(second, RankGroup):
        return first.position == second.position
    if isinstance(first, Run) and isinstance(second, Run):
        return first.suit == second.suit
    return True


def combined(layout: Layout, t: Tables) -> set[tuple[Finished, ...]]:
    """The sets :func:`merges` gives, the families' sets in every combination."""
    found = merges(layout, t)
    return {
        tuple(sorted([*found.fixed, *(meld for melds in chosen for meld in melds)]))
        for chosen in product(*found.choices)
    }


RULES = {
    "hollywood": tables(canasta.find_rules("hollywood", 2)),
    "samba": tables(canasta.find_rules("samba", 2)),  # canastas closed to wild cards
    "bolivia": tables(canasta.find_rules("bolivia", 2)),  # melds of wild cards up to 7
}

rank_groups = st.builds(
    lambda position, naturals, wilds, merges: RankGroup(position, naturals, wilds, False, merges),
    st.integers(0, 1),
    st.integers(1, 6),
    st.integers(0, 2),
    st.booleans(),
)
runs = st.builds(
    lambda suit, low, length, wilds, merges: Run(suit, low, low + length - 1, wilds, merges),
    st.integers(0, 1),
    st.integers(0, 8),
    st.integers(3, 5),
    st.integers(0, 1),
    st.booleans(),
)
wild_groups = st.builds(WildGroup, st.integers(2, 6), st.booleans())


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from(sorted(RULES)),
    st.lists(rank_groups, max_size=5),
    st.lists(runs, max_size=4),
    st.lists(wild_groups, max_size=3),
)
def test_hw_mrg_1_merges_family_by_family_give_every_merge_in_every_order(
    name: str, ranks: list[RankGroup], sequences: list[Run], wilds: list[WildGroup]
) -> None:
    t = RULES[name]
    layout = Layout(tuple(sorted(ranks)), tuple(sorted(sequences)), tuple(sorted(wilds)))
    assert combined(layout, t) == plainly(layout, t)
