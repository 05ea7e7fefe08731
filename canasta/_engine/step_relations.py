"""When the answer of one meld step of a position gives another's, for
:class:`~canasta._engine.verdicts.Verdicts` (see that module's introduction): a step's
answer (:class:`_Answer`), the same step with cards of one kind swapped
(:meth:`StepRelations._swapped`), and a step followed by one addition that leads where a
larger step leads (:meth:`StepRelations._follows`). :class:`StepRelations` is the part of
:class:`~canasta._engine.verdicts.Verdicts` that tells these, from the position alone.
"""

from __future__ import annotations

from canasta._engine.meld_rules import added
from canasta._engine.naming import naming
from canasta._engine.related_steps import (
    Unsequenced,
    differing_faces,
    made_at,
    same_future,
    wild_kept,
)
from canasta._engine.state import Deal
from canasta._engine.step import Step
from canasta._engine.turn.melding import addition_target, melded
from canasta._model.cards import WILD_FACES, Rank
from canasta._model.melds import MeldKind
from canasta._model.moves import make_addition

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_BLACK_MELD, _RANK_MELD = MeldKind.BLACK_THREES, MeldKind.RANK

__all__ = ["StepRelations"]


class _Answer:
    """A step, whether it is legal, and the deal after it (made when first needed)."""

    __slots__ = ("_after", "legal", "step")

    def __init__(self, step: Step, legal: bool) -> None:
        self.step = step
        self.legal = legal
        self._after: Deal | None = None

    def after(self, deal: Deal) -> Deal:
        """The deal after the step, from ``deal``."""
        if self._after is None:
            step = self.step
            self._after = melded(deal, step.cards, step.target, step.result)
        return self._after


