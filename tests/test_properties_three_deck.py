"""The properties of random play for the three-deck games, at every player count.

The same guarantees as for Classic (tests/test_properties.py): 162 cards conserved, no dead
ends, every deal ends, every generated move accepted, ``apply`` never mutates, the validator
accepts exactly the generated moves (checked on moves the generator did not make: other
suits, other counts, other melds, every wild position, every merge), determinism per seed,
and every rejection cites a rule of the game being played.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from internals import added, hollywood, new_meld
from play_helpers import (
    all_cards,
    check_any_move,
    check_generated_moves,
    check_random_deal,
    check_same_seed_same_game,
    check_scores,
    check_validator_agrees,
    random_walk,
    seeds,
)
from profiles import examples
from test_json import assert_round_trip, assert_view_round_trip
from test_views import positions, swap_hidden_card

import canasta
from canasta import (
    NATURAL_RANKS,
    AddToMeld,
    Card,
    Cards,
    Discard,
    Draw,
    Game,
    LayMeld,
    MeldKind,
    MergeMelds,
    Move,
    Pass,
    Phase,
    Rank,
    RuleSet,
    Suit,
    TakePile,
)
from canasta.errors import Violation

OPTIONS: list[dict[str, object]] = [
    {},
    {"wild_stop_policy": "any_wild_canasta", "open_with_wild_pair": True},
    {"wild_top_layoff_to_wild_meld": True, "concealed_allows_discard": False},
    {"wild_stop_policy": "own_canasta_accepting_wild", "one_card_pile_rule": False},
    {
        "draw_from_short_stock": False,
        "hand_cards_deducted": False,
        "merge_wild_melds": False,
        "wild_pair_takes_frozen_pile": False,
    },
]


SAMBA_OPTIONS: list[dict[str, object]] = [
    {},
    {"red_threes_need_canasta": False, "allow_wild_on_canasta": True},
    {"upcard_cover_black_three": True, "layoff_onto_sequences_only": True},
    {"wild_ratio": "two_naturals_per_wild", "last_red_three_may_meld": True},
]


def _hollywood(players: int, options: dict[str, object]) -> RuleSet:
    return hollywood(players, **options)


def _samba_family(name: str, players: int, options: dict[str, object]) -> RuleSet:
    return attrs.evolve(canasta.find_rules(name, players=players), **options)


three_deck_rule_sets = (
    st.builds(
        _hollywood, players=st.sampled_from([2, 3, 4, 5, 6]), options=st.sampled_from(OPTIONS)
    )
    | st.just(hollywood(6, six_player_sides=3))
    | st.builds(
        _samba_family,
        name=st.sampled_from(["samba", "bolivia"]),
        players=st.sampled_from([2, 3, 4, 5, 6]),
        options=st.sampled_from(SAMBA_OPTIONS),
    )
    | st.sampled_from(
        [
            canasta.find_rules("samba", players=6).with_options(six_player_sides=2),
            canasta.find_rules("bolivia", players=5).with_options(five_player_sides=2),
        ]
    )
)

PREFIX = {"hollywood": "HW-", "samba": "SA-", "bolivia": "BO-"}

any_cards = st.lists(st.sampled_from(canasta.ALL_FACES), max_size=5).map(Cards.of)
some_cards = st.lists(st.sampled_from(canasta.ALL_FACES), min_size=1, max_size=5).map(Cards.of)
indices = st.integers(min_value=0, max_value=12)
ranks = st.sampled_from(NATURAL_RANKS)


def _suits_that_never_matter(cards: Cards, naturals_too: bool = False) -> tuple[int, ...]:
    """The cards with every two counted as one face, and every black three as another: their
    suits never matter; with ``naturals_too``, the naturals (of one rank) as one face too."""
    counts = list(cards.counts)
    if naturals_too:
        for first in range(0, 44, 4):
            counts[first : first + 4] = [sum(counts[first : first + 4]), 0, 0, 0]
    twos = sum(counts[44:48])
    counts[44:48] = [twos, 0, 0, 0]
    counts[48], counts[51] = counts[48] + counts[51], 0
    return tuple(counts)


def move_key(move: Move, game: Game) -> tuple[object, ...]:
    """What a move means in the three-deck games: everything but the suits of twos and
    black threes; a wild card's rank as the engine reads it (:func:`_read_wild_rank`)."""
    if isinstance(move, MergeMelds):
        return ("merge", *sorted((move.first, move.second)))
    cards = getattr(move, "cards", None)
    if cards is None:
        return (type(move).__name__, str(move))
    wild_as = getattr(move, "wild_as", None)
    if any(card.is_wild for card in cards):
        wild_as = _read_wild_rank(move, game, wild_as)
    return (
        type(move).__name__,
        getattr(move, "meld", None),
        getattr(move, "rank", None),
        wild_as,
        _suits_that_never_matter(cards, _one_rank_chosen_by_count(move, game)),
    )


