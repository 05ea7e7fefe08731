"""The hand's last card fills no gap a canasta needs (CL-OUT-1, CL-OUT-2, HW-MRG-1, BO-OUT-1).

Where every card of the hand is a *gap card*, at a position every sequence canasta of its
suit must hold a card of the hand at, the card a going out melds last or discards is in no
such canasta, which the count of
:func:`~canasta._engine.search.merge_last.last_card_short` states. Here that count is held
to the reference solver, which plays every step and merge in order: where it refutes, no
going out is found; and the planner, which asks it, answers as the reference does. Positions
are drawn of one to three suits with sequences on the table and cards between them in hand,
some copies of a card, sometimes a wild card or a black three in hand, a card outside every
gap, a meld of a gap's rank or a canasta on the table, under Hollywood, Samba and Bolivia
with ``canastas_to_go_out`` drawn. ``benchmarks/late_merges.py`` with eight suits, which
the search refuted placing by placing (seconds), is listed within a bound of CPU time.
"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples
from search_helpers import seat_to_meld

import canasta
from canasta._engine.search import planner, reference
from canasta._engine.search.layout import encoded
from canasta._engine.search.merge_last import last_card_canastas, last_card_short
from canasta._engine.tables import tables

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "late_merges.py"
RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
Position = tuple[canasta.RuleSet, list[str], list[str], int]


def _run(suit: str, low: int, high: int) -> str:
    return " ".join(RANKS[position] + suit for position in range(low, high + 1))


@st.composite
def _suit(draw: st.DrawFn, suit: str) -> tuple[list[str], list[str]]:
    """The table's sequences of one suit, two or three of three to five cards with none to
    two ranks between, and the cards between; sometimes the first sequence twice, or every
    one (three decks), or a sequence over the cards between two."""
    melds: list[str] = []
    gaps: list[str] = []
    low = draw(st.integers(0, 1))
    for number in range(draw(st.integers(2, 3))):
        gap = draw(st.sampled_from([0, 1, 1, 2])) if number else 0
        length = draw(st.sampled_from([3, 3, 3, 4, 5]))
        if low + gap + length > len(RANKS):
            break
        gaps += [RANKS[low + n] + suit for n in range(gap)]
        low += gap
        melds.append(_run(suit, low, low + length - 1))
        low += length
    copies = draw(st.integers(0, 5))
    if melds and copies == 0:
        melds.append(melds[0])
    elif copies == 1:
        melds += melds
    elif gaps and copies == 2:  # a sequence of the table over a gap
        middle = RANKS.index(draw(st.sampled_from(gaps))[:-1])
        melds.append(_run(suit, max(0, middle - 1), max(0, middle - 1) + 2))
    return melds, gaps


@st.composite
def _positions(draw: st.DrawFn) -> Position:
    """A rule set, the side's melds, the hand and the players (see the module)."""
    name = draw(st.sampled_from(["hollywood", "samba", "bolivia"]))
    players = draw(st.sampled_from([2, 3, 4]))
    rules = attrs.evolve(
        canasta.find_rules(name, players=players),
        canastas_to_go_out=draw(st.sampled_from([0, 1, 2, 2, 3, 3, 4])),
    )
    melds: list[str] = []
    gaps: list[str] = []
    for suit in "SHD"[: draw(st.integers(1, 3))]:
        suit_melds, suit_gaps = draw(_suit(suit))
        melds += suit_melds
        gaps += suit_gaps
    gaps = gaps or ["QC"]
    hand = draw(st.lists(st.sampled_from(gaps), min_size=2, max_size=4))
    extra = draw(st.integers(0, 5))
    if extra == 0:
        hand.append(draw(st.sampled_from(["2C", "JK"])))
    elif extra == 1:
        hand += ["3C"] * 3  # a meld of black threes may be the last step
    elif extra == 2:
        hand.append("QC")  # a card outside every gap
    if draw(st.booleans()):  # a meld of a gap's rank, which the hand's cards may join
        rank = draw(st.sampled_from(gaps))[:-1]
        naturals = [f"{rank}C"] * 3 + [f"{rank}D"] * draw(st.integers(0, 1))
        melds.append(" ".join(naturals + ["2H", "JK"][: draw(st.integers(1, 2))]))
    if draw(st.booleans()):
        melds.append("KC KD KH KS KC KD KH")  # a canasta on the table
    return rules, melds, hand, players


