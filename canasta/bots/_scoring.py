"""The greedy bot's judgement: rules of thumb that score each legal move of a decision."""

from __future__ import annotations

import math
from collections.abc import Callable

from canasta._engine.meld_rules import Meld, MeldKind, added, merged, new_meld, same_family
from canasta._model.cards import Card, Rank
from canasta._model.deck import Cards
from canasta._model.moves import (
    AddToMeld,
    Answer,
    Ask,
    Discard,
    Draw,
    LayMeld,
    MergeMelds,
    Move,
    Pass,
    TakePile,
)
from canasta._rules.ruleset import RuleSet
from canasta.views import PlayerView

# --- the greedy bot's judgement -------------------------------------------------------------

_GOING_OUT = 1000.0


class _Facts:
    """What the greedy bot works out once per decision, and how it scores each move."""

    def __init__(self, view: PlayerView, moves: list[Move]) -> None:
        self.view = view
        rules = view.rules
        self.rules = rules
        self.table = view.table
        self.side = rules.side_of_player(view.player)
        self.hand = view.hand
        self.usable = view.hand - view.draft.locked if view.draft.locked else view.hand
        self.my_melds = {meld.rank: meld for meld in self.table.melds[self.side]}
        self.canastas = sum(1 for m in self.table.melds[self.side] if m.is_canasta_under(rules))
        self.has_canastas = self.canastas >= rules.canastas_to_go_out
        seats, ours = view.seat_players, self.table.partners(self.side)  # cutthroat: pooled
        opponents = [p for p in seats if rules.side_of_player(p) not in ours]
        # The deal is nearly over: the stock is short, or an opponent able to go out holds
        # few cards. Then cards in the hand are a debt, and wild cards are melded freely.
        threat = any(
            view.hand_sizes[p] <= 3 and self._side_canastas(rules.side_of_player(p)) > 0
            for p in opponents
        )
        self.endgame = self.table.stock_size <= 2 * len(seats) or threat
        # Close to going out: the side has its canastas and few cards are left to place.
        self.closing = self.has_canastas and (len(self.usable) <= 7 or Ask() in moves)
        self.next_opponent: int | None = None
        if view.player in seats:
            following = seats[(seats.index(view.player) + 1) % len(seats)]
            if rules.side_of_player(following) not in ours:
                self.next_opponent = following
        self._risk_cache: dict[Card, float] = {}
        self._seen_cache: dict[Rank, int] = {}
        self._hidden: int | None = None

    def _side_canastas(self, side: int) -> int:
        return sum(1 for meld in self.table.melds[side] if meld.is_canasta_under(self.rules))

    def score(self, move: Move) -> float:
        scorer = _SCORERS.get(type(move), _Facts.draw)  # NextDeal: alone where it is legal
        return scorer(self, move)

    # --- the partner's question -------------------------------------------------------------

    def answer(self, move: Move) -> float:
        assert isinstance(move, Answer)
        rules = self.rules
        ours = self._table_value(self.side) + rules.going_out_bonus - self.hand.points
        theirs = max(
            (
                self._table_value(side) - 10 * self._cards_held(side)
                for side in range(rules.num_sides)
                if side != self.side
            ),
            default=0,
        )
        agree = self.hand.points <= 60 or ours >= theirs
        return 1.0 if move.yes == agree else 0.0

    def _table_value(self, side: int) -> int:
        melds = self.table.melds[side]
        red = self.rules.red_three_amount(len(self.table.red_threes[side]))
        return sum(meld.value(self.rules) for meld in melds) + (red if melds else -red)

    def _cards_held(self, side: int) -> int:
        view = self.view
        return sum(
            view.hand_sizes[p] for p in view.seat_players if self.rules.side_of_player(p) == side
        )

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, move: Move) -> float:
        return 0.0

    def take(self, move: Move) -> float:
        assert isinstance(move, TakePile)
        size = self.table.pile_size
        if size < 2 and self.table.stock_size > 0:
            return -1.0  # a card from the stock is as good, and keeps the pairs in the hand
        wilds = sum(1 for card in move.cards if card.is_wild)
        pile_points = sum(card.points for card in self.view.pile)
        return 10.0 + 3 * size + pile_points / 20 - 4 * wilds - len(move.cards)

    def pass_(self, move: Move) -> float:
        return -0.5

    # --- melding ------------------------------------------------------------------------------

    def meld(self, move: Move) -> float:
        assert isinstance(move, (LayMeld, AddToMeld))
        cards = move.cards
        left = len(self.hand) - len(cards)
        if left <= 1 and not self.view.draft.no_discard:
            return _GOING_OUT + len(cards)  # the hand empties now or with the discard
        if self.rules.melds_by_position:
            return self._meld_by_position(move)
        if isinstance(move, AddToMeld):
            assert move.rank is not None  # Classic names a meld by its rank
            rank = move.rank
        else:
            rank = _rank_of(cards)
        if rank is Rank.THREE:
            return _GOING_OUT - 1  # black threes are melded only to go out (CL-B3-3)
        wilds = sum(1 for card in cards if card.is_wild)
        naturals = len(cards) - wilds
        meld = self.my_melds.get(rank)
        before = meld.size if meld else 0
        after = before + len(cards)
        score = 3.0 * naturals + (4.0 if meld is None else 0.0)
        completes = before < self.rules.canasta_size <= after
        if completes:
            natural = wilds == 0 and (meld is None or meld.wilds == 0)
            score += self.rules.canasta_bonus(natural) / 10
        if wilds:
            score += self._wilds_value(wilds, spent_well=completes)
        return score

    def _wilds_value(self, wilds: int, *, spent_well: bool) -> float:
        """What melding ``wilds`` wild cards adds to a meld step's score: they are melded
        freely when closing or near the end, at a small cost where they complete a canasta
        (``spent_well``), at more for an opening, and otherwise they are kept."""
        if self.closing or self.endgame:
            return 2.0 * wilds
        if spent_well:
            return -2.0 * wilds
        if self.view.draft.opening:
            return -5.0 * wilds  # spend wild cards on an opening only when needed
        return -25.0 * wilds

    def _meld_by_position(self, move: LayMeld | AddToMeld) -> float:
        """A meld step where melds are named by number (Hollywood): like Classic's, valuing
        the canasta the step completes by its kind (HW-CAN-1), and preferring to grow a meld
        of the rank, or a sequence, already on the table over laying a second one."""
        rules, cards = self.rules, move.cards
        melds = self.table.melds[self.side]
        target = _target_of(move, melds)
        grown = (
            new_meld(cards, rules, move.wild_as)
            if target is None
            else added(target, cards, rules, move.wild_as)
        )
        if not isinstance(grown, Meld):
            return -100.0  # not offered by the engine; never chosen over a legal step
        if grown.kind is MeldKind.BLACK_THREES:
            return _GOING_OUT - 1  # black threes are melded only to go out (HW-B3-3)
        wilds = sum(1 for card in cards if card.is_wild)
        naturals = len(cards) - wilds
        before = target.size if target is not None else 0
        score = 3.0 * naturals
        if target is None:
            twins = sum(
                1 for m in melds if same_family(m, grown) and not m.is_canasta_under(rules)
            )
            score += -4.0 * twins if twins else 4.0
        completes = before < rules.canasta_size <= grown.size
        old_bonus = target.bonus(rules) if target is not None else 0
        score += (grown.bonus(rules) - old_bonus) / 10
        if wilds:
            # A wild canasta is worth the most (HW-CAN-1): wild cards near one are well spent.
            near_wild_canasta = (
                grown.kind is MeldKind.WILD and grown.size >= rules.canasta_size - 2
            )
            score += self._wilds_value(wilds, spent_well=completes or near_wild_canasta)
        return score

    def merge(self, move: Move) -> float:
        """Merging is worth it when it brings a meld closer to a canasta without losing
        one (HW-MRG-1, HW-MRG-5)."""
        assert isinstance(move, MergeMelds)
        melds = self.table.melds[self.side]
        if max(move.first, move.second) >= len(melds):
            return -100.0
        first, second = melds[move.first], melds[move.second]
        joined = merged(first, second, self.rules)
        if not isinstance(joined, Meld):
            return -100.0
        rules = self.rules
        canastas = sum(1 for m in (first, second) if m.is_canasta_under(rules))
        if canastas > int(joined.is_canasta_under(rules)):
            return -50.0  # two canastas would count as one
        gain = joined.bonus(rules) - first.bonus(rules) - second.bonus(rules)
        return 2.0 + gain / 10

    # --- asking -------------------------------------------------------------------------------

    def ask(self, move: Move) -> float:
        # Asking is offered only when going out is possible this turn (CL-ASK-2). When the
        # rules allow going out without asking, the bot goes out without giving its partner
        # a veto; when they demand asking, it asks.
        if self.rules.ask_permission == "mandatory" and self.closing:
            return 2 * _GOING_OUT
        return -100.0

    # --- discarding ---------------------------------------------------------------------------

    def discard(self, move: Move) -> float:
        assert isinstance(move, Discard)
        if len(self.hand) == 1:
            return _GOING_OUT
        card = move.card
        pile_cost = 6.0 * (self.table.pile_size + 1) + sum(c.points for c in self.view.pile) / 5
        return -(self._keep_value(card) + self._take_risk(card) * pile_cost)

    def _keep_value(self, card: Card) -> float:
        if card.is_wild:
            return 5.0 if self.endgame else 80.0
        if card.is_black_three:
            return -15.0  # a stop card: the next player cannot take the pile
        same = self.usable.count_rank(card.rank)
        value = 10.0 * (same - 1)
        if card.rank in self.my_melds:
            value += 5.0
        if self.endgame:
            value -= card.points / 2
        return value

    def _take_risk(self, card: Card) -> float:
        """How likely the next opponent can take the pile with ``card`` on top, 0 to 1."""
        opponent = self.next_opponent
        if opponent is None or card.is_wild or card.is_black_three:
            return 0.0
        rank = card.rank
        if card in self._risk_cache:
            return self._risk_cache[card]
        view, rules, table = self.view, self.rules, self.table
        their_side = rules.side_of_player(opponent)
        frozen = table.pile_frozen or not table.has_opened(their_side)
        if rules.melds_by_position:
            their_meld = any(_lays_off(meld, card, rules) for meld in table.melds[their_side])
        else:
            their_meld = any(meld.rank is rank for meld in table.melds[their_side])
        known = view.known_cards[opponent]
        held = known.count_rank(rank)
        if (their_meld and not frozen) or held >= 2:
            risk = 1.0
        else:
            unseen_rank = max(0, 4 * rules.decks - self._seen(rank))
            unseen_wild = max(0, 6 * rules.decks - self._seen(Rank.TWO) - self._seen(Rank.JOKER))
            hidden = self._hidden_slots()
            unknown_cards = view.hand_sizes[opponent] - len(known)
            expected = unknown_cards * unseen_rank / hidden if hidden else 0.0
            expected_wild = unknown_cards * unseen_wild / hidden if hidden else 0.0
            pair = _at_least(2 - held, expected)
            risk = pair
            if not frozen:
                one = _at_least(1 - held, expected)
                risk = pair + (one - pair) * _at_least(1, expected_wild)
            if not table.has_opened(their_side):
                risk *= 0.5  # they would also need the opening minimum
            if self._discarded_by(opponent, rank):
                risk *= 0.6
        self._risk_cache[card] = risk
        return risk

    def _seen(self, rank: Rank) -> int:
        """Cards of ``rank`` this player can see or knows about."""
        if rank in self._seen_cache:
            return self._seen_cache[rank]
        view = self.view
        seen = view.hand.count_rank(rank) + sum(1 for card in view.pile if card.rank is rank)
        for side_melds in view.table.melds:
            seen += sum(meld.cards.count_rank(rank) for meld in side_melds)
        for player, known in enumerate(view.known_cards):
            if player != view.player:
                seen += known.count_rank(rank)
        self._seen_cache[rank] = seen
        return seen

    def _hidden_slots(self) -> int:
        if self._hidden is None:
            view = self.view
            others = sum(
                view.hand_sizes[p] - len(view.known_cards[p])
                for p in view.seat_players
                if p != view.player
            )
            self._hidden = others + view.table.stock_size
        return self._hidden

    def _discarded_by(self, player: int, rank: Rank) -> bool:
        seats = self.view.seat_players
        if player not in seats:
            return False
        seat = seats.index(player)
        return any(
            event.seat == seat and isinstance(event.move, Discard) and event.move.card.rank is rank
            for event in self.view.history
        )


