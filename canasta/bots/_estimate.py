"""The search's estimate of what each side will score for a deal in play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta._engine.scoring import score_deal

if TYPE_CHECKING:
    from canasta._engine.state import Deal


def _estimate_deal(deal: Deal) -> tuple[float, ...]:
    """What each side may score for a deal in play, were greedy bots to finish it.

    A linear function of what is on the table and in the hands (melds, canastas and melds
    close to one, red threes, whether the side has opened and the minimum it must meet, the
    cards, points, wild cards and pairs in its hands), each weighed more or less as the stock
    runs down, and of the pile for the side whose turn it is. The weights were fitted by
    least squares to how deals of Classic Canasta between greedy bots ended (``python
    benchmarks/ismcts.py --fit``); only the differences between sides mean anything. A
    finished deal is scored as it stands.
    """
    if deal.end is not None:
        return tuple(float(score.total) for score in score_deal(deal))
    return tuple(
        sum(f * w for f, w in zip(_estimate_features(deal, side), _FLAT_WEIGHTS, strict=True))
        for side in range(deal.rules.num_sides)
    )


def _estimate_features(deal: Deal, side: int) -> list[float]:
    """What :func:`_estimate_deal` weighs for one side, in the order of ``_FLAT_WEIGHTS``:
    each of :func:`_side_features` and it times the share of the stock left, then the pile's
    features if it is the side's turn, else zeros."""
    rules = deal.rules
    full = rules.pack_size - rules.hand_size * rules.active_players - 1
    left = min(1.0, len(deal.stock) / full) if full > 0 else 0.0
    features: list[float] = []
    for feature in _side_features(deal, side):
        features += (feature, feature * left)
    if side == deal.side:
        frozen = 1.0 if deal.pile_frozen else 0.0
        pile_points = sum(card.points for card in deal.pile)
        features += (1.0, len(deal.pile), pile_points / 10, frozen, frozen * len(deal.pile))
    else:
        features += (0.0,) * len(_PILE_WEIGHTS)
    return features


def _side_features(deal: Deal, side: int) -> list[float]:
    """What :func:`__estimate_deal` weighs for one side, in the order of ``_WEIGHTS``."""
    rules = deal.rules
    melds = deal.melds[side]
    meld_points = bonus = canastas = 0
    short = [0, 0, 0, 0]  # melds one, two, three and four cards short of a canasta
    growing = set()
    for meld in melds:
        meld_points += meld.points
        bonus += meld.bonus(rules)
        if meld.is_canasta_under(rules):
            canastas += 1
        else:
            gap = rules.canasta_size - meld.size
            if 1 <= gap <= len(short):
                short[gap - 1] += 1
            growing.add(meld.rank)
    red = rules.red_three_amount(len(deal.red_threes[side]))
    if rules.red_threes_need_canasta:
        counts_plus = canastas >= rules.red_threes_canastas_needed
    else:
        counts_plus = bool(melds)
    seats = [seat for seat in range(deal.seats) if deal.side_of(seat) == side]
    cards = points = wilds = pairs = matching = 0
    for seat in seats:
        hand = deal.hands[seat]
        cards += len(hand)
        points += hand.points
        ranks = set()
        for face in hand.faces():
            if face.is_wild:
                wilds += hand.count(face)
            elif face.rank in growing:
                matching += hand.count(face)
            if face.is_natural and not face.is_black_three and not face.is_red_three:
                ranks.add(face.rank)
        pairs += sum(1 for rank in ranks if hand.count_rank(rank) >= 2)
    return [
        meld_points,
        bonus,
        canastas,
        *short,
        red if counts_plus else -red,
        1 if melds else 0,
        0 if melds else deal.minimums[side] / 10,
        cards / max(1, len(seats)),
        points,
        wilds,
        pairs,
        matching,
        min(canastas, rules.canastas_to_go_out),
    ]


#: The weights of :func:`_side_features`, one row a feature: its weight once the stock is
#: spent, and what is added to that per share of the stock left (all of it as the deal
#: begins). Fitted by ``python benchmarks/ismcts.py --fit`` to 1,200 two-player and 900
#: four-player Classic matches between greedy bots.
_WEIGHTS: tuple[tuple[float, float], ...] = (
    (0.6496, 0.7576),  # points of the melded cards
    (1.184, -0.5432),  # canasta bonuses
    (-68.46, 210.4),  # canastas
    (143.7, 63.08),  # melds a card short of a canasta
    (64.64, 38.07),  # melds two cards short
    (21.2, 5.112),  # melds three cards short
    (34.04, -56.25),  # melds four cards short
    (1.388, -0.7385),  # red threes, as they would score
    (-926.8, 655.5),  # opened
    (-95.04, 76.36),  # the minimum / 10 if not opened
    (-32.85, -6.721),  # cards per hand
    (0.4289, 1.256),  # points in the hands
    (172.6, -107.5),  # wild cards in the hands
    (60.76, -48.47),  # pairs in the hands
    (26.85, 39.79),  # cards in the hands for a meld that is no canasta
    (37.93, -66.06),  # canastas, up to those needed to go out
)
#: The weights of the pile, for the side whose turn it is.
_PILE_WEIGHTS: tuple[float, ...] = (
    20.54,  # a constant: the turn
    1.485,  # cards in the pile
    -2.571,  # points in the pile / 10
    -7.786,  # the pile is frozen
    1.307,  # cards in the pile if frozen
)
_FLAT_WEIGHTS = tuple(w for row in _WEIGHTS for w in row) + _PILE_WEIGHTS
