"""What a document the library wrote promises besides the position: it replays exactly.

A game played from :meth:`Game.new <canasta.game.Game.new>` (or a deal begun by
:class:`~canasta.NextDeal`) has its deal dealt from the seed, and its document says so
(``dealt_from_seed``): the deal's history, replayed from that deal, must reach the position
the document gives. A match whose scores are the sums of its finished deals' results says so
too (``scores_from_results``). A position set up by hand (:meth:`Game.from_position
<canasta.game.Game.from_position>`, a hand-written document) says neither, and neither is
checked: its first deal was dealt by no seed and its starting scores are nobody's sums.

Only the deal in progress is replayed (a finished deal's moves are its record and may be
left out of the document), so loading costs one deal's moves at most, and the replays are
remembered: loading the document written one move after the last one loaded replays one move.

A meld step, a merge or a take is legal only where the turn can still be finished after it
(CL-TURN-8, CL-B3-3, CL-OUT-1), a search; a replay asks none of them. A turn the history
finishes answers them: its moves, each legal by every other rule, lead from the deal after
the step to a move that ends the turn (a discard, a going out, a pass where no discard is
allowed, CL-EXH-1), whose own rules are checked. The turn still in progress at the end of
the history is answered by the position's legal moves, which
:func:`~.playable.the_deal_can_go_on` lists anyway: where the deal in the meld phase has
one, its turn can be finished from there, so from the deal after each of its steps (those
steps came before). Only where it has none, or the history is refused, are the steps'
searches made, in order, so that the first move the plain replay would refuse is the one
refused, with the same words. (The Samba for five position of 40 cards of
``tests/data/slow26``, whose last move lays black threes: that move's search, 77 positions,
was some 8 % of loading the document and listing its moves.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import add

import attrs

from canasta._cache import Memo
from canasta._engine.dealing import seeded_deal
from canasta._engine.position.invariants import Check
from canasta._engine.position.parts import Position
from canasta._engine.scoring import DealResult
from canasta._engine.state import Deal, Event, Phase
from canasta._engine.transitions import play
from canasta._model.moves import AddToMeld, LayMeld, MergeMelds, Move, TakePile
from canasta._rules.ruleset import RuleSet
from canasta.errors import Violation

__all__ = ["result_sums", "the_history_replays", "the_scores_add_up"]


def result_sums(results: Iterable[DealResult], sides: int) -> tuple[int, ...]:
    """Each side's score after ``results`` in a match that began at zero (CL-SCORE-3)."""
    sums = (0,) * sides
    for result in results:
        sums = tuple(map(add, sums, result.totals))
    return sums


def the_scores_add_up(c: Check) -> None:
    """Where the document says so, each side's score is the sum of its results (CL-SCORE-3):
    the match was played from its first deal."""
    p = c.p
    if not p.scores_from_results:
        return
    sums = result_sums(p.results, c.rules.num_sides)
    if c.scores != sums:
        c.refuse(
            c.where.top("scores"),
            f"the scores {list(c.scores)} are not the sums {list(sums)} of the results, "
            "as the document says they are",
            "CL-SCORE-3",
        )


#: The moves of the turn in progress replayed without their look-ahead (see the module's
#: introduction): each one's place in the history, the deal before it and the move.
Unanswered = tuple[tuple[int, Deal, Move], ...]


