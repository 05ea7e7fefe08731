"""The reference solver: whether the turn can still be finished, found by playing it out.

It states the question as the rules do. The turn can be finished if a discard ends it now
(keeping cards, or as the last card, going out), or a pass ends it after a last red three
(CL-EXH-1); or if some meld step the rules allow leads to a position from which it can be
finished. Every step the hand allows is tried: each new meld and addition of
:func:`~canasta._engine.steps.meld_steps`, every choice of suits told apart, and each merge of
two melds; each is checked and made by the rules of the turn (:mod:`canasta._engine.turn`),
which look nowhere ahead. Positions met twice are answered once, and plain counts cut
hopeless searches: no plan melds more points than the hand holds; no going out makes its
canastas with fewer cards from the hand than they lack (a canasta is cards of one family: a
rank, a suit's sequences); no going out that needs an escalera (BO-OUT-1) is made without a
canasta's worth of ranks in a row of one suit; no going out leaves more than one card (the
last discard) that no meld can take; and no going out lays new melds that the wild cards in
hand cannot fill up to the size of a new meld (CL-MELD-5).

One order of the steps is enough once the turn is *settled*: no opening minimum is owed
and no pile card is locked (CL-INIT-4). From then on a step reads only its own cards, its
own meld (or melds of the same rank: a merge, a second meld of a rank) and the partner's
answer; what it writes in the turn draft (cards melded, melds touched) is the same in any
order. So two steps on melds of different *keys* (:func:`_key`: the rank of a meld of a
rank, the suit of a sequence, wild cards, black threes last) give the same table in either
order, and the search tries the steps of a settled turn by key, never going back to a key
it has passed. Without sequences a natural card of a rank passed can then go to no meld:
it stays in hand, which counts for going out. Merges are the exception to the order: they
move no card, and going out is judged when the last card is melded, so a merge that makes
the canasta going out needs must come before that step whatever its key; a merge is tried
at any point and leaves the key where it was. So is the step that melds the last card: it
may be of any key, since the merges going out needs may have to follow a step of a later
key (7S joining two spade sequences that then merge, before 10H, the last card, makes a
heart sequence a canasta: hearts come before spades). Of the steps a position allows, those that
meld the most cards are tried first: going out melds them all. The order changes no
answer, only how soon a search that can finish says so.

A turn asks many questions: the move generator asks of the deal after each step, the
validator again of the step played, and the next position's steps lead to positions the
first searches met. So one search goes on answering the questions of its turn, with the
positions it answered: one for each question (finish, stay, go out) and turn, a few of
them remembered (:mod:`canasta._cache`). A turn is the deal but for what its meld steps
change: the hand, the side's melds and the turn draft, and what the rules never read while
melding (the history, the known cards, who has melded).

It is slow where the planner (:mod:`~canasta._engine.search.planner`) is quick, and simple
where the planner is clever: the tests hold one to the other, and ``CANASTA_REFERENCE=1``
runs the whole engine on this one (:mod:`canasta._engine.finishing`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from canasta._cache import Memo
from canasta._engine.meld_rules import family
from canasta._engine.naming import naming
from canasta._engine.obligations import must_go_out
from canasta._engine.state import Deal, History, TurnDraft
from canasta._engine.steps import meld_steps, steps_with_locked
from canasta._engine.turn.common import may_use_locked, replaced
from canasta._engine.turn.draw import pass_violation
from canasta._engine.turn.ending import discard_violation, going_out
from canasta._engine.turn.melding import addition_target, laid_meld, melded, merge_made
from canasta._model.cards import NATURAL_RANKS, Card, Rank, Suit
from canasta._model.deck import Cards
from canasta._model.melds import CanastaKind, Meld, MeldKind
from canasta._model.moves import AddToMeld, LayMeld, MergeMelds
from canasta.errors import Violation

__all__ = ["can_finish", "can_go_out", "can_stay"]

_EMPTY = Cards()

#: The order in which a settled turn tries the steps: a step's key (see :func:`_key`).
Key = tuple[int, int]
_KIND_ORDER = {MeldKind.SEQUENCE: 0, MeldKind.RANK: 1, MeldKind.WILD: 2, MeldKind.BLACK_THREES: 3}
_RANK_ORDER = {rank: order for order, rank in enumerate(Rank)}
_SUIT_ORDER = {suit: order for order, suit in enumerate(Suit)}
#: Below every key: a turn not yet settled, or just settled, may try any step.
_ANY: Key = (-1, -1)
#: Below :data:`_ANY` and above every key, for what is not known (:meth:`_Explorer.finishable`).
_NO_KEY: Key = (-2, -2)
_PAST_EVERY_KEY: Key = (len(_KIND_ORDER), 0)


def _key(meld: Meld) -> Key:
    """Which steps touch the same melds, in the order a settled turn tries them: sequences
    by suit, then melds of a rank by rank, then wild cards, black threes last."""
    if meld.kind is MeldKind.SEQUENCE:
        return _suit_key(meld)
    if meld.kind is MeldKind.RANK:
        return _rank_key(meld.rank)
    return (_KIND_ORDER[meld.kind], 0)


def _rank_key(rank: Rank) -> Key:
    """The key of the melds of ``rank``."""
    return (_KIND_ORDER[MeldKind.RANK], _RANK_ORDER[rank])


def _suit_key(of: Meld | Card) -> Key:
    """The key of the sequences of the suit of ``of`` (a sequence, or a natural card)."""
    assert of.suit is not None
    return (_KIND_ORDER[MeldKind.SEQUENCE], _SUIT_ORDER[of.suit])


def _settled(deal: Deal) -> bool:
    """No opening minimum owed and no pile card locked: the order of the steps no longer
    matters."""
    return not deal.draft.locked and not (deal.draft.opening and not deal.minimum_reached())


def can_finish(deal: Deal) -> bool:
    """Whether the player in the meld phase can still end the turn legally."""
    return _answer(deal, stay=True, out=True)


def can_stay(deal: Deal) -> bool:
    """Whether the turn can end without going out."""
    return _answer(deal, stay=True, out=False)


def can_go_out(deal: Deal, *, permitted: bool = False) -> bool:
    """Whether the player can go out this turn; with ``permitted``, as if the partner had
    said yes (CL-ASK-3)."""
    if permitted:
        deal = deal.replace(draft=deal.draft.replace(answer=True))
    return _answer(deal, stay=False, out=True)


#: The searches of the last few turns, by question and turn (see :func:`_answer`).
_SEARCHES: Memo[tuple[bool, bool, Deal], _Explorer] = Memo(8)
_NO_HISTORY = History()
_NO_DRAFT = TurnDraft()


def _answer(deal: Deal, *, stay: bool, out: bool) -> bool:
    """Whether the turn can be finished by the ends counted (staying, going out), by the
    search of ``deal``'s turn for that question."""
    seat, side = deal.seat, deal.side
    turn = deal.replace(
        hands=replaced(deal.hands, seat, _EMPTY),
        melds=deal.with_side_melds(side, ()),
        draft=_NO_DRAFT,
        history=_NO_HISTORY,
        known=(),
        melded_seats=frozenset(),
    )
    return _SEARCHES.get((stay, out, turn), lambda: _Explorer(stay=stay, out=out)).finishable(deal)


