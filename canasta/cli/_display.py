"""What ``play`` and ``replay`` show: the table, a deal's scores, the winner, the moves."""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from canasta import Cards, DealEnd, DealResult, Game, Meld, MeldKind, Move, PlayerView, RuleSet
from canasta.cli._common import plural, scores_text, side_players
from canasta.cli._screen import Screen, bold, hanging


def meld_label(meld: Meld) -> str:
    """What a meld is, in a few characters: its rank, a sequence's suit, or wild cards."""
    if meld.kind is MeldKind.SEQUENCE:
        assert meld.suit is not None
        return meld.suit.symbol
    if meld.kind is MeldKind.WILD:
        return "wild"
    return meld.rank.text


def totals(game: Game, number: int) -> tuple[int, ...]:
    """The cumulative scores after deal ``number`` of ``game``."""
    sums = [0] * game.rules.num_sides
    for result in game.results[: number + 1]:
        sums = [a + b for a, b in zip(sums, result.totals, strict=True)]
    return tuple(sums)


def show_table(
    screen: Screen,
    view: PlayerView,
    *,
    you: int | None,
    hands: Sequence[Cards] | None = None,
) -> None:
    """The table as ``view`` shows it; ``you`` marks a person's seat, ``hands`` shows all."""
    rules, table = view.rules, view.table
    yours = None if you is None else rules.side_of_player(you)
    parts: list[RenderableType] = [
        Text(""),
        Text.assemble(
            bold(f"Deal {view.deal_number + 1}, turn {view.turn + 1}"),
            f"   scores: {scores_text(view.scores)}",
        ),
    ]
    for side in range(rules.num_sides):
        players = ", ".join(map(str, side_players(rules, side)))
        mine = " (you)" if side == yours else ""
        pooled = table.partners(side)
        parts.append(
            hanging(
                f"Side {side}{mine}{_role(table.lone_hand, side, pooled)},",
                Text.assemble(
                    f"players {players}; minimum {view.minimums[side]}; red threes: ",
                    screen.cards(table.red_threes[side]),
                ),
                indent=2,
            )
        )
        if pooled[0] != side:  # cutthroat partners pool their melds (CL-V3-3)
            parts.append(Text(f"      (melds pooled with side {pooled[0]}, above)"))
            continue
        for number, meld in enumerate(table.melds[side]):
            if rules.melds_by_position:  # melds are named by number: add #1 9D
                label = f"#{number:<2} {meld_label(meld):>4}:"
            else:
                label = f"{meld.rank.text:>2}:"
            parts.append(hanging(label, screen.meld(meld, rules), indent=6))
        if not table.melds[side]:
            parts.append(Text("      (no melds)"))
    top = screen.card(table.pile_top) if table.pile_top else Text("empty")
    frozen = ", frozen" if table.pile_frozen else ""
    parts.append(
        Text.assemble(
            "  Pile: ",
            top,
            f" ({plural(table.pile_size, 'card')}{frozen})   Stock: {table.stock_size}",
        )
    )
    others = _other_hands(screen, view, you, yours) if hands is None else []
    if others:
        parts.append(hanging("Cards in hands:", Text("; ").join(others), indent=2))
    if hands is not None:
        for player in view.seat_players:
            cards = hands[player]
            parts.append(hanging(f"Player {player} ({len(cards)}):", screen.hand(cards), indent=2))
    elif you is not None and you in view.seat_players:
        parts.append(hanging(f"Your hand ({len(view.hand)}):", screen.hand(view.hand), indent=2))
    screen.say(*parts)


def _role(lone_hand: int | None, side: int, pooled: tuple[int, ...]) -> str:
    """A side's part in three-player cutthroat, once the lone hand is known (CL-V3-3)."""
    if lone_hand is None:
        return ""
    if side == lone_hand:
        return " lone hand"
    others = " and ".join(str(other) for other in pooled if other != side)
    return f" with side {others} against side {lone_hand}"


def _other_hands(
    screen: Screen, view: PlayerView, you: int | None, yours: int | None
) -> list[Text]:
    """How many cards each other player holds, and the ones everybody saw them take."""
    others = []
    for player in view.seat_players:
        if player == you:
            continue
        text = Text(f"player {player}: {view.hand_sizes[player]}")
        if yours is not None and view.rules.side_of_player(player) in view.table.partners(yours):
            text.append(" (partner)")
        known = view.known_cards[player]
        if known:
            text.append_text(Text.assemble(" (known: ", screen.cards(known), ")"))
        others.append(text)
    return others


def show_result(
    screen: Screen, rules: RuleSet, result: DealResult, scores: Sequence[int], you: int | None
) -> None:
    """A deal's score breakdown, side by side, and the totals after it."""
    how = {
        DealEnd.WENT_OUT: f"player {result.went_out} went out"
        + (" concealed" if result.concealed else ""),
        DealEnd.STOCK_EXHAUSTED: "the stock ran out",
        DealEnd.LAST_RED_THREE: "the last card of the stock was a red three",
    }[result.end]
    yours = None if you is None else rules.side_of_player(you)
    breakdown = Table(box=None, pad_edge=False, padding=(0, 1), header_style="")
    breakdown.add_column("side")
    for heading in ("melds", "canastas", "red 3s", "out", "in hand", "deal", "total"):
        breakdown.add_column(heading, justify="right")
    for score in result.scores:
        label = f"{score.side}{' (you)' if score.side == yours else ''}"
        numbers = (score.meld_points, score.canasta_bonus, score.red_threes, score.going_out)
        breakdown.add_row(
            label,
            *map(str, numbers),
            str(score.hand_penalty),
            str(score.total),
            str(scores[score.side]),
        )
    screen.say(
        Text(""),
        bold(f"End of deal {result.number + 1}: {how}."),
        Padding(breakdown, (0, 0, 0, 2)),
    )


def show_winner(screen: Screen, game: Game, you: int | None) -> None:
    winner = game.winner
    lines = [
        Text(""),
        bold(f"Game over after {plural(len(game.results), 'deal')}."),
        Text(f"  Final scores: {scores_text(game.scores)}."),
    ]
    if winner is None:
        lines.append(Text("  A draw."))
    else:
        players = ", ".join(map(str, side_players(game.rules, winner)))
        mine = you is not None and game.side_of_player(you) == winner
        lines.append(
            Text(f"  Side {winner} (players {players}) wins{' - well played!' if mine else '.'}")
        )
    screen.say(*lines)


def show_moves(screen: Screen, moves: Sequence[Move]) -> None:
    """The legal moves, numbered, in as many columns as fit; an entry never breaks."""
    entries = [Text(f"{number:>2}. {move}", no_wrap=True) for number, move in enumerate(moves, 1)]
    screen.say(
        Text("Legal moves (type one, or its number):"),
        Padding(Columns(entries, padding=(0, 3)), (0, 0, 0, 2)),
    )
