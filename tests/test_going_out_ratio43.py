"""A natural card in a merged meld of one rank as a going out's last step, where the wild
cards a meld may hold depend on its natural cards (CL-MELD-3, HW-MELD-6, HW-MRG-1,
HW-MRG-2, CL-CAN-4, CL-OUT-2).

A merge of melds of one rank needs no card of the hand, so a natural card of the hand in
the merged meld may be melded last, after it, with the hand's other cards of that meld; but
where the parts' cards of the table make a canasta closed to wild cards, the wild cards it
takes go into its parts before the merge, and the natural card is free only where they fit
the parts' room without it (:mod:`~canasta._engine.search.merge_last`). The planner used to
hand such positions to the reference solver (exponential: issue 26's ``fallback_ratio.py``,
Samba with ``wild_ratio`` and five suits, some 1.6 s; its bound is in
``tests/test_going_out_late42.py``); here its own answer is held to the
reference solver's over positions drawn with every wild ratio, limits of wild cards, closed
canastas or not, melds of one rank that may merge (on the table, or laid in the turn, the
opening minimum still owed), and small hands, without asking the reference solver.
"""

from __future__ import annotations

from itertools import islice
from unittest import mock

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st
from internals import Deal, melded, new_meld
from profiles import examples

import canasta
from canasta._engine.search import planner, reference

RATIOS = ["none", "naturals_ge_wilds", "naturals_gt_wilds", "two_naturals_per_wild"]
KINGS = ["KC", "KD", "KH", "KS"]
WILDS = ["2H", "2S", "JK"]

#: A drawn position: the rule set, the melds, whether they were laid in the turn (the
#: opening minimum owed: all but ``slack`` points of the melds and the hand), the hand.
Position = tuple[canasta.RuleSet, list[str], bool, int, list[str]]


@st.composite
def _positions(draw: st.DrawFn) -> Position | None:
    """Samba, Bolivia or Hollywood for two with a wild ratio, a limit of wild cards, closed
    canastas or not; two or three melds of kings that may merge, each with the naturals
    and wild cards its rules allow; sometimes spades 4-6 and 8-10; a hand of up to two
    kings, the seven of spades, up to three wild cards."""
    rules = canasta.find_rules(draw(st.sampled_from(["samba", "bolivia", "hollywood"])), 2)
    try:
        rules = attrs.evolve(
            rules,
            canastas_to_go_out=draw(st.integers(1, 2)),
            wild_ratio=draw(st.sampled_from(RATIOS)),
            max_wilds_per_meld=draw(st.sampled_from([3, 4, 2])),
            min_naturals=draw(st.integers(1, 3)),
            allow_wild_on_canasta=draw(st.sampled_from([False, False, True])),
        )
    except ValueError:
        return None
    kings = iter(KINGS * 3)  # the twelve kings of the three decks
    melds = []
    for _ in range(draw(st.sampled_from([2, 2, 3]))):
        naturals = draw(st.integers(max(2, rules.min_naturals), 4))
        most = min(rules.max_wilds(naturals), 3, rules.canasta_size - 1 - naturals)
        fewest = max(0, rules.min_meld_size - naturals)
        if fewest > most:
            return None
        wilds = draw(st.sampled_from([most, most, *range(fewest, most)]))  # at the limit
        melds.append(" ".join([next(kings) for _ in range(naturals)] + WILDS[:wilds]))
    hand = list(islice(kings, draw(st.sampled_from([1, 0, 2]))))
    if draw(st.booleans()):
        melds += ["4S 5S 6S", "8S 9S 10S"]
        hand += ["7S"] * draw(st.integers(0, 1))
    hand += draw(st.lists(st.sampled_from(["2C", "2D", "JK"]), min_size=1, max_size=2))
    slack = draw(st.sampled_from([0, 0, 10, 60]))
    return rules, melds, draw(st.booleans()), slack, hand


