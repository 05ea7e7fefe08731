"""Helpers shared by the tests of the going-out search's bounds and cuts (issue 26).

Each bound is held to the search without it on whole hands of random games: the same
answer for every hand, asked with the bound and with it replaced by a stub that never
refutes (:func:`going_out_with`), under a preset or house rules drawn from a seed
(:func:`drawn_rules`); and on drawn positions of the search, whose open melds
:func:`drawn_runs` and :func:`drawn_rank_groups` draw.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager

import attrs
import pytest
from fuzz.options import random_rules
from hypothesis import strategies as st
from internals import NATURAL_FACES, Deal, natural_face
from play_helpers import meld_phases

import canasta
from canasta import Cards, Meld, RuleSet, find_rules
from canasta._engine.search import going_out, planner, reference
from canasta._engine.search.layout import Layout, RankGroup, Run, wild_meld_canastas
from canasta._engine.search.summary import Summary
from canasta._engine.search.sweep import Sweep
from canasta._engine.tables import TOP, tables

__all__ = [
    "KINGS",
    "assert_as_the_reference",
    "assert_the_same_going_out",
    "drawn_rank_groups",
    "drawn_rules",
    "drawn_runs",
    "drawn_stretch",
    "family_answer",
    "gap_family",
    "going_out_questions",
    "going_out_with",
    "planner_walk",
    "seat_to_meld",
    "sequence_wilds_laid",
]


#: The mark of a test that walks random games asking the planner's going-out search at each
#: meld phase: on the reference solver, one random game under drawn house rules can take
#: minutes.
planner_walk = pytest.mark.planner_only(
    reason="asks the planner's going-out search; its random walk's legal_moves() on the "
    "reference can take minutes (a whole random game under drawn house rules)"
)


def seat_to_meld(
    rules: RuleSet, melds: list[str], hand: list[str], players: int, others: list[str], pile: str
) -> canasta.Game | None:
    """The last seat to meld, its side (the last) with the melds ``melds``, its hand
    ``hand``, the seats before it holding ``others`` (a hand each, in turn) and ``pile`` on
    the pile; ``None`` where that is no position (a card the pack holds too few of, ...)."""
    seat = players - 1
    try:
        return canasta.Game.from_position(
            rules,
            hands=[*others[:seat], " ".join(hand)],
            melds=[[]] * (2 if players == 3 else 1) + [melds],
            melded_players=[seat],
            turn_player=seat,
            phase="meld",
            pile=pile,
        )
    except canasta.PositionError:
        return None


_RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
#: Two melds of kings that may merge, beside :func:`gap_family`.
KINGS = ["KS KH KD", "KC KS KH"]


def gap_family(suits: int, gap: int = 1) -> tuple[list[str], list[str]]:
    """The late-merge family: per suit (spades, hearts, diamonds, clubs, and round again)
    4-6 and the three ranks after a gap of ``gap`` ranks on the table, the gap's cards in
    hand."""
    melds: list[str] = []
    hand: list[str] = []
    for number in range(suits):
        suit = "SHDC"[number % 4]
        melds += [
            " ".join(_RANKS[position] + suit for position in range(low, low + 3))
            for low in (0, 3 + gap)
        ]
        hand += [_RANKS[3 + n] + suit for n in range(gap)]
    return melds, hand


def family_answer(name: str, suits: int, gap: int, canastas: int) -> tuple[bool, float]:
    """The planner's going-out answer for :func:`gap_family` with two melds of kings and the
    two of clubs in hand under the preset ``name`` needing ``canastas`` canastas, and the
    CPU seconds it took, the caches emptied first."""
    rules = attrs.evolve(find_rules(name, players=2), canastas_to_go_out=canastas)
    melds, hand = gap_family(suits, gap)
    game = seat_to_meld(rules, melds + KINGS, [*hand, "2C"], 2, ["4C 4D"], "JK")
    assert game is not None
    canasta.clear_caches()
    start = time.process_time()
    found = planner.can_go_out(game.deal)
    return found, time.process_time() - start


def assert_as_the_reference(rules: RuleSet, melds: list[str], hand: list[str]) -> None:
    """The planner's going-out answer for the last seat to meld with ``melds`` and ``hand``
    (:func:`seat_to_meld`, the other seat holding 4C 4D, the joker on the pile) is the
    reference solver's, asked or not (none where that is no position)."""
    game = seat_to_meld(rules, melds, hand, 2, ["4C 4D"], "JK")
    if game is None:
        return
    for permitted in (False, True):
        expected = reference.can_go_out(game.deal, permitted=permitted)
        assert planner.can_go_out(game.deal, permitted=permitted) == expected, (
            rules,
            melds,
            hand,
            permitted,
        )


