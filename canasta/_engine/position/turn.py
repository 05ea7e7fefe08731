"""The turn in progress: a player's facts about it, and the engine's turn draft.

A person says "player 0 took the pile, laid meld #2, has 30 points toward the minimum and the
8C locked"; the engine keeps a :class:`~canasta._engine.state.TurnDraft`. :func:`draft_of`
makes the draft from the facts (:class:`~canasta._engine.position.parts.TurnFacts`), deriving
what follows from the table (whether this is the side's opening, whether it is committed to
its minimum, the melds that were there before the turn, the black threes laid); and
:func:`turn_facts` gives the facts of a draft that differ from their defaults, which is what
documents write. ``draft_of(turn_facts(...)) == draft`` for every turn the rules can reach
(tested over random games of every rule set).
"""

from __future__ import annotations

from typing import Any

from canasta._engine.meld_rules import Meld, MeldKind
from canasta._engine.position.parts import InvalidPositionError, TurnFacts, Where
from canasta._engine.state import DealEnd, Phase, TurnDraft
from canasta._rules.ruleset import RuleSet

__all__ = ["TURN_FACTS", "draft_of", "turn_facts"]

#: The facts of a turn in progress, in the order documents write them.
TURN_FACTS = (
    "drew",
    "took_pile",
    "new_melds",
    "opening_points",
    "locked",
    "melded",
    "added_to_old_melds",
    "melded_before",
    "asked",
    "answer",
    "no_discard",
    "concealed_only",
    "pile_take_rank",
)


def draft_of(
    facts: TurnFacts,
    *,
    rules: RuleSet,
    phase: Phase,
    side_melds: tuple[Meld, ...],
    minimum: int,
    in_melded_players: bool,
    end: DealEnd | None,
    where: Where,
) -> TurnDraft:
    """The turn draft the facts describe, for the turn side's melds ``side_melds`` (as they
    are now) and its opening ``minimum``; ``in_melded_players``: the player to move has
    melded in this deal."""
    if facts.draft is not None:
        return facts.draft
    new = facts.new_melds
    before = _melds_before(new, rules, side_melds, where)
    drew = _default_drew(phase, facts.took_pile, end) if facts.drew is None else facts.drew
    if not (drew or facts.took_pile):
        return _not_begun(facts, phase, where)
    opening = before == 0
    melded = _default_melded(facts.took_pile, len(new)) if facts.melded is None else facts.melded
    melded_before = facts.melded_before
    if melded_before is None:
        melded_before = _default_melded_before(in_melded_players, new, facts.took_pile, melded)
    if rules.melds_by_position:
        rank = facts.pile_take_rank
        new_ranks = frozenset() if rank is None else frozenset({rank})
    else:
        new_ranks = frozenset(side_melds[i].rank for i in new)
    points = facts.opening_points
    return TurnDraft(
        drew=drew,
        took_pile=facts.took_pile,
        opening=opening,
        committed=opening and (facts.took_pile or (melded and minimum > 0)),
        points=_default_points(opening, side_melds, new) if points is None else points,
        locked=facts.locked,
        melded=melded,
        new_ranks=new_ranks,
        touched_existing=facts.added_to_old_melds,
        had_melded=melded_before,
        asked=phase is Phase.ANSWER if facts.asked is None else facts.asked,
        answer=facts.answer,
        black_threes=any(side_melds[i].kind is MeldKind.BLACK_THREES for i in new),
        no_discard=facts.no_discard,
        melds_before=before,
        concealed_only=facts.concealed_only,
    )


def _melds_before(
    new: tuple[int, ...], rules: RuleSet, side_melds: tuple[Meld, ...], where: Where
) -> int:
    """How many of the side's melds were on the table when the turn began; the melds laid
    this turn are the side's, and where melds are numbered they come after the others."""
    for index in new:
        if not 0 <= index < len(side_melds) or new.count(index) > 1:
            raise InvalidPositionError(
                where("new_melds"), f"the side has no meld #{index} to name"
            )
    before = len(side_melds) - len(new)
    if rules.melds_by_position and sorted(new) != list(range(before, len(side_melds))):
        raise InvalidPositionError(
            where("new_melds"), "the melds laid this turn are numbered after the others"
        )
    return before


