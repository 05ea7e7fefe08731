"""The terminal, through rich: cards in colour or not, and text as wide as the terminal.

Everything the commands show goes through :class:`Screen`, which renders with rich (wrapping
to the terminal's width, or to ``COLUMNS``, or to 80 columns when the output is not a
terminal) and writes the lines without trailing blanks, so that piped output reads as a
clean transcript.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import IO, Any

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from canasta import Card, Cards, Meld, RuleSet

_WILD = "bold magenta"
_RED = "red"


def console_for(out: IO[str], color: str) -> Console:
    """A rich console writing to ``out``; ``color`` is ``auto``, ``always`` or ``never``."""
    options: dict[str, Any] = {"file": out, "markup": False, "highlight": False, "emoji": False}
    if color == "always":
        options |= {"force_terminal": True, "color_system": "standard", "no_color": False}
    elif color == "never" or (color == "auto" and "NO_COLOR" in os.environ):
        options |= {"color_system": None}
    return Console(**options)


class Screen:
    """Text for the terminal, in colour or not."""

    def __init__(self, out: IO[str], color: str = "never") -> None:
        self.out = out
        self.console = console_for(out, color)

    @property
    def width(self) -> int:
        """The width the output is wrapped to."""
        return self.console.width

    def say(self, *parts: RenderableType) -> None:
        """Show ``parts`` one below the other (nothing: an empty line)."""
        if not parts:
            self.out.write("\n")
            self.out.flush()
            return
        with self.console.capture() as capture:
            self.console.print(*parts, sep="\n")
        lines = capture.get().splitlines()
        self.out.write("".join(line.rstrip() + "\n" for line in lines))
        self.out.flush()

    def note(self, *texts: str | Text) -> None:
        """Lines indented by two spaces, wrapped lines too: what the game says to the person."""
        self.say(
            *(
                Padding(Text(text) if isinstance(text, str) else text, (0, 0, 0, 2))
                for text in texts
            )
        )

    # --- cards ----------------------------------------------------------------------------

    @staticmethod
    def card(card: Card) -> Text:
        """A card with its suit symbol: red suits in red, wild cards in magenta."""
        style = (
            _WILD if card.is_wild else _RED if card.suit is not None and card.suit.is_red else ""
        )
        return Text(card.pretty(), style=style)

    def cards(self, cards: Cards | Sequence[Card]) -> Text:
        texts = [self.card(card) for card in cards]
        return Text(" ").join(texts) if texts else Text("-")

    def hand(self, cards: Cards) -> Text:
        """A hand, sorted, with a wider gap between ranks."""
        groups: list[list[Card]] = []
        for card in cards:
            if groups and groups[-1][0].rank is card.rank:
                groups[-1].append(card)
            else:
                groups.append([card])
        return Text("  ").join(self.cards(group) for group in groups) if groups else Text("-")

    def meld(self, meld: Meld, rules: RuleSet) -> Text:
        """A meld's cards; a sequence in rank order, its wild card where it stands, such as
        ``7♦ 8♦ 9♦ JK(10♦)`` (HW-MELD-10); a canasta under ``rules`` says so."""
        kind = meld.canasta_kind_under(rules)
        mark = f"  [{kind.value.replace('_', ' ')} canasta]" if kind is not None else ""
        if meld.suit is None:
            return Text.assemble(self.cards(meld.cards), mark)
        wild = next((card for card in meld.cards if card.is_wild), None)
        words = []
        for word in meld.sequence_text():
            if wild is not None and "(" in word:
                stands_for = word[word.index("(") + 1 : -1]
                words.append(Text.assemble(self.card(wild), f"({stands_for}{meld.suit.symbol})"))
            else:
                words.append(self.card(Card.parse(word)))
        return Text.assemble(Text(" ").join(words), mark)


def bold(text: str) -> Text:
    return Text(text, style="bold")


def hanging(label: str | Text, content: str | Text, indent: int = 0) -> RenderableType:
    """``label`` then ``content``, which wraps under itself: ``Your hand (12): 5♠ ...``."""
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(Text(" " * indent) + (Text(label) if isinstance(label, str) else label), content)
    return grid


def lines(*parts: RenderableType) -> Group:
    """Renderables one below the other."""
    return Group(*parts)
