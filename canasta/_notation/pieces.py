"""The text forms that the JSON documents and the position notation share.

- A sequence of cards in order (the pile, the stock) is written **top card first**, as people
  describe a pile: ``"KD 8C"`` is the king of diamonds on the eight of clubs.
- A meld is its cards, and for a sequence whose wild card stands for a rank, that rank as a
  move writes it: ``"7D 8D 9D JK wild=10"``.
- An event is its player, its move and, where there are any, the number of cards drawn (when
  it differs from a plain draw's) and the cards everybody saw: ``"P0 draw"``,
  ``"P1 take KH KS [8C 5D]"``, ``"P2 draw (3) [3H]"``.

>>> from canasta._model.moves import parse_move
>>> from canasta._engine.state import Event
>>> from canasta._model.deck import Cards
>>> event_text(Event(1, parse_move("take KH KS"), Cards.parse("8C 5D")), (0, 1, 2, 3), 1)
'P1 take KH KS [5D 8C]'
"""

from __future__ import annotations

import re

from canasta._cache import Memo
from canasta._engine.meld_rules import Meld
from canasta._engine.state import EMPTY, Event
from canasta._model.cards import FACE_TEXT, NATURAL_RANKS, Card, Rank
from canasta._model.deck import Cards
from canasta._model.moves import Draw, Move, parse_move
from canasta._notation.values import fail, read_cards, read_text
from canasta.errors import MoveParseError

__all__ = [
    "event_text",
    "meld_text",
    "read_event",
    "read_meld",
    "read_move",
    "sequence_text",
]

_WILD_AS = {rank.text: rank for rank in NATURAL_RANKS} | {"T": Rank.TEN}


def sequence_text(cards: tuple[Card, ...]) -> str:
    """Cards in the engine's order (the top card last) written top card first."""
    return " ".join([FACE_TEXT[card.index] for card in reversed(cards)])


_CARDS_TEXT: Memo[bytes, str] = Memo(4096)


def cards_text(cards: Cards) -> str:
    """``str(cards)``, remembered: a document writes the same hands and melds move after
    move."""
    counts = cards.counts
    return _CARDS_TEXT.get(
        counts,
        lambda: " ".join(
            [text for text, n in zip(FACE_TEXT, counts, strict=True) if n for _ in range(n)]
        ),
    )


def meld_text(meld: Meld) -> str:
    """A meld's cards, and the rank its wild card stands for where it names one."""
    if meld.wild_as is None:
        return cards_text(meld.cards)
    return f"{cards_text(meld.cards)} wild={meld.wild_as.text}"


def read_meld(value: object, path: str) -> tuple[Cards, Rank | None]:
    """A meld's cards and the rank its wild card stands for, from its text."""
    text = read_text(value, path)
    head, _, tail = text.rpartition(" ")
    if tail.lower().startswith("wild="):
        rank = _WILD_AS.get(tail[5:].upper())
        if rank is None:
            fail(path, f"expected a rank from 4 to A after wild=, got {tail[5:]!r}")
        return read_cards(head.strip(), path), rank
    return read_cards(text, path), None


_MOVES: Memo[str, Move] = Memo(4096)


def read_move(value: object, path: str) -> Move:
    """A move from its text form (remembered: documents repeat moves)."""
    text = read_text(value, path)
    try:
        return _MOVES.get(text, lambda: parse_move(text))
    except MoveParseError as error:
        fail(path, str(error))


_EVENT_TEXTS: Memo[tuple[Event, int, int], str] = Memo(8192)


def event_text(event: Event, seat_players: tuple[int, ...], draw_count: int) -> str:
    """An event: the player (not the seat), the move, cards drawn and cards shown. Events
    are remembered: a deal's document writes its history again after every move."""
    player = seat_players[event.seat]
    return _EVENT_TEXTS.get(
        (event, player, draw_count), lambda: _event_text(event, player, draw_count)
    )


def _event_text(event: Event, player: int, draw_count: int) -> str:
    text = f"P{player} {event.move}"
    if event.drawn != (draw_count if type(event.move) is Draw else 0):
        text += f" ({event.drawn})"
    if event.shown:
        text += f" [{cards_text(event.shown)}]"
    return text


_EVENT = re.compile(r"P(\d{1,2}) ([^\[\]()]*?)(?: \((\d{1,3})\))?(?: \[([^\[\]]*)\])?")
_EVENTS: Memo[tuple[str, int, tuple[int, ...]], Event] = Memo(8192)


def read_event(value: object, path: str, seat_players: tuple[int, ...], draw_count: int) -> Event:
    """An event from its text, in a deal whose seats hold ``seat_players`` (remembered:
    a deal's document holds its history again after every move)."""
    text = read_text(value, path)
    return _EVENTS.get(
        (text, draw_count, seat_players),
        lambda: _event(text, path, seat_players, draw_count),
    )


def _event(text: str, path: str, seat_players: tuple[int, ...], draw_count: int) -> Event:
    player, move, drawn, shown = _parse_event(text, path, draw_count)
    if player not in seat_players:
        fail(path, f"player {player} does not play in this deal")
    return Event(seat_players.index(player), move, shown, drawn)


def _parse_event(text: str, path: str, draw_count: int) -> tuple[int, Move, int, Cards]:
    match = _EVENT.fullmatch(text)
    if match is None:
        fail(path, f'expected an event such as "P0 draw" or "P1 take KH KS [8C]", got {text!r}')
    player, move_text, drawn_text, shown_text = match.groups()
    move = read_move(move_text, path)
    drawn = (draw_count if type(move) is Draw else 0) if drawn_text is None else int(drawn_text)
    shown = EMPTY if shown_text is None else read_cards(shown_text, path)
    return int(player), move, drawn, shown