def _one_rank_chosen_by_count(move: Move, game: Game) -> bool:
    """Whether the move's naturals are of one rank and go to a meld of that rank (or take
    the pile with a pair): the generator offers one choice of their suits per count."""
    naturals = [card for card in move.cards if not card.is_wild]  # type: ignore[union-attr]
    if not naturals or len({card.rank for card in naturals}) != 1:
        return False
    if isinstance(move, AddToMeld) and move.meld is not None:
        melds = game.deal.melds[game.deal.side]
        return move.meld < len(melds) and melds[move.meld].kind is MeldKind.RANK
    return isinstance(move, (LayMeld, TakePile))


def _read_wild_rank(move: Move, game: Game, named: Rank | None) -> Rank | None:
    """The rank the move's wild card stands for as the engine reads it: that of the meld the
    move makes, where it makes one, else the rank the move names (``named``). So a move that
    leaves the rank out reads as the meld it makes, and one that names the rank a meld of one
    rank gives its wild cards anyway (``meld 10C JK wild=10``, which min_meld_size=2 lets a
    player lay where sequences are played) reads as the same move without it."""
    deal = game.deal
    if isinstance(move, LayMeld):
        made = new_meld(move.cards, deal.rules, named)
    elif isinstance(move, AddToMeld) and move.meld is not None:
        melds = deal.melds[deal.side]
        if move.meld >= len(melds) or melds[move.meld].wild_as is not None:
            return named
        made = added(melds[move.meld], move.cards, deal.rules, named)
    else:
        return named
    return named if isinstance(made, Violation) else made.wild_as


def _sub_multisets(faces: list[Card], most: int) -> Iterator[list[Card]]:
    """Every sub-multiset of ``faces`` (sorted, with repeats) of 1 to ``most`` cards."""
    distinct = sorted(set(faces), key=lambda card: card.index)
    counts = [faces.count(face) for face in distinct]

    def grow(position: int, chosen: list[Card]) -> Iterator[list[Card]]:
        if position == len(distinct):
            if chosen:
                yield chosen
            return
        for take in range(counts[position] + 1):
            if len(chosen) + take > most:
                break
            yield from grow(position + 1, chosen + [distinct[position]] * take)

    yield from grow(0, [])


