"""Going out where every card of the hand may fill a gap (CL-OUT-2, HW-MRG-1, BO-OUT-1).

Where every natural of the hand lies between two sequences of its suit that may merge
(:func:`~canasta._engine.search.merge_last.merge_may_come_late`), a going out that melds
every card needs a last step no merge waits for, which the going-out search asks of its
leaf (:mod:`~canasta._engine.search.merge_last`). The positions here are drawn another way
than tests/test_going_out_late42.py's (written for a planner-level rule that was not kept,
session 42): gaps of one to three ranks between two or three sequences of a suit, hands of
their cards picked with repeats, a wild card, and melds of a gap rank or a canasta beside
them; the planner answers as the reference solver does.
"""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples

import canasta
from canasta._engine.search import planner, reference

RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
#: The presets and player counts drawn.
TABLES = [("hollywood", 2), ("hollywood", 3), ("hollywood", 4), ("bolivia", 2), ("bolivia", 4)]


@st.composite
def suit_layouts(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """The sequences of one suit, two or three, one to three ranks apart, and that suit's cards
    lying between them (the gaps)."""
    suit = SUITS[draw(st.integers(0, 3))]
    position = draw(st.integers(0, 2))
    melds: list[str] = []
    gaps: list[str] = []
    for index in range(draw(st.integers(2, 3))):
        gap = draw(st.integers(1, 3)) if index else 0
        length = draw(st.integers(3, 4))
        if position + gap + length > len(RANKS):
            break
        gaps += [RANKS[rank] + suit for rank in range(position, position + gap)]
        position += gap
        melds.append(" ".join(RANKS[rank] + suit for rank in range(position, position + length)))
        position += length
    return melds, gaps if len(melds) > 1 else []


def _game(
    table: tuple[str, int], canastas: int, melds: list[str], hand: list[str]
) -> canasta.Game | None:
    """The position: the last player, whose side has ``melds``, in the meld phase with
    ``hand``; ``None`` where there is none (too few of a card in the pack, ...)."""
    name, players = table
    rules = attrs.evolve(canasta.find_rules(name, players=players), canastas_to_go_out=canastas)
    seat = players - 1
    side = rules.side_of_player(seat)
    others = ["4C 4D", "5C 5D", "6C 6D"][: players - 1]
    side_melds: list[list[str]] = [[] for _ in range(rules.num_sides)]
    side_melds[side] = melds
    try:
        return canasta.Game.from_position(
            rules,
            hands=[*others, " ".join(hand)],
            melds=side_melds,
            melded_players=[seat],
            turn_player=seat,
            phase="meld",
            pile="JC",
        )
    except (canasta.PositionError, ValueError):
        return None


@settings(max_examples=examples(80), deadline=None)
@example(
    table=("hollywood", 2),
    canastas=2,
    layouts=[(["4S 5S 6S", "9S 10S JS"], ["7S", "8S"]), (["4H 5H 6H", "9H 10H JH"], ["7H", "8H"])],
    picks=[0, 1, 2, 3],
    wild=None,
    extra=[],
)
@example(
    table=("hollywood", 2),
    canastas=2,
    layouts=[(["4S 5S 6S", "8S 9S 10S"], ["7S"]), (["6C 7C 8C", "10C JC QC KC"], ["9C"])],
    picks=[0, 1],
    wild=None,
    extra=["5C 6C 7C 8C 9C 10C"],
)
@example(  # the last card makes a canasta
    table=("hollywood", 2),
    canastas=2,
    layouts=[(["4S 5S 6S", "8S 9S 10S"], ["7S"]), (["5H 6H 7H 8H 9H 10H", "QH KH AH"], ["JH"])],
    picks=[0, 1],
    wild=None,
    extra=[],
)
@example(  # the last step is a new meld
    table=("hollywood", 2),
    canastas=1,
    layouts=[
        (["4S 5S 6S", "8S 9S 10S"], ["7S"]),
        (["4H 5H 6H", "10H JH QH"], ["7H", "8H", "9H"]),
        (["4D 5D 6D", "10D JD QD"], ["7D", "8D", "9D"]),
        (["4C 5C 6C", "10C JC QC"], ["7C", "8C", "9C"]),
    ],
    picks=[0, 2, 5, 8],
    wild=None,
    extra=[],
)
@given(
    table=st.sampled_from(TABLES),
    canastas=st.integers(1, 3),
    layouts=st.lists(suit_layouts(), min_size=1, max_size=3),
    picks=st.lists(st.integers(0, 20), min_size=1, max_size=5),
    wild=st.sampled_from([None, None, None, "2C", "JK"]),
    extra=st.lists(
        st.sampled_from(["QC QH QD QS QC QH QD", "7C 7D 7H", "8C 8H 8D 8S", "5C 6C 7C 8C 9C 10C"]),
        max_size=2,
    ),
)
def test_cl_out_2_gap_cards_go_out_as_the_reference_finds(
    table: tuple[str, int],
    canastas: int,
    layouts: list[tuple[list[str], list[str]]],
    picks: list[int],
    wild: str | None,
    extra: list[str],
) -> None:
    """Sequences of one to three suits with gaps between them, the hand cards of those gaps
    (sometimes a wild card), sometimes a canasta, melds of a gap rank or a sequence beside
    them: the planner answers whether the player can go out as the reference solver does."""
    melds = [meld for layout in layouts for meld in layout[0]] + extra
    gaps = [card for layout in layouts for card in layout[1]]
    if not gaps:
        return
    hand = [gaps[pick % len(gaps)] for pick in picks] + ([wild] if wild else [])
    game = _game(table, canastas, melds, hand)
    if game is None:
        return
    deal = game.deal
    for permitted in (False, True):
        assert planner.can_go_out(deal, permitted=permitted) == reference.can_go_out(
            deal, permitted=permitted
        )
