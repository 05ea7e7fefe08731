"""Pictures of positions: a game or a player's view drawn as SVG text.

:func:`render` draws what one player sees: every side's melds (canastas marked natural or
mixed; in Hollywood also sequence and wild canastas, each meld labelled with its number, and
sequences in rank order with the wild card in its place) and red threes, each side's score
and initial-meld minimum, the stock, the pile's top card with its frozen mark, the number of
cards in the other hands, and the player's own hand. A :class:`~canasta.game.Game` and a
:class:`~canasta.views.PlayerView` show themselves this way in Jupyter (their ``_repr_svg_``).

>>> import canasta
>>> from canasta.svg import render
>>> game = canasta.Game.new("classic", players=4, seed=7)
>>> picture = render(game)
>>> picture.startswith("<svg "), picture.count('<g class="card')
(True, 12)
>>> render(game) == render(game.view(0))
True

The 12 cards are player 0's hand of 11 and the pile's top card. The output depends only on
the position: no clock, no randomness, no fonts or files to fetch (the text uses the
viewer's ``sans-serif`` font), no ``id`` attributes and no style sheet, so several pictures
can sit in one HTML page. Every card shown is one ``<g class="card ...">`` element whose
``data-card`` attribute is the card's text (``KH``, ``JK``); a wild card has the class
``wild`` too, and the card that froze the pile, drawn sideways under the top card as players
place it, the class ``sideways``. Highlighted cards (see :func:`render`) have the class
``highlight``. At the end of a deal every hand is drawn, for counting.

The picture carries ``width`` and ``height`` attributes and a ``viewBox``, and no inline
style: scale it with ``size``, or with CSS in the page (``svg.canasta-position {width:
100%; height: auto}``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

import attrs

from canasta._engine.meld_rules import CanastaKind, Meld
from canasta._engine.state import DealEnd, Phase
from canasta._model.cards import Card
from canasta._model.deck import Cards
from canasta._model.moves import AddToMeld, Discard, LayMeld, MergeMelds, Move, TakePile, is_move
from canasta.errors import CanastaError, shown
from canasta.game import Game
from canasta.views import PlayerView

__all__ = ["render"]

WIDTH = 720
_MARGIN = 12
_CARD_W = 40
_CARD_H = 56
_HAND_STEP = 26
_MELD_STEP = 22  # wide enough for "10" and a wild card's "=rank" tag
_OTHER_STEP = 20  # the other hands, shown at the end of a deal
_GAP = 16
_LABEL = 16

_INK = "#222222"
_RED = "#c0392b"
_JOKER = "#7b2d8b"
_MUTED = "#666666"
_FROZEN = "#1f6fb2"
_FACE = "#ffffff"
_WILD_FACE = "#fff4cc"
_BACK = "#3b5b92"
_HIGHLIGHT = "#e69500"
_FONT = "sans-serif"

#: What may be highlighted: the last move, a move, or cards of the hand.
Highlight = str | Move | Cards | Iterable[Card | str] | None


def render(
    position: Game | PlayerView,
    player: int | None = None,
    *,
    size: float | None = None,
    highlight: Highlight = None,
) -> str:
    """The SVG picture of a position as one player sees it.

    ``position`` is a :class:`~canasta.game.Game` or a :class:`~canasta.views.PlayerView`.
    For a game, ``player`` chooses the seat whose point of view is drawn: by default the
    player to act (or, at the end of a deal and once the game is over, the player whose turn
    it was). A view shows its own player's hand; ``player``, if given, must be that player.
    Nothing hidden from the player is drawn.

    ``size`` is the picture's width in pixels (720 by default); everything scales with it.
    ``highlight`` marks cards: ``"last"`` the cards of the last move where they now lie (the
    meld they went to, the discard on the pile), a move the cards of the hand it would play
    (a step being planned), or cards (``"KH KS"``, a list or :class:`~canasta.Cards`) the
    cards of the hand selected.

    >>> import canasta
    >>> game = canasta.Game.new("classic", players=2, seed=3)
    >>> render(game, player=1) == render(game.view(1))
    True
    >>> picture = render(game, size=360, highlight="QC QD")
    >>> 'width="360"' in picture, picture.count("card highlight")
    (True, 2)
    >>> render(game.view(1), player=0)
    Traceback (most recent call last):
    ...
    canasta.errors.CanastaError: this is player 1's view; it cannot show player 0's hand
    """
    view = _view_of(position, player)
    if size is not None and (
        isinstance(size, bool) or not isinstance(size, (int, float)) or not 0 < size < 100_000
    ):
        raise CanastaError(f"size is a width in pixels, more than 0, not {shown(size)}")
    return _Picture(view, _highlights(view, highlight), size).svg()


def _view_of(position: Game | PlayerView, player: int | None) -> PlayerView:
    if isinstance(position, PlayerView):
        if player is not None and player != position.player:
            raise CanastaError(
                f"this is player {position.player}'s view; it cannot show player {player}'s hand"
            )
        return position
    if isinstance(position, Game):
        if player is None:
            player = position.to_move if position.to_move is not None else position.turn_player
        return position.view(player)
    raise CanastaError(
        f"expected a Game or a PlayerView, got {shown(position)} ({type(position).__name__})"
    )


# Where highlighted cards lie: the hand, the pile's top, or a side's meld by its index.
_Place = tuple[str, int, int]
_HAND: _Place = ("hand", 0, 0)
_PILE: _Place = ("pile", 0, 0)


def _highlights(view: PlayerView, highlight: Highlight) -> dict[_Place, Cards]:
    """The cards to highlight, by where they are drawn."""
    if highlight is None:
        return {}
    if isinstance(highlight, str) and highlight.strip().lower() == "last":
        return _last_move(view)
    if is_move(highlight):
        cards = _move_cards(highlight)  # type: ignore[arg-type]
        return {_HAND: cards} if cards else {}
    try:
        cards = highlight if isinstance(highlight, Cards) else Cards.of(highlight)  # type: ignore[arg-type]
    except CanastaError as error:
        raise CanastaError(
            f"highlight is 'last', a move or cards, not {shown(highlight)}: {error.message}"
        ) from None
    return {_HAND: cards}


def _move_cards(move: Move) -> Cards:
    if isinstance(move, (TakePile, LayMeld, AddToMeld)):
        return move.cards
    if isinstance(move, Discard):
        return Cards.of([move.card])
    return Cards()


def _last_move(view: PlayerView) -> dict[_Place, Cards]:
    """The cards of the deal's last move where they now are."""
    if not view.history:
        return {}
    event = view.history[-1]
    move = event.move
    if isinstance(move, Discard):
        return {_PILE: Cards.of([move.card])}
    side = event.seat % view.rules.num_sides
    melds = view.table.melds[side]
    if isinstance(move, MergeMelds):
        index = min(move.first, move.second)
        return {("meld", side, index): melds[index].cards} if index < len(melds) else {}
    cards = _move_cards(move)
    if not cards:
        return {}
    holding = _meld_holding(melds, cards, move)
    return {} if holding is None else {("meld", side, holding): cards}


