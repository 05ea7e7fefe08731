"""A concrete move for an action id that no legal move has, so that its refusal can name the
rule it breaks (:func:`canasta.actions.decode`).

An id codes a move up to the suits of its cards ("a meld of sevens: three naturals and a
joker"). The probe takes the cards from the player's hand where it holds them, and fills in
the rest from the pack, suit by suit; the rules then say why that move is refused (the
cards are not held, the minimum is not met, it is not the player's turn ...).
"""

from __future__ import annotations

from typing import Any

from canasta._action_table import (
    _FEW_WILDS,
    _JOKERS,
    _MELD_RANKS,
    _NATURALS,
    _POSITIONS,
    _RUNS,
    _SAME_RANK,
    _SLOT_SHAPES,
    _SPANS,
    _SUITS,
    _WILD_PAIR_TAKES,
    _WILD_RUNS,
    _WILD_SPANS,
    _WILDS_ONLY,
    _counts,
    locate,
)
from canasta._model.cards import JOKER, NATURAL_RANKS, Card, Rank, Suit
from canasta._model.deck import Cards
from canasta._model.melds import Meld
from canasta._model.moves import AddToMeld, LayMeld, Move, TakePile
from canasta.views import PlayerView

__all__ = ["Shape", "probe", "probe_move"]


class _Picker:
    """Cards for a probe: from the hand while it has them, then from the pack."""

    def __init__(self, hand: Cards) -> None:
        self.left = hand
        self.cards: list[Card] = []

    def take(self, rank: Rank, count: int, suit: Suit | None = None) -> None:
        for _ in range(count):
            self.cards.append(self._one(rank, suit))

    def _one(self, rank: Rank, suit: Suit | None) -> Card:
        if rank is Rank.JOKER:
            candidates = [JOKER]
        elif suit is not None:
            candidates = [Card(rank, suit)]
        else:
            suits = _SUITS if rank is not Rank.THREE else (Suit.CLUBS, Suit.SPADES)
            candidates = [Card(rank, s) for s in suits]
        for card in candidates:
            if self.left.count(card):
                self.left = self.left.remove(card)
                return card
        # Not held: the next suit in turn, so that the cards look like a real choice.
        return candidates[len(self.cards) % len(candidates)]

    def result(self) -> Cards:
        return Cards.of(self.cards)


#: What an id names, as the probe needs it: the kind ("meld", "add", "take"), the rank or
#: suit, the naturals (by count, or by positions 0-10 in a run), twos, jokers, the meld's
#: number and the rank a wild card stands for.
Shape = tuple[
    str, Rank | None, Suit | None, int, tuple[int, ...], int, int, int | None, int | None
]


def probe(view: PlayerView, shape: Shape) -> Move | None:
    """A move of ``shape`` for the player of ``view``, or ``None`` if it would be no move
    at all (an addition of no cards)."""
    kind, rank, suit, naturals, run, twos, jokers, meld, wild_at = shape
    melds = view.table.melds[view.rules.side_of_player(view.player)]
    target = melds[meld] if meld is not None and meld < len(melds) else None
    rank, suit = _rank_and_suit(view, kind, rank, suit, target)
    picker = _Picker(view.hand)
    if run:
        _pick_run(picker, run, suit or Suit.CLUBS, wild_at, target)
    elif naturals:
        picker.take(rank or Rank.FOUR, naturals)
    picker.take(Rank.TWO, twos)
    picker.take(Rank.JOKER, jokers)
    cards = picker.result()
    wild_as = NATURAL_RANKS[wild_at] if wild_at is not None else None
    if kind == "take":
        return TakePile(cards)
    if not cards:
        return None
    if kind == "meld":
        return LayMeld(cards, wild_as=wild_as)
    if meld is not None:
        return AddToMeld(None, cards, meld=meld, wild_as=wild_as)
    return AddToMeld(rank, cards)


def _rank_and_suit(
    view: PlayerView, kind: str, rank: Rank | None, suit: Suit | None, target: Meld | None
) -> tuple[Rank | None, Suit | None]:
    """The rank and suit a shape leaves open, from the pile's top card (a take) or the meld
    it names (an addition)."""
    top = view.table.pile_top
    if kind == "take" and top is not None:
        suit = suit or top.suit
        rank = rank or top.rank
    if target is not None:
        rank = rank or (target.rank if target.suit is None else None)
        suit = suit or target.suit
    return rank, suit


