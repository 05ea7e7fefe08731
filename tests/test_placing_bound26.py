"""The copies a sequence takes (issue 26, bounded work): :func:`placing_fails` counts one
natural of a rank per sequence of its suit (HW-MELD-3: each rank once in a sequence), past
either end of it where the ranks between are held or wild cards, and as many for new
sequences as the naturals of the suit beside it can start; it must only say "fails" where
the search without it melds no way.
"""

from __future__ import annotations

import random

from fuzz.options import random_rules
from hypothesis import event, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES, natural_face
from profiles import examples
from search_helpers import (
    assert_the_same_going_out,
    drawn_runs,
    placed,
    planner_walk,
    sequence_wilds_laid,
)

from canasta import Cards, RuleSet, find_rules
from canasta._engine.search import sweep
from canasta._engine.search.layout import Layout, Run
from canasta._engine.search.stuck import placing_fails
from canasta._engine.tables import TOP, tables

HEARTS = 2


def test_HW_MELD_3_a_sequence_takes_one_natural_of_a_rank() -> None:
    t = tables(find_rules("hollywood"))  # three naturals a new meld of one rank at least
    sevens = Cards.parse("7H 7H").counts[:44]
    seven = sevens.index(2)
    below = Layout(runs=(Run(HEARTS, 0, 2, 0),))  # 4H 5H 6H: it takes one seven of hearts
    assert placing_fails(sevens, below, 0, 0, frozenset(), t)
    assert not placing_fails(sevens, below, 0, 0, frozenset({seven}), t)  # the other: discard
    two_runs = Layout(runs=(Run(HEARTS, 0, 2, 0), Run(HEARTS, 0, 2, 0)))
    assert not placing_fails(sevens, two_runs, 0, 0, frozenset(), t)
    # A sequence through the seven takes none (its position is taken, HW-MELD-10).
    through = Layout(runs=(Run(HEARTS, 0, 4, 1), Run(HEARTS, 0, 2, 0)))
    assert placing_fails(sevens, through, 0, 0, frozenset(), t)
    # Eights and nines of hearts beside them: a new sequence for each seven.
    more = Cards.parse("7H 7H 8H 8H 9H 9H").counts[:44]
    assert not placing_fails(more, below, 0, 0, frozenset(), t)


def test_HW_MELD_3_a_sequence_reaches_a_natural_through_the_ranks_between() -> None:
    t = tables(find_rules("hollywood"))  # one wild card a sequence at most (HW-MELD-6)
    nines = Cards.parse("9H 9H").counts[:44]
    nine = frozenset({nines.index(2)})
    # 4H 5H 6H with one wild card: the seven and eight of hearts between, neither held.
    low = Layout(runs=(Run(HEARTS, 0, 2, 0),))
    assert placing_fails(nines, low, 1, 0, nine, t)
    # 4H to 7H: the eight a wild card, then one nine; the other is the discard.
    assert not placing_fails(nines, Layout(runs=(Run(HEARTS, 0, 3, 0),)), 1, 0, nine, t)
    # Not with no wild card left, nor where the sequence holds its one already.
    assert placing_fails(nines, Layout(runs=(Run(HEARTS, 0, 3, 0),)), 0, 0, nine, t)
    assert placing_fails(nines, Layout(runs=(Run(HEARTS, 0, 3, 1),)), 1, 0, nine, t)
    # The eight held: it fills the rank between.
    eight = Cards.parse("8H 9H 9H").counts[:44]
    assert not placing_fails(eight, low._replace(runs=(Run(HEARTS, 0, 3, 1),)), 0, 0, nine, t)


@st.composite
def _copies_and_sequences(draw: st.DrawFn) -> tuple[str, int, bytes, int, Layout]:
    """House rules of a family with sequences (any options drawn), natural cards of a few
    neighbouring ranks and few suits, several of a face, wild cards, and sequences of
    those suits on the table, near the cards or through them, with as many wild cards as
    play leaves in one (:func:`sequence_wilds_laid`)."""
    family = draw(st.sampled_from(["hollywood", "samba", "bolivia"]))
    seed = draw(st.integers(0, 2**32))
    laid = sequence_wilds_laid(_rules(family, seed))
    low = draw(st.integers(0, TOP - 4))
    nat = bytearray(NATURAL_FACES.stop)
    faces = st.tuples(st.integers(low, low + 4), st.integers(0, 1), st.integers(1, 3))
    for position, suit, count in draw(st.lists(faces, min_size=1, max_size=5)):
        nat[natural_face(position, suit)] += count
    near = st.integers(max(0, low - 4), min(TOP, low + 4))
    runs = draw(
        st.lists(
            drawn_runs(st.integers(0, 1), near, st.integers(3, 6), st.integers(0, laid)),
            max_size=3,
        )
    )
    wilds = draw(st.integers(0, 3))
    return family, seed, bytes(nat), wilds, Layout(runs=tuple(sorted(runs)))


def _rules(family: str, seed: int) -> RuleSet:
    """The preset of ``family`` (``seed`` 0) or house rules of it drawn from ``seed``."""
    return find_rules(family) if seed == 0 else random_rules(random.Random(seed), family=family)


def _plain(rules: RuleSet, nat: bytes, wilds: int, layout: Layout) -> bool:
    """Whether the search melds the cards (one may be the discard) with no
    :func:`placing_fails` at its positions."""
    kept = sweep.placing_fails
    sweep.placing_fails = lambda *args: False  # type: ignore[assignment]
    try:
        return placed(rules, nat, wilds, layout)
    finally:
        sweep.placing_fails = kept


@settings(max_examples=examples(400), deadline=None)
@given(_copies_and_sequences())
def test_HW_MELD_3_placing_fails_only_where_the_search_places_no_way(
    case: tuple[str, int, bytes, int, Layout],
) -> None:
    family, seed, nat, wilds, layout = case
    rules = _rules(family, seed)
    t = tables(rules)
    if not t.sequences:
        return
    spare = frozenset(face for face, count in enumerate(nat) if count)
    if placing_fails(nat, layout, wilds, 0, spare, t):
        event("refuted")
        assert not _plain(rules, nat, wilds, layout), case


@planner_walk
@settings(max_examples=examples(15), deadline=None)
@given(family=st.sampled_from(["hollywood", "samba", "bolivia"]), seed=st.integers(0, 2**32))
def test_HW_MELD_3_going_out_is_the_same_without_placing_fails(family: str, seed: int) -> None:
    """Whole hands of random games under house rules with sequences (drawn options), each
    asked with the bound at the search's positions and without it."""
    rules = random_rules(random.Random(seed), family=family)
    assert_the_same_going_out(rules, seed, sweep, "placing_fails", lambda *args: False)
