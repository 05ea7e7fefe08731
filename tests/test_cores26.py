"""The cards of the canastas chosen first (issue 26):
:func:`~canasta._engine.search.cores.cores_answer`, against the search without it.

Every plan that goes out holds, for each canasta still missing, a core of it of exactly the
size of a canasta; the plan's other cards go onto the open melds, the cores among them, and
new ones. Where, for every choice of the cores, the cards left cannot all be melded (the
quick bounds of placing, then the search of placing alone, with no canasta to make), no plan
goes out; where those a choice of cores that are valid melds leaves can, one does. The Samba
for five hand of tests/data/slow26 (48 cards after taking the pile,
``max_wilds_per_sequence=1``) melds its naturals, and makes its two canastas, but not both
with its one wild card: its search refused it after 1,366 positions.

It must only ever refute where no plan goes out, and find a way only where one does:
checked against the search without it, under Hollywood, Samba and Bolivia with drawn house
rules, on drawn positions (sequences and melds of one rank on the table, a discard allowed
or not), on hands built of melds and on whole hands of random games; and on the saved
position, whose moves are the same with it and without it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest
from hypothesis import assume, event, example, given, settings
from hypothesis import strategies as st
from internals import NATURAL_FACES, natural_face
from play_helpers import meld_phases
from profiles import examples
from search_helpers import (
    assert_the_same_going_out,
    drawn_rank_groups,
    drawn_rules,
    drawn_runs,
    drawn_table,
    going_out_with,
    naturals,
    planner_walk,
    questions_led,
    sequence_wilds_laid,
)

import canasta
from canasta import Game, RuleSet, RuleSetError, find_rules
from canasta._engine.search import cores, going_out
from canasta._engine.search.cores import cores_answer
from canasta._engine.search.layout import Layout, RankGroup, Run, WildGroup, wild_meld_canastas
from canasta._engine.search.placing import folded
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import TOP, tables

FAMILIES = ("hollywood", "samba", "bolivia")
SLOW26 = Path(__file__).parent / "data" / "slow26"
SAMBA_48 = SLOW26 / "samba-5p-one-wild-card-a-sequence-48-cards-after-taking-the-pile.json"
HOLLYWOOD_6 = SLOW26 / "hollywood-6p-44-cards-after-taking-the-pile.json"
HOLLYWOOD_60 = SLOW26 / "hollywood-2p-hand-size-60-48-cards-after-taking-the-pile.json"

#: A drawn position: rules, naturals, wild cards, open melds, discards.
Case = tuple[RuleSet, bytes, int, Layout, frozenset[int]]


@st.composite
def _positions(draw: st.DrawFn) -> Case:
    """A rule set of a family with sequences; natural cards over a stretch of ranks: runs of
    two suits, which sequence canastas may take, piles of two ranks, which melds of a rank
    may, and loose cards, few of a rank; a few wild cards; sequences of those suits and a
    meld of one rank on the table (none merging); and the faces one card of which may be
    the discard (none, or every face held)."""
    rules = drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32)))
    low = draw(st.integers(0, TOP - 8))
    nat = bytearray(NATURAL_FACES.stop)
    for suit in (0, 1):
        start = draw(st.integers(low, low + 4))
        for position in range(start, draw(st.integers(start, low + 9))):
            nat[natural_face(position, suit)] += 1
    for _ in range(2):
        position = draw(st.integers(low, low + 8))
        for suit in draw(st.lists(st.integers(0, 3), max_size=6)):
            nat[natural_face(position, suit)] += 1
    loose = st.tuples(st.integers(low, low + 8), st.integers(0, 3))
    for position, suit in draw(st.lists(loose, max_size=4)):
        nat[natural_face(position, suit)] += 1
    most = sequence_wilds_laid(rules)
    layout = draw(drawn_table(low, most))
    held = frozenset(face for face, count in enumerate(nat) if count)
    spare = held if draw(st.booleans()) else frozenset[int]()
    return rules, bytes(nat), draw(st.integers(0, 3)), layout, spare


@st.composite
def _built(draw: st.DrawFn) -> Case:
    """A rule set of a family with sequences, and a hand built of what melds are made of:
    the cards of the canastas going out needs, two at most (a rank's pile short of the size
    by one or none, or
    a suit's stretch of the size with a gap or none), a few melds' worth of three cards
    (of a rank, or of a suit in a row), a loose card or none and a few wild cards; a sequence and a
    meld of one rank on the table (none merging); the discards as :func:`_positions`: most
    of these hands go out, or nearly."""
    rules = drawn_rules(draw(st.sampled_from(FAMILIES)), draw(st.integers(0, 2**32)))
    size = min(tables(rules).canasta_size, TOP + 1)
    nat = bytearray(NATURAL_FACES.stop)
    positions, suits = st.integers(0, TOP), st.integers(0, 3)
    for _ in range(min(2, rules.canastas_to_go_out)):
        if draw(st.booleans()):
            position = draw(positions)
            for _ in range(size - draw(st.integers(0, 1))):
                nat[natural_face(position, draw(suits))] += 1
        else:
            low, suit = draw(st.integers(0, TOP + 1 - size)), draw(suits)
            gap = draw(st.integers(low - 1, low + size - 1))
            for position in range(low, low + size):
                nat[natural_face(position, suit)] += position != gap
    for _ in range(draw(st.integers(0, 3))):
        position, suit = draw(st.integers(0, TOP - 2)), draw(suits)
        together = draw(st.booleans())
        for step in range(3):
            if together:
                nat[natural_face(position, draw(suits))] += 1
            else:
                nat[natural_face(position + step, suit)] += 1
    for position, suit in draw(st.lists(st.tuples(positions, suits), max_size=1)):
        nat[natural_face(position, suit)] += 1
    most = sequence_wilds_laid(rules)
    runs = st.lists(
        drawn_runs(suits, st.integers(0, TOP - 2), st.integers(3, 5), st.integers(0, most)),
        max_size=1,
    )
    ranks = st.lists(
        drawn_rank_groups(positions, st.integers(3, 5), st.integers(0, 1)), max_size=1
    )
    layout = Layout(tuple(sorted(draw(ranks))), tuple(sorted(draw(runs))))
    held = frozenset(face for face, count in enumerate(nat) if count)
    spare = held if draw(st.booleans()) else frozenset[int]()
    return rules, bytes(nat), draw(st.integers(0, 3)), layout, spare


#: The Samba hand's refused question: its 43 naturals and one wild card (the three of
#: spades, which no meld takes, is the discard), the sevens and fours on the table.
_SAMBA_REFUSED = (
    find_rules("samba", players=5).with_options(max_wilds_per_sequence=1, min_naturals=1),
    naturals(
        "4C 4S 5C 5C 5D 5H 6C 6D 6H 6S 7H 7H 8C 8D 8H 8S 8S 9C 9H 9H 9S 9S 10C 10D 10H 10S "
        "10S JC JD JH JS QC QS KC KC KH KH KS KS AC AH AS AS"
    ),
    1,
    Layout(ranks=(RankGroup(0, 3, 0, False), RankGroup(3, 2, 1, False))),
    frozenset[int](),
)


#: The Hollywood for six hand's refused question (tests/data/slow26, 44 cards after taking the
#: pile): its 39 naturals (its black threes laid) and two wild cards, any natural the
#: discard; on the table the diamonds 9 to king, the hearts 5 to 8 and two sequences of
#: spades that overlap (9 to queen, 9 to jack), which may merge with none.
_HOLLYWOOD_6_REFUSED = (
    find_rules("hollywood", players=6),
    naturals(
        "4C 4D 4D 4H 4S 5D 5H 5H 5S 6C 6D 6H 6S 7C 7D 7H 8C 8D 8D 8H 9D 10C 10H 10S JC JC "
        "JD JH QC QD QH QH KC KC KH KH KS AH AS"
    ),
    2,
    Layout(
        runs=(
            Run(1, 5, 9, 1),
            Run(2, 1, 4, 1),
            Run(3, 5, 7, 0, merges=True),
            Run(3, 5, 8, 1, merges=True),
        )
    ),
    frozenset(
        face
        for face, count in enumerate(
            naturals(
                "4C 4D 4H 4S 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 8C 8D 8H 9D 10C 10H 10S JC JD JH "
                "QC QD QH KC KH KS AH AS"
            )
        )
        if count
    ),
)


def _question(case: Case) -> tuple[bytes, tuple[int, ...]]:
    """The case's naturals as ``going_out_possible`` asks (by rank alone where there are no
    sequences) and the canastas new melds of wild cards make, by wild card."""
    rules, nat, _, layout, _ = case
    t = tables(rules)
    several_wild = t.several or not layout.wilds
    new_wild = wild_meld_canastas(rules) if t.wild_melds and several_wild else (0,)
    return (nat if t.sequences else folded(nat)), new_wild


def _out(case: Case) -> bool:
    """Whether the search (which never asks the bound) melds every card of the case, but one
    natural of a face of its discards, with the canastas going out needs."""
    rules, _, wilds, layout, spare = case
    nat, new_wild = _question(case)
    search = Sweep(tables(rules), rules.going_out_needs_natural_sequence, new_wild)
    canasta.clear_caches()
    return search.out(nat, wilds, layout, Summary(), 0, spare)


def _answer(case: Case) -> bool | None:
    rules, _, wilds, layout, spare = case
    nat, new_wild = _question(case)
    canasta.clear_caches()
    return cores_answer(nat, wilds, layout, 0, spare, tables(rules), new_wild)


@settings(max_examples=examples(600), deadline=None)
@given(_positions())
@example(_SAMBA_REFUSED)
def test_CL_OUT_1_the_canastas_cores_answer_as_the_search_on_drawn_positions(
    case: Case,
) -> None:
    answer = _answer(case)
    event(f"answer {answer}")
    if answer is not None:
        assert answer == _out(case), case


@settings(max_examples=examples(600), deadline=None)
@given(_built())
def test_CL_OUT_1_the_canastas_cores_answer_as_the_search_on_hands_built_of_melds(
    case: Case,
) -> None:
    answer = _answer(case)
    out = _out(case)
    event(f"answer {answer}, going out {out}")
    assert answer in (None, out), case


# --- melds that may merge (HW-MRG-1) ---------------------------------------------------------


def _marked(layout: Layout, rules: RuleSet) -> Layout:
    """``layout`` with each meld that is not a canasta, beside another of its family that is
    not one either, marked ``merges``, as ``layout.encoded`` marks the side's melds."""
    t = tables(rules)
    size = t.canasta_size

    def family(part: RankGroup | Run | WildGroup) -> tuple[int, int] | None:
        if isinstance(part, RankGroup):
            short = part.naturals + part.wilds < size
            return (0, part.position) if short else None
        if isinstance(part, Run):
            return (1, part.suit) if part.high - part.low + 1 < size else None
        return (2, 0) if part.size < size and rules.merge_wild_melds else None

    kin = [family(part) for part in layout.parts()]

    def mark(part: RankGroup | Run | WildGroup) -> bool:
        mine = family(part)
        return rules.merging_allowed and mine is not None and kin.count(mine) > 1

    return Layout(
        tuple(sorted(group._replace(merges=mark(group)) for group in layout.ranks)),
        tuple(sorted(run._replace(merges=mark(run)) for run in layout.runs)),
        tuple(sorted(group._replace(merges=mark(group)) for group in layout.wilds)),
    )


