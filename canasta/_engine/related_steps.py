"""What two meld steps of one position share, for :class:`~canasta._engine.verdicts.Verdicts`,
which answers one step from another's answer: the steps that may be one another with cards
swapped, the steps that lay as a new meld of one rank the cards another adds to the side's
meld of that rank, and deals after two steps from which the turn finishes alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Protocol

from canasta._engine.meld_rules import added, family
from canasta._engine.search.bounds import Homes
from canasta._engine.state import EMPTY, Deal
from canasta._engine.step import Step
from canasta._engine.tables import tables
from canasta._engine.turn.melding import melded, merge_made
from canasta._model.cards import NATURAL_FACES, RANK_FACES
from canasta._model.melds import Meld, MeldKind
from canasta._model.moves import MergeMelds
from canasta.errors import Violation

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_RANK_MELD = MeldKind.RANK

__all__ = [
    "Unsequenced",
    "by_kin",
    "differing_faces",
    "grows",
    "made_at",
    "may_grow",
    "merged_answer",
    "same_future",
    "swap_keys",
    "wild_kept",
]


def swap_keys(step: Step) -> tuple[tuple[object, ...], ...]:
    """What the steps that may be ``step`` with cards swapped
    (:meth:`~canasta._engine.verdicts.Verdicts._swapped`) share with it: the target, family,
    size and natural cards (other wild cards); for a meld of one rank, the target, family,
    size and other cards: its wild cards (other suits)."""
    counts, kin = step.cards.counts, (step.target, family(step))
    naturals = counts[: NATURAL_FACES.stop]
    same_naturals = (kin, step.size, step.wild_as, naturals)
    if step.kind is not _RANK_MELD:
        return (same_naturals,)
    return same_naturals, (kin, step.size, counts[NATURAL_FACES.stop :])


def by_kin(steps: Sequence[Step]) -> dict[object, list[Step]]:
    """``steps`` by target and family: a step of a kind and target whose cards hold
    another's is of its family (the same meld grown, or a new meld of the rank or suit of
    those naturals), and a step's partner (:func:`merge_partners`) is of its family too."""
    listed: dict[object, list[Step]] = {}
    for step in steps:
        listed.setdefault((step.target, family(step)), []).append(step)
    return listed


def same_future(one: Deal, two: Deal) -> bool:
    """Whether the turn can be finished from ``one`` exactly when it can from ``two``, as
    the deals tell: they are equal, or equal but for the opening count where both reached
    the minimum, which no rule reads then (:meth:`~canasta._engine.state.Deal.minimum_reached`;
    later cards add nothing to it, CL-INIT-4). A step that reaches the minimum counts its
    cards and the addition after it none, where the larger step counts them all."""
    if one == two:
        return True
    if not (one.minimum_reached() and two.minimum_reached()):
        return False
    return one == two.replace(draft=two.draft.replace(points=one.draft.points))


def differing_faces(one: bytes, two: bytes) -> list[int]:
    """The faces whose counts differ in ``one`` and ``two`` (counts of as many faces), lowest
    first.

    >>> differing_faces(bytes([1, 0, 2, 3]), bytes([1, 1, 2, 0]))
    [1, 3]
    """
    return [face for face, held in enumerate(one) if held != two[face]]


class Answered(Protocol):
    """A step's answer as :class:`~canasta._engine.verdicts.Verdicts` keeps it."""

    step: Step
    legal: bool

    def after(self, deal: Deal) -> Deal: ...


