"""The step that melds the last card may have any key (CL-OUT-2, HW-MRG-1).

The reference solver (:mod:`~canasta._engine.search.reference`) tries the steps of a
settled turn by key (sequences by suit, clubs first, then ranks), merges at any point. A
going out that melds every card may need a merge of a higher key before a last step of a
lower one: the seven of spades joins a spade sequence and the two merge into a canasta,
then the queen of clubs makes the clubs canasta and goes out. In key order the clubs step
came first and the spade seven last, the merge after it too late: the solver said no
(session 42), and the planner, which asks it where a merge may come late
(:func:`~canasta._engine.search.merge_last.merge_may_come_late`), said no with it in the
second position below. Each going out is played here step by step, as the rules take it.
"""

from __future__ import annotations

import attrs
import pytest

import canasta
from canasta._engine.search import planner, reference

SPADES = ["4S 5S 6S", "8S 9S 10S"]
#: The hand, the side's other melds, canastas_to_go_out and the going out, by move.
CASES = [
    (
        "7S QC",
        ["6C 7C 8C 9C 10C JC"],
        2,
        ["add #0 7S", "merge #0 #1", "add #1 QC"],
    ),
    (
        # Every natural lies between two sequences of its suit that may merge (the queen
        # of clubs above 5C-10C and below QC-AC): the planner asked the reference.
        "7C JC 7S",
        ["4C 5C 6C", "8C 9C 10C", "5C 6C 7C 8C 9C 10C", "QC KC AC"],
        3,
        ["add #0 7S", "merge #0 #1", "add #1 7C", "merge #1 #2", "add #2 JC"],
    ),
]


def game(hand: str, others: list[str], canastas: int) -> canasta.Game:
    rules = attrs.evolve(canasta.find_rules("hollywood", players=2), canastas_to_go_out=canastas)
    return canasta.Game.from_position(
        rules,
        hands=[hand, "4D 4H"],
        melds=[[*SPADES, *others], []],
        phase="meld",
        melded_players=[0],
        scores=[0, 0],
    )


@pytest.mark.parametrize(("hand", "others", "canastas", "moves"), CASES)
def test_cl_out_2_the_last_step_after_a_merge_of_a_higher_key(
    hand: str, others: list[str], canastas: int, moves: list[str]
) -> None:
    start = game(hand, others, canastas)
    assert reference.can_go_out(start.deal)
    assert planner.can_go_out(start.deal)
    played = start
    for text in moves:
        move = played.parse_move(text)
        assert played.is_legal(move), text
        played = played.apply(move)
    assert played.deal.hands[0] == canasta.Cards()
    assert played.deal.canastas(0) == canastas