def _meld_holding(melds: Sequence[Meld], cards: Cards, move: Move) -> int | None:
    """The meld that received ``cards``: the one the move names, else one that holds them."""
    if isinstance(move, AddToMeld) and move.meld is not None:
        return move.meld if move.meld < len(melds) else None
    rank = move.rank if isinstance(move, AddToMeld) else None
    for index, meld in enumerate(melds):
        if (rank is None or meld.rank is rank) and meld.cards.issuperset(cards):
            return index
    return None


@attrs.frozen
class _Group:
    """Cards drawn fanned out together: a meld, the red threes or a row of the hand."""

    cards: tuple[Card, ...]
    step: int
    label: str = ""
    #: The colour of the frame around the group ("" for none).
    frame: str = ""
    #: What the wild card of a sequence stands for, by its index in ``cards`` (HW-MELD-10).
    stands_for: tuple[tuple[int, str], ...] = ()
    #: The cards of the group to highlight.
    highlight: Cards = attrs.field(factory=Cards)

    @property
    def width(self) -> int:
        return (len(self.cards) - 1) * self.step + _CARD_W if self.cards else 0


class _Picture:
    """Lays a view out from top to bottom, appending SVG elements as it goes."""

    def __init__(
        self, view: PlayerView, highlights: dict[_Place, Cards], size: float | None
    ) -> None:
        self.view = view
        self.rules = view.rules
        self.highlights = highlights
        self.size = size
        self.body: list[str] = []
        self.y = _MARGIN

    def svg(self) -> str:
        self._title()
        for side in range(self.rules.num_sides):
            self._side(side)
        self._middle()
        self._hand()
        if self.view.hands is not None:
            self._other_hands(self.view.hands)
        height = self.y + _MARGIN
        label = escape(self._summary())
        scale = 1.0 if self.size is None else self.size / WIDTH
        width_px, height_px = _pixels(WIDTH * scale), _pixels(height * scale)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px}" height="{height_px}" '
            f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label={quoteattr(self._summary())} '
            f'font-family="{_FONT}" class="canasta-position">'
        )
        background = (
            f'<rect x="0" y="0" width="{WIDTH}" height="{height}" rx="8" fill="#f4f7f2" '
            'stroke="#c8d2c0"/>'
        )
        return "\n".join([head, f"<title>{label}</title>", background, *self.body, "</svg>"])

    # --- pieces ---------------------------------------------------------------------------

    def _summary(self) -> str:
        view = self.view
        return f"{self._heading()}; {self._status()}; seen by player {view.player}"

    def _heading(self) -> str:
        view = self.view
        name = self.rules.name.capitalize()
        return (
            f"{name} Canasta, {self.rules.num_players} players, deal {view.deal_number + 1}, "
            f"turn {view.turn + 1}"
        )

    def _status(self) -> str:
        view = self.view
        if view.is_over:
            best = max(view.scores)
            leaders = [side for side, score in enumerate(view.scores) if score == best]
            if len(leaders) == 1:
                return f"game over: side {leaders[0]} wins"
            return "game over: drawn"
        if view.phase is Phase.DRAW:
            return f"player {view.to_move} to draw or take the pile"
        if view.phase is Phase.MELD:
            return f"player {view.to_move} to meld and discard"
        if view.phase is Phase.ANSWER:
            return f"player {view.to_move} to answer player {view.turn_player}: may I go out?"
        result = view.deal_result
        if result is None:
            return "the deal is over"
        if result.end is DealEnd.WENT_OUT:
            how = f"player {result.went_out} went out" + (" concealed" if result.concealed else "")
        elif result.end is DealEnd.LAST_RED_THREE:
            how = "the last card was a red three"
        else:
            how = "the stock ran out"
        totals = ", ".join(f"{total:+d}" for total in result.totals)
        return f"the deal is over: {how}; the deal scores {totals}; next deals the next hand"

    def _title(self) -> None:
        self._text(_MARGIN, self.y + 14, self._heading(), size=15, bold=True)
        self._text(_MARGIN, self.y + 32, self._status(), size=13, fill=_MUTED)
        self.y += 44

    def _side(self, side: int) -> None:
        view, rules = self.view, self.rules
        players = [p for p in range(rules.num_players) if rules.side_of_player(p) == side]
        who = "player" if len(players) == 1 else "players"
        parts = [
            f"Side {side} ({who} {', '.join(map(str, players))})",
            f"score {view.scores[side]}",
            f"minimum {view.minimums[side]}",
        ]
        if rules.side_of_player(view.player) == side:
            parts.append("your side")
        if view.table.lone_hand is not None:  # cutthroat (CL-V3-3)
            parts.append("lone hand" if side == view.table.lone_hand else "melds pooled")
        self._text(_MARGIN, self.y + 14, " · ".join(parts), size=13, bold=True)
        self.y += 20
        groups: list[_Group] = []
        red_threes = tuple(view.table.red_threes[side])
        if red_threes:
            groups.append(_Group(red_threes, _MELD_STEP, "red threes"))
        groups += [
            self._meld_group(meld, number, self.highlights.get(("meld", side, number), Cards()))
            for number, meld in enumerate(view.table.melds[side])
        ]
        if not groups:
            self._text(_MARGIN + 8, self.y + 14, "no melds yet", size=12, fill=_MUTED)
            self.y += 26
            return
        self._rows(groups)

    def _meld_group(self, meld: Meld, number: int, highlight: Cards) -> _Group:
        """A meld's cards, a sequence's in rank order with its wild card in its place; where
        melds are named by number (HW-MELD-9), labelled ``#number``."""
        kind = meld.canasta_kind_under(self.rules)
        cards, stands_for = _meld_cards(meld)
        labels = [f"#{number}"] if self.rules.melds_by_position else []
        frame = ""
        if kind is not None:
            labels.append(f"{kind.value.replace('_', ' ')} canasta")
            frame = _CANASTA_FRAMES[kind]
        return _Group(cards, _MELD_STEP, " ".join(labels), frame, stands_for, highlight)

    def _rows(self, groups: Sequence[_Group]) -> None:
        """Groups side by side, wrapping to a new row when the width runs out."""
        x = _MARGIN + 8
        for group in groups:
            if x > _MARGIN + 8 and x + group.width > WIDTH - _MARGIN:
                x = _MARGIN + 8
                self.y += _LABEL + _CARD_H + 10
            self._group(x, self.y, group)
            x += group.width + _GAP
        self.y += _LABEL + _CARD_H + 12

    def _group(self, x: int, y: int, group: _Group) -> None:
        if group.label:  # above the frame, clear of its line
            self._text(x, y + 9, group.label, size=10, fill=group.frame or _MUTED)
        top = y + _LABEL
        if group.frame:
            self.body.append(
                f'<rect x="{x - 3}" y="{top - 3}" width="{group.width + 6}" '
                f'height="{_CARD_H + 6}" rx="6" fill="none" stroke="{group.frame}" '
                'stroke-width="2"/>'
            )
        stands_for = dict(group.stands_for)
        marked = _Marker(group.highlight)
        for index, card in enumerate(group.cards):
            self._card(
                x + index * group.step,
                top,
                card,
                stands_for=stands_for.get(index, ""),
                highlight=marked(card),
            )

    def _middle(self) -> None:
        view, table = self.view, self.view.table
        y = self.y + 6
        # The stock: one face-down card with the count beside it.
        x = _MARGIN + 8
        self.body.append(
            f'<g class="stock" transform="translate({x},{y + 8})">'
            f'<rect width="{_CARD_W}" height="{_CARD_H}" rx="4" fill="{_BACK}" stroke="{_INK}"/>'
            f'<rect x="4" y="4" width="{_CARD_W - 8}" height="{_CARD_H - 8}" rx="2" '
            'fill="none" stroke="#ffffff" stroke-opacity="0.6"/></g>'
        )
        self._text(x, y + _CARD_H + 24, f"stock {table.stock_size}", size=12)
        # The pile: the card that froze it sideways underneath, then the top card.
        x = _MARGIN + 100
        top = y + 8
        if table.pile_top is None:
            self.body.append(
                f'<rect class="empty-pile" x="{x}" y="{top}" width="{_CARD_W}" '
                f'height="{_CARD_H}" rx="4" fill="none" stroke="{_MUTED}" '
                'stroke-dasharray="4 3"/>'
            )
        else:
            freezer = self._freezing_card()
            if freezer is not None:
                self._card(x + 22, top + 10, freezer, sideways=True)
            self._card(x, top, table.pile_top, highlight=_PILE in self.highlights)
        cards = "card" if table.pile_size == 1 else "cards"
        self._text(x, y + _CARD_H + 24, f"pile {table.pile_size} {cards}", size=12)
        if table.pile_frozen:
            self.body.append(
                f'<g class="frozen-mark"><rect x="{x + 80}" y="{top + 18}" width="62" '
                f'height="20" rx="10" fill="{_FROZEN}"/>'
            )
            self._text(x + 90, top + 32, "FROZEN", size=11, bold=True, fill="#ffffff")
            self.body.append("</g>")
        else:
            reason = self._closed_reason()
            if reason:
                self._text(x + 54, top + 32, reason, size=11, fill=_FROZEN)
        # The other hands: sizes, and the cards everybody saw them take with the pile.
        x = _MARGIN + 400
        line = y + 14
        self._text(x, line, "Cards in hand", size=12, bold=True)
        for other in range(self.rules.num_players):
            if other == view.player:
                continue
            line += 16
            if other not in view.seat_players:
                text = f"player {other}: sits out this deal"
            else:
                text = f"player {other}: {view.hand_sizes[other]}"
                known = view.known_cards[other]
                if known and view.hands is None:  # at the end of a deal, drawn below
                    text += f" (known: {known.pretty()})"
            self._text(x, line, text, size=12)
        self.y = max(y + _CARD_H + 36, line + 12)

    def _freezing_card(self) -> Card | None:
        """The topmost card under the top card that freezes the pile, if the pile is frozen."""
        if not self.view.table.pile_frozen:
            return None
        for card in reversed(self.view.pile[:-1]):
            if self.rules.freezes_pile(card):
                return card
        return None

    def _closed_reason(self) -> str:
        side = self.rules.side_of_player(self.view.player)
        if not self.view.table.has_opened(side) and self.view.table.pile_top is not None:
            return "closed to your side until it melds"
        return ""

    def _hand(self) -> None:
        view = self.view
        hand = tuple(view.hand)
        if view.player not in view.seat_players:
            title = f"Player {view.player} sits out this deal"
        else:
            cards = "card" if len(hand) == 1 else "cards"
            title = f"Player {view.player}'s hand ({len(hand)} {cards})"
        self._text(_MARGIN, self.y + 14, title, size=13, bold=True)
        self.y += 20
        if not hand:
            self.y += 4
            return
        self._card_rows(hand, _HAND_STEP, self.highlights.get(_HAND, Cards()))

    def _card_rows(self, cards: Sequence[Card], step: int, highlight: Cards) -> None:
        per_row = (WIDTH - 2 * _MARGIN - 16 - _CARD_W) // step + 1
        marked = _Marker(highlight)
        for start in range(0, len(cards), per_row):
            row = cards[start : start + per_row]
            for index, card in enumerate(row):
                self._card(_MARGIN + 8 + index * step, self.y, card, highlight=marked(card))
            self.y += _CARD_H + 8

    def _other_hands(self, hands: Sequence[Cards]) -> None:
        """At the end of a deal, every other hand, shown for counting."""
        view = self.view
        for other in view.seat_players:
            if other == view.player:
                continue
            hand = tuple(hands[other])
            cards = "card" if len(hand) == 1 else "cards"
            points = hands[other].points
            title = f"Player {other}'s hand ({len(hand)} {cards}, {points} points)"
            self._text(_MARGIN, self.y + 14, title, size=13, bold=True)
            self.y += 20
            if hand:
                self._card_rows(hand, _OTHER_STEP, Cards())
            else:
                self.y += 4

    # --- primitives -------------------------------------------------------------------------

    def _card(
        self,
        x: int,
        y: int,
        card: Card,
        *,
        sideways: bool = False,
        stands_for: str = "",
        highlight: bool = False,
    ) -> None:
        classes = ["card"]
        if card.is_wild:
            classes.append("wild")
        if sideways:
            classes.append("sideways")
        if highlight:
            classes.append("highlight")
        colour = _card_colour(card)
        if card.suit is None:
            lines: Iterable[str] = ("JK", "★")
        else:
            lines = (card.rank.text, card.suit.symbol)
        transform = f"translate({x},{y})"
        if sideways:
            # Turned a quarter clockwise about its centre, as players mark a frozen pile.
            transform += f" rotate(90 {_CARD_W // 2} {_CARD_H // 2})"
        face = _WILD_FACE if card.is_wild else _FACE
        stroke = f'stroke="{_HIGHLIGHT}" stroke-width="3"' if highlight else 'stroke="#555555"'
        parts = [
            f'<g class="{" ".join(classes)}" data-card="{card}" transform="{transform}">',
            f'<rect width="{_CARD_W}" height="{_CARD_H}" rx="4" fill="{face}" {stroke}/>',
        ]
        for number, text in enumerate(lines):
            # "10" is drawn narrow, to fit the strip a fanned card leaves in sight.
            fit = ' textLength="15" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""
            parts.append(
                f'<text x="3" y="{15 + 14 * number}" font-size="13" font-weight="bold"{fit} '
                f'fill="{colour}">{escape(text)}</text>'
            )
        if stands_for:  # a sequence's wild card: what it stands for, in sight (HW-MELD-10)
            fit = ' textLength="17" lengthAdjust="spacingAndGlyphs"' if len(stands_for) > 2 else ""
            parts.append(
                f'<text x="2" y="45" font-size="9"{fit} fill="{_MUTED}">'
                f"={escape(stands_for)}</text>"
            )
        parts.append("</g>")
        self.body.append("".join(parts))

    def _text(
        self,
        x: int,
        y: int,
        text: str,
        *,
        size: int,
        bold: bool = False,
        fill: str = _INK,
    ) -> None:
        weight = ' font-weight="bold"' if bold else ""
        self.body.append(
            f'<text x="{x}" y="{y}" font-size="{size}"{weight} fill="{fill}">{escape(text)}</text>'
        )


