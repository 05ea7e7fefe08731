"""Can the turn still be finished legally? The search that keeps move generation free of dead ends.

A step in the meld phase is legal only if, after it, the player can still end the turn in one
of two ways:

* **stay**: discard and keep at least one card, with the opening minimum reached if the
  opening has begun (:func:`can_stay`);
* **go out**: meld every card but at most one, which is discarded, with the side's required
  canastas and the partner's permission (:func:`can_go_out`).

Both questions are answered exactly, by counting: suits never matter here, and twos and
jokers differ only in points. Going out in the turn an unopened side takes the pile, while the
pile cards are still locked (CL-INIT-4), needs a small search over the melds that reach the
minimum first (:func:`out_after_unlocking`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import Final, Generic, TypeVar

from canasta._engine.meld_rules import Meld, MeldKind
from canasta._engine.plan import (
    fold_ranks,
    going_out_possible,
    made_cards,
    opening_reachable,
    rank_counts,
    steps,
)
from canasta._engine.state import Deal
from canasta._model.cards import ALL_FACES, NATURAL_RANKS, Rank
from canasta._model.deck import Cards, face_vectors
from canasta._model.melds import trusted_meld
from canasta._model.moves import AddToMeld, LayMeld, lay_meld_of
from canasta._rules.ruleset import RuleSet

__all__ = ["can_finish", "can_go_out", "can_stay", "may_go_out", "must_go_out"]

_NATURAL_POINTS = {rank: ALL_FACES[i * 4].points for i, rank in enumerate(NATURAL_RANKS)}
_NATURAL_POSITION = {rank: position for position, rank in enumerate(NATURAL_RANKS)}
_FIRST_TWO = 4 * len(NATURAL_RANKS)
_BLACK_THREES = (_FIRST_TWO + 4, _FIRST_TWO + 7)  # the three of clubs and the three of spades
_JOKER = _FIRST_TWO + 8
_K = TypeVar("_K")
_V = TypeVar("_V")


def _rank_counts(cards: Cards) -> tuple[dict[Rank, int], int, int, int]:
    """Natural cards per rank, then twos, jokers and black threes."""
    counts = cards.counts
    per_rank = rank_counts(counts)
    naturals = {rank: total for rank, total in zip(NATURAL_RANKS, per_rank, strict=False) if total}
    black = counts[_BLACK_THREES[0]] + counts[_BLACK_THREES[1]]
    return naturals, per_rank[len(NATURAL_RANKS)], counts[_JOKER], black


def going_out_ruled_out(deal: Deal) -> bool:
    """A quick test before any search: whether the player surely cannot go out this turn,
    whatever is melded first. Natural cards that can neither make a meld nor join one are
    more than the one discard (CL-OUT-1), ranks too short for a meld alone need more wild
    cards than the hand holds, or too few ranks could ever make a canasta (CL-OUT-2). Melds
    named by position are not tested (``False``).
    """
    rules = deal.rules
    if rules.melds_by_position:
        return False
    side = side_melds(deal.melds[turn_side(deal)], rules)
    return side_out_ruled_out(deal.hands[deal.seat].counts, side)


def turn_side(deal: Deal) -> int:
    """:attr:`Deal.side <canasta._engine.state.Deal.side>`, the side of the seat to play, for the
    rules code: compiled, it calls this directly, where the property is a Python call."""
    return deal.seat % len(deal.melds)


def side_out_ruled_out(counts: bytes, side: SideMelds) -> bool:
    """:func:`_out_ruled_out` for the side's melds, counted over all ranks at once: the
    natural ranks' totals, those of the ranks without a meld, and with the meld's size
    added, side by side in the bytes of one int, counted by ``bytes.translate``."""
    context = side.context
    whole = int.from_bytes(counts, "big")
    total = fold_ranks(whole >> 8)  # a rank's total in the last of its bytes
    free = (total & side.free).to_bytes(52, "big")
    if sum(free.translate(context.strays)) > 1:
        return True
    wilds = (total >> 32 & 0xFF) + (whole & 0xFF)  # twos and jokers
    if sum(free.translate(context.shorts)) > wilds:
        return True
    laid = ((total & _ALL_TOTALS) + side.sizes).to_bytes(52, "big")
    possible = laid.translate(context.reaching[max(1, context.canasta_size - wilds)]).count(1)
    return possible < context.canastas_to_go_out or not whole


def _out_ruled_out(counts: bytes, melds: Iterable[Meld], rules: RuleSet) -> bool:
    """:func:`going_out_ruled_out` for a hand's ``counts`` and the side's melds (by rank)."""
    per_rank = rank_counts(counts)
    fewest = rules.min_naturals
    if fewest > 1:
        # The usual answer, found before the full count: two natural ranks held once each
        # with no meld to join are strays enough.
        singles = per_rank.count(1, 0, len(NATURAL_RANKS))
        if singles > 1:
            for meld in melds:
                position = _NATURAL_POSITION.get(meld.rank)
                if position is not None and per_rank[position] == 1:
                    singles -= 1
            if singles > 1:
                return True
    sizes = {meld.rank: meld.size for meld in melds}
    sizes.pop(Rank.THREE, None)  # black threes: never a canasta, and nothing joins them
    wilds = per_rank[len(NATURAL_RANKS)] + counts[_JOKER]
    smallest, canasta = rules.min_meld_size, rules.canasta_size
    stray = short = possible = 0
    for rank, have in zip(NATURAL_RANKS, per_rank, strict=False):
        size = sizes.get(rank)
        if size is None:
            if not have:
                continue
            if have < fewest:
                stray += have
            elif 1 < have < smallest:  # a single card might be the discard instead
                short += smallest - have
            size = 0
        if size + have + wilds >= canasta:
            possible += 1
    return stray > 1 or short > wilds or possible < rules.canastas_to_go_out or not any(counts)


def must_go_out(deal: Deal) -> bool:
    """Whether the player must go out: after a "yes" (CL-ASK-3) or black threes (CL-B3-3)."""
    return deal.draft.answer is True or deal.draft.black_threes


def may_go_out(deal: Deal) -> bool:
    """Whether going out is permitted at all this turn, canastas aside (CL-ASK-1, CL-ASK-3)."""
    draft, rules = deal.draft, deal.rules
    if draft.answer is False or draft.no_discard:
        return False
    return not (
        rules.has_partners and rules.ask_permission == "mandatory" and draft.answer is not True
    )


def can_finish(deal: Deal) -> bool:
    """Whether the player in the meld phase can still end the turn legally."""
    return can_stay(deal) or can_go_out(deal)


def can_stay(deal: Deal) -> bool:
    """Whether the turn can end without going out (CL-TURN-8, CL-INIT-1, CL-INIT-4)."""
    draft = deal.draft
    if must_go_out(deal):
        return False
    keep = 1 if draft.no_discard else 2
    if not draft.committed or deal.minimum_reached():
        return len(deal.hand) >= keep
    owed = deal.minimums[deal.side] - draft.points
    kept_anyway = len(draft.locked)
    usable = deal.usable
    if deal.rules.melds_by_position:
        melds = deal.melds[deal.side]
        return opening_reachable(usable, melds, deal.rules, max(0, keep - kept_anyway), owed)
    return opening_stays(usable, _side_melds(deal), deal.rules, keep - kept_anyway, owed)


def opening_stays(
    usable: Cards, melds: dict[Rank, Meld], rules: RuleSet, keep: int, owed: int
) -> bool:
    """Whether melds from ``usable`` onto ``melds`` (by rank) can reach the ``owed`` points
    of the opening while ``keep`` usable cards stay in hand: :func:`can_stay` once the
    opening has begun."""
    least, most = _points_bounds(usable, melds, rules, keep)
    if most < owed or least >= owed:
        return least >= owed
    best = best_points_keeping(usable, melds, rules, keep)
    return best is not None and best >= owed


def opening_out_of_reach(deal: Deal) -> bool:
    """Whether no meld step can lead to a finished turn because the opening minimum owed is
    beyond every card that could be melded and going out is ruled out
    (:func:`going_out_ruled_out`): both only get harder after a step. Melds named by
    position are not tested (``False``)."""
    draft = deal.draft
    if deal.rules.melds_by_position or not draft.opening or deal.minimum_reached():
        return False
    side = side_melds(deal.melds[turn_side(deal)], deal.rules)
    owed = deal.minimums[deal.side] - draft.points
    return side_opening_out_of_reach(deal.usable, deal.hands[deal.seat], side, owed)


def side_opening_out_of_reach(usable: Cards, hand: Cards, side: SideMelds, owed: int) -> bool:
    """:func:`opening_out_of_reach` for the ``usable`` cards of the ``hand``, the side's
    melds and the ``owed`` points of an opening begun (more than 0)."""
    _, most = _points_bounds(usable, side.by_rank, side.rules, 0)
    return most < owed and side_out_ruled_out(hand.counts, side)


def _points_bounds(
    cards: Cards, melds: dict[Rank, Meld], rules: RuleSet, keep: int
) -> tuple[int, int]:
    """Quick bounds on :func:`best_points_keeping`: the points of one plain plan, found
    greedily (``-1`` if it keeps too few cards), and a bound above: every wild card, every
    natural card that joins a meld or makes one alone, and the pairs (too few for a meld
    alone) that the wild cards could complete, the best for their wild cards first, the
    last one in part.

    The plan melds every natural card that joins a meld or makes one alone, then places
    wild cards, jokers first, where melds have room, then makes pairs into melds with them,
    as long as ``keep`` cards stay.
    """
    counts = cards.counts
    per_rank = rank_counts(counts)
    twos, jokers = per_rank[len(NATURAL_RANKS)], counts[_JOKER]
    most = 20 * twos + 50 * jokers
    least = melded = room = 0
    pairs: list[tuple[int, int, int]] = []  # (points, naturals, wild cards needed)
    fewest, smallest = rules.min_naturals, rules.min_meld_size
    limits = _wild_limits(rules)
    closed = rules.canasta_size if not rules.allow_wild_on_canasta else 1 << 30
    for rank, have in zip(NATURAL_RANKS, per_rank, strict=False):
        meld = melds.get(rank)
        points = have * _NATURAL_POINTS[rank]
        if meld is not None:
            most += points
            least += points
            melded += have
            if meld.size < closed:
                room += max(0, limits[meld.naturals + have] - meld.wilds)
        elif have >= fewest:
            if have >= smallest:
                most += points
                least += points
                melded += have
                room += limits[have]
            elif smallest - have <= limits[have]:
                pairs.append((points, have, smallest - have))
    capacity = twos + jokers
    for points, _, need in sorted(pairs, key=lambda pair: pair[0] / pair[2], reverse=True):
        if need > capacity:
            most += -(-points * capacity // need)  # a share of it, rounded up
            break
        most += points
        capacity -= need
    spare = len(cards) - melded - keep
    if spare < 0:
        return -1, most
    wilds = [50] * jokers + [20] * twos
    placed = min(room, len(wilds), spare)
    least += sum(wilds[:placed])
    del wilds[:placed]
    spare -= placed
    for points, have, need in sorted(pairs, reverse=True):
        if need <= len(wilds) and have + need <= spare:
            least += points + sum(wilds[:need])
            del wilds[:need]
            spare -= have + need
    return least, most


def _side_melds(deal: Deal) -> dict[Rank, Meld]:
    return {meld.rank: meld for meld in deal.melds[deal.side]}


def best_points_keeping(
    cards: Cards, melds: dict[Rank, Meld], rules: RuleSet, keep: int
) -> int | None:
    """The most points the player can meld from ``cards`` while keeping ``keep`` of them.

    Black threes are never melded here (only when going out, CL-B3-3), so they are kept.
    ``None`` if ``keep`` cards cannot be kept at all. An exact dynamic programme over ranks,
    tracking wild cards placed and cards held back (up to ``keep``).
    """
    naturals, twos, jokers, black = _rank_counts(cards)
    wilds = twos + jokers
    keep = max(0, keep - black)
    if len(cards) - black < keep:
        return None
    # state: (wilds placed, cards held back capped at keep) -> best natural points
    states: dict[tuple[int, int], int] = {(0, 0): 0}
    for rank in NATURAL_RANKS:
        have = naturals.get(rank, 0)
        meld = melds.get(rank)
        if not have and meld is None:
            continue
        options = _rank_options(rank, have, meld, rules)
        value = _NATURAL_POINTS[rank]
        next_states: dict[tuple[int, int], int] = {}
        for (placed, held), points in states.items():
            for used, low, high in options:
                new_held = min(keep, held + have - used)
                gained = points + used * value
                for extra in range(low, min(high, wilds - placed) + 1):
                    key = (placed + extra, new_held)
                    if next_states.get(key, -1) < gained:
                        next_states[key] = gained
        states = next_states
    best: int | None = None
    for (placed, held), points in states.items():
        if held + (wilds - placed) < keep:
            continue
        placed_jokers = min(placed, jokers)
        total = points + placed_jokers * 50 + (placed - placed_jokers) * 20
        if best is None or total > best:
            best = total
    return best


def _rank_options(
    rank: Rank, have: int, meld: Meld | None, rules: RuleSet
) -> list[tuple[int, int, int]]:
    """(naturals used, fewest wilds, most wilds) for one rank, for :func:`best_points_keeping`.

    Holding back more than two naturals of a rank never helps, except holding back all.
    """
    choices = {have, have - 1, have - 2, 0}
    options = []
    for used in sorted(c for c in choices if c >= 0):
        if meld is not None:
            room = _wild_room(meld, used, rules)
            options.append((used, 0, room))
        elif used == 0:
            options.append((0, 0, 0))
        elif used >= rules.min_naturals:
            low = max(0, rules.min_meld_size - used)
            high = rules.max_wilds(used)
            if low <= high:
                options.append((used, low, high))
    return options


def _wild_room(meld: Meld, added_naturals: int, rules: RuleSet) -> int:
    """How many wild cards may still join ``meld`` once ``added_naturals`` join it."""
    if meld.is_canasta_under(rules) and not rules.allow_wild_on_canasta:
        return 0
    return max(0, rules.max_wilds(meld.naturals + added_naturals) - meld.wilds)


def can_go_out(deal: Deal, *, permitted: bool = False) -> bool:
    """Whether the player can go out this turn from here (CL-OUT-1, CL-OUT-2, CL-CONC-4);
    with ``permitted``, as if the partner had said yes (CL-ASK-3)."""
    draft, rules = deal.draft, deal.rules
    if not permitted and not may_go_out(deal):
        return False
    hand = deal.hand
    if rules.melds_by_position:
        return _positional_can_go_out(deal)
    melds = _side_melds(deal)
    if draft.locked:
        owed = deal.minimums[deal.side] - draft.points
        return out_after_unlocking(deal.usable, draft.locked, melds, rules, owed)
    owed = 0
    exempt = False
    if draft.opening and not deal.minimum_reached():
        owed = deal.minimums[deal.side] - draft.points
        # An unopened side going out melds only new melds, so it goes out concealed (CL-CONC-4).
        exempt = not rules.concealed_needs_minimum(draft.took_pile)
    return going_out_plan_exists(hand, melds, rules, owed, exempt)


def _positional_can_go_out(deal: Deal) -> bool:
    """:func:`can_go_out` where melds are named by position (sequences, wild melds, several
    melds of one rank): the same questions, asked of :mod:`canasta._engine.plan`."""
    draft = deal.draft
    owed = 0
    exempt = False
    if draft.locked or (draft.opening and not deal.minimum_reached()):
        owed = deal.minimums[deal.side] - draft.points
        exempt = not deal.rules.concealed_needs_minimum(draft.took_pile)
    return positional_out_possible(
        deal.hand, draft.locked, deal.melds[deal.side], deal.rules, owed, exempt
    )


def positional_out_possible(
    hand: Cards, locked: Cards, melds: tuple[Meld, ...], rules: RuleSet, owed: int, exempt: bool
) -> bool:
    """:func:`can_go_out`, going out permitted, where melds are named by position, for the
    player's ``hand`` with the pile cards ``locked`` in it, the side's ``melds`` and the
    opening points ``owed`` (``exempt``: going out concealed needs no minimum)."""
    if locked:
        seen: set[tuple[bytes, tuple[Meld, ...], int]] = set()

        def search(usable: Cards, melds: tuple[Meld, ...], owed: int) -> bool:
            if owed <= 0:
                return going_out_possible(usable + locked, melds, rules, 0, False)
            key = (usable.counts, melds, owed)
            if key in seen or not going_out_possible(usable + locked, melds, rules, 0, False):
                return False
            seen.add(key)
            for step in steps(usable, melds, rules):
                if step.kind is MeldKind.BLACK_THREES:
                    continue
                grown = step.applied_to(melds)
                if search(usable - step.cards, grown, owed - step.points):
                    return True
            return False

        return search(hand - locked, melds, owed)
    return going_out_possible(hand, melds, rules, owed, exempt)


def out_after_unlocking(
    usable: Cards, locked: Cards, melds: dict[Rank, Meld], rules: RuleSet, owed: int
) -> bool:
    """Whether melds from ``usable`` alone can reach ``owed`` points, unlocking the pile cards,
    after which everything can be melded to go out (CL-INIT-4, CL-OUT-1).

    An exact depth-first search over the melds of the opening, memoised on the position;
    a branch ends as soon as going out is impossible even with the pile cards unlocked.
    """
    seen: set[tuple[bytes, tuple[tuple[int, bytes], ...], int]] = set()

    def search(usable: Cards, melds: dict[Rank, Meld], owed: int) -> bool:
        if owed <= 0:
            return going_out_plan_exists(usable + locked, melds, rules, 0, False)
        laid = tuple(sorted((rank.order, meld.cards.counts) for rank, meld in melds.items()))
        key = (usable.counts, laid, owed)
        if key in seen or not going_out_plan_exists(usable + locked, melds, rules, 0, False):
            return False
        seen.add(key)
        for rank, step, _, _ in meld_steps(usable, melds, rules):
            cards = step.cards
            meld = melds.get(rank)
            grown = trusted_meld(rank, cards) if meld is None else meld.add(cards)
            if search(usable - cards, {**melds, rank: grown}, owed - cards.points):
                return True
        return False

    return search(usable, melds, owed)


MeldStep = tuple[Rank, LayMeld | AddToMeld, int, int]
"""One meld or addition by counts: its rank, the move (with representative cards), its size
and its points."""


def meld_steps(usable: Cards, melds: dict[Rank, Meld], rules: RuleSet) -> Iterator[MeldStep]:
    """Every new meld or addition to ``melds`` that ``usable`` allows, valid by construction
    (CL-MELD-1 to CL-MELD-6, CL-CAN-4, CL-B3-3), one per count of naturals, twos and jokers.

    Suits are taken in display order. Black threes are offered as a meld of three or four
    when the side has none; whether they may be melded now is for the caller to check.
    """
    for group in rank_step_groups(usable, melds, rules):
        yield from group[0]
    yield from black_three_steps(usable, melds)


RankSteps = tuple[tuple[MeldStep, ...], tuple[LayMeld | AddToMeld, ...], int, int]
"""The steps of one natural rank in :func:`meld_steps`, never none: the steps, their moves,
the most cards and the fewest points among them."""


def rank_step_groups(usable: Cards, melds: dict[Rank, Meld], rules: RuleSet) -> list[RankSteps]:
    """The steps of :func:`meld_steps` for the natural ranks, a group a rank, in rank order."""
    return side_step_groups(usable.counts, SideMelds(tuple(melds.values()), rules))


def side_step_groups(counts: bytes, side: SideMelds) -> list[RankSteps]:
    """:func:`rank_step_groups` for the usable cards' ``counts`` and the side's melds."""
    whole = int.from_bytes(counts, "big")
    # Cards per natural rank (as in rank_counts): the ranks with enough for a new meld, and
    # the ranks with a meld, are those with steps.
    total = fold_ranks(whole >> 8)
    held = total.to_bytes(52, "big")[3:44:4].translate(side.context.reaches)
    chosen = int.from_bytes(held, "big") | side.melded
    positions = _POSITIONS.get(chosen)
    if positions is None:
        positions = _POSITIONS[chosen] = tuple(
            position for position, bit in enumerate(chosen.to_bytes(11, "big")) if bit
        )
    entries = side.entries
    memo = side.context.memo
    current = memo.current
    groups: list[RankSteps] = []
    for position in positions:
        state, mask, tag = entries[position]
        key = whole & mask | tag  # the rank's counts, and the wild cards' if they may join
        found = current.get(key)
        if found is None:
            found = memo.old.get(key)
            if found is None:
                found = _rank_group(counts, position, state, side.rules, side.context)
            memo.put(key, found)
            current = memo.current
        if found[0]:
            groups.append(found)
    return groups


#: The natural ranks (positions) of side_step_groups for the bytes (one a rank) of an int
#: that are not zero: at most 2048 keys.
_POSITIONS: dict[int, tuple[int, ...]] = {}
_FACE_BITS = 8 * len(ALL_FACES)


def _face_bits(face: int) -> int:
    """The bits of a face's count in ``int.from_bytes(counts, "big")``."""
    return 0xFF << (_FACE_BITS - 8 - 8 * face)


