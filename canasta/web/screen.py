"""What one seat's page shows, as plain JSON-able data, made from that seat's
:class:`~canasta.PlayerView` alone (never from the game), so that a message can hold no card
the seat may not see.

The page (``static/table.js``) draws this data as it comes; it holds no rules of its own.
Cards are ``{"text": "KH", "rank": "K", "suit": "♥", "red": true, ...}``; the legal moves
come with their text, their kind, a sentence (``move.describe(view)``) and their data
(``move.to_data()``), which the page sends back as it is when a button is pressed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta import (
    Card,
    Cards,
    DealEnd,
    Meld,
    MeldKind,
    Move,
    Phase,
    PlayerView,
    Table,
)
from canasta.web.seats import label
from canasta.web.store import LogLine

__all__ = ["MAX_LEGAL_MOVES", "MAX_LOG_LINES", "screen"]

#: At most this many legal moves are listed (a position has well under 100 in practice).
MAX_LEGAL_MOVES = 300
#: The moves of the deal the screen recounts, the last ones.
MAX_LOG_LINES = 40

_CANASTA_WORDS = {
    "natural": "natural canasta",
    "mixed": "mixed canasta",
    "natural_sequence": "natural sequence canasta",
    "mixed_sequence": "mixed sequence canasta",
    "wild": "wild-card canasta",
}


def screen(
    view: PlayerView, *, seats: Sequence[str], version: int, log: Sequence[LogLine]
) -> dict[str, Any]:
    """Everything the page of ``view.player`` shows. ``seats`` are the seats' kinds,
    ``version`` the number of moves played, ``log`` the deal's moves so far in words."""
    rules, table = view.rules, view.table
    legal = list(view.legal_moves())[:MAX_LEGAL_MOVES]
    return {
        "type": "state",
        "version": version,
        "rules": {
            "name": rules.name,
            "players": rules.num_players,
            "target": rules.target_score,
            "melds_by_number": rules.melds_by_position,
            "canasta_size": rules.canasta_size,
        },
        "you": view.player,
        "deal": view.deal_number + 1,
        "turn": view.turn + 1,
        "phase": view.phase.value,
        "to_move": view.to_move,
        "turn_player": view.turn_player,
        "status": _status(view, seats),
        "notes": _notes(view),
        "players": [_player(view, player, seats) for player in range(rules.num_players)],
        "sides": [_side(view, side) for side in range(rules.num_sides)],
        "pile": {
            "top": None if table.pile_top is None else card(table.pile_top),
            "size": table.pile_size,
            "frozen": table.pile_frozen,
            "frozen_for_you": table.frozen_for(view.side_of_player(view.player)),
            "why": table.frozen_reason(view.side_of_player(view.player)),
        },
        "stock": table.stock_size,
        "hand": cards(view.hand),
        "hand_points": view.hand.points,
        "legal": [_legal(view, move) for move in legal],
        "log": [
            {"player": line.player, "name": _name(view, line.player), "words": line.words}
            for line in log[-MAX_LOG_LINES:]
        ],
        "deal_end": _deal_end(view),
        "results": [
            {"deal": result.number + 1, "totals": list(result.totals)} for result in view.results
        ],
        "over": _over(view),
    }


def card(value: Card) -> dict[str, Any]:
    """A card as the page draws it."""
    suit = value.suit
    return {
        "text": str(value),
        "rank": value.rank.text,
        "suit": "" if suit is None else suit.symbol,
        "red": suit is not None and suit.is_red,
        "wild": value.is_wild,
    }


def cards(values: Cards | Sequence[Card]) -> list[dict[str, Any]]:
    return [card(value) for value in values]


def _name(view: PlayerView, player: int) -> str:
    return "You" if player == view.player else f"Player {player}"


def _player(view: PlayerView, player: int, seats: Sequence[str]) -> dict[str, Any]:
    side = view.side_of_player(player)
    mine = view.side_of_player(view.player)
    return {
        "player": player,
        "name": _name(view, player),
        "you": player == view.player,
        "partner": player != view.player and side in view.table.partners(mine),
        "kind": label(seats[player]),
        "side": side,
        "cards": view.hand_sizes[player],
        "known": cards(view.known_cards[player]) if view.phase is not Phase.OVER else [],
        "to_move": player == view.to_move,
        "sits_out": player not in view.seat_players,
    }


def _role(table: Table, side: int) -> str:
    """A side's part in three-player cutthroat once the sides are known (CL-V3-3)."""
    if table.lone_hand is None:
        return ""
    if side == table.lone_hand:
        return "lone hand"
    other = next(partner for partner in table.partners(side) if partner != side)
    return f"pools its melds with side {other}"


def _side(view: PlayerView, side: int) -> dict[str, Any]:
    rules, table = view.rules, view.table
    return {
        "side": side,
        "players": [p for p in range(rules.num_players) if rules.side_of_player(p) == side],
        "yours": side == view.side_of_player(view.player),
        "role": _role(table, side),
        "score": view.scores[side],
        "minimum": view.minimums[side],
        "melded": table.has_opened(side),
        "red_threes": cards(table.red_threes[side]),
        "melds": [_meld(view, number, meld) for number, meld in enumerate(table.melds[side])],
    }


