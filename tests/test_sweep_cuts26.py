"""Two cuts of the going-out search's positions (issue 26), each held to the search without it.

- The ways of sharing a rank among melds that it skips: where a meld of one rank may start
  with fewer natural cards than the smallest meld (``min_naturals`` below ``min_meld_size``:
  Samba, and Hollywood with ``min_naturals=2``), a rank's naturals split into melds in many
  ways, most of them too small for the wild cards a hand has left. The search
  (``sweep.pool_shared``) counts the wild cards each way's melds need to reach the smallest
  size and skips the ways that need more than are left beside those the melds already
  summed up need: the melds of the rank just placed are summed up at once, and
  ``Summary.add`` refuses them so.
- Where the naturals must go, followed through (``forced.forced_short``, asked before the
  search of each hand), asked again at each position whose wild cards are all owed to the
  melds summed up, where sequences may take wild cards: the naturals left then go onto the
  open melds and new ones with none.

Each test asks the search with the cut and without it (every way tried; the bound never
refuting): the same answer, on drawn positions of the search, on whole hands of random
games, and on two hands of ``tests/data/slow26`` that each cut answers much sooner.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES
from profiles import examples
from search_helpers import assert_the_same_going_out, drawn_rules, drawn_stretch

from canasta import Cards, Meld, RuleSet, find_rules
from canasta._engine.search import going_out, sweep
from canasta._engine.search.layout import Layout, RankGroup, wild_meld_canastas
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import Tables, tables

pytestmark = pytest.mark.planner_only(reason="the planner's own search, with a cut and without")

FAMILIES = ("hollywood", "samba", "bolivia")

SharedRanks = tuple[tuple[tuple[RankGroup, ...], int], ...]


def _every_way(
    shared: Callable[[tuple[RankGroup, ...], int, int, Tables], SharedRanks],
) -> Callable[[tuple[RankGroup, ...], int, int, Tables], SharedRanks]:
    """``sweep.pool_shared`` with no way skipped: each said to need no wild card."""

    def every_way(
        ranks: tuple[RankGroup, ...], position: int, pool: int, t: Tables
    ) -> SharedRanks:
        return tuple((melds, 0) for melds, _ in shared(ranks, position, pool, t))

    return every_way


def _never(*args: object) -> bool:
    """A bound that never refutes."""
    return False


#: Each cut: the name in ``sweep`` it is asked by, and what the search without it asks.
CUTS = {
    "skip": ("pool_shared", _every_way(sweep.pool_shared)),
    "forced": ("forced_short", _never),
}


@st.composite
def _positions(draw: st.DrawFn) -> tuple[RuleSet, bytes, int, Layout]:
    """A rule set of a family with sequences and house rules drawn (``min_naturals`` among
    them), naturals of a stretch of ranks, few wild cards, and sequences and melds of one
    rank on the table."""
    rules, nat, layout = draw(drawn_stretch(FAMILIES, most_cards=16, most_runs=2))
    return rules, nat, draw(st.integers(0, 2)), layout


def _out(rules: RuleSet, nat: bytes, wilds: int, layout: Layout, spare: bool) -> bool:
    """The search's answer, each way round as ``going_out`` asks it, with no budget and a
    search of its own; both must agree (``tests/test_either_way26.py``). The canastas going
    out needs are made already: the placing of the cards alone, which the cuts speak of
    (the whole hands below count the canastas too)."""
    t = tables(rules)
    made = Summary(done=rules.canastas_to_go_out)
    held = frozenset(face for face, count in enumerate(nat) if count) if spare else frozenset()
    answers = set()
    turned_nat, turned = going_out._upside_down(nat, layout)
    for hand, melds, faces in (
        (nat, layout, held),
        (turned_nat, turned, going_out._faces(held)),
    ):
        search = Sweep(t, rules.going_out_needs_natural_sequence, wild_meld_canastas(rules))
        answers.add(search.out(hand, wilds, melds, made, 0, faces))
    (answer,) = answers
    return answer


@pytest.mark.parametrize("cut", sorted(CUTS))
@settings(max_examples=examples(300), deadline=None)
@given(case=_positions(), spare=st.booleans())
@example(  # Samba, one wild card: six kings and two queens, most splits too small
    case=(
        find_rules("samba"),
        Cards.parse("QC QS KC KC KH KH KS KS AC AH").counts[: NATURAL_FACES.stop],
        1,
        Layout(),
    ),
    spare=False,
)
@example(  # Hollywood: two sevens of spades, one six and one eight, the wild card for both
    case=(
        find_rules("hollywood"),
        Cards.parse("5S 6S 7S 7S 8S").counts[: NATURAL_FACES.stop],
        1,
        Layout(),
    ),
    spare=False,
)
def test_HW_MELD_5_a_cut_of_the_search_never_changes_its_answer(
    cut: str, case: tuple[RuleSet, bytes, int, Layout], spare: bool
) -> None:
    rules, nat, wilds, layout = case
    with_it = _out(rules, nat, wilds, layout, spare)
    event(f"a way out {with_it}")
    name, without = CUTS[cut]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sweep, name, without)
        assert _out(rules, nat, wilds, layout, spare) == with_it, case


@pytest.mark.parametrize("cut", sorted(CUTS))
@settings(max_examples=examples(10), deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_5_a_cut_never_changes_a_whole_hands_going_out_answer(
    cut: str, family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the cut and
    without it."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, sweep, *CUTS[cut])


def _melds(*texts: str) -> tuple[Meld, ...]:
    """Melds from text; ``CARDS/R``: a sequence whose wild card stands for rank ``R``."""
    return tuple(Meld.of(*text.split("/")) for text in texts)


#: Two going-out questions of ``tests/data/slow26`` (the steps' hands and the side's melds
#: after them), each refused after thousands of positions: the Samba for five hand after
#: ``meld 3C 3C 3S`` (one wild card, a black three left for the discard) and the Hollywood
#: for five hand (``min_naturals=2``) after ``meld 6D 7D 9D 10D JD QD KD 2S wild=8``.
_SLOW = (
    (
        "samba-5p-one-wild-card-a-sequence-48-cards-after-taking-the-pile",
        "4C 4S 5C 5C 5D 5H 6C 6D 6H 6S 7H 7H 8C 8D 8H 8S 8S 9C 9H 9H 9S 9S 10C 10D 10H 10S "
        "10S JC JD JH JS QC QS KC KC KH KH KS KS AC AH AS AS 2C 3S",
        _melds("7D 7S JK", "4D 4H 4H", "3C 3C 3S"),
    ),
    (
        "hollywood-5p-min-naturals-2-44-cards-after-black-threes",
        "4C 4C 4C 4H 4S 5C 5D 5H 5S 6D 6H 6S 7S 7S 8D 8S 8S 9C 9D 9H 10D 10H 10S 10S JS QC "
        "QD KC KD KH KS AC AD AH AS 2S",
        _melds(
            "AC AD AD AH JK",
            "5C 6C 7C 8C 9C 10C JC KC AC JK/Q",
            "6C 6D 6H 6S",
            "7D 8D 2C/9",
            "5C 5D 5S 5S",
            "6H 7H 8H 9H 10H JH",
            "2C 3C 3C 3S",
            "JS QS AS 2D/K",
            "6D 7D 9D 10D JD QD KD 2S/8",
        ),
    ),
)


@pytest.mark.parametrize("cut", sorted(CUTS))
@pytest.mark.parametrize(("name", "hand", "melds"), _SLOW, ids=[name for name, _, _ in _SLOW])
def test_CL_B3_3_the_slow_hands_are_refused_with_a_cut_and_without(
    name: str, hand: str, melds: tuple[Meld, ...], cut: str
) -> None:
    saved = json.loads((Path(__file__).parent / "data" / "slow26" / f"{name}.json").read_text())
    given_rules = saved["rules"]
    preset = find_rules(given_rules["preset"], players=given_rules["players"])
    rules = attrs.evolve(preset, **given_rules["options"])
    cards = Cards.parse(hand)
    assert not going_out.going_out_possible(cards, melds, rules, 0, False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sweep, *CUTS[cut])
        assert not going_out.going_out_possible(cards, melds, rules, 0, False)