_WILD_BITS = sum(map(_face_bits, (*range(_FIRST_TWO, _FIRST_TWO + 4), _JOKER)))
_RANK_BITS = tuple(
    sum(map(_face_bits, range(4 * position, 4 * position + 4)))
    for position in range(len(NATURAL_RANKS))
)
#: Where a natural rank's total is in the counts folded by side_step_groups (52 bytes,
#: jokers shifted out): the last byte of its four.
_TOTAL_BITS = tuple(0xFF << 8 * (48 - 4 * position) for position in range(len(NATURAL_RANKS)))
_ALL_TOTALS = sum(_TOTAL_BITS)

_StepsKey = tuple[tuple[int, int, bool] | None, int, int]


class RulesContext:
    """What the move generator asks of a rule set all the time, found once: properties of
    the rule set, and for :class:`SideMelds` its memo of steps and tables."""

    __slots__ = (
        "bounds",
        "by_position",
        "canasta_size",
        "canastas_to_go_out",
        "closed_size",
        "limits",
        "may_ask",
        "memo",
        "reaches",
        "reaching",
        "rules",
        "shorts",
        "strays",
        "unmelded",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        #: RuleSet.melds_by_position.
        self.by_position = rules.melds_by_position
        #: Whether a player may ever ask to go out (CL-ASK-4).
        self.may_ask = rules.has_partners and rules.ask_permission != "disabled"
        self.memo = _rank_steps_memo(rules)
        fewest = rules.min_naturals
        #: A table for bytes.translate: 1 for a count of naturals that may make a meld.
        self.reaches = _at_least(fewest)
        # Tables for side_out_ruled_out, from a rank's total: the cards of a rank too
        # short for a meld (strays), the wild cards a rank short of a meld alone needs, and
        # (by the total needed) whether a meld's size and the rank's cards reach it.
        smallest = rules.min_meld_size
        self.strays = bytes(range(fewest)) + bytes(256 - fewest)
        self.shorts = bytes(
            smallest - count if 1 < count < smallest and count >= fewest else 0
            for count in range(256)
        )
        self.canasta_size = rules.canasta_size
        self.canastas_to_go_out = rules.canastas_to_go_out
        self.reaching = tuple(map(_at_least, range(rules.canasta_size + 1)))
        self.closed_size = rules.canasta_size if not rules.allow_wild_on_canasta else 1 << 30
        self.bounds = _wild_bounds(rules)
        self.limits = _wild_limits(rules)
        self.unmelded: tuple[_StepsKey, ...] = tuple(
            (None, bits | _WILD_BITS, position << _FACE_BITS)
            for position, bits in enumerate(_RANK_BITS)
        )


class SideMelds:
    """A side's melds under a rule set, by rank, with what :func:`side_step_groups` and
    :func:`going_out_ruled_out` ask of them: for each natural rank, the state its steps
    depend on and how the memo of steps keys them (``entries``), which ranks have a meld
    (``melded``, a byte a rank), and where the others' totals are in folded counts
    (``free``) and the melds' sizes in their place (``sizes``), for
    :func:`side_out_ruled_out`."""

    __slots__ = ("by_rank", "context", "entries", "free", "melded", "melds", "rules", "sizes")

    def __init__(self, melds: tuple[Meld, ...], rules: RuleSet) -> None:
        self.melds = melds
        self.rules = rules
        context = rules_context(rules)
        self.context = context
        by_rank: dict[Rank, Meld] = {}
        entries = list(context.unmelded)
        melded = sizes = 0
        free = _ALL_TOTALS
        closed_size = context.closed_size
        # Where the limit on wild cards is the same for any count of naturals (CL-MELD-3), a
        # meld's naturals do not matter, and a meld with no room for wild cards is as good
        # as closed: such melds share their memo entries.
        flat, most_wilds = context.bounds
        for meld in melds:
            rank = meld.rank
            by_rank[rank] = meld
            position = _NATURAL_POSITION.get(rank)
            if position is None:
                continue
            melded |= 1 << 8 * (10 - position)
            free &= ~_TOTAL_BITS[position]
            size, placed = meld.size, meld.wilds
            sizes |= size << 8 * (48 - 4 * position)
            if size >= closed_size or placed >= most_wilds:
                entries[position] = (_CLOSED, _RANK_BITS[position], (16 | position) << _FACE_BITS)
            else:
                naturals = 0 if flat else meld.naturals
                code = 2 + (naturals << 16 | placed)
                entries[position] = (
                    (naturals, placed, False),
                    _RANK_BITS[position] | _WILD_BITS,
                    (code << 4 | position) << _FACE_BITS,
                )
        self.by_rank = by_rank
        self.entries = entries
        self.melded = melded
        self.free = free
        self.sizes = sizes


def side_melds(melds: tuple[Meld, ...], rules: RuleSet) -> SideMelds:
    """:class:`SideMelds` for a side's melds, kept while they stay the same (the same tuple)."""
    found = _SIDES.get(id(melds))
    if found is None or found.melds is not melds or found.rules is not rules:
        if len(_SIDES) >= 64:
            _SIDES.clear()
        found = _SIDES[id(melds)] = SideMelds(melds, rules)
    return found


# By the identity of the tuple of melds, which each entry holds (so no other tuple can have
# its id while it is here): a side's melds stay the same tuple from deal to deal until the
# side melds.
_SIDES: dict[int, SideMelds] = {}


def _at_least(least: int) -> bytes:
    """A table for ``bytes.translate``: 1 for a count of ``least`` or more, else 0."""
    least = min(max(least, 0), 256)
    return bytes(least) + b"\x01" * (256 - least)


def rules_context(rules: RuleSet) -> RulesContext:
    """:class:`RulesContext` for a rule set, kept while it is played."""
    found = _CONTEXTS.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_CONTEXTS) >= 4:
            _CONTEXTS.clear()
        found = _CONTEXTS[id(rules)] = RulesContext(rules)
    return found


