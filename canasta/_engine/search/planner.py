"""The planner: the fast answer to "can this turn still be finished?", by counting.

A turn in the meld phase ends in one of two ways:

* **stay**: discard and keep a card, with the opening minimum reached if the opening has
  begun (CL-TURN-8, CL-INIT-1, CL-INIT-4): :func:`can_stay`;
* **go out**: meld every card but at most one, which is discarded, with the side's canastas
  and the partner's permission (CL-OUT-1, CL-OUT-2, CL-ASK-3): :func:`can_go_out`.

Both are answered exactly by searches over counts of cards (:mod:`.opening`, :mod:`.going_out`),
which :mod:`canasta._engine.search.reference` checks by playing every step out instead.
"""

from __future__ import annotations

from collections import Counter

from canasta._engine.meld_rules import added, new_meld
from canasta._engine.obligations import cards_to_keep, may_go_out, must_go_out
from canasta._engine.search.going_out import going_out_possible
from canasta._engine.search.opening import opening_reachable
from canasta._engine.state import Deal
from canasta._engine.steps import meld_steps, rank_totals
from canasta._engine.tables import Tables, tables
from canasta._engine.turn.common import may_use_locked
from canasta._model.cards import (
    ALL_FACES,
    BLACK_THREES,
    NATURAL_RANKS,
    RANK_FACES,
    WILD_FACES,
    Rank,
)
from canasta._model.deck import Cards, trusted_cards
from canasta._model.melds import Meld, MeldKind, natural_position
from canasta._rules.ruleset import RuleSet

#: The kinds of meld the quick answers ask of every meld, read once: in Python 3.11 every
#: attribute read of an enum class (``MeldKind.RANK``) goes through the enum type's
#: ``__getattr__`` hook, some 2,500 instructions, where a module's name costs a few.
_BLACK_MELD, _RANK_MELD, _WILD_MELD = MeldKind.BLACK_THREES, MeldKind.RANK, MeldKind.WILD

__all__ = [
    "can_finish",
    "can_go_out",
    "can_stay",
    "canastas_short",
    "naturals_stuck",
    "out_after_unlocking",
    "out_at_once",
]


def can_finish(deal: Deal) -> bool:
    """Whether the player in the meld phase can still end the turn legally."""
    return can_stay(deal) or can_go_out(deal)


def can_stay(deal: Deal) -> bool:
    """Whether the turn can end without going out (CL-TURN-8, CL-INIT-1, CL-INIT-4)."""
    draft = deal.draft
    if must_go_out(deal.draft):
        return False
    keep = cards_to_keep(deal.draft)
    if not draft.committed or deal.minimum_reached():
        return len(deal.hand) >= keep
    owed = deal.minimums[deal.side] - draft.points
    locked = len(draft.locked)  # pile cards stay in hand until the minimum is reached
    melds = deal.melds[deal.side]
    return opening_reachable(deal.usable, melds, deal.rules, max(0, keep - locked), owed)


def can_go_out(deal: Deal, *, permitted: bool = False) -> bool:
    """Whether the player can go out this turn from here (CL-OUT-1, CL-OUT-2, CL-CONC-4);
    with ``permitted``, as if the partner had said yes (CL-ASK-3). The searches ask that a
    going out's merges come before its last step (:mod:`.merge_last`)."""
    if not permitted and not may_go_out(deal.draft, deal.rules):
        return False
    draft, rules = deal.draft, deal.rules
    melds = deal.melds[deal.side]
    if naturals_stuck(deal.hand, melds, rules) or canastas_short(deal.hand, melds, rules):
        return False  # the pile cards unlocked or not: they are in the hand
    if draft.concealed_only:
        return going_out_possible(deal.hand, melds, rules, 0, False, concealed=True)
    owed = 0
    exempt = False
    if draft.opening and not deal.minimum_reached():
        owed = deal.minimums[deal.side] - draft.points
        # An unopened side going out melds only new melds: concealed, if it needs no
        # minimum (CL-CONC-4).
        exempt = not rules.concealed_needs_minimum(draft.took_pile)
    if draft.locked:
        if may_use_locked(deal) and going_out_possible(
            deal.hand, melds, rules, owed, False, concealed=True
        ):
            return True
        return out_after_unlocking(deal.usable, draft.locked, melds, rules, owed)
    if owed <= 0 and out_at_once(deal.hand, melds, rules):
        return True  # its plan merges nothing
    return going_out_possible(deal.hand, melds, rules, owed, exempt)


