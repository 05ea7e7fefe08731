"""Playing a move: the rules of the step (:mod:`canasta._engine.turn`), then the one question
that looks ahead, whether the turn can still be finished (:mod:`canasta._engine.finishing`).

:func:`play` returns the next :class:`~canasta._engine.state.Deal`, or the
:class:`~canasta.Violation` that makes the move illegal; :func:`check` gives the same
verdict, without building the next deal where the answer is known without it. The rule a
refusal cites is the one of the rule set being played (:meth:`~canasta.RuleSet.rule_id`).
"""

from __future__ import annotations

from collections.abc import Callable

from canasta._engine import finishing
from canasta._engine.dealing import lay_out_pending_red_threes
from canasta._engine.state import EMPTY, Deal, DealEnd, Phase, make_event, stock_exhausted
from canasta._engine.take_candidates import layoff_candidates, take_candidates
from canasta._engine.turn.common import ended, missing_cards, stuck
from canasta._engine.turn.draw import draw, pass_violation, passed
from canasta._engine.turn.ending import (
    answered,
    ask_violation,
    asked,
    discard_violation,
    discarded,
    went_out,
)
from canasta._engine.turn.melding import addition_target, built, laid_meld, melded, merge_made
from canasta._engine.turn.pile import Taking, take, take_preamble, taken, taking
from canasta._model.deck import Cards
from canasta._model.melds import Meld
from canasta._model.moves import (
    AddToMeld,
    Answer,
    Ask,
    Discard,
    Draw,
    LayMeld,
    MergeMelds,
    Move,
    Pass,
    TakePile,
)
from canasta._rules.ruleset import RuleSet
from canasta.errors import Violation

__all__ = [
    "any_take_legal",
    "ask_allowed",
    "check",
    "check_built",
    "missing_cards",
    "play",
    "take_allowed",
]

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_OVER, _MELD, _DRAW, _ANSWER = Phase.OVER, Phase.MELD, Phase.DRAW, Phase.ANSWER

Outcome = Deal | Violation


def check(deal: Deal, move: Move) -> Violation | None:
    """Why ``move`` is illegal, or ``None``: the verdict of :func:`play`, sometimes sooner."""
    problem = _check(deal, move)
    return None if problem is None else cited(deal.rules, problem)


def cited(rules: RuleSet, problem: Violation) -> Violation:
    """The refusal with the rule of ``rules`` in place of Classic's (or Hollywood's)."""
    rule = rules.rule_id(problem.rule)
    return problem if rule == problem.rule else Violation(rule, problem.message)


def _check(deal: Deal, move: Move) -> Violation | None:
    phase = deal.phase
    if phase is not _OVER:
        if isinstance(move, Discard):
            return discard_violation(deal, move.card)
        if isinstance(move, (LayMeld, AddToMeld)) and phase is _MELD:
            step = _meld_step(deal, move)
            if isinstance(step, Violation):
                return step
            if finishing.finishable_at_once(deal, move.cards, step[1]):
                return None
            outcome = _after_step(deal, move.cards, *step, trusted=False)
            return outcome if isinstance(outcome, Violation) else None
        if isinstance(move, MergeMelds) and phase is _MELD:
            made = merge_made(deal, move)
            if isinstance(made, Violation):
                return made
            limits = finishing.plain_finish(deal)
            if limits is not None and limits.allows_merge():
                return None
        if isinstance(move, TakePile) and phase is _DRAW:
            return _take_check(deal, move, take(deal, move))
    outcome = _outcome(deal, move, trusted=False)
    return outcome if isinstance(outcome, Violation) else None


def take_allowed(deal: Deal, move: TakePile) -> bool:
    """``check(deal, move) is None`` for a take that :func:`~canasta._engine.turn.pile.
    take_preamble` allows (the move generator's candidates, once it allowed taking at all),
    without asking the preamble again."""
    return _take_check(deal, move, taking(deal, move)) is None


def _take_check(deal: Deal, move: TakePile, made: Taking | Violation) -> Violation | None:
    """The verdict on a take in the draw phase, from what it lays or grows (``made``)."""
    if isinstance(made, Violation):
        return made
    if finishing.take_finishable_at_once(deal, move):
        return None
    outcome = _after_take(deal, move, taken(deal, move, made), trusted=False)
    return outcome if isinstance(outcome, Violation) else None


