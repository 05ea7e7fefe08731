"""The going-out search's bound for the natural sequence canasta going out needs (BO-OUT-1,
issue 26): :func:`escalera_in_reach` must only say "out of reach" where no plan makes one.

It is checked by the search itself: positions with sequences on the table, and whole hands
of random games under random house rules, each asked with the bound and with none (the
search then finds out at its leaves whether a natural sequence canasta was made).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
from fuzz.options import random_rules
from hypothesis import example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES, Deal, natural_face
from play_helpers import meld_phases
from search_helpers import planner_walk

import canasta
from canasta import Cards, RuleSet, RuleSetError, find_rules
from canasta._engine.search import going_out, sweep
from canasta._engine.search.escalera import escalera_in_reach
from canasta._engine.search.layout import Layout, Run, wild_meld_canastas
from canasta._engine.search.summary import Summary
from canasta._engine.tables import TOP, tables

SPADES = 3  # the suits' display order: clubs, diamonds, hearts, spades
FAMILIES = ["hollywood", "samba", "bolivia"]


def _nat(text: str) -> bytes:
    return Cards.parse(text).counts[: NATURAL_FACES.stop]


def test_BO_OUT_1_two_sequences_that_cannot_be_one_make_no_escalera() -> None:
    """The Bolivia position of tests/data/slow26 (a 47-card hand): the spades on the table,
    7 to jack and queen to ace, hold every rank from 7 to ace between them, but no sequence
    of seven: merged they would hold eight cards (SA-MELD-3), and the hand has no 6 of
    spades nor a second 8 and 9 for one from the queen down."""
    t = tables(find_rules("bolivia", players=3))
    seven_to_jack = Run(SPADES, 3, 7, 0, merges=True)
    queen_to_ace = Run(SPADES, 8, 10, 0, merges=True)
    layout = Layout(runs=(seven_to_jack, queen_to_ace))
    hand = "5S 5S 10S JS 4H 5H 6H 7H 8H 10H JH QH KH AH"  # no 9H
    assert not escalera_in_reach(_nat(hand), layout, t)
    assert escalera_in_reach(_nat(hand + " 9H"), layout, t)  # 4H to 10H
    # A 6 of spades: the 5 and 6 below the 7 to jack make seven.
    assert escalera_in_reach(_nat(hand + " 6S"), layout, t)
    # A second 8 and 9 of spades: 8 9 10 jack from the hand below queen to ace.
    assert escalera_in_reach(_nat("8S 9S 10S JS"), layout, t)
    # Where sequences may be longer (Hollywood: any length), the two merged make one.
    assert escalera_in_reach(b"\0" * 44, layout, tables(find_rules("hollywood")))
    # Not where they may not merge.
    alone = Layout(runs=(seven_to_jack._replace(merges=False), queen_to_ace))
    assert not escalera_in_reach(b"\0" * 44, alone, tables(find_rules("hollywood")))


def test_BO_OUT_1_sequences_that_overlap_are_no_parts_of_one_escalera() -> None:
    """A Bolivia for four position of benchmarks/worst_case.py (seed 3): clubs 9 to queen
    and jack to king on the table, 7 and 8 of clubs in hand. Together they hold 7 to king,
    but the two sequences share the jack and queen: merged they would hold two of each."""
    t = tables(find_rules("bolivia", players=4))
    nine_to_queen = Run(0, 5, 8, 0, merges=True)
    jack_to_king = Run(0, 7, 9, 0, merges=True)
    layout = Layout(runs=(nine_to_queen, jack_to_king))
    assert not escalera_in_reach(_nat("4C 5C 5C 7C 7C 7C 8C"), layout, t)
    # A king of clubs in hand makes one: 7 8 from the hand, 9 to queen, the king.
    assert escalera_in_reach(_nat("7C 8C KC"), layout, t)
    # Two that meet merge: 7 to 9 and 10 to queen of clubs, with the 6 from the hand.
    seven_to_nine, ten_to_queen = Run(0, 3, 5, 0, merges=True), Run(0, 6, 8, 0, merges=True)
    assert escalera_in_reach(_nat("6C"), Layout(runs=(seven_to_nine, ten_to_queen)), t)
    alone = Layout(runs=(seven_to_nine._replace(merges=False), ten_to_queen))
    assert not escalera_in_reach(_nat("6C"), alone, t)
    # But not into more than seven: 5 to 8 and 9 to queen (Hollywood: any length).
    five_to_eight, nine_to_queen = Run(0, 1, 4, 0, merges=True), Run(0, 5, 8, 0, merges=True)
    eight_cards = Layout(runs=(five_to_eight, nine_to_queen))
    assert not escalera_in_reach(b"\0" * 44, eight_cards, t)
    assert escalera_in_reach(b"\0" * 44, eight_cards, tables(find_rules("hollywood")))


def test_a_sequence_canasta_on_the_table_is_one_and_wild_cards_spoil_one() -> None:
    t = tables(find_rules("bolivia"))
    assert escalera_in_reach(b"\0" * 44, Layout(runs=(Run(0, 2, 8, 0),)), t)
    # Hollywood's sequences may hold a wild card: such a one is no natural sequence.
    t = tables(find_rules("hollywood"))
    assert not escalera_in_reach(b"\0" * 44, Layout(runs=(Run(0, 2, 8, 1),)), t)
    assert not escalera_in_reach(_nat("4C 5C"), Layout(runs=(Run(0, 3, 7, 1),)), t)
    assert escalera_in_reach(_nat("4C 5C 6C"), Layout(runs=(Run(0, 3, 6, 0),)), t)


def _escalera_rules(rng: random.Random, family: str) -> RuleSet:
    """A rule set of ``family`` with drawn house rules, going out needing a natural sequence
    canasta (BO-OUT-1)."""
    while True:
        rules = random_rules(rng, family=family)
        try:
            rules = attrs.evolve(rules, going_out_needs_natural_sequence=True)
        except RuleSetError:
            continue
        if rules.sequences_allowed:
            return rules


@st.composite
def _positions(draw: st.DrawFn) -> tuple[RuleSet, bytes, int, Layout]:
    """A rule set with sequences whose going out needs a natural sequence canasta, natural
    cards in blocks of neighbouring ranks (two suits), wild cards, and sequences on the
    table of those suits, natural or not, that may merge or not."""
    family = draw(st.sampled_from(FAMILIES))
    rules = _escalera_rules(random.Random(draw(st.integers(0, 2**32))), family)
    t = tables(rules)
    blocks = draw(
        st.lists(st.tuples(st.integers(0, 1), st.integers(0, TOP), st.integers(1, 7)), max_size=3)
    )
    nat = bytearray(NATURAL_FACES.stop)
    for suit, start, size in blocks:
        for position in range(start, min(TOP, start + size - 1) + 1):
            nat[natural_face(position, suit)] += 1
    longest = max(3, min(t.longest_sequence, 8))
    runs = draw(
        st.lists(
            st.builds(
                lambda suit, start, size, wilds, merges: Run(
                    suit, start, min(TOP, start + size - 1), wilds, merges
                ),
                st.integers(0, 1),
                st.integers(0, TOP - 2),
                st.integers(3, longest),
                st.integers(0, t.sequence_wilds),
                st.just(rules.merging_allowed) | st.just(False),
            ),
            max_size=3,
        )
    )
    wilds = draw(st.integers(0, 3))
    return rules, bytes(nat), wilds, Layout(runs=tuple(sorted(runs)))


def _out(
    rules: RuleSet, nat: bytes, wilds: int, layout: Layout, bound: bool, kept: bool = False
) -> bool:
    """Whether the search melds every card with the canastas needed made already but for
    the natural sequence one (with ``kept``, that one made too, summed up), with the bound
    or with none."""
    t = tables(rules)
    made = Summary(done=rules.canastas_to_go_out, escalera=kept)
    kept_bound = sweep.escalera_in_reach
    if not bound:
        sweep.escalera_in_reach = lambda *args: True  # type: ignore[assignment]
    try:
        return sweep.Sweep(t, True, wild_meld_canastas(rules)).out(nat, wilds, layout, made, 0)
    finally:
        sweep.escalera_in_reach = kept_bound  # type: ignore[assignment]


@settings(max_examples=300, deadline=None)
@given(_positions())
@example(
    (
        find_rules("bolivia"),
        _nat("8S 9S 10S JS"),
        0,
        Layout(runs=(Run(SPADES, 3, 7, 0, True), Run(SPADES, 8, 10, 0, True))),
    )
)
def test_BO_OUT_1_the_escalera_bound_never_refutes_where_the_search_finds_going_out(
    case: tuple[RuleSet, bytes, int, Layout],
) -> None:
    rules, nat, wilds, layout = case
    canasta.clear_caches()
    plain = _out(rules, nat, wilds, layout, bound=False)
    assert _out(rules, nat, wilds, layout, bound=True) == plain
    if plain:
        assert escalera_in_reach(nat, layout, tables(rules))


def test_BO_OUT_1_an_escalera_summed_up_already_needs_no_other() -> None:
    """Once the search has summed up a natural sequence canasta (a sequence no card left
    can join), the cards left need make none: three fours, a new meld, go out."""
    rules = find_rules("bolivia", players=4)
    assert _out(rules, _nat("4C 4D 4H"), 0, Layout(), bound=True, kept=True)
    assert not _out(rules, _nat("4C 4D 4H"), 0, Layout(), bound=True)


@settings(max_examples=150, deadline=None)
@given(_positions())
def test_BO_OUT_1_the_escalera_bound_asks_nothing_once_one_is_summed_up(
    case: tuple[RuleSet, bytes, int, Layout],
) -> None:
    """The same positions with the natural sequence canasta made and summed up already."""
    rules, nat, wilds, layout = case
    canasta.clear_caches()
    plain = _out(rules, nat, wilds, layout, bound=False, kept=True)
    assert _out(rules, nat, wilds, layout, bound=True, kept=True) == plain


def _searched(deal: Deal, bound: bool) -> bool:
    """The going-out search's answer for the player to act, with the bound or with none (and
    none of the positions a search remembers between calls)."""
    canasta.clear_caches()
    kept = going_out.escalera_in_reach, sweep.escalera_in_reach
    if not bound:
        going_out.escalera_in_reach = lambda *args: True  # type: ignore[assignment]
        sweep.escalera_in_reach = lambda *args: True  # type: ignore[assignment]
    try:
        return going_out.going_out_possible(deal.hand, deal.melds[deal.side], deal.rules, 0, False)
    finally:
        going_out.escalera_in_reach, sweep.escalera_in_reach = kept  # type: ignore[assignment]


def _meld_phases(seed: int) -> Iterator[Deal]:
    """The deals of a random game's first deal in the meld phase with cards in hand: a
    family with sequences, drawn house rules, going out needing a natural sequence
    canasta."""
    rng = random.Random(seed)
    yield from meld_phases(_escalera_rules(rng, rng.choice(FAMILIES)), seed, rng)


@planner_walk
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_BO_OUT_1_the_escalera_bound_never_changes_a_going_out_answer(seed: int) -> None:
    """Whole hands of random games, each asked with the bound and with none."""
    for deal in _meld_phases(seed):
        assert _searched(deal, bound=True) == _searched(deal, bound=False), (seed, deal)