def out_after_unlocking(
    usable: Cards, locked: Cards, melds: tuple[Meld, ...], rules: RuleSet, owed: int
) -> bool:
    """Whether melds from ``usable`` alone can reach ``owed`` points, unlocking the pile
    cards, after which everything can be melded to go out (CL-INIT-4, CL-OUT-1).

    A depth-first search over the melds of the opening, each position searched once (the
    side's melds as a multiset: the order the steps laid them in changes nothing); a branch
    ends as soon as the usable cards left cannot reach the points still owed
    (:func:`~canasta._engine.search.opening.opening_reachable`, which keeps no card), the
    cheaper question asked first, or going out is impossible even with the pile cards
    unlocked.
    """
    searched: set[tuple[Cards, frozenset[tuple[Meld, int]], int]] = set()

    def search(usable: Cards, melds: tuple[Meld, ...], owed: int) -> bool:
        key = (usable, frozenset(Counter(melds).items()), max(0, owed))
        if key in searched:
            return False  # refuted already (a success ends the whole search)
        searched.add(key)
        if owed <= 0:
            return going_out_possible(usable + locked, melds, rules, 0, False)
        if not opening_reachable(usable, melds, rules, 0, owed):
            return False  # the steps below meld usable cards only: they never reach it
        if not going_out_possible(usable + locked, melds, rules, 0, False):
            return False
        for step in meld_steps(usable, melds, rules):
            if step.kind is not _BLACK_MELD and search(
                usable - step.cards, step.applied_to(melds), owed - step.points
            ):
                return True
        return False

    return search(usable, melds, owed)


def naturals_stuck(hand: Cards, melds: tuple[Meld, ...], rules: RuleSet) -> bool:
    """Whether two cards of ``hand`` or more have nowhere to go, in a rule set without
    sequences: natural cards, each of a rank the side has no meld of, and too few of it, with
    every wild card of the hand, for a new meld (CL-MELD-2, CL-MELD-5); and black threes no
    meld of them takes (:func:`_black_threes_stranded`). Then no going out melds all of them
    but the one discard, whatever the points owed or the pile cards locked.

    The first tests of :func:`going_out_possible` (its stuck naturals, and the black threes
    each of its ways leaves), made here before the search sets up the hand: most hands a turn
    asks about, whether the player may ask to go out (CL-ASK-2) at its first step above all,
    fail it, and the count stops at the second card found. With sequences it answers
    ``False``, leaving every hand to the search."""
    if rules.sequences_allowed:
        return False
    t = tables(rules)
    counts = hand.counts
    stuck = _black_threes_stranded(counts, melds, t)
    if stuck > 1:
        return True
    wilds = hand.count_wild()
    need = t.new_meld_wilds
    laid = {meld.rank for meld in melds if meld.kind is _RANK_MELD}
    for rank, (clubs, diamonds, hearts, spades) in _RANKS_AND_FACES:
        have = counts[clubs] + counts[diamonds] + counts[hearts] + counts[spades]
        if have and need[have] > wilds and rank not in laid:
            stuck += have
            if stuck > 1:
                return True
    return False


#: Each natural rank with its faces (:func:`naturals_stuck` counts them rank by rank,
#: stopping at the second stuck card; :func:`canastas_short` stops where enough canastas may
#: be made).
_RANKS_AND_FACES = tuple((rank, tuple(RANK_FACES[rank])) for rank in NATURAL_RANKS)
_CLUBS_THREE, _SPADES_THREE = (face.index for face in BLACK_THREES)


