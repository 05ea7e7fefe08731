"""The worlds a view allows: its hidden cards dealt, with a hand that can finish the turn.

A view shows its player's hand, the table and the other hands' sizes. The cards it does not
show (the *hidden* cards) lie in the other hands, beside the cards known there, and in the
stock; a *world* is a deal with them placed (:func:`deal_world`). Of another player's turn
in progress a view shows the obligations (an opening begun, black threes laid, a question
asked or answered, pile cards melded before the minimum) but not the hand that must meet
them, and only some hands can: a world is possible only where that player can finish the
turn (:func:`the_turn_can_finish`).

Where few hands can, worlds dealt at random rarely are possible ones, so the hand of the
player whose turn it is can be *built* (:func:`built_world`) from the hidden cards, in one of
two ways, with choices that vary from one try to the next:

* drawn card by card, each weighted toward what the obligations need (cards of the ranks of
  the side's melds and of the ranks already drawn, wild cards, points, runs of a suit), a
  card now and then bringing the rest of its rank;
* for a turn that must go out, or a question asked, planned for going out (:class:`_GoingOut`):
  the known cards' ranks made into melds, the natural sequence canasta going out may need
  (BO-OUT-1) made, the canastas the side lacks completed, the other cards added to the
  melds, one card kept for the discard.

:func:`finishing_hand` is the first hand so built with a fixed seed that lets the turn
finish: the loader refuses a view of another player's turn that has none
(:func:`a_hand_can_finish_the_turn`), and :meth:`PlayerView.sample
<canasta.views.PlayerView.sample>` falls back on it, so that every accepted view samples. The
search is bounded (:data:`BUILT_TRIES` hands), not exhaustive: a turn that only a hand it
never builds could finish is refused.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta._engine.finishing import can_finish
from canasta._engine.meld_rules import Meld, MeldKind
from canasta._engine.obligations import must_go_out
from canasta._engine.position.invariants import Check, seats_that_may_hold_red_threes
from canasta._engine.position.obligations import the_obligation
from canasta._engine.position.parts import ViewParts
from canasta._engine.position.playable import rules_deal
from canasta._engine.state import Deal, Phase, pooled_sides
from canasta._engine.transitions import play
from canasta._model.cards import NATURAL_RANKS, SUITS, Card, Rank, Suit
from canasta._model.deck import Cards, pack_cards
from canasta._model.melds import CanastaKind, natural_position
from canasta._model.moves import Answer
from canasta._rules.ruleset import RuleSet

__all__ = [
    "BUILT_TRIES",
    "a_hand_can_finish_the_turn",
    "built_world",
    "deal_world",
    "finishing_hand",
    "the_turn_can_finish",
]

#: How many hands :func:`finishing_hand` builds before it concludes that none finishes the
#: turn (each is one search of the turn's end, under a millisecond mostly): the refusals
#: found cost 60 to 80 ms of CPU. Of 1,914 turns with an obligation in random play, 186
#: needed a built hand, each found among the first five; the hardest views found by
#: mutation, within 27.
BUILT_TRIES = 200
#: The seed of the hands :func:`finishing_hand` builds: the loader and ``sample`` build the
#: same ones, so a view the loader accepts always samples.
_SEED = 26
_ANSWERS = (Answer(True), Answer(False))


def the_turn_can_finish(deal: Deal) -> bool:
    """Whether the player to act in ``deal`` can go on: finish the turn in the meld phase;
    after either answer, for the asker, in the answer phase (CL-ASK-2)."""
    if deal.phase is Phase.MELD:
        return can_finish(deal)
    if deal.phase is Phase.ANSWER:
        return all(_finishes_after(deal, answer) for answer in _ANSWERS)
    return True


def _finishes_after(deal: Deal, answer: Answer) -> bool:
    after = play(deal, answer, trusted=True)
    return isinstance(after, Deal) and (after.phase is not Phase.MELD or can_finish(after))


def deal_world(view: ViewParts, rng: random.Random, acting: Cards | None = None) -> Deal:
    """A world of ``view``: the hidden cards dealt uniformly at random to the places the view
    does not show, a red three only where one could be (the stock, or the hand of a player
    whose first turn has not begun, CL-R3-2). With ``acting``, the hand of the player whose
    turn it is (their known cards included) is that, and the rest is dealt at random."""
    base = rules_deal(view)
    hidden = _hidden_cards(view, base)
    hands = [list(known) for known in base.hands]
    if acting is not None:
        hidden = hidden - (acting - base.hands[base.seat])
        hands[base.seat] = list(acting)
    slots = _hidden_slots(view, None if acting is None else base.seat)
    if len(slots) != len(hidden):
        raise ValueError("the view does not add up to the pack")  # pragma: no cover
    red = [card for card in hidden if card.is_red_three]
    plain = [card for card in hidden if not card.is_red_three]
    red_slots = set(rng.sample([i for i, (_, ok) in enumerate(slots) if ok], len(red)))
    rng.shuffle(plain)
    reds, plains = iter(red), iter(plain)
    stock: list[Card] = []
    for index, (place, _) in enumerate(slots):
        card = next(reds) if index in red_slots else next(plains)
        (stock if place is None else hands[place]).append(card)
    return base.replace(
        hands=tuple(Cards.of(hand) for hand in hands),
        stock=tuple(stock),
        pending_red_threes=frozenset(
            seat for seat, hand in enumerate(hands) if any(c.is_red_three for c in hand)
        ),
    )


def _hidden_slots(view: ViewParts, dealt: int | None) -> list[tuple[int | None, bool]]:
    """A place for each hidden card, with whether it may be a red three: each seat's unknown
    cards (the seat's index; not the view's player's, nor the seat ``dealt``), then the stock
    (``None``)."""
    seats = view.seat_players
    may_hold_red = seats_that_may_hold_red_threes(
        view.rules, view.phase, seats, view.history, view.turn_player
    )
    slots: list[tuple[int | None, bool]] = []
    for seat, player in enumerate(seats):
        if player != view.player and seat != dealt:
            unknown = view.hand_sizes[player] - len(view.known_cards[player])
            slots += [(seat, seat in may_hold_red)] * unknown
    return slots + [(None, True)] * view.stock_size


def _hidden_cards(view: ViewParts, deal: Deal) -> Cards:
    """The cards ``view``'s player neither holds nor sees: the pack less the pile, their
    hand, the cards known in other hands, the melds (pooled melds once) and the red threes
    laid out."""
    visible = Cards.of(view.pile) + view.hand
    for player, known in enumerate(view.known_cards):
        if player != view.player:
            visible = visible + known
    sides = len(deal.melds)
    for side, melds in enumerate(deal.melds):
        if pooled_sides(deal.lone_hand, sides, side)[0] == side:
            for meld in melds:
                visible = visible + meld.cards
    for laid_out in view.red_threes:
        visible = visible + laid_out
    return pack_cards(view.rules.decks) - visible


def built_world(view: ViewParts, rng: random.Random) -> Deal:
    """A world of ``view`` whose turn player's hand is built for the turn's obligations (see
    the module's text), the rest dealt at random: not a uniform draw."""
    base = rules_deal(view)
    seat = base.seat
    known = base.hands[seat]
    room = view.hand_sizes[view.turn_player] - len(known)
    red_ok = seat in seats_that_may_hold_red_threes(
        view.rules, view.phase, view.seat_players, view.history, view.turn_player
    )
    pool = [card for card in _hidden_cards(view, base) if red_ok or not card.is_red_three]
    if len(pool) < room:  # only red threes would fill it: deal at random
        return deal_world(view, rng)
    side_melds = base.melds[base.side]
    if (view.phase is Phase.ANSWER or must_go_out(view.draft)) and rng.random() < 0.5:
        cards = _GoingOut(view.rules, side_melds, pool).hand(known, room, rng)
    else:
        cards = _built_cards(known, side_melds, pool, room, rng)
    return deal_world(view, rng, known + cards)


def _built_cards(
    known: Cards, side_melds: Sequence[Meld], pool: list[Card], room: int, rng: random.Random
) -> list[Card]:
    """``room`` cards drawn from ``pool``, each weighted by how well it fits the side's melds
    and the cards already in hand; now and then a card drawn brings the rest of its rank (or
    more wild cards) with it, for a canasta. The weights are drawn anew for each hand."""
    meld_ranks = {meld.rank for meld in side_melds if meld.kind is MeldKind.RANK}
    run_suits = {meld.suit for meld in side_melds if meld.kind is MeldKind.SEQUENCE}
    by_meld, by_rank, by_wild, by_points, by_run, whole = (
        rng.choice(choices)
        for choices in (
            (0, 2, 8),
            (1, 4, 16, 64),
            (0, 1, 4, 16),
            (0, 1),
            (0, 4, 16),
            (0, 0.5, 0.9),
        )
    )
    held_ranks = {card.rank: known.count_rank(card.rank) for card in known}
    held_suits = {card.suit for card in known if card.is_natural}
    cards: list[Card] = []
    left = list(pool)
    while len(cards) < room:
        weights = [
            1
            + by_meld * (card.rank in meld_ranks or card.suit in run_suits)
            + by_rank * held_ranks.get(card.rank, 0) * _melds_by_rank(card)
            + by_wild * card.is_wild
            + by_points * card.points / 20
            + by_run * (card.suit in held_suits) * card.is_natural
            for card in left
        ]
        card = left[rng.choices(range(len(left)), weights)[0]]
        taken = [card]
        if rng.random() < whole:  # the rest of the rank, or a few more wild cards
            alike = [
                other
                for other in left
                if (other.is_wild and card.is_wild) or (other.rank is card.rank)
            ]
            alike.remove(card)
            rng.shuffle(alike)
            taken += alike[: rng.randint(0, 2) if card.is_wild else len(alike)]
        for card in taken[: room - len(cards)]:
            left.remove(card)
            cards.append(card)
            held_ranks[card.rank] = held_ranks.get(card.rank, 0) + 1
            if card.is_natural:
                held_suits.add(card.suit)
    return cards


class _GoingOut:
    """A hand planned for going out (CL-OUT-1, CL-OUT-2): the known cards' ranks made into
    melds, the canastas the side lacks completed, the other cards added to those melds, and
    one card left over for the discard; black threes held made a meld of them (CL-B3-3).
    Melds of a rank only, but for the natural sequence canasta going out may need (BO-OUT-1,
    :meth:`_make_escalera`): other runs are left to the weighted draws of
    :func:`_built_cards`."""

    def __init__(self, rules: RuleSet, side_melds: Sequence[Meld], pool: list[Card]) -> None:
        self.rules = rules
        #: The planned melds of the side: rank -> [naturals, wild cards].
        self.melds: dict[Rank, list[int]] = {}
        for meld in side_melds:
            if meld.kind is MeldKind.RANK:
                self.melds[meld.rank] = [meld.size - meld.wilds, meld.wilds]
        self.canastas = sum(1 for meld in side_melds if rules.is_canasta(meld))
        #: The side's sequences with no wild card, which an escalera may grow from.
        self.natural_runs = [
            meld for meld in side_melds if meld.kind is MeldKind.SEQUENCE and not meld.wilds
        ]
        self.escalera = any(
            meld.canasta_kind_under(rules) is CanastaKind.NATURAL_SEQUENCE for meld in side_melds
        )
        #: The cards of each rank that may meld (black threes under Rank.THREE).
        self.naturals: dict[Rank, list[Card]] = {}
        self.wilds = [card for card in pool if card.is_wild]
        self.others: list[Card] = []
        for card in pool:
            if _melds_by_rank(card):
                self.naturals.setdefault(card.rank, []).append(card)
            elif not card.is_wild:
                self.others.append(card)
        self.cards: list[Card] = []

    def hand(self, known: Cards, room: int, rng: random.Random) -> list[Card]:
        """``room`` cards for a hand holding ``known``."""
        for cards in self.naturals.values():
            rng.shuffle(cards)
        rng.shuffle(self.wilds)
        # One card is kept for the discard, mostly: now and then a known card of a rank the
        # side has not melded (which would need more of its rank), else one drawn.
        odd = [card for card in known if card.rank not in self.melds]
        keep = rng.random() < 0.9
        spare = rng.choice(odd) if keep and odd and rng.random() < 0.7 else None
        melding = room - (keep and spare is None)
        for card in known - ([spare] if spare else []):
            if _melds_by_rank(card):
                self.melds.setdefault(card.rank, [0, 0])[0] += 1
        for rank in list(self.melds):
            self._grow(rank, self.rules.min_meld_size, melding)
        self._make_escalera(melding, rng)
        self._complete_canastas(melding, rng)
        ranks = [rank for rank in self.melds if rank is not Rank.THREE]
        while len(self.cards) < melding and ranks:  # the rest added to the melds planned
            rank = rng.choice(ranks)
            if not self._grow(rank, sum(self.melds[rank]) + 1, melding):
                ranks.remove(rank)
        rest = [card for cards in self.naturals.values() for card in cards]
        rest += self.wilds + self.others
        return self.cards + rng.sample(rest, min(len(rest), room - len(self.cards)))

    def _make_escalera(self, room: int, rng: random.Random) -> None:
        """Where going out needs a natural sequence canasta (BO-OUT-1) and the side has none:
        the hidden natural cards that make one, ``canasta_size`` ranks in a row of one suit,
        a natural sequence of the side grown into it where one can be (a window of ranks
        around it, chosen at random), else a new one."""
        if not self.rules.going_out_needs_natural_sequence or self.escalera:
            return
        size = self.rules.canasta_size
        windows = range(len(NATURAL_RANKS) - size + 1)
        grown = [
            (first, run.suit, run)
            for run in self.natural_runs
            for first in windows
            if first <= natural_position(run.low) <= natural_position(run.high) < first + size
        ]
        new = [(first, suit, None) for suit in SUITS for first in windows]
        rng.shuffle(grown)
        rng.shuffle(new)
        for first, suit, run in grown + new:
            held = {card.rank for card in run.cards} if run is not None else set()
            ranks = [rank for rank in NATURAL_RANKS[first : first + size] if rank not in held]
            cards = [self._natural(rank, suit) for rank in ranks]
            if all(cards) and len(self.cards) + len(cards) <= room:
                for card in cards:
                    assert card is not None
                    self.naturals[card.rank].remove(card)
                    self.cards.append(card)
                self.canastas += 1
                return

    def _natural(self, rank: Rank, suit: Suit | None) -> Card | None:
        """A hidden natural card of ``rank`` and ``suit`` not yet in the hand, if any."""
        return next((card for card in self.naturals.get(rank, ()) if card.suit is suit), None)

    def _complete_canastas(self, room: int, rng: random.Random) -> None:
        """Grow the melds nearest to a canasta into the canastas the side lacks (CL-OUT-2);
        now and then, after them, new melds of the ranks in plenty."""
        by_size = sorted(self.melds, key=lambda rank: -sum(self.melds[rank]))
        if rng.random() < 0.5:
            by_size += sorted(self.naturals, key=lambda rank: -len(self.naturals[rank]))
        for rank in by_size:
            if self.canastas >= self.rules.canastas_to_go_out:
                return
            if rank is Rank.THREE:  # black threes make no canasta (CL-B3-3)
                continue
            before = sum(self.melds.get(rank, (0, 0)))
            self._grow(rank, self.rules.canasta_size, room)
            self.canastas += before < self.rules.canasta_size <= sum(self.melds[rank])

    def _grow(self, rank: Rank, size: int, room: int) -> bool:
        """Add naturals of ``rank`` to its meld, then wild cards as far as the rules let
        (CL-MELD-3), until it holds ``size`` cards; whether any card was added."""
        meld = self.melds.setdefault(rank, [0, 0])
        naturals = self.naturals.get(rank, [])
        added = False
        while sum(meld) < size and len(self.cards) < room:
            if naturals:
                self.cards.append(naturals.pop())
                meld[0] += 1
            elif self.wilds and meld[1] < self._most_wilds(rank, meld[0]):
                self.cards.append(self.wilds.pop())
                meld[1] += 1
            else:
                break
            added = True
        return added

    def _most_wilds(self, rank: Rank, naturals: int) -> int:
        """The most wild cards a meld of ``rank`` with ``naturals`` may hold (CL-MELD-3; a
        meld of black threes: ``black_three_meld_max_wilds``)."""
        if rank is Rank.THREE:
            return self.rules.black_three_meld_max_wilds
        return self.rules.max_wilds(naturals)


def _melds_by_rank(card: Card) -> bool:
    """A natural card, or a black three (which melds only with black threes, CL-B3-3)."""
    return card.is_natural or card.is_black_three


def finishing_hand(view: ViewParts) -> Cards | None:
    """The first hand built with a fixed seed (at most :data:`BUILT_TRIES`) with which the
    player whose turn ``view`` shows can finish it, or ``None``."""
    rng = random.Random(_SEED)
    seat = view.seat_players.index(view.turn_player)
    for _ in range(BUILT_TRIES):
        world = built_world(view, rng)
        if the_turn_can_finish(world):
            return world.hands[seat]
    return None


def a_hand_can_finish_the_turn(c: Check, view: ViewParts) -> None:
    """A view of another player's turn in progress: some hand of theirs lets them finish it
    (a world dealt at random, else a hand :func:`finishing_hand` builds), so that the view
    samples. The refusal cites the obligation no hand built could meet."""
    if view.is_over or view.phase not in (Phase.MELD, Phase.ANSWER):
        return
    if view.player == view.turn_player:
        return  # the player's own hand decides (:func:`.playable.the_deal_can_go_on`)
    world = deal_world(view, random.Random(_SEED))
    if the_turn_can_finish(world) or finishing_hand(view) is not None:
        return
    if view.phase is Phase.ANSWER:
        why = "only a player who could go out after a yes and go on after a no asks"
        rule = "CL-ASK-2"
    else:
        why, rule = the_obligation(world.draft, world.minimums[world.side])
    c.refuse(
        c.where(""),
        f"no hand of {view.hand_sizes[view.turn_player]} cards tried lets player "
        f"{view.turn_player} finish this turn: {why}",
        rule,
    )
