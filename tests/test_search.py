"""The dead-end search against a brute-force oracle.

:func:`canasta._engine.feasibility.can_finish` decides by counting whether a turn can still be
finished. The oracle here decides the same by trying every sequence of melds and additions
(with the engine's own rule checks, but with the search switched off) until a legal discard
or a legal going out is found. They must agree on every position tried: a position the
search wrongly calls finishable would be a dead end, and one it wrongly calls stuck would be
a legal turn the generator never offers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta
import canasta._engine.transitions as transitions
from canasta import AddToMeld, Discard, Game, LayMeld, Phase
from canasta._engine.feasibility import can_finish
from canasta._engine.movegen import _meld_phase_candidates
from canasta._engine.state import Deal, DealEnd

MAX_HAND = 8


@contextmanager
def search_switched_off() -> Iterator[None]:
    if canasta.COMPILED:  # compiled modules call can_finish directly, past any patch
        pytest.skip("switches off a search by patching a module, which compiled code ignores")
    original = transitions.can_finish
    transitions.can_finish = lambda deal: True
    try:
        yield
    finally:
        transitions.can_finish = original


@cache
def oracle(deal: Deal) -> bool:
    """Whether some sequence of meld steps ends in a legal discard or a legal going out."""
    for move in _meld_phase_candidates(deal):
        if isinstance(move, Discard):
            after = transitions.play(deal, move)
            if isinstance(after, Deal):
                return True
        elif isinstance(move, (LayMeld, AddToMeld)):
            after = transitions.play(deal, move)
            if not isinstance(after, Deal):
                continue
            if after.phase is Phase.OVER:
                if after.end is DealEnd.WENT_OUT:
                    return True
                continue
            if oracle(after):
                return True
    return False


def meld_phase_positions(rules: canasta.RuleSet, seed: int) -> Iterator[Deal]:
    """Meld-phase deals of a random game, and the deals one unchecked step away from them."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    while not game.results:
        deal = game.deal
        if deal.phase is Phase.MELD:
            if (
                len(deal.hand) > MAX_HAND and not deal.draft.locked
            ):  # keep the brute force small: a random part
                cards = list(deal.hand)
                kept = canasta.Cards.of(rng.sample(cards, rng.randint(1, MAX_HAND)))
                hands = list(deal.hands)
                hands[deal.seat] = kept
                deal = attrs.evolve(deal, hands=tuple(hands))
            yield deal
            with search_switched_off():
                for move in _meld_phase_candidates(deal):
                    if isinstance(move, (LayMeld, AddToMeld)):
                        after = transitions.play(deal, move)
                        if isinstance(after, Deal) and after.phase is Phase.MELD:
                            yield after
        game = game.apply(rng.choice(list(game.legal_moves())))


OPTIONS = [
    {},
    {"wild_ratio": "naturals_ge_wilds"},
    {"allow_wild_on_canasta": False},
    {"concealed_min_rule": "never", "concealed_allows_discard": False},
    {"concealed_min_rule": "always"},
    {"canastas_to_go_out": 2},
]


@settings(max_examples=10)
@given(
    players=st.sampled_from([2, 4]),
    options=st.sampled_from(OPTIONS),
    seed=st.integers(0, 2**32),
)
def test_search_agrees_with_brute_force(
    players: int, options: dict[str, object], seed: int
) -> None:
    rules = attrs.evolve(canasta.find_rules("classic", players=players), **options)
    oracle.cache_clear()
    checked = 0
    for deal in meld_phase_positions(rules, seed):
        with search_switched_off():
            expected = oracle(deal)
        assert can_finish(deal) == expected, (deal.hand, deal.melds[deal.side], deal.draft)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize(
    ("hand", "melds", "scores", "expected"),
    [
        # Opening 50 from two melds that together reach it, keeping a card to discard.
        ("KH KS KD 9C 9D 9S 4C", [], [0, 0], True),
        # Melding everything reaches 50 but leaves nothing to discard, and no canasta.
        ("KH KS KD 9C 9D 9S", [], [0, 0], True),
    ],
)
def test_examples(hand: str, melds: list[str], scores: list[int], expected: bool) -> None:
    game = Game.from_position(
        "classic", hands=[hand, "", "", ""], melds=[melds, []], pile="5C", scores=scores
    )
    game = game.apply(canasta.Draw())
    assert can_finish(game.deal) is expected
    with search_switched_off():
        assert oracle(game.deal) is expected