def _deal(position: Position) -> canasta.Game | None:
    """The position with the seat to act, its side's melds ``melds`` and its hand ``hand``;
    ``None`` where it is none (a card the pack holds too few of, ...)."""
    rules, melds, hand, players = position
    return seat_to_meld(rules, melds, hand, players, ["2S 2S", "2D 2D", "2S JK"], "JK")


def _most(game: canasta.Game) -> int | None:
    deal = game.deal
    t = tables(deal.rules)
    melds = deal.melds[deal.side]
    return last_card_canastas(deal.hand.counts, melds, encoded(melds, t)[0], t)


def _short(game: canasta.Game) -> bool:
    deal = game.deal
    t = tables(deal.rules)
    melds = deal.melds[deal.side]
    return last_card_short(deal.hand.counts, melds, encoded(melds, t)[0], t)


_HOLLYWOOD_2 = attrs.evolve(canasta.find_rules("hollywood", 2), canastas_to_go_out=2)


@settings(max_examples=examples(300), deadline=None)
@example(  # a card of each suit last: one canasta short
    position=(_HOLLYWOOD_2, ["4S 5S 6S", "8S 9S 10S", "4H 5H 6H", "8H 9H 10H"], ["7S", "7H"], 2),
    beyond=1,
)
@example(  # two sevens of spades: one makes the canasta, the other is the last card
    position=(
        _HOLLYWOOD_2,
        ["4S 5S 6S", "8S 9S 10S", "4S 5S 6S", "8S 9S 10S", "4H 5H 6H 7H 8H 9H"],
        ["7S", "7S"],
        2,
    ),
    beyond=1,
)
@example(  # no canasta needed: the cards are melded (a broken count refutes it)
    position=(
        attrs.evolve(_HOLLYWOOD_2, canastas_to_go_out=0),
        ["4S 5S 6S", "8S 9S 10S"],
        ["7S"],
        2,
    ),
    beyond=0,
)
@example(  # the sevens laid take the hand's: one canasta either way
    position=(
        _HOLLYWOOD_2,
        ["4S 5S 6S", "8S 9S 10S", "4H 5H 6H", "8H 9H 10H", "7C 7C 7C 7D 7D"],
        ["7S", "7H"],
        2,
    ),
    beyond=1,
)
@example(  # a meld of six sevens: the seven of spades makes a canasta of it last
    position=(
        attrs.evolve(_HOLLYWOOD_2, canastas_to_go_out=1),
        ["4S 5S 6S", "8S 9S 10S", "7C 7C 7C 7D 2H JK"],
        ["7S"],
        2,
    ),
    beyond=1,
)
@example(  # the hearts merge into a canasta with no card of the hand
    position=(
        attrs.evolve(_HOLLYWOOD_2, canastas_to_go_out=1),
        ["4S 5S 6S", "8S 9S 10S", "4H 5H 6H 7H", "8H 9H 10H"],
        ["7S"],
        2,
    ),
    beyond=1,
)
@example(  # the spades 4-7 on the table merge with 8-J: the 7S is free
    position=(
        attrs.evolve(_HOLLYWOOD_2, canastas_to_go_out=1),
        ["4S 5S 6S", "8S 9S 10S JS", "4S 5S 6S 7S"],
        ["7S"],
        2,
    ),
    beyond=1,
)
@example(  # one pair of spade sequences merged, a seven of spades last: one canasta
    position=(
        attrs.evolve(_HOLLYWOOD_2, canastas_to_go_out=1),
        ["4S 5S 6S", "9S 10S JS", "4S 5S 6S", "9S 10S JS"],
        ["7S", "7S", "8S"],
        2,
    ),
    beyond=1,
)
@example(  # the seven of spades below 8-K makes a canasta with no merge
    position=(
        attrs.evolve(_HOLLYWOOD_2, canastas_to_go_out=1),
        ["4S 5S 6S", "8S 9S 10S JS QS KS"],
        ["7S"],
        2,
    ),
    beyond=1,
)
@example(  # a canasta on the table, a pair of spade sequences merged, a seven last
    position=(
        _HOLLYWOOD_2,
        ["4S 5S 6S", "8S 9S 10S", "4S 5S 6S", "8S 9S 10S", "KC KD KH KS KC KD KH"],
        ["7S", "7S"],
        2,
    ),
    beyond=1,
)
@example(  # the hearts' seven last (of two positions): the spades and a heart canasta
    position=(
        _HOLLYWOOD_2,
        ["4S 5S 6S", "8S 9S 10S", *["4H 5H 6H", "9H 10H JH"] * 2],
        ["7S", "7H", "7H", "8H"],
        2,
    ),
    beyond=1,
)
@given(position=_positions(), beyond=st.integers(0, 1))
def test_cl_out_2_the_last_card_fills_no_gap_a_canasta_needs(
    position: Position, beyond: int
) -> None:
    """Where :func:`last_card_short` refutes, the reference solver finds no going out,
    asked or not; and the planner answers as the reference does. The canastas going out
    needs are drawn, and where the count counts, made its count (``beyond`` 0: not
    refuted) or one more (1: refuted)."""
    game = _deal(position)
    if game is None:
        return
    most = _most(game)
    if most is not None:
        rules, melds, hand, players = position
        rules = attrs.evolve(rules, canastas_to_go_out=most + beyond)
        game = _deal((rules, melds, hand, players))
        if game is None:
            return  # a hand that cannot end the turn where no going out has them
    deal = game.deal
    short = _short(game)
    for permitted in (False, True):
        expected = reference.can_go_out(deal, permitted=permitted)
        assert not (short and expected), position
        assert planner.can_go_out(deal, permitted=permitted) == expected, (position, permitted)


