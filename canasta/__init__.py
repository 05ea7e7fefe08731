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

import importlib as _importlib
import sys as _sys
from typing import TYPE_CHECKING

from canasta.__about__ import __version__
from canasta._cache import clear_caches
from canasta._engine import meld_rules as _meld_rules
from canasta._engine import scoring as _scoring
from canasta._engine import state as _state
from canasta._engine.meld_rules import CanastaKind, Meld, MeldKind, check_addition, check_new_meld
from canasta._engine.scoring import DealResult, SideScore
from canasta._engine.state import DealEnd, Event, Phase, TurnDraft
from canasta._legality import LegalMoves
from canasta._model import cards as _cards
from canasta._model import deck as _deck
from canasta._model import moves as _moves
from canasta._model.cards import ALL_FACES, JOKER, NATURAL_RANKS, Card, Rank, Suit
from canasta._model.deck import Cards, pack_cards, shuffled_pack
from canasta._model.moves import (
    AddToMeld,
    Answer,
    Ask,
    Discard,
    Draw,
    LayMeld,
    MergeMelds,
    Move,
    MoveKind,
    NextDeal,
    Pass,
    TakePile,
    parse_move,
)
from canasta._rules import presets as _presets
from canasta._rules.presets import find_rules, rule_set_names
from canasta._rules.ruleset import RuleSet
from canasta.errors import (
    ActionError,
    CanastaError,
    CardParseError,
    IllegalActionError,
    IllegalMoveError,
    JsonError,
    MoveCardParseError,
    MoveParseError,
    PositionError,
    RecordError,
    RuleSetError,
    Violation,
    rule_url,
)
from canasta.game import Game
from canasta.table import Table
from canasta.views import PlayerView, PreviewError

#: Whether the rules core runs as compiled code; always ``False`` since the mypyc build was
#: removed (see the changelog). Kept for a release for programs that read it.
COMPILED: bool = False

# Errors show in tracebacks as the package's: ``canasta.RuleSetError``.
for _error in (CardParseError, RuleSetError):
    _error.__module__ = __name__

# Module paths of earlier releases, kept working for a release: ``import canasta.cards`` and
# ``from canasta.melds import Meld`` find the modules where the code now lives.
_OLD_MODULES = {
    "cards": _cards,
    "deck": _deck,
    "melds": _meld_rules,
    "moves": _moves,
    "rules": _presets,
    "state": _state,
    "scoring": _scoring,
}
_sys.modules.update({f"{__name__}.{name}": module for name, module in _OLD_MODULES.items()})


#: The public modules, imported when first used (``canasta.records.loads`` after a plain
#: ``import canasta``), so that ``import canasta`` imports only attrs and the standard
#: library's modules it needs, and a program pays for the bots or the pictures only if it
#: uses them.
_PUBLIC_MODULES = frozenset(
    {"actions", "bots", "integrations", "ladder", "observation", "records", "simulate", "svg"}
)

if TYPE_CHECKING:  # the type checker sees the modules as attributes of the package
    from canasta import actions as actions
    from canasta import bots as bots
    from canasta import integrations as integrations
    from canasta import ladder as ladder
    from canasta import observation as observation
    from canasta import records as records
    from canasta import simulate as simulate
    from canasta import svg as svg


def __getattr__(name: str) -> object:
    if name in _PUBLIC_MODULES:
        return _importlib.import_module(f"{__name__}.{name}")
    if name in _OLD_MODULES:
        return _OLD_MODULES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _PUBLIC_MODULES)


__all__ = [
    "ALL_FACES",
    "COMPILED",
    "JOKER",
    "NATURAL_RANKS",
    "ActionError",
    "AddToMeld",
    "Answer",
    "Ask",
    "CanastaError",
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
    "IllegalActionError",
    "IllegalMoveError",
    "JsonError",
    "LayMeld",
    "LegalMoves",
    "Meld",
    "MeldKind",
    "MergeMelds",
    "Move",
    "MoveCardParseError",
    "MoveKind",
    "MoveParseError",
    "NextDeal",
    "Pass",
    "Phase",
    "PlayerView",
    "PositionError",
    "PreviewError",
    "Rank",
    "RecordError",
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
    "clear_caches",
    "find_rules",
    "pack_cards",
    "parse_move",
    "rule_set_names",
    "rule_url",
    "shuffled_pack",
]
