"""Can the opening minimum still be reached while keeping cards? (CL-INIT-1, CL-INIT-4,
CL-TURN-8, HW-INIT-1)

:func:`opening_reachable` asks whether new melds and additions from the usable cards can
reach the points the opening still owes while some cards stay in hand (two, so that one is
left after the discard). Two quick plans answer most positions; then a bound on the points
any plan can meld; then an exact search that places the natural cards lowest first, each
melded (:mod:`~canasta._engine.search.placing`) or kept, spending a budget of points that may
stay in hand. A meld no natural card still to place can join counts only for the wild cards
it needs and may take, so the search sets such melds aside as two sums: positions that
differ only in them are one position, and one that needs more wild cards than are left is
given up at once.
"""

from __future__ import annotations

from typing import NamedTuple

from canasta._engine.search.bounds import stuck_naturals
from canasta._engine.search.layout import (
    Layout,
    encoded,
    shape,
    wild_meld_canastas,
)
from canasta._engine.search.placing import folded, lowest, placements
from canasta._engine.steps import meld_steps, rank_totals
from canasta._engine.tables import JOKER_POINTS, NATURAL_VALUE, TWO_POINTS, Tables, tables
from canasta._model.cards import JOKER_FACE, NATURAL_FACES, NATURAL_RANKS, SUITS, TWO_FACES
from canasta._model.deck import Cards
from canasta._model.melds import Meld, MeldKind
from canasta._rules.ruleset import RuleSet

__all__ = ["opening_reachable"]

_PER_RANK = len(SUITS)
_IMPOSSIBLE = 10**9
_PAST_TOP = len(NATURAL_RANKS)  # a position after every natural card


def opening_reachable(
    usable: Cards, melds: tuple[Meld, ...], rules: RuleSet, keep: int, owed: int
) -> bool:
    """Whether new melds and additions from ``usable`` (no black threes, which are melded
    only when going out) can reach ``owed`` points while at least ``keep`` cards of
    ``usable`` stay in hand."""
    if owed <= 0:
        return len(usable) >= keep
    if len(usable) < keep:
        return False
    t = tables(rules)
    counts = usable.counts
    if _rank_melds_reach(counts, melds, t, keep, owed):
        return True
    search = _OpeningSearch(usable, melds, t, keep)
    if search.most_points() < owed:
        return False
    if _greedy_opening(usable, melds, rules, keep, owed):
        return True
    return search.reachable(owed)


def _rank_melds_reach(
    counts: bytes, melds: tuple[Meld, ...], t: Tables, keep: int, owed: int
) -> bool:
    """A quick "yes": new melds of all the naturals of one rank each, the richest first,
    those short of a meld made up with wild cards (jokers first), then the wild cards left
    within the melds' room, while ``keep`` cards stay. Success is a plan; failure proves
    nothing."""
    left = sum(counts) - keep  # how many cards may be melded
    laid = set() if t.several else {m.rank for m in melds if m.kind is MeldKind.RANK}
    full: list[tuple[int, int, int]] = []
    short: list[tuple[int, int, int]] = []
    for position, have in enumerate(rank_totals(counts)):
        if have < t.min_naturals or NATURAL_RANKS[position] in laid:
            continue
        need = max(0, t.min_size - have)
        if need <= t.max_wilds[have]:
            (short if need else full).append((have * NATURAL_VALUE[position], have, need))
    twos = sum(counts[TWO_FACES.start : TWO_FACES.stop])
    wild_values = [JOKER_POINTS] * counts[JOKER_FACE] + [TWO_POINTS] * twos
    points = room = used = 0
    for value, have, need in sorted(full, reverse=True) + sorted(short, reverse=True):
        if have + need > left or used + need > len(wild_values):
            continue
        points += value + sum(wild_values[used : used + need])
        left -= have + need
        used += need
        room += t.max_wilds[have] - need
        if points >= owed:
            return True
    extra = max(0, min(room, left, len(wild_values) - used))
    return points + sum(wild_values[used : used + extra]) >= owed