def naturals(text: str) -> bytes:
    """The counts of the natural cards of ``text``, a hand, as the search reads them."""
    return Cards.parse(text).counts[: NATURAL_FACES.stop]


def placed(
    rules: RuleSet,
    nat: bytes,
    wilds: int,
    layout: Layout,
    spare: bool = True,
    *,
    discard_needed: bool = False,
) -> bool:
    """Whether a search of its own melds every natural card of ``nat`` (but at most one, of
    any face held, with ``spare``: the discard) and ``wilds`` wild cards onto ``layout`` and
    new melds, the canastas made already: the placing alone, which the bounds speak of;
    with ``discard_needed``, told the hand needs its discard (``Sweep.discard_needed``)."""
    made = Summary(done=rules.canastas_to_go_out)
    held = frozenset(face for face, count in enumerate(nat) if count) if spare else frozenset()
    search = Sweep(tables(rules), False, wild_meld_canastas(rules))
    search.discard_needed = discard_needed
    return search.out(nat, wilds, layout, made, 0, held)


def drawn_rules(family: str, seed: int) -> RuleSet:
    """The preset of ``family`` (seed 0), or house rules drawn from ``seed``."""
    if seed == 0:
        return find_rules(family)
    return random_rules(random.Random(seed), family=family)


#: A going-out question the planner asked: the hand, the side's melds, the rules, the points
#: owed, whether the player is exempt from them, and the answer.
Question = tuple[Cards, tuple[Meld, ...], RuleSet, int, bool, bool]


def going_out_questions(text: str) -> list[Question]:
    """Every going-out question that loading the game ``text`` asks the planner, with its
    answer, the caches emptied first: to ask them again without a cut."""
    asked: list[Question] = []
    plain = going_out.going_out_possible

    def recorded(
        hand: Cards,
        melds: tuple[Meld, ...],
        rules: RuleSet,
        owed: int,
        exempt: bool,
        *,
        concealed: bool = False,
    ) -> bool:
        found = plain(hand, melds, rules, owed, exempt, concealed=concealed)
        asked.append((hand, melds, rules, owed, exempt, found))
        return found

    canasta.clear_caches()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(planner, "going_out_possible", recorded)
        canasta.Game.from_json(text)
    return asked


@contextmanager
def questions_led(**flags: bool) -> Iterator[None]:
    """Every question of ``going_out._either_way`` asked with the search's ``flags`` set:
    ``cores_led=True`` as where the cores refused the last question (``Sweep.cores_led``),
    ``one_wild_led=True`` as where ``one_wild_short`` did (``Sweep.one_wild_led``)."""
    either_way = going_out._either_way

    def led(search: Sweep, ways: tuple[going_out.SweepArgs, going_out.SweepArgs]) -> bool:
        for flag, value in flags.items():
            setattr(search, flag, value)
        return either_way(search, ways)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(going_out, "_either_way", led)
        yield


def going_out_with(deal: Deal, module: object, name: str, stub: object = None) -> bool:
    """The planner's going-out answer for the player to act in ``deal``, with
    ``module.name`` replaced by ``stub`` (``None``: as it is), and none of the positions a
    search remembers between calls."""
    canasta.clear_caches()
    with pytest.MonkeyPatch.context() as patch:
        if stub is not None:
            patch.setattr(module, name, stub)
        melds = deal.melds[deal.side]
        return going_out.going_out_possible(deal.hand, melds, deal.rules, 0, False)


def assert_the_same_going_out(
    rules: RuleSet, seed: int, module: object, name: str, stub: object
) -> None:
    """In every meld phase of the first deal of ``rules`` and ``seed``, played at random
    (:func:`~play_helpers.meld_phases`), the going-out answer is the same with
    ``module.name`` as it is and with ``stub`` in its place."""
    for deal in meld_phases(rules, seed):
        with_it = going_out_with(deal, module, name)
        assert with_it == going_out_with(deal, module, name, stub), (rules, seed, deal)


