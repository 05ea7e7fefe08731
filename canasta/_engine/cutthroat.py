"""Three-player cutthroat (CL-V3-3): the sides that form in the middle of a deal.

Until somebody takes the pile, each of the three plays alone. The first player to take it
becomes the *lone hand*, and the other two play in partnership against them for the rest of
the deal: they pool their melds (each adds to the partnership's melds and the partnership
needs the canastas to go out), while each keeps their own red threes, initial-meld minimum
and column of the score sheet. A player who goes out before the pile was ever taken is the
lone hand; if the deal ends without either, everybody scores alone.

The melds the two partners laid while still playing alone are pooled when the partnership
forms: a rank both had melded becomes one meld of all their cards (one meld per rank,
CL-MELD-6; a pooled meld may then hold more wild cards than one player could lay, and
takes no more of them). Only games whose melds are named by rank may be played so (a
:class:`~canasta.RuleSet` refuses cutthroat with sequences or several melds of a rank).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from canasta._engine.meld_rules import new_meld
from canasta._engine.naming import naming
from canasta._engine.state import Deal
from canasta._model.deck import Cards
from canasta._model.melds import Meld
from canasta._rules.ruleset import RuleSet

__all__ = ["forms_partnership", "pooled_meld", "with_lone_hand"]


def forms_partnership(deal: Deal) -> bool:
    """Whether the pile take or going out now makes its player the lone hand (CL-V3-3)."""
    return deal.rules.cutthroat and deal.lone_hand is None


def with_lone_hand(deal: Deal, side: int) -> Deal:
    """The deal once ``side`` has become the lone hand: the other sides pool their melds."""
    partners = [other for other in range(len(deal.melds)) if other != side]
    pooled: tuple[Meld, ...] = ()
    for other in partners:
        pooled = _pooled(deal, pooled, deal.melds[other])
    melds = tuple(
        deal.melds[side] if other == side else pooled for other in range(len(deal.melds))
    )
    return deal.replace(lone_hand=side, melds=melds)


def _pooled(deal: Deal, melds: tuple[Meld, ...], more: tuple[Meld, ...]) -> tuple[Meld, ...]:
    names = naming(deal.rules)
    for meld in more:
        index = names.rank_meld(melds, meld.rank)
        if index is None:
            melds = names.with_new(melds, meld)
        else:
            melds = names.with_grown(melds, index, melds[index].add(meld.cards))
    return melds


def pooled_meld(cards: Cards, rules: RuleSet) -> Meld | None:
    """The meld ``cards`` make as the melds of one rank two partners laid alone, pooled: some
    split of them into two melds the rules allow each (a pooled meld may so hold more wild
    cards than one meld may); ``None`` where no split is."""
    for part in _parts(cards):
        one, two = new_meld(part, rules), new_meld(cards - part, rules)
        if isinstance(one, Meld) and isinstance(two, Meld) and one.rank is two.rank:
            return one.add(cards - part)
    return None


def _parts(cards: Cards) -> Iterator[Cards]:
    """The parts of a meld of one rank that may differ as melds, but none and all: how many
    of its natural cards (their suits matter to no meld of a rank) and which of its wild
    cards (a few hundred parts at most: the pack holds few wild cards)."""
    naturals = [card for card in cards if not card.is_wild]
    wilds = Cards.of(card for card in cards if card.is_wild)
    faces = wilds.faces()
    for count in range(len(naturals) + 1):
        for counts in product(*(range(wilds.count(face) + 1) for face in faces)):
            chosen = [face for face, n in zip(faces, counts, strict=True) for _ in range(n)]
            part = Cards.of(naturals[:count] + chosen)
            if 0 < len(part) < len(cards):
                yield part
