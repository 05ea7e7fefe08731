"""Rule sets: the numbers, tables and switches that make one game of Canasta differ from another.

A :class:`RuleSet` is a frozen value. The engine asks it questions (``rules.initial_minimum``,
``rules.max_wilds``, ``rules.red_three_amount``) and never asks for its name, so a house rule
is one ``attrs.evolve`` away:

>>> import attrs
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

import functools
from collections.abc import Callable
from typing import Any, Literal

import attrs

from canasta._model.cards import Card
from canasta.errors import RuleSetError, shown

__all__ = [
    "RuleSet",
    "RuleSetError",
    "bolivia",
    "classic",
    "classic_five_player",
    "classic_six_player",
    "classic_three_player",
    "classic_two_player",
    "find_rules",
    "hollywood",
    "rule_set_names",
    "samba",
]

WildRatio = Literal["none", "naturals_ge_wilds", "naturals_gt_wilds", "two_naturals_per_wild"]
PileFrozenAtStart = Literal["if_wild_or_red3", "always"]
RedThreeTiming = Literal["after_deal", "first_turn"]
AskPermission = Literal["optional", "mandatory", "disabled"]
ConcealedMinRule = Literal["pile_only", "always", "never"]
ExhaustedTake = Literal["whole_pile", "top_card_only"]
TieRule = Literal["play_on", "draw"]
ThreePlayerMode = Literal["individual", "cutthroat"]
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


def _public(attribute: attrs.Attribute[Any]) -> str:
    return attribute.alias or attribute.name


def _one_of(*values: object) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in values:
            allowed = ", ".join(repr(v) for v in values)
            raise RuleSetError(f"{_public(attribute)} must be one of {allowed}; got {value!r}")

    return check


def _at_least(minimum: int) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise RuleSetError(
                f"{_public(attribute)} must be a whole number ≥ {minimum}; got {shown(value)}"
            )

    return check


def _optional(
    check: Callable[[Any, attrs.Attribute[Any], Any], None],
) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check_unless_none(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is not None:
            check(instance, attribute, value)

    return check_unless_none


def _is_bool(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise RuleSetError(f"{_public(attribute)} must be True or False; got {shown(value)}")


def _multiple_of_five(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value % 5:
        raise RuleSetError(f"{_public(attribute)} must be a whole multiple of 5; got {value!r}")


def _table(value: Any) -> tuple[tuple[int | None, int], ...]:
    return tuple((None if low is None else int(low), int(minimum)) for low, minimum in value)


def _id_pairs(value: Any) -> tuple[tuple[str, str], ...]:
    items = value.items() if isinstance(value, dict) else value
    return tuple(sorted((str(a), str(b)) for a, b in items))


_ID_MAPS: dict[tuple[tuple[str, str], ...], dict[str, str]] = {}


def _pairs(value: Any) -> tuple[tuple[int, int], ...]:
    return tuple((int(a), int(b)) for a, b in value)


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
    #: How three players play (CL-V3).
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

    def __attrs_post_init__(self) -> None:
        problems = list(self._contradictions())
        if problems:
            raise RuleSetError("contradictory rule set: " + "; ".join(problems))

    def _contradictions(self) -> list[str]:
        problems = []
        lows = [low for low, _ in self.initial_meld_table]
        bounds = [low for low in lows[1:] if low is not None]
        if (
            not lows
            or lows[0] is not None
            or len(bounds) != len(lows) - 1
            or bounds != sorted(bounds)
        ):
            problems.append(
                "initial_meld_table must start with (None, minimum) and list its lower "
                "bounds in increasing order"
            )
        if self.min_naturals > self.min_meld_size:
            problems.append("min_naturals may not exceed min_meld_size")
        if self.canasta_size < self.min_meld_size:
            problems.append("canasta_size may not be smaller than min_meld_size")
        if self.num_players == 6 and self.decks != (3 if self.six_player_pack == "three" else 2):
            problems.append(
                f"six_player_pack={self.six_player_pack!r} needs decks="
                f"{3 if self.six_player_pack == 'three' else 2}, got decks={self.decks}"
            )
        if self.num_players != 6 and self.six_player_sides != 2:
            problems.append("six_player_sides applies only to six players")
        if self.num_players != 5 and self.five_player_sides != 2:
            problems.append("five_player_sides applies only to five players")
        if self.num_players == 3 and self.three_player_mode == "cutthroat":
            problems.append(
                "three_player_mode='cutthroat' (CL-V3-3) is not implemented yet; use 'individual'"
            )
        if self.take_with_suited_pair and not self.sequences_allowed:
            problems.append("take_with_suited_pair needs sequences_allowed")
        if self.wild_top_card == "wild_pair" and not self.wild_melds_allowed:
            problems.append("wild_top_card='wild_pair' needs wild_melds_allowed")
        if sorted(self.sit_out_order) != [0, 2, 4]:
            problems.append("sit_out_order must name players 0, 2 and 4, each once")
        if self.merging_allowed and not self.several_melds_per_rank:
            problems.append("merging_allowed needs several_melds_per_rank")
        dealt = self.hand_size * self.active_players
        if dealt + 2 > self.pack_size:
            problems.append(f"dealing {dealt} cards leaves too few of {self.pack_size}")
        return problems

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
        sides, 7500 with three, CL-V6-4).

        >>> classic().target_score, classic_six_player().target_score
        (5000, 10000)
        >>> import attrs
        >>> attrs.evolve(classic_six_player(), six_player_sides=3).target_score
        7500
        >>> attrs.evolve(classic(), target_score=3000).target_score
        3000
        """
        if self._target_score is not None:
            return self._target_score
        if self.uses_extra_bracket:
            return 10000 if self.six_player_sides == 2 else 7500
        return 5000

    # --- questions the engine asks ---------------------------------------------------------

    def initial_minimum(self, cumulative_score: int) -> int:
        """The initial-meld minimum for a side with this score at the start of a deal (CL-INIT-1).

        >>> [classic().initial_minimum(s) for s in (-5, 0, 1495, 1500, 2995, 3000)]
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

        >>> classic().max_wilds(2), classic(wild_ratio="naturals_gt_wilds").max_wilds(2)
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

        >>> [classic().red_three_amount(n) for n in range(5)]
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

    def rule_id(self, classic_id: str) -> str:
        """The ID of the rule this rule set plays where Classic plays ``classic_id``.

        The engine words some rejections once for every game and names them by Classic's or
        Hollywood's rule; a ``/detail`` suffix tells apart cases that one rule covers in one
        game and two in another.

        >>> hollywood().rule_id("CL-MELD-2"), classic().rule_id("CL-MELD-2")
        ('HW-MELD-5', 'CL-MELD-2')
        """
        plain = classic_id.partition("/")[0]
        if not self.rule_ids:
            return plain
        table = _ID_MAPS.get(self.rule_ids)
        if table is None:
            table = _ID_MAPS[self.rule_ids] = dict(self.rule_ids)
        return table.get(classic_id) or table.get(plain, plain)

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
        if players not in _PRESETS["classic"]:
            raise RuleSetError(f"classic is played by 2 to 6 players, not {players}")
        return _PRESETS["classic"][players](**changes)

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
    """Three players, each for themselves: 13 cards, draw one, one canasta (CL-V3)."""
    return RuleSet(**({"num_players": 3, "hand_size": 13} | changes))


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


#: The initial-meld table of HW-INIT-1 (and SA-INIT-1, BO-INIT-1).
THREE_DECK_INITIAL_MELD_TABLE: tuple[tuple[int | None, int], ...] = (
    (None, 15),
    (0, 50),
    (1500, 90),
    (3000, 120),
    (7000, 150),
)


#: Where Hollywood's rules stand in for Classic's, for the rejections both games share.
HOLLYWOOD_RULE_IDS = {
    "CL-ASK-1": "HW-OUT-9",
    "CL-ASK-2": "HW-OUT-9",
    "CL-ASK-3": "HW-OUT-9",
    "CL-ASK-4": "HW-OUT-9",
    "CL-B3-3": "HW-B3-3",
    "CL-B3-4": "HW-B3-3",
    "CL-CAN-4": "HW-CAN-4",
    "CL-CONC-1": "HW-OUT-4",
    "CL-DECK-1": "HW-DECK-1",
    "CL-DISC-1": "HW-DRAW-1",
    "CL-EXH-1": "HW-R3-7",
    "CL-FRZ-1": "HW-FRZ-1",
    "CL-EXH-3": "HW-STOCK-4",
    "CL-INIT-1": "HW-INIT-1",
    "CL-INIT-4": "HW-INIT-3",
    "CL-MATCH-3": "HW-MATCH-2",
    "CL-MELD-1": "HW-MELD-2",
    "CL-MELD-2": "HW-MELD-5",
    "CL-MELD-3": "HW-MELD-6",
    "CL-MELD-4": "HW-MELD-4",
    "CL-MELD-5": "HW-MELD-1",
    "CL-MELD-6": "HW-MELD-9",
    "CL-MELD-8": "HW-MELD-8",
    "CL-OUT-2": "HW-OUT-1",
    "CL-OUT-3": "HW-OUT-8",
    "CL-PILE-2": "HW-PILE-4",
    "CL-PILE-3": "HW-PILE-1",
    "CL-PILE-4": "HW-MELD-6",
    "CL-PILE-5": "HW-FRZ-2",
    "CL-PILE-6": "HW-INIT-4",
    "CL-PILE-7": "HW-PILE-7",
    "CL-R3-1": "HW-MELD-7",
    "CL-TURN-1": "HW-DRAW-1",
    "CL-TURN-3": "HW-DRAW-1",
    "CL-TURN-4": "HW-DRAW-1",
    "CL-TURN-7": "HW-DRAW-1",
    "CL-TURN-8": "HW-DRAW-5",
    "CL-V5-1": "HW-SEAT-3",
    "CL-DEF-4": "HW-SEAT-5",
}


def hollywood(players: int = 4, **changes: Any) -> RuleSet:
    """Hollywood Canasta (section 1 of the three-deck rules) for ``players`` players.

    Three decks and six jokers; 15 cards (13 with six players); draw two; sequences and
    melds of wild cards; two canastas to go out; a match to 10000.

    >>> rules = hollywood()
    >>> rules.pack_size, rules.hand_size, rules.draw_count, rules.sequences_allowed
    (162, 15, 2, True)
    >>> hollywood(6, six_player_sides=3).num_sides
    3
    """
    settings: dict[str, Any] = {
        "upcard_cover_black_three": True,
        "min_naturals": 3,
        "max_wilds_per_sequence": 1,
        "wild_melds_allowed": True,
        "take_with_suited_pair": True,
        "wild_top_card": "wild_pair",
        "last_stock_card_drawable": False,
        "black_three_meld_max_wilds": 2,
        "rule_ids": HOLLYWOOD_RULE_IDS,
        "frozen_before_opening": False,
        "sit_out_order": (0, 2, 4),
    }
    return _three_deck("hollywood", players, settings | changes)


def _three_deck(name: str, players: int, settings: dict[str, Any]) -> RuleSet:
    """What Hollywood, Samba and Bolivia share (section 4 of the three-deck rules), with
    ``settings`` over it: three decks, 15 cards (13 with six players), draw two, sequences
    and several melds of a rank, two canastas to go out, a match to 10000."""
    if players not in (2, 3, 4, 5, 6):
        raise RuleSetError(f"{name} is played by 2 to 6 players, not {players}")
    shared: dict[str, Any] = {
        "name": name,
        "num_players": players,
        "decks": 3,
        "hand_size": 13 if players == 6 else 15,
        "draw_count": 2,
        "canastas_to_go_out": 2,
        "target_score": 10000,
        "initial_meld_table": THREE_DECK_INITIAL_MELD_TABLE,
        "red_three_timing": "first_turn",
        "red_three_special_amounts": ((6, 1000),),
        "max_wilds_per_meld": 2,
        "ask_permission": "disabled",
        "tie_rule": "draw",
        "sequences_allowed": True,
        "several_melds_per_rank": True,
        "merging_allowed": True,
        "take_with_natural_and_wild": False,
        "take_onto_canasta": False,
        "max_black_threes_per_meld": 6,
    }
    return RuleSet(**(shared | settings))


#: Where Samba's rules stand in for Classic's and Hollywood's.
SAMBA_RULE_IDS = {
    "CL-ASK-1": "SA-OUT-4",
    "CL-ASK-2": "SA-OUT-4",
    "CL-ASK-3": "SA-OUT-4",
    "CL-ASK-4": "SA-OUT-4",
    "CL-B3-3": "SA-B3-2",
    "CL-B3-4": "SA-B3-2",
    "CL-CAN-4": "SA-CAN-2",
    "CL-CONC-1": "SA-OUT-2",
    "CL-DECK-1": "SA-DECK-1",
    "CL-DEF-4": "SA-SEAT-3",
    "CL-DISC-1": "SA-DRAW-1",
    "CL-EXH-1": "SA-STOCK-1",
    "CL-FRZ-1": "SA-FRZ-1",
    "CL-EXH-3": "SA-STOCK-2",
    "CL-INIT-1": "SA-INIT-1",
    "CL-INIT-4": "SA-INIT-3",
    "CL-MATCH-3": "SA-MATCH-1",
    "CL-MELD-1": "SA-MELD-2",
    "CL-MELD-2": "SA-MELD-2",
    "CL-MELD-3": "SA-MELD-2",
    "CL-MELD-4": "SA-MELD-1",
    "CL-MELD-5": "SA-MELD-2",
    "CL-MELD-6": "SA-MELD-4",
    "CL-MELD-8": "SA-SEAT-3",
    "CL-OUT-2": "SA-OUT-1",
    "CL-OUT-3": "SA-OUT-1",
    "CL-PILE-2": "SA-PILE-4",
    "CL-PILE-2/wild": "SA-PILE-3",
    "CL-PILE-3": "SA-PILE-1",
    "CL-PILE-4": "SA-MELD-2",
    "CL-PILE-5": "SA-FRZ-2",
    "CL-PILE-6": "SA-INIT-4",
    "CL-PILE-6/minimum": "SA-INIT-1",
    "CL-PILE-7": "SA-PILE-5",
    "CL-R3-1": "SA-MELD-7",
    "CL-TURN-1": "SA-DRAW-1",
    "CL-TURN-3": "SA-DRAW-1",
    "CL-TURN-4": "SA-DRAW-1",
    "CL-TURN-7": "SA-DRAW-1",
    "CL-TURN-8": "SA-DRAW-4",
    "CL-V5-1": "SA-SEAT-1",
    "HW-B3-3": "SA-B3-2",
    "HW-CAN-4": "SA-CAN-3",
    "HW-INIT-4": "SA-INIT-4",
    "HW-MELD-3": "SA-MELD-3",
    "HW-MELD-4": "SA-MELD-1",
    "HW-MELD-5": "SA-MELD-3",
    "HW-MELD-6": "SA-MELD-3",
    "HW-MELD-9": "SA-MELD-4",
    "HW-MELD-10": "SA-MELD-3",
    "HW-MRG-1": "SA-MRG-1",
    "HW-MRG-2": "SA-MRG-1",
    "HW-PILE-1": "SA-PILE-1",
    "HW-PILE-5": "SA-PILE-2",
    "HW-PILE-6": "SA-PILE-3",
}

_SAMBA_TO_BOLIVIA = {
    "SA-B3-2": "BO-B3-2",
    "SA-CAN-2": "BO-CAN-2",
    "SA-CAN-3": "BO-CAN-3",
    "SA-DECK-1": "BO-DECK-1",
    "SA-DRAW-1": "BO-DRAW-1",
    "SA-DRAW-4": "BO-DRAW-1",
    "SA-FRZ-1": "BO-FRZ-1",
    "SA-FRZ-2": "BO-FRZ-1",
    "SA-INIT-1": "BO-INIT-1",
    "SA-INIT-3": "BO-INIT-2",
    "SA-INIT-4": "BO-INIT-3",
    "SA-MATCH-1": "BO-MATCH-1",
    "SA-MELD-1": "BO-MELD-1",
    "SA-MELD-2": "BO-MELD-2",
    "SA-MELD-3": "BO-MELD-3",
    "SA-MELD-4": "BO-MELD-5",
    "SA-MELD-7": "BO-MELD-5",
    "SA-MRG-1": "BO-MRG-1",
    "SA-OUT-1": "BO-OUT-1",
    "SA-OUT-2": "BO-OUT-2",
    "SA-OUT-4": "BO-OUT-3",
    "SA-PILE-1": "BO-PILE-1",
    "SA-PILE-2": "BO-PILE-1",
    "SA-PILE-3": "BO-PILE-2",
    "SA-PILE-4": "BO-PILE-4",
    "SA-PILE-5": "BO-PILE-4",
    "SA-SEAT-1": "BO-SEAT-2",
    "SA-SEAT-3": "BO-SEAT-2",
    "SA-STOCK-1": "BO-STOCK-1",
    "SA-STOCK-2": "BO-STOCK-1",
}

#: Where Bolivia's rules stand in for the others' (most are "as in Samba", BO-*).
BOLIVIA_RULE_IDS = {key: _SAMBA_TO_BOLIVIA[value] for key, value in SAMBA_RULE_IDS.items()} | {
    "SA-MELD-3": "BO-MELD-3",
    "HW-MELD-4": "BO-MELD-4",
}


def samba(players: int = 4, **changes: Any) -> RuleSet:
    """Samba (section 2 of the three-deck rules) for ``players`` players.

    Three decks and six jokers; 15 cards (13 with six players); draw two; sequences of one
    suit without wild cards, closed at seven (a samba, 1500); no melds of wild cards; two
    canastas to go out, for 200; red threes count plus only with two canastas; a match to
    10000. Two, three or five players play alone; six play in three partnerships.

    >>> rules = samba()
    >>> rules.max_sequence_length, rules.wild_melds_allowed, rules.going_out_bonus
    (7, False, 200)
    >>> samba(5).num_sides, samba(6).num_sides
    (5, 3)
    """
    settings: dict[str, Any] = {
        "red_threes_need_canasta": True,
        "red_threes_canastas_needed": 2,
        "min_naturals": 2,
        "allow_wild_on_canasta": False,
        "going_out_bonus": 200,
        "concealed_bonus_total": 200,
        "max_wilds_per_sequence": 0,
        "max_sequence_length": 7,
        "rule_ids": SAMBA_RULE_IDS,
    }
    if players == 5:
        settings["five_player_sides"] = 5
    if players == 6:
        settings["six_player_sides"] = 3
    return _three_deck(str(changes.get("name", "samba")), players, settings | changes)


def bolivia(players: int = 4, **changes: Any) -> RuleSet:
    """Bolivia (section 3 of the three-deck rules): Samba with melds of wild cards, closed
    at seven (a bolivia, 2500), going out only with a natural sequence canasta (an
    escalera), black threes left in hand costing 100, and a match to 15000.

    >>> rules = bolivia()
    >>> rules.wild_canasta_bonus, rules.going_out_needs_natural_sequence, rules.target_score
    (2500, True, 15000)
    """
    if players not in (2, 3, 4, 5, 6):
        raise RuleSetError(f"bolivia is played by 2 to 6 players, not {players}")
    settings: dict[str, Any] = {
        "name": "bolivia",
        "target_score": 15000,
        "wild_melds_allowed": True,
        "max_wild_meld_length": 7,
        "wild_canasta_bonus": 2500,
        "going_out_needs_natural_sequence": True,
        "black_three_in_hand_value": 100,
        "rule_ids": BOLIVIA_RULE_IDS,
    }
    return samba(players, **(settings | changes))


_PRESETS: dict[str, dict[int, Callable[..., RuleSet]]] = {
    "classic": {
        2: classic_two_player,
        3: classic_three_player,
        4: classic,
        5: classic_five_player,
        6: classic_six_player,
    },
    "hollywood": {n: functools.partial(hollywood, n) for n in (2, 3, 4, 5, 6)},
    "samba": {n: functools.partial(samba, n) for n in (2, 3, 4, 5, 6)},
    "bolivia": {n: functools.partial(bolivia, n) for n in (2, 3, 4, 5, 6)},
}
_DEFAULT_PLAYERS = {"classic": 4, "hollywood": 4, "samba": 4, "bolivia": 4}


def rule_set_names() -> tuple[str, ...]:
    """The names :func:`find_rules` knows."""
    return tuple(_PRESETS)


def find_rules(name: str | RuleSet, players: int | None = None) -> RuleSet:
    """The preset rule set called ``name`` for ``players`` players (its usual count if omitted).

    A :class:`RuleSet` passed in is returned as it is (checked against ``players``).

    >>> find_rules("Classic", players=6).decks
    3
    >>> find_rules("pinochle")
    Traceback (most recent call last):
    ...
    canasta.RuleSetError: unknown rule set 'pinochle'; known rule sets: classic, ...
    """
    if isinstance(name, RuleSet):
        if players is not None and players != name.num_players:
            raise RuleSetError(
                f"the rule set is for {name.num_players} players, not {players}; "
                f"use attrs.evolve or a preset for {players} players"
            )
        return name
    key = str(name).strip().lower()
    if key not in _PRESETS:
        raise RuleSetError(
            f"unknown rule set {shown(name)}; known rule sets: {', '.join(rule_set_names())}"
        )
    by_players = _PRESETS[key]
    count = _DEFAULT_PLAYERS[key] if players is None else players
    if count not in by_players:
        counts = ", ".join(str(n) for n in by_players)
        raise RuleSetError(f"{key} is played by {counts} players, not {players}")
    return by_players[count]()
