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

from canasta._engine.meld_rules import MeldKind
from canasta._engine.obligations import cards_to_keep, may_go_out, must_go_out
from canasta._engine.position.parts import Position
from canasta._engine.state import Phase, TurnDraft
from canasta._model.cards import ALL_FACES

if TYPE_CHECKING:
    from canasta._engine.position.invariants import Check

__all__ = ["the_obligation", "the_obligations_can_be_met"]


def the_obligations_can_be_met(c: Check) -> None:
    """Pile cards melded before the minimum (``concealed_only``) oblige a concealed going
    out, which only a player who took the pile for an unopened side and melded them, had not
    melded before and has added to no older meld can make, where the rules let it skip the
    minimum (CL-CONC-1, CL-CONC-4); a turn that must go out may go out, and holds the cards to
    complete the canastas that needs (CL-ASK-3, CL-EXH-1, CL-OUT-2); a turn in progress holds
    a card to play (CL-TURN-8); an opening begun can reach its minimum (CL-INIT-1)."""
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
    if must_go_out(draft):
        _may_go_out(c)
        needed = _cards_to_go_out(c)
        if needed > _hand_size(c):
            why, rule = the_obligation(draft, c.minimums[c.side])
            c.refuse(
                c.where(""),
                f"player {p.turn_player} has no legal move and the deal is not over: {why}, "
                f"which needs {_canastas(rules.canastas_to_go_out)} (CL-OUT-2): {needed} cards "
                f"more at least, and the hand holds {_hand_size(c)}",
                rule,
            )
    _the_opening_can_reach_its_minimum(c)


def _canastas(count: int) -> str:
    return "a canasta" if count == 1 else f"{count} canastas"


def the_obligation(draft: TurnDraft, minimum: int) -> tuple[str, str]:
    """What a turn obliges its player to do beyond ending it with a discard, in a player's
    words, and its rule (CL-B3-3, CL-ASK-3, CL-CONC-4, CL-INIT-1): for a refusal of a turn
    that cannot be finished. ``minimum``: the side's opening minimum."""
    if draft.black_threes:
        return "black threes were laid this turn, so the player must go out", "CL-B3-3"
    if draft.answer is True:
        return 'the partner answered "yes", so the player must go out', "CL-ASK-3"
    if draft.concealed_only:
        return "pile cards were melded before the minimum", "CL-CONC-4"
    if draft.committed and draft.points < minimum:
        return f"the opening begun must reach {minimum} points", "CL-INIT-1"
    return "a turn ends by a discard that keeps a card, or by going out", "CL-TURN-8"


def _cards_to_go_out(c: Check) -> int:
    """The fewest cards that could complete the canastas the side needs to go out (CL-OUT-2):
    the melds nearest to a canasta first, then new ones. Where two of the side's melds could
    be merged (HW-MRG-1: of one rank, or sequences of one suit), 0: a merge may make a
    canasta without a card; a meld laid to merge costs its cards all the same."""
    rules, melds = c.rules, c.melds[c.side]
    families = [
        (meld.kind, meld.suit if meld.kind is MeldKind.SEQUENCE else meld.rank)
        for meld in melds
        if meld.kind is not MeldKind.BLACK_THREES
    ]
    if len(set(families)) < len(families):
        return 0
    size = rules.canasta_size
    missing = rules.canastas_to_go_out - sum(1 for meld in melds if rules.is_canasta(meld))
    if missing <= 0:
        return 0
    short = sorted(
        size - meld.size
        for meld in melds
        if not rules.is_canasta(meld) and meld.kind is not MeldKind.BLACK_THREES
    )
    short += [size] * missing
    return sum(short[:missing])


def _the_opening_can_reach_its_minimum(c: Check) -> None:
    """An opening begun (committed) reaches the minimum this turn, unless a concealed going
    out may skip it (CL-INIT-1, CL-CONC-4): the cards the player may still meld (all but two,
    unless going out may be possible), taken from the known cards of the hand that are not
    locked and the most valuable of the cards the position places nowhere, are worth enough."""
    p, draft, rules = c.p, c.draft, c.rules
    owed = c.minimums[c.side] - draft.points if draft.opening and draft.committed else 0
    concealed_may_skip = not (
        draft.had_melded
        or draft.touched_existing
        or rules.concealed_needs_minimum(draft.took_pile)
    )
    if owed <= 0 or concealed_may_skip:
        return
    known, size = c.hand_of(p.turn_player), _hand_size(c)
    held = size
    if _cards_to_go_out(c) > size or not may_go_out(draft, rules):
        held -= cards_to_keep(draft)  # kept: one to discard, one after (CL-TURN-8)
    unplaced = [
        face.points for face in ALL_FACES for _ in range(c.pack[face.index] - c.counts[face.index])
    ]
    hidden = sorted(unplaced, reverse=True)[: size - len(known)]
    # The locked pile cards count for nothing before the minimum (CL-INIT-4).
    usable = [card.points for card in known - draft.locked]
    best = sum(sorted(usable + hidden, reverse=True)[: max(0, held)])
    if best < owed:
        c.refuse(
            c.where("opening_points"),
            f"the opening begun owes {owed} more points toward the minimum of "
            f"{c.minimums[c.side]}, and the {held} cards player {p.turn_player} may meld are "
            f"worth at most {best}",
            "CL-INIT-1",
        )


def _may_go_out(c: Check) -> None:
    """A player who must go out this turn may: no "no" from the partner (CL-ASK-3), a
    discard allowed (CL-EXH-1), and a "yes" where asking is mandatory (CL-ASK-1)."""
    draft = c.draft
    if may_go_out(draft, c.rules):
        return
    if draft.answer is False:
        why, name, rule = 'the partner answered "no"', "answer", "CL-ASK-3"
    elif draft.no_discard:
        why, name, rule = "the last stock card was a red three", "no_discard", "CL-EXH-1"
    else:
        why, name, rule = "asking is mandatory and the partner said no yes", "answer", "CL-ASK-1"
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
