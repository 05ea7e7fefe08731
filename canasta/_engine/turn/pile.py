"""Taking the discard pile (CL-PILE, HW-PILE, SA-PILE): which meld the top card makes or
joins, and the deal after the take.

The ways to take are the same in every rule set, switched on and off by its fields: a
natural pair (M1, CL-PILE-3 (a)), a natural and a wild card (MX, CL-PILE-3 (b)), two cards
of the top card's suit in a row with it (M2), a wild pair for a wild top card (M3), and the
top card alone added to a meld of the side (M4, CL-PILE-3 (c)). Whether the turn can still be
finished after the take is asked by :mod:`canasta._engine.transitions`.
"""

from __future__ import annotations

from typing import Any

from canasta._engine.cutthroat import forms_partnership, with_lone_hand
from canasta._engine.meld_rules import added, new_meld
from canasta._engine.naming import naming
from canasta._engine.state import EMPTY, Deal, Phase
from canasta._engine.turn.common import not_held, replaced, wrong_phase
from canasta._engine.turn.draw import fresh_draft
from canasta._model.cards import RED_THREES, Card
from canasta._model.deck import Cards
from canasta._model.melds import Meld, MeldKind, layout
from canasta._model.moves import TakePile
from canasta._rules.ruleset import RuleSet
from canasta.errors import Violation

__all__ = [
    "Taking",
    "closed_canasta",
    "layoff_refusal",
    "mixed_refusal",
    "take",
    "take_preamble",
    "taken",
    "taking",
]

#: What a take does with the top card: the position of the meld it grows (``None`` for a
#: new meld) and the meld after it.
Taking = tuple[int | None, Meld]


def take(deal: Deal, move: TakePile) -> Taking | Violation:
    """What taking the pile with ``move`` lays or grows, or why the take is illegal."""
    if deal.phase is not Phase.DRAW:
        return wrong_phase(deal, "take the pile")
    problem = take_preamble(deal, move)
    if problem is not None:
        return problem
    return taking(deal, move)


def take_preamble(deal: Deal, move: TakePile) -> Violation | None:
    """What refuses any take whatever the cards: an empty pile, a stop card on top
    (CL-PILE-2, HW-PILE-4), a side not allowed to take before melding (CL-PILE-6), the
    one-card rule (CL-PILE-7), cards the player does not hold, a meld the side does not
    have, a wild top card that a completed canasta of wild cards makes a stop card
    (HW-STOP-1)."""
    rules, pile, hand = deal.rules, deal.pile, deal.hand
    if not pile:
        return Violation("CL-PILE-2", "the pile is empty")
    top = pile[-1]
    stop = top.is_black_three or top.is_red_three
    if stop or (top.is_wild and rules.wild_top_card == "stop"):
        return Violation(
            "CL-PILE-2" if stop else "CL-PILE-2/wild",
            f"the top card {top} is a stop card: nobody can take the pile now",
        )
    melds = deal.melds[deal.side]
    if not melds and not rules.allow_take_before_opening:
        return Violation("CL-PILE-6", "your side must meld before it may take the pile")
    if rules.one_card_pile_rule and len(hand) == 1 and len(pile) == 1:
        return Violation(
            "CL-PILE-7", "with one card in your hand you may not take a pile of one card"
        )
    if not hand.issuperset(move.cards):
        return not_held(move.cards, hand, "CL-PILE-3")
    if melds and move.meld is not None and move.meld >= len(melds):
        return Violation("CL-PILE-3/meld", f"your side has no meld #{move.meld}")
    if top.is_wild and _wild_top_is_stop_card(deal, top):
        return Violation(
            "HW-STOP-1",
            f"the {top} on top matches your side's completed canasta of wild cards: it is a "
            "stop card, and you may not take the pile",
        )
    return None


def taking(deal: Deal, move: TakePile) -> Taking | Violation:
    """:func:`take` after its preamble: for a take in the draw phase that
    :func:`take_preamble` allows (the move generator's candidates, whose cards come from the
    hand and whose meld is one of the side's, once it allowed taking at all; a move it
    listed)."""
    top = deal.top_card
    assert top is not None
    cards = move.cards
    if not cards:
        return _layoff(deal, top, move.meld)
    with_top = cards.add(top)
    extends = _extends_sequence(deal, with_top)
    if extends is not None:
        return extends
    if move.meld is not None:
        return Violation("CL-PILE-3", "to add the top card to a meld, name the meld and no cards")
    if len(cards) != 2:
        return Violation(
            "CL-PILE-3",
            f"take the pile with two cards from your hand that meld with the {top}, or with "
            "none to add it to a meld of your side; add more cards afterwards",
        )
    if top.is_wild:
        return _wild_pair(deal, top, cards, with_top)
    return _natural_top_pair(deal, top, cards, with_top)