def test_CL_B3_3_a_second_group_of_black_threes_cannot_be_melded() -> None:
    # Three decks hold six black threes, but a side has one meld of them at most and
    # nothing joins it (CL-MELD-6, CL-B3-4), so holding six of them blocks going out.
    rules = canasta._rules.ruleset.classic_six_player(six_player_sides=3)
    game = Game.from_position(
        rules,
        hands=["3S 3S 3S 3C 3C 3C KH", "4C 4D", "", "", "", ""],
        melds=[["7C 7C 7D 7D 7H 7H 7S", "JD JD JH JH JS JS JS", "KC KS 2C"], [], []],
        pile="5H",
    ).apply(canasta.Draw())
    violation = game.explain(LayMeld("3C 3C 3C"))
    assert violation is not None
    assert violation.rule == "CL-B3-3"
    assert not any(
        isinstance(m, LayMeld) and m.cards.count_rank(canasta.Rank.THREE)
        for m in game.legal_moves()
    )


@given(st.lists(st.sampled_from(canasta.ALL_FACES), max_size=30))
def test_rank_counts_match_a_plain_count(faces: list[canasta.Card]) -> None:
    from canasta._engine.feasibility import _rank_counts

    naturals, twos, jokers, black = _rank_counts(canasta.Cards.of(faces))
    expected = {}
    for card in faces:
        if card.is_natural:
            expected[card.rank] = expected.get(card.rank, 0) + 1
    assert naturals == expected
    assert twos == sum(card.rank is canasta.Rank.TWO for card in faces)
    assert jokers == sum(card.is_joker for card in faces)
    assert black == sum(card.is_black_three for card in faces)


def test_CL_INIT_4_going_out_with_the_pile_cards_after_a_pile_taking_opening() -> None:
    # The minimum is 120 (score 3000). Taking the pile with two kings, only melding every card
    # of the hand reaches 120 (kings 30, queens 40, a mixed canasta of sixes 50); the pile's
    # 5C is then unlocked and discarded to go out. No card can be kept back, so the take is
    # legal only because going out is.
    game = Game.from_position(
        "classic",
        hands=["KH KS QH QS QD QC 6C 6C 6D 6D 6H 6S 2C", "4C 4D", "7C 7D", "8C 8D"],
        pile="KD 5C",
        scores=[3000, 0],
    )
    assert game.is_legal(canasta.TakePile("KH KS"))
    game = game.apply(canasta.TakePile("KH KS"))
    assert game.draft.locked == canasta.Cards.parse("5C")
    assert game.explain(canasta.Discard("QC")) is not None  # no discard before 120
    game = game.apply(LayMeld("QH QS QD QC")).apply(LayMeld("6C 6C 6D 6D 6H 6S 2C"))
    game = game.apply(canasta.Discard("5C"))
    result = game.results[-1]
    assert (result.end, result.went_out) == (DealEnd.WENT_OUT, 0)


@pytest.mark.parametrize(
    ("hand", "legal"),
    [
        ("KH KS QH QS QD QC 6C 6C 6D 6D 6H 6S 2C", True),
        ("KH KS QH QS QD QC 6C 6C 6D 6D 6H 6S 4C", False),  # no canasta: cannot go out
        ("KH KS QH QS QD 6C 6C 6D 6D 6H 6S 2C JK", True),
    ],
)
def test_pile_taking_openings_agree_with_brute_force(hand: str, legal: bool) -> None:
    game = Game.from_position(
        "classic", hands=[hand, "4C 4D", "7C 7D", "8C 8D"], pile="KD 5C", scores=[3000, 0]
    )
    assert game.is_legal(canasta.TakePile("KH KS")) is legal
    with search_switched_off():
        after = transitions.play(game.deal, canasta.TakePile("KH KS"))
        assert isinstance(after, Deal)
        assert oracle(after) is legal
    assert can_finish(after) is legal


