"""The cuts of the going-out search (issue 26, bounded work), each against what it stands for.

:meth:`Summary.no_better_than` must only say "no better" where every way to finish from the
one is open to the other, :func:`placing_fails` must only say "fails" where no plan melds
the cards, and :func:`canastas_out_of_reach` only where no plan makes the canastas (checked
also by searching whole hands with it and without it); the planner-vs-reference tests
(tests/test_search.py) check the answers they lead to, these the cuts themselves. The
search places the highest ranks first (the ranks turned upside down): it must answer the
same as placing the lowest first.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from fuzz.options import random_rules
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES, Deal, natural_face
from play_helpers import meld_phases
from profiles import examples
from search_helpers import drawn_rank_groups, drawn_runs, going_out_with, planner_walk

import canasta
from canasta import Cards, find_rules
from canasta._engine.search import going_out, placing, planner, sweep
from canasta._engine.search.bounds import canastas_out_of_reach
from canasta._engine.search.layout import Layout, RankGroup, Run, wild_meld_canastas
from canasta._engine.search.stuck import placing_fails
from canasta._engine.search.summary import Summary
from canasta._engine.tables import TOP, tables

NEEDED = 2
NEW_WILD = (0,) * 41  # no melds of wild cards

summaries = st.builds(
    Summary,
    done=st.integers(0, NEEDED),
    need=st.integers(0, 3),
    room=st.integers(0, 6),
    shorts=st.lists(st.integers(1, 4), max_size=NEEDED).map(lambda s: tuple(sorted(s))),
    escalera=st.booleans(),
)
melds_added = st.lists(st.tuples(st.integers(1, 9), st.integers(0, 3)), max_size=3)


def finishes(
    summary: Summary | None, added: list[tuple[int, int]], wilds: int, escalera: bool
) -> bool:
    """Whether ``summary``, with ``added`` melds (size, room) summed up, makes the canastas
    (and keeps the escalera if ``escalera``) with ``wilds`` wild cards: the rest of a
    search, in brief."""
    for size, room in added:
        if summary is None:
            return False
        summary = summary.add(size, room, min_size=3, canasta_size=7, needed=NEEDED, wilds=wilds)
    if summary is None or (escalera and not summary.escalera):
        return False
    return summary.canastas(wilds, 0, NEW_WILD) >= NEEDED


@settings(max_examples=examples(400))
@given(summaries, summaries, melds_added, st.integers(0, 8), st.booleans())
@example(Summary(done=2, room=2), Summary(done=2), [], 2, False)  # room counts
@example(Summary(done=2, room=2), Summary(done=2, need=2, room=2), [], 1, False)  # need too
def test_a_summary_no_better_than_another_never_finishes_where_the_other_does_not(
    mine: Summary, other: Summary, added: list[tuple[int, int]], wilds: int, escalera: bool
) -> None:
    if mine.no_better_than(other, NEEDED) and finishes(mine, added, wilds, escalera):
        assert finishes(other, added, wilds, escalera)


def test_a_canasta_made_counts_as_a_meld_short_by_no_card() -> None:
    made = Summary(done=1, room=2, shorts=(3,))
    short = Summary(done=0, room=2, shorts=(1, 3))
    assert short.no_better_than(made, NEEDED)
    assert not made.no_better_than(short, NEEDED)
    # Kept for the natural sequence canasta (BO-OUT-1) is better, not only other.
    assert Summary(room=2).no_better_than(Summary(room=2, escalera=True), NEEDED)
    assert not Summary(room=2, escalera=True).no_better_than(Summary(room=2), NEEDED)


def test_placing_fails_where_a_natural_has_no_meld_to_go_to() -> None:
    t = tables(find_rules("hollywood"))
    # 5H 9C 9C 9C: the five has no meld of its rank, too few fives for one, no sequence.
    nat = Cards.parse("5H 9C 9C 9C").counts[:44]
    assert placing_fails(nat, Layout(), 0, 0, frozenset(), t)
    # It may be the discard.
    five_hearts = Cards.parse("5H").counts[:44].index(1)
    assert not placing_fails(nat, Layout(), 0, 0, frozenset({five_hearts}), t)
    # A sequence of its suit is open: it may join it (placed lower in the search).
    run = Run(suit=2, low=0, high=0, wilds=0)
    assert not placing_fails(nat, Layout(runs=(run,)), 0, 0, frozenset(), t)


def test_placing_fails_where_the_new_melds_need_more_wild_cards_than_there_are() -> None:
    t = tables(find_rules("samba"))  # a new meld of two naturals takes one wild card
    nat = Cards.parse("5H 5S 9C 9D").counts[:44]
    assert not placing_fails(nat, Layout(), 2, 0, frozenset(), t)
    assert placing_fails(nat, Layout(), 1, 0, frozenset(), t)
    assert placing_fails(nat, Layout(), 2, 1, frozenset(), t)  # one owed to finished melds


def test_canastas_out_of_reach_where_no_family_can_make_the_canastas() -> None:
    t = tables(find_rules("hollywood").with_options(canasta_size=9))  # two canastas to go out
    # Kings and aces, three of each, one wild card: no meld of them reaches nine cards.
    nat = Cards.parse("KC KD KH AC AD AH").counts[:44]
    assert canastas_out_of_reach(nat, 1, Layout(), Summary(), NEEDED, t)
    # Six kings on the table beside them: one canasta of kings (nine naturals), not two.
    kings = Layout(ranks=(RankGroup(position=9, naturals=6, wilds=0, closed=False),))
    assert canastas_out_of_reach(nat, 2, kings, Summary(), NEEDED, t)
    # ... but with one canasta made already it is in reach.
    assert not canastas_out_of_reach(nat, 0, kings, Summary(done=1), NEEDED, t)
    # Or with a meld summed up that is two cards short, and two wild cards for it.
    short = Summary(room=4, shorts=(2,))
    assert not canastas_out_of_reach(nat, 2, kings, short, NEEDED, t)
    assert canastas_out_of_reach(nat, 1, kings, short, NEEDED, t)
    # Not if one of them is owed to bringing a meld to the smallest size.
    assert canastas_out_of_reach(nat, 2, kings, short._replace(need=1), NEEDED, t)


def test_canastas_out_of_reach_counts_the_canasta_two_melds_of_a_rank_make_merged() -> None:
    t = tables(find_rules("hollywood"))  # canastas of seven; melds of a rank merge (HW-MRG-1)
    fours = RankGroup(position=0, naturals=4, wilds=0, closed=False, merges=True)
    fives = RankGroup(position=1, naturals=3, wilds=1, closed=False)
    run = Run(suit=0, low=3, high=9, wilds=0)  # a sequence canasta of clubs, seven to king
    layout = Layout(ranks=(fours, fours._replace(naturals=3), fives), runs=(run,))
    assert not canastas_out_of_reach(b"\0" * 44, 0, layout, Summary(), NEEDED, t)
    assert canastas_out_of_reach(b"\0" * 44, 0, layout._replace(runs=()), Summary(), NEEDED, t)


def test_canastas_out_of_reach_minds_the_wild_cards_a_meld_may_hold() -> None:
    t = tables(find_rules("samba"))  # at most two wild cards a meld (CL-MELD-3)
    # Tens on the table, 10 10 2 2 and 10 10 10 2, that may merge: eight cards, but the merge
    # would hold three wild cards (HW-MRG-2), and neither can take one more.
    tens = (
        RankGroup(position=6, naturals=2, wilds=2, closed=False, merges=True),
        RankGroup(position=6, naturals=3, wilds=1, closed=False, merges=True),
    )
    one_made = Summary(done=1)
    assert canastas_out_of_reach(b"\0" * 44, 5, Layout(ranks=tens), one_made, NEEDED, t)
    # Two more tens in hand: 10 10 10 2 and them, with a wild card, make seven.
    nat = Cards.parse("10C 10D").counts[:44]
    assert not canastas_out_of_reach(nat, 1, Layout(ranks=tens), one_made, NEEDED, t)
    assert canastas_out_of_reach(nat, 0, Layout(ranks=tens), one_made, NEEDED, t)
    # A meld of seven is a canasta as the search counts it, whatever its wild cards.
    canasta_laid = Layout(ranks=(RankGroup(position=6, naturals=4, wilds=3, closed=True),))
    assert not canastas_out_of_reach(b"\0" * 44, 0, canasta_laid, one_made, NEEDED, t)
    # A sequence canasta takes a wild card (one at most in Hollywood, HW-MELD-6) where the
    # suit has no seven cards in a row: 4H to 10H less the 7H.
    t = tables(find_rules("hollywood"))
    hearts = Cards.parse("4H 5H 6H 8H 9H 10H").counts[:44]
    assert canastas_out_of_reach(hearts, 0, Layout(), one_made, NEEDED, t)
    assert not canastas_out_of_reach(hearts, 1, Layout(), one_made, NEEDED, t)
    assert canastas_out_of_reach(hearts, 1, Layout(), one_made._replace(need=1), NEEDED, t)


def test_tables_of_equal_rules_made_apart_are_one_key_of_the_search_caches() -> None:
    """The search's caches are keyed by the rules' tables, which hash as their rules: tables
    made again for equal rules (after the caches are emptied) are equal and hash alike, and
    the answers remembered with the one are those the other gets."""
    first = tables(find_rules("hollywood").with_options(canasta_size=9))
    canasta.clear_caches()
    second = tables(find_rules("hollywood").with_options(canasta_size=9))
    assert first is not second
    assert first == second
    assert hash(first) == hash(second)
    nat = Cards.parse("KC KD KH AC AD AH").counts[:44]
    kings = Layout(ranks=(RankGroup(position=9, naturals=6, wilds=0, closed=False),))
    # Two wild cards a meld of one rank at most: only nine wild cards, a meld of them
    # (HW-MELD-4), make the second canasta.
    cold = [canastas_out_of_reach(nat, w, kings, Summary(), NEEDED, first) for w in (8, 9)]
    warm = [canastas_out_of_reach(nat, w, kings, Summary(), NEEDED, second) for w in (8, 9)]
    assert cold == warm == [True, False]


def _searched(deal: Deal, cut: bool) -> bool:
    """The going-out search's answer for the player to act, with the canasta cut or without
    it (and none of the positions a search remembers between calls)."""
    stub = None if cut else (lambda *args: False)
    return going_out_with(deal, sweep, "canastas_out_of_reach", stub)


@planner_walk
@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_canasta_cut_never_changes_a_going_out_answer(seed: int) -> None:
    """Whole hands of random games under random house rules (every family, drawn options),
    each asked with the cut and without it."""
    for deal in _meld_phases(seed):
        assert _searched(deal, cut=True) == _searched(deal, cut=False), (seed, deal)


def _can_go_out(deal: Deal, permitted: bool, quick: bool) -> bool:
    """The planner's answer whether the player to act can go out, with its quick answers
    (:func:`~canasta._engine.search.planner.naturals_stuck` and
    :func:`~canasta._engine.search.planner.canastas_short`, no;
    :func:`~canasta._engine.search.planner.out_at_once`, yes) or without them."""
    canasta.clear_caches()
    kept = planner.naturals_stuck, planner.canastas_short, planner.out_at_once
    if not quick:
        planner.naturals_stuck = lambda *args: False  # type: ignore[assignment]
        planner.canastas_short = lambda *args: False  # type: ignore[assignment]
        planner.out_at_once = lambda *args: False  # type: ignore[assignment]
    try:
        return planner.can_go_out(deal, permitted=permitted)
    finally:
        planner.naturals_stuck, planner.canastas_short, planner.out_at_once = kept  # type: ignore[assignment]


@planner_walk
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_quick_answers_never_change_whether_the_player_can_go_out(seed: int) -> None:
    """Whole hands of random games under random house rules (every family, drawn options),
    locked pile cards and concealed going out among them, each asked with the planner's
    quick answers and without them, as if the partner had said yes and as the turn stands."""
    for deal in _meld_phases(seed):
        for permitted in (False, True):
            quick = _can_go_out(deal, permitted, quick=True)
            assert quick == _can_go_out(deal, permitted, quick=False), (seed, deal)


@planner_walk
@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_CL_OUT_1_a_hand_plainly_stuck_never_goes_out(seed: int) -> None:
    """Whole hands of random games under random house rules (every family, drawn options),
    and each with its black threes gone (as after melding them, CL-B3-3): where the search's
    quick tests refuse the hand onto the side's melds
    (:func:`~canasta._engine.search.going_out.plainly_stuck`, which
    ``finishing.black_threes_plain`` asks with no deal built), the search refuses it too,
    whatever the points owed and however it must go out."""
    for deal in _meld_phases(seed):
        rules, melds = deal.rules, deal.melds[deal.side]
        threes = Cards.of([card for card in deal.hand if card.is_black_three])
        for hand in (deal.hand, deal.hand - threes):
            if not hand or not going_out.plainly_stuck(hand, melds, rules):
                continue
            event("plainly stuck")
            for owed, exempt, concealed in _OUT_QUESTIONS:
                canasta.clear_caches()
                found = going_out.going_out_possible(
                    hand, melds, rules, owed, exempt, concealed=concealed
                )
                assert not found, (seed, hand, owed, exempt, concealed)


#: The points owed, exemption and concealment :func:`going_out_possible` may be asked with.
_OUT_QUESTIONS = ((0, False, False), (0, False, True), (120, True, False), (120, False, False))


def _meld_phases(seed: int) -> Iterator[Deal]:
    """The deals of a random game's first deal (random house rules) in the meld phase with
    cards in hand."""
    rng = random.Random(seed)
    yield from meld_phases(random_rules(rng), seed, rng)


def _searched_upside_down(deal: Deal, upside_down: bool) -> bool:
    """The going-out search's answer for the player to act: as the planner asks it, from the
    ranks upside down (the aces placed first) and as they are in turn, with budgets of
    positions starting at one so that many searches are abandoned and resumed; or only as
    they are (the fours first), with no budget that runs out."""
    canasta.clear_caches()
    kept = going_out._upside_down, going_out._faces, going_out._FIRST_BUDGET
    if upside_down:
        going_out._FIRST_BUDGET = 1
    else:
        going_out._upside_down = lambda nat, layout: (nat, layout)  # type: ignore[assignment]
        going_out._faces = lambda spare: spare  # type: ignore[assignment]
    try:
        return going_out.going_out_possible(deal.hand, deal.melds[deal.side], deal.rules, 0, False)
    finally:
        going_out._upside_down, going_out._faces, going_out._FIRST_BUDGET = kept  # type: ignore[assignment]


@planner_walk
@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_CL_OUT_1_going_out_is_found_the_same_with_the_ranks_upside_down(seed: int) -> None:
    """No rule of melds depends on which way the ranks run, so the search may place the
    highest rank first, or take the answer of whichever way finds it first: whole hands of
    random games under random house rules (sequences among them), each asked both ways."""
    for deal in _meld_phases(seed):
        turned = _searched_upside_down(deal, upside_down=True)
        assert turned == _searched_upside_down(deal, upside_down=False), (seed, deal)


@st.composite
def _hands_and_sequences(draw: st.DrawFn) -> tuple[str, bytes, int, Layout, frozenset[int]]:
    """A rule set with sequences, a few natural cards of neighbouring ranks, wild cards,
    sequences and melds of one rank on the table, and the faces that may be the discard."""
    name = draw(st.sampled_from(["hollywood", "samba", "bolivia"]))
    low = draw(st.integers(0, TOP - 4))
    cards = draw(
        st.lists(st.tuples(st.integers(low, min(TOP, low + 5)), st.integers(0, 3)), max_size=10)
    )
    nat = bytearray(NATURAL_FACES.stop)
    for position, suit in cards:
        nat[natural_face(position, suit)] += 1
    runs = draw(
        st.lists(
            drawn_runs(
                st.integers(0, 3),
                st.integers(0, TOP - 2),
                st.integers(3, 6),
                st.integers(0, 1),
            ),
            max_size=2,
        )
    )
    ranks = draw(
        st.lists(
            drawn_rank_groups(st.integers(0, TOP), st.integers(2, 5), st.integers(0, 1)),
            max_size=2,
        )
    )
    held = [face for face, n in enumerate(nat) if n]
    spare = frozenset(draw(st.lists(st.sampled_from(held), max_size=2))) if held else frozenset()
    layout = Layout(tuple(sorted(ranks)), tuple(sorted(runs)))
    return name, bytes(nat), draw(st.integers(0, 3)), layout, spare


@settings(max_examples=examples(300), deadline=None)
@given(_hands_and_sequences())
def test_HW_MELD_6_sequences_are_placed_the_same_with_the_ranks_upside_down(
    case: tuple[str, bytes, int, Layout, frozenset[int]],
) -> None:
    """The search itself, from positions with sequences on the table (which whole hands of
    random games seldom reach), the canastas already made: whether the cards can all be
    melded is the same with the ranks upside down."""
    name, nat, wilds, layout, spare = case
    t = tables(find_rules(name))
    made = Summary(done=t.rules.canastas_to_go_out)
    new_wild = wild_meld_canastas(t.rules)
    plain = sweep.Sweep(t, False, new_wild).out(nat, wilds, layout, made, 0, spare)
    top_first, turned = going_out._upside_down(nat, layout)
    upside_down = sweep.Sweep(t, False, new_wild).out(
        top_first, wilds, turned, made, 0, going_out._faces(spare)
    )
    assert plain == upside_down


@st.composite
def _rank_to_place(draw: st.DrawFn) -> tuple[sweep.Sweep, bytes, int, Layout, int]:
    """A search under any rule set (house rules drawn), and a position of it: natural cards
    of a few ranks, the lowest with several cards (the rank to place), wild cards, and
    sequences and melds of one rank on the table, some of the lowest rank."""
    t = tables(random_rules(random.Random(draw(st.integers(0, 2**32)))))
    low = draw(st.integers(0, TOP - 3))
    ranks = st.integers(low, low + 3)
    nat = bytearray(NATURAL_FACES.stop)
    for suit in draw(st.lists(st.integers(0, 3), min_size=1, max_size=6)):
        nat[natural_face(low, suit)] += 1
    suits = st.integers(0, draw(st.integers(0, 3)))  # few suits: sequences to make
    for position, suit in draw(st.lists(st.tuples(ranks, suits), max_size=12)):
        nat[natural_face(position, suit)] += 1
    near = st.integers(max(0, low - 5), min(TOP, low + 4))
    runs = draw(
        st.lists(
            drawn_runs(st.integers(0, 3), near, st.integers(3, 6), st.integers(0, 1)), max_size=3
        )
    )
    groups = draw(
        st.lists(drawn_rank_groups(ranks, st.integers(1, 5), st.integers(0, 1)), max_size=2)
    )
    if not t.several:  # one meld a rank at most
        groups = list({group.position: group for group in groups}.values())
    hand = bytes(nat) if t.sequences else placing.folded(bytes(nat))
    layout = Layout(tuple(sorted(groups)), tuple(sorted(runs)))
    search = sweep.Sweep(t, False, wild_meld_canastas(t.rules))
    return search, hand, draw(st.integers(0, 3)), layout, low


@settings(max_examples=examples(400), deadline=None)
@given(_rank_to_place())
def test_CL_MELD_2_a_rank_is_placed_the_same_where_no_unsharable_pool_is_followed(
    case: tuple[sweep.Sweep, bytes, int, Layout, int],
) -> None:
    """The ways to place a rank's naturals (``Sweep._rank_ways``), which follow only the
    choices whose pool can be shared among the rank's melds and new ones (not too few cards
    for a new meld, CL-MELD-2, or a meld of the rank to join): the same ways, in the same
    order, as following every choice (``Sweep._rank_placed``, told nothing of the pools)
    and sharing the pool of each, where it can be shared, keeping the sharings whose new
    melds need no more wild cards than are left (none owed: an empty summary)."""
    search, nat, wilds, layout, position = case
    every = search._rank_placed(nat, wilds, layout, position, 0, None)
    plain = [way for way in every if sweep.pool_shared(layout.ranks, position, way[3], search.t)]
    fast = list(search._rank_ways(nat, wilds, layout, Summary(), position))
    event(f"placings {len(plain)}, ways {len(fast)}")
    assert fast == [
        (after, left, Layout(ranks, grown.runs, grown.wilds))
        for after, left, grown, pool in plain
        for ranks, short in sweep.pool_shared(layout.ranks, position, pool, search.t)
        if short <= left
    ]