def _meld(view: PlayerView, number: int, meld: Meld) -> dict[str, Any]:
    rules = view.rules
    kind = meld.canasta_kind_under(rules)
    canasta = None if kind is None else _CANASTA_WORDS[kind.value]
    return {
        "number": number,
        "label": _meld_label(meld),
        "cards": cards(meld.cards),
        "size": meld.size,
        "points": meld.points,
        "bonus": meld.bonus(rules),
        "canasta": canasta,
        "to_canasta": max(0, rules.canasta_size - meld.size),
        # How an addition names this meld: by number where melds are numbered, else by rank.
        "target": {"meld": number} if rules.melds_by_position else {"rank": meld.rank.text},
    }


def _meld_label(meld: Meld) -> str:
    if meld.kind is MeldKind.SEQUENCE:
        assert meld.suit is not None
        return f"{meld.low.text}-{meld.high.text}{meld.suit.symbol}"
    if meld.kind is MeldKind.WILD:
        return "wild cards"
    if meld.kind is MeldKind.BLACK_THREES:
        return "black threes"
    return f"{meld.rank.text}s"


def _legal(view: PlayerView, move: Move) -> dict[str, Any]:
    return {
        "text": str(move),
        "kind": move.kind.value,
        "words": move.describe(view),
        "data": move.to_data(),
    }


def _status(view: PlayerView, seats: Sequence[str]) -> str:
    """Whose turn it is and what they do, in a line."""
    if view.is_over:
        return "The match is over."
    if view.phase is Phase.OVER:
        return "The deal is over: every hand is shown. Press “Next deal” when you are ready."
    mover = view.to_move
    if mover == view.player:
        return {
            Phase.DRAW: "Your turn: draw from the stock, or take the pile.",
            Phase.MELD: "Your turn: meld if you like, then discard a card.",
            Phase.ANSWER: "Your partner asks: may they go out? Answer yes or no.",
        }.get(view.phase, "Your turn.")
    if mover is None:
        return "Waiting."
    who = f"Player {mover} ({label(seats[mover])})"
    doing = {Phase.DRAW: "to draw", Phase.MELD: "to meld or discard", Phase.ANSWER: "to answer"}
    return f"{who} {doing.get(view.phase, 'to move')}…"


def _notes(view: PlayerView) -> list[str]:
    """What the turn in progress owes, for the player whose turn it is."""
    if view.to_move != view.player or view.phase is not Phase.MELD:
        return []
    draft, notes = view.draft, []
    side = view.side_of_player(view.player)
    if draft.opening and draft.committed:
        notes.append(
            f"Your side's first melds this turn must count {view.minimums[side]} or more: "
            f"{draft.points} so far."
        )
    if draft.locked:
        notes.append(f"Pile cards not to be used until then: {draft.locked.pretty()}.")
    if draft.answer is True:
        notes.append("Your partner said yes: you must go out this turn.")
    elif draft.answer is False:
        notes.append("Your partner said no: you may not go out this turn.")
    if draft.no_discard:
        notes.append("The stock is spent: meld what you can; there is no discard.")
    return notes


def _deal_end(view: PlayerView) -> dict[str, Any] | None:
    """Every hand and the score breakdown of the deal just ended, else ``None``."""
    result, hands = view.deal_result, view.hands
    if result is None or hands is None:
        return None
    rules = view.rules
    if result.end is DealEnd.WENT_OUT:
        who = "You" if result.went_out == view.player else f"Player {result.went_out}"
        how = f"{who} went out{' concealed' if result.concealed else ''}."
    elif result.end is DealEnd.LAST_RED_THREE:
        how = "The last card of the stock was a red three."
    else:
        how = "The stock ran out."
    return {
        "deal": result.number + 1,
        "how": how,
        "hands": [
            {
                "player": player,
                "name": _name(view, player),
                "cards": cards(hands[player]),
                "points": hands[player].points,
            }
            for player in view.seat_players
        ],
        "scores": [
            {
                "side": score.side,
                "players": [
                    p for p in range(rules.num_players) if rules.side_of_player(p) == score.side
                ],
                "meld_points": score.meld_points,
                "canasta_bonus": score.canasta_bonus,
                "red_threes": score.red_threes,
                "going_out": score.going_out,
                "hand_penalty": score.hand_penalty,
                "total": score.total,
                "score": view.scores[score.side],
            }
            for score in result.scores
        ],
        "next": not view.is_over,
    }


def _over(view: PlayerView) -> dict[str, Any] | None:
    if not view.is_over:
        return None
    best = max(view.scores)
    leaders = [side for side, score in enumerate(view.scores) if score == best]
    winner = leaders[0] if len(leaders) == 1 else None
    if winner is None:
        text = "The match is drawn."
    elif winner == view.side_of_player(view.player):
        text = "Your side wins the match. Well played!"
    else:
        text = f"Side {winner} wins the match."
    return {"winner": winner, "text": text, "scores": list(view.scores)}