# --- the quick tests before the searches ---------------------------------------------------
# Each claims a bound; a wrong claim would make the generator offer an illegal move or miss a
# legal one, so each is checked against the exact search it stands in front of.

TWO_DECKS = [face for face in canasta.ALL_FACES if not face.is_red_three for _ in range(2)]


@settings(max_examples=300)
@given(
    hand=st.lists(st.sampled_from(TWO_DECKS), min_size=1, max_size=16),
    melded=st.lists(st.sampled_from(canasta.NATURAL_RANKS), unique=True, max_size=4),
    keep=st.integers(-1, 3),
    options=st.sampled_from(OPTIONS),
)
def test_quick_point_bounds_bracket_the_exact_best(
    hand: list[canasta.Card],
    melded: list[canasta.Rank],
    keep: int,
    options: dict[str, object],
) -> None:
    from canasta._engine.feasibility import _points_bounds, best_points_keeping
    from canasta._engine.meld_rules import Meld

    rules = attrs.evolve(canasta.find_rules("classic", players=4), **options)
    cards = canasta.Cards.of(hand)
    melds = {
        rank: Meld(rank, canasta.Cards.of([canasta.Card(rank, s) for s in canasta.Suit][:3]))
        for rank in melded
    }
    least, most = _points_bounds(cards, melds, rules, keep)
    best = best_points_keeping(cards, melds, rules, keep)
    if best is None:
        assert least == -1
    else:
        assert least <= best <= most


@settings(max_examples=10)
@given(
    players=st.sampled_from([2, 4]), options=st.sampled_from(OPTIONS), seed=st.integers(0, 2**32)
)
def test_going_out_ruled_out_only_when_the_search_says_so(
    players: int, options: dict[str, object], seed: int
) -> None:
    from canasta._engine.feasibility import can_go_out, going_out_ruled_out

    rules = attrs.evolve(canasta.find_rules("classic", players=players), **options)
    ruled_out = 0
    for deal in meld_phase_positions(rules, seed):
        if going_out_ruled_out(deal):
            ruled_out += 1
            assert not can_go_out(deal, permitted=True), (deal.hand, deal.melds[deal.side])
    assert ruled_out > 0


SMALL_HAND_FACES = [
    canasta.Card.parse(text)
    for text in ["5C", "5D", "9H", "9S", "9D", "QC", "QD", "AH", "2C", "JK", "3S"]
]


@settings(max_examples=200)
@given(
    hand=st.lists(st.sampled_from(SMALL_HAND_FACES), min_size=1, max_size=6, unique=True),
    with_canasta=st.booleans(),
)
def test_going_out_ruled_out_near_the_end_of_a_deal(
    hand: list[canasta.Card], with_canasta: bool
) -> None:
    from canasta._engine.feasibility import can_go_out, going_out_ruled_out

    melds = ["KH KS KH KS KC KD KC"] if with_canasta else ["KH KS KC"]
    game = Game.from_position(
        "classic",
        players=2,
        hands=[" ".join(map(str, hand)), "4C 4D"],
        melds=[[*melds, "AC AD AS"], []],
        pile="6H",
    ).apply(canasta.Draw())
    deal = game.deal
    if going_out_ruled_out(deal):
        assert not can_go_out(deal, permitted=True), (deal.hand, deal.melds[deal.side])


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_an_opening_out_of_reach_refuses_every_meld_step(
    players: int, options: dict[str, object]
) -> None:
    from canasta._engine.feasibility import opening_out_of_reach

    rules = attrs.evolve(canasta.find_rules("classic", players=players), **options)
    out_of_reach = 0
    # A few seeds, not random ones: some deals hold no opening out of reach, and the test
    # must see some to mean anything.
    for seed in range(3):
        # Listed first: the positions are made with the search switched off, which would
        # switch it off for the checks below too.
        for deal in list(meld_phase_positions(rules, seed)):
            if opening_out_of_reach(deal):
                out_of_reach += 1
                for move in _meld_phase_candidates(deal):
                    if isinstance(move, (LayMeld, AddToMeld)):
                        assert transitions.check(deal, move) is not None, move
    assert out_of_reach > 0