_CONTEXTS: dict[int, RulesContext] = {}


def black_three_steps(usable: Cards, melds: dict[Rank, Meld]) -> list[MeldStep]:
    """The black threes of :func:`meld_steps`: a meld of three or four when the side has
    none."""
    counts = usable.counts
    black = counts[_BLACK_THREES[0]] + counts[_BLACK_THREES[1]]
    if black < 3 or Rank.THREE in melds:
        return []
    found: list[MeldStep] = []
    for size in (3, 4):
        if black >= size:
            taken = min(size, counts[_BLACK_THREES[0]])
            threes = [ALL_FACES[_BLACK_THREES[0]]] * taken
            threes += [ALL_FACES[_BLACK_THREES[1]]] * (size - taken)
            found.append((Rank.THREE, lay_meld_of(Cards.of(threes)), size, 5 * size))
    return found


_CLOSED = (0, 0, True)  # the state of a meld closed to wild cards, whatever it holds


def _rank_group(
    counts: bytes,
    position: int,
    meld: tuple[int, int, bool] | None,
    rules: RuleSet,
    context: RulesContext | None = None,
) -> RankSteps:
    """The steps of :func:`meld_steps` for the natural rank at ``position``: new melds, or
    additions to a meld of ``meld = (naturals, wild cards, closed to wild cards)``. They
    depend only on the counts of this rank, of the twos and of the jokers. ``context`` is
    :func:`rules_context` of the ``rules``, if known."""
    rank = NATURAL_RANKS[position]
    by_room = _WILD_CHOICES.get((counts[_FIRST_TWO : _FIRST_TWO + 4], counts[_JOKER]))
    if by_room is None:
        by_room = _wild_choices(counts)
    most_room = len(by_room) - 1
    limits = (context or rules_context(rules)).limits
    if meld is None:
        first, least, held, placed, closed = rules.min_naturals, rules.min_meld_size, 0, 0, False
    else:
        first, least, (held, placed, closed) = 0, 1, meld
    value = _POSITION_POINTS[position]
    natural_vectors = face_vectors(counts, 4 * position, 4 * position + 4)
    found: list[MeldStep] = []
    moves: list[LayMeld | AddToMeld] = []
    most, fewest = 0, 1 << 30
    for k in range(first, len(natural_vectors)):
        room = 0 if closed else min(max(0, limits[held + k] - placed), most_room)
        base, natural_points = natural_vectors[k], k * value
        for wilds, vector, wild_points in by_room[room]:
            size = k + wilds
            if size < least:
                continue
            # The move made here as lay_meld_of and addition_of make it: the compiled
            # generator then makes its moves without a call into interpreted code.
            cards = made_cards((base + vector).to_bytes(_FACES, "big"))
            move: LayMeld | AddToMeld
            if meld is None:
                move = made_lay_meld(cards, None)
            else:
                move = made_addition(rank, cards, None, None)
            points = natural_points + wild_points
            found.append((rank, move, size, points))
            moves.append(move)
            if size > most:
                most = size
            if points < fewest:
                fewest = points
    return tuple(found), tuple(moves), most, fewest


