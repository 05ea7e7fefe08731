"""What a position is described by, and the values built from it."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from canasta._engine.meld_rules import Meld
from canasta._engine.scoring import DealResult
from canasta._engine.state import EMPTY, Deal, DealEnd, Event, Phase, TurnDraft
from canasta._model.cards import Card, Rank
from canasta._model.deck import Cards
from canasta._model.moves import Move
from canasta._rules.ruleset import RuleSet
from canasta.errors import PositionError

__all__ = [
    "GameParts",
    "InvalidPositionError",
    "MeldSpec",
    "Position",
    "TurnFacts",
    "ViewParts",
    "ViewPosition",
    "Where",
    "outcomes",
]


class InvalidPositionError(PositionError):
    """A part of a position that breaks an invariant: ``path`` names the part, ``rule`` the
    rule it breaks (empty for a plain inconsistency), ``message`` what is wrong."""

    def __init__(self, path: str, reason: str, rule: str = "") -> None:
        text = f"{reason} ({rule})" if rule and rule not in reason else reason
        super().__init__(f"{path}: {text}" if path else text)
        self.path = path
        self.rule = rule
        self.message = text

    def __reduce__(self) -> tuple[type[InvalidPositionError], tuple[str, str, str]]:
        return (type(self), (self.path, self.message, ""))


@attrs.frozen
class Where:
    """How refusals name the parts: the deal's parts under ``deal`` (``"deal"`` in the JSON
    documents, nothing for ``from_position``), some of them under other ``names``."""

    deal: str = "deal"
    names: Mapping[str, str] = attrs.field(factory=dict)
    #: Parts of the deal that a document gives outside it, at its top.
    outside: frozenset[str] = frozenset()

    def __call__(self, name: str, *index: int) -> str:
        """The path of one of the deal's parts, with list indices (the deal itself for
        ``""``)."""
        if not name:
            return self.deal
        outside = name in self.outside
        name = self.names.get(name, name)
        path = f"{self.deal}.{name}" if self.deal and not outside else name
        return path + "".join(f"[{i}]" for i in index)

    def top(self, name: str, *index: int) -> str:
        """The path of one of the game's own parts (scores, results, is_over)."""
        return self.names.get(name, name) + "".join(f"[{i}]" for i in index)


def outcomes(results: tuple[DealResult, ...]) -> tuple[object, ...]:
    """What of the finished deals is part of a game's or a view's value: each deal's result
    without its moves. The moves are the match's record (for records and information
    states), kept but not compared, so a document that keeps only the results loads to an
    equal game."""
    return tuple(
        (r.number, r.end, r.went_out, r.concealed, r.scores, r.seat_players) for r in results
    )


#: A meld as given: a meld, or its cards with the rank its wild card stands for.
MeldSpec = Meld | tuple[Cards, Rank | None]


@attrs.frozen(kw_only=True)
class TurnFacts:
    """The turn in progress, in a player's words (shared by games and views). ``None`` means
    the default, which follows from the other parts (see :mod:`.turn`)."""

    #: The turn began with a stock draw (default: in phase meld or answer unless the pile
    #: was taken; in phase over, when a player went out without taking it).
    drew: bool | None = None
    #: The turn began with a pile take.
    took_pile: bool = False
    #: Numbers of the turn side's melds laid this turn (the pile take's new meld too).
    new_melds: tuple[int, ...] = attrs.field(default=(), converter=tuple)
    #: Points counted toward the opening minimum this turn (default: the new melds').
    opening_points: int | None = None
    #: Pile cards that may not be used until the minimum is reached (CL-INIT-4).
    locked: Cards = EMPTY
    #: The player melded this turn beyond the pile take (default: from the new melds).
    melded: bool | None = None
    #: The player added to a meld that was on the table before this turn (CL-CONC-1).
    added_to_old_melds: bool = False
    #: The player had melded in this deal before this turn (CL-CONC-1).
    melded_before: bool | None = None
    #: The player asked the partner (default: in phase answer).
    asked: bool | None = None
    #: The partner's answer, once given (CL-ASK-3).
    answer: bool | None = None
    #: The last stock card was a red three: the player may not discard (CL-EXH-1).
    no_discard: bool = False
    #: Pile cards were melded before the opening minimum, which only a concealed going out
    #: that needs no minimum allows: the turn must end so (CL-CONC-4).
    concealed_only: bool = False
    #: Where melds are numbered: the rank of the new meld a pile take started.
    pile_take_rank: Rank | None = None
    #: The turn as the engine keeps it (documents of version 1), instead of the above.
    draft: TurnDraft | None = None