_CANASTA_FRAMES = {
    CanastaKind.NATURAL: _RED,
    CanastaKind.MIXED: _INK,
    CanastaKind.NATURAL_SEQUENCE: _RED,
    CanastaKind.MIXED_SEQUENCE: _INK,
    CanastaKind.WILD: _JOKER,
}


def _meld_cards(meld: Meld) -> tuple[tuple[Card, ...], tuple[tuple[int, str], ...]]:
    """A meld's cards in the order drawn, and what a sequence's wild card stands for."""
    if meld.suit is None:
        return tuple(meld.cards), ()
    wild = next((card for card in meld.cards if card.is_wild), None)
    cards: list[Card] = []
    stands_for: list[tuple[int, str]] = []
    for word in meld.sequence_text():
        if wild is not None and "(" in word:
            stands_for.append((len(cards), f"{word[word.index('(') + 1 : -1]}{meld.suit.symbol}"))
            cards.append(wild)
        else:
            cards.append(Card.parse(word))
    return tuple(cards), tuple(stands_for)


class _Marker:
    """Says, card by card, whether to highlight it: as many of each face as ``cards`` hold."""

    def __init__(self, cards: Cards) -> None:
        self.left = Counter(cards)

    def __call__(self, card: Card) -> bool:
        if self.left[card] > 0:
            self.left[card] -= 1
            return True
        return False


def _pixels(value: float) -> str:
    """A length in pixels as SVG writes it: whole where it is whole."""
    return str(int(value)) if value == int(value) else f"{value:.2f}"


def _card_colour(card: Card) -> str:
    if card.suit is None:
        return _JOKER
    return _RED if card.suit.is_red else _INK
