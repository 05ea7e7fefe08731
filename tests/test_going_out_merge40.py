"""Going out is judged when the last card is melded (CL-OUT-2): a merge after it is too late.

A campaign found a dead end in the Bolivia preset for four (seed 2795553037): side 1 has
the spade sequences 4S-6S and 8S-10S and the hearts 7H-9H, no escalera, and player 3 holds
6H 7S. The generator offered ``add #8 6H``, leaving 7S, which joins a spade sequence and
then makes it meet the other: a natural sequence canasta (BO-OUT-1) only by a merge after
the last card, which the rules do not allow. The going-out search makes every merge once
every card is placed; where that may be too late
(:func:`~canasta._engine.search.merge_last.merge_may_come_late`), the planner takes the
reference solver's answer.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples

import canasta
from canasta._engine.search import planner, reference

POSITION = Path(__file__).parent / "data" / "merge40" / "bolivia_four_6h_7s.json"


def test_bo_out_1_a_merge_after_the_last_card_does_not_go_out() -> None:
    """The campaign's position: melding 6H first leaves 7S, which goes out with no escalera
    whatever it joins (the merge of the spades would come after it), so neither addition of
    6H is offered. Melding 7S first, the spades merge into an escalera before 6H goes out
    onto the hearts. The generator agrees with the reference solver after each step."""
    game = canasta.Game.from_json(POSITION.read_text())
    moves = sorted(str(move) for move in game.legal_moves())
    assert moves == ["add #10 7S", "add #12 7S", "discard 6H", "discard 7S"]
    assert not game.is_legal(game.parse_move("add #8 6H"))
    assert not game.is_legal(game.parse_move("add #0 6H"))
    for text in ("add #10 7S", "add #12 7S"):
        deal = game.apply(game.parse_move(text)).deal
        assert planner.can_finish(deal) == reference.can_finish(deal) is True
    seven = game.apply(game.parse_move("add #10 7S"))
    merged = seven.apply(canasta.MergeMelds(10, 12))
    out = merged.apply(merged.parse_move("add #8 6H"))
    assert out.phase is canasta.Phase.OVER


RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def spades(low: int, high: int) -> str:
    """The natural spade sequence of the positions ``low`` to ``high``."""
    return " ".join(RANKS[position] + "S" for position in range(low, high + 1))


@settings(max_examples=examples(60), deadline=None)
@example(first=(0, 2), gap=1, second_size=3, hand=["7S", "6H"], canastas=1, hearts=True)
@example(first=(0, 1), gap=2, second_size=3, hand=["6S", "7S"], canastas=2, hearts=False)
@given(
    first=st.tuples(st.integers(0, 2), st.integers(2, 4)).filter(lambda pair: pair[0] < pair[1]),
    gap=st.integers(1, 2),
    second_size=st.integers(3, 4),
    hand=st.lists(
        st.sampled_from(["6S", "7S", "8S", "9S", "6H", "10H", "2C", "KD"]), min_size=2, max_size=4
    ),
    canastas=st.integers(0, 2),
    hearts=st.booleans(),
)
def test_bo_out_1_merges_before_the_last_card_as_the_reference_finds_them(
    first: tuple[int, int],
    gap: int,
    second_size: int,
    hand: list[str],
    canastas: int,
    hearts: bool,
) -> None:
    """Two spade sequences a rank or two apart, a hand of a few cards that may fill the gap
    or go elsewhere: the planner answers whether the side can go out (BO-OUT-1, CL-OUT-2) as
    the reference solver does, which makes every merge before the last card, in the
    position and after each meld step the generator offers there."""
    low, high = first
    second_low = high + gap + 1
    second_high = min(second_low + second_size - 1, len(RANKS) - 1)
    if second_high - second_low < 2:
        return
    melds = [spades(low, high), spades(second_low, second_high)]
    melds += ["7H 8H 9H"] if hearts else []
    melds += ["QC QH QH QD QS 2C 2C", "KC KD KD KH KS KS"][:canastas]
    _agrees(canasta.find_rules("bolivia", players=4), ["4C 4D", "5C 5D", "8C 8D"], hand, melds)


@settings(max_examples=examples(60), deadline=None)
@example(gap=1, hand=["2C", "KD"], kings=True)
@example(gap=1, hand=["2C"], kings=False)
@given(
    gap=st.integers(1, 2),
    hand=st.lists(st.sampled_from(["7S", "6S", "2C", "JK", "KD", "5H"]), min_size=1, max_size=3),
    kings=st.booleans(),
)
def test_hw_mrg_1_wild_cards_that_make_sequences_meet_come_before_the_last_card(
    gap: int, hand: list[str], kings: bool
) -> None:
    """Hollywood for two: two spade sequences one or two ranks apart, which wild cards may
    make meet (HW-MRG-1), a hand of wild cards and a few naturals: the planner answers as
    the reference solver does, before and after each meld step."""
    melds = [spades(0, 2), spades(3 + gap, 5 + gap), "QC QH QH QD QS QS QC"]
    melds += ["KC KD KD KH KS KS"] if kings else []
    _agrees(canasta.find_rules("hollywood", players=2), [], hand, melds)


def _agrees(rules: canasta.RuleSet, others: list[str], hand: list[str], melds: list[str]) -> None:
    """The planner's answers are the reference solver's, with ``hand`` in the meld phase of
    the last player, whose side has ``melds`` (the other players holding ``others``, the
    first side ``4C 4D`` where there are two players), and after each meld step offered."""
    hands = [*others, " ".join(hand)] if others else ["4C 4D", " ".join(hand)]
    seat = len(hands) - 1
    try:
        game = canasta.Game.from_position(
            rules,
            hands=hands,
            melds=[[], melds],
            melded_players=[seat],
            turn_player=seat,
            phase="meld",
            pile="JC",
        )
    except canasta.PositionError:
        return  # no position (a card the pack holds too few of, no card in hand, ...)
    deals = [game.deal]
    deals += [game.apply(move).deal for move in game.legal_moves() if not _ends(move)]
    for deal in deals:
        for permitted in (False, True):
            assert planner.can_go_out(deal, permitted=permitted) == reference.can_go_out(
                deal, permitted=permitted
            )
        assert planner.can_finish(deal) == reference.can_finish(deal)


def _ends(move: canasta.Move) -> bool:
    """Whether ``move`` ends the turn (a discard): no question is left after it."""
    return isinstance(move, canasta.Discard)