@st.composite
def _tight_positions(draw: st.DrawFn) -> Position | None:
    """Where a natural card may be needed before a merge: Samba (canastas closed to wild
    cards) with a ratio and three or four wild cards a meld at most, two melds of kings of
    two or three naturals each at its wild limit or one below, a hand of a king or two and
    a wild card or two, most often the opening owed."""
    rules = attrs.evolve(
        canasta.find_rules("samba", 2),
        canastas_to_go_out=1,
        wild_ratio=draw(st.sampled_from(RATIOS[2:])),
        max_wilds_per_meld=draw(st.sampled_from([3, 4])),
    )
    kings = iter(KINGS * 3)
    melds = []
    for _ in range(2):
        naturals = draw(st.sampled_from([2, 3]))
        fewest = rules.min_meld_size - naturals
        wilds = max(fewest, rules.max_wilds(naturals) - draw(st.sampled_from([0, 1])))
        melds.append(" ".join([next(kings) for _ in range(naturals)] + WILDS[:wilds]))
    hand = list(islice(kings, draw(st.sampled_from([1, 2]))))
    hand += draw(st.lists(st.sampled_from(["2C", "2D", "JK"]), min_size=1, max_size=2))
    slack = draw(st.sampled_from([0, 20]))
    return rules, melds, draw(st.sampled_from([True, True, False])), slack, hand


def _deal(position: Position | None) -> Deal | None:
    """The deal of a drawn position, the side's melds on the table or, ``opening``, laid in
    the turn (made, not played: whether the turn may still be finished after them is the
    question asked here); ``None`` for none (a meld its rules refuse, too few cards)."""
    if position is None:
        return None
    rules, melds, opening, slack, hand = position
    cards = " ".join([*hand, *melds] if opening else hand)
    if opening:
        rules = attrs.evolve(rules, initial_meld_table=((None, 0),), concealed_min_rule="always")
    try:
        game = canasta.Game.from_position(
            rules,
            hands=[cards, "4C 4D"],
            melds=[[] if opening else melds, []],
            melded_players=[] if opening else [0],
            phase="meld",
            pile="JC",
            scores=[0, 0],
        )
    except canasta.PositionError:
        return None  # a card the pack holds too few of, ...
    deal = game.deal
    if not opening:
        return deal
    for text in melds:
        cards = canasta.Cards.parse(text)
        meld = new_meld(cards, rules)
        if not isinstance(meld, canasta.Meld):
            return None  # laid as a new meld, it breaks a limit (CL-MELD-2, CL-MELD-3)
        deal = melded(deal, cards, None, meld)
    points = deal.draft.points + sum(card.points for card in deal.hand)
    return deal.replace(minimums=(max(0, points - slack), 0))


def _agrees(position: Position | None) -> None:
    """The planner's answer is the reference solver's, and it asks the reference none."""
    deal = _deal(position)
    if deal is None:
        return
    unasked = mock.patch.object(reference, "can_go_out", side_effect=AssertionError)
    for permitted in (False, True):
        with unasked:
            planned = planner.can_go_out(deal, permitted=permitted)
        assert planned == reference.can_go_out(deal, permitted=permitted), (position, permitted)


def _rules(name: str, **options: object) -> canasta.RuleSet:
    return attrs.evolve(canasta.find_rules(name, 2), canastas_to_go_out=1, **options)


@settings(max_examples=examples(300), deadline=None)
@example(  # merged first (five natural cards, two wild cards), it takes the king and two more
    position=(
        _rules("samba", wild_ratio="naturals_gt_wilds", max_wilds_per_meld=4),
        ["KC KD 2H", "KH KS JK"],
        False,
        0,
        ["KD", "2C", "2D", "JK"],
    )
)
@example(  # the 2C needs the king in the meld of four before the merge: no last step
    position=(
        _rules("samba", wild_ratio="two_naturals_per_wild", max_wilds_per_meld=3),
        ["KC KD 2H", "KH KS KC 2S"],
        True,
        0,
        ["KD", "2C"],
    )
)
@example(  # the same with a point to spare: the 2C discarded, the king melded last
    position=(
        _rules("samba", wild_ratio="two_naturals_per_wild", max_wilds_per_meld=3),
        ["KC KD 2H", "KH KS KC 2S"],
        True,
        20,
        ["KD", "2C"],
    )
)
@example(  # the 2C goes into the meld of four before the merge, the king after it, last
    position=(
        _rules("samba", wild_ratio="two_naturals_per_wild", max_wilds_per_meld=3),
        ["KC KD 2H", "KH KS KC KD"],
        True,
        0,
        ["KD", "2C"],
    )
)
@given(position=st.one_of(_positions(), _tight_positions()))
def test_cl_meld_3_a_natural_card_a_part_needs_before_its_merge_is_no_last_step(
    position: Position | None,
) -> None:
    """Where the wild limit depends on the natural cards, the planner answers whether the
    player can go out as the reference solver does, without asking it."""
    _agrees(position)
