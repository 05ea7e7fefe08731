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
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import add

import attrs

from canasta._cache import Memo
from canasta._engine.dealing import first_seat, start_deal
from canasta._engine.position.invariants import Check
from canasta._engine.position.parts import Position
from canasta._engine.scoring import DealResult
from canasta._engine.state import Deal, Event
from canasta._engine.transitions import play
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


def the_history_replays(c: Check, deal: Deal) -> None:
    """Where the document says the deal was dealt from the seed, its history replayed from
    that deal reaches ``deal``, the position the document gives."""
    p = c.p
    assert isinstance(p, Position)
    if not p.dealt_from_seed:
        return
    rules, number = c.rules, p.deal_number
    if c.seat_players != rules.seat_players(number):
        c.refuse(c.where("seat_players"), "a deal dealt from the seed has the usual seating")
    history = p.history
    replayed, done = _replayed_before(rules, p.seed, number, c.minimums, history)
    for index in range(done, len(history)):
        event = history[index]
        if replayed.to_act != event.seat:
            c.refuse(c.where("history", index), "this move is not the next player's")
        outcome = play(replayed, event.move)
        if isinstance(outcome, Violation):
            c.refuse(c.where("history", index), f"this move is illegal here: {outcome}")
        else:  # refuse() raises
            replayed = outcome
    _REPLAYED.put((rules, p.seed, number, c.minimums, history), replayed)
    if replayed != deal:
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


#: Deals replayed from the seed, by what a replay starts from (rules, seed, deal number,
#: minimums) and the moves replayed. A server loads, after each move, the document it wrote
#: after the last: the same moves and one or a few more, so only those are replayed. At most
#: 256 deals, which share their histories' events with the games loaded.
_REPLAYED: Memo[tuple[object, ...], Deal] = Memo(256)

#: How many moves back a remembered replay is looked for (a turn's moves, about).
_LOOK_BACK = 4


def _replayed_before(
    rules: RuleSet,
    seed: int | str,
    number: int,
    minimums: tuple[int, ...],
    history: tuple[Event, ...],
) -> tuple[Deal, int]:
    """A remembered replay of the first moves of ``history`` and how many it played, or the
    deal the seed deals and none."""
    for done in range(len(history), max(len(history) - _LOOK_BACK, 0) - 1, -1):
        found = _REPLAYED.find((rules, seed, number, minimums, history[:done]))
        if found is not None:
            return found, done
    first = first_seat(rules, seed, number)
    return start_deal(rules, f"{seed}/{number}", number, minimums, first), 0
