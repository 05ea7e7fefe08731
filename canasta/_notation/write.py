"""Writing games and views as JSON documents of the current version (2).

The documents are compact: the rule set by its preset and the options that differ, each
part only where it says something its default does not (the reader derives the same
defaults: :mod:`canasta._engine.position`), the pile and stock as text top card first, the
events as short text, and past deals by their results unless ``history="full"``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Literal

import attrs

from canasta._engine.position import (
    GameParts,
    ViewParts,
    default_pile_frozen,
    result_sums,
    turn_facts,
)
from canasta._engine.scoring import DealResult, SideScore
from canasta._engine.state import Deal, DealEnd, Event, Phase, TurnDraft
from canasta._model.deck import Cards
from canasta._model.moves import Move
from canasta._notation.pieces import cards_text, event_text, meld_text, sequence_text
from canasta._notation.rules import rules_to_data
from canasta._rules.ruleset import RuleSet

__all__ = [
    "GAME_FORMAT",
    "VERSION",
    "VIEW_FORMAT",
    "History",
    "dumps",
    "game_to_data",
    "view_to_data",
]

#: The ``format`` of a game document.
GAME_FORMAT = "canasta-game"
#: The ``format`` of a player-view document.
VIEW_FORMAT = "canasta-view"
#: The format version this library writes.
VERSION = 2

#: What a document keeps of the finished deals: their results, or their moves as well.
History = Literal["results", "full"]

_SCORE_PARTS = tuple(field.name for field in attrs.fields(SideScore) if field.name != "side")


def dumps(data: dict[str, Any], indent: int | None) -> str:
    """The document as JSON text: compact, or indented by ``indent`` spaces."""
    if indent is None:
        return json.dumps(data, separators=(",", ":"), allow_nan=False, ensure_ascii=False)
    return json.dumps(data, indent=indent, allow_nan=False, ensure_ascii=False)


def game_to_data(
    game: GameParts, *, history: History = "results", full_rules: bool = False
) -> dict[str, Any]:
    """A game as a JSON-ready dictionary."""
    rules, deal = game.rules, game.deal
    data: dict[str, Any] = {
        "format": GAME_FORMAT,
        "version": VERSION,
        "rules": rules_to_data(rules, full=full_rules),
        "seed": game.seed,
        "scores": list(game.scores),
        "deal": _deal_data(rules, deal, game.seat_players, game.scores),
    }
    if game.dealt_from_seed:  # the reader replays the deal's history from the seed
        data["deal"]["dealt_from_seed"] = True
    if game.is_over or deal.phase is Phase.OVER:  # an ended deal says whether the match is
        data["is_over"] = game.is_over
    _results_and_sums(data, rules, game.scores, game.results, history)
    return data


def _results_and_sums(
    data: dict[str, Any],
    rules: RuleSet,
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
    history: History,
) -> None:
    """The finished deals, and whether the scores are their sums (the reader checks it)."""
    data["results"] = _results_data(rules, results, history)
    if scores == result_sums(results, rules.num_sides):
        data["scores_from_results"] = True


def _deal_data(
    rules: RuleSet, deal: Deal, seat_players: tuple[int, ...], scores: tuple[int, ...]
) -> dict[str, Any]:
    data: dict[str, Any] = {"number": deal.number}
    if seat_players != rules.seat_players(deal.number):
        data["seat_players"] = list(seat_players)
    hands = [""] * rules.num_players
    known = [""] * rules.num_players
    for seat, player in enumerate(seat_players):
        hands[player] = cards_text(deal.hands[seat])
        known[player] = cards_text(deal.known[seat])
    data["hands"] = hands
    if any(known):
        data["known"] = known
    _table_data(data, rules, deal.melds, deal.red_threes, deal.pile, deal.pile_frozen)
    _lone_hand_data(data, deal.lone_hand)
    data["stock"] = sequence_text(deal.stock)
    turn_player = seat_players[deal.seat]
    melded = {seat_players[seat] for seat in deal.melded_seats}
    _turn_data(
        data, rules, deal.draft, deal.phase, deal.melds[deal.side], turn_player, melded, deal.end
    )
    _minimums_data(data, rules, deal.minimums, scores)
    if rules.red_three_timing == "first_turn":
        holding = {seat for seat, hand in enumerate(deal.hands) if _holds_red_three(hand)}
        if deal.pending_red_threes != holding:
            data["pending_red_threes"] = sorted(seat_players[s] for s in deal.pending_red_threes)
    data["turns"] = deal.turn
    data["history"] = _events_data(rules, deal.history, seat_players)
    if deal.end is not None:
        data["end"] = deal.end.value
        if deal.went_out is not None:
            data["went_out"] = seat_players[deal.went_out]
        if deal.concealed:
            data["concealed"] = True
    return data


def _holds_red_three(hand: Cards) -> bool:
    return any(card.is_red_three for card in hand.faces())


def _table_data(
    data: dict[str, Any],
    rules: RuleSet,
    melds: tuple[tuple[Any, ...], ...],
    red_threes: tuple[Cards, ...],
    pile: tuple[Any, ...],
    pile_frozen: bool,
) -> None:
    data["melds"] = [[meld_text(meld) for meld in side] for side in melds]
    data["red_threes"] = [cards_text(red) for red in red_threes]
    data["pile"] = sequence_text(pile)
    if pile_frozen != default_pile_frozen(rules, pile):
        data["pile_frozen"] = pile_frozen


def _lone_hand_data(data: dict[str, Any], lone_hand: int | None) -> None:
    """Cutthroat: the player playing alone (CL-V3-3); the melds of the other two, pooled,
    are written for each of them."""
    if lone_hand is not None:
        data["lone_hand"] = lone_hand


def _turn_data(
    data: dict[str, Any],
    rules: RuleSet,
    draft: TurnDraft,
    phase: Phase,
    side_melds: tuple[Any, ...],
    turn_player: int,
    melded_players: set[int] | frozenset[int],
    end: DealEnd | None,
) -> None:
    data["turn_player"] = turn_player
    data["phase"] = phase.value
    facts = turn_facts(
        draft,
        rules=rules,
        phase=phase,
        side_melds=side_melds,
        in_melded_players=turn_player in melded_players,
        end=end,
    )
    for name, value in facts.items():
        if isinstance(value, Cards):
            value = str(value)
        elif isinstance(value, tuple):
            value = list(value)
        elif name == "pile_take_rank":
            value = value.text
        data[name] = value
    if melded_players:
        data["melded_players"] = sorted(melded_players)


def _minimums_data(
    data: dict[str, Any], rules: RuleSet, minimums: tuple[int, ...], scores: tuple[int, ...]
) -> None:
    if minimums != tuple(rules.initial_minimum(score) for score in scores):
        data["minimums"] = list(minimums)


def _events_data(
    rules: RuleSet, events: Iterable[Event], seat_players: tuple[int, ...]
) -> list[str]:
    draw_count = rules.draw_count
    return [event_text(event, seat_players, draw_count) for event in events]


def _results_data(
    rules: RuleSet, results: tuple[DealResult, ...], history: History
) -> list[dict[str, Any]]:
    written = []
    for result in results:
        data: dict[str, Any] = {"number": result.number, "end": result.end.value}
        if result.went_out is not None:
            data["went_out"] = result.went_out
        if result.concealed:
            data["concealed"] = True
        data["scores"] = [
            {name: getattr(score, name) for name in _SCORE_PARTS} for score in result.scores
        ]
        seats = result.seat_players or rules.seat_players(result.number)
        if result.seat_players != rules.seat_players(result.number):
            data["seat_players"] = list(result.seat_players)
        if history == "full" and result.history:
            data["history"] = _events_data(rules, result.history, seats)
        written.append(data)
    return written


def view_to_data(
    view: ViewParts,
    *,
    history: History = "results",
    full_rules: bool = False,
    legal_moves: Iterable[Move] | None = None,
) -> dict[str, Any]:
    """A player's view as a JSON-ready dictionary; with ``legal_moves``, those moves too."""
    rules = view.rules
    deal: dict[str, Any] = {"number": view.deal_number}
    if view.seat_players != rules.seat_players(view.deal_number):
        deal["seat_players"] = list(view.seat_players)
    deal["hand"] = cards_text(view.hand)
    deal["hand_sizes"] = list(view.hand_sizes)
    if any(view.known_cards):
        deal["known"] = [cards_text(known) for known in view.known_cards]
    _table_data(deal, rules, view.melds, view.red_threes, view.pile, view.pile_frozen)
    _lone_hand_data(deal, view.lone_hand)
    deal["stock_size"] = view.stock_size
    seat = view.seat_players.index(view.turn_player)
    melds = view.melds[seat % rules.num_sides]
    _turn_data(
        deal, rules, view.draft, view.phase, melds, view.turn_player, view.melded_players, None
    )
    _minimums_data(deal, rules, view.minimums, view.scores)
    deal["turns"] = view.turn
    deal["history"] = _events_data(rules, view.history, view.seat_players)
    data: dict[str, Any] = {
        "format": VIEW_FORMAT,
        "version": VERSION,
        "rules": rules_to_data(rules, full=full_rules),
        "player": view.player,
        "scores": list(view.scores),
        "deal": deal,
    }
    if view.is_over or view.phase is Phase.OVER:
        data["is_over"] = view.is_over
    _results_and_sums(data, rules, view.scores, view.results, history)
    if legal_moves is not None:
        data["legal_moves"] = [_move_data(move) for move in legal_moves]
    return data


def _move_data(move: Move) -> dict[str, Any]:
    """A legal move as the view's document lists it: its text, and its data where moves
    have a data form.

    HOOK (issue 21): ``move.to_data()`` gives the move as plain JSON data, for a browser to
    post back. Until moves have it, only the text is written; once they do, ``"data"`` is
    written beside it, with no other change here.
    """
    data: dict[str, Any] = {"text": str(move)}
    to_data = getattr(move, "to_data", None)
    if to_data is not None:
        data["data"] = to_data()
    return data