def _natural_top_pair(deal: Deal, top: Card, cards: Cards, with_top: Cards) -> Taking | Violation:
    """Two cards from the hand (``cards``; ``with_top``, they and the top card) with a
    natural top card: M1, M2 or MX."""
    rules, side = deal.rules, deal.side
    rank = top.rank
    naturals = cards.count_rank(rank)
    if naturals == 2:  # M1, a new meld even beside a meld of the rank (HW-PILE-9)
        return _pair_meld(deal, with_top)
    suited = all(face.is_natural and face.suit is top.suit for face in cards.faces())
    mixed = naturals == 1 and cards.count_wild() == 1
    forbidden = (suited and not rules.take_with_suited_pair) or (
        mixed and not rules.take_with_natural_and_wild
    )
    if forbidden:  # M2 or MX, which these rules never allow (HW-PILE-1, SA-PILE-2)
        return Violation(
            "CL-PILE-3/forbidden", f"{cards} do not meld with the {top}: " + _ways(deal, top)
        )
    if suited:
        made = layout(with_top)
        if isinstance(made, Violation) or made.kind is not MeldKind.SEQUENCE:
            return Violation(
                "HW-PILE-1",
                f"{cards} do not make three cards in a row with the {top}: for example "
                "the two ranks just above it, just below it, or one on each side",
            )
        return _new_take_meld(with_top, deal)
    if mixed:
        return mixed_refusal(deal, top) or _pair_meld(deal, with_top)
    if deal.pile_frozen_for(side):
        return _frozen_refusal(deal, top)
    return Violation("CL-PILE-3", f"{cards} do not meld with the {top}: " + _ways(deal, top))


def mixed_refusal(deal: Deal, top: Card) -> Violation | None:
    """What refuses taking a natural top card with a natural of its rank and a wild card
    (MX, CL-PILE-3 (b)) whatever the cards: a pile frozen for the side (CL-PILE-5), a side
    that has not melded (CL-PILE-5/unopened). The move generator asks it once a position
    (:func:`~canasta._engine.take_candidates.take_candidates`) and lists no such take
    where it refuses."""
    side = deal.side
    if deal.pile_frozen_for(side):
        return _frozen_refusal(deal, top)
    if not deal.has_opened(side):
        return _unopened_refusal(deal, top)
    return None


def _ways(deal: Deal, top: Card) -> str:
    """The ways to take the pile these rules allow with cards from the hand, in words."""
    rules, rank = deal.rules, top.rank.text
    ways = f"use two natural {rank}s"
    if rules.take_with_suited_pair:
        ways += f", or two {top.suit.symbol if top.suit else ''} cards in a row with it"
    if rules.take_with_natural_and_wild:
        ways += " or one natural and one wild card"
    return ways


def _wild_pair(deal: Deal, top: Card, cards: Cards, with_top: Cards) -> Taking | Violation:
    """Two wild cards of the top card's kind (``cards``; ``with_top``, they and the top
    card) for a wild top card (M3, HW-PILE-1)."""
    rules = deal.rules
    kind = "jokers" if top.is_joker else "twos"
    if cards.count_rank(top.rank) != len(cards):
        return Violation(
            "HW-PILE-1",
            f"a {top} on top is taken only with two {kind} from your hand (a joker and a "
            "two do not make a pair)",
        )
    if deal.pile_frozen and not rules.wild_pair_takes_frozen_pile:
        return Violation(
            "HW-FRZ-2",
            "the pile is frozen: it is taken only with a natural pair or a suited pair",
        )
    if not deal.has_opened(deal.side) and not rules.open_with_wild_pair:
        return _unopened_refusal(deal, top)
    return _new_take_meld(with_top, deal)


def _frozen_refusal(deal: Deal, top: Card) -> Violation:
    if not deal.pile_frozen:
        return _unopened_refusal(deal, top)
    return Violation(
        "CL-PILE-5",
        f"the pile is frozen for your side: take it only by showing two natural "
        f"{top.rank.text}s from your hand",
    )


def _unopened_refusal(deal: Deal, top: Card) -> Violation:
    """A side that has not melded takes the pile only with a pair from the hand: two
    naturals of the top card's rank, or two of its suit in a row with it where the rules
    allow it (CL-PILE-5, HW-INIT-4)."""
    ways = f"two natural {top.rank.text}s"
    if deal.rules.take_with_suited_pair and top.suit is not None:
        ways += f", or two {top.suit.symbol} cards in a row with it"
    return Violation(
        "CL-PILE-5/unopened",
        f"your side has not melded: take it only by showing {ways} from your hand",
    )


