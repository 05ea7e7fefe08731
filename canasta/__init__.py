"""canasta: a rules engine for the card game Canasta.

>>> import canasta
>>> game = canasta.Game.new("classic", players=4, seed=7)
>>> game.to_move, game.scores
(0, (0, 0))
>>> move = next(iter(game.legal_moves()))
>>> move
Draw()
>>> game.apply(move).phase
<Phase.MELD: 'meld'>
"""

from canasta import movegen as _movegen
from canasta.__about__ import __version__
from canasta.cards import ALL_FACES, JOKER, NATURAL_RANKS, Card, CardParseError, Rank, Suit
from canasta.deck import Cards, pack_cards, shuffled_pack
from canasta.errors import (
    IllegalMoveError,
    JsonError,
    MoveParseError,
    PositionError,
    Violation,
    rule_url,
)
from canasta.game import Game
from canasta.melds import CanastaKind, Meld, MeldKind, check_addition, check_new_meld
from canasta.moves import (
    AddToMeld,
    Answer,
    Ask,
    Discard,
    Draw,
    LayMeld,
    MergeMelds,
    Move,
    Pass,
    TakePile,
    parse_move,
)
from canasta.rules import RuleSet, RuleSetError, find_rules, rule_set_names
from canasta.scoring import DealResult, SideScore
from canasta.state import DealEnd, Event, Phase, TurnDraft
from canasta.table import Table
from canasta.views import PlayerView

#: Whether the rules core (legal moves, transitions, searches) runs as compiled code, from a
#: wheel built with mypyc (see :doc:`/performance`), rather than from its Python source.
COMPILED: bool = not _movegen.__file__.endswith(".py")

__all__ = [
    "ALL_FACES",
    "COMPILED",
    "JOKER",
    "NATURAL_RANKS",
    "AddToMeld",
    "Answer",
    "Ask",
    "CanastaKind",
    "Card",
    "CardParseError",
    "Cards",
    "DealEnd",
    "DealResult",
    "Discard",
    "Draw",
    "Event",
    "Game",
    "IllegalMoveError",
    "JsonError",
    "LayMeld",
    "Meld",
    "MeldKind",
    "MergeMelds",
    "Move",
    "MoveParseError",
    "Pass",
    "Phase",
    "PlayerView",
    "PositionError",
    "Rank",
    "RuleSet",
    "RuleSetError",
    "SideScore",
    "Suit",
    "Table",
    "TakePile",
    "TurnDraft",
    "Violation",
    "__version__",
    "check_addition",
    "check_new_meld",
    "find_rules",
    "pack_cards",
    "parse_move",
    "rule_set_names",
    "rule_url",
    "shuffled_pack",
]
