"""Rule sets: the numbers, tables and switches that make one game of Canasta differ from another.

A :class:`RuleSet` is a frozen value. The engine asks it questions (``rules.initial_minimum``,
``rules.max_wilds``, ``rules.red_three_amount``) and never asks for its name, so a house rule
is one ``attrs.evolve`` away:

>>> import attrs
>>> from canasta import find_rules
>>> rules = find_rules("classic")
>>> rules.num_players, rules.hand_size, rules.initial_minimum(1500)
(4, 11, 90)
>>> house = attrs.evolve(rules, one_card_pile_rule=False, concealed_bonus_total=300)
>>> house.one_card_pile_rule, rules.one_card_pile_rule
(False, True)
>>> find_rules("classic", players=2).draw_count
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import attrs

from canasta._model.cards import Card
from canasta._model.melds import CanastaKind, Meld
from canasta._rules.fields import (
    _at_least,
    _id_pairs,
    _is_bool,
    _multiple_of_five,
    _one_of,
    _optional,
    _pairs,
    _table,
    contradictions,
)
from canasta.errors import RuleSetError, shown

__all__ = [
    "RuleSet",
    "RuleSetError",
    "classic",
    "classic_five_player",
    "classic_six_player",
    "classic_three_player",
    "classic_two_player",
]

WildRatio = Literal["none", "naturals_ge_wilds", "naturals_gt_wilds", "two_naturals_per_wild"]
PileFrozenAtStart = Literal["if_wild_or_red3", "always"]
RedThreeTiming = Literal["after_deal", "first_turn"]
AskPermission = Literal["optional", "mandatory", "disabled"]
ConcealedMinRule = Literal["pile_only", "always", "never"]
ExhaustedTake = Literal["whole_pile", "top_card_only"]
TieRule = Literal["play_on", "draw"]
ThreePlayerMode = Literal["individual", "cutthroat"]
FirstDealer = Literal["fixed", "cut"]
SixPlayerPack = Literal["three", "two"]
WildTopCard = Literal["stop", "wild_pair"]
WildStopPolicy = Literal[
    "own_wild_canasta", "any_wild_canasta", "own_canasta_accepting_wild", "never"
]

#: The initial-meld table of CL-INIT-1: (lowest cumulative score, minimum count); ``None``
#: stands for minus infinity.
CLASSIC_INITIAL_MELD_TABLE: tuple[tuple[int | None, int], ...] = (
    (None, 15),
    (0, 50),
    (1500, 90),
    (3000, 120),
)


# The hash is kept: rule sets key the engine's per-rule-set tables, and hashing sixty
# fields on every look-up would cost more than the look-up saves.
@attrs.frozen(slots=True, kw_only=True, cache_hash=True)
class RuleSet:
    """All the settings of one way to play Canasta.

    The defaults are Classic Canasta for four players in two partnerships, as in
    section 19 of the Classic rules; presets exist for the other player counts
    (:func:`find_rules`). Each field names the rule it implements.
    """

    #: The rule set's family name, for display and lookup only; the engine never reads it.
    name: str = "classic"
    #: Players at the table, 2 to 6 (CL-SEAT, CL-V2 to CL-V6).
    num_players: int = attrs.field(default=4, validator=_one_of(2, 3, 4, 5, 6))
    #: Standard decks in the pack, each with two jokers (CL-DECK-1, CL-DECK-4).
    decks: int = attrs.field(default=2, validator=_one_of(2, 3))
    #: Cards dealt to each player (CL-DEAL-2).
    hand_size: int = attrs.field(default=11, validator=_at_least(1))
    #: Cards taken by one stock draw (CL-TURN-2, CL-V2-2).
    draw_count: int = attrs.field(default=1, validator=_one_of(1, 2))
    #: Completed canastas a side needs before it may go out (CL-CAN-6, CL-OUT-2).
    canastas_to_go_out: int = attrs.field(default=1, validator=_at_least(0))
    # The target as given; ``None`` means the usual one for the table (see target_score).
    _target_score: int | None = attrs.field(
        default=None, alias="target_score", validator=_optional(_at_least(1))
    )
    #: (lowest cumulative score, minimum count) rows, lowest first; ``None`` is minus
    #: infinity (CL-INIT-1).
    initial_meld_table: tuple[tuple[int | None, int], ...] = attrs.field(
        default=CLASSIC_INITIAL_MELD_TABLE, converter=_table
    )
    #: Cover a black three turned as upcard too, not only wild cards and red threes (CL-UP-2).
    upcard_cover_black_three: bool = attrs.field(default=False, validator=_is_bool)
    #: When the pile starts frozen (CL-UP-3, CL-UP-5).
    pile_frozen_at_start: PileFrozenAtStart = attrs.field(
        default="if_wild_or_red3", validator=_one_of("if_wild_or_red3", "always")
    )
    #: A black three on the pile freezes it like a wild card (CL-B3-2, CL-FRZ-3).
    black_three_freezes_pile: bool = attrs.field(default=False, validator=_is_bool)
    #: When dealt red threes are laid out and replaced (CL-R3-2).
    red_three_timing: RedThreeTiming = attrs.field(
        default="after_deal", validator=_one_of("after_deal", "first_turn")
    )
    #: Value of one red three (CL-R3-6).
    red_three_value: int = attrs.field(default=100, validator=_multiple_of_five)
    #: Value of all four red threes of a two-deck pack held by one side (CL-R3-6).
    red_three_four_bonus_total: int = attrs.field(default=800, validator=_multiple_of_five)
    #: Special values for larger counts of red threes, (count, total) (CL-V6-6).
    red_three_special_amounts: tuple[tuple[int, int], ...] = attrs.field(
        default=(), converter=_pairs
    )
    #: Red threes count plus only for a side with a canasta, not merely opened (CL-R3-8).
    red_threes_need_canasta: bool = attrs.field(default=False, validator=_is_bool)
    #: Extra limit on wild cards relative to naturals in a meld (CL-MELD-3).
    wild_ratio: WildRatio = attrs.field(
        default="none",
        validator=_one_of(
            "none", "naturals_ge_wilds", "naturals_gt_wilds", "two_naturals_per_wild"
        ),
    )
    #: The most wild cards one meld may hold (CL-MELD-3).
    max_wilds_per_meld: int = attrs.field(default=3, validator=_at_least(0))
    #: Natural cards a meld needs at all times (CL-MELD-2).
    min_naturals: int = attrs.field(default=2, validator=_at_least(1))
    #: Cards a new meld needs (CL-MELD-5).
    min_meld_size: int = attrs.field(default=3, validator=_at_least(2))
    #: Cards that make a meld a canasta (CL-CAN-1).
    canasta_size: int = attrs.field(default=7, validator=_at_least(3))
    #: Bonus for a natural canasta (CL-CAN-2).
    natural_canasta_bonus: int = attrs.field(default=500, validator=_multiple_of_five)
    #: Bonus for a mixed canasta (CL-CAN-2).
    mixed_canasta_bonus: int = attrs.field(default=300, validator=_multiple_of_five)
    #: Wild cards may be added to a completed canasta (CL-CAN-4).
    allow_wild_on_canasta: bool = attrs.field(default=True, validator=_is_bool)
    #: A side that has not opened may take the pile (with a natural pair and the minimum)
    #: (CL-PILE-6).
    allow_take_before_opening: bool = attrs.field(default=True, validator=_is_bool)
    #: A player holding one card may not take a one-card pile (CL-PILE-7).
    one_card_pile_rule: bool = attrs.field(default=True, validator=_is_bool)
    #: Asking the partner's permission to go out (CL-ASK-1).
    ask_permission: AskPermission = attrs.field(
        default="optional", validator=_one_of("optional", "mandatory", "disabled")
    )
    #: Bonus for going out (CL-OUT-4).
    going_out_bonus: int = attrs.field(default=100, validator=_multiple_of_five)
    #: Total going-out bonus when going out concealed (CL-CONC-2).
    concealed_bonus_total: int = attrs.field(default=200, validator=_multiple_of_five)
    #: A concealed going out may end with a discard (CL-CONC-1).
    concealed_allows_discard: bool = attrs.field(default=True, validator=_is_bool)
    #: When a concealed going out of an unopened side must still reach the minimum (CL-CONC-4).
    concealed_min_rule: ConcealedMinRule = attrs.field(
        default="pile_only", validator=_one_of("pile_only", "always", "never")
    )
    #: A player who draws a red three as the last stock card may still meld (CL-EXH-1).
    last_red_three_may_meld: bool = attrs.field(default=False, validator=_is_bool)
    #: What a take with an empty stock takes (CL-EXH-6).
    exhausted_take: ExhaustedTake = attrs.field(
        default="whole_pile", validator=_one_of("whole_pile", "top_card_only")
    )
    #: With an empty stock a player must take a pile whose top card fits a side's meld
    #: (CL-EXH-3).
    forced_take_when_exhausted: bool = attrs.field(default=True, validator=_is_bool)
    #: What happens on an exact tie for the highest score at or above the target (CL-MATCH-4).
    tie_rule: TieRule = attrs.field(default="play_on", validator=_one_of("play_on", "draw"))
    #: End the match after this many deals even if no side has reached the target: a house
    #: rule for a fixed number of hands, and one deal for learning environments. The side
    #: ahead wins; equal leaders draw. ``None``: play to the target (CL-MATCH-1).
    deal_limit: int | None = attrs.field(default=None, validator=_optional(_at_least(1)))
    #: How three players play: each alone, or cutthroat, where the other two pool their
    #: melds against the first to take the pile (CL-V3-1, CL-V3-3).
    three_player_mode: ThreePlayerMode = attrs.field(
        default="individual", validator=_one_of("individual", "cutthroat")
    )
    #: The pack six players use (CL-V6-2).
    six_player_pack: SixPlayerPack = attrs.field(
        default="three", validator=_one_of("three", "two")
    )
    #: Sides at a six-player table: two of three or three of two (CL-V6-1).
    six_player_sides: int = attrs.field(default=2, validator=_one_of(2, 3))
    # --- the three-deck games: sequences, wild melds, more ways to take the pile ------------
    #: Same-suit sequences from 4 up to Ace may be melded (HW-MELD-3, SA-MELD-3).
    sequences_allowed: bool = attrs.field(default=False, validator=_is_bool)
    #: The most wild cards one sequence may hold (HW-MELD-6; 0 in Samba, SA-MELD-3).
    max_wilds_per_sequence: int = attrs.field(default=1, validator=_one_of(0, 1))
    #: The longest sequence; ``None`` for no limit but the ranks 4 to Ace (SA-MELD-3).
    max_sequence_length: int | None = attrs.field(default=None, validator=_optional(_at_least(3)))
    #: Melds of wild cards only may be laid (HW-MELD-4, BO-MELD-4).
    wild_melds_allowed: bool = attrs.field(default=False, validator=_is_bool)
    #: The longest meld of wild cards; ``None`` for no limit (BO-MELD-4).
    max_wild_meld_length: int | None = attrs.field(default=None, validator=_optional(_at_least(3)))
    #: A side may hold several melds of one rank, sequences of one suit and wild melds
    #: (HW-MELD-9, SA-MELD-4).
    several_melds_per_rank: bool = attrs.field(default=False, validator=_is_bool)
    #: Two of a side's melds of one rank, or sequences of one suit that meet, may be merged
    #: (HW-MRG-1, SA-MRG-1).
    merging_allowed: bool = attrs.field(default=False, validator=_is_bool)
    #: Bonus for a sequence canasta with a wild card (HW-CAN-1).
    mixed_sequence_canasta_bonus: int = attrs.field(default=1000, validator=_multiple_of_five)
    #: Bonus for a natural sequence canasta (HW-CAN-1, SA-CAN-1).
    natural_sequence_canasta_bonus: int = attrs.field(default=1500, validator=_multiple_of_five)
    #: Bonus for a canasta of wild cards (HW-CAN-1: 2000; BO-CAN-1: 2500).
    wild_canasta_bonus: int = attrs.field(default=2000, validator=_multiple_of_five)
    #: The pile may be taken with one natural of the top card's rank and one wild card
    #: (CL-PILE-3 (b); never in the three-deck games, HW-PILE-1).
    take_with_natural_and_wild: bool = attrs.field(default=True, validator=_is_bool)
    #: The pile may be taken with two cards of the top card's suit that make a sequence
    #: with it (M2, HW-PILE-1).
    take_with_suited_pair: bool = attrs.field(default=False, validator=_is_bool)
    #: What a wild top card is: a stop card (CL-PILE-2), or taken with a pair of its own
    #: kind, two jokers or two twos (M3, HW-PILE-1).
    wild_top_card: WildTopCard = attrs.field(
        default="stop", validator=_one_of("stop", "wild_pair")
    )
    #: A side that has not melded may open with a wild pair (A-5: not by default).
    open_with_wild_pair: bool = attrs.field(default=False, validator=_is_bool)
    #: A wild top card may be added to the side's meld of wild cards that is not a canasta
    #: (HW-PILE-6, A-4).
    wild_top_layoff_to_wild_meld: bool = attrs.field(default=False, validator=_is_bool)
    #: When a wild top card is a stop card for the player (HW-STOP-1, A-3).
    wild_stop_policy: WildStopPolicy = attrs.field(
        default="own_wild_canasta",
        validator=_one_of(
            "own_wild_canasta", "any_wild_canasta", "own_canasta_accepting_wild", "never"
        ),
    )
    #: The top card may be added to a completed canasta when the pile is taken (CL-PILE-3;
    #: never in the three-deck games, HW-PILE-5).
    take_onto_canasta: bool = attrs.field(default=True, validator=_is_bool)
    #: A player draws what is left of a short stock (CL-EXH-7, HW-STOCK-2); otherwise a stock
    #: too short for a full draw is exhausted (A-7's alternative).
    draw_from_short_stock: bool = attrs.field(default=True, validator=_is_bool)
    #: Cards left in the hands count against their side (CL-VAL-2 (b), HW-SCORE-1 (e), A-14).
    hand_cards_deducted: bool = attrs.field(default=True, validator=_is_bool)
    #: Two melds of wild cards may be merged (HW-MRG-5, A-15).
    merge_wild_melds: bool = attrs.field(default=True, validator=_is_bool)
    #: A pair of wild cards takes the pile when it is frozen (A-50; its wild top card always
    #: freezes it, so without this M3 never applies).
    wild_pair_takes_frozen_pile: bool = attrs.field(default=True, validator=_is_bool)
    #: The top card may be added only to a sequence when the pile is taken (A-40, the
    #: canasta.ch reading of Samba's M4).
    layoff_onto_sequences_only: bool = attrs.field(default=False, validator=_is_bool)
    #: The last card of the stock may be drawn (HW-STOCK-1: never in Hollywood).
    last_stock_card_drawable: bool = attrs.field(default=True, validator=_is_bool)
    #: The most black threes in one meld (CL-B3-3: four; HW-B3-4: six).
    max_black_threes_per_meld: int = attrs.field(default=4, validator=_at_least(3))
    #: Wild cards a meld of black threes may hold (HW-B3-3: two).
    black_three_meld_max_wilds: int = attrs.field(default=0, validator=_at_least(0))
    #: Sides at a five-player table: a side of two against a side of three who sit out in
    #: turn (CL-V5, HW-SEAT-3), or five players each alone (SA-SEAT-1).
    five_player_sides: int = attrs.field(default=2, validator=_one_of(2, 5))
    #: Canastas a side needs for its red threes to count plus, when
    #: ``red_threes_need_canasta`` (CL-R3-8: one; SA-R3-3: two).
    red_threes_canastas_needed: int = attrs.field(default=1, validator=_at_least(1))
    #: Going out needs a natural sequence canasta among the side's canastas (BO-OUT-1).
    going_out_needs_natural_sequence: bool = attrs.field(default=False, validator=_is_bool)
    #: What a black three left in a hand costs at the end of a deal (CL-VAL-1: 5; BO-B3-3: 100).
    black_three_in_hand_value: int = attrs.field(default=5, validator=_multiple_of_five)
    #: The pile counts as frozen for a side that has not melded (CL-FRZ-5; HW-FRZ-3: not in
    #: Hollywood, where the ways to open already restrict such a side).
    frozen_before_opening: bool = attrs.field(default=True, validator=_is_bool)
    #: The members of the side of three at a five-player table who sit out, in deal order
    #: (CL-V5-2: players 4, 2, 0; A-10: players 0, 2, 4).
    sit_out_order: tuple[int, ...] = attrs.field(default=(4, 2, 0), converter=tuple)
    #: The rule IDs this rule set cites instead of Classic's, as (Classic ID, own ID) pairs:
    #: the engine words a rejection once and cites the rule of the game being played.
    rule_ids: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_id_pairs)
    #: Cumulative score from which the six-player extra bracket applies (CL-V6-5).
    extra_bracket_start: int = attrs.field(default=7500, validator=_at_least(0))
    #: The minimum of the six-player extra bracket (CL-V6-5).
    extra_bracket_minimum: int = attrs.field(default=150, validator=_multiple_of_five)
    #: Who deals the first deal: the last player, so that player 0 plays first, or the
    #: highest card of a draw, ace high (CL-SEAT-3, HW-DEAL-1, A-11).
    first_dealer: FirstDealer = attrs.field(default="fixed", validator=_one_of("fixed", "cut"))

    def __attrs_post_init__(self) -> None:
        problems = contradictions(self)
        if problems:
            raise RuleSetError("contradictory rule set: " + "; ".join(problems))

    # --- seating --------------------------------------------------------------------------

    @property
    def active_players(self) -> int:
        """Players who take part in one deal (four of five at a five-player table, CL-V5-1)."""
        return 4 if self._five_with_sitter else self.num_players

    @property
    def _five_with_sitter(self) -> bool:
        return self.num_players == 5 and self.five_player_sides == 2

    @property
    def num_sides(self) -> int:
        """Sides that own melds and scores (CL-DEF-4)."""
        if self.num_players in (2, 3):
            return self.num_players
        if self.num_players == 6:
            return self.six_player_sides
        if self.num_players == 5:
            return self.five_player_sides
        return 2

    @property
    def cutthroat(self) -> bool:
        """Three-player cutthroat (CL-V3-3): the first player to take the pile plays alone
        against the other two, who pool their melds for the rest of the deal."""
        return self.num_players == 3 and self.three_player_mode == "cutthroat"

    @property
    def has_partners(self) -> bool:
        """Whether sides have more than one player, so asking permission applies (CL-ASK-4)."""
        return self.num_sides < self.num_players

    def seat_players(self, deal_number: int) -> tuple[int, ...]:
        """Which player sits in each seat of a deal, in turn order.

        Everybody plays every deal, except at a five-player table, where the members of the
        side of three (players 0, 2 and 4) sit out in turn (CL-V5-2).

        >>> [classic_five_player().seat_players(n) for n in range(4)]
        [(0, 1, 2, 3), (0, 1, 4, 3), (2, 1, 4, 3), (0, 1, 2, 3)]
        """
        if self._five_with_sitter:
            sitter = self.sit_out_order[deal_number % len(self.sit_out_order)]
            first, second = (player for player in (0, 2, 4) if player != sitter)
            return (first, 1, second, 3)
        return tuple(range(self.num_players))

    def side_of_player(self, player: int) -> int:
        """The side a player belongs to: sides alternate around the table (CL-DEF-4)."""
        return player % (2 if self._five_with_sitter else self.num_sides)

    def freezes_pile(self, card: Card) -> bool:
        """Whether this card in the pile freezes it: a wild card or red three (CL-FRZ-1), or a
        black three under ``black_three_freezes_pile`` (CL-B3-2)."""
        return (
            card.is_wild
            or card.is_red_three
            or (card.is_black_three and self.black_three_freezes_pile)
        )

    @property
    def stock_reserve(self) -> int:
        """Cards at the bottom of the stock that are never drawn: 1 in Hollywood (HW-STOCK-1)."""
        return 0 if self.last_stock_card_drawable else 1

    @property
    def melds_by_position(self) -> bool:
        """Whether a meld is named by its position on the table rather than by its rank:
        the case when a side may hold several melds of one rank, sequences or wild melds."""
        return self.several_melds_per_rank or self.sequences_allowed or self.wild_melds_allowed

    @property
    def pack_size(self) -> int:
        """Cards in the pack: 54 a deck (52 and two jokers)."""
        return 54 * self.decks

    @property
    def red_threes_in_pack(self) -> int:
        """How many red threes the pack holds (two per deck)."""
        return 2 * self.decks

    @property
    def uses_extra_bracket(self) -> bool:
        """Six players with three packs add a fourth step to the minimum table (CL-V6-5)."""
        return self.num_players == 6 and self.six_player_pack == "three"

    @property
    def target_score(self) -> int:
        """The cumulative score that ends the match (CL-MATCH-1): the ``target_score`` given,
        or the usual one for the table (5000; six players with three packs: 10000 with two
        sides, 7500 with three, CL-V6-4; three-player cutthroat 7500, CL-V3-3).

        >>> RuleSet().target_score, classic_six_player().target_score
        (5000, 10000)
        >>> import attrs
        >>> attrs.evolve(classic_six_player(), six_player_sides=3).target_score
        7500
        >>> attrs.evolve(RuleSet(), target_score=3000).target_score
        3000
        """
        if self._target_score is not None:
            return self._target_score
        if self.uses_extra_bracket:
            return 10000 if self.six_player_sides == 2 else 7500
        if self.cutthroat:
            return 7500
        return 5000

    # --- questions the engine asks ---------------------------------------------------------

    def initial_minimum(self, cumulative_score: int) -> int:
        """The initial-meld minimum for a side with this score at the start of a deal (CL-INIT-1).

        >>> [RuleSet().initial_minimum(s) for s in (-5, 0, 1495, 1500, 2995, 3000)]
        [15, 50, 50, 90, 90, 120]
        """
        minimum = self.initial_meld_table[0][1]
        for low, value in self.initial_meld_table[1:]:
            assert low is not None
            if cumulative_score >= low:
                minimum = value
        if self.uses_extra_bracket and cumulative_score >= self.extra_bracket_start:
            minimum = max(minimum, self.extra_bracket_minimum)
        return minimum

    def max_wilds(self, naturals: int) -> int:
        """The most wild cards a meld with this many natural cards may hold (CL-MELD-3).

        >>> RuleSet().max_wilds(2), RuleSet(wild_ratio="naturals_gt_wilds").max_wilds(2)
        (3, 1)
        """
        ratio = self.wild_ratio
        if ratio == "none":
            limit = self.max_wilds_per_meld
        elif ratio == "naturals_ge_wilds":
            limit = naturals
        elif ratio == "naturals_gt_wilds":
            limit = naturals - 1
        else:  # two_naturals_per_wild
            limit = naturals // 2
        return max(0, min(self.max_wilds_per_meld, limit))

    def red_three_amount(self, count: int) -> int:
        """What ``count`` red threes are worth to one side, before the sign (CL-R3-6, CL-V6-6).

        >>> [RuleSet().red_three_amount(n) for n in range(5)]
        [0, 100, 200, 300, 800]
        """
        special = dict(self.red_three_special_amounts)
        if count in special:
            return special[count]
        if count == 4 and self.red_threes_in_pack == 4:
            return self.red_three_four_bonus_total
        return count * self.red_three_value

    def canasta_bonus(self, natural: bool) -> int:
        """The bonus of a canasta of one rank (CL-CAN-2)."""
        return self.natural_canasta_bonus if natural else self.mixed_canasta_bonus

    def is_canasta(self, meld: Meld) -> bool:
        """Whether ``meld`` is a canasta: ``canasta_size`` cards or more, and not black threes
        (CL-CAN-1, CL-B3-4, HW-CAN-2). The one statement of it in the package.

        >>> kings = Meld.of("KH KS KD KC KH KS 2C")
        >>> RuleSet().is_canasta(kings), RuleSet(canasta_size=8).is_canasta(kings)
        (True, False)
        """
        return meld.size >= self.canasta_size and not meld.is_black_threes

    def meld_bonus(self, meld: Meld) -> int:
        """The canasta bonus of ``meld``: 0 for a meld that is not a canasta (CL-CAN-2,
        HW-CAN-1)."""
        if not self.is_canasta(meld):
            return 0
        return self._bonuses[meld.kind_as_canasta]

    @property
    def _bonuses(self) -> dict[CanastaKind | None, int]:
        return {
            CanastaKind.NATURAL: self.natural_canasta_bonus,
            CanastaKind.MIXED: self.mixed_canasta_bonus,
            CanastaKind.NATURAL_SEQUENCE: self.natural_sequence_canasta_bonus,
            CanastaKind.MIXED_SEQUENCE: self.mixed_sequence_canasta_bonus,
            CanastaKind.WILD: self.wild_canasta_bonus,
        }

    def rule_id(self, classic_id: str) -> str:
        """The ID of the rule this rule set plays where Classic plays ``classic_id``.

        The engine words some rejections once for every game and names them by Classic's or
        Hollywood's rule; a ``/detail`` suffix tells apart cases that one rule covers in one
        game and two in another.

        >>> from canasta import find_rules
        >>> find_rules("hollywood").rule_id("CL-MELD-2"), RuleSet().rule_id("CL-MELD-2")
        ('HW-MELD-5', 'CL-MELD-2')
        """
        plain = classic_id.partition("/")[0]
        found = plain
        for classic, own in self.rule_ids:
            if classic == classic_id:
                return own
            if classic == plain:
                found = own
        return found

    def concealed_needs_minimum(self, took_pile: bool) -> bool:
        """Whether a concealed going out by an unopened side must reach the minimum (CL-CONC-4)."""
        if self.concealed_min_rule == "always":
            return True
        if self.concealed_min_rule == "never":
            return False
        return took_pile

    @classmethod
    def classic(cls, players: int = 4, **changes: Any) -> RuleSet:
        """The Classic preset for ``players`` players, with ``changes`` (section 19).

        >>> RuleSet.classic() == RuleSet()
        True
        >>> RuleSet.classic(players=2).canastas_to_go_out
        2
        """
        if players not in CLASSIC_PRESETS:
            raise RuleSetError(f"classic is played by 2 to 6 players, not {players}")
        return CLASSIC_PRESETS[players](**changes)

    def with_options(self, **changes: Any) -> RuleSet:
        """The rule set with some fields changed (the same as ``attrs.evolve``)."""
        unknown = sorted(set(changes) - {f.alias or f.name for f in attrs.fields(RuleSet)})
        if unknown:
            raise RuleSetError(f"RuleSet has no field {shown(unknown[0])}")
        return attrs.evolve(self, **changes)


def classic(**changes: Any) -> RuleSet:
    """Classic Canasta for four players in two partnerships (the section 19 defaults)."""
    return RuleSet(**changes)


def classic_two_player(**changes: Any) -> RuleSet:
    """Two players: 15 cards, draw two, two canastas to go out (CL-V2)."""
    settings: dict[str, Any] = {
        "num_players": 2,
        "hand_size": 15,
        "draw_count": 2,
        "canastas_to_go_out": 2,
    }
    return RuleSet(**(settings | changes))


def classic_three_player(**changes: Any) -> RuleSet:
    """Three players, each for themselves: 13 cards, draw one, one canasta (CL-V3).

    With ``three_player_mode="cutthroat"`` (CL-V3-3) a stock draw takes two cards and going
    out needs two canastas, unless ``changes`` say otherwise; the target is then 7500.

    >>> cut = classic_three_player(three_player_mode="cutthroat")
    >>> cut.draw_count, cut.canastas_to_go_out, cut.target_score
    (2, 2, 7500)
    """
    settings: dict[str, Any] = {"num_players": 3, "hand_size": 13}
    if changes.get("three_player_mode") == "cutthroat":
        settings |= {"draw_count": 2, "canastas_to_go_out": 2}
    return RuleSet(**(settings | changes))


def classic_five_player(**changes: Any) -> RuleSet:
    """Five players: two against three, the three sitting out in turn (CL-V5)."""
    return RuleSet(**({"num_players": 5} | changes))


def classic_six_player(pack: SixPlayerPack = "three", **changes: Any) -> RuleSet:
    """Six players (CL-V6): three packs, 13 cards, two canastas to go out, by default.

    ``pack="two"`` gives the two-pack game of CL-V6-7 (11 cards, one canasta, 5000).

    >>> six = classic_six_player()
    >>> six.decks, six.hand_size, six.target_score, six.initial_minimum(7500)
    (3, 13, 10000, 150)
    >>> classic_six_player(six_player_sides=3).target_score
    7500
    """
    pack = changes.pop("six_player_pack", pack)
    settings: dict[str, Any] = {"num_players": 6, "six_player_pack": pack}
    if pack == "three":
        settings |= {
            "decks": 3,
            "hand_size": 13,
            "canastas_to_go_out": 2,
            "red_three_special_amounts": ((5, 1000), (6, 1200)),
        }
    return RuleSet(**(settings | changes))


#: The Classic presets by number of players.
CLASSIC_PRESETS: dict[int, Callable[..., RuleSet]] = {
    2: classic_two_player,
    3: classic_three_player,
    4: classic,
    5: classic_five_player,
    6: classic_six_player,
}
