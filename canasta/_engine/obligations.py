"""What the rest of a turn must do, read from the turn's draft: go out, or not; keep a card.

These are the obligations both the rules of each step (:mod:`canasta._engine.turn`) and the
searches that look ahead (:mod:`canasta._engine.finishing`) ask about.
"""

from __future__ import annotations

from canasta._engine.state import Deal, TurnDraft
from canasta._rules.ruleset import RuleSet

__all__ = ["cards_to_keep", "may_go_out", "must_go_out", "owed"]


def must_go_out(draft: TurnDraft) -> bool:
    """Whether the player must go out this turn: after a "yes" (CL-ASK-3), after melding
    black threes (CL-B3-3), or after using pile cards that only a concealed going out may use
    before the minimum (CL-CONC-4)."""
    return draft.answer is True or draft.black_threes or draft.concealed_only


def may_go_out(draft: TurnDraft, rules: RuleSet) -> bool:
    """Whether going out is permitted at all this turn, canastas aside (CL-ASK-1, CL-ASK-3,
    CL-EXH-1)."""
    if draft.answer is False or draft.no_discard:
        return False
    return not (
        rules.has_partners and rules.ask_permission == "mandatory" and draft.answer is not True
    )


def owed(deal: Deal) -> int:
    """The points of the opening minimum still owed this turn (0 when none is owed)."""
    draft = deal.draft
    if not draft.opening:
        return 0
    return max(0, deal.minimums[deal.side] - draft.points)


def cards_to_keep(draft: TurnDraft) -> int:
    """How many cards a turn that does not go out must keep in hand until its discard: two,
    so that one stays after it (CL-TURN-8); one when the player may not discard (CL-EXH-1)."""
    return 1 if draft.no_discard else 2