class _Explorer:
    """One search: which ends of the turn count, and the positions of the turn answered."""

    def __init__(self, *, stay: bool, out: bool) -> None:
        self.stay = stay
        self.out = out
        #: By position: the highest key from which the turn is known to be finishable, and
        #: the lowest from which it is known not to be.
        self.answered: dict[object, tuple[Key, Key]] = {}

    def finishable(self, deal: Deal, floor: Key = _ANY) -> bool:
        """Whether the turn can be finished, by steps of keys from ``floor`` on. The steps
        from a key on include those from any higher key: a turn that can be finished from
        one key on can be from any lower key, and one that cannot, from no higher key."""
        position = (deal.hands[deal.seat], deal.melds[deal.side], deal.draft)
        yes_from, no_from = self.answered.get(position, (_NO_KEY, _PAST_EVERY_KEY))
        if floor <= yes_from:
            return True
        if floor >= no_from:
            return False
        if self._finishable(deal, floor):
            self.answered[position] = (max(yes_from, floor), no_from)
            return True
        self.answered[position] = (yes_from, min(no_from, floor))
        return False

    def _finishable(self, deal: Deal, floor: Key) -> bool:
        if self._ends_now(deal):
            return True
        if not self._worth_searching(deal, floor):
            return False
        settled = _settled(deal)
        for step_key, after in _steps(deal):
            if settled and step_key is not None and step_key < floor and after.hand:
                continue  # (the last step may be of any key: see the module)
            if not after.hand:  # the step melded the last card: going out
                if self.out and not isinstance(going_out(after, discarded=False), Violation):
                    return True
                continue
            if self.finishable(after, _next_floor(floor, step_key) if settled else _ANY):
                return True
        return False

    def _ends_now(self, deal: Deal) -> bool:
        """Whether a discard (or a pass, after a last red three) ends the turn now."""
        hand = deal.hand
        if deal.draft.no_discard:
            return self.stay and pass_violation(deal) is None
        if len(hand) == 1:
            return self.out and discard_violation(deal, next(iter(hand))) is None
        stay = self.stay and not must_go_out(deal.draft)  # else no discard keeping cards ends it
        return stay and any(discard_violation(deal, face) is None for face in hand.faces())

    def _worth_searching(self, deal: Deal, floor: Key) -> bool:
        """Whether some end may still be reached by melding: staying needs the points of an
        opening begun (at most all the hand's cards but one), going out the canastas (at most
        one a canasta's worth of cards, counting the side's melds that are not canastas), an
        escalera where the rules ask for one, and a meld for every card but one."""
        stay = self.stay and not must_go_out(deal.draft) and _points_may_reach(deal)
        return stay or (
            self.out
            and _canastas_may_reach(deal)
            and _escalera_may_be_made(deal)
            and _cards_may_go(deal, floor)
        )