_FACES: Final = len(ALL_FACES)
_POSITION_POINTS: Final = tuple(_NATURAL_POINTS[rank] for rank in NATURAL_RANKS)
# The slots of the values made in _rank_group, set as attrs's __init__ sets them.
_new_object: Final = object.__new__
_SET_LAY_CARDS: Final = LayMeld.__dict__["cards"].__set__
_SET_LAY_WILD_AS: Final = LayMeld.__dict__["wild_as"].__set__
_SET_ADD_RANK: Final = AddToMeld.__dict__["rank"].__set__
_SET_ADD_CARDS: Final = AddToMeld.__dict__["cards"].__set__
_SET_ADD_MELD: Final = AddToMeld.__dict__["meld"].__set__
_SET_ADD_WILD_AS: Final = AddToMeld.__dict__["wild_as"].__set__


def made_lay_meld(cards: Cards, wild_as: Rank | None) -> LayMeld:
    """:func:`~canasta._model.moves.lay_meld_of`, made in compiled code: the compiled move
    generator makes its moves without a call into interpreted code."""
    move = _new_object(LayMeld)
    _SET_LAY_CARDS(move, cards)
    _SET_LAY_WILD_AS(move, wild_as)
    return move


def made_addition(
    rank: Rank | None, cards: Cards, meld: int | None, wild_as: Rank | None
) -> AddToMeld:
    """:func:`~canasta._model.moves.addition_of`, made in compiled code, as
    :func:`made_lay_meld`."""
    move = _new_object(AddToMeld)
    _SET_ADD_RANK(move, rank)
    _SET_ADD_CARDS(move, cards)
    _SET_ADD_MELD(move, meld)
    _SET_ADD_WILD_AS(move, wild_as)
    return move