def _pick_run(
    picker: _Picker, run: tuple[int, ...], suit: Suit, wild_at: int | None, target: Meld | None
) -> None:
    """The naturals of a run of ``suit`` that the meld lacks, all but the wild card's."""
    have = target.cards if target is not None else Cards()
    for position in run:
        card_rank = NATURAL_RANKS[position]
        if position != wild_at and not have.count(Card(card_rank, suit)):
            picker.take(card_rank, 1, suit)


def probe_move(position: Any, action: int) -> Move | None:
    """A move of the kind ``action`` codes, made from the player's cards ."""
    shape = _shape(action)
    if shape is None:
        return None
    if isinstance(position, PlayerView):
        view = position
    else:
        game: Any = position
        view = game.view(game.to_move if game.to_move is not None else game.turn_player)
    return probe(view, shape)


def _shape(action: int) -> Shape | None:
    """What an id that codes a move up to suits names (see :data:`canasta._action_probe.Shape`)."""
    return _block_shape(*locate(action))


def _block_shape(name: str, index: int) -> Shape | None:
    if name == "take":
        twos, jokers = ((0, 0), (0, 0), (1, 0), (0, 1))[index]
        return ("take", None, None, 2 - twos - jokers, (), twos, jokers, None, None)
    if name == "meld":
        rank, naturals, twos, jokers = _counts(index)
        return ("meld", rank, None, naturals + 1, (), twos, jokers, None, None)
    if name == "add":
        rank_index, rest = divmod(index, (_NATURALS + 1) * len(_FEW_WILDS))
        naturals, wild_index = divmod(rest, len(_FEW_WILDS))
        twos, jokers = _FEW_WILDS[wild_index]
        rank = _MELD_RANKS[rank_index]
        return ("add", rank, None, naturals, (), twos, jokers, None, None)
    if name == "take wild pair":
        twos, jokers = _WILD_PAIR_TAKES[index]
        return ("take", Rank.TWO, None, 0, (), twos, jokers, None, None)
    if name == "take suited pair":
        lo, gap = divmod(index, 2)
        hi = lo + gap + 1
        if hi >= _POSITIONS:
            return None
        return ("take", None, None, 0, (lo, hi), 0, 0, None, None)
    if name == "meld sequence":
        suit, span = divmod(index, len(_SPANS))
        lo, hi = _SPANS[span]
        return ("meld", None, _SUITS[suit], 0, tuple(range(lo, hi + 1)), 0, 0, None, None)
    if name == "meld wild cards":
        twos, jokers = divmod(index, _JOKERS + 1)
        return ("meld", Rank.TWO, None, 0, (), twos, jokers, None, None)
    if name == "add to meld":
        slot, shape = divmod(index, _SLOT_SHAPES)
        if shape < _SAME_RANK:
            naturals, wild_index = divmod(shape, len(_FEW_WILDS))
            twos, jokers = _FEW_WILDS[wild_index]
            return ("add", None, None, naturals + 1, (), twos, jokers, slot, None)
        shape -= _SAME_RANK
        if shape < _WILDS_ONLY:
            twos, jokers = divmod(shape, _JOKERS + 1)
            return ("add", None, None, 0, (), twos, jokers, slot, None)
        lo, hi = _RUNS[shape - _WILDS_ONLY]
        return ("add", None, None, 0, tuple(range(lo, hi + 1)), 0, 0, slot, None)
    if name in ("meld sequence with wild", "add to sequence with wild"):
        spans = _WILD_SPANS if name.startswith("meld") else _WILD_RUNS
        outer, inner = divmod(index, len(spans))
        lo, hi, at, kind = spans[inner]
        twos, jokers = (1, 0) if kind == 0 else (0, 1)
        run = tuple(range(lo, hi + 1))
        if name.startswith("meld"):
            return ("meld", None, _SUITS[outer], 0, run, twos, jokers, None, at)
        return ("add", None, None, 0, run, twos, jokers, outer, at)
    return None
