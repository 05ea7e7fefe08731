"""Helpers shared by the rule-scenario tests (``test_rules_*.py``).

Positions built by hand with :meth:`Game.from_position`, and checks that explain, apply and
the move generator agree on a move. A :class:`Scenarios` holds what differs between the test
files: the rule set, the hands of the players a test does not name, the default pile, how a
move counts as generated and which moves must be.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import pytest

import canasta
from canasta import Cards, Discard, Draw, Game, LayMeld, Meld, Move, Pass, RuleSet, TakePile

#: Hands of the players a test does not name (only tens, which the tests leave alone).
FILLERS = ("", "10C 10D", "10H", "10S")
#: The same for up to six players.
SIX_FILLERS = (*FILLERS, "10C", "10D")
#: The moves whose generation the three-deck pile, going-out and scoring tests check.
DRAWS_TAKES_PASSES: tuple[type[Move], ...] = (TakePile, Draw, Pass)


def rule_of(game: Game, move: Move) -> str | None:
    """The rule ID that rejects ``move``, or ``None`` if it is legal."""
    violation = game.explain(move)
    return None if violation is None else violation.rule


def at_deal_end(game: Game, rule: str | None = None) -> Game:
    """``game`` at the end of a deal, scored, waiting for NextDeal: any other move is refused
    with ``rule``, the rule that ended the deal (by default the rule set's ID for how it
    ended). Returns the game after NextDeal (or ``game`` itself once the match is over)."""
    assert game.phase is canasta.Phase.OVER
    assert game.to_move is None
    result = game.deal_result
    assert result is not None
    assert result.number == game.deal_number
    if game.is_over:
        assert list(game.legal_moves()) == []
        return game
    assert list(game.legal_moves()) == [canasta.NextDeal()]
    if rule is None:
        by_end = {
            canasta.DealEnd.WENT_OUT: "CL-OUT-3",
            canasta.DealEnd.STOCK_EXHAUSTED: "CL-EXH-3",
            canasta.DealEnd.LAST_RED_THREE: "CL-EXH-1",
        }
        rule = game.rules.rule_id(by_end[result.end])
    refusal = game.explain(Draw())
    assert refusal is not None
    assert refusal.rule == rule, refusal
    for player in range(game.rules.num_players):
        assert game.view(player).hands == game.hands
    return game.apply(canasta.NextDeal())


def play(game: Game, *moves: str | Move) -> Game:
    """Apply moves given as text (``"meld 5C 5D 5H"``) or as move objects."""
    for move in moves:
        game = game.apply(canasta.parse_move(move) if isinstance(move, str) else move)
    return game


def points(cards: str) -> int:
    """The card points of ``cards``."""
    return Cards.parse(cards).points


def unplaced(
    rules: RuleSet,
    placed: Iterable[Cards],
    melds: Iterable[Iterable[Meld | Cards | str]] | None = None,
) -> Cards:
    """The cards of the pack that are neither in ``placed`` nor in ``melds``."""
    total = Cards()
    for cards in placed:
        total = total + cards
    for side in melds or []:
        for meld in side:
            if isinstance(meld, Meld):
                total = total + meld.cards
            else:
                total = total + (Cards.parse(meld) if isinstance(meld, str) else meld)
    return canasta.pack_cards(rules.decks) - total


def _move_cards(move: Move) -> Cards:
    cards = getattr(move, "cards", None)
    if cards is None:
        card = getattr(move, "card", None)
        cards = Cards() if card is None else Cards.of([card])
    return cards


def shape_by_rank(move: Move) -> tuple[object, ...]:
    """A Classic move with suits forgotten (the generator picks one per choice)."""
    ranks = sorted(card.rank.order for card in _move_cards(move))
    return (type(move).__name__, getattr(move, "rank", None), tuple(ranks))


def shape_by_meld(move: Move) -> tuple[object, ...]:
    """A three-deck move with suits forgotten, its meld named by number."""
    ranks = sorted(card.rank.order for card in _move_cards(move))
    return (type(move).__name__, getattr(move, "meld", None), tuple(ranks))


def shape_hollywood(move: Move) -> tuple[object, ...]:
    """A move with the suits that make no difference forgotten (the generator picks one
    representative per choice): suits count only among a sequence's natural cards."""
    cards = _move_cards(move)
    naturals = [card for card in cards if not card.is_wild]
    sequence = len({card.rank for card in naturals}) > 1
    key = sorted(
        (card.rank.order, str(card.suit) if sequence and not card.is_wild else "")
        for card in cards
    )
    return (
        type(move).__name__,
        getattr(move, "rank", None),
        getattr(move, "meld", None),
        getattr(move, "wild_as", None),
        getattr(move, "first", None),
        getattr(move, "second", None),
        tuple(key),
    )


