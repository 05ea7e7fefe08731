"""Reading game and view documents of the current version (2) into positions.

This module reads the JSON: each field's type and text (cards, melds, moves), with a
:class:`~canasta.errors.JsonError` naming the path of anything malformed. What the fields say
is checked by the one validator of a position (:mod:`canasta._engine.position`), which also
fills in the defaults; its refusals come out as ``JsonError`` too. The readers return the
parts a :class:`~canasta.game.Game` or :class:`~canasta.views.PlayerView` is made of.
"""

from __future__ import annotations

from typing import Any

import attrs

from canasta._cache import Memo
from canasta._engine.position import (
    GameParts,
    InvalidPositionError,
    Position,
    ViewParts,
    ViewPosition,
    Where,
    game_parts,
    view_parts,
)
from canasta._engine.scoring import DealResult, SideScore
from canasta._engine.state import DealEnd, Event, Phase
from canasta._model.cards import NATURAL_RANKS
from canasta._notation.pieces import read_event, read_meld
from canasta._notation.rules import rules_from_data
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
)
from canasta._rules.ruleset import RuleSet

__all__ = [
    "MAX_RESULTS",
    "built_game",
    "built_view",
    "most_events",
    "most_melds",
    "most_results",
    "read_game",
    "read_results",
    "read_view",
    "seating",
]

_RANKS = {rank.text: rank for rank in NATURAL_RANKS}


# The longest lists a document may hold (docs/json.rst, "Limits"), checked before any entry
# is read, so that a huge document is refused at once.


def most_melds(rules: RuleSet) -> int:
    """A side's melds: each holds at least one card of the pack."""
    return rules.pack_size


#: The most finished deals a document or a record holds (``results``).
MAX_RESULTS = 1000


def most_results(rules: RuleSet) -> int:
    """A match's finished deals: one result each, at most ``deal_limit`` of them, and at most
    :data:`MAX_RESULTS` (a match without ``deal_limit`` may go on without end)."""
    limit = rules.deal_limit
    return MAX_RESULTS if limit is None else min(limit, MAX_RESULTS)


def most_events(rules: RuleSet) -> int:
    """A deal's events: a turn draws or takes at least one card that never returns to the
    stock, and makes at most a few moves besides those that put cards on the table."""
    return 16 * rules.pack_size


_SCORE_PARTS = tuple(field.name for field in attrs.fields(SideScore) if field.name != "side")


def built_game(position: Position, where: Where | None = None) -> GameParts:
    """The game a position read from a document describes; the validator's refusals come
    out as :class:`~canasta.errors.JsonError`, with the document's paths (``where``)."""
    try:
        return game_parts(position, where or Where())
    except InvalidPositionError as refusal:
        fail(refusal.path, refusal.message)


def built_view(position: ViewPosition, where: Where | None = None) -> ViewParts:
    """The view a position read from a document describes (see :func:`built_game`)."""
    try:
        return view_parts(position, where or Where())
    except InvalidPositionError as refusal:
        fail(refusal.path, refusal.message)


def seating(value: object, path: str, rules: RuleSet) -> tuple[int, ...]:
    """The player in each seat of a deal (the validator checks that they can sit there)."""
    items = read_list(value, path, rules.active_players, " (the player in each seat)")
    return tuple(
        read_int(item, at(path, i), 0, rules.num_players - 1) for i, item in enumerate(items)
    )


def _players(value: object, path: str, rules: RuleSet) -> frozenset[int]:
    items = read_list(value, path, what=" of players", most=rules.num_players)
    return frozenset(
        read_int(item, at(path, i), 0, rules.num_players - 1) for i, item in enumerate(items)
    )


def _per(value: object, path: str, count: int, what: str) -> list[Any]:
    return read_list(value, path, count, f" ({what})")


def _ints(
    value: object, path: str, count: int, what: str, low: int | None = None
) -> tuple[int, ...]:
    return tuple(
        read_int(item, at(path, i), low) for i, item in enumerate(_per(value, path, count, what))
    )


def _events(
    value: object, path: str, rules: RuleSet, seat_players: tuple[int, ...]
) -> tuple[Event, ...]:
    draw_count = rules.draw_count
    items = read_list(value, path, what=" of events", most=most_events(rules))
    return tuple(
        read_event(item, at(path, i), seat_players, draw_count) for i, item in enumerate(items)
    )


