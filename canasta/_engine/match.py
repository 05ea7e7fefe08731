"""The match: deals in turn, each dealt from the match's seed, scored when it ends, until a
side has reached the target score (CL-MATCH) or the deals allowed (``deal_limit``) are played.

A match here is the values a :class:`~canasta.game.Game` is made of
(:class:`~canasta._engine.position.GameParts`); the game builds itself from them.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from canasta._engine.dealing import seeded_deal
from canasta._engine.position.parts import GameParts
from canasta._engine.scoring import DealResult, score_deal
from canasta._engine.state import DealEnd, Event, Phase
from canasta._model.cards import Card
from canasta._model.deck import Cards, pack_cards
from canasta._model.moves import Move, NextDeal
from canasta._rules.ruleset import RuleSet
from canasta.errors import PositionError

__all__ = [
    "deal_ender",
    "dealt",
    "ended",
    "ended_result",
    "leader",
    "moves_played",
    "next_deal",
    "redealt",
]

_NEXT_DEAL = NextDeal()


def dealt(
    rules: RuleSet,
    seed: int | str,
    number: int = 0,
    scores: tuple[int, ...] | None = None,
    results: tuple[DealResult, ...] = (),
    pack: Sequence[Card] | None = None,
) -> GameParts:
    """The match at the start of deal ``number``, after ``scores`` (none at first, CL-MATCH-1)
    and ``results``: the deal dealt from the seed (or from ``pack``), each side's
    initial-meld minimum from its score (CL-MATCH-5, CL-INIT-1); scored at once if it ended
    as it was dealt."""
    if scores is None:
        scores = (0,) * rules.num_sides
    minimums = tuple(rules.initial_minimum(score) for score in scores)
    deal = seeded_deal(rules, seed, number, minimums, pack)
    match = GameParts(
        rules=rules,
        seed=seed,
        deal=deal,
        scores=scores,
        results=results,
        seat_players=rules.seat_players(number),
        is_over=False,
        dealt_from_seed=pack is None,
    )
    return ended(match) if deal.phase is Phase.OVER else match


def next_deal(match: GameParts) -> GameParts:
    """``match``, its deal ended and scored, at the start of the next deal (what
    :class:`~canasta._model.moves.NextDeal` plays, CL-MATCH-2)."""
    deal = match.deal
    return dealt(match.rules, match.seed, deal.number + 1, match.scores, match.results)


def redealt(match: GameParts, pack: Sequence[Card]) -> GameParts:
    """``match`` with its current deal dealt again from ``pack`` (see
    :meth:`Game.redealt <canasta.game.Game.redealt>`), before anyone has moved in it; a deal
    already scored as it was dealt has its score taken back first."""
    rules, deal = match.rules, match.deal
    if Cards.of(pack) != pack_cards(rules.decks):
        raise PositionError(f"a pack for {rules.name} is {rules.pack_size} cards")
    scores, results = match.scores, match.results
    scored = ended_result(deal.phase, deal.number, results)
    if len(deal.history) or (match.is_over and scored is None):
        raise PositionError("a deal is dealt again only before anyone has moved in it")
    if scored is not None:  # it ended as it was dealt: its score goes with it
        scores = tuple(s - t for s, t in zip(scores, scored.totals, strict=True))
        results = results[:-1]
    return dealt(rules, match.seed, deal.number, scores, results, pack)


def ended_result(phase: Phase, number: int, results: tuple[DealResult, ...]) -> DealResult | None:
    """The scored result of deal ``number`` where it has ended (``phase`` over): the last of
    the match's ``results`` once :func:`ended` has scored it; else ``None``."""
    if phase is Phase.OVER and results and results[-1].number == number:
        return results[-1]
    return None


def ended(match: GameParts) -> GameParts:
    """``match`` with the deal just ended scored (CL-SCORE-3), and over if it is won
    (CL-MATCH-1, CL-MATCH-3, CL-MATCH-4) or its last deal allowed is played; it stays at the
    end of the deal until :class:`~canasta._model.moves.NextDeal` deals the next one."""
    deal, rules, seats = match.deal, match.rules, match.seat_players
    per_side = score_deal(deal)
    scores = tuple(s + part.total for s, part in zip(match.scores, per_side, strict=True))
    result = DealResult(
        number=deal.number,
        end=deal.end or DealEnd.STOCK_EXHAUSTED,
        went_out=None if deal.went_out is None else seats[deal.went_out],
        concealed=deal.concealed,
        scores=per_side,
        history=tuple(deal.history),
        seat_players=seats,
    )
    results = (*match.results, result)
    over = False
    limit = rules.deal_limit
    if limit is not None and len(results) >= limit:
        over = True
    elif max(scores) >= rules.target_score:
        over = leader(scores) is not None or rules.tie_rule == "draw"
    return attrs.evolve(match, scores=scores, results=results, is_over=over)


def leader(scores: Sequence[int]) -> int | None:
    """The side with the highest score, where no other has as many (CL-MATCH-3); else
    ``None`` (CL-MATCH-4)."""
    best = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def moves_played(match: GameParts) -> tuple[tuple[int, Move], ...]:
    """Every move of the match so far, as (player, move), deal after deal, as
    :attr:`Game.moves <canasta.game.Game.moves>` lists them."""
    moves: list[tuple[int, Move]] = []
    number = match.deal.number
    for result in match.results:
        seats = result.seat_players
        moves += [(seats[e.seat], e.move) for e in result.history]
        if result.number < number and result.history:
            moves.append((deal_ender(seats, result.history), _NEXT_DEAL))
    if not match.results or match.results[-1].number != number:
        moves += [(match.seat_players[e.seat], e.move) for e in match.deal.history]
    return tuple(moves)


def deal_ender(seat_players: Sequence[int], history: Sequence[Event]) -> int:
    """The player listed for the :class:`~canasta._model.moves.NextDeal` after a deal (in
    :attr:`Game.moves <canasta.game.Game.moves>`): the player whose move ended it, or the
    first seat's if nobody moved in it."""
    return seat_players[history[-1].seat] if history else seat_players[0]
