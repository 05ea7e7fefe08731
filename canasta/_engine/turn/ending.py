"""Ending a turn: the discard (CL-TURN-6, CL-DISC), going out (CL-OUT), concealed hands
(CL-CONC), and asking the partner's permission (CL-ASK)."""

from __future__ import annotations

from canasta._engine.cutthroat import forms_partnership, with_lone_hand
from canasta._engine.naming import naming
from canasta._engine.obligations import may_go_out
from canasta._engine.state import Deal, DealEnd, Phase, TurnDraft
from canasta._engine.turn.common import (
    ended,
    minimum_violation,
    replaced,
    usable_violation,
    wrong_phase,
)
from canasta._model.cards import Card
from canasta._model.deck import Cards
from canasta._model.melds import CanastaKind
from canasta.errors import Violation

__all__ = [
    "ask_violation",
    "asked",
    "discard_violation",
    "discarded",
    "going_out",
    "went_out",
]

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_MELD, _DRAW = Phase.MELD, Phase.DRAW


def discard_violation(deal: Deal, card: Card) -> Violation | None:
    """Why discarding ``card`` is illegal now (CL-TURN-6, CL-DISC-3, CL-TURN-8 aside)."""
    if deal.phase is not _MELD:
        return wrong_phase(deal, "discard")
    draft = deal.draft
    if draft.no_discard:
        return Violation(
            "CL-EXH-1", "the last card of the stock was a red three: you may not discard; pass"
        )
    problem = usable_violation(deal, Cards.of([card]), "CL-DISC-1")
    if problem is not None:
        return problem
    if len(deal.hand) == 1:
        outcome = going_out(deal, discarded=True)
        return outcome if isinstance(outcome, Violation) else None
    return staying_violation(deal)


def staying_violation(deal: Deal) -> Violation | None:
    """Why the turn may not end with a discard that keeps cards in hand: an opening minimum
    not reached, or an obligation to go out (CL-INIT-1, CL-B3-3, CL-ASK-3, CL-CONC-4)."""
    draft = deal.draft
    if draft.committed and not deal.minimum_reached():
        return minimum_violation(deal)
    if draft.black_threes:
        return Violation("CL-B3-3", "after melding black threes you must go out this turn")
    if draft.answer is True:
        return Violation("CL-ASK-3", "your partner said yes: you must go out this turn")
    if draft.concealed_only:
        return Violation(
            "CL-CONC-4",
            "you melded cards from the pile before reaching the opening minimum: you must go "
            "out concealed this turn",
        )
    return None


_NEW_TURN = TurnDraft()


def discarded(deal: Deal, card: Card, hand: Cards) -> Deal:
    """The deal after a discard :func:`discard_violation` allows that keeps cards in hand:
    the turn passes to the left (CL-TURN-6). ``hand`` is the hand less ``card``, not empty
    (the caller made it to tell whether the discard goes out). (What the next player finds
    is for :mod:`canasta._engine.transitions`.)"""
    seat = deal.seat
    played = Cards.of([card])
    return deal.replace(
        hands=replaced(deal.hands, seat, hand),
        known=deal.known_after_playing(seat, played),
        pile=(*deal.pile, card),
        pile_frozen=deal.pile_frozen or deal.rules.freezes_pile(card),
        seat=(seat + 1) % len(deal.hands),
        phase=_DRAW,
        draft=_NEW_TURN,
        turn=deal.turn + 1,
    )


def went_out(deal: Deal, card: Card | None = None) -> Deal | Violation:
    """The deal after the player's last card left the hand (melded, or discarded as
    ``card``): it ends, if going out is allowed (CL-OUT-1 to CL-OUT-3)."""
    if card is not None:
        seat = deal.seat
        played = Cards.of([card])
        deal = deal.replace(
            hands=replaced(deal.hands, seat, deal.hands[seat].remove(card)),
            known=deal.known_after_playing(seat, played),
            pile=(*deal.pile, card),
            pile_frozen=deal.pile_frozen or deal.rules.freezes_pile(card),
        )
    outcome = going_out(deal, discarded=card is not None)
    if isinstance(outcome, Violation):
        return outcome
    over = ended(deal, DealEnd.WENT_OUT).replace(went_out=deal.seat, concealed=outcome)
    if forms_partnership(over):  # out before any take: the lone hand all the same (CL-V3-3)
        over = with_lone_hand(over, deal.side)
    return over