def canastas_short(hand: Cards, melds: tuple[Meld, ...], rules: RuleSet) -> bool:
    """Whether the side surely cannot have the canastas going out needs (CL-OUT-2, HW-OUT-1)
    once ``hand`` is melded onto its ``melds``, in a rule set without sequences.

    There a canasta (:meth:`~canasta._rules.ruleset.RuleSet.is_canasta`) is a meld of one
    rank or of wild cards, of ``canasta_size`` cards at least. The side's melds of a rank
    that are not canastas yet, the hand's natural cards of that rank and every wild card of
    the hand make at most so many canastas by the size of one, merged or not (HW-MRG-1), and
    the melds of wild cards with the hand's wild cards likewise (HW-MELD-4); no other
    canasta can be made this turn. Counting every wild card for each rank only ever makes it
    easier (the reference solver's count, ``_canastas_may_reach``, shares them out).

    A quick "no" before the going-out search, asked after :func:`naturals_stuck`: of the
    permission questions (CL-ASK-2) of 1,000 random Classic decisions that it lets through,
    this refuses 16 of the 20 whose answer is no, each of which the search refused only
    after the quick "yes" had failed and the hand had been set up. With sequences it answers
    ``False``, leaving every hand to the search."""
    if rules.sequences_allowed:
        return False
    missing = rules.canastas_to_go_out
    size = rules.canasta_size
    growing: dict[Rank, int] = {}  # the cards of the side's melds of each rank, not canastas
    wild_cards = 0  # and of its melds of wild cards
    for meld in melds:
        kind = meld.kind
        if kind is _BLACK_MELD:
            continue  # never a canasta
        if rules.is_canasta(meld):
            missing -= 1
        elif kind is _RANK_MELD:
            growing[meld.rank] = growing.get(meld.rank, 0) + meld.size
        else:
            wild_cards += meld.size
    if missing <= 0:
        return False
    counts = hand.counts
    wilds = hand.count_wild()
    for rank, (clubs, diamonds, hearts, spades) in _RANKS_AND_FACES:
        cards = counts[clubs] + counts[diamonds] + counts[hearts] + counts[spades]
        cards += growing.get(rank, 0)
        if cards:
            missing -= (cards + wilds) // size
            if missing <= 0:
                return False
    if rules.wild_melds_allowed:
        missing -= (wild_cards + wilds) // size
    return missing > 0


def _black_threes_stranded(counts: bytes, melds: tuple[Meld, ...], t: Tables) -> int:
    """How many of the black threes held (``counts``) no going out melds: a meld of them is
    laid only in the turn the player goes out, of three natural black threes at least and
    ``t.black_threes`` at most, and takes no other black threes once laid (CL-B3-3,
    HW-B3-3, SA-B3-2), as the going-out search's ways ask (:func:`going_out_possible`). So
    none where the side has no meld of them and three to that many are held, one (the
    discard) where one more, and every one elsewhere."""
    black = counts[_CLUBS_THREE] + counts[_SPADES_THREE]
    if not black:
        return 0
    if any(meld.kind is _BLACK_MELD for meld in melds):
        return black
    if 3 <= black <= t.black_threes:
        return 0
    return 1 if black - 1 == t.black_threes else black


def out_at_once(hand: Cards, melds: tuple[Meld, ...], rules: RuleSet) -> bool:
    """Whether ``hand`` surely goes out onto the side's ``melds`` when no points are owed, by
    the plainest plan: all the hand's natural cards of a rank join the side's meld of it, or
    make a new meld where the side has none (as do its black threes, CL-B3-3), with wild
    cards up to the size of a new meld where they are too few on their own but natural
    enough (CL-MELD-2, CL-MELD-5: two sevens and a two), then each remaining wild card
    joins the first meld that takes it, every step one the rules of melds allow
    (:func:`~canasta._engine.meld_rules.added`, :func:`~canasta._engine.meld_rules.new_meld`);
    at most one card is left, the discard, and the melds hold the canastas going out needs
    (CL-OUT-1, CL-OUT-2; not where it needs an escalera, BO-OUT-1).

    A plan the search (:func:`going_out_possible`) finds too, made here before it sets up
    the hand: the last cards of a hand, whose steps ask it again and again, go out so."""
    if rules.going_out_needs_natural_sequence or not hand:
        return False
    counts = hand.counts
    if not _may_go_out_so(counts, melds, rules):
        return False
    return _plan(counts, melds, rules)


def _plan(counts: bytes, melds: tuple[Meld, ...], rules: RuleSet) -> bool:
    """:func:`out_at_once`'s plan for the hand of ``counts``, its melds made and checked
    step by step by the rules of melds."""
    grown = list(melds)
    wilds = [face for face in WILD_FACES for _ in range(counts[face])]
    short: list[Cards] = []  # naturals of a rank the side has no meld of, for wild cards
    left = 0  # the cards no step of the plan takes: one may be the discard
    for rank, kind in _PLAIN_GROUPS:
        faces = RANK_FACES[rank]
        held = counts[faces.start : faces.stop]
        if any(held):
            cards = trusted_cards(bytes(faces.start) + held + bytes(len(counts) - faces.stop))
            if _laid(grown, cards, rank, kind, rules):
                continue
            if kind is _RANK_MELD and wilds and _completed(grown, len(cards), rank, rules):
                short.append(cards)
                continue
            left += len(cards)
            if left > 1:
                return False
    left += _completed_made(grown, short, wilds, rules)
    left += sum(1 for face in wilds if not _wild_laid(grown, face, rules))
    if left > 1:
        return False
    return sum(1 for meld in grown if rules.is_canasta(meld)) >= rules.canastas_to_go_out


