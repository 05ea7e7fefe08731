"""The discards the going-out search tries (issue 26), each cut held to the search without it.

- Never a natural card of a rank the side has a meld of (``going_out._worth_trying``):
  melded there instead, it leaves a plan as good, melding every card (CL-OUT-1,
  CL-MELD-9). Held to the search that tries them all.
- A card's discard is tried where the search reaches its rank (``sweep._discards_now``),
  no longer also at each rank below it where a block below a sequence would take it: each
  way of placing a lower card that takes it has one beside it that leaves it in hand, a
  wild card in its place (HW-MELD-10). Held to the search that also tries those.
- Where the hand needs its discard (``forced.forced_short`` refutes it without one), each
  discard the search tries is asked the same first (``Sweep._discard_fails``). Held to the
  search that asks nothing.

Each on drawn positions under every family with drawn house rules, on whole hands of
random games, and on every going-out question of the Hollywood for five position of
``tests/data/slow26`` the cuts were made for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from play_helpers import meld_phases
from search_helpers import (
    assert_the_same_going_out,
    drawn_rules,
    drawn_stretch,
    going_out_questions,
    going_out_with,
    placed,
    planner_walk,
)

import canasta
from canasta import Cards, Meld, find_rules
from canasta._engine.search import going_out, sweep
from canasta._engine.search.forced import forced_short
from canasta._engine.search.layout import Layout, encoded, wild_meld_canastas
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import tables

FAMILIES = ("classic", "hollywood", "samba", "bolivia")
SEQUENCE_FAMILIES = ("hollywood", "samba", "bolivia")
SLOW = Path(__file__).parent / "data" / "slow26"
_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS = ("C", "D", "H", "S")


def _every_discard(discards: Iterable[int], layout: object) -> list[int]:
    """The stub: every discard ``going_out._discards`` yields."""
    return list(discards)


def _never(*_: object) -> bool:
    """The stub of ``Sweep._discard_fails``: no discard refuted before its search."""
    return False


def _answer(
    hand: Cards, melds: tuple[Meld, ...], rules: canasta.RuleSet, owed: int, how: tuple[bool, bool]
) -> bool:
    canasta.clear_caches()
    exempt, concealed = how
    return going_out.going_out_possible(hand, melds, rules, owed, exempt, concealed=concealed)


@st.composite
def _questions(
    draw: st.DrawFn,
) -> tuple[canasta.RuleSet, Cards, tuple[Meld, ...], int, tuple[bool, bool]]:
    """A rule set (a preset or drawn house rules), a hand of natural cards of a stretch of
    ranks and up to two wild cards, melds of one rank on the table (three naturals each, of
    ranks in the stretch, so that the hand holds cards of them), the canastas going out
    needs (of the other ranks, as far as they go), a natural sequence where the rules have
    them, and the points owed and how the going out may be made."""
    rules = drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32)))
    low = draw(st.integers(0, len(_RANKS) - 5))
    stretch = _RANKS[low : low + 5]
    cards = draw(
        st.lists(
            st.tuples(st.sampled_from(stretch), st.sampled_from(_SUITS)), min_size=1, max_size=11
        )
    )
    wilds = draw(st.lists(st.sampled_from(("2C", "2D", "JK")), max_size=2))
    hand = Cards.parse(" ".join([rank + suit for rank, suit in cards] + wilds))
    laid = draw(st.lists(st.sampled_from(stretch), min_size=1, max_size=3, unique=True))
    melds = [Meld.of(" ".join(rank + suit for suit in _SUITS[:3])) for rank in laid]
    others = [rank for rank in _RANKS if rank not in stretch]
    for rank in others[: rules.canastas_to_go_out]:  # the canastas made, mostly
        melds.append(Meld.of(" ".join(rank + _SUITS[i % 4] for i in range(rules.canasta_size))))
    if rules.sequences_allowed and draw(st.booleans()):
        start = draw(st.integers(0, len(_RANKS) - 3))
        suit = draw(st.sampled_from(_SUITS))
        melds.append(Meld.of(" ".join(rank + suit for rank in _RANKS[start : start + 3])))
    owed = draw(st.sampled_from((0, 0, 50, 120)))
    how = draw(st.sampled_from(((False, False), (True, False), (True, True))))
    return rules, hand, tuple(melds), owed, how


@settings(max_examples=500, deadline=None)
@given(_questions())
def test_CL_OUT_1_a_laid_rank_s_card_is_never_the_discard_that_goes_out(
    question: tuple[canasta.RuleSet, Cards, tuple[Meld, ...], int, tuple[bool, bool]],
) -> None:
    """Going out is found with the discards of the laid ranks' cards left untried exactly
    where it is found trying every discard."""
    rules, hand, melds, owed, how = question
    with_it = _answer(hand, melds, rules, owed, how)
    event(f"goes out: {with_it}")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "_worth_trying", _every_discard)
        assert _answer(hand, melds, rules, owed, how) == with_it


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_CL_OUT_1_laid_ranks_discards_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """On whole hands of random games, preset or drawn house rules: the same answers."""
    assert_the_same_going_out(
        drawn_rules(family, seed), seed, going_out, "_worth_trying", _every_discard
    )


@planner_walk
def test_CL_OUT_1_the_hollywood_for_five_questions_answered_alike() -> None:
    """Every going-out question loading the Hollywood for five position with
    ``min_naturals=2`` asks (its aces, fives and sixes have melds on the table): the same
    answers trying every discard, lone cards below their ranks too."""
    text = (SLOW / "hollywood-5p-min-naturals-2-44-cards-after-black-threes.json").read_text()
    asked = going_out_questions(text)
    # 44: 69 before the quick "yes" completed too few naturals with wild cards (out_at_once),
    # 71 before new melds were answered from additions (HW-MRG-1).
    assert len(asked) > 40
    with _trying_lone_cards(), pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "_worth_trying", _every_discard)
        patch.setattr(Sweep, "_discard_fails", _never)
        for hand, melds, rules, owed, exempt, found in asked:
            assert _answer(hand, melds, rules, owed, (exempt, False)) == found, hand


@contextmanager
def _trying_lone_cards() -> Iterator[None]:
    """The search trying, beside each rank's cards, the discard of a lone card a block below
    a sequence of its suit would take, at each position below it (as it did before)."""
    layouts: list[Layout] = []
    plain_placed = Sweep._placed

    def placing(
        self: Sweep,
        nat: bytes,
        wilds: int,
        layout: Layout,
        summary: Summary,
        black_room: int,
        spare: frozenset[int],
    ) -> bool:
        layouts.append(layout)
        try:
            return plain_placed(self, nat, wilds, layout, summary, black_room, spare)
        finally:
            layouts.pop()

    def discards_now(nat: bytes, position: int, spare: frozenset[int]) -> list[int]:
        runs = layouts[-1].runs
        return [
            face
            for face in sorted(spare)
            if nat[face]
            and (
                face // 4 == position
                or (nat[face] == 1 and any(r.suit == face % 4 and face // 4 < r.low for r in runs))
            )
        ]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Sweep, "_placed", placing)
        patch.setattr(sweep, "_discards_now", discards_now)
        yield


@settings(max_examples=500, deadline=None)
@given(drawn_stretch(SEQUENCE_FAMILIES, 12, 3), st.integers(0, 2))
def test_HW_MELD_10_a_card_s_discard_tried_at_its_rank_finds_every_way(
    position: tuple[canasta.RuleSet, bytes, Layout], wilds: int
) -> None:
    """Placing alone, any card the discard: the same answer as the search that also tries
    a lone card's discard below its rank."""
    rules, nat, layout = position
    canasta.clear_caches()
    found = placed(rules, nat, wilds, layout)
    below = any(
        run.suit == face % 4 and face // 4 < run.low
        for run in layout.runs
        for face, n in enumerate(nat)
        if n == 1
    )
    event(f"placed: {found}; a lone card below a sequence: {below}")
    with _trying_lone_cards():
        canasta.clear_caches()
        assert placed(rules, nat, wilds, layout) == found


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(SEQUENCE_FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_10_discards_at_their_rank_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """On whole hands of random games, preset or drawn house rules: the same answers."""
    for deal in meld_phases(drawn_rules(family, seed), seed):
        found = going_out_with(deal, sweep, "_discards_now")
        with _trying_lone_cards():
            assert going_out_with(deal, sweep, "_discards_now") == found, (family, seed, deal)


@settings(max_examples=500, deadline=None)
@given(drawn_stretch(SEQUENCE_FAMILIES, 12, 3), st.integers(0, 2))
def test_HW_MELD_5_a_discard_refuted_before_its_search_finds_no_way_the_search_does(
    position: tuple[canasta.RuleSet, bytes, Layout], wilds: int
) -> None:
    """Placing alone, any card the discard, each discard asked first as where the hand needs
    one: the same answer as the search that asks nothing."""
    rules, nat, layout = position
    canasta.clear_caches()
    found = placed(rules, nat, wilds, layout, discard_needed=True)
    event(f"placed: {found}")
    canasta.clear_caches()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Sweep, "_discard_fails", _never)
        assert placed(rules, nat, wilds, layout) == found


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(SEQUENCE_FAMILIES), seed=st.integers(0, 2**32))
def test_HW_MELD_5_discards_refuted_before_their_search_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """On whole hands of random games, preset or drawn house rules: the same answers."""
    assert_the_same_going_out(drawn_rules(family, seed), seed, Sweep, "_discard_fails", _never)


