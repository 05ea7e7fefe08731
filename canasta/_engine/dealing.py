"""Dealing: the shuffle, the hands, the upcard, the red threes laid out, and the first dealer.

>>> from canasta import find_rules
>>> deal = start_deal(find_rules("classic"), "7/0", 0, (50, 50), first_seat=0)
>>> [len(hand) for hand in deal.hands], len(deal.pile) >= 1, deal.phase.value
([11, 11, 11, 11], True, 'draw')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta._engine.state import EMPTY, Deal, DealEnd, Phase, TurnDraft
from canasta._model.cards import RED_THREES, Card, Rank
from canasta._model.deck import Cards, shuffled_pack
from canasta._rules.ruleset import RuleSet

__all__ = [
    "cut_for_dealer",
    "first_seat",
    "lay_out_pending_red_threes",
    "lay_out_red_threes",
    "seeded_deal",
    "start_deal",
]


def start_deal(
    rules: RuleSet,
    seed: str,
    number: int,
    minimums: tuple[int, ...],
    first_seat: int,
    pack: Sequence[Card] | None = None,
) -> Deal:
    """Shuffle, deal, turn the upcard and lay out dealt red threes (CL-DEAL, CL-UP, CL-R3-2).

    ``seed`` fixes the shuffle; the same seed always gives the same deal. A ``pack`` given in
    the order its cards are dealt (the first to the first seat) is used instead.
    ``first_seat`` is the seat to the dealer's left, who is dealt to and plays first.
    """
    seats = rules.active_players
    if pack is None:
        stock = list(shuffled_pack(rules.decks, random.Random(seed)))
    else:
        stock = list(reversed(pack))
    dealt: list[list[Card]] = [[] for _ in range(seats)]
    for index in range(rules.hand_size * seats):
        dealt[(first_seat + index) % seats].append(stock.pop())
    pile, frozen = _turn_upcard(rules, stock)
    red_threes = [EMPTY] * rules.num_sides
    pending: frozenset[int] = frozenset()
    hands = [Cards.of(hand) for hand in dealt]
    end = None
    if rules.red_three_timing == "after_deal":
        for offset in range(seats):
            seat = (first_seat + offset) % seats
            side = seat % rules.num_sides
            hands[seat], placed, ran_out = lay_out_red_threes(hands[seat], stock, rules)
            red_threes[side] = red_threes[side] + placed
            if ran_out:
                end = DealEnd.LAST_RED_THREE
    else:
        pending = frozenset(s for s in range(seats) if _has_red_three(hands[s]))
    deal = Deal(
        rules=rules,
        number=number,
        hands=tuple(hands),
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
    return lay_out_pending_red_threes(deal)


def lay_out_pending_red_threes(deal: Deal) -> Deal:
    """At the start of a player's first turn, lay out and replace the red threes they were
    dealt (``red_three_timing="first_turn"``, CL-R3-2)."""
    seat = deal.seat
    if seat not in deal.pending_red_threes or deal.phase is Phase.OVER:
        return deal
    stock = list(deal.stock)
    hand, placed, ran_out = lay_out_red_threes(deal.hand, stock, deal.rules)
    side = deal.side
    hands = list(deal.hands)
    hands[seat] = hand
    red_threes = list(deal.red_threes)
    red_threes[side] = red_threes[side] + placed
    return deal.replace(
        hands=tuple(hands),
        red_threes=tuple(red_threes),
        stock=tuple(stock),
        pending_red_threes=deal.pending_red_threes - {seat},
        phase=Phase.OVER if ran_out else deal.phase,
        end=DealEnd.LAST_RED_THREE if ran_out else None,
    )


def lay_out_red_threes(
    hand: Cards, stock: list[Card], rules: RuleSet
) -> tuple[Cards, Cards, bool]:
    """Lay out the red threes of a hand and replace each from ``stock`` (CL-R3-2, CL-R3-3).

    Returns the new hand, the red threes laid out, and whether a red three found no
    replacement (so the deal ends, CL-EXH-1, HW-R3-7, HW-STOCK-3). ``stock`` is consumed
    from its end; the cards the rules never draw (HW-STOCK-1) stay.
    """
    reserve = rules.stock_reserve
    placed: list[Card] = []
    ran_out = False
    for face in RED_THREES:
        for _ in range(hand.count(face)):
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


def _has_red_three(hand: Cards) -> bool:
    return any(hand.count(face) for face in RED_THREES)


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


#: The order of the draw for the first dealer (A-11, CL-SEAT-3): ace high down to two low;
#: threes rank between the four and the two, as in the rank order of the draw in CL-SEAT-3.
_CUT_ORDER: dict[Rank, int] = {
    rank: strength
    for strength, rank in enumerate(
        (
            Rank.TWO,
            Rank.THREE,
            Rank.FOUR,
            Rank.FIVE,
            Rank.SIX,
            Rank.SEVEN,
            Rank.EIGHT,
            Rank.NINE,
            Rank.TEN,
            Rank.JACK,
            Rank.QUEEN,
            Rank.KING,
            Rank.ACE,
        )
    )
}


def seeded_deal(
    rules: RuleSet,
    seed: int | str,
    number: int,
    minimums: tuple[int, ...],
    pack: Sequence[Card] | None = None,
) -> Deal:
    """Deal ``number`` of the match that ``seed`` fixes: shuffled by the seed and the deal's
    number (or dealt from ``pack``), the first seat as :func:`first_seat` says."""
    first = first_seat(rules, seed, number)
    return start_deal(rules, f"{seed}/{number}", number, minimums, first, pack)


def first_seat(rules: RuleSet, seed: int | str, number: int) -> int:
    """The seat that plays first in deal ``number``: the one to the dealer's left, the deal
    passing clockwise (CL-SEAT-2, HW-DEAL-3, HW-DEAL-4).

    Who deals the first deal is ``rules.first_dealer``: ``"fixed"``, the last seat, so that
    seat 0 plays first; ``"cut"``, the highest card of a draw (:func:`cut_for_dealer`).

    >>> from canasta import find_rules
    >>> [first_seat(find_rules("classic"), 1, n) for n in range(5)]
    [0, 1, 2, 3, 0]
    """
    seats = rules.active_players
    dealer = seats - 1 if rules.first_dealer == "fixed" else cut_for_dealer(seats, seed)
    return (dealer + 1 + number) % seats


def cut_for_dealer(seats: int, seed: int | str) -> int:
    """The seat that deals first when the first dealer is chosen by a draw (A-11, HW-DEAL-1,
    CL-SEAT-3): the seats of the first deal each draw a card from a pack shuffled by
    ``seed``; the highest card deals, ace high down to two low, suits not counting. A joker
    drawn means drawing again, and the seats tied for the highest card draw again, from what
    is left of the pack (a new pack once it runs short).

    >>> cut_for_dealer(4, 1), cut_for_dealer(4, 2)
    (3, 2)
    """
    rng = random.Random(f"{seed}/first dealer")
    drawing = list(range(seats))
    pack: list[Card] = []
    while len(drawing) > 1:
        if len(pack) < len(drawing):
            pack = list(shuffled_pack(2, rng))
        drawn = {seat: pack.pop() for seat in drawing}
        if any(card.is_joker for card in drawn.values()):
            continue
        best = max(_CUT_ORDER[card.rank] for card in drawn.values())
        drawing = [seat for seat, card in drawn.items() if _CUT_ORDER[card.rank] == best]
    return drawing[0]
