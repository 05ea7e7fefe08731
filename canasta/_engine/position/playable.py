"""The last invariant of a position: the deal it describes can go on.

It is checked on the deal built from the position, once every invariant of
:mod:`.invariants` has passed (:mod:`.build` runs it), so that every accepted position is
playable: a deal that is not over has a legal move. :func:`rules_deal` is the deal a view's
player decides their own moves on.
"""

from __future__ import annotations

from collections.abc import Callable

from canasta._engine.movegen import legal_moves
from canasta._engine.position.invariants import Check
from canasta._engine.position.obligations import the_obligation
from canasta._engine.position.parts import ViewParts
from canasta._engine.state import Deal, Phase
from canasta._engine.transitions import play
from canasta._model.cards import JOKER
from canasta._model.moves import Move

__all__ = ["rules_deal", "the_deal_can_go_on"]


def the_deal_can_go_on(
    c: Check,
    deal: Deal,
    *,
    asker_known: bool = True,
    unanswered: Callable[[], None] | None = None,
) -> tuple[Move, ...] | None:
    """A deal that is not over has a legal move for the player to act: the turn's
    obligations (an opening begun, black threes laid, a partner's "yes", pile cards used
    before the minimum) can still be met; while a partner answers, the asker can go on after
    either answer (CL-ASK-2), where the asker's hand is known (``asker_known``). Checked on
    the deal built from the position, after every other invariant; for a view, on the
    viewer's own turn, which only the viewer's hand and the table decide (see
    :func:`rules_deal`). Returns the legal moves found (``None`` when the deal is over),
    which a game keeps: they are what its ``legal_moves()`` would find.

    ``unanswered`` is the check a replay of the history still owes
    (:func:`~.replay.the_history_replays`), made first unless the deal, in the meld phase,
    has a legal move: then the turn can be finished, which answers it."""
    if c.is_over or deal.phase is Phase.OVER:
        if unanswered is not None:
            unanswered()
        return None
    moves = tuple(legal_moves(deal))
    if unanswered is not None and not (moves and deal.phase is Phase.MELD):
        unanswered()
    if not moves:
        _refuse_dead_end(c, deal)
    if deal.phase is Phase.ANSWER and asker_known:
        for answer in moves:
            after = play(deal, answer, trusted=True)
            if isinstance(after, Deal) and not legal_moves(after):
                c.refuse(
                    c.where(""),
                    f'after the answer "{answer}" player {c.p.turn_player} could not finish the '
                    "turn: only a player who could go out asks",
                    "CL-ASK-2",
                )
    return moves


def _refuse_dead_end(c: Check, deal: Deal) -> None:
    """Refuse a deal whose player to act has no legal move, citing the obligation at fault."""
    why, rule = the_obligation(deal.draft, deal.minimums[deal.side])
    c.refuse(
        c.where(""),
        f"player {c.p.turn_player} has no legal move and the deal is not over: {why}, "
        "and the hand cannot",
        rule,
    )


def rules_deal(view: ViewParts) -> Deal:
    """A deal that answers every rules question for a view's player as the real one would.

    Only this player's hand, the table and the stock's size decide what they may do, so the
    other hands hold just their known cards and the stock is placeholder jokers.
    """
    seats = view.seat_players
    hands = tuple(
        view.hand if player == view.player else view.known_cards[player] for player in seats
    )
    results = view.results
    result = None
    if view.phase is Phase.OVER and results and results[-1].number == view.deal_number:
        result = results[-1]
    went_out = None
    if result is not None and result.went_out is not None and result.went_out in seats:
        went_out = seats.index(result.went_out)
    return Deal(
        rules=view.rules,
        number=view.deal_number,
        hands=hands,
        melds=view.melds,
        red_threes=view.red_threes,
        pile=view.pile,
        pile_frozen=view.pile_frozen,
        stock=(JOKER,) * view.stock_size,
        seat=seats.index(view.turn_player),
        phase=view.phase,
        draft=view.draft,
        minimums=view.minimums,
        melded_seats=frozenset(seats.index(p) for p in view.melded_players),
        turn=view.turn,
        known=tuple(view.known_cards[player] for player in seats),
        history=view.history,
        end=None if result is None else result.end,
        went_out=went_out,
        concealed=result is not None and result.concealed,
        lone_hand=view.lone_hand,
    )