def _pair_meld(deal: Deal, with_top: Cards) -> Taking | Violation:
    """The meld a natural pair (or a natural and a wild card) makes with the top card: a
    new meld, or, where a side holds one meld of a rank, the side's meld of the rank grown
    (CL-PILE-4)."""
    rules = deal.rules
    top = deal.top_card
    assert top is not None
    if not rules.several_melds_per_rank:
        melds = deal.melds[deal.side]
        index = naming(rules).rank_meld(melds, top.rank)
        if index is not None:
            grown = added(melds[index], with_top, rules)
            if isinstance(grown, Violation):
                if grown.rule in ("CL-MELD-3", "HW-MELD-6"):
                    return Violation("CL-PILE-4", grown.message)
                return grown
            return index, grown
    return _new_take_meld(with_top, deal)


def _new_take_meld(cards: Cards, deal: Deal) -> Taking | Violation:
    """The new meld that taking the pile with ``cards`` (the top card among them) lays."""
    made = new_meld(cards, deal.rules)
    if isinstance(made, Violation):
        if made.rule in ("CL-MELD-3", "HW-MELD-6"):
            return Violation("CL-PILE-4", made.message)
        return made
    return None, made


def _extends_sequence(deal: Deal, with_top: Cards) -> Violation | None:
    """A card from the hand and the top card together may not extend a sequence of the side
    (HW-PILE-10, SA-PILE-2): refused with its own rule where that is what they would do."""
    if len(with_top) != 2:
        return None
    rules = deal.rules
    for meld in deal.melds[deal.side]:
        if meld.kind is MeldKind.SEQUENCE and not isinstance(
            added(meld, with_top, rules), Violation
        ):
            return Violation(
                "HW-PILE-10",
                f"a card from your hand and the top card may not extend a sequence together "
                f"({meld}): take the pile with a pair, or add the top card alone to a meld "
                "it fits",
            )
    return None


def _layoff(deal: Deal, top: Card, target: int | None) -> Taking | Violation:
    """Taking the pile by adding its top card to a meld of the side (M4, CL-PILE-3 (c),
    HW-PILE-1): the meld named by ``target``, or the one it fits."""
    return layoff_refusal(deal, top) or _layoff_target(deal, top, target)


def layoff_refusal(deal: Deal, top: Card) -> Violation | None:
    """What refuses adding the top card alone to a meld of the side (M4) whichever the
    meld: a side with no meld (CL-PILE-5/unopened), a frozen pile (CL-PILE-5), a wild top
    card where the rules never add one to a meld (HW-PILE-6). The move generator asks it
    once a position (:func:`~canasta._engine.take_candidates.layoff_candidates`) and lists
    no such take where it refuses."""
    if not deal.melds[deal.side]:
        return _unopened_refusal(deal, top)
    if deal.pile_frozen and not top.is_wild:
        return Violation(
            "CL-PILE-5",
            "the pile is frozen: its top card may not be added to a meld on the table; take "
            "it only with a pair from your hand",
        )
    if top.is_wild and not deal.rules.wild_top_layoff_to_wild_meld:
        return Violation(
            "HW-PILE-6",
            f"a {top} on top is never added to a meld: it is taken only with a pair of "
            f"{'jokers' if top.is_joker else 'twos'}",
        )
    return None


def _layoff_target(deal: Deal, top: Card, target: int | None) -> Taking | Violation:
    """The meld the top card joins, among those it fits (or the one named)."""
    rules, melds = deal.rules, deal.melds[deal.side]
    by_position = naming(rules).by_position
    single = Cards.of([top])
    fits: list[Taking] = []
    refusal: Violation | None = None
    for index in range(len(melds)) if target is None else (target,):
        meld = melds[index]
        if top.is_wild and meld.kind is not MeldKind.WILD:
            continue
        if rules.layoff_onto_sequences_only and meld.kind is not MeldKind.SEQUENCE:
            refusal = refusal or Violation(
                "CL-PILE-3/sequences",
                "the top card may be added only to a sequence when taking the pile",
            )
            continue
        if not by_position and meld.rank is not top.rank:
            continue  # named by rank, a card joins its rank's meld alone: added refuses it
        if closed_canasta(rules, meld):
            refusal = Violation(
                "HW-PILE-5",
                f"the pile may not be taken to add its top card to a canasta ({meld})",
            )
            continue
        grown = added(meld, single, rules)
        if isinstance(grown, Violation):
            if by_position:
                refusal = refusal or Violation(
                    "CL-PILE-3", f"the {top} does not fit your meld #{index} ({meld}) directly"
                )
            continue
        fits.append((index, grown))
    if not fits:
        return refusal or Violation("CL-PILE-3", _nowhere(deal, top))
    if len(fits) > 1 and len({grown for _, grown in fits}) > 1:
        return Violation(
            "HW-PILE-1",
            f"the {top} fits several of your melds: name the one to add it to "
            f"(take #{fits[0][0]}, ...)",
        )
    return fits[0]