def _not_begun(facts: TurnFacts, phase: Phase, where: Where) -> TurnDraft:
    """The draft of a turn in which nothing was drawn or taken: the fresh one."""
    if phase in (Phase.MELD, Phase.ANSWER):
        raise InvalidPositionError(
            where("drew"), f"in phase {phase.value} the player has drawn or taken the pile"
        )
    if _facts_given(facts):
        raise InvalidPositionError(
            where("phase"), "the turn has not begun: nothing was drawn or taken"
        )
    return TurnDraft()


def turn_facts(
    draft: TurnDraft,
    *,
    rules: RuleSet,
    phase: Phase,
    side_melds: tuple[Meld, ...],
    in_melded_players: bool,
    end: DealEnd | None,
) -> dict[str, Any]:
    """The facts of ``draft`` that differ from their defaults, by name (in the order of
    :data:`TURN_FACTS`): what a document or a notation writes so that :func:`draft_of` makes
    ``draft`` again."""
    if not (draft.drew or draft.took_pile):
        return {}
    facts: dict[str, Any] = {}
    if draft.drew != _default_drew(phase, draft.took_pile, end):
        facts["drew"] = draft.drew
    if draft.took_pile:
        facts["took_pile"] = True
    if rules.melds_by_position:
        new = tuple(range(draft.melds_before, len(side_melds)))
    else:
        new = tuple(i for i, meld in enumerate(side_melds) if meld.rank in draft.new_ranks)
    if new:
        facts["new_melds"] = new
    if draft.points != _default_points(draft.opening, side_melds, new):
        facts["opening_points"] = draft.points
    if draft.locked:
        facts["locked"] = draft.locked
    if draft.melded != _default_melded(draft.took_pile, len(new)):
        facts["melded"] = draft.melded
    if draft.touched_existing:
        facts["added_to_old_melds"] = True
    before = _default_melded_before(in_melded_players, new, draft.took_pile, draft.melded)
    if draft.had_melded != before:
        facts["melded_before"] = draft.had_melded
    if draft.asked != (phase is Phase.ANSWER):
        facts["asked"] = draft.asked
    if draft.answer is not None:
        facts["answer"] = draft.answer
    if draft.no_discard:
        facts["no_discard"] = True
    if draft.concealed_only:
        facts["concealed_only"] = True
    if rules.melds_by_position and draft.new_ranks:
        facts["pile_take_rank"] = next(iter(draft.new_ranks))
    return facts


def _facts_given(facts: TurnFacts) -> bool:
    return bool(
        facts.new_melds
        or facts.opening_points
        or facts.locked
        or facts.melded
        or facts.added_to_old_melds
        or facts.melded_before
        or facts.asked
        or facts.answer is not None
        or facts.no_discard
        or facts.concealed_only
        or facts.pile_take_rank is not None
    )


def _default_drew(phase: Phase, took_pile: bool, end: DealEnd | None) -> bool:
    """A turn in phase meld or answer began with a draw unless the pile was taken; an ended
    deal's last turn did if its player went out without taking the pile."""
    if took_pile:
        return False
    return phase in (Phase.MELD, Phase.ANSWER) or end is DealEnd.WENT_OUT


def _default_melded(took_pile: bool, new: int) -> bool:
    """Melded beyond the pile take: a meld was laid besides the one the take made."""
    return new > (1 if took_pile else 0)


def _default_melded_before(
    in_melded_players: bool, new: tuple[int, ...], took_pile: bool, melded: bool
) -> bool:
    """A player among those who melded, who has melded nothing this turn, did so before."""
    return in_melded_players and not (new or took_pile or melded)


def _default_points(opening: bool, side_melds: tuple[Meld, ...], new: tuple[int, ...]) -> int:
    """Toward the opening minimum: the points of the melds laid this turn."""
    return sum(side_melds[i].cards.points for i in new) if opening else 0
