"""Melding in the meld phase: laying a new meld, adding to a meld, merging two melds
(CL-TURN-4, CL-MELD, CL-B3-3, HW-MELD, HW-MRG), and the deal after each.

Each step is checked by the rules of melds and of the turn; whether the turn can still be
finished after it is asked by :mod:`canasta._engine.transitions`.
"""

from __future__ import annotations

from typing import Any

from canasta._engine.meld_rules import added, merged, new_meld, same_family
from canasta._engine.naming import naming
from canasta._engine.obligations import may_go_out
from canasta._engine.state import EMPTY, Deal, Phase, TurnDraft
from canasta._engine.turn.common import (
    NO_COUNTS,
    missing_cards,
    replaced,
    usable_violation,
    wrong_phase,
)
from canasta._model.cards import Rank
from canasta._model.deck import Cards
from canasta._model.melds import Meld, MeldKind, layout
from canasta._model.moves import AddToMeld, LayMeld, MergeMelds
from canasta.errors import Violation

__all__ = ["addition_target", "built", "laid_meld", "melded", "merge_made"]

# Read once, as in movegen: an enum class's attribute read is slow in Python 3.11.
_MELD = Phase.MELD
_SEQUENCE, _BLACK, _WILD = MeldKind.SEQUENCE, MeldKind.BLACK_THREES, MeldKind.WILD


def laid_meld(deal: Deal, move: LayMeld) -> Meld | Violation:
    """The meld a :class:`~canasta.LayMeld` lays, or why it may not be laid."""
    if deal.phase is not _MELD:
        return wrong_phase(deal, "meld")
    cards = move.cards
    problem = usable_violation(deal, cards)
    if problem is not None:
        return problem
    rules = deal.rules
    meld = new_meld(cards, rules, move.wild_as)
    if isinstance(meld, Violation):
        return meld
    melds = deal.melds[deal.side]
    if meld.kind is _BLACK:
        if any(m.kind is _BLACK for m in melds):
            return Violation("CL-B3-3", "your side has laid its black threes already")
        if not may_go_out(deal.draft, deal.rules):
            return Violation("CL-B3-3", "black threes are melded only when going out")
    elif not rules.several_melds_per_rank and any(same_family(m, meld) for m in melds):
        return Violation(
            "CL-MELD-6", f"your side already has {_family_text(meld)}: add the cards to it"
        )
    return meld


def _family_text(meld: Meld) -> str:
    """The family of a meld in words (see :func:`~canasta._engine.meld_rules.family`)."""
    if meld.kind is _SEQUENCE:
        assert meld.suit is not None
        return f"a sequence of {meld.suit.name.lower()}"
    if meld.kind is _WILD:
        return "a meld of wild cards"
    return f"a meld of {meld.rank.text}s"


def addition_target(deal: Deal, move: AddToMeld) -> tuple[int, Meld] | Violation:
    """The position of the meld an addition grows and the grown meld, or why it is illegal."""
    if deal.phase is not _MELD:
        return wrong_phase(deal, "add to a meld")
    side = deal.side
    melds = deal.melds[side]
    if move.meld is not None:
        if move.meld >= len(melds):
            return Violation("CL-TURN-4/meld", f"your side has no meld #{move.meld}")
        index = move.meld
    else:
        assert move.rank is not None
        found = _rank_melds(melds, move.rank)
        if not found:
            others = [s for s in range(len(deal.melds)) if _rank_melds(deal.melds[s], move.rank)]
            if others:
                return Violation("CL-MELD-8", "you may not add cards to the opponents' melds")
            return Violation(
                "CL-TURN-4/meld",
                f"your side has no meld of {move.rank.text}s; lay a new meld instead",
            )
        if len(found) > 1:
            return Violation(
                "HW-MELD-9",
                f"your side has {len(found)} melds of {move.rank.text}s: name the one to add to "
                f"by its number (add #{found[0]} ...)",
            )
        index = found[0]
    problem = usable_violation(deal, move.cards)
    if problem is not None:
        return problem
    grown = added(melds[index], move.cards, deal.rules, move.wild_as)
    if isinstance(grown, Violation):
        return grown
    return index, grown


def _rank_melds(melds: tuple[Meld, ...], rank: Rank) -> list[int]:
    return [i for i, meld in enumerate(melds) if meld.rank is rank and not meld.is_sequence]


