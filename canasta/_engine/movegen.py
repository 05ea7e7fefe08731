"""Legal-move generation: every step a player may take, and only steps that can be finished.

The candidates are the rules' own lists: the meld steps that exist
(:func:`~canasta._engine.steps.meld_steps`, one a count where suits cannot matter), the ways
to take the pile (:func:`~canasta._engine.take_candidates.take_candidates`), merges, discards,
asking, passing. Each is offered if the validator (:func:`~canasta._engine.transitions.check`)
accepts it, asked in the quickest way that gives the validator's verdict: a meld step valid by
construction that keeps two cards and leaves nothing owed can always be followed by a discard
(:func:`~canasta._engine.finishing.plain_finish`); for the others only whether the turn
can still be finished after them is asked (:func:`~canasta._engine.transitions.check_built`),
through :class:`~canasta._engine.verdicts.Verdicts`, which answers a step without a search
where another step of the list can follow it to a plain discard, or a related step of the
same meld answered already tells.
Where suits matter (sequences), a meld of one rank is offered once per count, with the first
choice of suits, cheapest for sequences first, after which the turn can be finished.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress
from operator import attrgetter

from canasta._engine.finishing import PlainFinish, plain_finish
from canasta._engine.meld_rules import merged
from canasta._engine.naming import naming
from canasta._engine.state import Deal, Phase, stock_exhausted
from canasta._engine.step import Step
from canasta._engine.steps import count_key, meld_steps, steps_with_locked
from canasta._engine.take_candidates import take_candidates
from canasta._engine.transitions import ask_allowed, check, take_allowed
from canasta._engine.turn.common import may_use_locked
from canasta._engine.turn.pile import take_preamble
from canasta._engine.verdicts import Verdicts
from canasta._model.cards import ALL_FACES, Rank, Suit
from canasta._model.deck import Cards
from canasta._model.melds import Meld, MeldKind
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
from canasta.errors import Violation

__all__ = ["legal_moves", "pile_takes"]

_DRAW, _ASK, _PASS, _TAKE = Draw(), Ask(), Pass(), TakePile()
#: The phases and kinds of meld asked of every position and step, read once: in Python 3.11
#: every attribute read of an enum class (``MeldKind.SEQUENCE``) goes through the enum
#: type's ``__getattr__`` hook, some 2,500 instructions, where a module's name costs a few.
_MELD_PHASE, _ANSWER_PHASE, _DRAW_PHASE = Phase.MELD, Phase.ANSWER, Phase.DRAW
_SEQUENCE, _BLACK = MeldKind.SEQUENCE, MeldKind.BLACK_THREES
#: The order of the steps of melds named by rank (:attr:`Step.order`).
_BY_ORDER = attrgetter("order")
_ANSWERS = (Answer(True), Answer(False))
#: One discard move a face, in the order of the faces' indices (that of ``Cards.counts``):
#: moves are values, so the generator hands out the same ones.
_DISCARDS = tuple(Discard(face) for face in ALL_FACES)


def legal_moves(deal: Deal) -> list[Move]:
    """The legal moves of the player to act, each once (one representative per choice)."""
    phase = deal.phase
    if phase is _MELD_PHASE:
        return _meld_phase_moves(deal)
    if phase is _ANSWER_PHASE:
        return list(_ANSWERS)
    if phase is not _DRAW_PHASE:
        return []
    exhausted = stock_exhausted(deal.rules, len(deal.stock))
    moves: list[Move] = [] if exhausted else [_DRAW]
    moves += pile_takes(deal)
    if exhausted and check(deal, _PASS) is None:
        moves.append(_PASS)
    return moves


def pile_takes(deal: Deal) -> list[TakePile]:
    """The legal ways to take the pile: the first legal variant of each choice of cards."""
    if deal.phase is not _DRAW_PHASE:
        return []
    candidates = take_candidates(deal)
    # What refuses every take alike is asked once, and only where the hand and the side's
    # melds offer a way to take (in about half the positions they offer none).
    if not candidates or take_preamble(deal, _TAKE) is not None:
        return []
    takes = []
    for variants in candidates:
        for move in variants:
            if take_allowed(deal, move):
                takes.append(move)
                break
    return takes


def _meld_phase_moves(deal: Deal) -> list[Move]:
    """The legal moves of the meld phase: melds and additions, merges, discards, and asking
    or passing."""
    draft, rules = deal.draft, deal.rules
    # Most steps of most positions are followed by a plain discard (``limits``), and so are
    # merges where one could end the turn before them.
    limits = plain_finish(deal)
    with_locked = may_use_locked(deal)
    usable = deal.usable
    moves: list[Move] = _meld_moves(deal, usable, limits, with_locked)
    if rules.merging_allowed:
        moves += _merges(deal, limits)
    cards = deal.hand if with_locked else usable
    discards = list(compress(_DISCARDS, cards.counts))  # one a face held
    if _discards_free(deal, limits):
        moves += discards
    else:
        moves += [move for move in discards if check(deal, move) is None]
    # Asked at the first decision of a turn only, and there where asking is played.
    first = not (draft.asked or draft.melded or draft.no_discard)
    asking = first and rules.has_partners and rules.ask_permission != "disabled"
    if asking and ask_allowed(deal):
        moves.append(_ASK)
    if draft.no_discard and check(deal, _PASS) is None:
        moves.append(_PASS)
    return moves


def _discards_free(deal: Deal, limits: PlainFinish | None) -> bool:
    """Whether every discard of a usable card is legal: where the deal's
    :func:`~canasta._engine.finishing.plain_finish` (``limits``) says a plain discard could
    end the turn now (nothing obliges the player to go out or forbids the discard, two cards
    or more in hand, no pile card locked) and no opening begun owes its minimum."""
    return (
        limits is not None
        and limits.most_cards >= 0
        and limits.usable is None
        and not (deal.draft.committed and not deal.minimum_reached())
    )


def _meld_moves(
    deal: Deal, usable: Cards, limits: PlainFinish | None, with_locked: bool
) -> list[Move]:
    """The legal new melds and additions; ``usable`` is the deal's :attr:`~canasta._engine.
    state.Deal.usable`, ``limits`` its :func:`~canasta._engine.finishing.plain_finish`,
    ``with_locked`` whether locked pile cards may be melded all the same
    (:func:`~canasta._engine.turn.common.may_use_locked`)."""
    by_position = naming(deal.rules).by_position
    melds = deal.melds[deal.side]
    # With the locked pile cards usable, the whole hand's steps follow the usable cards'
    # ones, and where suits matter both may offer a count of one rank (other suits): the
    # first legal one is offered, once a count.
    if with_locked:
        steps = steps_with_locked(usable, deal.hand, melds, deal.rules, by_count=True)
    else:
        steps = meld_steps(usable, melds, deal.rules, by_count=True)
    if not by_position:  # melds named by rank: their steps rank by rank, black threes last
        steps.sort(key=_BY_ORDER)
    # The answers of the steps not surely followed by a plain discard are made once the
    # first of them comes.
    verdicts: Verdicts | None = None
    offered: set[tuple[int | None, tuple[int, ...]]] = set()
    allows = None if limits is None else limits.allows
    moves: list[Move] = []
    for step in steps:
        count = None
        if with_locked and step.listed_by_count:
            count = (step.target, count_key(step.cards, suits_matter=False))
            if count in offered:
                continue
        if allows is not None and allows(step.cards, step.size, step.points, step.kind):
            move: LayMeld | AddToMeld | None = step.move(by_position=by_position)
        else:
            if verdicts is None:
                verdicts = Verdicts(deal, steps, limits)
            move = _offered_move(deal, limits, verdicts, step, by_position)
        if move is not None:
            if count is not None:
                offered.add(count)
            moves.append(move)
    return moves


def _offered_move(
    deal: Deal, limits: PlainFinish | None, verdicts: Verdicts, step: Step, by_position: bool
) -> LayMeld | AddToMeld | None:
    """The move the generator offers for ``step``, if one is legal."""
    move = step.move(by_position=by_position)
    if step.kind is _BLACK:  # they oblige going out
        assert isinstance(move, LayMeld)
        return move if verdicts.black_threes_legal(step, move) else None
    if _legal_step(limits, verdicts, step, move):
        return move
    # Which suits a meld of one rank takes matters only to sequences; one move per count
    # is offered: the first whose turn can still be finished, cheapest for sequences first.
    for other in step.others():
        if verdicts.refused_alike(step, other):
            continue
        other_move = other.move(by_position=by_position)
        if _legal_step(limits, verdicts, other, other_move):
            return other_move
    return None


def _legal_step(
    limits: PlainFinish | None, verdicts: Verdicts, step: Step, move: LayMeld | AddToMeld
) -> bool:
    """``check(deal, move) is None`` for a step valid by construction; ``limits`` are the
    deal's :func:`~canasta._engine.finishing.plain_finish`, ``verdicts`` answer the rest
    (searching where the answers of related steps do not tell)."""
    if limits is not None and limits.allows(step.cards, step.size, step.points, step.kind):
        return True
    return verdicts.legal(step, move)


def _merges(deal: Deal, limits: PlainFinish | None) -> list[MergeMelds]:
    """The legal merges of two of the side's melds (HW-MRG-1): of two melds of one family,
    those :func:`~canasta._engine.transitions.check` accepts. Where the deal's
    :func:`~canasta._engine.finishing.plain_finish` (``limits``) allows merges, the
    validator's own first question, the check is only whether the two make a meld
    (:func:`~canasta._engine.meld_rules.merged`)."""
    melds = deal.melds[deal.side]
    # The family of a meld (meld_rules.family) is its kind and its suit or rank, and its
    # kind is made of its suit and rank (a sequence has a suit, black threes and melds of
    # wild cards their rank): the suit or the rank tells the family. Most positions hold
    # no two melds of one family, and their melds are not grouped at all.
    keys = [meld.rank if meld.suit is None else meld.suit for meld in melds]
    if len(set(keys)) == len(keys):
        return []
    rules, plain = deal.rules, limits is not None and limits.allows_merge()
    found = []
    for first, second in _family_pairs(melds, keys):
        if not _may_merge(melds[first], melds[second]):
            continue
        if plain:
            if isinstance(merged(melds[first], melds[second], rules), Violation):
                continue
            found.append(MergeMelds(first, second))
        elif check(deal, merge := MergeMelds(first, second)) is None:
            found.append(merge)
    return found


def _family_pairs(melds: tuple[Meld, ...], keys: list[Rank | Suit]) -> Iterator[tuple[int, int]]:
    """The positions of two melds of one family (their ``keys``), black threes aside (they
    never merge), families in the order of their first meld."""
    families: dict[Rank | Suit, list[int]] = {}
    for index, key in enumerate(keys):
        families.setdefault(key, []).append(index)
    for indices in families.values():
        if len(indices) > 1 and melds[indices[0]].kind is not _BLACK:
            for position, second in enumerate(indices):
                for first in indices[:position]:
                    yield first, second


def _may_merge(first: Meld, second: Meld) -> bool:
    """A quick test before the full check: sequences merge only where they meet."""
    if first.kind is not _SEQUENCE:
        return True
    low, high = (first, second) if first.rank.order < second.rank.order else (second, first)
    return low.high.order + 1 == high.rank.order
