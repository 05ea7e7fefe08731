"""Helpers shared by the property tests: rule sets to try, random walks, move variants."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Iterator

import attrs
import pytest
from hypothesis import strategies as st
from internals import Deal, classic_six_player

import canasta
from canasta import (
    AddToMeld,
    Answer,
    Ask,
    Cards,
    Discard,
    Draw,
    Game,
    LayMeld,
    Move,
    Pass,
    Phase,
    Rank,
    RuleSet,
    TakePile,
)

#: Options that change what is legal, each with its non-default value.
OPTION_CHANGES: list[dict[str, object]] = [
    {},
    {"one_card_pile_rule": False},
    {"wild_ratio": "two_naturals_per_wild"},
    {"wild_ratio": "naturals_gt_wilds"},
    {"ask_permission": "mandatory"},
    {"ask_permission": "disabled"},
    {
        "red_three_timing": "first_turn",
        "upcard_cover_black_three": True,
        "black_three_freezes_pile": True,
    },
    {"exhausted_take": "top_card_only", "forced_take_when_exhausted": False},
    {"concealed_min_rule": "never", "concealed_allows_discard": False},
    {"concealed_min_rule": "always"},
    {"allow_wild_on_canasta": False, "allow_take_before_opening": False},
    {"last_red_three_may_meld": True, "pile_frozen_at_start": "always"},
    {"red_threes_need_canasta": True, "canastas_to_go_out": 2},
]


def make_rules(players: int, changes: dict[str, object]) -> RuleSet:
    rules = canasta.find_rules("classic", players=players)
    return attrs.evolve(rules, **changes) if changes else rules


rule_sets = st.builds(
    make_rules,
    players=st.sampled_from([2, 3, 4, 5, 6]),
    changes=st.sampled_from(OPTION_CHANGES),
) | st.just(classic_six_player(six_player_sides=3))
seeds = st.integers(min_value=0, max_value=2**32)


def all_cards(game: Game) -> Cards:
    deal = game.deal
    total = Cards.of(deal.pile) + Cards.of(deal.stock)
    for hand in deal.hands:
        total = total + hand
    total = total + game.table.melded_cards  # pooled melds (cutthroat) counted once
    for red in deal.red_threes:
        total = total + red
    return total


def random_walk(game: Game, rng: random.Random, max_moves: int = 3000) -> Iterator[Game]:
    """Play uniformly random legal moves until the first deal ends, yielding each game, the
    game at the end of the deal last."""
    first_deal = game.deal_number
    for _ in range(max_moves):
        yield game
        if game.is_over or game.deal_number != first_deal or game.phase is Phase.OVER:
            return
        moves = list(game.legal_moves())
        assert moves, f"dead end: {game!r} phase={game.phase} draft={game.draft}"
        game = game.apply(rng.choice(moves))
    raise AssertionError(f"the deal did not end within {max_moves} moves")


def meld_phases(rules: RuleSet, seed: int, rng: random.Random | None = None) -> Iterator[Deal]:
    """The deals of the first deal of the game ``rules`` and ``seed`` deal, in the meld phase
    with cards in hand, playing uniformly random legal moves drawn by ``rng`` (by default
    ``random.Random(seed)``); the walk stops at a dead end, which other tests report."""
    rng = random.Random(seed) if rng is None else rng
    game = Game.new(rules, seed=seed)
    number = game.deal_number
    while not game.is_over and game.deal_number == number:
        if game.deal.phase is Phase.MELD and game.deal.hand:
            yield game.deal
        moves = list(game.legal_moves())
        if not moves:
            return
        game = game.apply(rng.choice(moves))


def variants(game: Game) -> Iterator[Move]:
    """Moves the generator might not make: every count choice, with the *last* suits held."""
    hand = game.deal.usable
    yield from (Draw(), Pass(), Ask(), Answer(True), Answer(False))
    for face in game.hand(game.turn_player).faces():
        yield Discard(face)
    faces = list(hand)[::-1]

    def pick(rank: Rank, count: int) -> list[canasta.Card]:
        chosen = [card for card in faces if card.rank is rank][:count]
        return chosen if len(chosen) == count else []

    top = game.table.pile_top
    if top is not None:
        yield TakePile()
        for naturals, twos, jokers in ((2, 0, 0), (1, 1, 0), (1, 0, 1), (0, 2, 0), (3, 0, 0)):
            cards = pick(top.rank, naturals) + pick(Rank.TWO, twos) + pick(Rank.JOKER, jokers)
            if len(cards) == naturals + twos + jokers:
                yield TakePile(Cards.of(cards))
    for rank in [*canasta.NATURAL_RANKS, Rank.THREE]:
        have = sum(1 for card in faces if card.rank is rank)
        for naturals in range(have + 1):
            for twos in range(3):
                for jokers in range(3):
                    cards = pick(rank, naturals) + pick(Rank.TWO, twos) + pick(Rank.JOKER, jokers)
                    if len(cards) != naturals + twos + jokers or not cards:
                        continue
                    yield LayMeld(Cards.of(cards))
                    yield AddToMeld(rank, Cards.of(cards))


def move_key(move: Move) -> tuple[object, ...]:
    """What a move means under Classic rules: suits of equal-ranked cards do not matter."""
    if isinstance(move, Discard):
        return ("discard", move.card)
    cards = getattr(move, "cards", None)
    if cards is None:
        return (type(move).__name__, getattr(move, "yes", None))
    ranks = tuple(sorted((card.rank.order, card.is_black_three) for card in cards))
    return (type(move).__name__, getattr(move, "rank", None), ranks)


def asking_position() -> Game:
    """Classic, four players: player 0 has drawn and asks "may I go out?"; player 2, who
    answers, cannot see player 0's hand."""
    game = Game.from_position(
        "classic",
        hands=["9H 9S 9D", "QC 5D", "5C 6D", "AH 4S"],
        melds=[["KC KC KD KD KH KH KS"], ["QH QS QD"]],
        pile="8C",
    )
    return game.apply(Draw()).apply(Ask())


