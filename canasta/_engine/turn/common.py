"""What the rules of every step of a turn share: the refusals worded once, and small helpers.

The rule IDs here are Classic's (or Hollywood's); :func:`canasta._engine.transitions.check`
cites the rule of the game being played (:meth:`~canasta.RuleSet.rule_id`). Where the
three-deck rules have no rule of their own for a move that names what is not there, they
cite the engine's documented IDs for such moves (the rules page of moves): ``MV-CARDS``,
cards the player does not hold, and ``MV-MELD``, a meld the side does not have.
"""

from __future__ import annotations

from typing import TypeVar

from canasta._engine.state import EMPTY, Deal, DealEnd, Phase
from canasta._model.deck import Cards
from canasta.errors import QUOTE_LIMIT, Violation

__all__ = [
    "NO_COUNTS",
    "ended",
    "may_use_locked",
    "minimum_violation",
    "missing_cards",
    "not_held",
    "replaced",
    "stuck",
    "usable_violation",
    "wrong_phase",
]

T = TypeVar("T")

#: The counts of no cards: a hand or set of cards is empty when its counts are these.
NO_COUNTS = EMPTY.counts


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the one at ``index`` replaced."""
    return (*values[:index], value, *values[index + 1 :])


def ended(deal: Deal, end: DealEnd) -> Deal:
    """The deal, over (CL-OUT-3, CL-EXH-1, CL-EXH-3)."""
    return deal.replace(phase=Phase.OVER, end=end)


def missing_cards(wanted: Cards, held: Cards) -> Cards:
    """The cards of ``wanted`` that ``held`` lacks (counted with repeats)."""
    return wanted.without(held)


def not_held(cards: Cards, hand: Cards, rule: str) -> Violation:
    """A move names cards the player does not hold: it breaks ``rule`` (the rule of the move
    that says the cards come from the hand, CL-TURN-4, CL-DISC-1, CL-PILE-3), cited as
    ``MV-CARDS`` where a rule set has none of its own."""
    missing = missing_cards(cards, hand)
    text = str(missing)
    if len(text) > QUOTE_LIMIT:  # a move of a hundred cards is not listed back in full
        text = f"{text[:QUOTE_LIMIT].rsplit(' ', 1)[0]} … ({len(missing)} cards)"
    return Violation(f"{rule}/cards", f"you do not hold {text}")


def usable_violation(deal: Deal, cards: Cards, rule: str = "CL-TURN-4") -> Violation | None:
    """Why the player may not meld or discard ``cards`` now: cards not held, or pile cards
    locked until the opening minimum is reached (CL-INIT-4), unless a concealed going out
    that needs no minimum may still use them (:func:`may_use_locked`)."""
    if deal.usable.issuperset(cards):
        return None
    if deal.hand.issuperset(cards):
        if may_use_locked(deal):
            return None
        return Violation(
            "CL-INIT-4",
            "cards from the pile may not be used until the opening minimum is reached "
            "with the top card and cards from your hand",
        )
    return not_held(cards, deal.hand, rule)


def may_use_locked(deal: Deal) -> bool:
    """Whether the pile cards locked until the opening minimum (CL-INIT-4) may be used all the
    same, for a concealed going out that needs no minimum (CL-CONC-4 with
    ``concealed_min_rule="never"``): a step that uses one obliges the player to go out so
    (``TurnDraft.concealed_only``)."""
    draft = deal.draft
    return (
        draft.locked.counts != NO_COUNTS
        and not draft.had_melded
        and not draft.touched_existing
        and not deal.rules.concealed_needs_minimum(draft.took_pile)
    )


def minimum_violation(deal: Deal) -> Violation:
    """The opening minimum is owed and not reached (CL-INIT-1, CL-PILE-6)."""
    draft = deal.draft
    minimum = deal.minimums[deal.side]
    rule = "CL-PILE-6" if draft.took_pile else "CL-INIT-1"
    return Violation(
        rule,
        f"your side's first melds must count at least {minimum}; this turn's count {draft.points}",
    )


def stuck(deal: Deal) -> Violation:
    """Why a step leaves no legal way to finish the turn."""
    draft = deal.draft
    if draft.answer is True:
        return Violation(
            "CL-ASK-3", "your partner said yes: after this you could not go out this turn"
        )
    if draft.black_threes:
        return Violation("CL-B3-3", "black threes are melded only when going out this turn")
    if draft.concealed_only:
        return Violation(
            "CL-CONC-4",
            "you melded cards from the pile before reaching the opening minimum, which only "
            "a concealed going out allows: after this you could not go out concealed",
        )
    if draft.committed and not deal.minimum_reached():
        minimum = deal.minimums[deal.side]
        return Violation(
            "CL-INIT-1",
            f"after this you could not bring your side's opening to {minimum} and still keep "
            "two cards (one to discard)",
        )
    if draft.no_discard:
        return Violation("CL-EXH-1", "the deal ends with your turn: keep a card in hand")
    return Violation(
        "CL-TURN-8",
        "after this you could not finish the turn: you must keep two cards "
        "(one to discard) unless you go out, and going out needs the required canastas",
    )


def wrong_phase(deal: Deal, action: str) -> Violation:
    """A step made in the wrong phase of the turn (CL-TURN-1, CL-TURN-3, CL-ASK-3)."""
    if deal.phase is Phase.DRAW:
        return Violation("CL-TURN-1", f"draw from the stock or take the pile before you {action}")
    if deal.phase is Phase.ANSWER:
        return Violation("CL-ASK-3", "your partner must answer first")
    if action in ("draw", "take the pile"):
        return Violation("CL-TURN-3", "you have already drawn or taken the pile this turn")
    return Violation("CL-TURN-1", f"you cannot {action} now")
