"""Scoring a finished deal (CL-SCORE), with every component reported apart.

>>> from canasta._rules.ruleset import classic
>>> score = SideScore(side=0, meld_points=180, canasta_bonus=300, red_threes=0,
...                   going_out=100, hand_penalty=0)
>>> score.total  # the worked example of CL-SCORE-7
580
"""

from __future__ import annotations

import attrs

from canasta._engine.state import EMPTY, Deal, DealEnd, Event
from canasta._model.cards import BLACK_THREES, RED_THREES

__all__ = ["DealResult", "SideScore", "score_deal"]


@attrs.frozen(slots=True)
class SideScore:
    """One side's score for one deal, component by component (CL-SCORE-2, CL-SCORE-6)."""

    side: int
    #: Card values of all melded cards (CL-VAL-2 (a)).
    meld_points: int
    #: 500 per natural and 300 per mixed canasta (CL-CAN-2).
    canasta_bonus: int
    #: Plus or minus the red-three amount (CL-R3-6).
    red_threes: int
    #: 100 for going out, or the concealed total (CL-OUT-4, CL-CONC-2).
    going_out: int
    #: Minus the card values left in the side's hands (CL-VAL-2 (b)); zero or negative.
    hand_penalty: int

    @property
    def total(self) -> int:
        """The deal's score for the side: the sum of the components."""
        return (
            self.meld_points
            + self.canasta_bonus
            + self.red_threes
            + self.going_out
            + self.hand_penalty
        )


@attrs.frozen(slots=True)
class DealResult:
    """What a finished deal gave: how it ended and each side's breakdown."""

    #: The deal's number in the match, from 0.
    number: int
    end: DealEnd
    #: The player (not seat) who went out, if any.
    went_out: int | None
    concealed: bool
    scores: tuple[SideScore, ...]
    #: The deal's public steps (seats, not players: see ``seat_players``).
    history: tuple[Event, ...] = ()
    #: Which player sat in each seat of the deal.
    seat_players: tuple[int, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total for the deal."""
        return tuple(score.total for score in self.scores)


def score_deal(deal: Deal) -> tuple[SideScore, ...]:
    """Score every side of a finished deal (CL-SCORE-1)."""
    rules = deal.rules
    scores = []
    for side in range(rules.num_sides):
        melds = deal.melds[side]
        # Pooled sides (cutthroat, CL-V3-3) each score the partnership's melds, going out
        # and hands, and their own red threes.
        pooled = deal.pooling(side)
        seats = [seat for seat in range(deal.seats) if deal.side_of(seat) in pooled]
        held = own = EMPTY
        for seat in seats:
            held = held + deal.hands[seat]
            if deal.side_of(seat) == side:
                own = own + deal.hands[seat]
        counts = held.counts
        # Red threes still in a hand (first-turn timing, deal ended early) belong to the side.
        red_in_hand = sum(own.counts[face.index] for face in RED_THREES)
        red_count = len(deal.red_threes[side]) + red_in_hand
        if rules.red_threes_need_canasta:  # CL-R3-8, SA-R3-3
            counts_plus = deal.canastas(side) >= rules.red_threes_canastas_needed
        else:  # CL-R3-7, HW-R3-6
            counts_plus = bool(melds)
        amount = rules.red_three_amount(red_count)
        # A black three's card value is 5; Bolivia charges more for one left in a hand (BO-B3-3).
        black_threes = sum(counts[face.index] for face in BLACK_THREES)
        black_three_surcharge = black_threes * (rules.black_three_in_hand_value - 5)
        going_out = 0
        went_out = deal.went_out
        if (
            deal.end is DealEnd.WENT_OUT
            and went_out is not None
            and deal.side_of(went_out) in pooled
        ):
            going_out = rules.concealed_bonus_total if deal.concealed else rules.going_out_bonus
        scores.append(
            SideScore(
                side=side,
                meld_points=sum(meld.points for meld in melds),
                canasta_bonus=sum(meld.bonus(rules) for meld in melds),
                red_threes=amount if counts_plus else -amount,
                going_out=going_out,
                hand_penalty=-(held.points + black_three_surcharge)
                if rules.hand_cards_deducted
                else 0,
            )
        )
    return tuple(scores)
