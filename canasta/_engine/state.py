"""The state of one deal: hands, melds, red threes, pile, stock, whose turn, and the turn draft.

A :class:`Deal` is an immutable value; the transitions in
:mod:`canasta._engine.transitions` make new ones. Hands are per *seat* (the players taking
part in this deal, in turn order); melds, red threes and minimums are per *side*.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

import attrs

from canasta._model import trusted
from canasta._model.cards import Card, Rank
from canasta._model.deck import Cards
from canasta._model.melds import Meld
from canasta._model.moves import Move
from canasta._rules.ruleset import RuleSet

__all__ = ["Deal", "DealEnd", "Event", "Phase", "TurnDraft"]

EMPTY = Cards()
_ZERO_COUNTS = EMPTY.counts


class Phase(enum.Enum):
    """The phase of the turn (CL-TURN-1)."""

    #: Acquire: draw from the stock or take the pile.
    DRAW = "draw"
    #: Meld, add to melds, ask to go out, and discard.
    MELD = "meld"
    #: The partner answers "may I go out?" (CL-ASK-3).
    ANSWER = "answer"
    #: The deal has ended.
    OVER = "over"


# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_OVER, _ANSWER = Phase.OVER, Phase.ANSWER


class DealEnd(enum.Enum):
    """How a deal ended."""

    #: A player went out (CL-OUT).
    WENT_OUT = "went_out"
    #: The stock ran out and nobody could or would take the pile (CL-EXH-3).
    STOCK_EXHAUSTED = "stock_exhausted"
    #: The last card of the stock was a red three (CL-EXH-1).
    LAST_RED_THREE = "last_red_three"


@attrs.frozen(slots=True)
class TurnDraft:
    """Obligations and facts that span the steps of one turn.

    They decide what the rest of the turn must do: reach the opening minimum, meld the
    pile's top card first, keep a card to discard, honour the partner's answer.
    """

    #: The player drew from the stock this turn.
    drew: bool = False
    #: The player took the pile this turn.
    took_pile: bool = False
    #: The side had not opened when the turn began, so a meld this turn is its opening.
    opening: bool = False
    #: The opening has begun (the pile was taken or a meld laid): the minimum is now owed.
    committed: bool = False
    #: Points melded this turn toward the opening minimum, counted until it is reached
    #: (CL-INIT-2, CL-INIT-4).
    points: int = 0
    #: Pile cards that may not be used until the minimum is reached (CL-INIT-4).
    locked: Cards = EMPTY
    #: The player melded cards this turn beyond those of the pile take (CL-ASK-2).
    melded: bool = False
    #: Ranks of the melds laid this turn (where melds are named by rank; see ``melds_before``
    #: otherwise).
    new_ranks: frozenset[Rank] = frozenset()
    #: The player added to a meld that was on the table before this turn (CL-CONC-1).
    touched_existing: bool = False
    #: The player had melded earlier in this deal (CL-CONC-1).
    had_melded: bool = False
    #: The player asked the partner this turn.
    asked: bool = False
    #: The partner's answer, once given (CL-ASK-3).
    answer: bool | None = None
    #: A meld of black threes was laid, so the player must go out (CL-B3-3).
    black_threes: bool = False
    #: The last stock card was a red three: the player may meld but not discard (CL-EXH-1).
    no_discard: bool = False
    #: How many of the side's melds were on the table when the turn began; where melds are
    #: named by position, those come first and the melds laid this turn follow (HW-OUT-4).
    melds_before: int = 0
    #: Pile cards were used before the opening minimum was reached, which only a concealed
    #: going out that needs no minimum allows (CL-CONC-4, CL-INIT-4): the turn must end so.
    concealed_only: bool = False

    def replace(self, **changes: Any) -> TurnDraft:
        """A copy with some fields changed, like ``attrs.evolve`` but quicker."""
        return _copy_draft(self, changes)


@attrs.frozen(slots=True)
class Event:
    """One step of a deal as everybody saw it: who made which move, and what it showed.

    A draw shows how many cards were taken from the stock but not which (red threes drawn
    are laid out, so they are shown); a pile take shows the pile cards that went into the
    taker's hand.
    """

    #: The seat that moved.
    seat: int
    move: Move
    #: Cards everybody saw go into the hand (a pile take) or onto the table (red threes drawn).
    shown: Cards = EMPTY
    #: Cards taken from the stock, red-three replacements included; nobody else sees them.
    drawn: int = 0

    def __str__(self) -> str:
        text = f"seat {self.seat}: {self.move}"
        if self.drawn:
            text += f" ({self.drawn} from the stock)"
        if self.shown:
            text += f" [shown: {self.shown}]"
        return text


_copy_draft = trusted.copier(TurnDraft)


class History(Sequence[Event]):
    """A deal's public steps, oldest first: an immutable sequence that shares its past.

    Adding an event makes a new history in constant time and memory, so the deals after each
    move share one chain of events instead of each copying it.

    >>> from canasta._model.moves import Discard, Draw
    >>> first = History().append(Event(0, Draw()))
    >>> second = first.append(Event(0, Discard("4C")))
    >>> len(first), len(second), second[0] == first[-1], second == tuple(second)
    (1, 2, True, True)
    """

    __slots__ = ("_before", "_last", "_length")

    def __init__(self, before: History | None = None, last: Event | None = None) -> None:
        """An empty history, or ``before`` with ``last`` after it (see :meth:`append`)."""
        self._before = before
        self._last = last
        self._length: int = 0 if before is None else before._length + 1

    @classmethod
    def of(cls, events: Iterable[Event]) -> History:
        """The history of these events, oldest first."""
        history = cls()
        for event in events:
            history = history.append(event)
        return history

    def append(self, event: Event) -> History:
        """The history with ``event`` after the others."""
        return History(self, event)

    def _tuple(self) -> tuple[Event, ...]:
        # Not kept: a copy in every state would bring back the cost this class avoids.
        return tuple(reversed(tuple(self.__reversed__())))

    def __reversed__(self) -> Iterator[Event]:
        node: History | None = self
        while node is not None and node._last is not None:
            yield node._last
            node = node._before

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Event]:
        return iter(self._tuple())

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if index == -1 and self._last is not None:
            return self._last
        return self._tuple()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self is other or (
                self._length == other._length and self._tuple() == other._tuple()
            )
        if isinstance(other, tuple):
            return self._tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __repr__(self) -> str:
        return f"History.of({list(self)!r})"

    # Pickled and copied flat: following the chain would recurse once per event.
    def __reduce__(self) -> tuple[Any, tuple[tuple[Event, ...]]]:
        return (History.of, (self._tuple(),))

    def __copy__(self) -> History:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self  # immutable, and so are its events


def _history(events: Iterable[Event]) -> History:
    return events if isinstance(events, History) else History.of(events)


def _nothing_known(deal: Deal) -> tuple[Cards, ...]:
    return (EMPTY,) * len(deal.hands)


@attrs.frozen(slots=True)
class Deal:
    """One deal's whole state, hidden cards included."""

    rules: RuleSet
    #: The deal's number in the match, from 0.
    number: int
    #: Cards in each seat's hand.
    hands: tuple[Cards, ...]
    #: Each side's melds, ordered by rank; where melds are named by number
    #: (``rules.melds_by_position``), in the order laid, a merged meld in the first's place.
    melds: tuple[tuple[Meld, ...], ...]
    #: Each side's red threes on the table.
    red_threes: tuple[Cards, ...]
    #: The discard pile, bottom card first.
    pile: tuple[Card, ...]
    #: The pile holds a wild card or red three (or is frozen by an option) (CL-FRZ-5).
    pile_frozen: bool
    #: The stock; its last card is the top, drawn next.
    stock: tuple[Card, ...]
    #: The seat whose turn it is.
    seat: int
    phase: Phase
    draft: TurnDraft
    #: Each side's initial-meld minimum for this deal (CL-INIT-1).
    minimums: tuple[int, ...]
    #: Seats that have melded in this deal (CL-CONC-1).
    melded_seats: frozenset[int] = frozenset()
    #: Seats whose dealt red threes wait for their first turn (``red_three_timing="first_turn"``).
    pending_red_threes: frozenset[int] = frozenset()
    #: How the deal ended, once it has.
    end: DealEnd | None = None
    #: The seat that went out.
    went_out: int | None = None
    #: Whether that player went out concealed (CL-CONC-1).
    concealed: bool = False
    #: Turns played so far in this deal.
    turn: int = 0
    #: Cards in each seat's hand that everybody knows: taken with the pile, not yet played.
    known: tuple[Cards, ...] = attrs.field(default=attrs.Factory(_nothing_known, takes_self=True))
    #: The deal's public steps so far.
    history: History = attrs.field(factory=History, converter=_history)
    #: Three-player cutthroat (CL-V3-3): the side that plays alone once the pile has been
    #: taken (or a player went out before that); the other two then pool their melds, so
    #: their groups in :attr:`melds` are one and the same. ``None`` until then, and always
    #: in every other game.
    lone_hand: int | None = None

    # --- seating ----------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        """Number of seats in play."""
        return len(self.hands)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (CL-DEF-4): seats of a side alternate around the table."""
        return seat % len(self.melds)  # one group of melds a side

    def pooling(self, side: int) -> tuple[int, ...]:
        """The sides whose melds are ``side``'s melds (:func:`pooled_sides`)."""
        return pooled_sides(self.lone_hand, len(self.melds), side)

    def with_side_melds(self, side: int, melds: tuple[Meld, ...]) -> tuple[tuple[Meld, ...], ...]:
        """Every side's melds once ``side``'s melds are ``melds`` (pooled sides share them)."""
        pooled = self.pooling(side)
        return tuple(melds if other in pooled else old for other, old in enumerate(self.melds))

    def partner_of(self, seat: int) -> int | None:
        """The partner who answers "may I go out?": the next teammate clockwise (CL-ASK-1)."""
        if not self.rules.has_partners:
            return None
        return (seat + self.rules.num_sides) % self.seats

    @property
    def side(self) -> int:
        """The side of the player whose turn it is."""
        return self.seat % len(self.melds)

    @property
    def to_act(self) -> int | None:
        """The seat that makes the next move: the partner while answering; ``None`` when over."""
        if self.phase is _OVER:
            return None
        if self.phase is _ANSWER:
            return self.partner_of(self.seat)
        return self.seat

    # --- derived facts -----------------------------------------------------------------------

    def replace(self, **changes: Any) -> Deal:
        """A copy with some fields changed, like ``attrs.evolve`` but quicker."""
        if "history" in changes:
            changes["history"] = _history(changes["history"])
        return _copy_deal(self, changes)

    def recorded(self, event: Event) -> Deal:
        """This deal with ``event`` after the others in its history, set in place: only for a
        deal just made for the move of ``event``, which nothing else refers to yet (the deal
        :func:`~canasta._engine.transitions.play` has just made: one copy of the whole deal
        fewer for every move played; :func:`~canasta._model.trusted.completed`)."""
        return trusted.completed(self, "history", self.history.append(event))

    def known_after_playing(self, seat: int, played: Cards) -> tuple[Cards, ...]:
        """Every seat's known cards once ``seat`` has melded or discarded ``played``.

        What everybody knows follows from what everybody saw: a card played that was known to
        be in the hand is no longer known to be there. Whether the hand holds another card of
        that face is hidden, so the deduction never asks the hand (a second copy taken with
        the pile and still held stays unknown to nobody; a copy from the hidden part of the
        hand played first would be indistinguishable).
        """
        known = self.known[seat]
        if known.counts == _ZERO_COUNTS:
            return self.known
        left = known.without(played)
        locked = self.draft.locked if seat == self.seat else EMPTY
        if locked.counts != _ZERO_COUNTS:
            # Pile cards locked until the minimum (CL-INIT-4) stay in the hand for all to
            # see: a card played is one of the hand's other copies, unless it has none.
            still_locked = locked.without(played.without(self.usable))
            left = left + still_locked.without(left)
        if left.counts == known.counts:
            return self.known
        return (*self.known[:seat], left, *self.known[seat + 1 :])

    @property
    def stock_exhausted(self) -> bool:
        """Whether the stock can no longer be drawn from: it is empty, or holds only the card
        that is never drawn (CL-EXH-3, HW-STOCK-1)."""
        return stock_exhausted(self.rules, len(self.stock))

    @property
    def hand(self) -> Cards:
        """The hand of the player whose turn it is."""
        return self.hands[self.seat]

    @property
    def usable(self) -> Cards:
        """The cards the player may meld or discard now: the hand less locked pile cards."""
        locked = self.draft.locked
        return self.hand if locked is EMPTY or not locked else self.hand - locked

    def has_opened(self, side: int) -> bool:
        """A side has opened once one of its melds is on the table (CL-DEF-7)."""
        return bool(self.melds[side])

    def meld_of(self, side: int, rank: Rank) -> Meld | None:
        """The side's meld of ``rank``, if it has one (CL-MELD-6)."""
        for meld in self.melds[side]:
            if meld.rank is rank:
                return meld
        return None

    def canastas(self, side: int) -> int:
        """The side's completed canastas."""
        is_canasta = self.rules.is_canasta
        return sum(1 for meld in self.melds[side] if is_canasta(meld))

    @property
    def top_card(self) -> Card | None:
        """The pile's top card, or ``None`` if the pile is empty."""
        return self.pile[-1] if self.pile else None

    def pile_frozen_for(self, side: int) -> bool:
        """Frozen for a side: globally frozen or the side has not opened (CL-DEF-12, CL-FRZ-5;
        not in Hollywood, HW-FRZ-3)."""
        return self.pile_frozen or (self.rules.frozen_before_opening and not self.has_opened(side))

    def minimum_reached(self) -> bool:
        """Whether the opening minimum of this turn is met, or not owed."""
        draft = self.draft
        return not draft.opening or draft.points >= self.minimums[self.side]


def pooled_sides(lone_hand: int | None, sides: int, side: int) -> tuple[int, ...]:
    """The sides whose melds are ``side``'s melds, lowest first: the side alone, or, in
    cutthroat once the ``lone_hand`` is known, both sides playing against it (CL-V3-3). Red
    threes, minimums and cumulative scores stay each side's own.

    >>> pooled_sides(None, 3, 1), pooled_sides(0, 3, 2), pooled_sides(0, 3, 0)
    ((1,), (1, 2), (0,))
    """
    if lone_hand is None or side == lone_hand:
        return (side,)
    return tuple(other for other in range(sides) if other != lone_hand)


def stock_exhausted(rules: RuleSet, stock_size: int) -> bool:
    """:attr:`Deal.stock_exhausted` for a stock of ``stock_size`` cards, for the engine's hot
    paths that know the size without the deal."""
    left = stock_size - rules.stock_reserve
    return left <= 0 or (not rules.draw_from_short_stock and left < rules.draw_count)


_copy_deal = trusted.copier(Deal)
#: ``Event(seat, move, shown, drawn)`` for values of the right types, without the checks:
#: every move records one.
make_event: Callable[[int, Move, Cards, int], Event] = trusted.maker(Event)
