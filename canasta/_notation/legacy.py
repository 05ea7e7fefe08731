"""Reading documents of version 1, which earlier releases wrote, into positions.

Version 1 differs from version 2 in its layout, not in what it can say: every field of the
rule set; hands, known cards and seat numbers by *seat*; the pile bottom card first and the
stock with its top card last; the turn in progress as the engine's draft; the view's table
in an object of its own; events as objects. Such documents still load: this module reads
them into the same positions as :mod:`.read`, which the one validator then checks.
"""

from __future__ import annotations

import typing
from typing import Any

import attrs

from canasta._engine.position import Position, ViewPosition
from canasta._engine.scoring import DealResult, SideScore
from canasta._engine.state import EMPTY, DealEnd, Event, Phase, TurnDraft
from canasta._model.cards import NATURAL_RANKS, Rank, Suit
from canasta._model.deck import Cards
from canasta._notation.pieces import read_move
from canasta._notation.read import most_events, most_melds, most_results, seating
from canasta._notation.rules import describe_hint, matches_hint, rules_from_data
from canasta._notation.values import (
    JsonObject,
    at,
    fail,
    read_bool,
    read_cards,
    read_enum,
    read_int,
    read_list,
    read_sequence,
    read_text,
    show,
)
from canasta._rules.ruleset import RuleSet

__all__ = ["read_game_v1", "read_view_v1"]

_WILD_AS = {rank.text: rank for rank in NATURAL_RANKS}


def _events(value: object, path: str, rules: RuleSet) -> tuple[Event, ...]:
    seats = rules.active_players
    events = []
    items = read_list(value, path, what=" of events", most=most_events(rules))
    for index, item in enumerate(items):
        obj = JsonObject(item, at(path, index))
        seat = read_int(obj.get("seat"), obj.at("seat"), 0, seats - 1)
        move = read_move(obj.get("move"), obj.at("move"))
        shown = read_cards(obj.data["shown"], obj.at("shown")) if obj.has("shown") else EMPTY
        drawn = read_int(obj.data["drawn"], obj.at("drawn"), 0) if obj.has("drawn") else 0
        obj.finish()
        events.append(Event(seat, move, shown, drawn))
    return tuple(events)


def _draft(value: object, path: str) -> TurnDraft:
    """A turn draft; fields left out keep the values of a fresh one."""
    obj = JsonObject(value, path)
    hints = typing.get_type_hints(TurnDraft)
    changes: dict[str, Any] = {}
    for field in attrs.fields(TurnDraft):
        if not obj.has(field.name):
            continue
        item, here, hint = obj.data[field.name], obj.at(field.name), hints[field.name]
        if hint is Cards:
            changes[field.name] = read_cards(item, here)
        elif typing.get_origin(hint) is frozenset:
            ranks = read_list(item, here, what=" of ranks", most=len(Rank))
            changes[field.name] = frozenset(
                read_enum(Rank, rank, at(here, i)) for i, rank in enumerate(ranks)
            )
        elif hint is int:
            changes[field.name] = read_int(item, here, 0)
        elif matches_hint(item, hint):
            changes[field.name] = item
        else:
            fail(here, f"expected {describe_hint(hint)}, got {show(item)}")
    obj.finish()
    return TurnDraft(**changes)


def _meld(value: object, path: str) -> tuple[Cards, Rank | None]:
    """A meld: its cards as text, or an object with its ``cards``, the rank its wild card
    stands for (``wild_as``) and, optionally, the sequence's ``suit`` (checked)."""
    if not isinstance(value, dict):
        return read_cards(value, path), None
    obj = JsonObject(value, path)
    cards = read_cards(obj.get("cards"), obj.at("cards"))
    wild_as = None
    if obj.has("wild_as"):
        text = read_text(obj.data["wild_as"], obj.at("wild_as"))
        wild_as = _WILD_AS.get(text.strip().upper())
        if wild_as is None:
            fail(obj.at("wild_as"), f"expected a rank from 4 to A, got {show(text)}")
    if obj.has("suit"):
        suit = read_enum(Suit, obj.data["suit"], obj.at("suit"))
        naturals = {card.suit for card in cards.faces() if card.is_natural}
        if len({card.rank for card in cards.faces() if card.is_natural}) < 2 or naturals != {suit}:
            fail(obj.at("suit"), f"the meld {cards} is no sequence of {suit.value}")
    obj.finish()
    return cards, wild_as


