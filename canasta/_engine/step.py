"""A meld step as a value: one new meld or one addition to a meld, made from cards of a hand.

>>> from canasta import Cards, Meld, MeldKind, Rank
>>> step = Step(None, Cards.parse("KH KS 2C"), None, MeldKind.RANK, 40, 3, Rank.KING)
>>> step.result
Meld(rank=<Rank.KING: 'K'>, cards=Cards.parse('KH KS 2C'))
>>> step.move(by_position=False)
LayMeld(cards=Cards.parse('KH KS 2C'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from canasta._model.cards import Rank, Suit
from canasta._model.deck import Cards
from canasta._model.melds import Meld, MeldKind, layout, make_meld
from canasta._model.moves import AddToMeld, LayMeld, make_addition, make_lay_meld

__all__ = ["Step"]

_SEQUENCE, _BLACK = MeldKind.SEQUENCE, MeldKind.BLACK_THREES  # read once: see movegen
#: The display order of each rank, and an order after them all (for melds of black threes).
_ORDERS = {rank: rank.order for rank in Rank}
_LAST = len(_ORDERS)


class Step:
    """One new meld (``target`` ``None``) or one addition to the side's meld at ``target``:
    the cards from the hand, the rank a sequence's wild card stands for, the kind of meld,
    the points and the number of cards; and the meld that results (made when first asked
    for: the move generator seldom needs it). ``order`` places the step among the steps of
    melds named by rank: by its rank's display order, melds of black threes last (worked
    out once a step, which is remembered and listed again and again).

    Steps are values; the same step may be handed out again, for another hand.
    """

    __slots__ = (
        "_meld",
        "_move",
        "_others",
        "_rank",
        "_result",
        "_suit",
        "cards",
        "kind",
        "order",
        "points",
        "size",
        "target",
        "wild_as",
    )

    def __init__(
        self,
        target: int | None,
        cards: Cards,
        wild_as: Rank | None,
        kind: MeldKind,
        points: int,
        size: int,
        rank: Rank,
        suit: Suit | None = None,
        meld: Meld | None = None,
        others: Callable[[Step], Iterator[Step]] | None = None,
    ) -> None:
        self.target = target
        self.cards = cards
        self.wild_as = wild_as
        self.kind = kind
        self.points = points
        self.size = size
        # What the result is made of: a new meld's rank (a sequence's lowest) and suit; for
        # an addition, the meld grown.
        self._rank = rank
        self.order = _LAST if kind is _BLACK else _ORDERS[rank]
        self._suit = suit
        self._meld = meld
        self._others = others
        self._result: Meld | None = None
        self._move: tuple[bool, LayMeld | AddToMeld] | None = None

    @property
    def rank(self) -> Rank:
        """The rank of the meld laid or grown (a sequence's lowest after the step)."""
        return self._rank

    @property
    def suit(self) -> Suit | None:
        """The suit of a new sequence (``None`` for every other step)."""
        return self._suit

    @property
    def listed_by_count(self) -> bool:
        """Whether the step stands for its count of cards whatever their suits (a meld of one
        rank: :meth:`others` gives the other choices of suits)."""
        return self._others is not None

    @property
    def grown(self) -> Meld | None:
        """The meld an addition grows (``None`` for a new meld)."""
        return self._meld

    @property
    def result(self) -> Meld:
        """The new meld, or the meld grown by the addition."""
        if self._result is None:
            self._result = self._made()
        return self._result

    def _made(self) -> Meld:
        meld = self._meld
        if meld is None:
            return make_meld(self._rank, self.cards, self._suit, self.wild_as)
        if self.kind is _SEQUENCE:
            grown = layout(meld.cards + self.cards, meld.wild_as or self.wild_as)
            assert isinstance(grown, Meld)
            return grown
        return meld.add(self.cards)

    def others(self) -> Iterator[Step]:
        """The same step with the other choices of suits for its natural cards, best first
        (steps of one rank listed by count; none otherwise)."""
        if self._others is None:
            return iter(())
        return self._others(self)

    def move(self, *, by_position: bool) -> LayMeld | AddToMeld:
        """The move that makes this step, naming a meld by its number or by its rank: made
        once and kept (the remembered steps of :mod:`canasta._engine.steps` recur position
        after position, and moves are values)."""
        kept = self._move
        if kept is None or kept[0] is not by_position:
            kept = self._move = (by_position, self._made_move(by_position))
        return kept[1]

    def _made_move(self, by_position: bool) -> LayMeld | AddToMeld:
        if self.target is None:
            return make_lay_meld(self.cards, self.wild_as)
        if by_position:
            return make_addition(None, self.cards, self.target, self.wild_as)
        return make_addition(self._rank, self.cards, None, self.wild_as)

    def applied_to(self, melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
        """The side's melds after this step, in the order laid: the new meld after them, or
        the grown meld in its place (the searches do not mind the order)."""
        if self.target is None:
            return (*melds, self.result)
        return (*melds[: self.target], self.result, *melds[self.target + 1 :])

    def __repr__(self) -> str:
        return f"Step(target={self.target!r}, cards={self.cards!r}, wild_as={self.wild_as!r})"