def variants(game: Game) -> Iterator[Move]:
    """Moves the generator might not make, of every kind the three-deck games have."""
    deal = game.deal
    hand = deal.usable
    faces = list(hand)
    yield from (Draw(), Pass())
    for face in deal.hand.faces():
        yield Discard(face)
    wilds = [card for card in faces if card.is_wild]
    wild_choices = [[], *_sub_multisets(wilds, 3)]
    melds = deal.melds[deal.side]
    for index in range(len(melds)):
        yield TakePile(meld=index)
    for pair in _sub_multisets(faces, 2):
        if len(pair) == 2:
            yield TakePile(Cards.of(pair))
    for rank in [*NATURAL_RANKS, Rank.THREE]:
        naturals = [card for card in faces if card.rank is rank]
        for chosen in _sub_multisets(naturals, 5):
            for extra in wild_choices:
                yield LayMeld(Cards.of(chosen + extra))
                for index, meld in enumerate(melds):
                    if meld.rank is rank and meld.kind is not MeldKind.SEQUENCE:
                        yield AddToMeld(None, Cards.of(chosen + extra), meld=index)
    for extra in wild_choices:
        if extra:
            yield LayMeld(Cards.of(extra))
            for index in range(len(melds)):
                yield AddToMeld(None, Cards.of(extra), meld=index)
    for suit in Suit:
        present = [
            position for position, rank in enumerate(NATURAL_RANKS) if Card(rank, suit) in hand
        ]
        for low in present:
            for high in range(low + 1, len(NATURAL_RANKS)):
                span = range(low, high + 1)
                run = [Card(NATURAL_RANKS[p], suit) for p in span if p in present]
                for wild in [None, *wilds[:1]]:
                    if wild is None:
                        yield LayMeld(Cards.of(run))
                        continue
                    for wild_at in [*span, low - 1, high + 1]:
                        if 0 <= wild_at < len(NATURAL_RANKS):
                            yield LayMeld(Cards.of([*run, wild]), wild_as=NATURAL_RANKS[wild_at])
        for index, meld in enumerate(melds):
            if meld.suit is not suit:
                continue
            low = NATURAL_RANKS.index(meld.low)
            high = NATURAL_RANKS.index(meld.high)
            for new_low in range(max(0, low - 2), low + 1):
                for new_high in range(high, min(len(NATURAL_RANKS) - 1, high + 2) + 1):
                    positions = [*range(new_low, low), *range(high + 1, new_high + 1)]
                    run = [Card(NATURAL_RANKS[p], suit) for p in positions if p in present]
                    for wild in [None, *wilds[:1]]:
                        if wild is None:
                            if run:
                                yield AddToMeld(None, Cards.of(run), meld=index)
                            continue
                        for wild_at in positions or [low - 1, high + 1]:
                            if 0 <= wild_at < len(NATURAL_RANKS):
                                yield AddToMeld(
                                    None,
                                    Cards.of([*run, wild]),
                                    meld=index,
                                    wild_as=NATURAL_RANKS[wild_at],
                                )
    for first in range(len(melds)):
        for second in range(len(melds)):
            yield MergeMelds(first, second)


@settings(max_examples=examples(24))
@given(rules=three_deck_rule_sets, seed=seeds)
def test_random_deal_conserves_162_cards_and_never_dead_ends(rules: RuleSet, seed: int) -> None:
    assert rules.pack_size == 162
    check_random_deal(rules, seed)


@settings(max_examples=examples(10))
@given(rules=three_deck_rule_sets, seed=seeds)
def test_every_generated_move_is_accepted_and_apply_never_mutates(
    rules: RuleSet, seed: int
) -> None:
    check_generated_moves(rules, seed, every=2)


@settings(max_examples=examples(8), deadline=None)
@given(rules=three_deck_rule_sets, seed=seeds)
def test_validator_accepts_exactly_what_the_generator_offers(rules: RuleSet, seed: int) -> None:
    check_validator_agrees(rules, seed, 7, variants, move_key, PREFIX[rules.name])


@settings(max_examples=examples(4))
@given(rules=three_deck_rule_sets, seed=seeds)
def test_same_seed_and_moves_give_the_same_game(rules: RuleSet, seed: int) -> None:
    check_same_seed_same_game(rules, seed)


@settings(max_examples=examples(16))
@given(rules=three_deck_rule_sets, seed=seeds)
def test_scores_sum_their_breakdown(rules: RuleSet, seed: int) -> None:
    check_scores(rules, seed)


# --- views, JSON and any move, as for Classic (tests/test_views.py, tests/test_json.py) -------


