"""Where the natural cards must go, followed through (issue 26): the bound
:func:`~canasta._engine.search.forced.forced_short` against the search without it.

A rank with no meld on the table and too few cards for a new one (HW-MELD-5) goes into
sequences; a neighbour every sequence through a card needs is in a sequence, so its rank
may be left too few for a meld in turn; a rank with a card no sequence can take needs a new
meld, which takes all its cards where it has just enough. The bound refutes a hand where a
card is then left with nowhere to go or the melds need more wild cards than it holds. It
must only ever refute where no plan melds the cards: checked against the placing search
itself, under Hollywood, Samba and Bolivia with drawn house rules; and on whole hands of
random games, with the bound and without it.

Also the search's own completeness, which that comparison found wanting: a card leading a
block below a sequence may leave a natural between to a meld of its rank, a wild card in
its place (HW-MELD-10; :func:`~canasta._engine.search.placing.run_placements`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES, natural_face
from play_helpers import meld_phases
from search_helpers import (
    assert_the_same_going_out,
    drawn_rank_groups,
    drawn_rules,
    drawn_runs,
    going_out_questions,
    going_out_with,
    naturals,
    placed,
    planner_walk,
    questions_led,
)

import canasta
from canasta import Cards, RuleSet, find_rules
from canasta._engine.search import forced, going_out, one_wild
from canasta._engine.search.forced import forced_short
from canasta._engine.search.layout import Layout, RankGroup, Run, encoded, wild_meld_canastas
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import TOP, tables

FAMILIES = ("hollywood", "samba", "bolivia")
SLOW = Path(__file__).parent / "data" / "slow26"


@st.composite
def _positions(draw: st.DrawFn) -> tuple[RuleSet, bytes, int, Layout]:
    """A rule set of a family with sequences, natural cards of a stretch of ranks (few of
    each, so that ranks fall short of a meld), a few wild cards, and sequences and melds of
    one rank on the table."""
    rules = drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32)))
    low = draw(st.integers(0, TOP - 6))
    cards = draw(
        st.lists(st.tuples(st.integers(low, low + 6), st.integers(0, 3)), min_size=1, max_size=12)
    )
    nat = bytearray(NATURAL_FACES.stop)
    for position, suit in cards:
        nat[natural_face(position, suit)] += 1
    runs = draw(
        st.lists(
            drawn_runs(
                st.integers(0, 3),
                st.integers(max(0, low - 3), min(TOP, low + 7)),
                st.integers(3, 6),
                st.integers(0, 1),
            ),
            max_size=2,
        )
    )
    ranks = draw(
        st.lists(
            drawn_rank_groups(st.integers(low, low + 6), st.integers(3, 5), st.integers(0, 1)),
            max_size=1,
        )
    )
    layout = Layout(tuple(sorted(ranks)), tuple(sorted(runs)))
    return rules, bytes(nat), draw(st.integers(0, 3)), layout


@settings(max_examples=600, deadline=None)
@given(_positions(), st.booleans())
@example(  # the tens and the spades of the Hollywood for three hand: a ten has no home
    (
        find_rules("hollywood"),
        naturals("7S 9S 10S JS 10D 10D 8D"),
        0,
        Layout(runs=(Run(1, 5, 8, 1),)),
    ),
    True,
)
def test_HW_MELD_5_the_forced_naturals_never_refute_a_way_the_search_finds(
    case: tuple[RuleSet, bytes, int, Layout], spare: bool
) -> None:
    rules, nat, wilds, layout = case
    t = tables(rules)
    held = frozenset(face for face, count in enumerate(nat) if count) if spare else frozenset()
    refuted = forced_short(nat, layout, wilds, held, t)
    event(f"refuted {refuted}")
    if refuted:
        assert not placed(rules, nat, wilds, layout, spare), case


#: A refused step of the Hollywood for five hand with ``min_naturals=2`` (tests/data/slow26,
#: 44 cards after black threes): ``meld 6D 7D 9D 10D JD QD KD AD 2S wild=8`` leaves one
#: wild card, and the jack of spades, the queens and the sevens each need it or the discard.
_ONE_WILD_STEP = (
    find_rules("hollywood", players=5).with_options(min_naturals=2),
    naturals(
        "4C 4C 4C 4H 4S 5C 5H 5S 6D 6H 6S 7D 7S 7S 8S 8S 9C 9D 9H 10D 10H 10S 10S JS QC QD"
        " KC KD KH KS AC AH AS"
    ),
    1,
    Layout(
        (RankGroup(1, 4, 0, False), RankGroup(2, 4, 0, False), RankGroup(10, 4, 1, False)),
        (Run(0, 1, 10, 1), Run(1, 1, 10, 1), Run(1, 3, 5, 1), Run(2, 2, 7, 0), Run(3, 7, 10, 1)),
    ),
)


@settings(max_examples=600, deadline=None)
@given(_positions(), st.booleans())
@example(_ONE_WILD_STEP, True)
def test_HW_MELD_6_one_wild_card_in_each_of_its_places_never_refutes_a_way_the_search_finds(
    case: tuple[RuleSet, bytes, int, Layout], spare: bool
) -> None:
    """``one_wild.one_wild_short``: a hand with one wild card, asked with no wild card and
    with a natural card more in each place the wild card may stand for, must only ever
    refute where the placing search (with the wild card) finds no way."""
    rules, nat, _, layout = case
    t = tables(rules)
    held = frozenset(face for face, count in enumerate(nat) if count) if spare else frozenset()
    refuted = one_wild.one_wild_short(nat, layout, held, t)
    event(f"refuted {refuted}")
    if refuted:
        assert not placed(rules, nat, 1, layout, spare), case


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_6_one_wild_card_s_places_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with
    ``one_wild_short`` and without it."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, going_out, "one_wild_short", lambda *args: False)


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_6_one_wild_card_s_places_asked_first_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with
    ``one_wild_short`` asked before any search (as where it refused the last question,
    ``Sweep.one_wild_led``) and by the search without it."""
    rules = drawn_rules(family, seed)
    for deal in meld_phases(rules, seed):
        with questions_led(one_wild_led=True):
            asked_first = going_out_with(deal, going_out, "one_wild_short")
        plain = going_out_with(deal, going_out, "one_wild_short", lambda *args: False)
        assert asked_first == plain, (rules, seed, deal)