@pytest.mark.parametrize(
    ("hand", "drawn", "ruled_out"),
    [
        # Meld the pair with the two, discard the queen: the wild cards just suffice.
        ("5C 5D 2C", "QH", False),
        # Two pairs and one wild card: one pair cannot become a meld.
        ("5C 5D 9H 9S 2C", "QH", True),
        # Two single cards: only one can be the discard.
        ("5C 9H 9S 9D", "QH", True),
        # One single card, the discard.
        ("9H 9S 9D JK", "QH", False),
    ],
)
def test_going_out_ruled_out_examples(hand: str, drawn: str, ruled_out: bool) -> None:
    from canasta._engine.feasibility import can_go_out, going_out_ruled_out

    game = Game.from_position(
        "classic",
        hands=[hand, "4C 4D", "4H 4S", "6C 6D"],
        melds=[["KH KS KH KS KC KD KC"], []],
        pile="6H",
        draws=drawn,
    ).apply(canasta.Draw())
    assert going_out_ruled_out(game.deal) is ruled_out
    assert can_go_out(game.deal, permitted=True) is not ruled_out


def test_a_meld_inside_a_legal_one_is_not_inferred_legal_where_no_wild_joins_a_canasta() -> None:
    # Seven fives are a canasta worth 35; with the joker they reach the minimum of 50.
    # Where no wild card joins a canasta, the joker cannot follow the seven fives, so
    # laying the fives alone leaves the minimum out of reach: refused, though the
    # larger meld is legal.
    rules = attrs.evolve(canasta.find_rules("classic", players=4), allow_wild_on_canasta=False)
    game = Game.from_position(
        rules,
        hands=["5C 5C 5D 5D 5H 5H 5S JK 9D KH 4C", "4D 4H", "6C 6D", "6H 6S"],
        pile="8H",
        draws="QS",
    ).apply(canasta.Draw())
    fives = LayMeld("5C 5C 5D 5D 5H 5H 5S")
    assert game.explain(fives) is not None
    assert game.explain(LayMeld("5C 5C 5D 5D 5H 5H 5S JK")) is None
    offered = {str(move) for move in game.legal_moves()}
    assert str(fives) not in offered
    assert "meld 5C 5C 5D 5D 5H 5H 5S JK" in offered


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(
    "options", [*OPTIONS, {"wild_ratio": "naturals_gt_wilds"}, {"max_wilds_per_meld": 2}], ids=repr
)
def test_memoised_rank_steps_match_steps_made_for_the_exact_meld(
    players: int, options: dict[str, object]
) -> None:
    """The memo of a rank's steps keys some melds by less than they hold (no room for wild
    cards, or a limit on them that ignores the naturals): the steps must be those made for
    the meld itself."""
    from canasta._engine.feasibility import _rank_group, rank_step_groups

    rules = attrs.evolve(canasta.find_rules("classic", players=players), **options)
    closed_size = rules.canasta_size if not rules.allow_wild_on_canasta else 1 << 30
    compared = 0
    for seed in range(2):
        for deal in list(meld_phase_positions(rules, seed)):
            melds = {meld.rank: meld for meld in deal.melds[deal.side]}
            groups = rank_step_groups(deal.usable, melds, rules)
            by_rank = {group[0][0][0]: group for group in groups}
            for position, rank in enumerate(canasta.NATURAL_RANKS):
                meld = melds.get(rank)
                if meld is None:
                    continue
                exact = (meld.naturals, meld.wilds, meld.size >= closed_size)
                made = _rank_group(deal.usable.counts, position, exact, rules)
                found = by_rank.get(rank, ((), (), 0, 0))
                assert [(str(m), z, p) for _, m, z, p in found[0]] == [
                    (str(m), z, p) for _, m, z, p in made[0]
                ], (deal.usable, meld)
                assert found[2:] == made[2:] or not made[0]
                compared += 1
    assert compared > 0