def _points_may_reach(deal: Deal) -> bool:
    draft = deal.draft
    if not draft.committed or deal.minimum_reached():
        return True
    return draft.points + deal.usable.points >= deal.minimums[deal.side]


def _canastas_may_reach(deal: Deal) -> bool:
    """Going out needs ``canastas_to_go_out`` canastas, each ``canasta_size`` cards of one
    family (:func:`~canasta._engine.meld_rules.family`: a rank, the sequences of a suit,
    the melds of wild cards). A family's cards, in the side's melds that are not canastas
    and the hand's natural cards of its rank or suit, fill as many canastas as they make up,
    and one more but for the cards it lacks; any other canasta lacks all its cards. Only the
    hand's wild cards fill what the canastas still missing lack."""
    rules = deal.rules
    size, melds = rules.canasta_size, deal.melds[deal.side]
    missing = rules.canastas_to_go_out - sum(1 for meld in melds if rules.is_canasta(meld))
    if missing <= 0:
        return True
    cards: Counter[object] = Counter()
    for meld in melds:
        if meld.kind is not MeldKind.BLACK_THREES and not rules.is_canasta(meld):
            cards[family(meld)] += meld.size
    wilds = 0
    for card in deal.hand:
        if card.is_wild:
            wilds += 1
        elif not card.is_black_three:
            cards[MeldKind.RANK, card.rank] += 1
            if rules.sequences_allowed:
                cards[MeldKind.SEQUENCE, card.suit] += 1
    lacking = [size] * missing  # the cards each canasta lacks
    for count in cards.values():
        lacking += [0] * (count // size) + [size - count % size]
    return sum(sorted(lacking)[:missing]) <= wilds


def _escalera_may_be_made(deal: Deal) -> bool:
    """Where going out needs a natural sequence canasta (BO-OUT-1), the side has one, or the
    natural cards of one suit in hand and in the side's sequences of that suit hold a card of
    each of ``canasta_size`` ranks in a row: such a canasta is a sequence of that many
    natural cards, one of each rank."""
    rules = deal.rules
    if not rules.going_out_needs_natural_sequence:
        return True
    melds = deal.melds[deal.side]
    if any(meld.canasta_kind_under(rules) is CanastaKind.NATURAL_SEQUENCE for meld in melds):
        return True
    cards = [*deal.hand, *(card for meld in melds if meld.is_sequence for card in meld.cards)]
    for suit in Suit:
        ranks = {card.rank for card in cards if card.suit is suit and card.is_natural}
        in_a_row = 0
        for rank in NATURAL_RANKS:
            in_a_row = in_a_row + 1 if rank in ranks else 0
            if in_a_row >= rules.canasta_size:
                return True
    return False


def _cards_may_go(deal: Deal, floor: Key = _ANY) -> bool:
    """Going out melds every card in hand but the last discard, so at most one card may be
    one that no meld can take this turn (:func:`_strays`), and the wild cards in hand must
    fill the new melds that nothing else fills (:func:`_wilds_needed`)."""
    wilds = deal.hand.count_wild()
    strays = _strays(deal, floor) <= 1 or _one_step(deal.hand)
    return strays and _wilds_needed(deal, floor) <= wilds


def _one_step(hand: Cards) -> bool:
    """Whether one step might meld every card of ``hand``, the last step, of any key: its
    natural cards all of one rank or all of one suit."""
    naturals = [card for card in hand.faces() if card.is_natural]
    return len({card.rank for card in naturals}) <= 1 or len({card.suit for card in naturals}) <= 1


def _strays(deal: Deal, floor: Key) -> int:
    """The cards in hand that no meld can take this turn. A natural card goes to a meld of
    its rank, or one begun with ``min_naturals`` of its rank, or to a sequence of its suit,
    each only while the search has not passed that meld's key (``floor``); black threes go
    only to a meld of their own (:func:`_threes_left`)."""
    rules = deal.rules
    melds = deal.melds[deal.side]
    ranks = {meld.rank for meld in melds if meld.kind is MeldKind.RANK}
    hand = deal.hand
    strays = 0
    for card in hand.faces():
        if not card.is_natural:
            continue
        by_rank = _rank_key(card.rank) >= floor and (
            card.rank in ranks or hand.count_rank(card.rank) >= rules.min_naturals
        )
        by_suit = rules.sequences_allowed and _suit_key(card) >= floor
        if not (by_rank or by_suit):
            strays += hand.count(card)
    return strays + _threes_left(deal)


def _threes_left(deal: Deal) -> int:
    """The black threes in hand that no meld can take: a side lays one meld of black threes,
    of three up to ``max_black_threes_per_meld`` of them, and nothing is added to it
    (CL-B3-3, CL-B3-4)."""
    hand = deal.hand
    threes = sum(hand.count(card) for card in hand.faces() if card.is_black_three)
    if any(meld.is_black_threes for meld in deal.melds[deal.side]) or threes < 3:
        return threes
    return max(0, threes - deal.rules.max_black_threes_per_meld)


def _wilds_needed(deal: Deal, floor: Key) -> int:
    """The fewest wild cards going out needs in new melds, once no sequence is left to make
    or grow: the naturals of a rank without a meld of the side go to new melds of their
    rank, and a new meld has ``min_meld_size`` cards, so all of them in one meld take that
    many less their number of wild cards, and more melds take more. (Discarding one of two
    or more of a rank saves no wild card: the others still need a new meld, with one more
    wild card.)"""
    rules = deal.rules
    if rules.sequences_allowed and floor < _rank_key(NATURAL_RANKS[0]):
        return 0
    melds = deal.melds[deal.side]
    ranks = {meld.rank for meld in melds if meld.kind is MeldKind.RANK}
    return sum(
        rules.min_meld_size - count
        for rank, count in _naturals_by_rank(deal.hand).items()
        if rank not in ranks
        and max(2, rules.min_naturals) <= count < rules.min_meld_size
        and _rank_key(rank) >= floor
    )


def _naturals_by_rank(hand: Cards) -> dict[Rank, int]:
    return {rank: count for rank in NATURAL_RANKS if (count := hand.count_rank(rank))}


def _next_floor(floor: Key, step_key: Key | None) -> Key:
    """The key a settled turn goes on from after a step of ``step_key`` (``None``: a merge,
    which leaves it where it was)."""
    return floor if step_key is None else step_key


def _steps(deal: Deal) -> Iterator[tuple[Key | None, Deal]]:
    """The deal after each meld step the rules allow now (new melds, additions and merges),
    with the step's key (``None`` for a merge: see the module): the steps that meld the most
    cards first, merges last."""
    rules = deal.rules
    by_position = naming(rules).by_position
    melds = deal.melds[deal.side]
    if may_use_locked(deal):
        steps = steps_with_locked(deal.usable, deal.hand, melds, rules, by_count=False)
    else:
        steps = meld_steps(deal.usable, melds, rules)
    for step in sorted(steps, key=lambda step: step.size, reverse=True):
        move = step.move(by_position=by_position)
        if isinstance(move, LayMeld):
            laid = laid_meld(deal, move)
            if not isinstance(laid, Violation):
                yield _key(laid), melded(deal, move.cards, None, laid)
        else:
            grown = _addition(deal, move)
            if grown is not None:
                yield _key(grown[1]), melded(deal, move.cards, *grown)
    for second in range(len(melds)):
        for first in range(second):
            made = merge_made(deal, MergeMelds(first, second))
            if not isinstance(made, Violation):
                one, two, joined = made
                yield None, melded(deal, _EMPTY, one, joined, two)


def _addition(deal: Deal, move: AddToMeld) -> tuple[int, Meld] | None:
    target = addition_target(deal, move)
    return None if isinstance(target, Violation) else target
