"""The one validator of a position, and the builder of the values it describes.

A position is described part by part, as a person states it (:class:`Position` for a whole
game, :class:`ViewPosition` for what one player sees): hands per *player*, each side's melds,
the pile and the stock, whose turn it is, the turn in progress in a player's words (the pile
was taken, these melds were laid this turn, these pile cards are locked ...), how the deal
ended. Parts left out get defaults. :func:`game_parts` and :func:`view_parts` check a
position and build the engine's values; :meth:`Game.from_position
<canasta.game.Game.from_position>`, the JSON readers and the text notation all come here.

Every invariant is one function in :mod:`.invariants`, listed in :data:`GAME_INVARIANTS` or
:data:`VIEW_INVARIANTS` and run in that order (a later one may use what an earlier one
established). A refusal raises :class:`InvalidPositionError`, which names the part by its path in
the JSON documents (``deal.hands[2]``; for ``from_position``, the argument) and the rule. To
add an invariant, write the function there and put it in the list.

Card orders here are the engine's: the pile bottom card first, the stock with its top card
last. The edges (JSON, the notation, ``from_position``) write both top card first and turn
them around.

The modules: :mod:`.parts` (the descriptions and the built values), :mod:`.turn` (the turn in
progress: facts to the engine's turn draft and back), :mod:`.invariants`,
:mod:`.obligations` (one of them: what the turn obliges its player to do, a hand of the
player's size could do, checked from what every view shows), :mod:`.playable`
(the last invariant, on the built deal: it can go on), :mod:`.replay` (what a document the
library wrote promises besides: its history replays from the seed, its scores add up),
:mod:`.worlds` (the hidden cards of a view dealt, and a hand that lets another player finish
the turn the view shows: the last invariant of a view), :mod:`.build`.
"""

from canasta._engine.position.build import default_pile_frozen, game_parts, view_parts
from canasta._engine.position.invariants import (
    GAME_INVARIANTS,
    VIEW_INVARIANTS,
    seats_that_may_hold_red_threes,
)
from canasta._engine.position.parts import (
    GameParts,
    InvalidPositionError,
    MeldSpec,
    Position,
    TurnFacts,
    ViewParts,
    ViewPosition,
    Where,
    outcomes,
)
from canasta._engine.position.playable import rules_deal
from canasta._engine.position.replay import result_sums
from canasta._engine.position.turn import TURN_FACTS, turn_facts
from canasta._engine.position.worlds import (
    built_world,
    deal_world,
    finishing_hand,
    the_turn_can_finish,
)

__all__ = [
    "GAME_INVARIANTS",
    "TURN_FACTS",
    "VIEW_INVARIANTS",
    "GameParts",
    "InvalidPositionError",
    "MeldSpec",
    "Position",
    "TurnFacts",
    "ViewParts",
    "ViewPosition",
    "Where",
    "built_world",
    "deal_world",
    "default_pile_frozen",
    "finishing_hand",
    "game_parts",
    "outcomes",
    "result_sums",
    "rules_deal",
    "seats_that_may_hold_red_threes",
    "the_turn_can_finish",
    "turn_facts",
    "view_parts",
]
