"""The OpenSpiel games' texts: of a view, a state's melds, events and turn draft."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from canasta._cache import remembered
from canasta._engine.meld_rules import Meld
from canasta._engine.state import Event, TurnDraft
from canasta._model.cards import FACE_TEXT, Card
from canasta.actions import ActionError, describe
from canasta.views import PlayerView


def _sequence_text(cards: Iterable[Card]) -> str:
    return " ".join(FACE_TEXT[card.index] for card in cards)


@remembered(1 << 16)
def _event_text(event: Event) -> str:
    return str(event)


@remembered(1 << 14)
def _meld_text(meld: Meld) -> str:
    return str(meld) if meld.wild_as is None else f"{meld} ({meld.wild_as.text})"


def _describe(action: int) -> str:
    try:
        return describe(action)
    except ActionError:
        return "no action of the id table"


def _noted(
    private: tuple[tuple[str, ...] | None, ...], player: int, note: str
) -> tuple[tuple[str, ...] | None, ...]:
    notes = private[player]
    if notes is None:
        return private
    return (*private[:player], (*notes, note), *private[player + 1 :])


def _melds_text(melds: tuple[Meld, ...]) -> str:
    return ", ".join(map(_meld_text, melds)) or "-"


def _draft_text(draft: TurnDraft) -> str:
    parts = []
    for field in attrs.fields(TurnDraft):
        value = getattr(draft, field.name)
        if value != field.default:
            if isinstance(value, frozenset):
                value = " ".join(sorted(rank.text for rank in value))
            parts.append(f"{field.name}={value}")
    return ", ".join(parts) or "-"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def _view_text(view: PlayerView) -> str:
    rules = view.rules
    table = view.table
    if view.is_over:
        status = "the game is over"
    else:
        status = f"player {view.turn_player}'s turn, player {view.to_move} to {view.phase.value}"
    lines = [
        f"player {view.player}: deal {view.deal_number}, turn {view.turn}, {status}",
        f"hand: {view.hand}",
    ]
    for side in range(rules.num_sides):
        lines.append(
            f"side {side}: score {view.scores[side]}, minimum {view.minimums[side]}, "
            f"red threes {str(table.red_threes[side]) or '-'}, "
            f"melds {_melds_text(table.melds[side])}"
        )
    frozen = ", frozen" if table.pile_frozen else ""
    pile = _sequence_text(view.pile) or "-"
    lines.append(f"pile ({_plural(table.pile_size, 'card')}{frozen}): {pile}")
    lines.append(f"stock: {_plural(table.stock_size, 'card')}")
    lines.append("hand sizes: " + " ".join(map(str, view.hand_sizes)))
    known = [f"{p}: {cards}" for p, cards in enumerate(view.known_cards) if cards]
    lines.append("known cards: " + ("; ".join(known) or "-"))
    melded = " ".join(map(str, sorted(view.melded_players))) or "-"
    lines.append(f"melded: {melded}")
    lines.append(f"draft: {_draft_text(view.draft)}")
    return "\n".join(lines)
