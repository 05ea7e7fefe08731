"""What the engine asks of a rule set all the time, worked out once per rule set: the limits of
melds as numbers, and the points of the cards by position.

>>> from canasta import find_rules
>>> t = tables(find_rules("hollywood"))
>>> t.min_naturals, t.sequence_naturals, t.sequence_wilds, t.longest_sequence
(3, 3, 1, 11)
>>> t.max_wilds[2], t.max_wilds[5]
(2, 2)
>>> t.new_meld_wilds[:4]
(1000000, 1000000, 1000000, 0)
"""

from __future__ import annotations

from typing import NamedTuple

from canasta._cache import remembered
from canasta._model.cards import ALL_FACES, JOKER, NATURAL_RANKS, TWO_FACES, natural_face
from canasta._rules.ruleset import RuleSet

__all__ = [
    "JOKER_POINTS",
    "NATURAL_VALUE",
    "TOP",
    "TWO_POINTS",
    "UNBOUNDED",
    "Tables",
    "tables",
]

#: The position of the highest natural rank, the ace (positions run from 0, the four).
TOP = len(NATURAL_RANKS) - 1
#: The points of a natural card by its rank's position (CL-VAL-1).
NATURAL_VALUE: tuple[int, ...] = tuple(
    ALL_FACES[natural_face(position, 0)].points for position in range(TOP + 1)
)
#: The points of a two and of a joker (CL-VAL-1).
TWO_POINTS: int = ALL_FACES[TWO_FACES.start].points
JOKER_POINTS: int = JOKER.points
#: A size no meld reaches: "no limit".
UNBOUNDED = 10**6


class Tables(NamedTuple):
    """A rule set's limits on melds, as the searches and the step lists use them."""

    rules: RuleSet
    #: Cards a new meld needs (CL-MELD-5).
    min_size: int
    #: Natural cards a meld needs (CL-MELD-2).
    min_naturals: int
    #: Cards that make a canasta (CL-CAN-1).
    canasta_size: int
    #: Sequences may be melded (HW-MELD-3).
    sequences: bool
    #: Natural cards a new sequence needs: two at least, whatever ``min_naturals`` says, and
    #: the smallest size less the wild cards a sequence may hold (HW-MELD-6).
    sequence_naturals: int
    #: Wild cards a sequence may hold (HW-MELD-6).
    sequence_wilds: int
    #: The longest sequence (SA-MELD-3), all the ranks 4 to Ace if unlimited.
    longest_sequence: int
    #: A side may hold several melds of one rank (HW-MELD-9).
    several: bool
    #: Melds of wild cards may be laid (HW-MELD-4).
    wild_melds: bool
    #: The longest meld of wild cards (BO-MELD-4), or :data:`UNBOUNDED`.
    longest_wild_meld: int
    #: Black threes a meld of them may hold (CL-B3-3, HW-B3-4), and its wild cards (HW-B3-3).
    black_threes: int
    black_three_wilds: int
    #: The most wild cards a meld of one rank with n natural cards holds, by n (CL-MELD-3).
    max_wilds: tuple[int, ...]
    #: The fewest natural cards a canasta of one rank holds, with as many wild cards as they
    #: allow (CL-MELD-3); 0 where none is made.
    canasta_naturals: int
    #: From this size a canasta takes no more wild cards (CL-CAN-4), or :data:`UNBOUNDED`.
    closed_at: int
    #: The fewest wild cards a new meld of n natural cards of one rank needs, by n, or
    #: :data:`UNBOUNDED` where n naturals make none (CL-MELD-2, CL-MELD-3, CL-MELD-5). More
    #: naturals never need more: a meld of some of them needs no fewer.
    new_meld_wilds: tuple[int, ...]

    def __hash__(self) -> int:
        """The rules' hash, which the rule set keeps: tables equal have equal rules, and
        the caches keyed by tables (the going-out search's, at every position) would
        otherwise hash the two tables above, a hundred numbers and more each, every time."""
        return hash(self.rules)


@remembered(16)
def tables(rules: RuleSet) -> Tables:
    """The :class:`Tables` of ``rules``: made once for each of the last rule sets played."""
    most_naturals = 4 * rules.decks * len(NATURAL_RANKS)  # every natural card of the pack
    max_wilds = tuple(rules.max_wilds(n) for n in range(most_naturals + 1))
    size = rules.canasta_size
    return Tables(
        rules=rules,
        min_size=rules.min_meld_size,
        min_naturals=rules.min_naturals,
        canasta_size=rules.canasta_size,
        sequences=rules.sequences_allowed,
        sequence_naturals=max(
            2, rules.min_naturals, rules.min_meld_size - rules.max_wilds_per_sequence
        ),
        sequence_wilds=rules.max_wilds_per_sequence,
        longest_sequence=min(rules.max_sequence_length or TOP + 1, TOP + 1),
        several=rules.several_melds_per_rank,
        wild_melds=rules.wild_melds_allowed,
        longest_wild_meld=rules.max_wild_meld_length or UNBOUNDED,
        black_threes=rules.max_black_threes_per_meld,
        black_three_wilds=rules.black_three_meld_max_wilds,
        max_wilds=max_wilds,
        canasta_naturals=next(
            (n for n in range(1, len(max_wilds)) if n + max_wilds[n] >= size), 0
        ),
        closed_at=UNBOUNDED if rules.allow_wild_on_canasta else rules.canasta_size,
        new_meld_wilds=tuple(_new_meld_wilds(rules, n) for n in range(most_naturals + 1)),
    )


def _new_meld_wilds(rules: RuleSet, naturals: int) -> int:
    need = max(0, rules.min_meld_size - naturals)
    if naturals < rules.min_naturals or need > rules.max_wilds(naturals):
        return UNBOUNDED
    return need