@settings(max_examples=examples(8), deadline=None)
@given(rules=three_deck_rule_sets, seed=seeds)
def test_views_leak_nothing_and_have_the_games_rules(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    for game in positions(rules, seed, every=9):
        for viewer in range(rules.num_players):
            other = swap_hidden_card(game, viewer, rng)
            if other is not None:
                assert other != game
                assert other.view(viewer) == game.view(viewer)
        if game.is_over or game.to_move is None:
            continue
        view = game.view(game.to_move)
        assert [str(m) for m in view.legal_moves()] == [str(m) for m in game.legal_moves()]
        for move in itertools.islice(variants(game), 300):
            assert view.explain(move) == game.explain(move), move


@settings(max_examples=examples(6), deadline=None)
@given(rules=three_deck_rule_sets, seed=seeds)
def test_a_sample_is_consistent_with_the_view_and_complete(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    pack = canasta.pack_cards(rules.decks)
    for game in positions(rules, seed, every=13):
        for viewer in range(rules.num_players):
            view = game.view(viewer)
            world = view.sample(rng)
            assert world.view(viewer) == view
            if not world.is_over and world.phase is not Phase.OVER:
                assert all_cards(world) == pack


@settings(max_examples=examples(8), deadline=None)
@given(rules=three_deck_rule_sets, seed=seeds)
def test_games_and_views_round_trip_through_json(rules: RuleSet, seed: int) -> None:
    for game in positions(rules, seed, every=6):
        assert_round_trip(game)
        for player in range(rules.num_players):
            assert_view_round_trip(game.view(player))


three_deck_moves = st.one_of(
    st.sampled_from([Draw(), Pass()]),
    st.builds(lambda cards, meld: TakePile(cards, meld=meld), any_cards, st.none() | indices),
    st.builds(lambda cards, rank: LayMeld(cards, wild_as=rank), some_cards, st.none() | ranks),
    st.builds(
        lambda cards, meld, rank: AddToMeld(None, cards, meld=meld, wild_as=rank),
        some_cards,
        indices,
        st.none() | ranks,
    ),
    st.builds(AddToMeld, st.sampled_from(list(Rank)), some_cards),
    st.builds(MergeMelds, indices, indices),
    st.sampled_from(canasta.ALL_FACES).map(Discard),
)


@settings(max_examples=examples(10), deadline=None)
@given(rules=three_deck_rule_sets, seed=seeds, data=st.data())
def test_any_move_is_applied_or_refused_with_a_rule_of_the_game(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    check_any_move(rules, seed, data, three_deck_moves, PREFIX[rules.name])


EVERY_TABLE = [
    canasta.find_rules(name, players=players)
    for name in ("hollywood", "samba", "bolivia")
    for players in (2, 3, 4, 5, 6)
] + [
    hollywood(6, six_player_sides=3),
    canasta.find_rules("samba", players=6).with_options(six_player_sides=2),
    canasta.find_rules("bolivia", players=5).with_options(five_player_sides=2),
]


def _table(rules: RuleSet) -> object:
    """``rules`` as a parameter, named for its table; Bolivia for three pinned to the planner:
    its walk reaches a 65-card hand (decision 136) whose moves the reference solver, which
    plays every step out, did not list in 20 minutes."""
    name = f"{rules.name}-{rules.num_players}p-{rules.num_sides}sides"
    if name != "bolivia-3p-3sides":
        return pytest.param(rules, id=name)
    reason = "a 65-card hand: the reference does not list its moves in 20 minutes"
    return pytest.param(rules, id=name, marks=pytest.mark.planner_only(reason=reason))


@pytest.mark.parametrize("rules", [_table(rules) for rules in EVERY_TABLE])
def test_every_player_count_and_seating_plays_a_deal(rules: RuleSet) -> None:
    """Each rule set at each player count and seating, whatever hypothesis draws: cards
    conserved, no dead end, the deal ends, every generated move accepted."""
    pack = canasta.pack_cards(rules.decks)
    seed = rules.num_players * 7 + rules.num_sides
    games = list(random_walk(Game.new(rules, seed=seed), random.Random(seed)))
    assert games[-1].results, "the deal did not end"
    for index, game in enumerate(games[:-1]):
        assert all_cards(game) == pack
        assert game.to_move in game.seat_players
        if index % 10 == 0:
            for move in game.legal_moves():
                assert game.explain(move) is None, move
