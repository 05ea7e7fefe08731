"""How a rule set names a side's melds: by rank, or by their places on the table.

In Classic a side holds one meld of each rank (CL-MELD-6): its melds are kept in rank order
and a move names a meld by its rank (``add K JK``). Where a side may hold several melds of a
rank, sequences or melds of wild cards (the three-deck games), melds keep the order they
were laid in and a move names one by its number (``add #2 JK``, HW-MELD-9). The engine asks
the rule set's :class:`Naming` once, here, instead of testing the rule set everywhere.

>>> from canasta import Meld, find_rules
>>> kings, sevens = Meld.of("KH KS KD"), Meld.of("7C 7D 7S")
>>> [str(m) for m in naming(find_rules("classic")).with_new((kings,), sevens)]
['7C 7D 7S', 'KD KH KS']
>>> [str(m) for m in naming(find_rules("hollywood")).with_new((kings,), sevens)]
['KD KH KS', '7C 7D 7S']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from canasta._engine.state import TurnDraft
from canasta._model.cards import Rank
from canasta._model.melds import Meld, MeldKind
from canasta._rules.ruleset import RuleSet

__all__ = ["BY_POSITION", "BY_RANK", "Naming", "naming"]

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_RANK = MeldKind.RANK

# The draft's changes that recur, read-only: a caller adding to them makes a dict of its own.
_NO_CHANGES: Mapping[str, Any] = MappingProxyType({})
_TOUCHED: Mapping[str, Any] = MappingProxyType({"touched_existing": True})


class Naming:
    """Melds named by rank (the base class: Classic) or by position (:class:`_ByPosition`)."""

    #: Whether moves name melds by their number on the table.
    by_position = False

    def with_new(self, melds: tuple[Meld, ...], meld: Meld) -> tuple[Meld, ...]:
        """The side's melds with a new ``meld`` among them, in rank order."""
        order = meld.rank.order
        for index, laid in enumerate(melds):
            if laid.rank.order > order:
                return (*melds[:index], meld, *melds[index:])
        return (*melds, meld)

    def with_grown(self, melds: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
        """The side's melds with the one at ``index`` grown into ``meld``."""
        return (*melds[:index], meld, *melds[index + 1 :])

    def placed(
        self,
        melds: tuple[Meld, ...],
        draft: TurnDraft,
        target: int | None,
        meld: Meld,
        changes: Mapping[str, Any] = _NO_CHANGES,
    ) -> tuple[tuple[Meld, ...], TurnDraft]:
        """The side's melds and the turn's draft once ``meld`` is laid (``target`` ``None``)
        or the meld at ``target`` has grown into it (:meth:`with_new`, :meth:`laid`;
        :meth:`with_grown`, :meth:`grown`). The draft's other ``changes`` of the same step,
        of fields these leave alone, are made in the same copy of it."""
        if target is None:
            melds, own = self.with_new(melds, meld), self.laid(draft, meld)
        else:
            melds, own = self.with_grown(melds, target, meld), self.grown(draft, melds, target)
        if own:
            changes = {**changes, **own}
        return melds, draft.replace(**changes) if changes else draft

    def laid(self, draft: TurnDraft, meld: Meld) -> Mapping[str, Any]:
        """The changes of the turn's draft once ``meld`` is laid as a new meld this turn."""
        return {"new_ranks": draft.new_ranks | {meld.rank}}

    def grown(self, draft: TurnDraft, melds: tuple[Meld, ...], index: int) -> Mapping[str, Any]:
        """The changes of the turn's draft once the meld at ``index`` of the side's ``melds``
        has grown: growing a meld laid before this turn spoils a concealed going out
        (CL-CONC-1)."""
        if melds[index].rank in draft.new_ranks or draft.touched_existing:
            return _NO_CHANGES
        return _TOUCHED

    def laid_this_turn(self, melds: tuple[Meld, ...], draft: TurnDraft) -> tuple[Meld, ...]:
        """The side's melds laid this turn (HW-OUT-4, CL-CONC-1)."""
        return tuple(meld for meld in melds if meld.rank in draft.new_ranks)

    def rank_meld(self, melds: tuple[Meld, ...], rank: Rank) -> int | None:
        """The position of the side's meld of ``rank``, if it has exactly one to add to."""
        for index, meld in enumerate(melds):
            if meld.kind is _RANK and meld.rank is rank:
                return index
        return None


class _ByPosition(Naming):
    """Melds named by their number: kept in the order laid; those laid before the turn come
    first, so the draft counts them (``melds_before``)."""

    by_position = True

    def with_new(self, melds: tuple[Meld, ...], meld: Meld) -> tuple[Meld, ...]:
        return (*melds, meld)

    def laid(self, draft: TurnDraft, meld: Meld) -> Mapping[str, Any]:
        return _NO_CHANGES

    def grown(self, draft: TurnDraft, melds: tuple[Meld, ...], index: int) -> Mapping[str, Any]:
        if index >= draft.melds_before or draft.touched_existing:
            return _NO_CHANGES
        return _TOUCHED

    def laid_this_turn(self, melds: tuple[Meld, ...], draft: TurnDraft) -> tuple[Meld, ...]:
        return melds[draft.melds_before :]


BY_RANK = Naming()
BY_POSITION: Naming = _ByPosition()


def naming(rules: RuleSet) -> Naming:
    """How ``rules`` names melds: by position where a side may hold several melds of a rank,
    sequences or melds of wild cards (:attr:`~canasta.RuleSet.melds_by_position`)."""
    return BY_POSITION if rules.melds_by_position else BY_RANK