def merged_answer(
    answer: Answered,
    deal: Deal,
    listed: Mapping[object, Sequence[Step]],
    known: Mapping[Step, Answered],
    ask: Callable[[Step], Answered],
) -> bool | None:
    """The legality of ``answer``'s step, a meld of one rank, that the answer of its
    partner gives (:func:`merge_partners`): the same cards added to the side's meld of the
    rank, where the step lays them as a new meld, or laid as a new meld, where it adds
    them. Where melds of one rank may merge (HW-MRG-1), laying the new meld and then
    merging it into the other leads to the very deal the addition leads to (the merged
    meld takes the other's place, HW-MRG-2 holds of it as of the grown meld; checked by
    building the deals, :func:`merged_as_added`), so every finish after the addition is one
    after the new meld: the new meld is legal where the addition is, and the addition is
    refused where the new meld is. (The other way need not hold: two canastas kept apart
    may be what going out needs.) A new meld whose partner is not answered yet has it
    answered first (``ask``), where most answers so far were legal, rather than be
    searched: every step of the list is answered in the end, so that where
    the addition is legal, one search answers both (where it is refused, the new meld's
    own search, if it refuses too, would have answered both).
    In the saved positions of ``tests/data/slow26`` the two are legal together or refused
    together every time (115 pairs, most in Bolivia)."""
    step = answer.step
    new = step.target is None
    for then in merge_partners(step, listed, deal.melds[deal.side]):
        other = known.get(then)
        if other is None and new and _mostly_legal(known):
            other = ask(then)
        if other is None or other.legal is not new:
            continue
        laid, grown = (answer, other) if new else (other, answer)
        if merged_as_added(deal, laid, grown):
            return other.legal
    return None


def _mostly_legal(known: Mapping[Step, Answered]) -> bool:
    """Whether most answers so far were legal (or none is known yet)."""
    return 2 * sum(not answer.legal for answer in known.values()) <= len(known)


def merge_partners(
    step: Step, listed: Mapping[object, Sequence[Step]], melds: tuple[Meld, ...]
) -> Iterator[Step]:
    """The steps of ``listed`` (the list's steps by target and family) that meld
    ``step``'s cards, a meld of one rank, the other way: added to one of the side's
    ``melds`` of the rank where ``step`` lays them as a new meld, and the other way round."""
    if step.kind is not _RANK_MELD:
        return
    kin, rank = family(step), step.rank
    if step.target is not None:
        targets: Sequence[int | None] = (None,)
    else:
        targets = [i for i, meld in enumerate(melds) if meld.rank is rank and not meld.is_sequence]
    for target in targets:
        for then in listed.get((target, kin), ()):
            if then.cards == step.cards and then.wild_as is None:
                yield then


def merged_as_added(deal: Deal, laid: Answered, grown: Answered) -> bool:
    """Whether laying ``laid``'s new meld and then merging it into the meld ``grown``'s
    step adds the same cards to (:func:`~canasta._engine.turn.melding.merge_made`, the
    rules' test of a merge) leads from ``deal`` where ``grown``'s step leads."""
    assert grown.step.target is not None
    target = deal.melds[deal.side][grown.step.target]
    after = laid.after(deal)
    melds = after.melds[after.side]
    found = [i for i, meld in enumerate(melds) if meld is laid.step.result or meld is target]
    if len(found) != 2:
        return False
    made = merge_made(after, MergeMelds(*found))
    if isinstance(made, Violation):
        return False
    first, second, joined = made
    return same_future(melded(after, EMPTY, first, joined, second), grown.after(deal))


def grows(smaller: Step, larger: Step, deal: Deal) -> bool:
    """Whether ``larger`` is ``smaller``'s meld of one rank with more of its cards, the rest
    of which the rules let grow the meld ``smaller`` makes into ``larger``'s."""
    if (
        larger.size <= smaller.size
        or larger.target != smaller.target
        or smaller.kind is not _RANK_MELD
        or larger.kind is not _RANK_MELD
        or larger.rank is not smaller.rank
        or not larger.cards.issuperset(smaller.cards)
    ):
        return False
    grown = added(smaller.result, larger.cards - smaller.cards, deal.rules)
    return isinstance(grown, Meld) and grown == larger.result


def wild_kept(smaller: Step, larger: Step) -> bool:
    """Whether the wild card of ``smaller``'s step, where it stands for a rank (in a
    sequence), stands for the same one in ``larger``'s, or ``larger``'s names none: a wild
    card stands for one rank for the rest of the deal (HW-MELD-10), so a step whose wild
    card stands for another is not ``smaller``'s followed by an addition."""
    return smaller.wild_as is None or larger.wild_as in (None, smaller.wild_as)