def going_out(deal: Deal, *, discarded: bool) -> Violation | bool:
    """Why the player may not go out now, or whether going out is concealed (CL-OUT-2,
    CL-ASK-3, CL-CONC-1, CL-CONC-4, BO-OUT-1). Only the turn's draft and the table count."""
    rules, draft, side = deal.rules, deal.draft, deal.side
    if draft.answer is False:
        return Violation("CL-ASK-3", "your partner said no: you may not go out this turn")
    if not may_go_out(deal.draft, deal.rules):
        if draft.no_discard:
            return Violation("CL-EXH-1", "the deal ends with your turn: keep a card in hand")
        return Violation("CL-ASK-1", "ask your partner's permission before going out")
    needed = rules.canastas_to_go_out
    have = deal.canastas(side)
    if have < needed:
        return Violation(
            "CL-OUT-2",
            f"going out needs {needed} canasta{'s' if needed > 1 else ''}; your side has {have}",
        )
    melds = deal.melds[side]
    if rules.going_out_needs_natural_sequence and not any(
        meld.canasta_kind_under(rules) is CanastaKind.NATURAL_SEQUENCE for meld in melds
    ):
        return Violation(
            "BO-OUT-1", "going out needs a natural sequence canasta (an escalera) among them"
        )
    concealed = _concealed(deal, discarded)
    if draft.opening and not deal.minimum_reached():
        exempt = concealed and not rules.concealed_needs_minimum(draft.took_pile)
        if not exempt:
            if not rules.concealed_allows_discard and discarded and _concealed(deal, False):
                return Violation(
                    "CL-CONC-1",
                    "going out concealed below the minimum needs every card melded, "
                    "with no discard",
                )
            return minimum_violation(deal)
    if draft.concealed_only and not concealed:
        return Violation(
            "CL-CONC-4",
            "cards from the pile were melded before the opening minimum: only a concealed "
            "going out allows it, and this one is not concealed",
        )
    return concealed


def _concealed(deal: Deal, discarded: bool) -> bool:
    """Whether going out now is concealed (CL-CONC-1): the player melds the whole hand in
    this turn, had not melded earlier in the deal, added nothing to melds laid before the
    turn, and the melds laid this turn hold the required canastas."""
    rules, draft = deal.rules, deal.draft
    if draft.had_melded or draft.touched_existing:
        return False
    if discarded and not rules.concealed_allows_discard:
        return False
    fresh = naming(rules).laid_this_turn(deal.melds[deal.side], draft)
    return sum(1 for meld in fresh if rules.is_canasta(meld)) >= rules.canastas_to_go_out


def ask_violation(deal: Deal) -> Violation | None:
    """Why the player may not ask "may I go out?" now, apart from whether going out is
    possible (CL-ASK-1, CL-ASK-2, CL-ASK-4)."""
    rules, draft = deal.rules, deal.draft
    if not rules.has_partners:
        return Violation("CL-ASK-4", "you have no partner to ask")
    if rules.ask_permission == "disabled":
        return Violation("CL-ASK-1", "asking permission to go out is not played in these rules")
    if deal.phase is not _MELD:
        if deal.phase is _DRAW:
            return Violation("CL-ASK-2", "draw or take the pile first, then ask")
        return wrong_phase(deal, "ask")
    if draft.asked:
        return Violation("CL-ASK-2", "you may ask only once a turn")
    if draft.melded:
        return Violation("CL-ASK-2", "you may not ask after melding this turn")
    if draft.no_discard:
        return Violation("CL-EXH-1", "the deal ends with your turn; you cannot go out")
    return None


def asked(deal: Deal) -> Deal:
    """The deal after the player asked: the partner answers (CL-ASK-3)."""
    return deal.replace(phase=Phase.ANSWER, draft=deal.draft.replace(asked=True))


def answered(deal: Deal, yes: bool) -> Deal | Violation:
    """The deal after the partner's binding answer (CL-ASK-3)."""
    if deal.phase is not Phase.ANSWER:
        return Violation("CL-ASK-3", "nobody has asked to go out")
    return deal.replace(phase=Phase.MELD, draft=deal.draft.replace(answer=yes))
