"""The invariant of a turn's obligations: some hand of the player's size could meet them.

A turn in progress may oblige its player to go out (black threes laid, a partner's "yes",
pile cards melded before the opening minimum). Whether the player's own hand can go out is
asked of a game by :mod:`.playable`; a view of another player's turn does not show that hand,
so its obligations are checked here from what every view shows, the turn draft, the table and
the hand's size, and a position is refused when no hand of that size could meet them: the
same for a game and for each of its views, so that every accepted view can be sampled
(:meth:`PlayerView.sample <canasta.views.PlayerView.sample>`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta._engine.position.parts import Position
from canasta._engine.state import Phase

if TYPE_CHECKING:
    from canasta._engine.position.invariants import Check

__all__ = ["the_obligations_can_be_met"]


def the_obligations_can_be_met(c: Check) -> None:
    """Pile cards melded before the minimum (``concealed_only``) oblige a concealed going
    out, which only a player who took the pile for an unopened side and melded them, had not
    melded before and has added to no older meld can make, where the rules let it skip the minimum
    (CL-CONC-1, CL-CONC-4); a turn that must go out may go out (CL-ASK-3, CL-EXH-1); a turn in
    progress holds a card to play (CL-TURN-8)."""
    p, draft, rules = c.p, c.draft, c.rules
    if p.phase in (Phase.MELD, Phase.ANSWER) and not _hand_size(c):
        c.refuse(
            c.hand_path(p.turn_player),
            f"player {p.turn_player} is in the middle of a turn and holds no card: a player "
            "who melds the last card goes out",
            "CL-TURN-8",
        )
    if draft.concealed_only:
        if not (draft.took_pile and draft.opening and draft.melded):
            c.refuse(
                c.where("concealed_only"),
                "pile cards are melded before the opening minimum only by a player who took "
                "the pile for a side that has not opened, and melded them (melded)",
                "CL-CONC-4",
            )
        if rules.concealed_needs_minimum(draft.took_pile):
            c.refuse(
                c.where("concealed_only"),
                f'with concealed_min_rule "{rules.concealed_min_rule}" a concealed going out '
                "after taking the pile needs the minimum too, so pile cards wait for it",
                "CL-CONC-4",
            )
        if draft.had_melded or draft.touched_existing:
            name = "melded_before" if draft.had_melded else "added_to_old_melds"
            c.refuse(
                c.where(name),
                "pile cards melded before the minimum oblige a concealed going out, and a "
                "player who melded before this turn or added to an older meld cannot go out "
                "concealed",
                "CL-CONC-1",
            )
    must = draft.answer is True or draft.black_threes or draft.concealed_only
    if must:
        _may_go_out(c)


def _may_go_out(c: Check) -> None:
    """A player who must go out this turn may: no "no" from the partner (CL-ASK-3), a
    discard allowed (CL-EXH-1), and a "yes" where asking is mandatory (CL-ASK-1)."""
    draft, rules = c.draft, c.rules
    if draft.answer is False:
        why, name, rule = 'the partner answered "no"', "answer", "CL-ASK-3"
    elif draft.no_discard:
        why, name, rule = "the last stock card was a red three", "no_discard", "CL-EXH-1"
    elif rules.has_partners and rules.ask_permission == "mandatory" and draft.answer is None:
        why, name, rule = "asking is mandatory and the partner said no yes", "answer", "CL-ASK-1"
    else:
        return
    c.refuse(
        c.where(name),
        f"the turn must end by going out, and {why}, so the player may not go out",
        rule,
    )


def _hand_size(c: Check) -> int:
    p = c.p
    if isinstance(p, Position):
        return len(p.hands[p.turn_player])
    return p.hand_sizes[p.turn_player]
