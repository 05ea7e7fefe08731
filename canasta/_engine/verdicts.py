"""What the searches of one position tell about its other meld steps.

Whether a meld step is legal is, once the step is valid by the rules of melds, whether the
turn can still be finished after it (CL-TURN-8, CL-B3-3, CL-OUT-1): a search. Two steps of
one position that lay or grow the same meld are related when the larger one, ``Y``, is the
smaller one, ``X``, followed by one addition ``T`` that the validator allows
(:func:`~canasta._engine.turn.melding.addition_target`) and that leads to the very deal
``Y`` leads to. Then

* the turn can be finished after ``X`` if it can after ``Y``: make ``T``, then finish as
  after ``Y``;
* so it cannot be finished after ``Y`` if it cannot after ``X``.

Most steps need no search at all: a plain discard surely ends the turn after them
(:func:`~canasta._engine.finishing.plain_finish`). Of the others, a step ``X`` that falls
short only of the opening minimum (CL-INIT-1) is legal, again with no search, where the
position's list holds a step ``T`` that can follow it and together with it meets what a
plain discard needs:

* ``T`` a new meld that ``X`` leaves room for (its cards still in hand, its kind still
  free, CL-MELD-6): lay ``X``, then ``T``, then discard;
* ``T`` a larger step of ``X``'s meld of one rank, the rest of which the rules let grow
  the meld ``X`` makes (:func:`~canasta._engine.meld_rules.added`): lay ``X``, add the
  rest, which leads where ``T`` leads, then discard.

Either way ``X``'s cards are melded before the discard, so a step that uses a pile card
still locked (CL-INIT-4) is composed with none: after taking the pile a hand may offer
hundreds of such steps, each of which would otherwise be paired with every other.

:class:`Verdicts` answers the move generator's steps of one position, remembering each
answer, and searches only where no answer it holds gives the step's this way. Where a
player must go out (black threes laid, CL-B3-3) every step needs a search, and the steps of
one meld (a meld of one rank with more naturals or wild cards, a longer sequence) are many;
in a hand that can go out most of them are legal, so there a step not yet answered first has
the largest step of the list answered that is it followed by one addition: where that one
is legal, so is the step, and so are the steps in between that grow into it by one
addition, with no search either. (Asked smallest first, as the generator lists them, each
legal step of such a meld cost a search of its own; where most larger steps are refused,
this costs a few searches more.) So too where the pile was taken before the opening and
its cards, locked until the minimum (CL-INIT-4), may be melded all the same for a concealed
going out that needs no minimum (CL-CONC-4): a step that melds one obliges the player to go
out (:meth:`Verdicts._goes_out`), and a hand of fifty cards offers two hundred such steps.
There too a step that is an answered one with cards of one
kind swapped, other wild cards or other suits of a meld of one rank, takes its answer where
the rest of the turn cannot tell the cards apart (:meth:`Verdicts._swapped`): the generator
lists a meld of one rank once a count, but where that step is refused it asks the other
choices of suits, each a search of its own before. Not where the player may stay: there
most steps are answered with no search, and the searches left (after a pile take whose
cards stay locked, say) are quicker than relating the steps to larger ones.

Where no melding counts toward an opening, a step of a meld of one rank with wild cards is
refused with no search of its own where the player cannot go out even with those wild cards
gone from the hand and one canasta fewer needed, or as many where no meld of the rank can
be a canasta (:meth:`Verdicts._stripped_out`): asked once two such steps were refused by
their own searches, one question answers every other (a hand whose last joker is wanted
elsewhere, whichever meld of one rank would take it).

A meld of black threes obliges the player to go out (CL-B3-3), so it is legal only if the
player can go out from the position itself (lay it, then go out): once two are refused,
that is asked, once, when a third comes, and where the answer is no every other meld of
black threes is refused with no search of its own (a hand may hold a dozen of them: the
threes with each choice of wild cards). Not after the first refusal: a hand that can go
out often has one meld of black threes that fails and one that does not, and the question
would be one search more; nor before a third comes: most hands hold one or two. Nor where
one was legal already: then the player can go out (lay it, then go out).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from canasta._engine import finishing
from canasta._engine.meld_rules import added, family, new_meld, same_family
from canasta._engine.naming import naming
from canasta._engine.obligations import must_go_out
from canasta._engine.related_steps import (
    Unsequenced,
    by_kin,
    differing_faces,
    grows,
    made_at,
    may_grow,
    merged_answer,
    same_future,
    swap_keys,
    wild_kept,
)
from canasta._engine.state import Deal
from canasta._engine.step import Step
from canasta._engine.tables import tables
from canasta._engine.transitions import check_built
from canasta._engine.turn.common import may_use_locked
from canasta._engine.turn.melding import addition_target, melded
from canasta._model.cards import NATURAL_FACES, WILD_FACES, Rank
from canasta._model.deck import Cards
from canasta._model.melds import Meld, MeldKind
from canasta._model.moves import AddToMeld, LayMeld, make_addition
from canasta._rules.ruleset import RuleSet

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_BLACK_MELD, _RANK_MELD = MeldKind.BLACK_THREES, MeldKind.RANK

__all__ = ["Verdicts"]


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


class Verdicts:
    """The legality of the meld steps of ``deal`` that are valid by construction and need
    a search (see the module's introduction); ``steps`` are the position's list, which the
    answers may be composed from."""

    __slots__ = (
        "_answers",
        "_below",
        "_cards_in_hand",
        "_concealed",
        "_going_out",
        "_known",
        "_listed",
        "_must_go_out",
        "_plain",
        "_refused",
        "_steps",
        "_stripped",
        "_strips",
        "_swaps",
        "_unsequenced",
        "_wild_refusals",
        "deal",
        "limits",
    )

    def __init__(
        self, deal: Deal, steps: Sequence[Step] = (), limits: finishing.PlainFinish | None = None
    ) -> None:
        self.deal = deal
        self._steps = steps
        self._cards_in_hand = len(deal.hand)  # each step is compared with it
        #: What a step needs for a plain discard to end the turn after it (``limits``, if given).
        self.limits = limits if limits is not None else finishing.plain_finish(deal)
        #: The answers found, by step; and by the meld the step lays (``None``) or grows,
        #: where the player must go out with the family of the meld it makes too (the steps
        #: an answer may tell of, :meth:`_follows`; :meth:`_kin`).
        self._known: dict[Step, _Answer] = {}
        self._answers: dict[object, list[_Answer]] = {}
        #: Where the player must go out, the answers by what a step that swaps cards with
        #: theirs (:meth:`_swapped`) shares with them
        #: (:func:`~canasta._engine.related_steps.swap_keys`).
        self._swaps: dict[tuple[object, ...], list[_Answer]] = {}
        #: The natural cards of steps of one rank no sequence may take (:meth:`_swapped`).
        self._unsequenced = Unsequenced(deal)
        #: The list's steps by target and family (:meth:`_kin`), once :meth:`_larger_legal`
        #: asks for them: a step of one kind and target whose cards hold another's is of its
        #: family (the same meld grown, or a new meld of the rank or suit of those naturals).
        self._listed: dict[object, list[Step]] | None = None
        self._must_go_out = must_go_out(deal.draft)
        #: Whether locked pile cards may be melded for a concealed going out (CL-CONC-4).
        self._concealed = bool(deal.draft.locked) and may_use_locked(deal)
        #: Whether the player can go out from ``deal``, once asked or once a meld of black
        #: threes is legal; the melds of black threes refused until then.
        self._going_out: bool | None = None
        self._refused = 0
        #: Where the player must go out, by the wild cards of steps of melds of one rank: how
        #: many such steps their own searches refused; and by those wild cards and the
        #: canastas spared (:meth:`_stripped_wilds`), whether the player can go out with
        #: those wild cards gone and that many canastas fewer, once asked
        #: (:meth:`_stripped_out`).
        self._wild_refusals: dict[bytes, int] = {}
        #: Steps that had a larger step with their wild cards refused (:meth:`_larger_legal`).
        self._below: list[_Answer] = []
        self._stripped: dict[tuple[bytes, int], bool] = {}
        #: No melding this turn counts toward an opening and no pile card is locked
        #: (:meth:`_plainly_follows`).
        self._plain = deal.minimum_reached() and not deal.draft.locked
        #: Whether :meth:`_stripped_out` may be asked: where the player must go out, and
        #: going out owes no points (CL-INIT-1) with no pile card locked.
        self._strips = self._must_go_out and self._plain

    def black_threes_legal(self, step: Step, move: LayMeld) -> bool:
        """``check(deal, move) is None`` for ``step``, a meld of black threes (valid by
        construction: only whether the player can go out after it is asked, CL-B3-3)."""
        leaves_cards = step.size < self._cards_in_hand
        plain = finishing.black_threes_plain(self.deal, step.cards, step.result)
        if plain is False:  # it leaves cards
            self._refused += 1
            return False
        if leaves_cards and self._refused >= 2 and self._going_out is None:
            self._going_out = finishing.can_go_out(self.deal)
        if leaves_cards and self._going_out is False:
            return False
        legal = plain or check_built(self.deal, move.cards, step.target, step.result)
        if legal:  # it goes out after laying them: so it can from here
            self._going_out = True
        elif leaves_cards:
            self._refused += 1
        return legal

    def legal(self, step: Step, move: LayMeld | AddToMeld) -> bool:
        """``check(deal, move) is None`` for ``step``, valid by construction."""
        if step.size == self._cards_in_hand:  # it goes out: no search to spare
            return check_built(self.deal, move.cards, step.target, step.result)
        asked = self._known.get(step)
        if asked is not None:  # answered ahead, as a larger step (:meth:`_larger_legal`)
            return asked.legal
        answers = self._answers.setdefault(self._kin(step), [])
        return self._settled(_Answer(step, False), answers).legal

    def refused_alike(self, step: Step, other: Step) -> bool:
        """Whether ``other``, another choice of suits of ``step`` (:meth:`Step.others`), a
        step the move generator found refused, is refused too, as :meth:`_swapped` would
        answer it where the player must go out, with no answer of its own to keep
        (:meth:`~canasta._engine.related_steps.Unsequenced.refused_alike`)."""
        return self._must_go_out and self._unsequenced.refused_alike(step, other)

    def _kin(self, step: Step) -> object:
        """The key of the answers that may tell of ``step``'s: its target; and where the
        player must go out (or may have to, :meth:`_goes_out`), where every step is answered
        and the lists grow long, the family of the meld it makes
        (:func:`~canasta._engine.meld_rules.family`), which a related step shares.
        Elsewhere few steps are answered, and keying them so costs more than it saves."""
        obliged = self._must_go_out or self._concealed
        return (step.target, family(step)) if obliged else step.target

    def _settled(self, answer: _Answer, answers: list[_Answer]) -> _Answer:
        """``answer`` with its legality found, from what is known or by a search, and
        remembered among ``answers``, those kept under its step's :meth:`_kin`."""
        step = answer.step
        swaps = swap_keys(step) if self._must_go_out else ()
        known = True if self._composed(step) else self._inferred(answer, answers, swaps)
        strip = self._stripped_wilds(step) if known is None and self._strips else None
        if strip is not None and self._stripped_out(*strip) is False:
            known = False
        if known is None and self._goes_out(answer) and self._larger_legal(answer, answers):
            known = True
        if known is None:
            known = check_built(self.deal, step.cards, step.target, step.result)
            if not known and strip is not None:
                refusals = self._wild_refusals
                refusals[strip[0].counts] = refusals.get(strip[0].counts, 0) + 1
        answer.legal = known
        answers.append(answer)
        self._known[step] = answer
        for key in swaps:
            self._swaps.setdefault(key, []).append(answer)
        return answer

    def _goes_out(self, answer: _Answer) -> bool:
        """Whether the player must go out after ``answer``'s step: where the deal obliges it
        (CL-B3-3, CL-ASK-3), or where the step melds pile cards still locked, which only a
        concealed going out may use before the opening minimum (CL-CONC-4, CL-INIT-4; as
        the draft after the step tells, :func:`~canasta._engine.obligations.must_go_out`)."""
        if self._must_go_out:
            return True
        return self._concealed and must_go_out(answer.after(self.deal).draft)

    def _larger_legal(self, answer: _Answer, answers: list[_Answer]) -> bool:
        """Whether the largest step of the list not yet answered that is ``answer``'s
        followed by one addition (:meth:`_follows`) is legal, answering it now: then so is
        ``answer``'s step. Where a player must go out (CL-B3-3) most steps of a meld are
        legal, and one search of the largest answers the smaller ones. Of the larger steps,
        those that add natural cards only come first: a hand that goes out melds its
        naturals anyway, and where the wild cards run short, a step that takes all of them is
        refused where the same with fewer is legal (a search that tells nothing of the
        smaller step). None is asked where a larger step with the same wild cards was refused (the
        step likely is too) unless most such steps were legal so far, then none holding a refused
        one (tests/data/slow26: 16 of 20 in Hollywood for five, ``min_naturals=2``; 2 of 54 in
        Hollywood for two, ``hand_size=49``). Where the deal obliges the player to go out (CL-B3-3,
        CL-ASK-3), a step of a meld of one rank with no wild card whose largest such step is
        refused asks the next largest with none that does not hold it: where every card of a rank
        is wanted elsewhere, one fewer is often legal (Hollywood for three, ``ask_permission``);
        and one with wild cards the next two with as many (:meth:`_any_larger_legal`)."""
        step, cards_in_hand = answer.step, self._cards_in_hand
        wilds = step.cards.count_wild()
        refused = [
            known.step.cards
            for known in answers
            if not known.legal
            and known.step.size > step.size
            and known.step.cards.count_wild() == wilds
            and known.step.cards.issuperset(step.cards)
        ]
        if refused:
            self._below.append(answer)  # its step is not answered yet: not counted below
            settled = [a.legal for a in self._below if self._known.get(a.step) is a]
            if 2 * sum(settled) <= len(settled):
                return False
        if self._listed is None:
            self._listed = by_kin(self._steps)
        larger = [
            then
            for then in self._listed.get((step.target, family(step)), ())
            if step.size < then.size < cards_in_hand
            and then not in self._known
            and may_grow(step, then)
            and not any(then.cards.issuperset(cards) for cards in refused)
        ]
        again = self._must_go_out and step.kind is _RANK_MELD and not wilds
        return self._any_larger_legal(answer, answers, larger, again)

    def _any_larger_legal(
        self, answer: _Answer, answers: list[_Answer], larger: list[Step], again: bool
    ) -> bool:
        """Whether the first of the ``larger`` steps that is ``answer``'s followed by one
        addition, in the order of :meth:`_larger_legal`, is legal, answering it now; where it
        is refused, the next holding no refused one: ``again``, once, with no wild card; where
        the player must go out and ``answer``'s step holds wild cards, with as many, up to
        :data:`_WILD_TRIES` in all (a sequence refused for its last card, a card shorter)."""
        wilds = answer.step.cards.count_wild()
        obliged = bool(wilds) and self._must_go_out
        tries = _WILD_TRIES if obliged else 2 if again else 1
        kept = wilds if obliged else 0  # the wild cards of the steps asked after a refusal
        refused: list[Cards] = []
        for then in sorted(
            larger, key=lambda then: (then.cards.count_wild() == wilds, then.size), reverse=True
        ):
            if refused and (
                then in self._known
                or then.cards.count_wild() != kept
                or any(then.cards.issuperset(cards) for cards in refused)
            ):
                continue
            candidate = _Answer(then, False)
            if self._follows(answer, candidate):
                if self._settled(candidate, answers).legal:
                    return True
                refused.append(then.cards)
                if len(refused) == tries:
                    return False
        return False

    def _stripped_wilds(self, step: Step) -> tuple[Cards, int] | None:
        """The wild cards of ``step``, where :meth:`_stripped_out` tells of it: a meld of one
        rank whose natural cards alone make a meld the rules allow (laid new, or added to
        the meld it grows); and the canastas the question spares, one, or none where no
        meld of the rank can be a canasta (:meth:`_rank_canasta`), where one canasta fewer
        may be asked of (:func:`_spares`). Asked where the question may be
        (:attr:`_strips`)."""
        if step.kind is not _RANK_MELD or not step.cards.count_wild():
            return None
        deal, counts = self.deal, step.cards.counts
        naturals = Cards(counts[: NATURAL_FACES.stop] + bytes(len(counts) - NATURAL_FACES.stop))
        if step.grown is None:
            alone = new_meld(naturals, deal.rules)
            if not isinstance(alone, Meld) or alone.kind is not _RANK_MELD:
                return None
        elif naturals and not isinstance(added(step.grown, naturals, deal.rules), Meld):
            return None
        spared = int(self._rank_canasta(step.rank))
        if spared and not _spares(deal.rules):
            return None
        return step.cards - naturals, spared

    def _rank_canasta(self, rank: Rank) -> bool:
        """Whether a meld of ``rank`` may be a canasta in some going out from the deal: its
        natural cards are at most those of the rank in hand and in the side's melds (melds
        of one rank merged, HW-MRG-1, included), and a meld of one rank holds no more wild
        cards than its natural cards allow (CL-MELD-3, HW-MRG-2), a limit that never falls
        as the natural cards grow."""
        deal = self.deal
        rules = deal.rules
        naturals = deal.hand.count_rank(rank) + sum(
            meld.naturals
            for meld in deal.melds[deal.side]
            if meld.kind is _RANK_MELD and meld.rank is rank
        )
        return naturals + rules.max_wilds(naturals) >= rules.canasta_size

    def _stripped_out(self, wilds: Cards, spared: int) -> bool | None:
        """Whether the player can go out from the deal with ``wilds`` gone from the hand and
        ``spared`` canastas fewer needed, once two steps of :meth:`_stripped_wilds` with
        those wild cards were refused by their own searches (``None`` before). Where the
        answer is no, every such step is refused: a going out after the step makes one from
        that deal (lay or add the step's natural cards alone, then the same plan), since the
        meld that held the wild cards obeys every limit with fewer of them (the same natural
        cards: CL-MELD-2, CL-MELD-3, HW-MELD-6, HW-MRG-2) and, one meld, loses one canasta
        at most, none where no meld of its rank can be one (:meth:`_rank_canasta`), and its
        points no longer matter (CL-INIT-1); the hand, the discard and every other meld are
        the same. Where the answer is yes, the question was one search more; hence asked
        only once two steps were refused. Going out with one canasta fewer is no harder, so
        that question, where it may be asked, comes first: a no answers both."""
        key = (wilds.counts, spared)
        known = self._stripped.get(key)
        if known is not None or self._wild_refusals.get(wilds.counts, 0) < 2:
            return known
        if not spared and _spares(self.deal.rules) and self._stripped_out(wilds, 1) is False:
            known = False
        else:
            deal = self.deal
            rules = deal.rules
            if spared:
                rules = attrs.evolve(rules, canastas_to_go_out=rules.canastas_to_go_out - 1)
            hands = list(deal.hands)
            hands[deal.seat] = deal.hand - wilds
            known = finishing.can_go_out(deal.replace(rules=rules, hands=tuple(hands)))
        self._stripped[key] = known
        return known

    def _composed(self, step: Step) -> bool:
        """Whether a step of the list can follow ``step`` so that a plain discard then ends
        the turn (see the module's introduction)."""
        limits, deal = self.limits, self.deal
        if limits is None or step.size > limits.most_cards or step.kind is _BLACK_MELD:
            return False
        if limits.usable is not None and not limits.usable.issuperset(step.cards):
            return False  # every composition melds ``step``'s cards, some still locked
        several = tables(deal.rules).several
        for then in self._steps:
            if grows(step, then, deal):
                if limits.allows(then.cards, then.size, then.points, then.kind):
                    return True
            elif then.target is None and then is not step:
                if not several and step.target is None and same_family(then, step):
                    continue  # the side may hold one meld of that family (CL-MELD-6)
                cards = step.cards + then.cards
                size, points = step.size + then.size, step.points + then.points
                if limits.allows(cards, size, points, then.kind) and deal.hand.issuperset(cards):
                    return True
        return False

    def _inferred(
        self, answer: _Answer, answers: list[_Answer], swaps: tuple[tuple[object, ...], ...]
    ) -> bool | None:
        """The legality of ``answer``'s step that an answer of a related step gives, if one
        does (one that swaps cards with it: those kept under ``swaps``)."""
        step = answer.step
        for key in swaps:
            for other in self._swaps.get(key, ()):
                if self._swapped(other, step):
                    return other.legal
        for other in answers:
            known = other.step
            if known.kind is not step.kind or known.size == step.size:
                continue
            if other.legal and known.size > step.size and may_grow(step, known):
                if self._follows(answer, other):
                    return True
            elif (
                not other.legal
                and known.size < step.size
                and may_grow(known, step)
                and self._follows(other, answer)
            ):
                return False
        return self._merged(answer) if self._must_go_out else None

    def _merged(self, answer: _Answer) -> bool | None:
        """:func:`~canasta._engine.related_steps.merged_answer`, where the player must go out."""
        if not self.deal.rules.merging_allowed:
            return None
        self._listed = self._listed or by_kin(self._steps)
        return merged_answer(answer, self.deal, self._listed, self._known, self._asked)

    def _asked(self, step: Step) -> _Answer:
        """``step``'s answer, found now."""
        return self._settled(_Answer(step, False), self._answers.setdefault(self._kin(step), []))

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
          go into no sequence (:meth:`~canasta._engine.search.bounds.Homes.no_sequence_takes`):
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
        # The other step's naturals that stay in hand after the step that is legal if
        # ``known``'s is, or after ``step`` if it is refused.
        unsequenced = self._unsequenced.faces
        if known.legal:
            return unsequenced(step).issuperset(f for f in swapped if theirs[f] > mine[f])
        return unsequenced(first).issuperset(f for f in swapped if mine[f] > theirs[f])

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
#: The larger steps with wild cards :meth:`Verdicts._any_larger_legal` asks at most.
_WILD_TRIES = 3


def _spares(rules: RuleSet) -> bool:
    """Whether :meth:`Verdicts._stripped_out` may be asked with one canasta fewer: not where
    that leaves none to make but the escalera (BO-OUT-1), when the answer is seldom no."""
    return rules.canastas_to_go_out > 1 + rules.going_out_needs_natural_sequence


def _plain_steps(deal: Deal, smaller: Step, larger: Step) -> bool:
    """Whether ``larger``'s cards, in ``deal``'s hand, hold ``smaller``'s, and neither step
    makes a meld of black threes (:meth:`Verdicts._plainly_follows`)."""
    return (
        larger.cards.issuperset(smaller.cards)
        and deal.hand.issuperset(larger.cards)
        and larger.kind is not _BLACK_MELD
        and smaller.kind is not _BLACK_MELD
    )