def offered_by_rank(game: Game, move: Move) -> bool:
    """Whether the move generator offers ``move`` (up to suits)."""
    return shape_by_rank(move) in {shape_by_rank(m) for m in game.legal_moves()}


def offered_by_meld(game: Game, move: Move) -> bool:
    """Whether the move generator offers ``move`` (up to suits)."""
    return shape_by_meld(move) in {shape_by_meld(m) for m in game.legal_moves()}


def offered_exactly(game: Game, move: Move) -> bool:
    """Whether the move generator offers ``move`` itself."""
    return move in list(game.legal_moves())


def offered_hollywood(game: Game, move: Move) -> bool:
    """Whether the move generator offers ``move``: up to suits that do not matter, or as a
    move of the same type with the same outcome (``add K`` and ``add #0``; a wild card's rank
    given or left to the cards)."""
    generated = list(game.legal_moves())
    if shape_hollywood(move) in {shape_hollywood(m) for m in generated}:
        return True
    if game.explain(move) is not None:
        return False
    outcome = game.apply(move).deal
    return any(
        type(m) is type(move) and game.apply(m).deal.replace(history=outcome.history) == outcome
        for m in generated
    )


def go_out(game: Game) -> Game:
    """Draw, meld four fives and go out by discarding the 9H (see ``going_out_position``)."""
    return play(game, Draw(), LayMeld("5C 5D 5H 5S"), Discard("9H"))


