"""The wild cards' roots and the one wild card's discards (issue 26), each cut held to the
search without it.

- A root of the going-out search that discards a wild card (or a black three) melds every
  natural with as many wild cards as the root with no discard or fewer: where that root
  found the naturals, every one melded, in trouble (``forced.trouble``), it is refused
  unasked (``going_out._still_in_trouble``; HW-MELD-5, HW-MELD-6). Held to the search that
  asks it.
- ``one_wild_short`` is asked with the discards the search tries (``Sweep.tried``, which
  ``forced.discards_left`` leaves) rather than every natural discard: a plan discarding
  another face melds naturals ``discards_left`` refuted. Held to the placing search that
  may discard any card.

Each on drawn positions under every family with drawn house rules, on whole hands of
random games, and on every going-out question of the Hollywood positions of
``tests/data/slow26`` the cuts were made for.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from search_helpers import (
    assert_the_same_going_out,
    drawn_rules,
    drawn_stretch,
    going_out_questions,
    planner_walk,
)

import canasta
from canasta import Cards, Meld, RuleSet
from canasta._engine.search import going_out
from canasta._engine.search.forced import discards_left
from canasta._engine.search.layout import Layout, wild_meld_canastas
from canasta._engine.search.one_wild import one_wild_short
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import tables

FAMILIES = ("classic", "hollywood", "samba", "bolivia")
SLOW = Path(__file__).parent / "data" / "slow26"
_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS = ("C", "D", "H", "S")

Question = tuple[RuleSet, Cards, tuple[Meld, ...], int]


def _asked_anyway(wilds: int, spare: frozenset[int], troubled: int) -> bool:
    """The stub of ``going_out._still_in_trouble``: every root asked (as before the cut)."""
    return False


def _answer(question: Question) -> bool:
    rules, hand, melds, owed = question
    canasta.clear_caches()
    return going_out.going_out_possible(hand, melds, rules, owed, False)


@st.composite
def _questions(draw: st.DrawFn) -> Question:
    """A rule set (a preset or drawn house rules), a hand of natural cards of a stretch of
    five ranks and one to three wild cards, the canastas going out needs made of other
    ranks, a meld of one rank of the stretch and a natural sequence of other ranks where
    the rules have them, and the points owed."""
    rules = drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32)))
    low = draw(st.integers(0, len(_RANKS) - 5))
    stretch = _RANKS[low : low + 5]
    pairs = st.tuples(st.sampled_from(stretch), st.sampled_from(_SUITS))
    cards = draw(st.lists(pairs, min_size=1, max_size=12))
    wilds = draw(st.lists(st.sampled_from(("2C", "2D", "JK")), min_size=1, max_size=3))
    hand = Cards.parse(" ".join([rank + suit for rank, suit in cards] + wilds))
    melds = []
    if draw(st.booleans()):
        laid = draw(st.sampled_from(stretch))
        melds.append(Meld.of(" ".join(laid + suit for suit in _SUITS[:3])))
    others = [rank for rank in _RANKS if rank not in stretch]
    for rank in others[: rules.canastas_to_go_out]:
        melds.append(Meld.of(" ".join(rank + _SUITS[i % 4] for i in range(rules.canasta_size))))
    if rules.sequences_allowed and draw(st.booleans()):
        suit = draw(st.sampled_from(_SUITS))
        melds.append(Meld.of(" ".join(rank + suit for rank in stretch[1:4])))
    return rules, hand, tuple(melds), draw(st.sampled_from((0, 0, 50)))


@settings(max_examples=600, deadline=None)
@given(_questions())
def test_HW_MELD_5_a_wild_card_s_root_refused_unasked_finds_no_way_fewer(
    question: Question,
) -> None:
    """The going-out answer with the wild cards' roots refused where the root with no
    discard found the naturals in trouble: the same as asking each of them."""
    refused: list[bool] = []
    plain = going_out._still_in_trouble

    def counted(wilds: int, spare: frozenset[int], troubled: int) -> bool:
        refused.append(plain(wilds, spare, troubled))
        return refused[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "_still_in_trouble", counted)
        found = _answer(question)
    event(f"goes out: {found}; a root refused unasked: {any(refused)}")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "_still_in_trouble", _asked_anyway)
        assert _answer(question) == found


def _placed(
    rules: RuleSet, nat: bytes, layout: Layout, spare: frozenset[int], wilds: int = 1
) -> bool:
    """Whether a search of its own melds every natural card of ``nat`` but at most one of
    ``spare``, the discard, and ``wilds`` wild cards onto ``layout`` and new melds, the
    canastas made already."""
    canasta.clear_caches()
    made = Summary(done=rules.canastas_to_go_out)
    search = Sweep(tables(rules), False, wild_meld_canastas(rules))
    return search.out(nat, wilds, layout, made, 0, spare)


@settings(max_examples=600, deadline=None)
@given(drawn_stretch(FAMILIES, 12, 3), st.integers(1, 3), st.booleans())
def test_HW_MELD_5_naturals_in_trouble_find_no_way_with_fewer_wild_cards(
    position: tuple[RuleSet, bytes, Layout], wilds: int, one_fewer: bool
) -> None:
    """The argument of ``going_out._still_in_trouble`` itself: where the root with no
    discard finds the naturals, every one melded, in trouble with ``wilds`` wild cards
    (``discards_left`` answers), the placing search melding every natural with as many
    wild cards or one fewer, none discarded, finds no way."""
    rules, nat, layout = position
    held = frozenset(face for face, count in enumerate(nat) if count)
    canasta.clear_caches()
    troubled = discards_left(nat, layout, wilds, held, tables(rules)) is not None
    event(f"in trouble: {troubled}")
    if troubled:
        assert not _placed(rules, nat, layout, frozenset(), wilds - one_fewer), position


@settings(max_examples=600, deadline=None)
@given(drawn_stretch(FAMILIES, 12, 3))
def test_HW_MELD_6_one_wild_card_asked_of_the_discards_left_finds_every_way(
    position: tuple[RuleSet, bytes, Layout],
) -> None:
    """``one_wild_short`` told only the discards ``discards_left`` leaves (with one wild
    card, as the search is told) must only ever refute where the placing search that may
    discard any natural card finds no way."""
    rules, nat, layout = position
    t = tables(rules)
    held = frozenset(face for face, count in enumerate(nat) if count)
    canasta.clear_caches()
    left = discards_left(nat, layout, 1, held, t)
    refuted = left is not None and one_wild_short(nat, layout, left, t)
    event(f"left: {'all' if left is None else len(held) - len(left)} fewer; refuted {refuted}")
    if refuted:
        assert not _placed(rules, nat, layout, held), position


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_5_wild_roots_refused_unasked_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """On whole hands of random games, preset or drawn house rules: the same answers."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, going_out, "_still_in_trouble", _asked_anyway)


@planner_walk
@pytest.mark.parametrize(
    "name",
    [
        "hollywood-5p-min-naturals-2-44-cards-after-black-threes.json",
        "hollywood-2p-hand-size-49-44-cards-after-taking-the-pile.json",
        "hollywood-2p-hand-size-60-48-cards-after-taking-the-pile.json",
    ],
)
def test_HW_MELD_5_the_slow_hollywood_questions_answered_alike(name: str) -> None:
    """Every going-out question loading the position asks: the same answers with every
    root asked and ``one_wild_short`` asked of no hand (the plain search)."""
    asked = going_out_questions((SLOW / name).read_text())
    assert asked
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "_still_in_trouble", _asked_anyway)
        patch.setattr(going_out, "one_wild_short", lambda *args: False)
        for hand, melds, rules, owed, exempt, found in asked:
            canasta.clear_caches()
            assert going_out.going_out_possible(hand, melds, rules, owed, exempt) == found, hand