def check_built(deal: Deal, cards: Cards, target: int | None, meld: Meld) -> bool:
    """Whether a meld or addition the move generator built (valid by construction, melding
    ``cards`` to lay or grow ``meld`` at ``target``) leaves a turn that can be finished."""
    return not isinstance(_after_step(deal, cards, target, meld, trusted=False), Violation)


def play(deal: Deal, move: Move, *, trusted: bool = False, ahead: bool = True) -> Outcome:
    """The deal after ``move``, with the move in its history, or why ``move`` is illegal.

    ``trusted`` skips the look-ahead that decides whether the turn can still be finished:
    only for a move known to be legal (one :func:`canasta._engine.movegen.legal_moves` gave).
    ``ahead=False`` skips only that look-ahead of a meld step, a merge or a take, every rule
    of the move itself checked (the look-ahead is each one's last check, so a refusal is the
    same): for a replay whose later moves answer it
    (:func:`~canasta._engine.position.replay.the_history_replays`).
    """
    outcome = _outcome(deal, move, trusted, ahead)
    if isinstance(outcome, Violation):
        return cited(deal.rules, outcome)
    return _recorded(deal, move, outcome)


def _outcome(deal: Deal, move: Move, trusted: bool, ahead: bool = True) -> Outcome:
    if deal.phase is _OVER:
        return Violation("CL-OUT-3", "the deal is over; no more moves can be made in it")
    handler = _HANDLERS.get(type(move))
    if handler is None:
        return Violation("CL-TURN-1", f"{move!r} is not a move")
    return handler(deal, move, trusted, ahead)


def _recorded(before: Deal, move: Move, after: Deal) -> Deal:
    """``after`` with the public record of ``move`` added to its history. ``after`` is the
    deal a handler of :data:`_HANDLERS` has just made for the move, never ``before`` nor a
    deal kept elsewhere, so the record is set on it in place (:meth:`Deal.recorded`)."""
    seat = before.seat if before.phase is not _ANSWER else before.to_act
    assert seat is not None
    shown, drawn = EMPTY, 0
    if isinstance(move, Draw):
        drawn = len(before.stock) - len(after.stock)
        side = before.side
        if after.red_threes[side] is not before.red_threes[side]:
            shown = missing_cards(after.red_threes[side], before.red_threes[side])
    elif isinstance(move, TakePile):
        shown = missing_cards(after.known[seat], before.known[seat])
    assert after is not before
    return after.recorded(make_event(seat, move, shown, drawn))


# --- the steps ----------------------------------------------------------------------------


def _draw(deal: Deal, move: Move, trusted: bool, ahead: bool) -> Outcome:
    return draw(deal)


def _take(deal: Deal, move: Move, trusted: bool, ahead: bool) -> Outcome:
    assert isinstance(move, TakePile)
    made = taking(deal, move) if trusted else take(deal, move)  # listed: its preamble passed
    if isinstance(made, Violation):
        return made
    return _after_take(deal, move, taken(deal, move, made), trusted or not ahead)


def _after_take(deal: Deal, move: TakePile, after: Deal, trusted: bool) -> Outcome:
    """The deal after a take, if the turn can still be finished (or ``trusted``)."""
    if trusted or finishing.can_finish(after):
        return after
    if after.draft.opening:
        return Violation(
            "CL-PILE-6/minimum",
            f"with the {deal.top_card} and your hand you cannot reach your side's opening "
            f"minimum of {deal.minimums[deal.side]} and still finish the turn",
        )
    return stuck(after)


def _pass(deal: Deal, move: Move, trusted: bool, ahead: bool) -> Outcome:
    problem = pass_violation(deal)
    if problem is not None:
        return problem
    if (
        deal.phase is Phase.DRAW
        and not trusted
        and deal.rules.forced_take_when_exhausted
        and _layoff_take_legal(deal)
    ):
        return Violation(
            "CL-EXH-3",
            f"the stock is empty and the {deal.top_card} fits your side's meld: you must "
            "take the pile",
        )
    return passed(deal)


def _meld_step(deal: Deal, move: LayMeld | AddToMeld) -> tuple[int | None, Meld] | Violation:
    """The meld a step lays (``None``) or the position of the meld it grows, and the meld."""
    if isinstance(move, LayMeld):
        laid = laid_meld(deal, move)
        return laid if isinstance(laid, Violation) else (None, laid)
    return addition_target(deal, move)


def _lay_or_add(deal: Deal, move: Move, trusted: bool, ahead: bool) -> Outcome:
    assert isinstance(move, (LayMeld, AddToMeld))
    step = built(deal, move) if trusted else _meld_step(deal, move)
    if isinstance(step, Violation):
        return step
    return _after_step(deal, move.cards, *step, trusted=trusted or not ahead)