def _at_least(count: int, expected: float) -> float:
    """P(X >= count) for a Poisson count with this mean: a cheap estimate for card draws."""
    if count <= 0:
        return 1.0
    below = sum(expected**k / math.factorial(k) for k in range(count))
    return max(0.0, 1.0 - math.exp(-expected) * below)


def _lays_off(meld: Meld, card: Card, rules: RuleSet) -> bool:
    """Whether ``card`` on top of the pile could be added to ``meld`` when taking it (M4,
    HW-PILE-1): never to a canasta where the rules forbid it (HW-PILE-5)."""
    if not rules.take_onto_canasta and meld.is_canasta_under(rules):
        return False
    if meld.kind is MeldKind.RANK:
        return meld.rank is card.rank
    if meld.kind is MeldKind.SEQUENCE and card.suit is meld.suit and card.is_natural:
        return isinstance(added(meld, Cards.of([card]), rules), Meld)
    return False


def _target_of(move: LayMeld | AddToMeld, melds: tuple[Meld, ...]) -> Meld | None:
    """The side's meld an addition names (by number, or by rank where it gives none), or
    None for a new meld or a number past the side's melds."""
    if not isinstance(move, AddToMeld):
        return None
    index = move.meld
    if index is None:
        index = next((i for i, m in enumerate(melds) if m.rank is move.rank), None)
    return melds[index] if index is not None and index < len(melds) else None


def _rank_of(cards: Cards) -> Rank:
    natural = next((card for card in cards if not card.is_wild), None)
    return natural.rank if natural is not None else Rank.JOKER


_SCORERS: dict[type, Callable[[_Facts, Move], float]] = {
    Answer: _Facts.answer,
    Draw: _Facts.draw,
    TakePile: _Facts.take,
    Pass: _Facts.pass_,
    LayMeld: _Facts.meld,
    AddToMeld: _Facts.meld,
    MergeMelds: _Facts.merge,
    Ask: _Facts.ask,
    Discard: _Facts.discard,
}