def the_history_replays(c: Check, deal: Deal) -> Callable[[], None] | None:
    """Where the document says the deal was dealt from the seed, its history replayed from
    that deal reaches ``deal``, the position the document gives. Returns the check still
    owed where steps of the turn in progress were replayed without their look-ahead (see
    the module's introduction): :func:`~.playable.the_deal_can_go_on` makes it unless the
    deal, in the meld phase, has a legal move."""
    p = c.p
    assert isinstance(p, Position)
    if not p.dealt_from_seed:
        return None
    rules, number = c.rules, p.deal_number
    if c.seat_players != rules.seat_players(number):
        c.refuse(c.where("seat_players"), "a deal dealt from the seed has the usual seating")
    history = p.history
    replayed, done, unanswered = _replayed_before(rules, p.seed, number, c.minimums, history)
    for index in range(done, len(history)):
        event = history[index]
        if replayed.to_act != event.seat:
            _answered(c, unanswered)
            c.refuse(c.where("history", index), "this move is not the next player's")
        outcome = play(replayed, event.move, ahead=False)
        if isinstance(outcome, Violation):
            _answered(c, unanswered)
            _refuse_move(c, index, outcome)
        else:  # refuse() raises
            unanswered = _still_unanswered(unanswered, index, replayed, event.move, outcome)
            replayed = outcome
    _REPLAYED.put((rules, p.seed, number, c.minimums, history), (replayed, unanswered))
    if replayed != deal:
        _answered(c, unanswered)
        differ = [
            f.name
            for f in attrs.fields(Deal)
            if getattr(replayed, f.name) != getattr(deal, f.name)
        ]
        c.refuse(
            c.where("history"),
            f"the history, replayed from the deal the seed deals, does not reach this position "
            f"({', '.join(differ)} differ)",
        )
    return (lambda: _answered(c, unanswered)) if unanswered else None


def _still_unanswered(
    unanswered: Unanswered, index: int, before: Deal, move: Move, after: Deal
) -> Unanswered:
    """The moves left unanswered once ``move``, the ``index``-th of the history, led from
    ``before`` to ``after``: none where it ended the turn (the deal after it is in the draw
    phase or over), else those before and ``move`` itself if it is a step whose look-ahead
    the replay skipped."""
    if after.phase is Phase.DRAW or after.phase is Phase.OVER:
        return ()
    if isinstance(move, _LOOKING_AHEAD):
        return (*unanswered, (index, before, move))
    return unanswered


#: The moves whose look-ahead a replay skips (:func:`~canasta._engine.transitions.play`).
_LOOKING_AHEAD = (LayMeld, AddToMeld, MergeMelds, TakePile)


def _answered(c: Check, unanswered: Unanswered) -> None:
    """Refuse the first of the ``unanswered`` moves the plain replay refuses, where one is:
    each played again from the deal before it, its look-ahead asked."""
    for index, before, move in unanswered:
        outcome = play(before, move)
        if isinstance(outcome, Violation):
            _refuse_move(c, index, outcome)


def _refuse_move(c: Check, index: int, outcome: Violation) -> None:
    """Refuse the ``index``-th move of the history, which ``outcome`` makes illegal."""
    c.refuse(c.where("history", index), f"this move is illegal here: {outcome}")


#: Deals replayed from the seed, by what a replay starts from (rules, seed, deal number,
#: minimums) and the moves replayed. A server loads, after each move, the document it wrote
#: after the last: the same moves and one or a few more, so only those are replayed. At most
#: 256 deals, which share their histories' events with the games loaded.
#: Each with the moves of its turn in progress still unanswered (:func:`_still_unanswered`).
_REPLAYED: Memo[tuple[object, ...], tuple[Deal, Unanswered]] = Memo(256)

#: How many moves back a remembered replay is looked for (a turn's moves, about).
_LOOK_BACK = 4


def _replayed_before(
    rules: RuleSet,
    seed: int | str,
    number: int,
    minimums: tuple[int, ...],
    history: tuple[Event, ...],
) -> tuple[Deal, int, Unanswered]:
    """A remembered replay of the first moves of ``history``, how many it played and the
    moves it left unanswered, or the deal the seed deals and none."""
    for done in range(len(history), max(len(history) - _LOOK_BACK, 0) - 1, -1):
        found = _REPLAYED.find((rules, seed, number, minimums, history[:done]))
        if found is not None:
            return found[0], done, found[1]
    return seeded_deal(rules, seed, number, minimums), 0, ()
