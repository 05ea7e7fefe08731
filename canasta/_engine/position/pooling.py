"""The invariants of a cutthroat position (CL-V3-3): the two players against the lone hand
pool their melds, so a position gives those melds once, or the same for both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta._engine.meld_rules import Meld
from canasta._engine.state import pooled_sides

if TYPE_CHECKING:
    from canasta._engine.position.invariants import Check

__all__ = ["pooled_melds", "table_groups"]


def pooled_melds(c: Check) -> None:
    """With a lone hand, the two other sides show the same melds; one of them may be given
    empty, for "the same as my partner's" (CL-V3-3)."""
    lone = c.p.lone_hand
    if lone is None:
        return
    if not c.rules.cutthroat:
        c.refuse(c.where("lone_hand"), "only three-player cutthroat has a lone hand", "CL-V3-3")
    if lone not in range(c.rules.num_players):
        c.refuse(c.where("lone_hand"), f"there is no player {lone}")
    first, second = (side for side in range(len(c.melds)) if side != lone)
    pooled = c.melds[first] or c.melds[second]
    if c.melds[first] and c.melds[second] and c.melds[first] != c.melds[second]:
        c.refuse(
            c.where("melds", second),
            f"players {first} and {second} play together against player {lone} and pool "
            "their melds: give their melds once, or the same for both",
            "CL-V3-3",
        )
    c.melds = tuple(pooled if side != lone else group for side, group in enumerate(c.melds))


def table_groups(c: Check) -> list[tuple[int, tuple[Meld, ...]]]:
    """Each group of melds on the table once, with its side (pooled melds once, CL-V3-3)."""
    sides = len(c.melds)
    return [
        (side, group)
        for side, group in enumerate(c.melds)
        if pooled_sides(c.p.lone_hand, sides, side)[0] == side
    ]