def test_HW_MELD_5_a_lone_jack_s_wild_card_leaves_the_queens_no_meld() -> None:
    """The Hollywood for five hand with ``min_naturals=2`` of ``tests/data/slow26`` after a
    sequence of diamonds from the seven to the king: with its one wild card and no discard,
    the lone jack of spades must take the wild card into a sequence, which leaves no new
    meld of a rank one (``forced._State._set_aside``): the two queens go into sequences of
    clubs and diamonds, which take a king each, and the kings left are too few for a meld.
    ``forced_short`` refutes it at once; the search agrees."""
    rules = attrs.evolve(find_rules("hollywood", players=5), min_naturals=2)
    melds = (
        Meld.of("AC AD AD AH JK"),
        Meld.of("5C 6C 7C 8C 9C 10C JC JK KC AC", wild_as="Q"),
        Meld.of("6C 6D 6H 6S"),
        Meld.of("7D 8D 2C", wild_as="9"),
        Meld.of("5C 5D 5S 5S"),
        Meld.of("6H 7H 8H 9H 10H JH"),
        Meld.of("JS QS AS 2D", wild_as="K"),
        Meld.of("7D 9D 10D JD QD KD 2S", wild_as="8"),
    )
    hand = Cards.parse(
        "4C 4C 4C 4H 4S 5C 5D 5H 5S 6D 6D 6H 6S 7S 7S 8D 8S 8S 9C 9D 9H 10D 10H 10S 10S"
        " JS QC QD KC KD KH KS AC AD AH AS"
    )
    t = tables(rules)
    layout, _ = encoded(melds, t)
    nat = hand.counts[:44]
    assert forced_short(nat, layout, 1, frozenset(), t)
    canasta.clear_caches()
    made = Summary(done=rules.canastas_to_go_out)
    search = Sweep(t, False, wild_meld_canastas(rules))
    assert not search.out(nat, 1, layout, made, 0)
    # With a discard too the hand has no way (the step is refused), but forced_short does
    # not see it: the search does, asking each discard first.
    held = frozenset(face for face, count in enumerate(nat) if count)
    assert not forced_short(nat, layout, 1, held, t)
    search.discard_needed = True
    assert not search.out(nat, 1, layout, made, 0, held)