def _melds(
    value: object, path: str, rules: RuleSet
) -> tuple[tuple[tuple[Cards, Rank | None], ...], ...]:
    sides = read_list(value, path, rules.num_sides, " (lists of melds, one per side)")
    return tuple(
        tuple(
            _meld(item, at(at(path, side), index))
            for index, item in enumerate(
                read_list(group, at(path, side), what=" of melds", most=most_melds(rules))
            )
        )
        for side, group in enumerate(sides)
    )


def _groups(value: object, path: str, count: int, what: str) -> tuple[Cards, ...]:
    items = read_list(value, path, count, f" ({what})")
    return tuple(read_cards(item, at(path, i)) for i, item in enumerate(items))


def _scores(value: object, path: str, rules: RuleSet) -> tuple[int, ...]:
    items = read_list(value, path, rules.num_sides, " (cumulative scores, one per side)")
    return tuple(read_int(item, at(path, i)) for i, item in enumerate(items))


def _minimums(value: object, path: str, rules: RuleSet) -> tuple[int, ...]:
    items = read_list(value, path, rules.num_sides, " (initial-meld minimums, one per side)")
    return tuple(read_int(item, at(path, i), 0) for i, item in enumerate(items))


def _result(value: object, path: str, rules: RuleSet) -> DealResult:
    obj = JsonObject(value, path)
    number = read_int(obj.get("number"), obj.at("number"), 0)
    end = read_enum(DealEnd, obj.get("end"), obj.at("end"))
    went_out_value = obj.get("went_out")
    went_out = None
    if went_out_value is not None:
        went_out = read_int(went_out_value, obj.at("went_out"), 0, rules.num_players - 1)
    concealed = read_bool(obj.get("concealed"), obj.at("concealed"))
    here = obj.at("scores")
    scores = []
    items = read_list(obj.get("scores"), here, rules.num_sides, " (side scores, one per side)")
    for side, item in enumerate(items):
        score = JsonObject(item, at(here, side))
        parts = {
            field.name: read_int(score.get(field.name), score.at(field.name))
            for field in attrs.fields(SideScore)
        }
        score.finish()
        if parts["side"] != side:
            fail(score.at("side"), f"the score of side {side} says side {parts['side']}")
        scores.append(SideScore(**parts))
    seat_players = rules.seat_players(number)
    if obj.has("seat_players"):
        seat_players = seating(obj.data["seat_players"], obj.at("seat_players"), rules)
    history: tuple[Event, ...] = ()
    if obj.has("history"):
        history = _events(obj.data["history"], obj.at("history"), rules)
    obj.finish()
    return DealResult(number, end, went_out, concealed, tuple(scores), history, seat_players)


def _results(value: object, path: str, rules: RuleSet) -> tuple[DealResult, ...]:
    items = read_list(value, path, what=" of deal results", most=most_results(rules))
    return tuple(_result(item, at(path, i), rules) for i, item in enumerate(items))


def _seats(value: object, path: str, seats: int) -> frozenset[int]:
    items = read_list(value, path, what=" of seats", most=seats)
    return frozenset(read_int(item, at(path, i), 0, seats - 1) for i, item in enumerate(items))


def _hands(
    value: object, path: str, rules: RuleSet, seat_players: tuple[int, ...]
) -> tuple[Cards, ...]:
    """Hands per player, from hands per seat (or, with five players, per player)."""
    seats = rules.active_players
    items = read_list(value, path, what=" of hands")
    if len(items) == seats:
        by_seat = [read_cards(item, at(path, i)) for i, item in enumerate(items)]
        hands = [EMPTY] * rules.num_players
        for seat, player in enumerate(seat_players):
            hands[player] = by_seat[seat]
        return tuple(hands)
    if len(items) != rules.num_players:
        per_player = (
            f" or {rules.num_players}, one per player" if seats != rules.num_players else ""
        )
        fail(path, f"expected {seats} hands, one per seat{per_player}; got {len(items)}")
    return tuple(read_cards(item, at(path, i)) for i, item in enumerate(items))