@pytest.mark.planner_only(
    reason="loads a saved slow position, whose moves the reference lists slowly"
)
def test_HW_MELD_6_the_hollywood_hand_lists_the_same_moves_with_one_wild_card_asked_first() -> (
    None
):
    """The Hollywood for five hand of tests/data/slow26 with ``min_naturals=2``, whose
    refused steps leave one wild card, ``one_wild_short`` asked of every question before
    any search: the same 445 moves as tests/test_slow_positions26.py keeps."""
    text = (SLOW / "hollywood-5p-min-naturals-2-44-cards-after-black-threes.json").read_text()
    canasta.clear_caches()
    with questions_led(one_wild_led=True):
        texts = sorted(str(move) for move in canasta.Game.from_json(text).legal_moves())
    canasta.clear_caches()
    assert len(texts) == 445
    assert hashlib.sha1("\n".join(texts).encode()).hexdigest()[:10] == "631ac56648"


@st.composite
def _one_face(draw: st.DrawFn) -> tuple[bytes, int, int, tuple[Run, ...], int, forced._Limits]:
    """The arguments of ``forced._covered``: a suit's naturals by position, a card's position
    and copies, open sequences of the suit without its rank, the wild cards, and what a
    sequence may be under a rule set with sequences, house rules drawn."""
    t = tables(drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32))))
    limits = forced._Limits(t.min_size, t.sequence_naturals, t.longest_sequence, t.sequence_wilds)
    counts = bytes(draw(st.lists(st.integers(0, 3), min_size=TOP + 1, max_size=TOP + 1)))
    position = draw(st.integers(0, TOP))
    runs = draw(
        st.lists(
            drawn_runs(st.just(0), st.integers(0, TOP), st.integers(3, 7), st.integers(0, 2)),
            max_size=2,
        )
    )
    sequences = tuple(sorted(run for run in runs if not run.low <= position <= run.high))
    return counts, position, draw(st.integers(1, 3)), sequences, draw(st.integers(0, 8)), limits


def _windows(
    counts: bytes, position: int, runs: tuple[Run, ...], wilds: int, limits: forced._Limits
) -> list[forced._Window]:
    """The windows of ranks the sequences through the card may fill, as ``forced._covered``
    asks them."""
    return forced._windows(counts, position, runs, wilds, limits)