def _completed_made(
    melds: list[Meld], short: list[Cards], wilds: list[int], rules: RuleSet
) -> int:
    """:func:`_plan`'s new melds of naturals too few on their own (``short``), each
    with the first wild cards of ``wilds`` up to the size of a new meld; ``melds`` then hold
    them and ``wilds`` lose the wild cards they take. Returns the naturals left."""
    left = 0
    for cards in short:
        need = rules.min_meld_size - len(cards)
        made = new_meld(cards + Cards.of([ALL_FACES[face] for face in wilds[:need]]), rules)
        if need <= len(wilds) and isinstance(made, Meld) and made.kind is _RANK_MELD:
            melds.append(made)
            del wilds[:need]
        else:
            left += len(cards)
    return left


def _completed(melds: list[Meld], held: int, rank: Rank, rules: RuleSet) -> bool:
    """Whether ``held`` naturals of ``rank``, too few for a new meld, may make one with wild
    cards: the side has no meld of the rank and they are enough naturals."""
    return held >= rules.min_naturals and all(
        meld.rank is not rank or meld.kind is not _RANK_MELD for meld in melds
    )


#: The groups of cards the plainest plan melds together: each natural rank, the black threes.
_PLAIN_GROUPS = (
    *((rank, MeldKind.RANK) for rank in NATURAL_RANKS),
    (Rank.THREE, MeldKind.BLACK_THREES),
)


def _may_go_out_so(counts: bytes, melds: tuple[Meld, ...], rules: RuleSet) -> bool:
    """Whether :func:`out_at_once`'s plan may work, by counting before any meld is made: it
    surely leaves the naturals of a rank the side has no meld of that are too few for a new
    meld on their own and fewer than ``min_naturals`` or without a wild card in the hand to
    complete them, and black threes too few for one or beside the side's meld of them,
    which must be one card at most; and a meld is a canasta after it at most where its
    cards, the hand's of its rank and every wild card of the hand reach the size."""
    totals = rank_totals(counts)
    wilds = sum(counts[face] for face in WILD_FACES)
    size = rules.canasta_size
    canastas = 0
    joined: set[int] = set()
    for meld in melds:
        if meld.kind is _BLACK_MELD:
            continue
        grows = 0
        if meld.kind is _RANK_MELD:
            position = natural_position(meld.rank)
            if position not in joined:
                joined.add(position)
                grows = totals[position]
        canastas += int(meld.size + grows + wilds >= size)
    left = 0
    for position, have in enumerate(totals):
        if have and position not in joined:
            if _too_few(have, rules) and (have < rules.min_naturals or not wilds):
                left += have
            canastas += int(have + wilds >= size)
    black = sum(counts[face.index] for face in BLACK_THREES)
    if black and (black < 3 or any(meld.kind is _BLACK_MELD for meld in melds)):
        left += black
    return left <= 1 and canastas >= rules.canastas_to_go_out


def _too_few(naturals: int, rules: RuleSet) -> bool:
    """Whether so many natural cards of one rank are too few for a new meld on their own
    (CL-MELD-2, CL-MELD-5)."""
    return naturals < rules.min_meld_size or naturals < rules.min_naturals


def _laid(melds: list[Meld], cards: Cards, rank: Rank, kind: MeldKind, rules: RuleSet) -> bool:
    """Whether ``cards`` (of ``rank``, for a meld of ``kind``) join the side's first meld of
    that kind and rank, or make a new meld where it has none; ``melds`` then hold it."""
    for index, meld in enumerate(melds):
        if meld.kind is kind and meld.rank is rank:
            joined = added(meld, cards, rules)
            if isinstance(joined, Meld):
                melds[index] = joined
                return True
            return False
    if kind is _RANK_MELD and _too_few(len(cards), rules):
        return False  # asked before new_meld, whose refusal spells the cards out
    made = new_meld(cards, rules)
    if isinstance(made, Meld) and made.kind is kind:
        melds.append(made)
        return True
    return False


def _wild_laid(melds: list[Meld], face: int, rules: RuleSet) -> bool:
    """Whether the wild card ``face`` joins one of ``melds`` (the first that takes it)."""
    card = Cards.of([ALL_FACES[face]])
    for index, meld in enumerate(melds):
        if meld.kind is _RANK_MELD or meld.kind is _WILD_MELD:
            joined = added(meld, card, rules)
            if isinstance(joined, Meld):
                melds[index] = joined
                return True
    return False