def _result(value: object, path: str, rules: RuleSet) -> DealResult:
    obj = JsonObject(value, path)
    number = read_int(obj.get("number"), obj.at("number"), 0)
    end = read_enum(DealEnd, obj.get("end"), obj.at("end"))
    went_out = None
    if obj.has("went_out"):
        went_out = read_int(obj.data["went_out"], obj.at("went_out"), 0, rules.num_players - 1)
    if (went_out is None) != (end is not DealEnd.WENT_OUT):
        fail(obj.at("went_out"), "the player who went out is given exactly when one did")
    concealed = (
        read_bool(obj.data["concealed"], obj.at("concealed")) if obj.has("concealed") else False
    )
    here = obj.at("scores")
    scores = []
    for side, item in enumerate(_per(obj.get("scores"), here, rules.num_sides, "one per side")):
        score = JsonObject(item, at(here, side))
        parts = {name: read_int(score.get(name), score.at(name)) for name in _SCORE_PARTS}
        score.finish()
        scores.append(SideScore(side=side, **parts))
    seat_players = rules.seat_players(number)
    if obj.has("seat_players"):
        seat_players = seating(obj.data["seat_players"], obj.at("seat_players"), rules)
    history: tuple[Event, ...] = ()
    if obj.has("history"):
        history = _events(obj.data["history"], obj.at("history"), rules, seat_players)
    obj.finish()
    return DealResult(number, end, went_out, concealed, tuple(scores), history, seat_players)


_RESULTS: Memo[tuple[RuleSet, str], DealResult] = Memo(1024)


def read_results(value: object, path: str, rules: RuleSet) -> tuple[DealResult, ...]:
    """The finished deals, oldest first. Each is remembered by its JSON: a match's document
    holds the same results again after every move."""
    items = read_list(value, path, what=" of deal results", most=most_results(rules))
    return tuple(_remembered(item, at(path, i), rules) for i, item in enumerate(items))


def _remembered(item: object, path: str, rules: RuleSet) -> DealResult:
    return _RESULTS.get((rules, repr(item)), lambda: _result(item, path, rules))


def _turn(obj: JsonObject, rules: RuleSet) -> dict[str, Any]:
    """The facts of the turn in progress that the document gives."""
    facts: dict[str, Any] = {}
    for name in (
        "drew",
        "took_pile",
        "melded",
        "added_to_old_melds",
        "melded_before",
        "asked",
        "no_discard",
        "concealed_only",
    ):
        if obj.has(name):
            facts[name] = read_bool(obj.data[name], obj.at(name))
    if obj.has("answer") and obj.data["answer"] is not None:
        facts["answer"] = read_bool(obj.data["answer"], obj.at("answer"))
    if obj.has("new_melds"):
        items = read_list(
            obj.data["new_melds"],
            obj.at("new_melds"),
            what=" of meld numbers",
            most=most_melds(rules),
        )
        facts["new_melds"] = tuple(
            read_int(x, at(obj.at("new_melds"), i), 0) for i, x in enumerate(items)
        )
    if obj.has("opening_points"):
        facts["opening_points"] = read_int(obj.data["opening_points"], obj.at("opening_points"), 0)
    if obj.has("locked"):
        facts["locked"] = read_cards(obj.data["locked"], obj.at("locked"))
    if obj.has("pile_take_rank"):
        rank = _RANKS.get(str(obj.data["pile_take_rank"]).upper())
        if rank is None:
            fail(obj.at("pile_take_rank"), "expected a rank from 4 to A")
        facts["pile_take_rank"] = rank
    return facts


def _table(obj: JsonObject, rules: RuleSet) -> dict[str, Any]:
    """The melds, red threes and pile of a deal."""
    parts: dict[str, Any] = {}
    if obj.has("melds"):
        sides = _per(
            obj.data["melds"], obj.at("melds"), rules.num_sides, "lists of melds, one per side"
        )
        parts["melds"] = tuple(
            tuple(
                read_meld(item, at(at(obj.at("melds"), side), index))
                for index, item in enumerate(
                    read_list(
                        group, at(obj.at("melds"), side), what=" of melds", most=most_melds(rules)
                    )
                )
            )
            for side, group in enumerate(sides)
        )
    if obj.has("red_threes"):
        groups = _per(
            obj.data["red_threes"], obj.at("red_threes"), rules.num_sides, "one per side"
        )
        parts["red_threes"] = tuple(
            read_cards(g, at(obj.at("red_threes"), i)) for i, g in enumerate(groups)
        )
    if obj.has("pile"):
        parts["pile"] = read_sequence(obj.data["pile"], obj.at("pile"))[::-1]
    if obj.has("pile_frozen"):
        parts["pile_frozen"] = read_bool(obj.data["pile_frozen"], obj.at("pile_frozen"))
    if obj.has("lone_hand"):
        parts["lone_hand"] = read_int(
            obj.data["lone_hand"], obj.at("lone_hand"), 0, rules.num_players - 1
        )
    return parts