def _ways(
    counts: bytes, position: int, runs: tuple[Run, ...], wilds: int, limits: forced._Limits
) -> list[forced._Way]:
    """Every way of those windows (``forced._fillings``)."""
    windows = _windows(counts, position, runs, wilds, limits)
    return [way for window in windows for way in forced._fillings(*window)]


@settings(max_examples=400, deadline=None)
@given(_one_face())
def test_HW_MELD_6_one_card_s_cover_told_from_its_windows_as_from_its_ways(
    case: tuple[bytes, int, int, tuple[Run, ...], int, forced._Limits],
) -> None:
    """One card that must go into a sequence: what every way of it gives, told from each
    window of ranks with no way made (``forced._one_cover``), is what trying every way
    gives (``forced._copies_cover``, HW-MELD-5, HW-MELD-6)."""
    counts, position, _, runs, wilds, limits = case
    windows = _windows(counts, position, runs, wilds, limits)
    ways = _ways(counts, position, runs, wilds, limits)
    event(f"ways {min(len(ways), 20)}{'+' if len(ways) >= 20 else ''}")
    assert forced._one_cover(windows) == forced._copies_cover(ways, 1, counts, wilds)


@settings(max_examples=400, deadline=None)
@given(_one_face())
def test_HW_MELD_6_the_ways_another_does_as_well_as_change_no_cover(
    case: tuple[bytes, int, int, tuple[Run, ...], int, forced._Limits],
) -> None:
    """The cards of one face that must go into sequences: trying only the ways no other
    does as well as (``forced._undominated``) learns what trying them all does (HW-MELD-5,
    HW-MELD-6: the sequences' sizes and wild cards)."""
    counts, position, copies, runs, wilds, limits = case
    ways = _ways(counts, position, runs, wilds, limits)
    kept = forced._undominated(ways)
    event(f"ways {len(ways)} -> {len(kept)}")
    plain = forced._copies_cover(ways, copies, counts, wilds)
    assert forced._copies_cover(kept, copies, counts, wilds) == plain


@settings(max_examples=400, deadline=None)
@given(_one_face())
def test_HW_MELD_6_wild_cards_past_a_sequence_s_each_change_no_cover(
    case: tuple[bytes, int, int, tuple[Run, ...], int, forced._Limits],
) -> None:
    """The cards of one face take at most a sequence's wild cards each: told no more wild
    cards than that (``forced._wilds_worth``, as ``forced._State._cover`` tells),
    ``forced._covered`` answers the same."""
    counts, position, copies, runs, wilds, limits = case
    fewer = forced._wilds_worth(wilds, copies, limits)
    event(f"wild cards told {'fewer' if fewer < wilds else 'all'}")
    plain = forced._covered.__wrapped__(counts, position, copies, runs, wilds, limits)
    assert forced._covered.__wrapped__(counts, position, copies, runs, fewer, limits) == plain


def test_HW_MELD_5_a_ten_every_meld_of_tens_needs_is_in_the_spades() -> None:
    """Hollywood: the nine of spades can go only into a sequence of spades (one nine, and a
    meld needs three naturals, HW-MELD-5), which needs the ten of spades beside it (no
    eight); so the two tens of diamonds have no meld of tens, and no sequence of diamonds
    takes either (the one on the table holds the ten, and the eight is alone): two cards
    with nowhere to go, one more than the discard."""
    rules = find_rules("hollywood")
    nat = naturals("9S 10S JS 10D 10D 8D")
    layout = Layout(runs=(Run(1, 5, 8, 1),))
    t = tables(rules)
    held = frozenset(face for face, count in enumerate(nat) if count)
    assert forced_short(nat, layout, 1, held, t)
    assert not placed(rules, nat, 1, layout, True)
    # Two more nines: the jack of spades the discard, the nines and the tens make melds.
    with_nine = naturals("9S 10S JS 10D 10D 9C 9D 8D")
    assert not forced_short(with_nine, layout, 1, held, t)
    assert placed(rules, with_nine, 1, layout, True)