def closed_canasta(rules: RuleSet, meld: Meld) -> bool:
    """Whether ``meld`` is a canasta that no take may add the top card to (HW-PILE-5). The
    move generator lists no take onto one
    (:func:`~canasta._engine.take_candidates.layoff_candidates`)."""
    return not rules.take_onto_canasta and rules.is_canasta(meld)


def _nowhere(deal: Deal, top: Card) -> str:
    if naming(deal.rules).by_position:
        return f"the {top} does not fit any of your side's melds directly"
    return (
        f"your side has no meld of {top.rank.text}s to add the {top} to; name two cards from "
        "your hand to meld with it"
    )


def _wild_top_is_stop_card(deal: Deal, top: Card) -> bool:
    """Whether a wild top card is a stop card for the player (HW-STOP-1, A-3)."""
    rules = deal.rules
    policy = rules.wild_stop_policy
    if policy == "never":
        return False
    sides = range(len(deal.melds)) if policy == "any_wild_canasta" else (deal.side,)
    single = Cards.of([top])
    for owner in sides:
        for meld in deal.melds[owner]:
            if not rules.is_canasta(meld):
                continue
            if policy == "own_canasta_accepting_wild":
                if not isinstance(added(meld, single, rules), Violation):
                    return True
            elif meld.kind is MeldKind.WILD:
                return True
    return False


def taken(deal: Deal, move: TakePile, taking: Taking) -> Deal:
    """The deal after a take that :func:`take` allows: the top card melded, the rest of the
    pile in the hand (or left, CL-EXH-6), its red threes laid out (CL-R3-4), the pile cards
    locked until an unopened side reaches its minimum (CL-INIT-4)."""
    rules, side, seat = deal.rules, deal.side, deal.seat
    top = deal.top_card
    assert top is not None
    target, meld = taking
    pile_rest: tuple[Card, ...] = deal.pile[:-1]
    stays: tuple[Card, ...] = ()
    if deal.stock_exhausted and rules.exhausted_take == "top_card_only":
        stays, pile_rest = pile_rest, ()
    gained, red_threes = _without_red_threes(Cards.of(pile_rest))
    draft = fresh_draft(deal, drew=False)
    # An opening owes its minimum and locks the pile cards; else the draft owes nothing and
    # locks nothing, as it began. The draft is copied once, with what the meld placed changes.
    opening: dict[str, Any] = {}
    if draft.opening:
        opening = {"committed": True, "points": move.cards.points + top.points, "locked": gained}
    melds, draft = naming(rules).placed(deal.melds[side], draft, target, meld, opening)
    # The cards shown from the hand were played; what everybody saw taken is known.
    known = deal.known_after_playing(seat, move.cards)
    after = deal.replace(
        hands=replaced(deal.hands, seat, deal.hand - move.cards + gained),
        known=replaced(known, seat, known[seat] + gained),
        melds=deal.with_side_melds(side, melds),
        red_threes=replaced(deal.red_threes, side, deal.red_threes[side] + red_threes)
        if red_threes
        else deal.red_threes,
        pile=stays,
        pile_frozen=any(rules.freezes_pile(card) for card in stays),
        phase=Phase.MELD,
        draft=draft,
        melded_seats=deal.melded_seats | {seat},
    )
    if forms_partnership(after):  # the first take makes the lone hand (CL-V3-3)
        after = with_lone_hand(after, side)
    return unlocked_if_opened(after)


def _without_red_threes(cards: Cards) -> tuple[Cards, Cards]:
    """``cards`` less their red threes, and the red threes (the pile's, laid out when it is
    taken, CL-R3-4): the cards counted once, the red threes looked up by face."""
    red = [face for face in RED_THREES for _ in range(cards.count(face))]
    if not red:
        return cards, EMPTY
    red_threes = Cards.of(red)
    return cards - red_threes, red_threes


def unlocked_if_opened(deal: Deal) -> Deal:
    """Free the pile cards once the opening minimum is reached (CL-INIT-4)."""
    draft = deal.draft
    if draft.locked and deal.minimum_reached():
        return deal.replace(draft=draft.replace(locked=EMPTY))
    return deal