def _merge(deal: Deal, move: Move, trusted: bool, ahead: bool) -> Outcome:
    assert isinstance(move, MergeMelds)
    made = merge_made(deal, move)
    if isinstance(made, Violation):
        return made
    first, second, joined = made
    after = melded(deal, EMPTY, first, joined, second)
    if trusted or not ahead or finishing.can_finish(after):
        return after
    return stuck(after)


def _after_step(
    deal: Deal, cards: Cards, target: int | None, meld: Meld, *, trusted: bool
) -> Outcome:
    """The deal after melding ``cards`` into ``meld``, if the turn can still be finished."""
    after = melded(deal, cards, target, meld)
    if not after.hand:
        return went_out(after)
    if trusted or finishing.can_finish(after):
        return after
    return stuck(after)


def _discard(deal: Deal, move: Move, trusted: bool, ahead: bool) -> Outcome:
    assert isinstance(move, Discard)
    if not trusted:
        problem = discard_violation(deal, move.card)
        if problem is not None:
            return problem
    hand = deal.hand.remove(move.card)  # the hand it leaves: none where it goes out
    if not hand:
        return went_out(deal, move.card)
    return _turn_begun(discarded(deal, move.card, hand))


def _ask(deal: Deal, move: Move, trusted: bool, ahead: bool) -> Outcome:
    problem = ask_violation(deal) if trusted else _ask_refusal(deal)
    return asked(deal) if problem is None else problem


def ask_allowed(deal: Deal) -> bool:
    """``check(deal, Ask()) is None``, without the deal after asking (the move generator's
    question at the first meld decision of a turn)."""
    return _ask_refusal(deal) is None


def _ask_refusal(deal: Deal) -> Violation | None:
    """Why the player may not ask to go out now, or ``None`` (CL-ASK-2)."""
    problem = ask_violation(deal)
    if problem is not None:
        return problem
    if not finishing.can_go_out(deal, permitted=True):
        return Violation("CL-ASK-2", "you cannot go out this turn, so you may not ask")
    # Nobody has answered yet (one question a turn), so a "no" leaves the turn as it is.
    if not finishing.can_stay(deal.replace(draft=deal.draft.replace(answer=False))):
        return Violation(
            "CL-ASK-2", "if your partner said no you could not finish the turn; go out or play on"
        )
    return None


def _answer(deal: Deal, move: Move, trusted: bool, ahead: bool) -> Outcome:
    assert isinstance(move, Answer)
    return answered(deal, move.yes)


#: Each move's handler (with ``trusted`` and ``ahead`` as :func:`play` takes them): the deal
#: after the move, made for it (every handler makes a new deal, never returns the deal it was
#: given nor one kept elsewhere: :func:`_recorded` completes it in place), or why the move is
#: illegal.
_HANDLERS: dict[type, Callable[[Deal, Move, bool, bool], Outcome]] = {
    Draw: _draw,
    TakePile: _take,
    Pass: _pass,
    LayMeld: _lay_or_add,
    AddToMeld: _lay_or_add,
    MergeMelds: _merge,
    Discard: _discard,
    Ask: _ask,
    Answer: _answer,
}


# --- what the next player finds ----------------------------------------------------------


def _turn_begun(after: Deal) -> Deal:
    """What happens before the next player acts: their dealt red threes laid out (CL-R3-2),
    or the end of the deal when the stock is exhausted and nobody can take the pile
    (CL-EXH-3)."""
    if after.pending_red_threes:
        after = lay_out_pending_red_threes(after)
        if after.phase is Phase.OVER:
            return after
    if stock_exhausted(after.rules, len(after.stock)) and not any_take_legal(after):
        return ended(after, DealEnd.STOCK_EXHAUSTED)
    return after


def any_take_legal(deal: Deal) -> bool:
    """Whether the player to draw may take the pile in some way."""
    if take_preamble(deal, _ONTO_A_MELD) is not None:
        return False
    return any(take_allowed(deal, move) for group in take_candidates(deal) for move in group)


def _layoff_take_legal(deal: Deal) -> bool:
    """Whether the top card can be taken by adding it to one of the side's melds, which an
    exhausted stock makes compulsory (CL-EXH-3, HW-STOCK-4 (a))."""
    return any(check(deal, move) is None for move in layoff_candidates(deal))


_ONTO_A_MELD = TakePile()