def test_HW_MELD_10_a_block_below_a_sequence_may_leave_a_natural_to_its_rank() -> None:
    """5H 6H 7H on the table, and in hand the three eights and the nine of hearts with one
    wild card: the eights make a meld (HW-MELD-5), the nine joins the sequence with the
    wild card standing for the eight (HW-MELD-10). Searched from the top (the ranks upside
    down, as the going-out search also asks), the nine comes first and leads a block below
    the sequence: the block must be allowed the wild card where the eight is held too."""
    rules = find_rules("hollywood")
    t = tables(rules)
    nat = naturals("8C 8D 8H 9H")
    layout = Layout(runs=(Run(2, 1, 3, 0),))
    done = Summary(done=rules.canastas_to_go_out)
    turned_nat, turned = going_out._upside_down(nat, layout)
    for hand, melds in ((nat, layout), (turned_nat, turned)):
        assert Sweep(t, False, wild_meld_canastas(rules)).out(hand, 1, melds, done, 0)


def test_HW_B3_3_black_threes_where_a_wild_card_stands_for_a_held_eight() -> None:
    """The same cards in a game: 5H 6H 7H laid, two canastas, and in hand three black
    threes, the three eights, the nine of hearts (drawn with the joker) and a four to
    discard. Melding the black threes obliges going out (HW-B3-3), which the hand can: the
    eights a meld, 9H and the joker standing for the eight onto the sequence. The planner
    refused the black threes (its search from the top answered first, and wrongly); the
    reference solver, which plays every step out, and now the planner, offer them."""
    game = canasta.Game.from_position(
        find_rules("hollywood", players=2),
        hands=["3C 3S 3C 8C 8D 8H 4S", "4C 4D 4H"],
        melds=[["KH KS KD KC KH KS KD", "QC QD QH QS QC QD QH", "5H 6H 7H"], []],
        pile="9S",
        draws="9H JK",
        melded_players=[0],
    ).apply(canasta.Draw())
    black = canasta.parse_move("meld 3C 3C 3S")
    assert game.explain(black) is None
    assert black in game.legal_moves()


# --- whole hands ----------------------------------------------------------------------------


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_5_the_forced_naturals_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the bound and
    without it."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, going_out, "discards_left", lambda *args: None)


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_5_the_forced_naturals_left_out_at_positions_change_no_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked as the search asks
    the bound at its positions (not where the hand holds no wild card and needs its
    discard, ``going_out._forced_at_positions``) and asking it at every position."""

    def everywhere(wilds: int, discard_needed: bool) -> bool:
        return True

    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, going_out, "_forced_at_positions", everywhere)


@pytest.mark.planner_only(reason="asks the planner's going-out search")
def test_HW_MELD_5_the_forced_naturals_left_out_at_positions_of_a_saved_hand() -> None:
    """The Hollywood for five hand of ``tests/data/slow26`` with ``min_naturals=2``, whose
    found steps meld both twos in a meld of one rank (no wild card left, the discard
    needed): every going-out question of its listing answered alike with the bound asked
    at every position of the search."""
    name = "hollywood-5p-min-naturals-2-44-cards-after-black-threes.json"
    questions = going_out_questions((SLOW / name).read_text(encoding="utf-8"))
    left_out = 0
    plain = going_out._forced_at_positions

    def everywhere(wilds: int, discard_needed: bool) -> bool:
        nonlocal left_out
        left_out += not plain(wilds, discard_needed)
        return True

    canasta.clear_caches()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "_forced_at_positions", everywhere)
        for hand, melds, rules, owed, exempt, found in questions:
            assert going_out.going_out_possible(hand, melds, rules, owed, exempt) is found
    assert left_out >= 10  # 11 questions when written


@pytest.mark.planner_only(reason="asks the planner's going-out search")
def test_CL_B3_3_the_hollywood_for_three_steps_refuted_before_any_search() -> None:
    """The Hollywood for three hand of 30 cards after black threes (``tests/data/slow26``):
    every meld step must go out (CL-B3-3), and after ``meld 10C JC QC`` the bound refutes
    it with no search, where the search took some 190 positions."""
    game = canasta.Game.from_json((SLOW / "hollywood-3p-opening-table-30-cards.json").read_text())
    deal = game.deal
    step = Cards.parse("10C JC QC")
    t = tables(deal.rules)
    layout, _ = encoded(deal.melds[deal.side], t)
    layout = layout._replace(runs=tuple(sorted((*layout.runs, Run(0, 6, 8, 0)))))
    hand = deal.hand - step
    nat = hand.counts[: NATURAL_FACES.stop]
    wilds = sum(1 for card in hand if card.is_wild)
    held = frozenset(face for face, count in enumerate(nat) if count)
    assert forced_short(nat, layout, wilds, held, t)