class _Recent(Generic[_K, _V]):
    """A bounded memo that keeps what was used lately: entries live in the current
    generation, and one generation back; a full generation becomes the old one."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.current: dict[_K, _V] = {}
        self.old: dict[_K, _V] = {}

    def get(self, key: _K) -> _V | None:
        value = self.current.get(key)
        if value is None:
            value = self.old.get(key)
            if value is not None:
                self.put(key, value)
        return value

    def put(self, key: _K, value: _V) -> _V:
        if len(self.current) >= self.size:
            self.old, self.current = self.current, {}
        self.current[key] = value
        return value


@functools.lru_cache(maxsize=4)
def _rank_steps_memo(
    rules: RuleSet,
) -> _Recent[int, RankSteps]:
    """The steps of a rank under ``rules`` (:func:`rank_step_groups`), kept: they depend on
    a few counts that recur all the time, and moves are values. About 1.5 KB an entry: a
    few megabytes a rule set, for the last few rule sets played."""
    return _Recent(3000)


def _wild_choices(counts: bytes) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each room from 0 to the number of wild cards in ``counts``, every choice of at
    most that many of its twos and jokers: how many, which (a vector of face counts, see
    :func:`~canasta._model.deck.face_vectors`) and their points; twos before jokers, fewer first,
    the first twos in display order."""
    key = (counts[_FIRST_TWO : _FIRST_TWO + 4], counts[_JOKER])
    table = _WILD_CHOICES.get(key)
    if table is None:
        two_vectors = face_vectors(counts, _FIRST_TWO, _FIRST_TWO + 4)
        twos, jokers = len(two_vectors) - 1, counts[_JOKER]
        table = _WILD_CHOICES[key] = tuple(
            tuple(
                (x + y, two_vectors[x] + y, 20 * x + 50 * y)  # a joker is the last face: 1
                for x in range(min(twos, room) + 1)
                for y in range(min(jokers, room - x) + 1)
            )
            for room in range(twos + jokers + 1)
        )
    return table