@pytest.mark.parametrize(
    ("melds", "hand", "needed", "short"),
    [
        # each suit's canasta needs both cards between: one canasta short
        (["4S 5S 6S", "9S 10S JS", "4H 5H 6H", "9H 10H JH"], ["7S", "8S", "7H", "8H"], 2, True),
        # the hearts make a canasta without a merge: the ten may be last
        (["4S 5S 6S", "8S 9S 10S", "4H 5H 6H 7H 8H 9H", "JH QH KH"], ["7S", "10H"], 2, False),
        # a wild card may be last
        (["4S 5S 6S", "8S 9S 10S", "4H 5H 6H", "8H 9H 10H"], ["7S", "7H", "2C"], 2, False),
        # black threes may be laid last
        (["4S 5S 6S", "8S 9S 10S"], ["7S", "3C", "3C", "3C"], 1, False),
    ],
)
def test_hw_mrg_1_which_hands_the_count_refutes(
    melds: list[str], hand: list[str], needed: int, short: bool
) -> None:
    """The count refutes a hand whose every card is a gap card and leaves the others to the
    search (Hollywood for two)."""
    rules = attrs.evolve(canasta.find_rules("hollywood", 2), canastas_to_go_out=needed)
    game = _deal((rules, melds, hand, 2))
    assert game is not None
    assert _short(game) is short


def _benchmark_position(suits: int) -> canasta.Game:
    spec = importlib.util.spec_from_file_location("late_merges", BENCHMARK)
    assert spec is not None
    assert spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    game: canasta.Game = script.position(suits)
    return game


@pytest.mark.skipif(not BENCHMARK.exists(), reason="benchmarks/ is not here")
@pytest.mark.planner_only(reason="times the planner: the reference takes minutes here")
def test_late_merges_of_eight_suits_are_refused_by_the_count() -> None:
    """``benchmarks/late_merges.py`` with eight suits (each suit twice: three decks): the
    going out is refuted by the count before any search (which refuted it placing by
    placing, some 2.5 s here); loaded and listed within a bound of CPU time (some 3 ms)."""
    game = _benchmark_position(8)
    assert _short(game)
    canasta.clear_caches()
    start = time.process_time()
    moves = list(game.legal_moves())
    spent = time.process_time() - start
    assert len(moves) == 52
    assert spent < 0.1, spent