def merge_made(deal: Deal, move: MergeMelds) -> tuple[int, int, Meld] | Violation:
    """The positions of two melds a merge joins and the merged meld (HW-MRG-1, HW-MRG-2), or
    why they may not be merged."""
    if deal.phase is not _MELD:
        return wrong_phase(deal, "merge melds")
    melds = deal.melds[deal.side]
    first, second = sorted((move.first, move.second))
    if second >= len(melds):
        return Violation("CL-TURN-4/meld", f"your side has no meld #{second}")
    if first == second:
        return Violation("HW-MRG-1", "name two different melds of your side to merge")
    joined = merged(melds[first], melds[second], deal.rules)
    if isinstance(joined, Violation):
        return joined
    return first, second, joined


def built(deal: Deal, move: LayMeld | AddToMeld) -> tuple[int | None, Meld]:
    """The meld a legal step lays (position ``None``), or the position of the meld a legal
    addition grows and the grown meld: only their layout is made, nothing is checked."""
    rules, melds = deal.rules, deal.melds[deal.side]
    if isinstance(move, LayMeld):
        made = layout(move.cards, move.wild_as)
        assert isinstance(made, Meld)
        return None, made
    if move.meld is not None:
        index = move.meld
    else:
        assert move.rank is not None
        found = naming(rules).rank_meld(melds, move.rank)
        assert found is not None
        index = found
    meld = melds[index]
    if meld.kind is _SEQUENCE:  # its wild card may now stand for a rank
        grown = layout(meld.cards + move.cards, meld.wild_as or move.wild_as)
        assert isinstance(grown, Meld)
        return index, grown
    return index, meld.add(move.cards)


def melded(
    deal: Deal, cards: Cards, target: int | None, meld: Meld, second: int | None = None
) -> Deal:
    """The deal after melding ``cards`` from the hand: a new ``meld`` (``target`` ``None``),
    the meld at ``target`` grown into ``meld``, or (``second``) the melds at ``target`` and
    ``second`` merged into ``meld``, which takes the first's place.

    The opening count grows until the minimum is reached (CL-INIT-2, CL-INIT-4), which frees
    the pile cards; pile cards used before it oblige a concealed going out (CL-CONC-4).
    """
    rules, side, seat = deal.rules, deal.side, deal.seat
    melds = deal.melds[side]
    changes = _counted(deal, cards) if cards else {}
    if meld.kind is _BLACK:
        changes["black_threes"] = True
    if second is not None:
        draft = _merged_draft(deal.draft, target, second)
        draft = draft.replace(**changes) if changes else draft
        assert target is not None
        melds = (*melds[:target], meld, *melds[target + 1 : second], *melds[second + 1 :])
    else:  # the draft is copied once, with these changes
        melds, draft = naming(rules).placed(melds, deal.draft, target, meld, changes)
    hand = deal.hands[seat] - cards
    return deal.replace(
        hands=replaced(deal.hands, seat, hand),
        known=deal.known_after_playing(seat, cards),
        melds=deal.with_side_melds(side, melds),
        draft=draft,
        melded_seats=deal.melded_seats
        if seat in deal.melded_seats
        else deal.melded_seats | {seat},
    )


def _merged_draft(draft: TurnDraft, first: int | None, second: int) -> TurnDraft:
    """The draft after merging the melds at ``first`` and ``second``: merging a meld laid
    before this turn spoils a concealed going out, and one fewer meld was there before."""
    before = draft.melds_before
    assert first is not None
    if first >= before:
        return draft
    return draft.replace(
        touched_existing=True, melds_before=before - 1 if second < before else before
    )


def _counted(deal: Deal, cards: Cards) -> dict[str, Any]:
    """The changes of the draft when ``cards`` are melded: counted toward an opening minimum
    not yet reached, which frees the pile cards once reached. Cards come from the hand's own
    first; pile cards used before the minimum (which only a concealed going out allows,
    CL-CONC-4) are no longer locked, and oblige the player to go out so."""
    draft = deal.draft
    changes: dict[str, Any] = {}
    if not draft.melded:
        changes["melded"] = True
    locked = draft.locked
    if locked.counts != NO_COUNTS and not deal.usable.issuperset(cards):
        locked = locked - missing_cards(cards, deal.usable)
        changes.update(locked=locked, concealed_only=True)
    points = draft.points
    minimum = deal.minimums[deal.side]
    if draft.opening and points < minimum:
        # Later cards, which may come from the pile, add nothing (CL-INIT-4).
        points += cards.points
        changes.update(points=points, committed=True)
        if points >= minimum and locked.counts != NO_COUNTS:
            changes["locked"] = EMPTY
    return changes