def sequence_wilds_laid(rules: RuleSet) -> int:
    """The most wild cards a drawn open sequence holds, as play leaves them: one, or none
    where the rules' sequences take none (HW-MELD-6; SA-MELD-3 and BO-MELD-3: no wild cards
    in Samba's and Bolivia's). A table with a wild card in such a sequence is one no game
    reaches (``Game.from_json`` refuses it), and the search's bounds, which count on each
    sequence's room for wild cards being none or more, may answer it differently from the
    search: a Samba sequence with one made ``placing_fails`` refuse a hand that the search
    melds, where the rank below the sequence was still to place."""
    return min(1, tables(rules).sequence_wilds)


def drawn_runs(
    suits: st.SearchStrategy[int],
    lows: st.SearchStrategy[int],
    sizes: st.SearchStrategy[int],
    wilds: st.SearchStrategy[int],
) -> st.SearchStrategy[Run]:
    """Open sequences of the search: a suit, the lowest position and a size (cut at the
    ace), and wild cards, each drawn from its strategy."""
    return st.builds(
        lambda suit, low, size, wild: Run(suit, low, min(TOP, low + size - 1), wild),
        suits,
        lows,
        sizes,
        wilds,
    )


def drawn_rank_groups(
    positions: st.SearchStrategy[int],
    naturals: st.SearchStrategy[int],
    wilds: st.SearchStrategy[int],
) -> st.SearchStrategy[RankGroup]:
    """Open melds of one rank of the search, that do not merge: a position, natural cards
    and wild cards, each drawn from its strategy."""
    return st.builds(RankGroup, positions, naturals, wilds, st.just(False))


@st.composite
def drawn_table(draw: st.DrawFn, low: int, sequence_wilds: int) -> Layout:
    """The side's open melds near a stretch of ranks from ``low``: up to two sequences of
    suits 0 and 1 (three to five cards from ``low`` to ``low + 6``, up to ``sequence_wilds``
    wild cards) and up to one meld of one rank (``low`` to ``low + 8``), none merging."""
    run = drawn_runs(
        st.integers(0, 1),
        st.integers(low, low + 6),
        st.integers(3, 5),
        st.integers(0, sequence_wilds),
    )
    group = drawn_rank_groups(st.integers(low, low + 8), st.integers(3, 5), st.integers(0, 1))
    runs = draw(st.lists(run, max_size=2))
    ranks = draw(st.lists(group, max_size=1))
    return Layout(tuple(sorted(ranks)), tuple(sorted(runs)))


@st.composite
def drawn_stretch(
    draw: st.DrawFn, families: tuple[str, ...], most_cards: int, most_runs: int
) -> tuple[RuleSet, bytes, Layout]:
    """A rule set of one of ``families`` (the preset or house rules drawn), natural cards of
    a stretch of seven ranks (one to ``most_cards``), and on the table up to ``most_runs``
    sequences near the stretch (with as many wild cards as play leaves in one,
    :func:`sequence_wilds_laid`) and two melds of one rank in it (of two ranks where the
    rules allow one meld of a rank only)."""
    rules = drawn_rules(draw(st.sampled_from(families)), draw(st.integers(0, 2**32)))
    low = draw(st.integers(0, TOP - 6))
    ranks_and_suits = st.tuples(st.integers(low, low + 6), st.integers(0, 3))
    nat = bytearray(NATURAL_FACES.stop)
    for position, suit in draw(st.lists(ranks_and_suits, min_size=1, max_size=most_cards)):
        nat[natural_face(position, suit)] += 1
    run = drawn_runs(
        st.integers(0, 3),
        st.integers(max(0, low - 3), min(TOP, low + 7)),
        st.integers(3, 7),
        st.integers(0, sequence_wilds_laid(rules)),
    )
    group = drawn_rank_groups(st.integers(low, low + 6), st.integers(3, 6), st.integers(0, 2))
    runs = draw(st.lists(run, max_size=most_runs))
    groups = draw(st.lists(group, max_size=2))
    if not rules.several_melds_per_rank:  # one meld of a rank at most (HW-MELD-9)
        groups = list({meld.position: meld for meld in groups}.values())
    return rules, bytes(nat), Layout(tuple(sorted(groups)), tuple(sorted(runs)))