# Bounded: a few twos and jokers held, a few sizes of room.
_WILD_CHOICES: dict[tuple[bytes, int], tuple[tuple[tuple[int, int, int], ...], ...]] = {}


@functools.lru_cache(maxsize=64)
def _wild_limits(rules: RuleSet) -> tuple[int, ...]:
    """``rules.max_wilds(n)`` for every count of naturals a meld can hold."""
    return tuple(rules.max_wilds(n) for n in range(4 * rules.decks * 4 + 1))


@functools.lru_cache(maxsize=64)
def _wild_bounds(rules: RuleSet) -> tuple[bool, int]:
    """Whether :func:`_wild_limits` is the same for every count of naturals, and its
    largest value."""
    limits = _wild_limits(rules)
    return min(limits) == max(limits), max(limits)


def going_out_plan_exists(
    hand: Cards, melds: dict[Rank, Meld], rules: RuleSet, owed: int, exempt: bool
) -> bool:
    """Whether ``hand`` can be melded onto ``melds`` (new melds allowed), all but one card
    that is discarded, reaching ``rules.canastas_to_go_out`` canastas and ``owed`` points.

    With ``exempt`` the points are not needed, but then the final discard is allowed only
    if ``rules.concealed_allows_discard`` (a concealed going out, CL-CONC-1, CL-CONC-4).
    """
    naturals, twos, jokers, black = _rank_counts(hand)
    if not hand:
        return False
    if _out_ruled_out(hand.counts, melds.values(), rules):
        return False
    fewest = rules.min_naturals
    strays = [rank for rank, n in naturals.items() if n < fewest and rank not in melds]
    total_points = hand.points
    discards: list[tuple[str, Rank | None, int]]
    if strays:  # a natural card that can neither make a meld nor join one: the discard
        discards = [("natural", strays[0], _NATURAL_POINTS[strays[0]])]
    else:
        discards = [("none", None, 0)]
        for face in hand.faces():
            if face.is_natural:
                left = naturals[face.rank] - 1
                if 0 < left < fewest and face.rank not in melds:
                    continue  # the rest of the rank would be stray
                discards.append(("natural", face.rank, face.points))
            else:
                kind = "black" if face.is_black_three else "wild"
                discards.append((kind, face.rank, face.points))
    # A side has at most one meld of black threes, and nothing joins it (CL-MELD-6, CL-B3-4).
    black_meld_sizes = (0,) if Rank.THREE in melds else (0, 3, 4)
    seen: set[tuple[str, Rank | None, int]] = set()
    for kind, rank, points in discards:
        if (kind, rank, points) in seen:
            continue
        seen.add((kind, rank, points))
        melded_points = total_points - points
        discarding = kind != "none"
        short = owed > 0 and melded_points < owed
        if short and (not exempt or (discarding and not rules.concealed_allows_discard)):
            continue
        counts = dict(naturals)
        t, j, b = twos, jokers, black
        if kind == "natural":
            assert rank is not None
            counts[rank] -= 1
        elif kind == "black":
            b -= 1
        elif rank is Rank.TWO:
            t -= 1
        elif rank is Rank.JOKER:
            j -= 1
        if b not in black_meld_sizes:
            continue
        if _wilds_fit(counts, t + j, melds, rules):
            return True
    return False


