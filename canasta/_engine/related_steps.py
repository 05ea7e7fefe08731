"""What two meld steps of one position share, for :class:`~canasta._engine.verdicts.Verdicts`,
which answers one step from another's answer: the steps that may be one another with cards
swapped, and deals after two steps from which the turn finishes alike.
"""

from __future__ import annotations

from canasta._engine.meld_rules import family
from canasta._engine.state import Deal
from canasta._engine.step import Step
from canasta._model.cards import NATURAL_FACES
from canasta._model.melds import MeldKind

__all__ = ["differing_faces", "same_future", "swap_keys"]


def swap_keys(step: Step) -> tuple[tuple[object, ...], ...]:
    """What the steps that may be ``step`` with cards swapped
    (:meth:`~canasta._engine.verdicts.Verdicts._swapped`) share with it: the target, family,
    size and natural cards (other wild cards); for a meld of one rank, the target, family,
    size and other cards: its wild cards (other suits)."""
    counts, kin = step.cards.counts, (step.target, family(step))
    naturals = counts[: NATURAL_FACES.stop]
    same_naturals = (kin, step.size, step.wild_as, naturals)
    if step.kind is not MeldKind.RANK:
        return (same_naturals,)
    return same_naturals, (kin, step.size, counts[NATURAL_FACES.stop :])


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
