"""Drawing from the stock, and passing when the stock is exhausted (CL-TURN-2, CL-EXH)."""

from __future__ import annotations

from canasta._cache import remembered
from canasta._engine.dealing import lay_out_red_threes
from canasta._engine.state import EMPTY, Deal, DealEnd, Phase, TurnDraft, stock_exhausted
from canasta._engine.turn.common import ended, replaced, wrong_phase
from canasta._engine.turn.ending import staying_violation
from canasta.errors import Violation

__all__ = ["draw", "fresh_draft", "pass_violation"]

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_MELD, _DRAW = Phase.MELD, Phase.DRAW


def draw(deal: Deal) -> Deal | Violation:
    """The deal after drawing from the stock, red threes drawn laid out and replaced
    (CL-TURN-2, CL-R3-3, CL-EXH-7, HW-STOCK-2), or why the player may not draw."""
    if deal.phase is not _DRAW:
        return wrong_phase(deal, "draw")
    rules, stock, seat = deal.rules, deal.stock, deal.seat
    if stock_exhausted(rules, len(stock)):
        if stock:
            return Violation(
                "HW-STOCK-1",
                "the last card of the stock is never drawn: take the pile if you can, or pass "
                "to end the deal",
            )
        return Violation(
            "CL-EXH-3", "the stock is empty: take the pile if you can, or pass to end the deal"
        )
    side = deal.side
    # Draw what is left, never the reserved last card; the stock is not exhausted, so at
    # least one card is drawn.
    left = len(stock) - min(rules.draw_count, len(stock) - rules.stock_reserve)
    stock, drawn = stock[:left], stock[left:]
    hand = deal.hands[seat]
    for card in drawn:  # one card or two: each added by its count alone
        hand = hand.add(card)
    red_threes, ran_out = EMPTY, False
    if any(card.is_red_three for card in drawn):
        rest = list(stock)
        hand, red_threes, ran_out = lay_out_red_threes(hand, rest, rules)
        stock = tuple(rest)
    draft = fresh_draft(deal, drew=True)
    after = deal.replace(
        hands=replaced(deal.hands, seat, hand),
        red_threes=replaced(deal.red_threes, side, deal.red_threes[side] + red_threes)
        if red_threes
        else deal.red_threes,
        stock=stock,
        phase=_MELD,
        draft=draft,
    )
    if ran_out:  # CL-EXH-1, HW-R3-7: a red three found no replacement
        if not rules.last_red_three_may_meld:
            return ended(after, DealEnd.LAST_RED_THREE)
        after = after.replace(draft=draft.replace(no_discard=True))
    return after


def fresh_draft(deal: Deal, *, drew: bool) -> TurnDraft:
    """The draft of a turn that has just drawn (or taken the pile): what the turn starts
    from, by whether the side has opened and the player has melded in this deal."""
    melds = deal.melds[deal.side]
    return _fresh(drew, not melds, deal.seat in deal.melded_seats, len(melds))


@remembered(256)
def _fresh(drew: bool, opening: bool, had_melded: bool, melds_before: int) -> TurnDraft:
    """Drafts are values: each way to begin a turn is made once (a side holds at most a few
    dozen melds, so there are a few hundred at most)."""
    return TurnDraft(
        drew=drew,
        took_pile=not drew,
        opening=opening,
        had_melded=had_melded,
        melds_before=melds_before,
    )


def pass_violation(deal: Deal) -> Violation | None:
    """Why the player may not pass, apart from a compulsory take (CL-EXH-3, CL-EXH-1): after
    the last red three, as a discard that keeps cards in hand (an opening minimum not
    reached, or an obligation to go out: CL-B3-3, CL-ASK-3, CL-CONC-4)."""
    if deal.phase is Phase.MELD and deal.draft.no_discard:
        # The pass ends the turn with cards in hand, as a discard that keeps them would.
        return staying_violation(deal)
    if deal.phase is not Phase.DRAW or not deal.stock_exhausted:
        return Violation(
            "CL-EXH-3", "you may pass only when the stock is empty, instead of taking the pile"
        )
    return None


def passed(deal: Deal) -> Deal:
    """The deal after a pass :func:`pass_violation` allows: it ends (CL-EXH-1, CL-EXH-3)."""
    if deal.phase is Phase.MELD:
        return ended(deal, DealEnd.LAST_RED_THREE)
    return ended(deal, DealEnd.STOCK_EXHAUSTED)
