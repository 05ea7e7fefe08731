"""The arguments of :meth:`Game.from_position <canasta.game.Game.from_position>` as a
:class:`~canasta._engine.position.parts.Position`: card text read, the pile and the stock
turned from top card first (as people write them) to the engine's order, the player to act
in phase answer turned into the player whose turn it is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta._engine.meld_rules import Meld
from canasta._engine.position.parts import MeldSpec, Position
from canasta._engine.position.turn import TURN_FACTS
from canasta._engine.state import DealEnd, Phase
from canasta._model.cards import Card, CardParseError
from canasta._model.deck import Cards
from canasta._rules.ruleset import RuleSet
from canasta.errors import CanastaError, PositionError, shown

__all__ = ["position_of_arguments", "sequence_arg"]


def _cards_arg(value: Cards | str | Sequence[Card | str], name: str) -> Cards:
    if isinstance(value, Cards):
        return value
    try:
        return Cards.of(value)
    except CanastaError as error:
        raise PositionError(f"{name}: {error}") from None


def _list_arg(value: Any, name: str) -> Sequence[Any]:
    """An argument that lists something (hands, melds ...): a list or tuple, not text."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise PositionError(f"{name}: expected a list, got {shown(value)}")
    return value


def sequence_arg(value: Cards | str | Sequence[Card | str], name: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        try:
            return tuple(Card.parse(c) if isinstance(c, str) else c for c in value)
        except TypeError:
            raise PositionError(f"{name}: expected cards, got {shown(value)}") from None
        except CardParseError as error:
            raise PositionError(f"{name}: {error}") from None
    try:
        return tuple(Card.parse(word) for word in value.replace(",", " ").split())
    except CardParseError as error:
        raise PositionError(f"{name}: {error}") from None


def _meld_arg(item: Meld | Cards | str | Sequence[Card | str], name: str) -> MeldSpec:
    if isinstance(item, (Meld, Cards)):
        return item if isinstance(item, Meld) else (item, None)
    if not isinstance(item, str):
        return _cards_arg(item, name), None
    words = item.replace(",", " ").split()
    wild_as = None
    if words and words[-1].lower().startswith("wild="):
        try:
            wild_as = Card.parse(words.pop()[5:] + "C").rank
        except CardParseError as error:
            raise PositionError(f"{name}: {error}") from None
    return _cards_arg(" ".join(words), name), wild_as


_TURN_FACTS = frozenset(TURN_FACTS) - {"pile_take_rank"}


def position_of_arguments(rules: RuleSet, *, turn: dict[str, Any], **given: Any) -> Position:
    """The :class:`~canasta._engine.position.Position` that :meth:`Game.from_position`'s
    arguments describe: card text read, the pile and stock turned to the engine's order."""
    unknown = sorted(set(turn) - _TURN_FACTS)
    if unknown:
        raise TypeError(f"from_position() got unexpected keyword arguments {unknown}")
    if "locked" in turn:
        turn["locked"] = _cards_arg(turn["locked"], "locked")
    phase, end = Phase(given["phase"]), given["end"]
    melds = given["melds"]
    side_melds = None
    if melds is not None:
        side_melds = tuple(
            tuple(
                _meld_arg(item, f"melds[{side}][{i}]")
                for i, item in enumerate(_list_arg(group, f"melds[{side}]"))
            )
            for side, group in enumerate(_list_arg(melds, "melds"))
        )
    reds = given["red_threes"]
    stock = given["stock"]
    to_move, turn_player = given["to_move"], given["turn_player"]
    if turn_player is None:
        turn_player = 0 if to_move is None else to_move
        if phase is Phase.ANSWER and to_move is not None:  # the partner answers the asker
            seats = rules.seat_players(given["deal_number"])
            if to_move in seats:
                turn_player = seats[(seats.index(to_move) - rules.num_sides) % len(seats)]
    known = given["known"]
    return Position(
        rules=rules,
        hands=tuple(
            _cards_arg(hand, f"hands[{i}]")
            for i, hand in enumerate(_list_arg(given["hands"], "hands"))
        ),
        melds=side_melds,
        red_threes=None
        if reds is None
        else tuple(
            _cards_arg(r, f"red_threes[{i}]") for i, r in enumerate(_list_arg(reds, "red_threes"))
        ),
        pile=sequence_arg(given["pile"], "pile")[::-1],
        pile_frozen=given["pile_frozen"],
        stock=None if stock is None else sequence_arg(stock, "stock")[::-1],
        draws=sequence_arg(given["draws"], "draws"),
        seed=given["seed"],
        deal_number=given["deal_number"],
        turn_player=turn_player,
        phase=phase,
        scores=None if given["scores"] is None else tuple(_list_arg(given["scores"], "scores")),
        melded_players=frozenset(given["melded_players"]),
        known=None
        if known is None
        else tuple(_cards_arg(k, f"known[{i}]") for i, k in enumerate(_list_arg(known, "known"))),
        turns=given["turns"],
        end=None if end is None else DealEnd(end),
        went_out=given["went_out"],
        concealed=given["concealed"],
        lone_hand=given["lone_hand"],
        **turn,
    )
