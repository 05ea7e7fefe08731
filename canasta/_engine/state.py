"""The state of one deal: hands, melds, red threes, pile, stock, whose turn, and the turn draft.

A :class:`Deal` is an immutable value; the transitions in
:mod:`canasta._engine.transitions` make new ones. Hands are per *seat* (the players taking
part in this deal, in turn order); melds, red threes and minimums are per *side*.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import attrgetter
from typing import Any, overload

import attrs

from canasta._engine.meld_rules import Meld
from canasta._model.cards import RED_THREES, Card, Rank
from canasta._model.deck import Cards, counts_minimum, shuffled_pack, trusted_cards
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

    def replace(self, **changes: Any) -> TurnDraft:
        """A copy with some fields changed, like ``attrs.evolve`` but quicker."""
        return _replace_draft(self, changes)


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

    def __init__(self) -> None:
        """An empty history."""
        self._before: History | None = None
        self._last: Event | None = None
        self._length = 0

    @classmethod
    def of(cls, events: Iterable[Event]) -> History:
        """The history of these events, oldest first."""
        history = cls()
        for event in events:
            history = history.append(event)
        return history

    def append(self, event: Event) -> History:
        """The history with ``event`` after the others."""
        longer = History.__new__(History)
        longer._before, longer._last, longer._length = self, event, self._length + 1
        return longer

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


def new_event(seat: int, move: Move, shown: Cards, drawn: int) -> Event:
    """``Event(seat, move, shown, drawn)`` for values of the right types, made quicker: the
    slots are set directly, as attrs's ``__init__`` sets them (every move records one)."""
    event = _new_object(Event)
    _SET_SEAT(event, seat)
    _SET_MOVE(event, move)
    _SET_SHOWN(event, shown)
    _SET_DRAWN(event, drawn)
    return event