def made_at(melds: tuple[Meld, ...], step: Step) -> int:
    """Where the meld ``step`` makes is among the side's ``melds`` after it: an addition's
    target, where the meld grew in its place (``Naming.placed``); for a new meld, the one
    that is the step's own (made afresh, where equal melds laid out elsewhere may be one
    object: :func:`~canasta._model.melds.layout` is remembered)."""
    if step.target is not None:
        return step.target
    return next(i for i, meld in enumerate(melds) if meld is step.result)


def may_grow(smaller: Step, larger: Step) -> bool:
    """Whether ``larger``'s step may be ``smaller``'s followed by one addition, as far as
    their cards tell: its cards hold ``smaller``'s, the wild card kept (:func:`wild_kept`).
    The cheaper test first: most steps of a sequence's family have their wild card
    elsewhere (a new sequence of ten cards, its two as each of them)."""
    return wild_kept(smaller, larger) and larger.cards.issuperset(smaller.cards)


class Unsequenced:
    """Which natural cards of the steps of one rank of ``deal`` can go into no sequence, once
    the step or another choice of its suits is made: for
    :meth:`~canasta._engine.verdicts.Verdicts._swapped`, which answers a step from another
    choice of suits where the naturals one leaves in hand and the other melds can go into
    no sequence after it (:meth:`~canasta._engine.search.bounds.Homes.no_sequence_takes`).

    That test reads, of the hand after a step of one rank, only its wild cards (the hand's
    less the step's, the same for every choice of suits), the side's sequences (a meld of
    one rank changes none) and each suit's naturals
    (:meth:`~canasta._engine.search.bounds.Homes.in_sequence`), which differ from the
    hand's own only at the step's rank, where a card that stays is held either way: so it
    is asked of the hand before the step, with the wild cards left after it, once a count
    of wild cards and once a step, rather than of the hand after each step (the Bolivia for
    four position of ``tests/data/slow26`` with 65 cards asked 798 such hands)."""

    __slots__ = ("_deal", "_faces", "_homes")

    def __init__(self, deal: Deal) -> None:
        self._deal = deal
        self._homes: dict[int, Homes] = {}
        self._faces: dict[Step, frozenset[int]] = {}

    def faces(self, step: Step) -> frozenset[int]:
        """The natural faces of ``step``, a meld of one rank, none of whose cards can go into
        a sequence once it or another choice of its suits is made."""
        kept = self._faces.get(step)
        if kept is None:
            counts, rank = step.cards.counts, step.rank
            homes = self._homes_with(self._deal.hand.count_wild() - step.cards.count_wild())
            kept = frozenset(
                face
                for face in RANK_FACES[rank]
                if counts[face] and homes.no_sequence_takes((face,))
            )
            self._faces[step] = kept
        return kept

    def _homes_with(self, wilds: int) -> Homes:
        """Where the naturals of the hand may go onto the side's melds with ``wilds`` wild
        cards."""
        homes = self._homes.get(wilds)
        if homes is None:
            deal = self._deal
            nat = deal.hand.counts[: NATURAL_FACES.stop]
            homes = Homes(nat, deal.melds[deal.side], wilds, tables(deal.rules))
            self._homes[wilds] = homes
        return homes

    def refused_alike(self, step: Step, other: Step) -> bool:
        """Whether ``other``, another choice of suits of ``step`` (the same wild cards,
        target and size), is refused where ``step`` is: the one statement of the relation
        :meth:`~canasta._engine.step_relations.StepRelations._swapped` asks of a meld of one
        rank where the player must go out. A meld of one rank that leaves cards in hand, the
        naturals it lays that stay in hand after ``other`` going into no sequence
        (:meth:`faces`), none of the cards swapped a locked pile card (CL-INIT-4). Asked
        before ``other`` is asked as a step of its own, it spares that question's
        bookkeeping: in the Bolivia position above, 348 of the 602 other choices of its 130
        refused steps of one rank."""
        deal = self._deal
        if step.kind is not _RANK_MELD or step.size >= len(deal.hand):
            return False
        mine, theirs = step.cards.counts, other.cards.counts
        hand, usable = deal.hand.counts, deal.usable.counts
        stays = []
        for face in RANK_FACES[step.rank]:
            if mine[face] != theirs[face]:
                if hand[face] != usable[face]:
                    return False
                if mine[face] > theirs[face]:
                    stays.append(face)
        return self.faces(step).issuperset(stays)