def _game_table(obj: JsonObject, rules: RuleSet, seat_players: tuple[int, ...]) -> dict[str, Any]:
    """A version 1 deal's hands, melds, red threes, pile and stock."""
    parts: dict[str, Any] = {
        "hands": _hands(obj.get("hands"), obj.at("hands"), rules, seat_players)
    }
    if obj.has("melds"):
        parts["melds"] = _melds(obj.data["melds"], obj.at("melds"), rules)
    if obj.has("red_threes"):
        parts["red_threes"] = _groups(
            obj.data["red_threes"],
            obj.at("red_threes"),
            rules.num_sides,
            "red threes, one per side",
        )
    if obj.has("pile"):
        parts["pile"] = read_sequence(obj.data["pile"], obj.at("pile"))
    if obj.has("stock"):
        parts["stock"] = read_sequence(obj.data["stock"], obj.at("stock"))
    if obj.has("pile_frozen"):
        parts["pile_frozen"] = read_bool(obj.data["pile_frozen"], obj.at("pile_frozen"))
    return parts


def _game_deal(obj: JsonObject, rules: RuleSet, seat_players: tuple[int, ...]) -> dict[str, Any]:
    """A version 1 deal: its table (:func:`_game_table`), then its turn and the rest."""
    seats = rules.active_players
    parts = _game_table(obj, rules, seat_players)
    seat = read_int(obj.data["seat"], obj.at("seat"), 0, seats - 1) if obj.has("seat") else 0
    parts["turn_player"] = seat_players[seat]
    if obj.has("phase"):
        parts["phase"] = read_enum(Phase, obj.data["phase"], obj.at("phase"))
    if obj.has("draft"):
        parts["draft"] = _draft(obj.data["draft"], obj.at("draft"))
    if obj.has("minimums"):
        parts["minimums"] = _minimums(obj.data["minimums"], obj.at("minimums"), rules)
    if obj.has("melded_seats"):
        melded = _seats(obj.data["melded_seats"], obj.at("melded_seats"), seats)
        parts["melded_players"] = frozenset(seat_players[s] for s in melded)
    if obj.has("pending_red_threes"):
        pending = _seats(obj.data["pending_red_threes"], obj.at("pending_red_threes"), seats)
        parts["pending_red_threes"] = frozenset(seat_players[s] for s in pending)
    if obj.has("turn"):
        parts["turns"] = read_int(obj.data["turn"], obj.at("turn"), 0)
    if obj.has("known"):
        known = _groups(obj.data["known"], obj.at("known"), seats, "known cards, one per seat")
        by_player = [EMPTY] * rules.num_players
        for index, cards in enumerate(known):
            by_player[seat_players[index]] = cards
        parts["known"] = tuple(by_player)
    if obj.has("end") and obj.data["end"] is not None:
        parts["end"] = read_enum(DealEnd, obj.data["end"], obj.at("end"))
    if obj.has("went_out") and obj.data["went_out"] is not None:
        parts["went_out"] = seat_players[
            read_int(obj.data["went_out"], obj.at("went_out"), 0, seats - 1)
        ]
    if obj.has("concealed"):
        parts["concealed"] = read_bool(obj.data["concealed"], obj.at("concealed"))
    if obj.has("history"):
        parts["history"] = _events(obj.data["history"], obj.at("history"), rules)
    obj.finish()
    return parts


def read_game_v1(doc: JsonObject) -> Position:
    """The position of a game document of version 1 (after its header)."""
    rules = rules_from_data(doc.get("rules"))
    parts: dict[str, Any] = {}
    if doc.has("seed"):
        value = doc.data["seed"]
        parts["seed"] = value if isinstance(value, str) else read_int(value, "seed")
    if doc.has("scores"):
        parts["scores"] = _scores(doc.data["scores"], "scores", rules)
    if doc.has("results"):
        parts["results"] = _results(doc.data["results"], "results", rules)
    deal = JsonObject(doc.get("deal"), "deal")
    number = read_int(deal.data["number"], "deal.number", 0) if deal.has("number") else 0
    seat_players = rules.seat_players(number)
    if doc.has("seat_players"):
        seat_players = parts["seat_players"] = seating(
            doc.data["seat_players"], "seat_players", rules
        )
    parts |= _game_deal(deal, rules, seat_players)
    if doc.has("is_over"):
        parts["is_over"] = read_bool(doc.data["is_over"], "is_over")
    doc.finish()
    return Position(rules=rules, deal_number=number, **parts)