_new_object = object.__new__
_SET_SEAT, _SET_MOVE, _SET_SHOWN, _SET_DRAWN = (
    Event.__dict__[field.name].__set__ for field in attrs.fields(Event)
)


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

    # --- seating ----------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        """Number of seats in play."""
        return len(self.hands)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (CL-DEF-4): seats of a side alternate around the table."""
        return seat % len(self.melds)  # one group of melds a side

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
        if self.phase is Phase.OVER:
            return None
        if self.phase is Phase.ANSWER:
            return self.partner_of(self.seat)
        return self.seat

    # --- derived facts -----------------------------------------------------------------------

    def replace(self, **changes: Any) -> Deal:
        """A copy with some fields changed, like ``attrs.evolve`` but quicker."""
        if "history" in changes:
            changes["history"] = _history(changes["history"])
        return _replace_deal(self, changes)

    def with_hand(self, seat: int, hand: Cards) -> Deal:
        """The deal with a new hand for ``seat``; cards that left it are no longer known."""
        hands = (*self.hands[:seat], hand, *self.hands[seat + 1 :])
        return self.replace(hands=hands, known=self.known_after(seat, hand))

    def known_after(self, seat: int, hand: Cards) -> tuple[Cards, ...]:
        """Every seat's known cards once ``seat`` holds ``hand``: what left it is not known."""
        known = self.known[seat].counts
        if known == _ZERO_COUNTS:
            return self.known
        trimmed = counts_minimum(known, hand.counts)
        if trimmed == known:
            return self.known
        return (*self.known[:seat], trusted_cards(trimmed), *self.known[seat + 1 :])

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
        return sum(1 for meld in self.melds[side] if meld.is_canasta_under(self.rules))

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

    # --- dealing -------------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        rules: RuleSet,
        seed: str,
        number: int,
        minimums: tuple[int, ...],
        first_seat: int,
        pack: Sequence[Card] | None = None,
    ) -> Deal:
        """Shuffle, deal, turn the upcard and lay out dealt red threes (CL-DEAL, CL-UP, CL-R3-2).

        ``seed`` fixes the shuffle; the same seed always gives the same deal. A ``pack``
        given in the order its cards are dealt (the first to the first seat) is used instead.
        """
        seats = rules.active_players
        if pack is None:
            stock = list(shuffled_pack(rules.decks, random.Random(seed)))
        else:
            stock = list(reversed(pack))
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for index in range(rules.hand_size * seats):
            hands[(first_seat + index) % seats].append(stock.pop())
        pile, frozen = _turn_upcard(rules, stock)
        red_threes = [EMPTY] * rules.num_sides
        pending: frozenset[int] = frozenset()
        hand_sets = [Cards.of(hand) for hand in hands]
        end = None
        if rules.red_three_timing == "after_deal":
            for offset in range(seats):
                seat = (first_seat + offset) % seats
                side = seat % rules.num_sides
                hand_sets[seat], placed, ran_out = lay_out_red_threes(
                    hand_sets[seat], stock, rules.stock_reserve
                )
                red_threes[side] = red_threes[side] + placed
                if ran_out:
                    end = DealEnd.LAST_RED_THREE
        else:
            pending = frozenset(s for s in range(seats) if _has_red_three(hand_sets[s]))
        deal = cls(
            rules=rules,
            number=number,
            hands=tuple(hand_sets),
            melds=((),) * rules.num_sides,
            red_threes=tuple(red_threes),
            pile=tuple(pile),
            pile_frozen=frozen,
            stock=tuple(stock),
            seat=first_seat,
            phase=Phase.OVER if end else Phase.DRAW,
            draft=TurnDraft(),
            minimums=minimums,
            pending_red_threes=pending,
            end=end,
        )
        return deal.lay_out_pending_red_threes()

    def lay_out_pending_red_threes(self) -> Deal:
        """At the start of a player's first turn, lay out and replace the red threes they were
        dealt (``red_three_timing="first_turn"``, CL-R3-2)."""
        seat = self.seat
        if seat not in self.pending_red_threes or self.phase is Phase.OVER:
            return self
        stock = list(self.stock)
        hand, placed, ran_out = lay_out_red_threes(self.hand, stock, self.rules.stock_reserve)
        side = self.side
        hands = list(self.hands)
        hands[seat] = hand
        red_threes = list(self.red_threes)
        red_threes[side] = red_threes[side] + placed
        return self.replace(
            hands=tuple(hands),
            red_threes=tuple(red_threes),
            stock=tuple(stock),
            pending_red_threes=self.pending_red_threes - {seat},
            phase=Phase.OVER if ran_out else self.phase,
            end=DealEnd.LAST_RED_THREE if ran_out else None,
        )