# --- the properties every rule set must have (tests/test_properties*.py) ---------------------


def check_random_deal(rules: RuleSet, seed: int) -> None:
    """Cards are conserved at every step, nobody sitting out moves, a legal move exists until
    the deal ends (no dead ends), and the deal ends."""
    pack = canasta.pack_cards(rules.decks)
    deals_seen = 0
    for game in random_walk(Game.new(rules, seed=seed), random.Random(seed)):
        if game.deal_number == 0 and not game.is_over:
            assert all_cards(game) == pack
            assert game.to_move is None or game.to_move in game.seat_players
        deals_seen = len(game.results)
    assert deals_seen >= 1


def check_generated_moves(rules: RuleSet, seed: int, every: int = 1) -> None:
    """Every generated move of every ``every``-th position is accepted, and ``apply`` changes
    nothing it is given. A game that has listed its legal moves plays them without the
    searches (``play(trusted=True)``): the result must be the game a fresh copy, which
    checks the move in full, makes."""
    for index, game in enumerate(random_walk(Game.new(rules, seed=seed), random.Random(seed))):
        if game.is_over:
            break
        if index % every:
            continue
        before = copy.deepcopy(game)
        # The same game without its list of moves (Game.from_json would list them again in
        # its position check): its apply checks each move in full.
        checked = attrs.evolve(game)
        for move in game.legal_moves():
            assert game.explain(move) is None, move
            assert game.apply(move) == checked.apply(move), move
        assert game == before


def check_validator_agrees(
    rules: RuleSet,
    seed: int,
    every: int,
    variants: Callable[[Game], Iterable[Move]],
    key: Callable[[Move, Game], object],
    prefix: str,
) -> None:
    """The validator accepts exactly the moves the generator offers, judged on ``variants``
    (moves the generator might not make) compared by ``key``; each refusal cites a rule whose
    ID starts with ``prefix``, and ``apply`` raises with the same rule. With sequences the
    suits of a rank meld's naturals matter to the hand kept (its cards may be needed for a
    sequence), while ``key`` and the generator give one choice of suits per count: a refused
    move whose like is offered is then allowed (the offered one is accepted, as
    ``check_generated_moves`` checks)."""
    rng = random.Random(seed)
    for index, game in enumerate(random_walk(Game.new(rules, seed=seed), rng)):
        if game.is_over or game.deal_number > 0 or index % every:
            continue
        offered = {key(move, game) for move in game.legal_moves()}
        for move in variants(game):
            violation = game.explain(move)
            if violation is None or not rules.sequences_allowed:
                assert (violation is None) == (key(move, game) in offered), (move, violation)
            if violation is not None:
                assert violation.rule.startswith((prefix, "MV-")), violation
                with pytest.raises(canasta.IllegalMoveError) as raised:
                    game.apply(move)
                assert raised.value.rule == violation.rule


def check_same_seed_same_game(rules: RuleSet, seed: int) -> None:
    """The same seed and the same choices give the same games."""
    first = list(random_walk(Game.new(rules, seed=seed), random.Random(seed)))
    second = list(random_walk(Game.new(rules, seed=seed), random.Random(seed)))
    assert first == second


def check_scores(rules: RuleSet, seed: int) -> None:
    """A deal's scores are multiples of five and the sums of their breakdowns."""
    *_, game = random_walk(Game.new(rules, seed=seed), random.Random(seed))
    result = game.results[0]
    for score in result.scores:
        parts = (
            score.meld_points,
            score.canasta_bonus,
            score.red_threes,
            score.going_out,
            score.hand_penalty,
        )
        assert all(part % 5 == 0 for part in parts)
        assert score.total == sum(parts)
        assert score.hand_penalty <= 0 <= score.meld_points
    assert game.scores == tuple(result.totals) or game.is_over


def check_any_move(
    rules: RuleSet, seed: int, data: st.DataObject, moves: st.SearchStrategy[Move], prefix: str
) -> None:
    """Any move, well-formed or not, by any player, is applied or refused with a rule whose
    ID starts with ``prefix``, and never changes the game."""
    for index, game in enumerate(random_walk(Game.new(rules, seed=seed), random.Random(seed))):
        if index % 5 or game.is_over:
            continue
        move = data.draw(moves)
        player = data.draw(st.sampled_from([None, game.to_move, 0, 1]))
        before = copy.deepcopy(game)
        violation = game.explain(move, player=player)
        if violation is None:
            game.apply(move, player=player)
        else:
            with pytest.raises(canasta.IllegalMoveError) as raised:
                game.apply(move, player=player)
            assert raised.value.rule == violation.rule
            assert violation.rule.startswith((prefix, "MV-")), violation
        assert game == before


def _preset(name: str, players: int, options: dict[str, object]) -> RuleSet:
    rules = canasta.find_rules(name, players=players)
    return attrs.evolve(rules, **options) if options else rules


#: Every rule set: Classic with the options above, and each preset of the three-deck games
#: for 2 to 6 players, plain or with a few of their options.
every_rule_set = rule_sets | st.builds(
    _preset,
    name=st.sampled_from([name for name in canasta.rule_set_names() if name != "classic"]),
    players=st.sampled_from([2, 3, 4, 5, 6]),
    options=st.sampled_from(
        [{}, {"red_three_timing": "first_turn"}, {"ask_permission": "mandatory"}]
    ),
)
