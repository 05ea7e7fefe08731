"""The table: what every player can see."""

from __future__ import annotations

import attrs

from canasta._engine.meld_rules import Meld
from canasta._engine.state import Deal, pooled_sides
from canasta._model.cards import Card
from canasta._model.deck import Cards

__all__ = ["Table"]


@attrs.frozen(slots=True)
class Table:
    """The public layout: each side's melds and red threes, the pile and the stock's size."""

    #: Each side's melds, ordered by rank; where melds are named by number
    #: (``rules.melds_by_position``), in the order laid.
    melds: tuple[tuple[Meld, ...], ...]
    #: Each side's red threes laid out.
    red_threes: tuple[Cards, ...]
    #: The pile's top card (``None`` when the pile is empty).
    pile_top: Card | None
    #: Cards in the pile.
    pile_size: int
    #: Frozen for everybody: it holds a wild card or red three, or an option froze it (CL-FRZ-1).
    pile_frozen: bool
    #: Cards left in the stock.
    stock_size: int
    #: The pile counts as frozen for a side that has not melded (CL-FRZ-5; not HW-FRZ-3).
    frozen_before_opening: bool = True
    #: The rule that freezes the pile in the rule set played (CL-FRZ-1, HW-FRZ-1, ...).
    frozen_rule: str = "CL-FRZ-1"
    #: The rule that closes the pile to a side that has not melded (CL-FRZ-2, SA-FRZ-1, ...).
    unopened_rule: str = "CL-FRZ-2"
    #: Three-player cutthroat: the side (the player) playing alone since taking the pile
    #: first; the other two pool their melds, so their entries in :attr:`melds` are equal
    #: (CL-V3-3). ``None`` before that and in every other game.
    lone_hand: int | None = None

    @classmethod
    def of(cls, deal: Deal) -> Table:
        """The table of a deal."""
        return cls(
            melds=deal.melds,
            red_threes=deal.red_threes,
            pile_top=deal.top_card,
            pile_size=len(deal.pile),
            pile_frozen=deal.pile_frozen,
            stock_size=len(deal.stock),
            frozen_before_opening=deal.rules.frozen_before_opening,
            frozen_rule=deal.rules.rule_id("CL-FRZ-1"),
            unopened_rule=deal.rules.rule_id("CL-FRZ-2"),
            lone_hand=deal.lone_hand,
        )

    def partners(self, side: int) -> tuple[int, ...]:
        """The sides that share ``side``'s melds, itself included: in cutthroat, the two
        playing against the lone hand (CL-V3-3); otherwise the side alone."""
        return pooled_sides(self.lone_hand, len(self.melds), side)

    @property
    def melded_cards(self) -> Cards:
        """Every card in a meld on the table, pooled melds counted once."""
        cards = Cards()
        for side, melds in enumerate(self.melds):
            if self.partners(side)[0] == side:
                for meld in melds:
                    cards = cards + meld.cards
        return cards

    def has_opened(self, side: int) -> bool:
        """Whether a side has a meld on the table (CL-DEF-7)."""
        return bool(self.melds[side])

    def frozen_for(self, side: int) -> bool:
        """Frozen for a side: globally, or because the side has not opened (CL-DEF-12)."""
        return self.pile_frozen or (self.frozen_before_opening and not self.has_opened(side))

    def frozen_reason(self, side: int) -> str | None:
        """Why the pile is frozen for ``side``, in words; ``None`` if it is not."""
        if self.pile_frozen:
            return f"the pile is frozen for everybody until it is taken ({self.frozen_rule})"
        if self.frozen_before_opening and not self.has_opened(side):
            return f"the side has not melded yet ({self.unopened_rule})"
        return None