@attrs.frozen
class Scenarios:
    """Position builders and move checks for the scenario tests of one rule set."""

    #: The rule set of positions that name none.
    rules: RuleSet
    #: Hands of the players a test does not name; players beyond them hold nothing.
    fillers: tuple[str, ...] = FILLERS
    #: The pile of positions that name none.
    pile: str = ""
    #: Whether the generator offers a move (up to what does not matter).
    offered: Callable[[Game, Move], bool] = offered_by_meld
    #: The moves whose generation is checked (``None``: every move).
    checked: tuple[type[Move], ...] | None = None
    #: Whether apply may cite any of the expected rules, not only the one explain cites.
    any_rule_on_apply: bool = False
    #: Side 0's melds in ``going_out_position``.
    canastas: tuple[str, ...] = ()

    def position(
        self,
        *hands: str,
        rules: RuleSet | None = None,
        draws: str = "",
        pile: str | None = None,
        melds: Sequence[Sequence[Any]] | None = None,
        red_threes: Sequence[str] | None = None,
        stock: str | None = None,
        **kwargs: Any,
    ) -> Game:
        """A position at the start of player ``to_move``'s turn (default 0).

        ``draws`` are the next stock cards in the order they will be drawn; the rest of the
        stock is every card placed nowhere else. With ``stock`` (top card last) the stock
        holds exactly those cards, and every card placed nowhere else goes to player 3's
        hand, its red threes to side 1.
        """
        rules = self.rules if rules is None else rules
        pile = self.pile if pile is None else pile
        names = [*hands, *self.fillers[len(hands) : rules.num_players]]
        names += [""] * (rules.num_players - len(names))
        if stock is None:
            return Game.from_position(
                rules,
                hands=names,
                melds=melds,
                red_threes=red_threes,
                pile=pile,
                draws=draws,
                **kwargs,
            )
        all_hands = [Cards.parse(h) for h in names]
        reds = [Cards.parse(r) for r in (red_threes or [""] * rules.num_sides)]
        rest = unplaced(rules, [*all_hands, *reds, Cards.parse(pile), Cards.parse(stock)], melds)
        all_hands[3] = all_hands[3] + [c for c in rest if not c.is_red_three]
        reds[1] = reds[1] + [c for c in rest if c.is_red_three]
        return Game.from_position(
            rules,
            hands=all_hands,
            melds=melds,
            red_threes=reds,
            pile=pile,
            stock=stock,
            **kwargs,
        )

    def _checks(self, move: Move) -> bool:
        return self.checked is None or isinstance(move, self.checked)

    def assert_rejected(self, game: Game, move: Move, *rules: str) -> str:
        """``move`` is rejected for one of ``rules`` by explain and apply, and not generated
        (if its kind is checked)."""
        rule = rule_of(game, move)
        assert rule in rules, f"{move} rejected for {rule}, expected {rules}"
        assert rule is not None
        with pytest.raises(canasta.IllegalMoveError) as info:
            game.apply(move)
        assert info.value.rule in (rules if self.any_rule_on_apply else (rule,))
        if self._checks(move):
            assert not self.offered(game, move)
        return rule

    def assert_accepted(self, game: Game, move: Move) -> Game:
        """``move`` is legal, generated (if its kind is checked), and applied."""
        assert game.explain(move) is None, game.explain(move)
        if self._checks(move):
            assert self.offered(game, move)
        return game.apply(move)

    def drawn(
        self, hand: str, draws: str, own: Sequence[Meld | Cards | str], **kwargs: Any
    ) -> Game:
        """Player 0 in the meld phase after drawing ``draws``; side 0 has melded ``own``."""
        kwargs.setdefault("melds", [own, []])
        return self.position(hand, draws=draws, **kwargs).apply(Draw())

    def going_out_position(self, **kwargs: Any) -> Game:
        """Side 0 holds ``canastas``; player 0 draws 5S 9H and can go out by melding four
        fives and discarding the 9H (:func:`go_out`)."""
        kwargs.setdefault("melds", [list(self.canastas), []])
        kwargs.setdefault("melded_players", [0, 2])
        kwargs.setdefault("pile", "4C")
        hand = kwargs.pop("hand", "5C 5D 5H")
        if "stock" not in kwargs:
            kwargs.setdefault("draws", "5S 9H")
        return self.position(hand, **kwargs)

    def red_three_scores(self, red0: str, red1: str, melds1: list[str]) -> tuple[int, int]:
        """Each side's red-three score when player 0 goes out with these red threes."""
        melds = [list(self.canastas), melds1]
        game = go_out(self.going_out_position(red_threes=[red0, red1], melds=melds))
        scores = game.results[-1].scores
        return scores[0].red_threes, scores[1].red_threes

    def deal_totals(self, melds1: list[str]) -> tuple[int, int]:
        """Each side's deal total when player 0 goes out and side 1 holds ``melds1``."""
        game = go_out(self.going_out_position(melds=[list(self.canastas), melds1]))
        first, second = game.results[-1].scores
        return first.total, second.total


def hollywood_table(*more_melds: str, **more: Any) -> Game:
    """A two-player Hollywood position: side 0 holds a sequence with a joker standing for a
    ten, two melds of queens, a meld of wild cards and ``more_melds``; side 1 a sequence
    whose two stands at its top. ``more`` goes to :meth:`Game.from_position`."""
    return Game.from_position(
        "hollywood",
        players=2,
        hands=["KH KS KD 5C 9S 7D", "4C 4D 4H 8S"],
        melds=[
            [
                Meld.of("7D 8D 9D JK", wild_as="10"),
                "QH QS QD",
                "2C 2D JK",
                "QC QD QS 2H",
                *more_melds,
            ],
            ["4H 5H 6H 2S"],
        ],
        **({"pile": "KD 8C"} | more),
    )