@attrs.frozen(kw_only=True)
class Position(TurnFacts):
    """A whole game's position, part by part; ``None`` means "the default"."""

    rules: RuleSet
    #: Each player's hand (a player sitting out holds nothing).
    hands: tuple[Cards, ...]
    melds: tuple[tuple[MeldSpec, ...], ...] | None = None
    red_threes: tuple[Cards, ...] | None = None
    #: Bottom card first.
    pile: tuple[Card, ...] = ()
    pile_frozen: bool | None = None
    #: Top card last; ``None``: the cards placed nowhere else, shuffled by ``seed``.
    stock: tuple[Card, ...] | None = None
    #: Cards put on top of that shuffled stock, the next to be drawn first.
    draws: tuple[Card, ...] = ()
    seed: int | str = 0
    deal_number: int = 0
    seat_players: tuple[int, ...] | None = None
    turn_player: int = 0
    phase: Phase = Phase.DRAW
    scores: tuple[int, ...] | None = None
    minimums: tuple[int, ...] | None = None
    melded_players: frozenset[int] = frozenset()
    #: Players whose dealt red threes wait for their first turn (default: those holding one).
    pending_red_threes: frozenset[int] | None = None
    #: For each player, the cards of their hand everybody knows (taken with the pile).
    known: tuple[Cards, ...] | None = None
    turns: int = 0
    #: The deal's public steps (by seat).
    history: tuple[Event, ...] = ()
    end: DealEnd | None = None
    #: The *player* who went out.
    went_out: int | None = None
    concealed: bool = False
    results: tuple[DealResult, ...] = ()
    is_over: bool | None = None
    #: The deal was dealt from the seed: its history replays to the position (a document
    #: the library wrote says so; see :mod:`.replay`).
    dealt_from_seed: bool = False
    #: The scores are the sums of the results: the match was played from its first deal.
    scores_from_results: bool = False
    #: Three-player cutthroat: the player who plays alone against the other two, who then
    #: show the same, pooled, melds (CL-V3-3); ``None`` before anyone took the pile.
    lone_hand: int | None = None


@attrs.frozen(kw_only=True)
class ViewPosition(TurnFacts):
    """What one player sees, part by part: the other hands and the stock as counts."""

    rules: RuleSet
    player: int
    hand: Cards
    #: Cards in each player's hand.
    hand_sizes: tuple[int, ...]
    known: tuple[Cards, ...] | None = None
    melds: tuple[tuple[MeldSpec, ...], ...] | None = None
    red_threes: tuple[Cards, ...] | None = None
    pile: tuple[Card, ...] = ()
    pile_frozen: bool | None = None
    stock_size: int = 0
    deal_number: int = 0
    seat_players: tuple[int, ...] | None = None
    turn_player: int = 0
    phase: Phase = Phase.DRAW
    scores: tuple[int, ...] | None = None
    minimums: tuple[int, ...] | None = None
    melded_players: frozenset[int] = frozenset()
    turns: int = 0
    history: tuple[Event, ...] = ()
    results: tuple[DealResult, ...] = ()
    is_over: bool | None = None
    #: As in :class:`Position`.
    scores_from_results: bool = False
    #: As in :class:`Position`.
    lone_hand: int | None = None


@attrs.frozen(kw_only=True)
class GameParts:
    """The values a :class:`~canasta.game.Game` is made of."""

    rules: RuleSet
    seed: int | str
    deal: Deal
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    seat_players: tuple[int, ...]
    is_over: bool
    #: The deal in progress was dealt from the seed (see :mod:`.replay`).
    dealt_from_seed: bool = False
    #: The legal moves, where the validator found them (see :mod:`.playable`).
    legal: tuple[Move, ...] | None = attrs.field(default=None, eq=False)


@attrs.frozen(kw_only=True)
class ViewParts:
    """The values a :class:`~canasta.views.PlayerView` is made of (its table's too)."""

    rules: RuleSet
    player: int
    hand: Cards
    hand_sizes: tuple[int, ...]
    known_cards: tuple[Cards, ...]
    melds: tuple[tuple[Meld, ...], ...]
    red_threes: tuple[Cards, ...]
    pile: tuple[Card, ...]
    pile_frozen: bool
    stock_size: int
    scores: tuple[int, ...]
    minimums: tuple[int, ...]
    to_move: int | None
    turn_player: int
    phase: Phase
    draft: TurnDraft
    deal_number: int
    turn: int
    seat_players: tuple[int, ...]
    melded_players: frozenset[int]
    history: tuple[Event, ...]
    results: tuple[DealResult, ...]
    is_over: bool
    lone_hand: int | None = None