class StepRelations:
    """The relations between two meld steps of :attr:`deal` that
    :class:`~canasta._engine.verdicts.Verdicts` (the class made of this one) answers one
    step from: the same step with cards swapped, and a step followed by one addition."""

    __slots__ = ()

    #: The position whose steps are answered.
    deal: Deal
    #: No melding this turn counts toward an opening and no pile card is locked
    #: (:meth:`_plainly_follows`).
    _plain: bool
    #: The natural cards of steps of one rank no sequence may take (:meth:`_swapped`).
    _unsequenced: Unsequenced

    def _swapped(self, known: _Answer, step: Step) -> bool:
        """Whether ``step``, of the size and family of ``known``'s, is legal exactly when
        ``known``'s is: the same step with other cards of one kind, which the rest of the
        turn cannot tell apart. The deals after the two differ only in which of those cards
        stay in hand, and every finish from one (going out, CL-OUT-1, or staying, CL-TURN-8)
        is one from the other with the cards swapped:

        * other wild cards (a joker for a two, say), where the points melded no longer
          matter (CL-INIT-1): the side opened before this turn, or this turn's melds reach
          its minimum already, when the step counts no points (later cards add nothing to
          the count, CL-INIT-4) and the drafts after the two are the same; wild cards differ
          in nothing else while melding (the Hollywood for two positions of
          ``tests/data/slow26`` that open after taking the pile: each step with the joker
          answered from the same with a two, or the other way round);
        * a meld of one rank with other suits of its naturals, where the naturals that stay
          in hand after ``known`` (if it is legal) or after ``step`` (if it is refused) can
          go into no sequence (:meth:`~canasta._engine.search.bounds.Homes.no_sequence_takes`;
          asked of :meth:`~canasta._engine.related_steps.Unsequenced.refused_alike`):
          they join the same melds of their rank as the others would, or are the same
          discard (a card of the rank: the same points). Every suit choice of a meld of one
          rank that takes the hand's last wild cards, say, is refused from one search.

        Never for locked pile cards (CL-INIT-4): the cards swapped are usable ones. Asked
        where the player must go out only (see the module's introduction)."""
        first = known.step
        mine, theirs = first.cards.counts, step.cards.counts
        swapped = differing_faces(mine, theirs)
        hand, usable = self.deal.hand.counts, self.deal.usable.counts
        if first.wild_as is not step.wild_as or any(hand[f] != usable[f] for f in swapped):
            return False
        wild = [face in _WILD_FACES for face in swapped]
        if all(wild):
            return self.deal.minimum_reached()
        if any(wild) or first.kind is not _RANK_MELD:
            return False
        # Legal where ``known``'s is: ``known``'s refused where ``step`` is.
        refused, other = (step, first) if known.legal else (first, step)
        return self._unsequenced.refused_alike(refused, other)

    def _follows(self, first: _Answer, then: _Answer) -> bool:
        """Whether ``then``'s step is ``first``'s followed by one addition the validator
        allows, leading to the same deal."""
        deal, smaller, larger = self.deal, first.step, then.step
        if not wild_kept(smaller, larger):
            return False
        wild_as = larger.wild_as if smaller.wild_as is None else None
        if self._plain and _plain_steps(deal, smaller, larger):
            return self._plainly_follows(smaller, larger, wild_as)
        return self._built_follows(first, then, wild_as)

    def _built_follows(self, first: _Answer, then: _Answer, wild_as: Rank | None) -> bool:
        """:meth:`_follows` told by building the deals: after ``first``'s step, after it and
        the addition of the rest of ``then``'s cards (the wild card standing for
        ``wild_as``), and after ``then``'s step, the last two the same but maybe for an
        opening count past the minimum (:func:`~canasta._engine.related_steps.same_future`);
        the plain answer :meth:`_plainly_follows` is held to (``tests/test_verdicts.py``)."""
        deal, smaller, larger = self.deal, first.step, then.step
        after = first.after(deal)
        side_melds = after.melds[after.side]
        index = made_at(side_melds, smaller)
        if not after.hand:
            return False
        rest = larger.cards - smaller.cards
        grown = addition_target(after, make_addition(None, rest, index, wild_as))
        if not isinstance(grown, tuple) or grown[1] != larger.result:
            return False
        return same_future(melded(after, rest, index, grown[1]), then.after(deal))

    def _plainly_follows(self, smaller: Step, larger: Step, wild_as: Rank | None) -> bool:
        """:meth:`_follows` for two steps of :func:`_plain_steps` where the turn's melding
        counts toward no opening and no pile card is locked (``_plain``), told from the
        side's melds and the draft alone, with no deal built: it gives the same answer.

        After ``smaller``'s step the meld it makes is where ``Naming.placed`` puts it
        (``index``, :func:`~canasta._engine.related_steps.made_at`); in the meld phase, with
        no card locked, the validator allows adding the ``rest`` of ``larger``'s cards there
        (:func:`~canasta._engine.turn.melding.addition_target`) exactly when the rules of
        melds do (:func:`~canasta._engine.meld_rules.added`): the rest is in the hand left,
        as ``larger``'s cards are, so that hand is not empty (or the rest is, which no rule
        adds).
        The deal after it and the one after ``larger``'s step (both made by
        :func:`~canasta._engine.turn.melding.melded` from this deal) then differ at most in
        the side's melds and in the draft as ``Naming.placed`` leaves them:

        * the hand, less ``smaller``'s cards and then ``rest``, is the hand less
          ``larger``'s cards, which are the two together; the cards known to be in it lose
          the same ones (no locked card stays in sight);
        * the draft's other changes are the same: the player has melded, no points are
          counted, nothing is unlocked, no black threes are laid;
        * the seats that melded and every other field are unchanged.
        """
        deal = self.deal
        rest = larger.cards - smaller.cards
        if added(smaller.result, rest, deal.rules, wild_as) != larger.result:
            return False
        names = naming(deal.rules)
        melds, draft = deal.melds[deal.side], deal.draft
        first = names.placed(melds, draft, smaller.target, smaller.result)
        return names.placed(*first, made_at(first[0], smaller), larger.result) == names.placed(
            melds, draft, larger.target, larger.result
        )


_WILD_FACES = frozenset(WILD_FACES)


def _plain_steps(deal: Deal, smaller: Step, larger: Step) -> bool:
    """Whether ``larger``'s cards, in ``deal``'s hand, hold ``smaller``'s, and neither step
    makes a meld of black threes (:meth:`Verdicts._plainly_follows`)."""
    return (
        larger.cards.issuperset(smaller.cards)
        and deal.hand.issuperset(larger.cards)
        and larger.kind is not _BLACK_MELD
        and smaller.kind is not _BLACK_MELD
    )