def _wilds_fit(
    counts: dict[Rank, int], wilds: int, melds: dict[Rank, Meld], rules: RuleSet
) -> bool:
    """Whether all natural cards (``counts``) and ``wilds`` wild cards can be melded with enough
    canastas: each rank must form or join a meld, and the wild cards must be spread within
    every meld's limit, completing as many canastas as possible."""
    limits = _wild_limits(rules)
    canasta_size = rules.canasta_size
    closed = not rules.allow_wild_on_canasta
    needed = roomy = canastas = 0
    shortfalls: list[int] = []
    for rank, meld in melds.items():
        if rank is Rank.THREE:  # black threes: nothing joins them
            continue
        have = counts.get(rank, 0)
        size = meld.size + have
        already = meld.size >= canasta_size
        room = 0 if already and closed else max(0, limits[meld.naturals + have] - meld.wilds)
        roomy += room
        if already or size >= canasta_size:
            canastas += 1
        elif canasta_size - size <= room:
            shortfalls.append(canasta_size - size)
    fewest, smallest = rules.min_naturals, rules.min_meld_size
    for rank, have in counts.items():
        if have == 0 or rank in melds:
            continue
        if have < fewest:
            return False
        need, room = max(0, smallest - have), limits[have]
        if need > room:
            return False
        needed += need
        roomy += room
        if have >= canasta_size:
            canastas += 1
        elif canasta_size - have <= room:
            shortfalls.append(canasta_size - have - need)
    if not needed <= wilds <= roomy:
        return False
    spare = wilds - needed
    for extra in sorted(shortfalls):
        if extra > spare:
            break
        spare -= extra
        canastas += 1
    return canastas >= rules.canastas_to_go_out
