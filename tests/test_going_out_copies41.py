"""Two sequences of one suit may hold the same rank where a side has several melds of a
family (HW-MELD-9, three decks): the cards of a suit that may make canastas are every copy.

The going-out search's first bound (``bounds.canasta_bound``) counted a suit's natural cards
once a rank: the sequences of a suit merged into one canasta at most (HW-MRG-1), and new
sequences of a suit made one canasta at most. Hollywood for two, the hand 4S-10S twice: two
new natural sequence canastas, but the planner said the player could not go out; 7S-JS
twice onto 4S-6S and QS-AS: 4S-10S and 7S-AS, two canastas, likewise.

It counted the new melds of a rank as one meld, whose wild cards its naturals allow
(CL-MELD-3), though a side may make several (HW-MELD-9): Hollywood for two with three
canastas to go out, a canasta of kings on the table, ten queens and four wild cards make
two canastas of five queens and two wild cards each (two wild cards at most a meld), but
the planner said the player could not go out.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from profiles import examples

import canasta
from canasta._engine.search import planner, reference

RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
HOLLYWOOD = canasta.find_rules("hollywood", players=2)


def _agree(hand: list[str], melds: list[str], rules: canasta.RuleSet = HOLLYWOOD) -> bool | None:
    """The planner's and the reference solver's answers, whether the holder of ``hand`` can
    go out onto ``melds`` (``rules`` for two), where they agree (``None``: no position)."""
    try:
        game = canasta.Game.from_position(
            rules,
            hands=[" ".join(hand), "4C 4D"],
            melds=[melds, []],
            phase="meld",
            melded_players=[0],
        )
    except canasta.PositionError:
        return None
    deal = game.deal
    answer = reference.can_go_out(deal)
    assert planner.can_go_out(deal) == answer
    assert planner.can_finish(deal) == reference.can_finish(deal)
    return answer


def test_hw_meld_9_two_new_sequence_canastas_of_one_suit_go_out() -> None:
    """4S-10S twice: two natural sequence canastas of spades, which go out."""
    assert _agree([f"{rank}S" for rank in RANKS[:7]] * 2, ["QH QD QC"]) is True


def test_hw_mrg_1_copies_between_two_sequences_go_out() -> None:
    """7S-JS twice onto 4S-6S and QS-AS: 4S-10S and 7S-AS, with no merge."""
    melds = ["4S 5S 6S", "QS KS AS", "4H 5H 6H"]
    assert _agree([f"{rank}S" for rank in RANKS[3:8]] * 2, melds) is True


@settings(max_examples=examples(60), deadline=None)
@example(low=0, high=6, copies=2, runs=[], wilds=0)
@example(low=3, high=7, copies=2, runs=[(0, 2), (8, 10)], wilds=0)
@given(
    low=st.integers(0, 6),
    high=st.integers(4, 10),
    copies=st.integers(1, 3),
    runs=st.lists(st.sampled_from([(0, 2), (1, 3), (8, 10), (5, 7), (0, 3)]), max_size=3),
    wilds=st.integers(0, 2),
)
def test_hw_meld_9_copies_of_a_suit_go_out_as_the_reference_finds(
    low: int, high: int, copies: int, runs: list[tuple[int, int]], wilds: int
) -> None:
    """Spades ``low`` to ``high``, each ``copies`` times, and a few wild cards, onto spade
    sequences that may merge or hold the same ranks: the planner answers whether the player
    can go out, and finish the turn, as the reference solver does (HW-MELD-9, HW-MRG-1,
    HW-OUT-1)."""
    if high - low < 2:
        return
    hand = [f"{RANKS[position]}S" for position in range(low, high + 1)] * copies
    hand += ["2C", "JK"][:wilds]
    melds = [" ".join(f"{RANKS[p]}S" for p in range(a, b + 1)) for a, b in runs]
    _agree(hand, [*melds, "QH QD QC"])


#: Three canastas of one rank, for the table.
CANASTAS = ["KS KS KH KH KD KD KC", "AS AS AH AH AD AD AC", "5S 5S 5H 5H 5D 5D 5C"]


def test_hw_meld_9_two_new_rank_canastas_past_one_meld_s_wild_cards_go_out() -> None:
    """Ten queens and four wild cards, three canastas to go out, one on the table: two new
    melds of queens, five and two wild cards each, then the discard."""
    rules = HOLLYWOOD.with_options(canastas_to_go_out=3)
    hand = ["QC", "QD", "QH"] * 3 + ["QS", "2C", "2D", "JK", "JK", "4H"]
    assert _agree(hand, CANASTAS[:1], rules) is True


@settings(max_examples=examples(60), deadline=None)
@example(name="hollywood", queens=10, jacks=0, wilds=4, canastas=3, laid=1)
@example(name="samba", queens=5, jacks=10, wilds=4, canastas=3, laid=1)
@given(
    name=st.sampled_from(["hollywood", "samba", "bolivia"]),
    queens=st.integers(0, 12),
    jacks=st.integers(0, 12),
    wilds=st.integers(0, 4),
    canastas=st.integers(1, 3),
    laid=st.integers(0, 3),
)
def test_hw_meld_9_copies_of_a_rank_go_out_as_the_reference_finds(
    name: str, queens: int, jacks: int, wilds: int, canastas: int, laid: int
) -> None:
    """``queens`` and ``jacks`` (three decks: every suit three times), ``wilds`` wild cards
    and a discard, ``laid`` canastas on the table of the ``canastas`` going out needs: the
    planner answers whether the player can go out, and finish the turn, as the reference
    solver does, where a side may make several melds of a rank (HW-MELD-9, CL-MELD-3,
    HW-OUT-1)."""
    rules = canasta.find_rules(name, players=2).with_options(canastas_to_go_out=canastas)
    faces = ["QC", "QD", "QH", "QS"] * 3
    hand = faces[:queens] + [face.replace("Q", "J") for face in faces[:jacks]]
    hand += [*["2C", "2D", "JK", "2H"][:wilds], "4H"]
    _agree(hand, CANASTAS[: min(laid, canastas)], rules)