def _make_replacer(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """A function that copies an instance of ``cls`` slot by slot, then sets ``changes``.

    It writes the slots directly, as ``attrs`` does in ``__init__``, but in straight-line
    code without ``__init__``'s defaults and conversions: the copied values are already
    converted, and the engine's changes are of the right types.
    """
    names = [field.name for field in attrs.fields(cls)]
    slots = {name: cls.__dict__[name].__set__ for name in names}
    lines = [
        "def replace(instance, changes):",
        "    values = get(instance)",
        "    new = make(cls)",
    ]
    lines += [f"    set_{i}(new, values[{i}])" for i in range(len(names))]
    lines += [
        "    for name, value in changes.items():",
        "        try:",
        "            slot = slots[name]",
        "        except KeyError:",
        "            raise TypeError(f'{cls.__name__} has no field {name!r}') from None",
        "        slot(new, value)",
        "    return new",
    ]
    scope: dict[str, Any] = {
        "get": attrgetter(*names),
        "make": object.__new__,
        "cls": cls,
        "slots": slots,
        **{f"set_{i}": slots[name] for i, name in enumerate(names)},
    }
    exec("\n".join(lines), scope)
    replace: Callable[[Any, dict[str, Any]], Any] = scope["replace"]
    return replace


def deal_copier(*changed: str) -> Callable[..., Deal]:
    """A function ``copy(deal, *values)`` that gives ``deal.replace(**dict(zip(changed,
    values)))``, quicker: each slot is set once, from the deal or from ``values``, with no
    dict of changes. For the changes the engine makes on every move; not for ``history``,
    which ``replace`` converts."""
    names = [field.name for field in attrs.fields(Deal)]
    if len(set(changed)) != len(changed) or not set(changed) <= set(names) - {"history"}:
        raise ValueError(f"not fields of Deal to copy with: {changed}")
    kept = [name for name in names if name not in changed]
    slots = [Deal.__dict__[name].__set__ for name in names]
    lines = [f"def copy(instance, {''.join(f'c_{name}, ' for name in changed)}):"]
    if kept:  # one name gives attrgetter a single value, several a tuple
        targets = f"v_{kept[0]}" if len(kept) == 1 else "".join(f"v_{n}, " for n in kept)
        lines.append(f"    {targets} = get(instance)")
    lines.append("    new = make(Deal)")
    lines += [
        f"    set_{i}(new, {'c' if name in changed else 'v'}_{name})"
        for i, name in enumerate(names)
    ]
    lines.append("    return new")
    scope: dict[str, Any] = {
        "get": attrgetter(*kept) if kept else None,
        "make": object.__new__,
        "Deal": Deal,
        **{f"set_{i}": slot for i, slot in enumerate(slots)},
    }
    exec("\n".join(lines), scope)
    copy: Callable[..., Deal] = scope["copy"]
    return copy


# A copy of a frozen instance with ``changes``: much quicker than ``attrs.evolve``.
_replace_draft: Callable[[TurnDraft, dict[str, Any]], TurnDraft] = _make_replacer(TurnDraft)
_replace_deal: Callable[[Deal, dict[str, Any]], Deal] = _make_replacer(Deal)


def stock_exhausted(rules: RuleSet, stock_size: int) -> bool:
    """:attr:`Deal.stock_exhausted` for a stock of ``stock_size`` cards, for the engine's hot
    paths that know the size without the deal."""
    left = stock_size - rules.stock_reserve
    return left <= 0 or (not rules.draw_from_short_stock and left < rules.draw_count)


def _has_red_three(hand: Cards) -> bool:
    counts = hand.counts
    return any(counts[face.index] for face in RED_THREES)


def _turn_upcard(rules: RuleSet, stock: list[Card]) -> tuple[list[Card], bool]:
    """Turn upcards until one may stay on top (CL-UP-1 to CL-UP-5)."""
    pile: list[Card] = []
    frozen = rules.pile_frozen_at_start == "always"
    while stock:
        card = stock.pop()
        pile.append(card)
        if card.is_wild or card.is_red_three:
            frozen = True
            continue
        if card.is_black_three:
            frozen = frozen or rules.black_three_freezes_pile
            if rules.upcard_cover_black_three:
                continue
        break
    return pile, frozen


def lay_out_red_threes(
    hand: Cards, stock: list[Card], reserve: int = 0
) -> tuple[Cards, Cards, bool]:
    """Lay out the red threes of a hand and replace each from ``stock`` (CL-R3-2, CL-R3-3).

    Returns the new hand, the red threes laid out, and whether a red three found no
    replacement (so the deal ends, CL-EXH-1, HW-R3-7, HW-STOCK-3). ``stock`` is consumed
    from its end; its last ``reserve`` cards are never drawn (HW-STOCK-1).
    """
    placed: list[Card] = []
    ran_out = False
    for face in RED_THREES:
        for _ in range(hand.counts[face.index]):
            hand = hand.remove(face)
            placed.append(face)
            while len(stock) > reserve:
                card = stock.pop()
                if card.is_red_three:
                    placed.append(card)
                    continue
                hand = hand.add(card)
                break
            else:
                ran_out = True
    return hand, Cards.of(placed) if placed else EMPTY, ran_out
