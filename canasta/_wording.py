"""Moves in words: the sentence a player reads for a move, from a player's view.

Only the move's own cards and what the view shows are named, so a description never gives
away a hidden card.

>>> import canasta
>>> game = canasta.Game.from_position(
...     "classic", hands=["8H 8S KC KD KH JK 4C", "5C", "6C", "7C"], pile="8D 9D",
...     melds=[["QH QS QD"], []])
>>> game.describe(canasta.TakePile("8H 8S"))
'Take the pile (2 cards) with 8♥ 8♠'
>>> after = game.apply(canasta.TakePile("8H 8S"))
>>> canasta.LayMeld("KC KD KH JK").describe(after)
'Meld K♣ K♦ K♥ with a joker'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta._engine.state import Phase
from canasta._model.cards import Card, Rank
from canasta._model.deck import Cards
from canasta._model.moves import (
    AddToMeld,
    Answer,
    Ask,
    Discard,
    Draw,
    LayMeld,
    MergeMelds,
    Move,
    NextDeal,
    Pass,
    TakePile,
)

if TYPE_CHECKING:
    from canasta.views import PlayerView

__all__ = ["describe"]

_NUMBERS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_RANK_NAMES = {
    Rank.FOUR: "fours",
    Rank.FIVE: "fives",
    Rank.SIX: "sixes",
    Rank.SEVEN: "sevens",
    Rank.EIGHT: "eights",
    Rank.NINE: "nines",
    Rank.TEN: "tens",
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.ACE: "aces",
    Rank.TWO: "twos",
    Rank.THREE: "black threes",
    Rank.JOKER: "jokers",
}


def _count(number: int, word: str) -> str:
    text = _NUMBERS[number] if number < len(_NUMBERS) else str(number)
    return f"{text} {word}{'s' if number != 1 else ''}"


def _naturals(cards: Cards) -> list[Card]:
    return [card for card in cards if not card.is_wild]


def _wilds(cards: Cards) -> str:
    """The wild cards: twos by name, jokers counted (``2♣ and a joker``); "" if none."""
    twos = [card.pretty() for card in cards if card.is_wild and not card.is_joker]
    jokers = cards.count_rank(Rank.JOKER)
    parts = [*twos, _count(jokers, "joker")] if jokers else twos
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _cards_text(cards: Cards, joiner: str) -> str:
    """``K♣ K♦ K♥ with a joker`` (``joiner`` "with") or ``K♠ and a joker`` ("and")."""
    naturals = " ".join(card.pretty() for card in _naturals(cards))
    wilds = _wilds(cards)
    if naturals and wilds:
        return f"{naturals} {joiner} {wilds}"
    return naturals or wilds


def _pile(view: PlayerView) -> str:
    size = view.table.pile_size
    return f"the pile ({size} card{'s' if size != 1 else ''})"


def _meld_name(view: PlayerView, side: int, number: int) -> str:
    melds = view.table.melds[side]
    if number < len(melds):
        return f"meld #{number} ({melds[number].cards.pretty()})"
    return f"meld #{number}"


def _mover(view: PlayerView) -> int:
    return view.to_move if view.to_move is not None else view.turn_player


def _goes_out(view: PlayerView, cards: int) -> bool:
    """Whether a step that leaves ``cards`` fewer cards in the mover's hand empties it."""
    mover = _mover(view)
    return view.phase is Phase.MELD and view.hand_sizes[mover] == cards and cards > 0


def describe(view: PlayerView, move: Move) -> str:
    """``move`` in words, for a player who sees ``view``."""
    side = view.rules.side_of_player(_mover(view))
    text = _sentence(view, move, side)
    cards = len(move.cards) if isinstance(move, (LayMeld, AddToMeld)) else 0
    if isinstance(move, Discard):
        cards = 1
    if cards and _goes_out(view, cards) and not view.draft.no_discard:
        return f"Go out: {text[0].lower()}{text[1:]}"
    return text


def _sentence(view: PlayerView, move: Move, side: int) -> str:
    if isinstance(move, Draw):
        count = view.rules.draw_count
        return f"Draw {_count(count, 'card')} from the stock"
    if isinstance(move, TakePile):
        return _take(view, move, side)
    if isinstance(move, LayMeld):
        if move.wild_as is not None and _naturals(move.cards):
            naturals = " ".join(card.pretty() for card in _naturals(move.cards))
            suit = _naturals(move.cards)[0].suit
            stands = f"{move.wild_as.text}{suit.symbol if suit else ''}"
            return f"Meld {naturals} with {_wilds(move.cards)} as {stands}"
        if not _naturals(move.cards):
            return f"Meld the wild cards {_wilds(move.cards)}"
        return f"Meld {_cards_text(move.cards, 'with')}"
    if isinstance(move, AddToMeld):
        if move.rank is not None:
            target = f"your {_RANK_NAMES[move.rank]}"
        else:
            assert move.meld is not None
            target = _meld_name(view, side, move.meld)
        return f"Add {_cards_text(move.cards, 'and')} to {target}"
    if isinstance(move, MergeMelds):
        first, second = (_meld_name(view, side, n) for n in (move.first, move.second))
        return f"Merge {first} with {second}"
    if isinstance(move, Discard):
        return f"Discard {move.card.pretty()}"
    return _word(view, move)


def _take(view: PlayerView, move: TakePile, side: int) -> str:
    return _take_words(view, move, side) + _lone_hand_words(view)


def _take_words(view: PlayerView, move: TakePile, side: int) -> str:
    if move.cards:
        return f"Take {_pile(view)} with {move.cards.pretty()}"
    if move.meld is not None:
        return f"Take {_pile(view)} onto {_meld_name(view, side, move.meld)}"
    top = view.table.pile_top
    target = f"your {_RANK_NAMES[top.rank]}" if top is not None else "your meld"
    return f"Take {_pile(view)} onto {target}"


def _lone_hand_words(view: PlayerView) -> str:
    """The first take in cutthroat makes the taker the lone hand (CL-V3-3)."""
    if not view.rules.cutthroat or view.table.lone_hand is not None:
        return ""
    return ", and play alone against the other two, who pool their melds"


def _word(view: PlayerView, move: Move) -> str:
    """The moves without cards."""
    if isinstance(move, Ask):
        seats = view.seat_players
        asker = view.turn_player
        partner = seats[(seats.index(asker) + view.rules.num_sides) % len(seats)]
        return f"Ask your partner (player {partner}): may I go out?"
    if isinstance(move, Answer):
        asker = view.turn_player
        if move.yes:
            return f"Answer yes: player {asker} must go out this turn"
        return f"Answer no: player {asker} may not go out this turn"
    if isinstance(move, Pass):
        if view.phase is Phase.MELD:
            return "End the turn without discarding, which ends the deal"
        return "Pass: leave the pile, which ends the deal"
    if isinstance(move, NextDeal):
        return f"Deal the next hand (deal {view.deal_number + 2})"
    raise AssertionError(f"no words for {move!r}")  # pragma: no cover
