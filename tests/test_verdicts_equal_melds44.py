"""Two steps related by one addition (canasta._engine.step_relations) are related where the side
holds a meld equal to the one the smaller step makes: the meld layouts are remembered
(canasta._model.melds.layout), so that the two may be one object, and the meld the step grew
is found at its target, not as the first meld that is that object."""

from __future__ import annotations

import canasta
from canasta._engine.step_relations import _Answer
from canasta._engine.steps import meld_steps
from canasta._engine.verdicts import Verdicts


def test_hw_meld_9_growing_a_sequence_into_one_the_side_holds_relates_to_larger_steps() -> None:
    """Hollywood for two: the side holds ``4H 5H 6H 7H`` and ``4H 5H 6H`` (HW-MELD-9), and the
    hand the seven and eight of hearts. Adding the seven to the second sequence makes a meld
    equal to the first, laid out once (one object); adding the seven and then the eight
    leads where adding both at once does, as the side's melds and the draft tell and as the
    deals built tell."""
    rules = canasta.find_rules("hollywood", players=2)
    game = canasta.Game.from_position(
        rules,
        hands=["7H 8H 9C 9C KS KD 4D", "4C 4D"],
        melds=[["4H 5H 6H 7H", "4H 5H 6H", "10D 10D 10C"], []],
        phase="meld",
        melded_players=[0],
        scores=[0, 0],
    )
    deal = game.deal
    melds = deal.melds[deal.side]
    steps = meld_steps(deal.usable, melds, rules)
    seven, both = (
        next(
            step for step in steps if step.target == 1 and step.cards == canasta.Cards.parse(text)
        )
        for text in ("7H", "7H 8H")
    )
    assert seven.result == melds[0]
    assert seven.result is melds[0]  # the case in question: one object, laid out once
    verdicts = Verdicts(deal, steps)
    assert verdicts._plainly_follows(seven, both, None)
    assert verdicts._built_follows(_Answer(seven, False), _Answer(both, False), None)