@st.composite
def _merging(draw: st.DrawFn) -> Case:
    """A rule set of a family with sequences, merging allowed (HW-MRG-1); the naturals, wild
    cards and discards of :func:`_positions`; on the table up to three sequences of one
    suit (some overlapping, some apart, some meeting), one of another, up to three melds of
    one rank and up to two melds of wild cards, each marked ``merges`` as the side's melds
    are."""
    rules, nat, wilds, _, spare = draw(_positions())
    try:
        rules = rules.with_options(merging_allowed=True, several_melds_per_rank=True)
    except RuleSetError:  # (a drawn rule set whose other settings refuse them)
        assume(False)
    t = tables(rules)
    low = min([TOP - 8, *(face // 4 for face, count in enumerate(nat) if count)])
    most = min(1, t.sequence_wilds)
    runs = [
        *draw(
            st.lists(
                drawn_runs(
                    st.just(0), st.integers(low, low + 8), st.integers(3, 5), st.integers(0, most)
                ),
                max_size=3,
            )
        ),
        *draw(
            st.lists(
                drawn_runs(
                    st.just(1), st.integers(low, low + 6), st.integers(3, 5), st.integers(0, most)
                ),
                max_size=1,
            )
        ),
    ]
    position = draw(st.integers(low, min(TOP, low + 8)))
    groups = [
        group
        for group in draw(
            st.lists(
                drawn_rank_groups(st.just(position), st.integers(3, 5), st.integers(0, 2)),
                max_size=3,
            )
        )
        if group.wilds <= t.max_wilds[group.naturals]
    ]
    shortest = max(2, t.min_size)
    melds_of_wilds = st.integers(shortest, max(shortest, t.canasta_size - 1))
    wild_groups = draw(st.lists(melds_of_wilds.map(WildGroup), max_size=2 if t.wild_melds else 0))
    layout = Layout(tuple(sorted(groups)), tuple(sorted(runs)), tuple(sorted(wild_groups)))
    return rules, nat, wilds, _marked(layout, rules), spare


@settings(max_examples=examples(600), deadline=None)
@given(_merging())
@example(_HOLLYWOOD_6_REFUSED)
def test_HW_MRG_1_the_cores_of_merging_melds_answer_as_the_search(case: Case) -> None:
    """Where melds may merge, a core may hold several of a family merged (see
    :mod:`~canasta._engine.search.cores`): the cores' answer is the search's, whatever the
    melds of a family that overlap, meet or lie apart."""
    answer = _answer(case)
    event(f"answer {answer}, melds merging {any(part.merges for part in case[3].parts())}")
    if answer is not None:
        assert answer == _out(case), case


def test_HW_MRG_1_the_hollywood_six_hand_is_refused_by_the_cores() -> None:
    """The saved Hollywood for six hand: its sequences of spades overlap, so merge with
    none; every choice of the cores of its two canastas leaves cards no meld takes with the
    wild cards left. The search finds no way either."""
    assert _answer(_HOLLYWOOD_6_REFUSED) is False
    assert not _out(_HOLLYWOOD_6_REFUSED)


#: The first question the Hollywood for two ``hand_size=60`` hand of tests/data/slow26 has
#: the cores refuse (after ``meld 7C 7C 7C JK``; its three black threes laid): four wild
#: cards, the ace of diamonds the one discard worth trying, two canastas to make. Seven
#: queens make 17 cores of their rank, which differ in the suits they take.
_HOLLYWOOD_REFUSED = (
    find_rules("hollywood", players=2).with_options(hand_size=60),
    naturals(
        "4D 4D 4S 5C 5D 5H 5S 5S 6D 6D 6H 6H 6S 6S 7D 7H 7S 8C 8D 9C 9H 9S 9S 10D 10H 10H JC "
        "JH JH QC QC QC QD QH QS QS KH KS AD AS"
    ),
    4,
    Layout(ranks=(RankGroup(3, 3, 1, False), RankGroup(9, 5, 1, False)), runs=(Run(3, 5, 7, 0),)),
    frozenset({natural_face(TOP, 1)}),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(_positions(), _built()))
@example(_HOLLYWOOD_REFUSED)
@example(_SAMBA_REFUSED)
def test_CL_OUT_1_a_ranks_cores_are_refused_together_only_where_each_is(case: Case) -> None:
    """The cores that ``cores._singles`` refuses with the cores alike (a rank's, growing the
    same meld with the same wild cards), whose cards left with the rank's naturals still in
    hand fail the quick bounds: each one's cards left cannot be melded, by the search of
    placing alone (no canasta to make, no budget), which never asks the bounds' answer for
    the others; and no core refused alone is kept."""
    rules, _, wilds, layout, spare = case
    nat, new_wild = _question(case)
    t = tables(rules)
    question = cores._Question(nat, wilds, layout, 0, spare)
    canasta.clear_caches()
    kept = cores._singles(question, t)
    alone = [
        core for core in cores._cores(nat, wilds, layout, t) if cores._kept(question, (core,), t)
    ]
    assert all(core in alone for core in kept), case
    refused = [core for core in alone if core not in kept]
    event(f"refused together {min(len(refused), 5)}")
    for core in refused:
        rest = cores._with(question, (core,))
        assert rest is not None
        placing = Sweep(t, False, new_wild, needed=0)
        melded = placing.out(rest.nat, rest.wilds, rest.layout, Summary(), 0, rest.spare)
        assert not melded, (case, core)


def test_CL_OUT_1_the_samba_hand_has_no_wild_card_for_both() -> None:
    """The saved Samba hand: every choice of two canastas' cores leaves a card short of the
    one wild card (the clubs and the spades eight to ace leave two jacks and two aces, each
    pair wanting it); the search finds no way either."""
    assert _answer(_SAMBA_REFUSED) is False
    assert not _out(_SAMBA_REFUSED)


def test_CL_OUT_1_the_cores_find_the_hand_with_a_discard() -> None:
    """The same hand once it has laid all four black threes, any natural card its discard:
    discarding a jack, two sequence canastas and the rest go out, which the cores find at
    once; so does the search."""
    rules, nat, wilds, layout, _ = _SAMBA_REFUSED
    spare = frozenset(face for face, count in enumerate(nat) if count)
    case = (rules, nat, wilds, layout, spare)
    assert _answer(case) is True
    assert _out(case)


# --- whole hands ----------------------------------------------------------------------------


def _never(*_: object) -> None:
    """:func:`cores_answer` that never answers."""


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_CL_OUT_1_the_canastas_cores_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the cores and
    without them (asked where the search does not answer within its first budgets)."""
    rules = drawn_rules(family, seed)
    assert_the_same_going_out(rules, seed, going_out, "cores_answer", _never)


@pytest.mark.planner_only(
    reason="loads a saved slow position, whose moves the reference lists in minutes"
)
def test_CL_OUT_1_the_samba_hand_lists_the_same_moves_without_the_cores() -> None:
    """The 48-card Samba hand of tests/data/slow26: the same 402 moves with the cores and
    without them."""
    text = SAMBA_48.read_text()
    canasta.clear_caches()
    with_it = [str(move) for move in Game.from_json(text).legal_moves()]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "cores_answer", _never)
        canasta.clear_caches()
        without = [str(move) for move in Game.from_json(text).legal_moves()]
    canasta.clear_caches()
    assert len(with_it) == 402
    assert with_it == without


@planner_walk
@settings(max_examples=10, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32))
def test_CL_OUT_1_the_cores_asked_early_never_change_a_going_out_answer(
    family: str, seed: int
) -> None:
    """Whole hands of random games under drawn house rules, each asked with the cores
    asked of every question as soon as the leading way has spent its first budget (as
    where they refused the last question, ``Sweep.cores_led``) and without the cores."""
    _assert_led_as_plain(drawn_rules(family, seed), seed, _cores_always_led)


@planner_walk
@settings(max_examples=examples(20), deadline=None)
@given(name=st.sampled_from(canasta.rule_set_names()), seed=st.integers(0, 2**32))
def test_CL_OUT_1_the_cores_asked_of_a_near_question_never_change_a_going_out_answer(
    name: str, seed: int
) -> None:
    """Whole hands of random games under every rule set with drawn house rules, each asked
    with every question taken as near the last one the cores refused
    (``going_out._near``: the cores asked once the leading way has searched one position,
    then the search resumed where they give no answer) and without the cores."""
    _assert_led_as_plain(drawn_rules(name, seed), seed, lambda: _cores_always_near(1))


@pytest.mark.planner_only(
    reason="loads a saved slow position, whose moves the reference lists in minutes"
)
def test_CL_OUT_1_the_hollywood_hand_lists_the_same_moves_with_the_cores_asked_early() -> None:
    """The Hollywood for two ``hand_size=60`` hand of tests/data/slow26, the cores asked of
    every question once the leading way has spent its first budget, then once it has
    searched 16 positions (every question taken as near the last one the cores refused):
    the same 271 moves as tests/test_slow_positions26.py keeps."""
    text = HOLLYWOOD_60.read_text()
    for asked_early in (_cores_always_led(), _cores_always_near(16)):
        canasta.clear_caches()
        with asked_early:
            texts = sorted(str(move) for move in Game.from_json(text).legal_moves())
        canasta.clear_caches()
        assert len(texts) == 271
        assert hashlib.sha1("\n".join(texts).encode()).hexdigest()[:10] == "34b99349e4"


def _assert_led_as_plain(
    rules: RuleSet, seed: int, led: Callable[[], AbstractContextManager[None]]
) -> None:
    """In every meld phase of the first deal of ``rules`` and ``seed``, played at random,
    the going-out answer with every question asked as ``led`` makes it (the cores asked
    early) is the search's without the cores, asked outside ``led``: a break of the led
    path outside the cores themselves changes the one answer and not the other."""
    for deal in meld_phases(rules, seed):
        with led():
            asked_early = going_out_with(deal, going_out, "cores_answer")
        plain = going_out_with(deal, going_out, "cores_answer", _never)
        assert asked_early == plain, (rules, seed, deal)


def _cores_always_led() -> AbstractContextManager[None]:
    """Every question of ``going_out._either_way`` asked as where the cores refused the
    last one (``Sweep.cores_led``)."""
    return questions_led(cores_led=True)


@contextmanager
def _cores_always_near(budget: int) -> Iterator[None]:
    """Every question of ``going_out._either_way`` asked as near the last one the cores
    refused (``going_out._near``), the leading way searching ``budget`` positions before
    them."""
    with _cores_always_led(), pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "_near", lambda search, ways: True)
        patch.setattr(going_out, "_NEAR_BUDGET", budget)
        yield
