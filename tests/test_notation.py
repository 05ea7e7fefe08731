"""The position notation: exact round trips of games and views, the documented form, and
refusals that name the section at fault."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from play_helpers import every_rule_set, random_walk, seeds
from profiles import examples
from scenario_helpers import hollywood_table

import canasta
from canasta import Game, PlayerView, PositionError, RuleSet


def positions(rules: RuleSet, seed: int, every: int) -> list[Game]:
    games = list(random_walk(Game.new(rules, seed=seed), random.Random(seed)))
    return [*games[::every], games[-1]]


@settings(max_examples=examples(30))
@given(rules=every_rule_set, seed=seeds)
def test_games_and_views_round_trip_through_their_text(rules: RuleSet, seed: int) -> None:
    for game in positions(rules, seed, every=17):
        text = game.to_text()
        assert Game.from_text(text) == game
        assert Game.from_text(text).to_text() == text
        view = game.view(seed % rules.num_players)
        assert PlayerView.from_text(view.to_text()) == view


@settings(max_examples=examples(8))
@given(rules=every_rule_set, seed=seeds)
def test_the_text_carries_the_results_of_finished_deals(rules: RuleSet, seed: int) -> None:
    last = positions(rules, seed, every=10**6)[-1]
    assert last.results
    for game in (last, last.apply(next(iter(last.legal_moves())))):
        lines = game.to_text().split("\n")
        assert lines[-1].startswith("results ")
        assert Game.from_text(game.to_text()) == game
        assert PlayerView.from_text(game.view(1).to_text()) == game.view(1)


def test_a_position_is_one_line_and_its_moves_the_next() -> None:
    game = Game.new("classic", seed=7)
    assert "\n" not in game.to_text()
    after = game.apply(canasta.Draw())
    position, moves = after.to_text().split("\n")
    assert moves == "moves P0 draw (2) [3D]"
    assert position.startswith("classic 4p | seed 7 | deal 0 | scores 0 0 | P0 meld | hands ")


def test_the_documented_form() -> None:
    text = (
        "classic 4p | seed 0 | deal 0 | scores 0 0 | P0 draw"
        " | hands KH KS 5C 5D 9S / 4C 4D 4H / 6C 6D 6H / 7C 7D 7H"
        " | melds #0 QH QS QD / - | red_threes - / 3H | pile KD 8C"
    )
    loaded = Game.from_text(text)
    assert loaded == Game.from_position(
        "classic",
        hands=["KH KS 5C 5D 9S", "4C 4D 4H", "6C 6D 6H", "7C 7D 7H"],
        melds=[["QH QS QD"], []],
        red_threes=["", "3H"],
        pile="KD 8C",
    )
    assert [str(move) for move in loaded.legal_moves()] == ["draw", "take KH KS"]


def test_a_turn_in_progress_and_known_cards() -> None:
    text = (
        "classic 4p | P0 meld took_pile new_melds=0 locked=8C | hands 5C 5D 9S AC AD AH [8C]"
        " / 4C 4D 4H"
        " / 6C 6D 6H / 7C 7D 7H | melds #0 KD KH KS / - | melded P0"
    )
    game = Game.from_text(text)
    assert game.deal.known[0] == canasta.Cards.parse("8C")
    assert game.draft.took_pile
    assert game.draft.locked == canasta.Cards.parse("8C")
    assert game.draft.points == 30
    assert Game.from_text(game.to_text()) == game
    view = game.view(1)
    assert " | hands 7 [8C] / 4C 4D 4H / 3 / 3 | " in view.to_text()
    assert PlayerView.from_text(view.to_text()) == view


def test_hollywood_melds_show_their_numbers_and_wild_ranks() -> None:
    game = hollywood_table()
    text = game.to_text()
    assert (
        "melds #0 7D 8D 9D JK wild=10, #1 QD QH QS, #2 2C 2D JK, #3 QC QD QS 2H"
        " / #0 4H 5H 6H 2S wild=7" in text
    )
    assert Game.from_text(text) == game


def test_options_and_seeds_are_written_so_they_read_back() -> None:
    rules = canasta.find_rules("classic", 3).with_options(
        name="house | rules", one_card_pile_rule=False, initial_meld_table=((None, 50),)
    )
    for seed in (0, 2**60, "text seed", "12", '"quoted"'):
        game = Game.new(rules, seed=seed)
        text = game.to_text()
        assert Game.from_text(text) == game, text
    assert Game.new(rules, seed=1).to_text().startswith('classic 3p name="house | rules" ')


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the text is empty"),
        ("chess 4p | hands -/-/-/-", "rules: unknown rule set 'chess'"),
        ("classic | hands -", "rules: expected a rule set and its players"),
        ("classic 4p fly=1 | hands - / - / - / -", "rules: rules.options.fly: not a rule-set"),
        ("classic 4p", "hands: the section is missing"),
        ("classic 4p | hands KH", "hands: expected 4 groups separated by '/', got 1"),
        ("classic 4p | hands KX / - / - / -", "hands: card 1 of 'KX'"),
        ("classic 4p | hands KH KH KH / - / - / -", "hands[0]: a card too many"),
        ("classic 4p | hands - / - / - / - | P5 draw", "turn: player 5 does not play"),
        ("classic 4p | hands - / - / - / - | P0 dance", "turn: expected a phase"),
        ("classic 4p | hands - / - / - / - | P0 meld fly", "turn: unknown fact 'fly'"),
        ("classic 4p | hands 5C / - / - / - | P0 meld locked=8C", "turn locked: the locked"),
        ("classic 4p | hands - / - / - / - | melds #1 QH QS QD / -", "melds[0][0]: meld #1"),
        ("classic 4p | hands - / - / - / - | melds QH 2C JK / -", "CL-MELD-2"),
        ("classic 4p | hands - / - / - / - | stock 4C", "stock: the cards add up to 1"),
        ("classic 4p | hands - / - / - / - | fly 1", "fly: not a section of a position"),
        ("classic 4p | hands - / - / - / - | deal 1 | deal 2", "deal: the section is given twice"),
        ("classic 4p | hands - / - / - / - | scores 3 0", "scores[0]: scores are multiples of 5"),
        ("classic 4p | hands - / - / - / - | turns x", "turns: expected whole numbers"),
        ("classic 4p | hands - / - / - / -\nmoves P0 fly", "moves[0]: 'fly' is not a move"),
        ("classic 4p | view P0 | hands - / - / - / -", "this is a view's text"),
    ],
)
def test_bad_texts_name_the_section(text: str, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        Game.from_text(text)
    assert message in str(caught.value)


def test_bad_view_texts() -> None:
    with pytest.raises(PositionError, match="a view's text begins"):
        PlayerView.from_text("classic 4p | hands - / - / - / -")
    with pytest.raises(PositionError, match="written as its size"):
        PlayerView.from_text("classic 4p | view P0 | hands - / KH / 0 / 0 | stock 107")
    with pytest.raises(PositionError, match="add up to 107 cards"):
        PlayerView.from_text("classic 4p | view P0 | hands - / 0 / 0 / 0 | stock 107")