def _greedy_opening(
    usable: Cards, melds: tuple[Meld, ...], rules: RuleSet, keep: int, owed: int
) -> bool:
    """A quick "yes": lay the step worth most, again and again, while ``keep`` cards stay.
    Success is a plan; failure proves nothing."""
    hand, points = usable, 0
    for _ in range(8):
        largest = len(hand) - keep  # the most cards a step may take
        candidates = [
            step
            for step in meld_steps(hand, melds, rules, by_count=True)
            if step.size <= largest and step.kind is not MeldKind.BLACK_THREES
        ]
        if not candidates:
            return False
        best = max(candidates, key=lambda step: step.points)
        points += best.points
        if points >= owed:
            return True
        hand = hand - best.cards
        melds = best.applied_to(melds)
    return False


class _OpeningSearch:
    """The exact search of :func:`opening_reachable`: every way of melding the natural cards
    (each placed, or kept), then the wild cards, within a budget of points kept."""

    def __init__(self, usable: Cards, melds: tuple[Meld, ...], t: Tables, keep: int) -> None:
        counts = usable.counts
        self.t = t
        self.keep = keep
        nat = counts[: NATURAL_FACES.stop]
        self.nat = nat if t.sequences else folded(nat)
        self.layout, _ = encoded(melds, t)
        self.twos = sum(counts[TWO_FACES.start : TWO_FACES.stop])
        self.wilds = self.twos + counts[JOKER_FACE]
        self.stuck = stuck_naturals(self.nat, melds, self.wilds, t)  # never melded
        self.free = bytes(n - s for n, s in zip(self.nat, self.stuck, strict=True))
        placeable_wilds = bool(
            any(self.free) or melds or (t.wild_melds and self.wilds >= t.min_size)
        )
        #: Cards that stay in hand whatever is melded: black threes, naturals no plan melds,
        #: and wild cards with nothing to join.
        self.kept_anyway = len(usable) - sum(self.free) - (self.wilds if placeable_wilds else 0)
        self.placeable_wilds = placeable_wilds
        several_wild = t.several or not self.layout.wilds
        self.new_wild = wild_meld_canastas(t.rules) if t.wild_melds and several_wild else (0,)
        self.total = (
            _points(self.free) + TWO_POINTS * self.twos + JOKER_POINTS * (self.wilds - self.twos)
        )
        self.refuted: dict[tuple[bytes, int, Layout, _Aside, int], int] = {}

    def most_points(self) -> int:
        """A bound above: every card that could be melded at all, less the cheapest of those
        that must stay to keep ``keep`` cards."""
        values = [
            NATURAL_VALUE[face // _PER_RANK] for face, n in enumerate(self.free) for _ in range(n)
        ]
        if self.placeable_wilds:
            values += [TWO_POINTS] * self.twos + [JOKER_POINTS] * (self.wilds - self.twos)
        values.sort()
        must_keep = max(0, self.keep - self.kept_anyway)
        return sum(values[must_keep:])

    def reachable(self, owed: int) -> bool:
        """Whether some plan melds ``owed`` points keeping ``keep`` cards."""
        # Black threes and naturals no plan melds stay in hand in every plan.
        kept = min(self.keep, self.kept_anyway - (0 if self.placeable_wilds else self.wilds))
        start = self.free, self.wilds, self.layout, _Aside(0, 0)
        return self._search(*start, kept, self.total - owed)

    def _search(
        self, nat: bytes, wilds: int, layout: Layout, aside: _Aside, kept: int, budget: int
    ) -> bool:
        """Whether the cards can be placed keeping at most ``budget`` points."""
        position = lowest(nat) // _PER_RANK if any(nat) else _PAST_TOP
        set_aside = self._set_aside(layout, aside, position)
        if set_aside is None:
            return False
        layout, aside = set_aside
        if aside.need > wilds:
            return False
        if position == _PAST_TOP:
            return self._leaf(layout, aside, wilds, kept) <= budget
        if self._least_kept(nat, wilds, kept) > budget:
            return False
        key = (nat, wilds, layout, aside, kept)
        if self.refuted.get(key, -1) >= budget:
            return False
        for after, left, grown in placements(nat, wilds, layout, self.t):
            if self._search(after, left, grown, aside, kept, budget):
                return True
        face = lowest(nat)
        rest = bytearray(nat)
        rest[face] -= 1
        value = NATURAL_VALUE[face // _PER_RANK]
        if value <= budget and self._search(
            bytes(rest), wilds, layout, aside, min(self.keep, kept + 1), budget - value
        ):
            return True
        self.refuted[key] = budget
        return False

    def _set_aside(
        self, layout: Layout, aside: _Aside, position: int
    ) -> tuple[Layout, _Aside] | None:
        """The layout without the melds no natural card from ``position`` up can join (see
        :func:`~canasta._engine.search.placing.placements`), their wild cards added to
        ``aside``; ``None`` if one of them can never be made valid. The room is counted up to
        the wild cards held, as no plan uses more."""
        ranks = tuple(group for group in layout.ranks if group.position >= position)
        runs = tuple(
            run
            for run in layout.runs
            # Without several melds a rank, a sequence stops another of its suit (placements).
            if run.high + 2 >= position or run.low > position or not self.t.several
        )
        if len(ranks) == len(layout.ranks) and len(runs) == len(layout.runs):
            return layout, aside
        done = Layout(
            ranks=tuple(group for group in layout.ranks if group not in ranks),
            runs=tuple(run for run in layout.runs if run not in runs),
        )
        found = shape(done, self.t)
        if found is None:
            return None
        room = min(aside.room + found.room, self.wilds)
        return layout._replace(ranks=ranks, runs=runs), _Aside(aside.need + found.need, room)

    def _leaf(self, layout: Layout, aside: _Aside, wilds: int, kept: int) -> int:
        """The fewest points kept in wild cards once the naturals are placed, or
        :data:`_IMPOSSIBLE`: as many wild cards melded as may be, keeping what ``keep`` still
        asks for."""
        found = shape(layout, self.t)
        if found is None:
            return _IMPOSSIBLE
        found = found._replace(need=found.need + aside.need, room=found.room + aside.room)
        if found.need > wilds:
            return _IMPOSSIBLE
        most = wilds - max(0, self.keep - kept)
        for placed in range(most, found.need - 1, -1):
            for laid_new in range(min(placed, len(self.new_wild) - 1) + 1):
                if self.new_wild[laid_new] >= 0 and found.need <= placed - laid_new <= found.room:
                    return self._wild_points(wilds - placed)
        return _IMPOSSIBLE

    def _wild_points(self, kept: int) -> int:
        """The points of ``kept`` wild cards, twos kept first."""
        twos = min(kept, self.twos)
        return TWO_POINTS * twos + JOKER_POINTS * (kept - twos)

    def _least_kept(self, nat: bytes, wilds: int, kept: int) -> int:
        """A bound below on the points still to be kept: the cheapest cards left."""
        short = self.keep - kept
        points = 0
        for face, n in enumerate(nat):
            if short <= 0:
                return points
            if n:
                value = NATURAL_VALUE[face // _PER_RANK]
                if value > TWO_POINTS:
                    break
                take = min(n, short)
                points += take * value
                short -= take
        return points + TWO_POINTS * max(0, min(short, wilds))


class _Aside(NamedTuple):
    """The melds set aside by the search: the wild cards they need, and may take."""

    need: int
    room: int


def _points(nat: bytes) -> int:
    return sum(NATURAL_VALUE[face // _PER_RANK] * n for face, n in enumerate(nat))
