"""The position notation: a whole game, or one player's view, as a short text.

One line holds the position, in sections separated by ``" | "``; a second line the moves of
the deal so far (``moves ...``) and a third the results of the finished deals
(``results ...``), when there are any. The grammar and examples are in :doc:`/notation`.

>>> import canasta
>>> game = canasta.Game.from_position(
...     "classic", hands=["KH KS 5C", "4C 4D", "6C", "7C"], melds=[["QH QS QD"], []],
...     pile="KD 8C",
... )
>>> print(game.to_text()[:88])
classic 4p | seed 0 | deal 0 | scores 0 0 | P0 draw | hands 5C KH KS / 4C 4D / 6C / 7C |
>>> canasta.Game.from_text(game.to_text()) == game
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import attrs

from canasta._engine.position import (
    GameParts,
    ViewParts,
    default_pile_frozen,
    turn_facts,
)
from canasta._engine.scoring import DealResult
from canasta._engine.state import EMPTY, Phase
from canasta._model.cards import Card
from canasta._model.deck import Cards
from canasta._notation.pieces import event_text, meld_text, sequence_text
from canasta._notation.rules import rules_to_data
from canasta._notation.text_read import BARE, SCORE_PARTS, game_from_text, view_from_text
from canasta._rules.presets import find_rules
from canasta._rules.ruleset import RuleSet

__all__ = ["game_from_text", "game_to_text", "view_from_text", "view_to_text"]

# --- writing ---------------------------------------------------------------------------------


def _rules_text(rules: RuleSet) -> str:
    data = rules_to_data(rules)
    if "preset" not in data:  # no preset's name: Classic's preset, and every field that differs
        base = find_rules("classic", rules.num_players)
        options = {
            field.alias or field.name: value
            for field in attrs.fields(RuleSet)
            if (value := getattr(rules, field.name)) != getattr(base, field.name)
        }
        data = {"preset": "classic", "players": rules.num_players, "options": options}
    words = [data["preset"], f"{data['players']}p"]
    for name, value in data.get("options", {}).items():
        words.append(f"{name}={_value_text(value)}")
    return " ".join(words)


def _value_text(value: object) -> str:
    if isinstance(value, str) and BARE.fullmatch(value) and value not in ("true", "false", "null"):
        return value
    return json.dumps(_plain(value), separators=(",", ":"), ensure_ascii=False)


def _plain(value: object) -> object:
    return [_plain(item) for item in value] if isinstance(value, tuple) else value


def _seed_text(seed: int | str) -> str:
    if isinstance(seed, str) and BARE.fullmatch(seed):
        return seed
    return json.dumps(seed, ensure_ascii=False)


def _cards_text(cards: Cards) -> str:
    return str(cards) if cards else "-"


def _hand_text(hand: Cards | int, known: Cards) -> str:
    text = str(hand) if isinstance(hand, int) else _cards_text(hand - known if known else hand)
    if known:
        text = f"[{known}]" if text == "-" else f"{text} [{known}]"
    return text


def _fact_text(name: str, value: object) -> str:
    if value is True:
        return name
    if value is False:
        return f"{name}=no"
    if name == "answer":
        return "answer=yes" if value else "answer=no"
    if isinstance(value, Cards):
        return f"{name}={','.join(str(card) for card in value)}"
    if isinstance(value, tuple):
        return f"{name}={','.join(map(str, value))}"
    if name == "pile_take_rank":
        return f"{name}={getattr(value, 'text', value)}"
    return f"{name}={value}"


def _turn_text(
    rules: RuleSet, parts: GameParts | ViewParts, phase: Phase, draft: Any, turn_player: int
) -> str:
    if isinstance(parts, GameParts):
        deal = parts.deal
        side_melds, end = deal.melds[deal.side], deal.end
        melded = turn_player in {parts.seat_players[s] for s in deal.melded_seats}
    else:
        seat = parts.seat_players.index(turn_player)
        side_melds, end = parts.melds[seat % rules.num_sides], None
        melded = turn_player in parts.melded_players
    facts = turn_facts(
        draft, rules=rules, phase=phase, side_melds=side_melds, in_melded_players=melded, end=end
    )
    return " ".join(
        [f"P{turn_player}", phase.value, *(_fact_text(n, v) for n, v in facts.items())]
    )


def _table_sections(
    rules: RuleSet,
    melds: tuple[tuple[Any, ...], ...],
    red_threes: tuple[Cards, ...],
    pile: tuple[Card, ...],
    pile_frozen: bool,
    lone_hand: int | None,
) -> Iterator[str]:
    if lone_hand is not None:  # cutthroat: the other two show their pooled melds (CL-V3-3)
        yield f"lone_hand P{lone_hand}"
    if any(melds):
        sides = [
            ", ".join(f"#{i} {meld_text(meld)}" for i, meld in enumerate(side)) if side else "-"
            for side in melds
        ]
        yield "melds " + " / ".join(sides)
    if any(red_threes):
        yield "red_threes " + " / ".join(map(_cards_text, red_threes))
    if pile:
        yield f"pile {sequence_text(pile)}"
    if pile_frozen != default_pile_frozen(rules, pile):
        yield "pile_frozen" if pile_frozen else "pile_frozen=no"


def _lines(sections: list[str], events: list[str], results: list[str]) -> str:
    lines = [" | ".join(sections)]
    if events:
        lines.append("moves " + "; ".join(events))
    if results:
        lines.append("results " + "; ".join(results))
    return "\n".join(lines)


def _events_text(rules: RuleSet, events: Any, seat_players: tuple[int, ...]) -> list[str]:
    texts, last = [], None
    for event in events:
        text = event_text(event, seat_players, rules.draw_count)
        player, _, rest = text.partition(" ")
        texts.append(rest if player == last else text)
        last = player
    return texts


def _results_text(rules: RuleSet, results: tuple[DealResult, ...]) -> list[str]:
    texts = []
    for result in results:
        words = [str(result.number), result.end.value]
        if result.went_out is not None:
            words.append(f"P{result.went_out}")
        if result.concealed:
            words.append("concealed")
        if result.seat_players != rules.seat_players(result.number):
            words += ["seats", *map(str, result.seat_players)]
        scores = " / ".join(
            " ".join(str(getattr(score, name)) for name in SCORE_PARTS) for score in result.scores
        )
        texts.append(f"{' '.join(words)}: {scores}")
    return texts


def _head(
    rules: RuleSet, number: int, seats: tuple[int, ...], scores: tuple[int, ...]
) -> list[str]:
    sections = [f"deal {number}"]
    if seats != rules.seat_players(number):
        sections.append("seats " + " ".join(map(str, seats)))
    sections.append("scores " + " ".join(map(str, scores)))
    return sections


def _tail(rules: RuleSet, minimums: tuple[int, ...], scores: tuple[int, ...]) -> list[str]:
    if minimums != tuple(rules.initial_minimum(score) for score in scores):
        return ["minimums " + " ".join(map(str, minimums))]
    return []


def game_to_text(game: GameParts) -> str:
    """The game's position in the notation, then its moves and results lines."""
    rules, deal, seats = game.rules, game.deal, game.seat_players
    sections = [_rules_text(rules), f"seed {_seed_text(game.seed)}"]
    sections += _head(rules, deal.number, seats, game.scores)
    sections.append(_turn_text(rules, game, deal.phase, deal.draft, seats[deal.seat]))
    hands = [EMPTY] * rules.num_players
    known = [EMPTY] * rules.num_players
    for seat, player in enumerate(seats):
        hands[player], known[player] = deal.hands[seat], deal.known[seat]
    sections.append("hands " + " / ".join(map(_hand_text, hands, known)))
    sections += _table_sections(
        rules, deal.melds, deal.red_threes, deal.pile, deal.pile_frozen, deal.lone_hand
    )
    sections.append(f"stock {sequence_text(deal.stock) or '-'}")
    sections += _tail(rules, deal.minimums, game.scores)
    if deal.melded_seats:
        sections.append("melded " + " ".join(f"P{seats[s]}" for s in sorted(deal.melded_seats)))
    if rules.red_three_timing == "first_turn":
        holding = {
            s for s, hand in enumerate(deal.hands) if any(c.is_red_three for c in hand.faces())
        }
        if deal.pending_red_threes != holding:
            pending = " ".join(f"P{seats[s]}" for s in sorted(deal.pending_red_threes))
            sections.append(f"pending {pending or '-'}")
    if deal.turn:
        sections.append(f"turns {deal.turn}")
    if deal.end is not None:
        words = ["end", deal.end.value]
        if deal.went_out is not None:
            words.append(f"P{seats[deal.went_out]}")
        if deal.concealed:
            words.append("concealed")
        sections.append(" ".join(words))
    if game.is_over or deal.phase is Phase.OVER:  # an ended deal says whether the match is
        sections.append("over" if game.is_over else "over=no")
    events = _events_text(rules, deal.history, seats)
    return _lines(sections, events, _results_text(rules, game.results))


def view_to_text(view: ViewParts) -> str:
    """The view in the notation: other hands and the stock as counts."""
    rules, seats = view.rules, view.seat_players
    sections = [_rules_text(rules), f"view P{view.player}"]
    sections += _head(rules, view.deal_number, seats, view.scores)
    sections.append(_turn_text(rules, view, view.phase, view.draft, view.turn_player))
    hands: list[Cards | int] = list(view.hand_sizes)
    hands[view.player] = view.hand
    sections.append("hands " + " / ".join(map(_hand_text, hands, view.known_cards)))
    sections += _table_sections(
        rules, view.melds, view.red_threes, view.pile, view.pile_frozen, view.lone_hand
    )
    sections.append(f"stock {view.stock_size}")
    sections += _tail(rules, view.minimums, view.scores)
    if view.melded_players:
        sections.append("melded " + " ".join(f"P{p}" for p in sorted(view.melded_players)))
    if view.turn:
        sections.append(f"turns {view.turn}")
    if view.is_over or view.phase is Phase.OVER:
        sections.append("over" if view.is_over else "over=no")
    events = _events_text(rules, view.history, seats)
    return _lines(sections, events, _results_text(rules, view.results))