def _common(obj: JsonObject, rules: RuleSet) -> dict[str, Any]:
    """The parts a game's deal and a view's share."""
    parts = _table(obj, rules)
    parts |= _turn(obj, rules)
    if obj.has("turn_player"):
        parts["turn_player"] = read_int(
            obj.data["turn_player"], obj.at("turn_player"), 0, rules.num_players - 1
        )
    if obj.has("phase"):
        parts["phase"] = read_enum(Phase, obj.data["phase"], obj.at("phase"))
    if obj.has("minimums"):
        parts["minimums"] = _ints(
            obj.data["minimums"], obj.at("minimums"), rules.num_sides, "one per side", 0
        )
    if obj.has("melded_players"):
        parts["melded_players"] = _players(
            obj.data["melded_players"], obj.at("melded_players"), rules
        )
    if obj.has("turns"):
        parts["turns"] = read_int(obj.data["turns"], obj.at("turns"), 0)
    if obj.has("known"):
        items = _per(obj.data["known"], obj.at("known"), rules.num_players, "one per player")
        parts["known"] = tuple(
            read_cards(item, at(obj.at("known"), i)) for i, item in enumerate(items)
        )
    return parts


def _seed(doc: JsonObject) -> int | str:
    if not doc.has("seed"):
        return 0
    value = doc.data["seed"]
    return value if isinstance(value, str) else read_int(value, "seed")


def _game_top(doc: JsonObject, rules: RuleSet) -> dict[str, Any]:
    parts: dict[str, Any] = {}
    if doc.has("scores"):
        parts["scores"] = _ints(doc.data["scores"], "scores", rules.num_sides, "one per side")
    if doc.has("is_over"):
        parts["is_over"] = read_bool(doc.data["is_over"], "is_over")
    if doc.has("results"):
        parts["results"] = read_results(doc.data["results"], "results", rules)
    if doc.has("scores_from_results"):
        parts["scores_from_results"] = read_bool(
            doc.data["scores_from_results"], "scores_from_results"
        )
    return parts


def read_game(doc: JsonObject) -> Position:
    """The position of a game document (after its header)."""
    rules = rules_from_data(doc.get("rules"))
    parts = _game_top(doc, rules)
    seed = _seed(doc)
    deal = JsonObject(doc.get("deal"), "deal")
    number = read_int(deal.data["number"], "deal.number", 0) if deal.has("number") else 0
    seats = rules.seat_players(number)
    if deal.has("seat_players"):
        seats = parts["seat_players"] = seating(
            deal.data["seat_players"], "deal.seat_players", rules
        )
    items = _per(deal.get("hands"), "deal.hands", rules.num_players, "one per player")
    hands = tuple(read_cards(item, at("deal.hands", i)) for i, item in enumerate(items))
    parts |= _common(deal, rules)
    if deal.has("stock"):
        parts["stock"] = read_sequence(deal.data["stock"], "deal.stock")[::-1]
    if deal.has("pending_red_threes"):
        parts["pending_red_threes"] = _players(
            deal.data["pending_red_threes"], "deal.pending_red_threes", rules
        )
    if deal.has("history"):
        parts["history"] = _events(deal.data["history"], "deal.history", rules, seats)
    if deal.has("end"):
        parts["end"] = read_enum(DealEnd, deal.data["end"], "deal.end")
    if deal.has("went_out"):
        parts["went_out"] = read_int(
            deal.data["went_out"], "deal.went_out", 0, rules.num_players - 1
        )
    if deal.has("concealed"):
        parts["concealed"] = read_bool(deal.data["concealed"], "deal.concealed")
    if deal.has("dealt_from_seed"):
        parts["dealt_from_seed"] = read_bool(deal.data["dealt_from_seed"], "deal.dealt_from_seed")
    deal.finish()
    doc.finish()
    return Position(rules=rules, hands=hands, seed=seed, deal_number=number, **parts)


def read_view(doc: JsonObject) -> ViewPosition:
    """The position of a view document (after its header)."""
    rules = rules_from_data(doc.get("rules"))
    player = read_int(doc.get("player"), "player", 0, rules.num_players - 1)
    parts = _game_top(doc, rules)
    deal = JsonObject(doc.get("deal"), "deal")
    number = read_int(deal.data["number"], "deal.number", 0) if deal.has("number") else 0
    seats = rules.seat_players(number)
    if deal.has("seat_players"):
        seats = parts["seat_players"] = seating(
            deal.data["seat_players"], "deal.seat_players", rules
        )
    hand = read_cards(deal.get("hand"), "deal.hand")
    sizes = _ints(
        deal.get("hand_sizes"), "deal.hand_sizes", rules.num_players, "one per player", 0
    )
    parts |= _common(deal, rules)
    parts["stock_size"] = read_int(deal.get("stock_size"), "deal.stock_size", 0)
    if deal.has("history"):
        parts["history"] = _events(deal.data["history"], "deal.history", rules, seats)
    deal.finish()
    if doc.has("legal_moves"):
        read_list(doc.data["legal_moves"], "legal_moves", what=" of moves")  # for the receiver
    doc.finish()
    return ViewPosition(
        rules=rules, player=player, hand=hand, hand_sizes=sizes, deal_number=number, **parts
    )