def read_view_v1(doc: JsonObject) -> ViewPosition:
    """The position of a view document of version 1 (after its header)."""
    rules = rules_from_data(doc.get("rules"))
    players, sides = rules.num_players, rules.num_sides
    parts: dict[str, Any] = {}
    player = read_int(doc.get("player"), "player", 0, players - 1)
    number = read_int(doc.get("deal_number"), "deal_number", 0) if doc.has("deal_number") else 0
    seat_players = rules.seat_players(number)
    if doc.has("seat_players"):
        seat_players = parts["seat_players"] = seating(
            doc.data["seat_players"], "seat_players", rules
        )
    hand = read_cards(doc.get("hand"), "hand")
    sizes_value = read_list(doc.get("hand_sizes"), "hand_sizes", players, " (one per player)")
    sizes = tuple(read_int(item, at("hand_sizes", i), 0) for i, item in enumerate(sizes_value))
    if doc.has("known_cards"):
        parts["known"] = _groups(doc.data["known_cards"], "known_cards", players, "one per player")
    table = JsonObject(doc.get("table"), "table")
    if table.has("melds"):
        parts["melds"] = _melds(table.data["melds"], "table.melds", rules)
    if table.has("red_threes"):
        parts["red_threes"] = _groups(
            table.data["red_threes"], "table.red_threes", sides, "red threes, one per side"
        )
    parts["stock_size"] = read_int(table.get("stock_size"), "table.stock_size", 0)
    parts["pile_frozen"] = read_bool(table.get("pile_frozen"), "table.pile_frozen")
    table.finish()
    if doc.has("pile"):
        parts["pile"] = read_sequence(doc.data["pile"], "pile")
    if doc.has("scores"):
        parts["scores"] = _scores(doc.data["scores"], "scores", rules)
    if doc.has("minimums"):
        parts["minimums"] = _minimums(doc.data["minimums"], "minimums", rules)
    turn_player = read_int(doc.get("turn_player"), "turn_player", 0, players - 1)
    phase = read_enum(Phase, doc.data["phase"], "phase") if doc.has("phase") else Phase.DRAW
    if doc.has("melded_players"):
        items = read_list(
            doc.data["melded_players"], "melded_players", what=" of players", most=players
        )
        parts["melded_players"] = frozenset(
            read_int(item, at("melded_players", i), 0, players - 1) for i, item in enumerate(items)
        )
    if doc.has("draft"):
        parts["draft"] = _draft(doc.data["draft"], "draft")
    if doc.has("is_over"):
        parts["is_over"] = read_bool(doc.data["is_over"], "is_over")
    if doc.has("turn"):
        parts["turns"] = read_int(doc.data["turn"], "turn", 0)
    if doc.has("history"):
        parts["history"] = _events(doc.data["history"], "history", rules)
    if doc.has("results"):
        parts["results"] = _results(doc.data["results"], "results", rules)
    _check_to_move(doc, rules, seat_players, turn_player, phase, parts.get("is_over"))
    doc.finish()
    return ViewPosition(
        rules=rules,
        player=player,
        hand=hand,
        hand_sizes=sizes,
        deal_number=number,
        turn_player=turn_player,
        phase=phase,
        **parts,
    )


def _check_to_move(
    doc: JsonObject,
    rules: RuleSet,
    seat_players: tuple[int, ...],
    turn_player: int,
    phase: Phase,
    is_over: bool | None,
) -> None:
    """The player to act follows from the turn and the phase; a given value must agree."""
    if not doc.has("to_move") or turn_player not in seat_players:
        return
    seat = seat_players.index(turn_player)
    if is_over or phase is Phase.OVER:
        expected = None
    elif phase is Phase.ANSWER:
        expected = seat_players[(seat + rules.num_sides) % len(seat_players)]
    else:
        expected = turn_player
    value = doc.data["to_move"]
    given = None if value is None else read_int(value, "to_move", 0, rules.num_players - 1)
    if given != expected:
        fail("to_move", f"the player to act is {show(expected)}, not {show(given)}")
